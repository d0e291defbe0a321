import { scripted } from '../../../test/factories/dice';
import { binomialTail } from '../odds';
import { createRng, Dice } from '../random';
import { damageInput, describeDamage, sheetState, type ArchsoulState } from '../engine';
import { sheetDamage } from '../harm/campaign';
import { harmOf } from '../harm/sheet-harm';
import { archsoulAttack, archsoulAttackV2 } from './archsoul-attack';

describe('Archsoul attacks and the statuses of both sides (issue 43, AS-26, 002:82–90)', () => {
  it('refuses the attack of a Disabled, Restrained or Grappled (weapon) attacker, rolling nothing', () => {
    for (const [status, why] of [
      ['disabled', /Disabled/],
      ['restrained', /Restrained/],
      ['grappled', /Grappled/],
    ] as const) {
      const dice = scripted(6, 6, 6);
      const out = archsoulAttack(
        { kind: 'melee', attackerStatuses: [status], dice: 3, difficulty: 4, defence: 0 },
        dice,
      );
      expect(out).toMatchObject({ allowed: false, refusedBy: status, attack: null, faces: [] });
      expect(out.why).toMatch(why);
      expect(dice.faces).toEqual([]);
    }
    // Disaligned does not stop a weapon attack.
    expect(archsoulAttack({ kind: 'ranged', attackerStatuses: ['Disaligned'] }, scripted()).allowed).toBe(
      true,
    );
  });

  it('Knocked Down: a melee attack at +1 difficulty (exact odds), a ranged one unchanged', () => {
    const out = archsoulAttack(
      { kind: 'melee', attackerStatuses: ['Knocked Down'], dice: 3, difficulty: 4, defence: 1 },
      scripted(5, 4, 6),
    );
    // Difficulty 5: the 5 and the 6 succeed (2 > defence 1), the 4 does not.
    expect(out).toMatchObject({
      allowed: true,
      difficultyAdded: 1,
      attack: { difficulty: 5, successes: 2, hit: true, margin: 1, faces: [5, 4, 6] },
    });
    expect(out.attack!.odds.hit).toBeCloseTo(binomialTail(3, 2, 2 / 6), 15);
    expect(out.modifiers).toContainEqual(expect.objectContaining({ name: 'knocked-down', value: 1 }));
    const ranged = archsoulAttack(
      { kind: 'ranged', attackerStatuses: ['knocked-down'], dice: 3, difficulty: 4, defence: 1 },
      scripted(5, 4, 6),
    );
    expect(ranged).toMatchObject({ difficultyAdded: 0, attack: { difficulty: 4, successes: 3 } });
    // Pushed past 6 the difficulty is clamped, as the core pool does.
    expect(
      archsoulAttack(
        { kind: 'melee', attackerStatuses: ['knocked-down'], dice: 1, difficulty: 6, defence: 0 },
        scripted(6),
      ).attack,
    ).toMatchObject({ requestedDifficulty: 7, difficulty: 6, hit: true });
  });

  it('the target: Disabled or unconscious is unaware; Restrained lets the attacker pick an arc; Grappled has no front arc', () => {
    expect(archsoulAttack({ kind: 'melee', targetStatuses: ['disabled'] }, scripted())).toMatchObject({
      targetUnaware: true,
      coupDeGrace: true,
      damageMultiplier: 2,
      unconsciousRoundsAdded: 0,
    });
    expect(archsoulAttack({ kind: 'melee', targetUnconscious: true }, scripted())).toMatchObject({
      targetUnaware: true,
      coupDeGrace: true,
      unconsciousRoundsAdded: 1,
    });
    const restrained = archsoulAttack(
      { kind: 'melee', targetStatuses: ['restrained'], arc: 'back' },
      scripted(),
    );
    expect(restrained).toMatchObject({
      attackerChoosesArc: true,
      frontArc: true,
      arc: 'back',
      targetUnaware: false,
    });
    const grappled = archsoulAttack({ kind: 'melee', targetStatuses: ['grappled'] }, scripted());
    expect(grappled).toMatchObject({ frontArc: false, attackerChoosesArc: false, coupDeGrace: false });
    expect(grappled.referee.join(' ')).toMatch(/arc/);
    expect(() =>
      archsoulAttack({ kind: 'melee', targetStatuses: ['grappled'], arc: 'front' }, scripted()),
    ).toThrow(expect.objectContaining({ field: 'arc' }));
    // Not alone (others attacked too): no coup de grâce.
    expect(
      archsoulAttack({ kind: 'melee', targetStatuses: ['restrained'], exclusive: false }, scripted())
        .coupDeGrace,
    ).toBe(false);
  });

  it('a coup de grâce doubles the damage of a hit; a miss deals none', () => {
    const hit = archsoulAttack(
      { kind: 'melee', targetStatuses: ['restrained'], dice: 2, difficulty: 4, defence: 0, damage: 3 },
      scripted(4, 1),
    );
    expect(hit).toMatchObject({ attack: { hit: true, successes: 1 }, damage: 6 });
    const miss = archsoulAttack(
      { kind: 'melee', targetStatuses: ['restrained'], dice: 2, difficulty: 4, defence: 1, damage: 3 },
      scripted(4, 1),
    );
    expect(miss).toMatchObject({ attack: { hit: false, margin: 0 }, damage: 0 });
    expect(miss.attack!.odds.hit).toBeCloseTo(0.25, 15);
  });

  it('a Grappled attacker may attack unarmed after a grapple roll on the referee’s numbers', () => {
    const asks = archsoulAttack({ kind: 'melee', attackerStatuses: ['grappled'], unarmed: true }, scripted());
    expect(asks).toMatchObject({ allowed: true, grappleRollNeeded: true, grapple: null, attack: null });
    const failed = archsoulAttack(
      {
        kind: 'melee',
        attackerStatuses: ['grappled'],
        unarmed: true,
        grapple: { dice: 2, difficulty: 5, needed: 2 },
        dice: 3,
        difficulty: 4,
        defence: 0,
        damage: 2,
      },
      scripted(5, 1, 6, 6, 6),
    );
    expect(failed).toMatchObject({
      grapple: { successes: 1, needed: 2, passed: false, faces: [5, 1] },
      attack: null,
      damage: 0,
      faces: [5, 1],
    });
    expect(failed.grapple!.odds.pass).toBeCloseTo(1 / 9, 15);
    const passed = archsoulAttack(
      {
        kind: 'melee',
        attackerStatuses: ['grappled'],
        unarmed: true,
        grapple: { dice: 2, difficulty: 5 },
        dice: 1,
        difficulty: 4,
        defence: 0,
      },
      scripted(1, 5, 4),
    );
    expect(passed).toMatchObject({
      grapple: { passed: true, needed: 1 },
      attack: { hit: true },
      faces: [1, 5, 4],
    });
  });

  it('refuses bad input naming the field', () => {
    expect(() => archsoulAttack({ kind: 'kick' as never }, scripted())).toThrow(
      expect.objectContaining({ field: 'kind' }),
    );
    expect(() => archsoulAttack({ kind: 'melee', targetStatuses: ['sleepy'] }, scripted())).toThrow(
      expect.objectContaining({ field: 'targetStatuses[0]' }),
    );
    expect(() => archsoulAttack({ kind: 'melee', dice: 2, defence: 0 }, scripted())).toThrow(
      expect.objectContaining({ field: 'difficulty' }),
    );
    expect(() => archsoulAttack({ kind: 'melee', dice: 2, difficulty: 4 }, scripted())).toThrow(
      expect.objectContaining({ field: 'defence' }),
    );
    expect(() => archsoulAttack({ kind: 'melee', damage: 2 }, scripted())).toThrow(
      expect.objectContaining({ field: 'damage' }),
    );
  });

  it('golden: fixed seeds give the same faces and answer (rng version pinned)', () => {
    const roll = (seed: string) =>
      archsoulAttack(
        {
          kind: 'melee',
          attackerStatuses: ['knocked-down'],
          targetStatuses: ['restrained'],
          dice: 4,
          difficulty: 4,
          defence: 1,
          damage: 3,
        },
        new Dice(createRng(seed)),
      );
    expect(
      ['as-1', 'as-2', 'as-3'].map((s) => {
        const o = roll(s);
        return [o.faces, o.attack!.hit, o.damage];
      }),
    ).toEqual(GOLDEN);
  });
});

// Difficulty 4 + 1 (Knocked Down) = 5, defence 1: two or more 5s and 6s hit; 3 damage doubled.
const GOLDEN: unknown[] = [
  [[5, 6, 5, 5], true, 6],
  [[5, 2, 4, 6], true, 6],
  [[3, 5, 2, 4], false, 0],
];

describe('combat.archsoul-attack.v2 (issue 39: the hit’s harm through the engine’s transition, in the roll)', () => {
  const sheet = { stats: { Endurance: 4 }, maxHp: 12, hp: 12 };
  const owner = { name: 'Orm', id: 'n1', npc: true };
  const state = sheetState(owner, 'archsoul', sheet, sheet, harmOf(sheet)) as ArchsoulState;
  const seeds = ['as-v2-1', 'as-v2-2', 'as-v2-3', 'as-v2-4', 'as-v2-5', 'as-v2-6', 'as-v2-7', 'as-v2-8'];

  it('answers v1’s attack on the same seed; a hit’s harm is what v1’s second roll answered, with the engine’s events', () => {
    let hits = 0;
    for (const seed of seeds)
      for (const targetStatuses of [[], ['restrained']]) {
        const attack = {
          kind: 'melee' as const,
          targetStatuses,
          dice: 4,
          difficulty: 3,
          defence: 0,
          damage: 3,
        };
        const v1 = archsoulAttack(attack, new Dice(createRng(seed)));
        const v2 = archsoulAttackV2({ ...attack, state }, new Dice(createRng(seed)));
        const { harm, events, ...rest } = v2;
        expect(rest).toEqual(v1);
        if (!v1.attack?.hit) {
          expect(harm).toBeNull();
          expect(events).toEqual([]);
          continue;
        }
        hits += 1;
        // v1 logged the harm as harm.sheet-damage on `{seed}/harm`: the same loss (HP stays above the
        // thresholds here, so no die decides it), now on the attack's stream.
        const change = { kind: 'damage' as const, amount: 3, coupDeGrace: v1.coupDeGrace };
        const second = sheetDamage(damageInput(state, change), new Dice(createRng(`${seed}/harm`)));
        expect({ ...harm!, faces: [] }).toEqual({ ...second, faces: [] });
        expect(events).toEqual(describeDamage(state, harm!).events);
      }
    expect(hits).toBeGreaterThan(2);
  });

  it('a miss or no damage harms nobody; a state of another system is refused', () => {
    const v2 = archsoulAttackV2(
      { kind: 'melee', dice: 3, difficulty: 4, defence: 0, state },
      new Dice(createRng('as-v2-1')),
    );
    expect(v2.harm).toBeNull();
    expect(() =>
      archsoulAttackV2(
        { kind: 'melee', dice: 1, difficulty: 4, defence: 0, state: { system: 'gm' } as never },
        new Dice(createRng('x')),
      ),
    ).toThrow(/Archsoul state/);
  });
});
