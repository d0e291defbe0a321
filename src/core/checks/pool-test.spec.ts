import fc from 'fast-check';
import { RuleError } from '../errors';
import { createRng, Dice } from '../random';
import { poolDice, poolTest } from './pool-test';
import { scripted, successHistogram } from '../../../test/factories/dice';

describe(poolTest.name, () => {
  it('counts 4, 5 and 6 as successes and passes on reaching the Objective', () => {
    const outcome = poolTest({ pool: 5, objective: 3 }, scripted(1, 4, 3, 6, 5));
    expect(outcome).toEqual({
      dice: 5,
      faces: [1, 4, 3, 6, 5],
      successes: 3,
      objective: 3,
      passed: true,
      margin: 0,
      odds: { success: 0.5 },
    });
  });

  it('gives a negative margin on a failure', () => {
    const outcome = poolTest({ pool: 3, objective: 3 }, scripted(1, 2, 6));
    expect(outcome.passed).toBe(false);
    expect(outcome.margin).toBe(-2);
  });

  it('adds free successes to the margin of a pass only', () => {
    expect(poolTest({ pool: 2, objective: 1, freeSuccesses: 2 }, scripted(6, 1)).margin).toBe(2);
    expect(poolTest({ pool: 2, objective: 2, freeSuccesses: 2 }, scripted(6, 1))).toMatchObject({
      passed: false,
      margin: -1,
    });
  });

  it('adds bonus and helping dice and removes penalty dice', () => {
    const outcome = poolTest({ pool: 3, bonusDice: 2, helpers: 2, penaltyDice: 1, objective: 2 }, scripted());
    expect(outcome.dice).toBe(6);
    expect(outcome.faces).toHaveLength(6);
  });

  it('rolls nothing when penalties outweigh the pool, passing only an Ob 0 test', () => {
    expect(poolTest({ pool: 2, penaltyDice: 5, objective: 1 }, scripted())).toEqual({
      dice: 0,
      faces: [],
      successes: 0,
      objective: 1,
      passed: false,
      margin: -1,
      odds: { success: 0 },
    });
    expect(poolTest({ pool: 0, objective: 0 }, scripted())).toMatchObject({
      passed: true,
      odds: { success: 1 },
    });
  });

  it('answers the exact odds of counting every face, for pools up to 6 dice', () => {
    for (let dice = 0; dice <= 6; dice++) {
      const histogram = successHistogram(dice);
      for (let objective = 0; objective <= 7; objective++) {
        const passing = histogram.slice(objective).reduce((sum, count) => sum + count, 0);
        const outcome = poolTest({ pool: dice, objective }, new Dice(createRng('odds')));
        expect(outcome.odds.success).toBe(passing / 6 ** dice);
      }
    }
  });

  it('gives the same outcome for the same seed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        (seed, pool, objective, bonusDice, penaltyDice) => {
          const input = { pool, objective, bonusDice, penaltyDice };
          expect(poolTest(input, new Dice(createRng(seed)))).toStrictEqual(
            poolTest(input, new Dice(createRng(seed))),
          );
        },
      ),
    );
  });

  it('keeps its invariants: faces match dice, successes within dice, odds a probability, plain JSON', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.record({
          pool: fc.integer({ min: 0, max: 60 }),
          objective: fc.integer({ min: 0, max: 30 }),
          bonusDice: fc.integer({ min: 0, max: 5 }),
          penaltyDice: fc.integer({ min: 0, max: 70 }),
          helpers: fc.integer({ min: 0, max: 4 }),
          freeSuccesses: fc.integer({ min: 0, max: 3 }),
        }),
        (seed, input) => {
          const outcome = poolTest(input, new Dice(createRng(seed)));
          expect(outcome.faces).toHaveLength(outcome.dice);
          expect(outcome.faces.every((face) => face >= 1 && face <= 6)).toBe(true);
          expect(outcome.successes).toBeLessThanOrEqual(outcome.dice);
          expect(outcome.passed).toBe(outcome.successes >= input.objective);
          expect(outcome.odds.success).toBeGreaterThanOrEqual(0);
          expect(outcome.odds.success).toBeLessThanOrEqual(1);
          expect(JSON.parse(JSON.stringify(outcome))).toStrictEqual(outcome);
        },
      ),
    );
  });

  it('refuses bad input with a RuleError naming the field', () => {
    const cases: [unknown, string][] = [
      [{ pool: -1, objective: 1 }, 'pool'],
      [{ pool: 2.5, objective: 1 }, 'pool'],
      [{ pool: '3', objective: 1 }, 'pool'],
      [{ pool: 3, objective: -1 }, 'objective'],
      [{ pool: 3 }, 'objective'],
      [{ pool: 3, objective: 1, bonusDice: -1 }, 'bonusDice'],
      [{ pool: 3, objective: 1, penaltyDice: -1 }, 'penaltyDice'],
      [{ pool: 3, objective: 1, helpers: 0.5 }, 'helpers'],
      [{ pool: 3, objective: 1, freeSuccesses: -2 }, 'freeSuccesses'],
      [null, 'input'],
    ];
    for (const [input, field] of cases) {
      expect(() => poolTest(input as never, scripted())).toThrow(
        expect.objectContaining({ name: 'RuleError', code: 'INVALID_INPUT', field }),
      );
    }
  });

  it('names the pool when the dice limit is exceeded', () => {
    expect(() => poolTest({ pool: 1001, objective: 1 }, new Dice(createRng('big')))).toThrow(
      expect.objectContaining({ code: 'DICE_LIMIT_EXCEEDED', field: 'pool' }),
    );
  });
});

describe(poolDice.name, () => {
  it('floors at zero and prefixes fields of a nested side', () => {
    expect(poolDice({ pool: 1, penaltyDice: 3 })).toBe(0);
    expect(() => poolDice({ pool: -1 }, 'first')).toThrow(RuleError);
    expect(() => poolDice({ pool: -1 }, 'first')).toThrow(expect.objectContaining({ field: 'first.pool' }));
  });
});
