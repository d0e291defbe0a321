import fc from 'fast-check';
import { scripted } from '../../../test/factories/dice';
import { RuleError } from '../errors';
import { createRng, Dice } from '../random';
import { archsoulCondition, archsoulState } from './archsoul-condition';
import { cairnDamage, CAIRN_DAMAGE_DICE } from './cairn-damage';
import { cairnDeprivation, cairnRest } from './cairn-recovery';
import { coeacDamage } from './coeac-damage';
import { downAndOut } from './coeac-down-and-out';
import { coeacEating } from './coeac-eating';
import { coeacRest } from './coeac-rest';
import { gmDamage } from './gm-damage';
import { gmDeathRoll, gmHeroicLastEffort } from './gm-death-roll';
import { gmHealing, gmNpcSurvival } from './gm-healing';

const seeded = (seed: string) => new Dice(createRng(seed));
const sum = (odds: Record<string, number>) => Object.values(odds).reduce((a, b) => a + b, 0);

describe(cairnDamage.name, () => {
  it('gives entry 3 (Walloped) for a blow from 3 HP to 0 (seed 004:115)', () => {
    const out = cairnDamage({ hp: 3, maxHp: 6, str: 12, armor: 0, damage: 3 }, scripted(4));
    expect(out).toMatchObject({ hp: 0, str: 12, overflow: 0, state: 'up', criticalSave: null });
    expect(out.scar).toMatchObject({ entry: 3, name: 'Walloped', conditions: ['deprived'] });
    expect(out.scar!.followUps[0]).toMatchObject({
      total: 4,
      timing: 'after-rest',
      change: { field: 'maxHp', delta: 4, after: 10 },
    });
    // A deferred follow-up is not among the changes to apply now.
    expect(out.changes).toEqual([{ field: 'hp', delta: -3, after: 0 }]);
    expect(out.odds).toEqual({ damage: null, scar: 1, strDamage: 0, critical: 0, dead: 0 });
  });

  it('takes Armor off first, at most 3', () => {
    const out = cairnDamage({ hp: 5, str: 10, armor: 5, damage: 4 }, scripted());
    expect(out).toMatchObject({ armor: 3, dealt: 1, hp: 4, scar: null });
    expect(out.steps[0].name).toBe('armor-cap');
  });

  it('sends damage past 0 HP to STR and saves at the new STR (3 HP to −2: no scar)', () => {
    const out = cairnDamage({ hp: 3, str: 12, armor: 1, damage: 6 }, scripted(11));
    expect(out).toMatchObject({ hp: 0, overflow: 2, str: 10, strLost: 2, scar: null, state: 'critical' });
    expect(out.criticalSave).toEqual({
      target: 10,
      roll: 11,
      passed: false,
      automatic: null,
      odds: { pass: 0.5 },
    } as never);
  });

  it('fails the save into critical damage; an NPC dies; STR 0 is death', () => {
    expect(cairnDamage({ hp: 0, str: 8, damage: 2 }, scripted(15)).state).toBe('critical');
    expect(cairnDamage({ hp: 0, str: 8, damage: 2, npc: true }, scripted(15)).state).toBe('dead');
    const dead = cairnDamage({ hp: 1, str: 3, damage: 9 }, scripted());
    expect(dead).toMatchObject({ str: 0, state: 'dead', criticalSave: null, faces: [] });
  });

  it('rolls the damage die and gives exact odds over every face', () => {
    const out = cairnDamage({ hp: 4, str: 10, armor: 1, die: 'd8' }, scripted(5));
    expect(out).toMatchObject({ damage: 5, dealt: 4, hp: 0, scar: { entry: 4 } });
    expect(out.odds.damage).toEqual(new Array(8).fill(1 / 8));
    // Faces 6, 7, 8 reach STR (1, 2, 3 points): saves at 9, 8, 7 fail 11/20, 12/20, 13/20.
    expect(out.odds.scar).toBe(1 / 8);
    expect(out.odds.strDamage).toBe(3 / 8);
    expect(out.odds.critical).toBeCloseTo((11 + 12 + 13) / 20 / 8, 15);
    expect(out.odds.dead).toBe(0);
  });

  it('lifts Doomed on a passed save with 3d6 against max HP, and kills on a failed one', () => {
    const passed = cairnDamage({ hp: 0, maxHp: 4, str: 12, damage: 1, doomed: true }, scripted(2, 6, 6, 6));
    expect(passed.changes).toContainEqual({ field: 'maxHp', delta: 14, after: 18 });
    expect(cairnDamage({ hp: 0, str: 12, damage: 1, doomed: true }, scripted(19)).state).toBe('dead');
  });

  it('puts a Mortal Wound out of action', () => {
    const out = cairnDamage({ hp: 11, maxHp: 11, str: 9, damage: 11 }, scripted(3, 4));
    expect(out).toMatchObject({
      state: 'out',
      scar: { entry: 11 },
      conditions: ['deprived', 'out-of-action', 'dying'],
    });
  });

  it('sends harm outside combat straight to the attribute', () => {
    expect(cairnDamage({ hp: 4, str: 10, dex: 3, target: 'dex', damage: 5 }, scripted())).toMatchObject({
      hp: 4,
      dex: 0,
      state: 'paralysed',
      changes: [{ field: 'dex', delta: -3, after: 0 }],
    });
  });

  it('refuses damage and die together, naming the field', () => {
    expect(() => cairnDamage({ hp: 1, str: 1, damage: 1, die: 'd6' }, scripted())).toThrow(RuleError);
    try {
      cairnDamage({ hp: 1, str: 1 }, scripted());
    } catch (error) {
      expect((error as RuleError).field).toBe('damage');
    }
  });

  it('keeps HP at 0 or more, conserves the overflow, and a zero attribute gives its state', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 6 }),
        fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constantFrom(...CAIRN_DAMAGE_DICE)),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 18 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        (hp, str, armor, damage, dex, wil, seed) => {
          const input = {
            hp,
            str,
            armor,
            dex,
            wil,
            ...(typeof damage === 'number' ? { damage } : { die: damage }),
          };
          const out = cairnDamage(input, seeded(seed));
          expect(out.hp).toBeGreaterThanOrEqual(0);
          expect(out.dealt).toBe(Math.max(0, out.damage - Math.min(3, armor)));
          expect(hp - out.hp + out.overflow).toBe(out.dealt);
          expect(out.strLost).toBe(Math.min(str, out.overflow));
          if (out.str === 0) expect(out.state).toBe('dead');
          else if (out.state !== 'critical') {
            if (dex === 0) expect(out.state).toBe('paralysed');
            else if (wil === 0) expect(out.state).toBe('delirious');
            else expect(out.state).toBe(out.scar?.entry === 11 ? 'out' : 'up');
          }
          for (const p of [out.odds.scar, out.odds.strDamage, out.odds.critical, out.odds.dead]) {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(1 + 1e-12);
          }
          expect(cairnDamage(input, seeded(seed))).toEqual(out);
        },
      ),
    );
  });
});

describe(coeacDamage.name, () => {
  it('spends bonus HP first, then HP, and downs the character at 0', () => {
    expect(coeacDamage({ hp: 5, bonusHp: 2, damage: 4 })).toMatchObject({
      bonusHpLost: 2,
      bonusHp: 0,
      hpLost: 2,
      hp: 3,
      downAndOut: false,
      changes: [
        { field: 'bonusHp', delta: -2, after: 0 },
        { field: 'hp', delta: -2, after: 3 },
      ],
    });
    expect(coeacDamage({ hp: 3, damage: 5 })).toMatchObject({
      hp: 0,
      excess: 2,
      downAndOut: true,
      downAndOutChecks: 1,
    });
    expect(coeacDamage({ hp: 0, damage: 1 })).toMatchObject({ downAndOut: false, downAndOutChecks: 1 });
  });

  it('spends a whole Block even on a 1-point blow, and only while uses remain', () => {
    expect(coeacDamage({ hp: 5, damage: 1, block: { kind: 'heavy-armor' } })).toMatchObject({
      blocked: 1,
      blockUsesLeft: 1,
      hp: 5,
    });
    expect(coeacDamage({ hp: 5, damage: 3, block: { kind: 'shield', usesLeft: 0 } })).toMatchObject({
      blocked: 0,
      hp: 2,
    });
  });

  it('conserves damage and never leaves HP below 0', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(10), fc.nat(40), fc.boolean(), (hp, bonusHp, damage, block) => {
        const out = coeacDamage({
          hp,
          bonusHp,
          damage,
          ...(block ? { block: { kind: 'light-armor' as const } } : {}),
        });
        expect(out.hp).toBeGreaterThanOrEqual(0);
        expect(out.blocked + out.bonusHpLost + out.hpLost + out.excess).toBe(damage);
        if (out.hpLost > 0) expect(out.bonusHp).toBe(0);
      }),
    );
  });
});

describe(downAndOut.name, () => {
  it('rolls 2d6 on the table (5 is death)', () => {
    expect(downAndOut({}, scripted(2, 3))).toMatchObject({
      roll: 5,
      result: 'death',
      dead: true,
      changes: [],
    });
    expect(downAndOut({ maxHp: 1 }, scripted(3, 4))).toMatchObject({
      result: 'lingering-injury',
      dead: true,
    });
  });

  it('makes the Medicine test against Ob 3 first; a failure leaves the character unaided', () => {
    const out = downAndOut({ medicine: { pool: 4 } }, scripted(1, 2, 3, 4));
    expect(out).toMatchObject({ result: 'unaided', roll: null, aid: { successes: 1, passed: false } });
    expect(Math.abs(sum(out.odds) - 1)).toBeLessThan(1e-15);
    expect(out.odds.unaided).toBe(11 / 16);
    expect(out.odds.death).toBe((8 / 36) * (5 / 16));
  });

  it('draws two different Skills, a Save and three items by lot; artifacts save on 4–6', () => {
    const skills = downAndOut({ skills: ['Medicine', 'Streetwise', 'Bushcraft'] }, scripted(4, 4, 2, 2));
    expect(skills.lots.map((l) => l.name)).toEqual(['Streetwise', 'Bushcraft']);
    expect(skills.changes).toEqual([
      { field: 'skill:Streetwise', delta: -1, after: null },
      { field: 'skill:Bushcraft', delta: -1, after: null },
    ]);
    const gear = downAndOut(
      {
        items: [{ name: 'rope' }, { name: 'Orb of Ur', artifact: true }, { name: 'lamp' }, { name: 'sword' }],
      },
      scripted(3, 3, 2, 1, 2, 5),
    );
    expect(gear.result).toBe('broken-gear');
    expect(gear.lots.filter((l) => l.kind === 'item').map((l) => [l.name, l.broken])).toEqual([
      ['Orb of Ur', false],
      ['rope', true],
      ['sword', true],
    ]);
    const saves = downAndOut({ saves: ['Vigor'] }, scripted(2, 2));
    expect(saves.changes).toEqual([{ field: 'save:Vigor', delta: -1, after: null }]);
  });
});

describe('odds of the procedures that roll', () => {
  it('sum to 1 for Down and Out with any Medicine pool, and replay from the seed', () => {
    fc.assert(
      fc.property(
        fc.option(fc.nat(12), { nil: undefined }),
        fc.string({ minLength: 1, maxLength: 8 }),
        (pool, seed) => {
          const input = pool === undefined ? {} : { medicine: { pool } };
          const out = downAndOut(input, seeded(seed));
          expect(Math.abs(sum(out.odds) - 1)).toBeLessThan(1e-12);
          for (const p of Object.values(out.odds)) expect(p).toBeGreaterThanOrEqual(0);
          expect(downAndOut(input, seeded(seed))).toEqual(out);
        },
      ),
    );
  });

  it('show every face rolled in exactly one step', () => {
    const stepFaces = (steps: { faces: number[] }[]) => steps.flatMap((step) => step.faces).sort();
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 4 }), artifact: fc.boolean() }), {
          maxLength: 5,
        }),
        fc.array(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 4 }),
        (seed, items, names) => {
          const down = downAndOut(
            { medicine: { pool: 6 }, items, skills: names, saves: names },
            seeded(seed),
          );
          expect(stepFaces(down.steps)).toEqual([...down.faces].sort());
          const blow = cairnDamage({ hp: 6, maxHp: 6, str: 9, wil: 8, maxWil: 9, die: 'd12' }, seeded(seed));
          expect(stepFaces(blow.steps)).toEqual([...blow.faces].sort());
        },
      ),
    );
  });

  it('sum to 1 for the death roll, whatever the numbers', () => {
    fc.assert(
      fc.property(
        fc.nat(30),
        fc.nat(30),
        fc.boolean(),
        fc.nat(5),
        (injuries, endurance, unconscious, bonus) => {
          const out = gmDeathRoll(
            { injuries, endurance, unconscious, bonus },
            seeded(`${injuries}/${endurance}`),
          );
          expect(Math.abs(out.odds.dying + out.odds.survives + out.odds.undecided - 1)).toBeLessThan(1e-12);
          expect(out.dying).toBe(out.timer !== null);
          if (injuries === 0) expect(out.odds.dying).toBe(0);
        },
      ),
    );
  });

  it('give the Archsoul state from the thresholds alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 30 }), fc.nat(20), (hp, endurance) => {
        const out = archsoulCondition({ hp, endurance }, seeded('a'));
        expect(out.state).toBe(hp > 0 ? 'conscious' : hp < -2 * endurance ? 'dead' : 'unconscious');
        expect(out.unconsciousRounds === null).toBe(out.state !== 'unconscious');
      }),
    );
  });
});

describe(coeacRest.name, () => {
  it('gives up to 3 HP on a short rest, all on a long one, nothing without Rations', () => {
    expect(coeacRest({ kind: 'short', hp: 2, maxHp: 9, rations: true })).toMatchObject({
      hp: 5,
      classResource: 1,
    });
    expect(coeacRest({ kind: 'long', hp: 2, maxHp: 9, rations: true, armor: ['heavy-armor'] })).toMatchObject(
      {
        hp: 9,
        blockUses: [2],
        dailyReset: true,
      },
    );
    expect(coeacRest({ kind: 'long', hp: 2, maxHp: 9, rations: false })).toMatchObject({
      hp: 2,
      rested: false,
    });
  });
});

describe(coeacEating.name, () => {
  it('heals 1d4 with meat, raises max HP to 20 at most with bones, keeps meat on 4–6', () => {
    expect(coeacEating({ cut: 'meat', hp: 3, maxHp: 5 }, scripted(4)).changes).toEqual([
      { field: 'hp', delta: 2, after: 5 },
    ]);
    expect(coeacEating({ cut: 'bones', maxHp: 20 }, scripted()).changes).toEqual([]);
    expect(coeacEating({ cut: 'bones', maxHp: 7 }, scripted()).changes).toEqual([
      { field: 'maxHp', delta: 1, after: 8 },
    ]);
    expect(coeacEating({ cut: 'meat', preserve: true }, scripted(4)).preserved).toBe(true);
  });
});

describe(archsoulState.name, () => {
  it('is unconscious at 0 or less and dead below −2 × Endurance (Endurance 6: dead at −13)', () => {
    expect(archsoulState(1, 6)).toBe('conscious');
    expect(archsoulState(0, 6)).toBe('unconscious');
    expect(archsoulState(-12, 6)).toBe('unconscious');
    expect(archsoulState(-13, 6)).toBe('dead');
  });

  it('rolls 1d6 rounds out, then Disabled; a coup de grâce doubles the damage', () => {
    const out = archsoulCondition({ hp: 5, endurance: 4, damage: 4, coupDeGrace: true }, scripted(3));
    expect(out).toMatchObject({
      hp: -3,
      damage: 8,
      state: 'unconscious',
      unconsciousRounds: 3,
      wakesWith: 'disabled',
    });
    expect(sum(out.odds.unconsciousRounds!)).toBeCloseTo(1, 15);
    expect(
      archsoulCondition(
        { hp: -2, endurance: 4, damage: 1, coupDeGrace: true, unconscious: true },
        scripted(),
      ),
    ).toMatchObject({
      unconsciousRounds: 1,
      faces: [],
    });
  });
});

describe(gmDamage.name, () => {
  it('follows the Orc fight: verve 17 → 12 → 6 → 0, then survival 7 → 2 (seed 001:567–571)', () => {
    let state = { survival: 7, verve: 17 };
    const verves: number[] = [];
    for (const damage of [5, 6, 7, 4]) {
      const out = gmDamage({ ...state, damage, archetypal: true }, scripted());
      state = { survival: out.survival, verve: out.verve };
      verves.push(out.verve);
      expect(out.injuries).toBe(0);
    }
    expect(verves).toEqual([12, 6, 0, 0]);
    expect(state.survival).toBe(2);
  });

  it('follows Toromeen at 4 survival taking 6: 2 injuries, fortitude 11 − 2 rolled 6 (seed 001:633–635)', () => {
    const out = gmDamage({ survival: 4, damage: 6, archetypal: true, consciousness: 11 }, scripted(6));
    expect(out).toMatchObject({
      survival: 0,
      injuries: 2,
      injuryPenalty: 2,
      consciousnessRoll: { target: 9, roll: 6, passed: true },
      unconsciousMinutes: null,
      deathRollDue: true,
    });
  });

  it('spends a temporary pool first: 7 → 4 → 1 (seed 001:645)', () => {
    const first = gmDamage({ survival: 5, temporary: 7, damage: 3 }, scripted());
    const second = gmDamage({ survival: 5, temporary: first.temporary, damage: 3 }, scripted());
    expect([first.temporary, second.temporary, second.survival]).toEqual([4, 1, 5]);
  });

  it('forces one injury a weapon die unless evaded or verve takes it all', () => {
    expect(gmDamage({ survival: 10, damage: 5, weaponDice: 2 }, scripted(1))).toMatchObject({
      survival: 7,
      injuries: 2,
    });
    expect(gmDamage({ survival: 10, damage: 5, weaponDice: 2, evaded: true }, scripted())).toMatchObject({
      survival: 5,
      injuries: 0,
    });
    expect(
      gmDamage({ survival: 10, verve: 5, damage: 5, weaponDice: 2, archetypal: true }, scripted()),
    ).toMatchObject({ verve: 0, injuries: 0 });
  });

  it('conserves every point of damage', () => {
    fc.assert(
      fc.property(
        fc.nat(20),
        fc.nat(20),
        fc.nat(5),
        fc.nat(10),
        fc.nat(40),
        fc.boolean(),
        fc.nat(3),
        (survival, verve, injuries, temporary, damage, archetypal, weaponDice) => {
          const out = gmDamage(
            { survival, verve, injuries, temporary, damage, archetypal, weaponDice },
            scripted(1),
          );
          expect(
            temporary - out.temporary + verve - out.verve + survival - out.survival + out.injuriesGained,
          ).toBe(damage);
          expect(Math.min(out.survival, out.verve, out.temporary)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe(gmDeathRoll.name, () => {
  it('follows Toromeen: injuries roll 1, endurance 15 − 2 rolled 20, dying in 13 minutes (seed 001:637)', () => {
    const out = gmDeathRoll({ injuries: 2, endurance: 15 }, scripted(1, 20));
    expect(out).toMatchObject({
      injuriesTarget: 2,
      enduranceTarget: 13,
      dying: true,
      timer: { amount: 13, unit: 'minutes', expired: false },
    });
    expect(out.odds.dying + out.odds.survives + out.odds.undecided).toBeCloseTo(1, 15);
    // Dying needs the injuries to hit (2/20) and endurance to fail (7/20), double successes rolling again.
    const a = (2 / 20) * (7 / 20);
    const q = (2 / 20) * (13 / 20);
    expect(out.odds.dying).toBeCloseTo(a / (1 - q), 14);
  });

  it('rolls again on a double success, gives +2 unconscious, and turns minutes into hours', () => {
    const out = gmDeathRoll({ injuries: 5, endurance: 12, unconscious: true }, scripted(3, 4, 2, 18));
    expect(out.rounds).toHaveLength(2);
    expect(out).toMatchObject({ enduranceTarget: 9, dying: true, timer: { amount: 7, unit: 'hours' } });
  });

  it('has already run out of time when endurance − injuries is 0 or less', () => {
    expect(gmDeathRoll({ injuries: 12, endurance: 10 }, scripted(1, 20)).timer).toEqual({
      amount: -2,
      unit: 'minutes',
      expired: true,
    });
  });

  it('makes the heroic last effort at +level without the injury penalty', () => {
    expect(gmHeroicLastEffort({ score: 10, level: 3 }, scripted(13))).toMatchObject({
      target: 13,
      passed: true,
    });
  });
});

describe(gmHealing.name, () => {
  it('gives level survival on a good night (Toromeen 2 → 4), 1 on a bad one', () => {
    expect(
      gmHealing({ kind: 'night', level: 2, survival: 2, maxSurvival: 7, health: 12 }, scripted(5)),
    ).toMatchObject({ survival: 4 });
    expect(
      gmHealing({ kind: 'night', level: 2, survival: 2, maxSurvival: 7, health: 12 }, scripted(15)),
    ).toMatchObject({ survival: 3 });
    expect(
      gmHealing({ kind: 'day', level: 2, survival: 2, maxSurvival: 7, injuries: 1 }, scripted()),
    ).toMatchObject({ injuries: 0, deathCancelled: true });
    expect(
      gmHealing(
        { kind: 'morning', level: 2, survival: 2, maxSurvival: 7, verve: 0, maxVerve: 17 },
        scripted(),
      ),
    ).toMatchObject({ verve: 17 });
    expect(
      gmHealing({ kind: 'night', level: 3, survival: 2, maxSurvival: 4, npc: true }, scripted()),
    ).toMatchObject({ survival: 4, faces: [] });
  });

  it('rolls NPC survival: d6 a level, d10 for warriors, endurance 10 + half level', () => {
    const big = gmNpcSurvival({ level: 100, warrior: true, perDieBonus: 1 }, seeded('npc'));
    expect(Math.abs(sum(big.odds.distribution) - 1)).toBeLessThan(1e-12);
    expect(Object.keys(big.odds.distribution)).toHaveLength(901);
    expect(big.odds.distribution['200']).toBe(10 ** -100);
    expect(gmNpcSurvival({ level: 2 }, scripted(1, 1)).odds.distribution).toMatchObject({
      '2': 1 / 36,
      '7': 6 / 36,
    });
    expect(gmNpcSurvival({ level: 3, warrior: true }, scripted(10, 1, 5))).toMatchObject({
      die: 10,
      survival: 16,
      endurance: 11,
      enduranceEstimated: true,
    });
  });
});

describe('Cairn recovery', () => {
  it('restores HP on a short rest, Fatigue on a safe night, attributes with a healer over a week', () => {
    expect(cairnRest({ kind: 'short', hp: 1, maxHp: 6, fatigue: 2 })).toMatchObject({ hp: 6, fatigue: 2 });
    expect(cairnRest({ kind: 'night', hp: 1, maxHp: 6, fatigue: 2 })).toMatchObject({ hp: 6, fatigue: 0 });
    expect(
      cairnRest({ kind: 'week', hp: 1, maxHp: 6, healer: true, str: { current: 4, max: 12 } }),
    ).toMatchObject({ str: 12 });
    expect(cairnRest({ kind: 'night', hp: 1, maxHp: 6, fatigue: 2, deprived: true })).toMatchObject({
      hp: 1,
      fatigue: 2,
      blocked: true,
    });
  });

  it('adds a Fatigue a day after the first and drops items without room', () => {
    expect(cairnDeprivation({ days: 1 })).toMatchObject({ fatigue: 0 });
    expect(cairnDeprivation({ days: 4, freeSlots: 1 })).toMatchObject({ fatigue: 3, itemsToDrop: 2 });
  });
});
