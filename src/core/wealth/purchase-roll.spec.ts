import fc from 'fast-check';
import { RuleError } from '../errors';
import { Dice, createRng } from '../random';
import { purchaseRoll, purchaseTest } from './purchase-roll';
import { bruteForce } from '../../../test/factories/dice';

const diceFor = (seed: string): Dice => new Dice(createRng(seed));

describe(purchaseTest.name, () => {
  it('sets Ob to Cost minus Wealth under the discount rule (Wealth 4, Cost 6 is Ob 2)', () => {
    expect(purchaseTest({ cost: 6, wealth: 4 })).toEqual({
      rule: 'discount',
      cost: 6,
      baseDice: 0,
      objective: 2,
      flatCost: false,
    });
  });

  it('adds Wealth dice and keeps Ob at the Cost under the pool rule', () => {
    expect(purchaseTest({ cost: 6, wealth: 5, rule: 'pool' })).toEqual({
      rule: 'pool',
      cost: 6,
      baseDice: 5,
      objective: 6,
      flatCost: false,
    });
  });

  it('raises the Cost by one for scarcity', () => {
    expect(purchaseTest({ cost: 6, wealth: 4, scarcity: true }).objective).toBe(3);
    expect(purchaseTest({ cost: 6, wealth: 4, scarcity: true, rule: 'pool' }).objective).toBe(7);
  });

  it('makes a flat cost when Wealth covers the Cost under the discount rule', () => {
    expect(purchaseTest({ cost: 4, wealth: 4 })).toMatchObject({ objective: null, flatCost: true });
    expect(purchaseTest({ cost: 4, wealth: 4, scarcity: true })).toMatchObject({
      objective: 1,
      flatCost: false,
    });
  });

  it('refuses Wealth outside 0 to 12, a negative Cost and an unknown rule', () => {
    for (const input of [
      { cost: 3, wealth: 13 },
      { cost: 3, wealth: -1 },
      { cost: 3, wealth: 2.5 },
      { cost: -1, wealth: 2 },
      { cost: 3, wealth: 2, rule: 'bribe' },
      { cost: 3, wealth: 2, scarcity: 'yes' },
    ]) {
      expect(() => purchaseTest(input as never)).toThrow(RuleError);
    }
    try {
      purchaseTest({ cost: -1, wealth: 2 });
    } catch (error) {
      expect(error).toMatchObject({ code: 'INVALID_INPUT', field: 'cost' });
    }
  });
});

describe(purchaseRoll.name, () => {
  it('replays the golden discount purchase: Wealth 4, Cost 6, four Cash wagered', () => {
    expect(purchaseRoll({ cost: 6, wealth: 4, wager: 4 }, diceFor('purchase-discount'))).toEqual({
      rule: 'discount',
      cost: 6,
      objective: 2,
      wager: 4,
      pool: 4,
      faces: [5, 6, 5, 5],
      successes: 4,
      acquired: true,
      cashSpent: 4,
      flatCost: false,
      odds: { success: expect.closeTo(0.6875, 12) },
    });
  });

  it('replays the golden pool-rule warhorse: Wealth 5, Cost 6, seven Cash is 12 dice against Ob 6', () => {
    expect(purchaseRoll({ cost: 6, wealth: 5, wager: 7, rule: 'pool' }, diceFor('purchase-pool'))).toEqual({
      rule: 'pool',
      cost: 6,
      objective: 6,
      wager: 7,
      pool: 12,
      faces: [4, 2, 2, 6, 6, 2, 3, 6, 4, 6, 4, 4],
      successes: 8,
      acquired: true,
      cashSpent: 7,
      flatCost: false,
      odds: { success: expect.closeTo(0.61279296875, 12) },
    });
  });

  it('replays the golden scarce purchase that fails and still spends the wager', () => {
    expect(
      purchaseRoll({ cost: 6, wealth: 4, wager: 3, scarcity: true }, diceFor('purchase-scarce')),
    ).toEqual({
      rule: 'discount',
      cost: 7,
      objective: 3,
      wager: 3,
      pool: 3,
      faces: [5, 3, 3],
      successes: 1,
      acquired: false,
      cashSpent: 3,
      flatCost: false,
      odds: { success: expect.closeTo(0.125, 12) },
    });
  });

  it('buys a discounted item for a flat 1 Cash without rolling, ignoring the wager', () => {
    const dice = diceFor('purchase-flat');
    expect(purchaseRoll({ cost: 3, wealth: 5, wager: 2 }, dice)).toEqual({
      rule: 'discount',
      cost: 3,
      objective: null,
      wager: 2,
      pool: 0,
      faces: [],
      successes: null,
      acquired: true,
      cashSpent: 1,
      flatCost: true,
      odds: { success: 1 },
    });
    expect(dice.faces).toEqual([]);
  });

  it('always acquires a Cost 0 item under the pool rule, rolling the Wealth dice anyway', () => {
    const outcome = purchaseRoll({ cost: 0, wealth: 2, wager: 0, rule: 'pool' }, diceFor('free'));
    expect(outcome).toMatchObject({
      objective: 0,
      pool: 2,
      acquired: true,
      cashSpent: 0,
      odds: { success: 1 },
    });
  });

  it('fails for certain with no dice against a positive Ob', () => {
    const outcome = purchaseRoll({ cost: 6, wealth: 4, wager: 0 }, diceFor('broke'));
    expect(outcome).toMatchObject({
      pool: 0,
      faces: [],
      successes: 0,
      acquired: false,
      odds: { success: 0 },
    });
  });

  it('gives odds equal to counting every success pattern for small pools', () => {
    for (let wager = 0; wager <= 10; wager++) {
      for (let cost = 0; cost <= 10; cost++) {
        const discount = purchaseRoll({ cost, wealth: 2, wager }, diceFor('odds'));
        if (!discount.flatCost) {
          expect(discount.odds.success).toBeCloseTo(bruteForce(wager, cost - 2), 12);
        }
        const pool = purchaseRoll({ cost, wealth: 2, wager, rule: 'pool' }, diceFor('odds'));
        expect(pool.odds.success).toBeCloseTo(bruteForce(wager + 2, cost), 12);
      }
    }
  });

  it('records its faces in the Dice it was given', () => {
    const dice = diceFor('record');
    const outcome = purchaseRoll({ cost: 9, wealth: 1, wager: 6 }, dice);
    expect(dice.faces).toEqual(outcome.faces);
  });

  it('refuses a negative or fractional wager and a pool over the dice limit', () => {
    expect(() => purchaseRoll({ cost: 6, wealth: 4, wager: -1 }, diceFor('x'))).toThrow(RuleError);
    expect(() => purchaseRoll({ cost: 6, wealth: 4, wager: 1.5 }, diceFor('x'))).toThrow(RuleError);
    expect(() => purchaseRoll(null as never, diceFor('x'))).toThrow(RuleError);
    expect(() => purchaseRoll({ cost: 6, wealth: 4, wager: 1001 }, diceFor('x'))).toThrow(
      expect.objectContaining({ code: 'DICE_LIMIT_EXCEEDED', field: 'wager' }),
    );
  });

  const purchases = fc.record({
    cost: fc.integer({ min: 0, max: 42 }),
    wealth: fc.integer({ min: 0, max: 12 }),
    wager: fc.integer({ min: 0, max: 60 }),
    rule: fc.constantFrom('discount' as const, 'pool' as const),
    scarcity: fc.boolean(),
  });

  it('gives the same outcome for the same seed', () => {
    fc.assert(
      fc.property(purchases, fc.string({ minLength: 1, maxLength: 20 }), (input, seed) => {
        expect(purchaseRoll(input, diceFor(seed))).toEqual(purchaseRoll(input, diceFor(seed)));
      }),
    );
  });

  it('spends the wager, or 1 Cash at a flat cost, and never more', () => {
    fc.assert(
      fc.property(purchases, fc.string({ minLength: 1 }), (input, seed) => {
        const outcome = purchaseRoll(input, diceFor(seed));
        expect(outcome.cashSpent).toBe(outcome.flatCost ? 1 : input.wager);
        expect(outcome.cashSpent).toBeLessThanOrEqual(Math.max(input.wager, 1));
      }),
    );
  });

  it('never counts more successes than dice and keeps odds between 0 and 1', () => {
    fc.assert(
      fc.property(purchases, fc.string({ minLength: 1 }), (input, seed) => {
        const outcome = purchaseRoll(input, diceFor(seed));
        expect(outcome.faces).toHaveLength(outcome.pool);
        expect(outcome.successes ?? 0).toBeLessThanOrEqual(outcome.pool);
        expect(outcome.odds.success).toBeGreaterThanOrEqual(0);
        expect(outcome.odds.success).toBeLessThanOrEqual(1);
        if (outcome.objective !== null && outcome.successes !== null) {
          expect(outcome.acquired).toBe(outcome.successes >= outcome.objective);
        }
      }),
    );
  });
});
