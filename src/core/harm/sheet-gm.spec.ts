import fc from 'fast-check';
import { scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { sheetDamage, sheetRest, worse, type SheetDamageGm, type SheetRestArchsoul } from './campaign';
import { sheetHeroicEffort, sheetSemiConsciousness, sheetTemporaryPool } from './sheet-gm';
import { normaliseTimers, roundsTimer, timerEffect, timerHolds } from './timers';

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
