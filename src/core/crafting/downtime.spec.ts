import { createRng, Dice } from '../random';
import { scripted, successHistogram } from '../../../test/factories/dice';
import {
  affixCost,
  attunementPenaltyDice,
  attunementRitual,
  channelingTest,
  fillClockTick,
  nextChannelingStreak,
  orbIntegrationTest,
} from './downtime';

describe(fillClockTick.name, () => {
  it('fills one tick and completes at the last', () => {
    expect(fillClockTick({ ticks: 2, filled: 0 })).toEqual({ filled: 1, complete: false });
    expect(fillClockTick({ ticks: 2, filled: 1 })).toEqual({ filled: 2, complete: true });
    expect(() => fillClockTick({ ticks: 2, filled: 2 })).toThrow(
      expect.objectContaining({ code: 'PROJECT_COMPLETE' }),
    );
  });
});

describe(attunementPenaltyDice.name, () => {
  it('costs −1d per attuned artifact beyond three (5 attuned: −2d)', () => {
    expect([0, 3, 4, 5].map(attunementPenaltyDice)).toEqual([0, 0, 1, 2]);
  });
});

describe(attunementRitual.name, () => {
  it('replays the golden ritual for a fixed seed', () => {
    expect(attunementRitual({ discipline: 2 }, new Dice(createRng('golden-attune')))).toEqual({
      dice: 4,
      faces: [2, 4, 3, 3],
      successes: 1,
      objective: 3,
      passed: false,
      margin: -2,
      odds: { success: 0.3125 },
    });
  });

  it('is an Ob 3 test of 2 + Discipline, less penalty dice, with exact odds', () => {
    const out = attunementRitual({ discipline: 2, penaltyDice: 1 }, scripted(4, 5, 6));
    expect(out).toMatchObject({ dice: 3, successes: 3, objective: 3, passed: true });
    const h = successHistogram(4);
    expect(attunementRitual({ discipline: 2 }, scripted()).odds.success).toBeCloseTo(
      (h[3] + h[4]) / 6 ** 4,
      15,
    );
  });
});

describe(channelingTest.name, () => {
  it('passes when successes reach the channeling Ob', () => {
    expect(channelingTest({ sorcerySkill: 1, objective: 2 }, scripted(4, 4, 1))).toMatchObject({
      dice: 3,
      passed: true,
    });
    expect(channelingTest({ sorcerySkill: 1, objective: 2 }, scripted(4, 1, 1)).passed).toBe(false);
    expect(() => channelingTest({ sorcerySkill: 1, objective: 0 }, scripted())).toThrow(
      expect.objectContaining({ field: 'objective' }),
    );
  });
});

describe(orbIntegrationTest.name, () => {
  it('is an Ob 5 Arcane Lore test', () => {
    expect(orbIntegrationTest({ arcaneLore: 3 }, scripted(4, 4, 4, 4, 4))).toMatchObject({
      dice: 5,
      objective: 5,
      passed: true,
    });
  });
});

describe(affixCost.name, () => {
  it('costs 5 Cash and 5 Cybalt per point of Ob', () => {
    expect(affixCost(3)).toEqual({ cash: 15, cybalt: 15 });
  });
});

describe(nextChannelingStreak.name, () => {
  it('completes after three passing days in a row', () => {
    let s = { streak: 0, lastDay: null as number | null };
    for (const day of [4, 5, 6]) s = nextChannelingStreak(s, day, true);
    expect(s).toMatchObject({ streak: 3, complete: true });
  });

  it('restarts the count after a failed or a skipped day and refuses a second try the same day', () => {
    const two = nextChannelingStreak(nextChannelingStreak({ streak: 0, lastDay: null }, 1, true), 2, true);
    expect(nextChannelingStreak(two, 3, false)).toMatchObject({
      streak: 0,
      restarted: true,
      complete: false,
    });
    expect(nextChannelingStreak(two, 4, true)).toMatchObject({ streak: 1, restarted: true });
    expect(() => nextChannelingStreak(two, 2, true)).toThrow(
      expect.objectContaining({ code: 'ALREADY_ROLLED_TODAY' }),
    );
  });
});
