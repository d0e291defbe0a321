import fc from 'fast-check';
import { RuleError } from '../errors';
import { Dice, createRng } from '../random';
import { incomeRoll } from './income-roll';

const diceFor = (seed: string): Dice => new Dice(createRng(seed));

describe(incomeRoll.name, () => {
  it('replays the golden income: Wealth 5 and two economic tags roll seven dice', () => {
    expect(incomeRoll({ wealth: 5, economicTags: 2 }, diceFor('income'))).toEqual({
      pool: 7,
      faces: [1, 4, 3, 5, 1, 4, 1],
      successes: 3,
      cashGained: 3,
      odds: { expected: 3.5, atLeastOne: expect.closeTo(0.9921875, 12) },
    });
  });

  it('rolls nothing and gains nothing at Wealth 0 without tags', () => {
    expect(incomeRoll({ wealth: 0 }, diceFor('poor'))).toEqual({
      pool: 0,
      faces: [],
      successes: 0,
      cashGained: 0,
      odds: { expected: 0, atLeastOne: 0 },
    });
  });

  it('refuses Wealth outside 0 to 12 and a negative number of tags', () => {
    expect(() => incomeRoll({ wealth: 12.5 }, diceFor('x'))).toThrow(RuleError);
    expect(() => incomeRoll({ wealth: 3, economicTags: -1 }, diceFor('x'))).toThrow(RuleError);
  });

  it('names the input that pushed the pool over the dice limit', () => {
    const limited = (seed: string) =>
      new Dice(createRng(seed), { maxDicePerRoll: 6, maxDicePerRequest: 100 });
    const fieldOf = (input: { wealth: number; economicTags?: number }) => {
      try {
        incomeRoll(input, limited('limit'));
      } catch (error) {
        return (error as RuleError).field;
      }
      return null;
    };
    expect(fieldOf({ wealth: 5, economicTags: 3 })).toBe('economicTags');
    expect(fieldOf({ wealth: 8 })).toBe('wealth');
    expect(fieldOf({ wealth: 8, economicTags: 2 })).toBe('wealth');
    expect(fieldOf({ wealth: 4, economicTags: 2 })).toBeNull();
  });

  const incomes = fc.record({
    wealth: fc.integer({ min: 0, max: 12 }),
    economicTags: fc.integer({ min: 0, max: 24 }),
  });

  it('gives the same outcome for the same seed', () => {
    fc.assert(
      fc.property(incomes, fc.string({ minLength: 1 }), (input, seed) => {
        expect(incomeRoll(input, diceFor(seed))).toEqual(incomeRoll(input, diceFor(seed)));
      }),
    );
  });

  it('rolls Wealth plus tags and gains one Cash per success, within the pool', () => {
    fc.assert(
      fc.property(incomes, fc.string({ minLength: 1 }), (input, seed) => {
        const outcome = incomeRoll(input, diceFor(seed));
        expect(outcome.pool).toBe(input.wealth + input.economicTags);
        expect(outcome.faces).toHaveLength(outcome.pool);
        expect(outcome.cashGained).toBe(outcome.faces.filter((face) => face >= 4).length);
        expect(outcome.successes).toBeLessThanOrEqual(outcome.pool);
        expect(outcome.odds.atLeastOne).toBeGreaterThanOrEqual(0);
        expect(outcome.odds.atLeastOne).toBeLessThanOrEqual(1);
      }),
    );
  });
});
