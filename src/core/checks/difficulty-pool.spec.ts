import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { difficultyPool } from './difficulty-pool';
import { scripted } from '../../../test/factories/dice';

describe(difficultyPool.name, () => {
  it('sums the stats and bonus into the pool and counts dice at or above the rating', () => {
    expect(difficultyPool({ stats: [2, 1], bonus: 1, difficulty: 4 }, scripted(4, 3, 6, 1))).toEqual({
      dice: 4,
      faces: [4, 3, 6, 1],
      requestedDifficulty: 4,
      effectiveDifficulty: 4,
      clamped: false,
      successes: 2,
      objective: 1,
      passed: true,
      odds: { success: 0.9375, perDie: 0.5 },
    });
  });

  it('clamps a rating outside 2..6 and says so', () => {
    expect(difficultyPool({ stats: [1], difficulty: 9 }, scripted(6))).toMatchObject({
      requestedDifficulty: 9,
      effectiveDifficulty: 6,
      clamped: true,
      passed: true,
      odds: { perDie: 1 / 6 },
    });
    expect(difficultyPool({ stats: [1], difficulty: 0 }, scripted(1))).toMatchObject({
      effectiveDifficulty: 2,
      clamped: true,
      passed: false,
    });
  });

  it('lets a negative bonus empty the pool', () => {
    expect(
      difficultyPool({ stats: [1, 1], bonus: -5, difficulty: 3, objective: 1 }, scripted()),
    ).toMatchObject({
      dice: 0,
      faces: [],
      passed: false,
      odds: { success: 0 },
    });
  });

  it('answers the exact odds of counting every face, for pools up to 6 dice', () => {
    for (let dice = 0; dice <= 6; dice++) {
      for (let difficulty = 1; difficulty <= 7; difficulty++) {
        const rating = Math.min(6, Math.max(2, difficulty));
        const counts = new Array<number>(dice + 1).fill(0);
        for (let code = 0; code < 6 ** dice; code++) {
          let hits = 0;
          for (let rest = code, i = 0; i < dice; i++, rest = Math.floor(rest / 6))
            if ((rest % 6) + 1 >= rating) hits++;
          counts[hits]++;
        }
        for (let objective = 0; objective <= dice + 1; objective++) {
          const passing = counts.slice(objective).reduce((a, b) => a + b, 0);
          const { odds } = difficultyPool({ stats: [dice], difficulty, objective }, scripted());
          expect(odds.success).toBeCloseTo(passing / 6 ** dice, 15);
          expect(odds.perDie).toBe((7 - rating) / 6);
        }
      }
    }
  });

  it('gives the same outcome for the same seed and keeps its invariants', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: -10, max: 10 }),
        fc.integer({ min: -5, max: 12 }),
        fc.integer({ min: 0, max: 10 }),
        (seed, stats, bonus, difficulty, objective) => {
          const input = { stats, bonus, difficulty, objective };
          const outcome = difficultyPool(input, new Dice(createRng(seed)));
          expect(difficultyPool(input, new Dice(createRng(seed)))).toStrictEqual(outcome);
          expect(outcome.faces).toHaveLength(outcome.dice);
          expect(outcome.successes).toBeLessThanOrEqual(outcome.dice);
          expect(outcome.effectiveDifficulty).toBeGreaterThanOrEqual(2);
          expect(outcome.effectiveDifficulty).toBeLessThanOrEqual(6);
          expect(outcome.odds.success).toBeGreaterThanOrEqual(0);
          expect(outcome.odds.success).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('refuses bad input with a RuleError naming the field', () => {
    const cases: [unknown, string][] = [
      [{ stats: [], difficulty: 3 }, 'stats'],
      [{ stats: [1, 1, 1, 1, 1, 1, 1], difficulty: 3 }, 'stats'],
      [{ stats: 'str', difficulty: 3 }, 'stats'],
      [{ stats: [1, -1], difficulty: 3 }, 'stats[1]'],
      [{ stats: [1], difficulty: 3.5 }, 'difficulty'],
      [{ stats: [1] }, 'difficulty'],
      [{ stats: [1], difficulty: 3, bonus: 0.5 }, 'bonus'],
      [{ stats: [1], difficulty: 3, objective: -1 }, 'objective'],
    ];
    for (const [input, field] of cases) {
      expect(() => difficultyPool(input as never, scripted())).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', field }),
      );
    }
  });
});
