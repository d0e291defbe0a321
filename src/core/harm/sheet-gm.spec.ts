import fc from 'fast-check';
import { scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { sheetDamage, sheetRest, worse, type SheetDamageGm, type SheetRestArchsoul } from './campaign';
import {
  sheetHeroicEffort,
  sheetHeroicEffortV2,
  sheetSemiConsciousness,
  sheetSemiConsciousnessV2,
  sheetTemporaryPool,
} from './sheet-gm';
import { mojoCost } from '../advancement/gm-mojo';
import { countRounds, normaliseTimers, roundsTimer, timerEffect, timerExpired, timerHolds } from './timers';

const dice = (seed: string) => new Dice(createRng(seed));

const gm = (over: Partial<SheetDamageGm> = {}): SheetDamageGm => ({
  system: 'gm',
  survival: 10,
  verve: 0,
  injuries: 0,
  damage: 0,
  archetypal: false,
  weaponDice: 0,
  evaded: false,
  consciousness: null,
  endurance: 14,
  unconscious: false,
  ...over,
});

const archsoul = (over: Partial<SheetRestArchsoul> = {}): SheetRestArchsoul => ({
  system: 'archsoul',
  kind: 'night',
  hp: -2,
  maxHp: 5,
  fatigue: 2,
  enduranceLoss: 2,
  disabled: true,
  stateBefore: 'unconscious',
  ...over,
});

describe('G&M temporary survival pools on a sheet (001:641–645)', () => {
  it('the Fighting Prowess example: 7 → 4 → 1, no real damage, the source named', () => {
    const first = sheetDamage(
      gm({ damage: 3, temporary: 7, temporarySource: 'Fighting Prowess' }),
      scripted(),
    );
    expect(first.changes).toEqual([{ path: 'temporarySurvival', delta: -3, via: 'ledger' }]);
    expect(first.detail.temporaryPool).toEqual({
      source: 'Fighting Prowess',
      before: 7,
      after: 4,
      absorbed: 3,
    });
    expect(first.steps[0].detail).toBe('Temporary pool 7 → 4 (Fighting Prowess)');
    const second = sheetDamage(gm({ damage: 3, temporary: 4 }), scripted());
    expect(second.changes).toEqual([{ path: 'temporarySurvival', delta: -3, via: 'ledger' }]);
    expect(second.detail.temporaryPool).toMatchObject({ source: null, after: 1 });
  });

  it('a sheet without a pool answers as before (no temporaryPool detail)', () => {
    const out = sheetDamage(gm({ damage: 3 }), scripted());
    expect(out.detail.temporaryPool).toBeUndefined();
    expect(out.changes).toEqual([{ path: 'survival.current', delta: -3, via: 'ledger' }]);
  });

  it('fast-check: pool, survival and injuries together take exactly the damage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 60 }),
        (temporary, survival, damage) => {
          const out = sheetDamage(gm({ survival, damage, temporary }), dice(`p${damage}`));
          const delta = (path: string) => out.changes.find((c) => c.path === path)?.delta ?? 0;
          expect(0 - delta('temporarySurvival') === Math.min(temporary, damage)).toBe(true);
          expect(0 - delta('temporarySurvival') - delta('survival.current') + delta('injuries.current')).toBe(
            damage,
          );
        },
      ),
    );
  });

  it('granted and removed in words, no dice', () => {
    expect(
      sheetTemporaryPool({ before: 0, amount: 7, source: 'Fighting Prowess', turns: null, rounds: 10 }),
    ).toMatchObject({
      after: 7,
      steps: [
        { name: 'temporary', detail: 'Temporary survival pool (Fighting Prowess) 0 → 7, for 10 round(s).' },
      ],
    });
    expect(
      sheetTemporaryPool({ before: 4, amount: 0, source: null, turns: null, rounds: null }).steps[0].detail,
    ).toBe('Temporary survival pool 4 → 0: removed.');
  });

  it('its timer lapses and always holds; a rounds timer keeps its effect', () => {
    expect(timerEffect('gm-temporary-pool')).toBe('lapses');
    expect(roundsTimer('gm-temporary-pool', 10)).toMatchObject({
      rounds: 10,
      effect: 'lapses',
      endsAt: null,
    });
    expect(timerHolds('gm-temporary-pool', { state: 'dying', conditions: [] })).toBe(true);
    expect(normaliseTimers([{ kind: 'gm-temporary-pool', rounds: 10 }])).toEqual([
      { kind: 'gm-temporary-pool', startedAt: null, endsAt: null, rounds: 10, effect: 'lapses' },
    ]);
  });
});

describe('semi-consciousness (001:609, 000:194–198)', () => {
  it('costs one mojo; none held is refused', () => {
    expect(sheetSemiConsciousness({ mojoBefore: 3 })).toMatchObject({
      mojoSpent: 1,
      mojoAfter: 2,
      state: 'semi-conscious',
    });
    expect(() => sheetSemiConsciousness({ mojoBefore: 0 })).toThrow(/mojoBefore/);
  });

  it('lasts while the unconsciousness would (its timer holds); a failed roll puts the character out again', () => {
    expect(timerHolds('gm-unconscious', { state: 'semi-conscious', conditions: [] })).toBe(true);
    expect(worse('semi-conscious', 'unconscious')).toBe('semi-conscious');
    // Fortitude 10 at −3: needs 7 or less; 12 fails.
    const out = sheetDamage(
      gm({
        survival: 0,
        injuries: 2,
        damage: 1,
        consciousness: 10,
        stateBefore: 'semi-conscious',
        unconscious: true,
      }),
      scripted(12, 20, 20),
    );
    expect(out.state).toBe('unconscious');
  });

  it('counts as unconscious for death rolls: +2 on the endurance side', () => {
    const out = sheetDamage(
      gm({ survival: 0, injuries: 2, damage: 1, stateBefore: 'semi-conscious', unconscious: true }),
      scripted(1, 20),
    );
    expect(out.detail.gmDeathRoll).toMatchObject({ enduranceTarget: 14 - 3 + 2, dying: true });
  });

  it('a night or a day of rest wakes a semi-conscious character', () => {
    const rest = sheetRest(
      {
        system: 'gm',
        kind: 'day',
        level: 2,
        survival: 0,
        maxSurvival: 10,
        injuries: 1,
        verve: 0,
        maxVerve: 0,
        health: 10,
        choice: null,
        npc: false,
        amount: null,
        injuriesHealed: null,
        stateBefore: 'semi-conscious',
      },
      scripted(),
    );
    expect(rest.state).toBe('up');
  });
});

describe('semi-consciousness v2: the willpower roll to respond (000:196)', () => {
  it('willpower 12 at −2: 10 or less responds (10/20); a failure rolls d4 rounds of delay', () => {
    const pass = sheetSemiConsciousnessV2({ mojoBefore: 3, willpower: 12, injuries: 2 }, scripted(10));
    expect(pass).toMatchObject({
      mojoSpent: 1,
      mojoAfter: 2,
      state: 'semi-conscious',
      willpower: { score: 12, injuries: 2, target: 10, roll: 10, passed: true },
      delayRounds: null,
      faces: [10],
      odds: { responds: 0.5, delayed: 0.5 },
    });
    expect(pass.steps.map((s) => s.name)).toEqual(['semi-consciousness', 'willpower']);
    const fail = sheetSemiConsciousnessV2({ mojoBefore: 3, willpower: 12, injuries: 2 }, scripted(11, 3));
    expect(fail).toMatchObject({ willpower: { roll: 11, passed: false }, delayRounds: 3, faces: [11, 3] });
    expect(fail.steps.map((s) => s.name)).toEqual(['semi-consciousness', 'willpower', 'delay']);
    expect(fail.steps[2].odds).toEqual({ '1': 0.25, '2': 0.25, '3': 0.25, '4': 0.25 });
  });

  it('exact odds: responds + every delay sum to 1; a target under 1 never responds, 20 or more always does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), (w, inj) => {
        const out = sheetSemiConsciousnessV2({ mojoBefore: 1, willpower: w, injuries: inj }, scripted(20, 4));
        const odds = out.odds as { responds: number; delayed: number; delayRounds: Record<string, number> };
        const target = w - inj;
        expect(odds.responds).toBe(Math.min(20, Math.max(0, target)) / 20);
        const total = odds.responds + Object.values(odds.delayRounds).reduce((a, b) => a + b, 0);
        expect(total).toBeCloseTo(1, 12);
        expect(out.willpower!.passed).toBe(target >= 20);
        expect(out.delayRounds).toBe(target >= 20 ? null : 4);
      }),
    );
  });

  it('golden seeds: come-to rolls 15 then a d4 of 2; slow-2 rolls 3 and responds at once', () => {
    const input = { mojoBefore: 2, willpower: 8, injuries: 3 };
    expect(sheetSemiConsciousnessV2(input, dice('come-to'))).toMatchObject({
      willpower: { target: 5, roll: 15, passed: false },
      delayRounds: 2,
      faces: [15, 2],
      odds: { responds: 0.25, delayed: 0.75, delayRounds: { '1': 0.1875, '4': 0.1875 } },
    });
    expect(sheetSemiConsciousnessV2(input, dice('slow-2'))).toMatchObject({
      willpower: { roll: 3, passed: true },
      delayRounds: null,
      faces: [3],
    });
  });

  it('a sheet without willpower rolls nothing (the referee’s); no mojo is refused', () => {
    const out = sheetSemiConsciousnessV2({ mojoBefore: 1, willpower: null, injuries: 0 }, scripted());
    expect(out).toMatchObject({ willpower: null, delayRounds: null, faces: [], odds: {} });
    expect(() => sheetSemiConsciousnessV2({ mojoBefore: 0, willpower: 10, injuries: 0 }, scripted())).toThrow(
      /mojoBefore/,
    );
  });

  it('its delay is a rounds timer that holds while semi-conscious and runs out in responds', () => {
    const t = roundsTimer('gm-response-delay', 3);
    expect(t).toEqual({
      kind: 'gm-response-delay',
      startedAt: null,
      endsAt: null,
      rounds: 3,
      effect: 'responds',
    });
    expect(timerHolds('gm-response-delay', { state: 'semi-conscious', conditions: [] })).toBe(true);
    expect(timerHolds('gm-response-delay', { state: 'unconscious', conditions: [] })).toBe(false);
    expect(timerHolds('gm-response-delay', { state: 'up', conditions: [] })).toBe(false);
    expect(countRounds(t, 2).rounds).toBe(1);
    expect(countRounds(t, 5).rounds).toBe(0);
    expect(normaliseTimers([t])).toEqual([t]);
    const clock = { day: 1, watch: 'morning' as const, turn: 0 };
    expect(timerExpired({ system: 'gm', kind: 'gm-response-delay', endsAt: clock, clock }).state).toBeNull();
  });
});

describe('MJ7 on the heroic last effort (001:621, 994–998)', () => {
  const base = {
    rating: 'strength',
    score: 12,
    level: 2,
    contributions: [
      {
        characterId: 'a',
        mojo: 2,
        improvement: { kind: 'field' as const, subject: 'Language Science', current: 1 },
      },
      {
        characterId: 'b',
        mojo: 4,
        improvement: { kind: 'skill' as const, subject: 'Swimming', outsideArchetype: true },
      },
    ],
  };

  it('each contributor compares all the mojo (6) with its own price: field +1 → +2 costs 5 (gained), a skill outside the archetype 7 (not)', () => {
    const out = sheetHeroicEffortV2(base, scripted(20));
    expect(out.mojo).toBe(6);
    expect(out.improvements).toEqual([
      {
        characterId: 'a',
        kind: 'field',
        subject: 'Language Science',
        cost: 5,
        rule: mojoCost({ kind: 'field', current: 1 }).rule,
        mojoCounted: 6,
        gained: true,
      },
      expect.objectContaining({ characterId: 'b', kind: 'skill', cost: 7, mojoCounted: 6, gained: false }),
    ]);
    expect(out.steps.filter((s) => s.name === 'mojo-increase').map((s) => s.detail)).toEqual([
      '6 mojo reach the 5 that the next bonus in Language Science costs: a gains it.',
      '6 mojo fall short of the 7 that the skill Swimming costs: nothing gained.',
    ]);
    // The roll itself is v1's: the improvements add nothing to it.
    const v1 = sheetHeroicEffort(base, scripted(20));
    const { improvements: _i, steps: _s, ...rest } = out;
    const { steps: _s1, ...restV1 } = v1;
    expect(rest).toEqual(restV1);
  });

  it('a warrior’s weapon skill costs 5, a new field 11; a contributor who offered no mojo gains nothing', () => {
    const out = sheetHeroicEffortV2(
      {
        ...base,
        contributions: [
          {
            characterId: 'a',
            mojo: 5,
            improvement: { kind: 'weapon-skill', subject: 'Spear', warrior: true } as never,
          },
          { characterId: 'b', mojo: 0, improvement: { kind: 'new-field', subject: 'Seamanship' } as never },
          { characterId: 'c', mojo: 1 },
        ],
      },
      scripted(1),
    );
    expect(out.improvements.map((g) => [g.characterId, g.cost, g.mojoCounted, g.gained])).toEqual([
      ['a', 5, 6, true],
      ['b', 11, 0, false],
    ]);
  });

  it('fast-check: gained exactly when the contributor offered mojo and the whole pool reaches the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 15 }),
        (mine, theirs, current) => {
          const out = sheetHeroicEffortV2(
            {
              ...base,
              contributions: [
                { characterId: 'a', mojo: mine, improvement: { kind: 'field', subject: 'Lore', current } },
                { characterId: 'b', mojo: theirs },
              ],
            },
            scripted(10),
          );
          expect(out.improvements[0].gained).toBe(mine > 0 && mine + theirs >= 4 + current);
        },
      ),
    );
  });

  it('refuses an ability, a field without its bonus and an unknown technique scope, naming the field', () => {
    const one = (improvement: object) =>
      sheetHeroicEffortV2(
        { ...base, contributions: [{ characterId: 'a', mojo: 1, improvement: improvement as never }] },
        scripted(),
      );
    expect(() => one({ kind: 'ability', subject: 'strength' })).toThrow(
      /contributions\[0\]\.improvement\.kind/,
    );
    expect(() => one({ kind: 'field', subject: 'Lore' })).toThrow(/current/);
    expect(() => one({ kind: 'technique', subject: 'Leap', techniqueScope: 'all' })).toThrow(
      /techniqueScope/,
    );
    expect(() => one({ kind: 'skill', subject: '' })).toThrow(/subject/);
  });
});

describe('the heroic last effort on a sheet (001:619–623)', () => {
  const effort = {
    rating: 'strength',
    score: 12,
    level: 2,
    contributions: [
      { characterId: 'a', mojo: 1 },
      { characterId: 'b', mojo: 2 },
    ],
  };

  it('rolls at score + level + all the mojo, each contributor gaining 50 a mojo for all of it; death follows', () => {
    const out = sheetHeroicEffort(effort, scripted(17));
    expect(out).toMatchObject({
      target: 17,
      roll: 17,
      passed: true,
      mojo: 3,
      experienceEach: 150,
      state: 'dead',
      odds: { success: 17 / 20 },
    });
    expect(out.steps.map((s) => s.name)).toEqual(['mojo', 'heroic-last-effort', 'death']);
    expect(sheetHeroicEffort(effort, scripted(18)).passed).toBe(false);
  });

  it('golden seed: the same input and seed give the same roll', () => {
    const a = sheetHeroicEffort(effort, dice('last-stand'));
    expect(sheetHeroicEffort(effort, dice('last-stand'))).toEqual(a);
  });

  it('refuses a missing rating and a negative contribution', () => {
    expect(() => sheetHeroicEffort({ ...effort, rating: '' }, scripted())).toThrow(/rating/);
    expect(() =>
      sheetHeroicEffort({ ...effort, contributions: [{ characterId: 'a', mojo: -1 }] }, scripted()),
    ).toThrow(/mojo/);
  });
});

describe('Archsoul rests on a sheet (002:48–50, the hazards rest core)', () => {
  it('a full night: HP all back through belowZero, fatigue a level down, a point of Endurance, Disabled gone, awake', () => {
    const out = sheetRest(archsoul(), scripted());
    expect(out).toMatchObject({ rested: true, state: 'up', conditionsRemoved: ['disabled'], faces: [] });
    expect(out.changes).toEqual([
      { path: 'belowZero', delta: -2, via: 'ledger' },
      { path: 'hp', delta: 5, via: 'ledger' },
      { path: 'fatigue', delta: -1, via: 'ledger' },
      { path: 'enduranceLoss', delta: -1, via: 'ledger' },
    ]);
  });

  it('an hour: +1 HP (below 0 first) and Disabled gone; still unconscious at 0 or less', () => {
    const out = sheetRest(archsoul({ kind: 'hour' }), scripted());
    expect(out.changes).toEqual([{ path: 'belowZero', delta: -1, via: 'ledger' }]);
    expect(out).toMatchObject({ state: 'unconscious', conditionsRemoved: ['disabled'] });
    const awake = sheetRest(archsoul({ kind: 'hour', hp: 0, disabled: false }), scripted());
    expect(awake).toMatchObject({ state: 'up', changes: [{ path: 'hp', delta: 1 }] });
  });

  it('a night with more than a third on watch restores nothing (002:49); a third exactly is a full night', () => {
    expect(sheetRest(archsoul({ watchMinutes: 161 }), scripted())).toMatchObject({
      rested: false,
      state: 'unconscious',
      changes: [],
      conditionsRemoved: [],
    });
    expect(sheetRest(archsoul({ watchMinutes: 160 }), scripted())).toMatchObject({
      rested: true,
      state: 'up',
    });
  });

  it('the dead do not rest; an unknown kind is refused', () => {
    expect(sheetRest(archsoul({ stateBefore: 'dead' }), scripted())).toMatchObject({
      rested: false,
      changes: [],
    });
    expect(() => sheetRest(archsoul({ kind: 'week' as never }), scripted())).toThrow(/night or hour/);
  });
});
