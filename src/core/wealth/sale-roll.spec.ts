import fc from 'fast-check';
import { RuleError } from '../errors';
import { Dice, createRng } from '../random';
import { saleRoll } from './sale-roll';

const diceFor = (seed: string): Dice => new Dice(createRng(seed));

describe(saleRoll.name, () => {
  it('replays the golden sale: Cost 9 at Wealth 4 rolls five dice', () => {
    expect(saleRoll({ cost: 9, wealth: 4 }, diceFor('sale'))).toEqual({
      pool: 5,
      faces: [6, 2, 4, 1, 2],
      successes: 2,
      cashGained: 2,
      nothingGained: false,
      odds: { expected: 2.5, atLeastOne: expect.closeTo(0.96875, 12) },
    });
  });

  it('brings nothing and rolls nothing when the Cost does not exceed Wealth', () => {
    for (const cost of [0, 3, 4]) {
      const dice = diceFor('pocket-change');
      expect(saleRoll({ cost, wealth: 4 }, dice)).toEqual({
        pool: 0,
        faces: [],
        successes: null,
        cashGained: 0,
        nothingGained: true,
        odds: { expected: 0, atLeastOne: 0 },
      });
      expect(dice.faces).toEqual([]);
    }
  });

  it('refuses Wealth outside 0 to 12 and a negative Cost', () => {
    expect(() => saleRoll({ cost: 5, wealth: 13 }, diceFor('x'))).toThrow(RuleError);
    expect(() => saleRoll({ cost: -2, wealth: 1 }, diceFor('x'))).toThrow(RuleError);
  });

  const sales = fc.record({ cost: fc.integer({ min: 0, max: 60 }), wealth: fc.integer({ min: 0, max: 12 }) });

  it('gives the same outcome for the same seed', () => {
    fc.assert(
      fc.property(sales, fc.string({ minLength: 1 }), (input, seed) => {
        expect(saleRoll(input, diceFor(seed))).toEqual(saleRoll(input, diceFor(seed)));
      }),
    );
  });

  it('gains 1 Cash per success, never more than the dice rolled, with odds in range', () => {
    fc.assert(
      fc.property(sales, fc.string({ minLength: 1 }), (input, seed) => {
        const outcome = saleRoll(input, diceFor(seed));
        expect(outcome.pool).toBe(Math.max(0, input.cost - input.wealth));
        expect(outcome.cashGained).toBe(outcome.successes ?? 0);
        expect(outcome.cashGained).toBeLessThanOrEqual(outcome.pool);
        expect(outcome.odds.atLeastOne).toBeGreaterThanOrEqual(0);
        expect(outcome.odds.atLeastOne).toBeLessThanOrEqual(1);
        expect(outcome.odds.expected).toBe(outcome.pool / 2);
      }),
    );
  });
});
