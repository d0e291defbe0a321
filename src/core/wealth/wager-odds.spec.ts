import fc from 'fast-check';
import { RuleError } from '../errors';
import { smallestWagerFor, wagerOdds, wagerProbability, type WagerProcedureInput } from './wager-odds';
import { bruteForce } from '../../../test/factories/dice';

describe(wagerOdds.name, () => {
  it('describes a discount purchase: no base dice, Ob Cost − Wealth', () => {
    expect(wagerOdds({ procedure: 'purchase', cost: 6, wealth: 4 })).toEqual({
      procedure: 'purchase',
      baseDice: 0,
      objective: 2,
      flatCost: false,
    });
  });

  it('describes a pool-rule purchase: Wealth base dice, Ob Cost (+1 if scarce)', () => {
    expect(wagerOdds({ procedure: 'purchase', cost: 6, wealth: 5, rule: 'pool', scarcity: true })).toEqual({
      procedure: 'purchase',
      baseDice: 5,
      objective: 7,
      flatCost: false,
    });
  });

  it('describes a flat-cost purchase with no Objective', () => {
    expect(wagerOdds({ procedure: 'purchase', cost: 2, wealth: 5 })).toEqual({
      procedure: 'purchase',
      baseDice: 0,
      objective: null,
      flatCost: true,
    });
  });

  it('describes Wealth and stronghold improvements', () => {
    expect(wagerOdds({ procedure: 'improvement', targetRank: 6 })).toEqual({
      procedure: 'improvement',
      baseDice: 0,
      objective: 12,
      flatCost: false,
    });
    expect(wagerOdds({ procedure: 'stronghold', targetRank: 1, wealth: 3 })).toEqual({
      procedure: 'stronghold',
      baseDice: 3,
      objective: 10,
      flatCost: false,
    });
  });

  it('refuses an unknown procedure and bad procedure inputs', () => {
    expect(() => wagerOdds({ procedure: 'heist' } as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'procedure' }),
    );
    expect(() => wagerOdds(undefined as never)).toThrow(RuleError);
    expect(() => wagerOdds({ procedure: 'stronghold', targetRank: 1, wealth: 14 })).toThrow(RuleError);
    expect(() => wagerOdds({ procedure: 'improvement', targetRank: 0 })).toThrow(RuleError);
  });
});

describe(wagerProbability.name, () => {
  it('equals counting every success pattern for small pools', () => {
    for (let wager = 0; wager <= 12; wager++) {
      expect(wagerProbability({ procedure: 'purchase', cost: 6, wealth: 4 }, wager)).toBeCloseTo(
        bruteForce(wager, 2),
        12,
      );
      expect(
        wagerProbability({ procedure: 'purchase', cost: 6, wealth: 5, rule: 'pool' }, wager),
      ).toBeCloseTo(bruteForce(wager + 5, 6), 12);
      expect(wagerProbability({ procedure: 'improvement', targetRank: 3 }, wager)).toBeCloseTo(
        bruteForce(wager, 6),
        12,
      );
      expect(wagerProbability({ procedure: 'stronghold', targetRank: 1, wealth: 4 }, wager)).toBeCloseTo(
        bruteForce(wager + 4, 10),
        12,
      );
    }
  });

  it('is certain for a flat-cost purchase whatever the wager', () => {
    expect(wagerProbability({ procedure: 'purchase', cost: 1, wealth: 1 }, 0)).toBe(1);
    expect(wagerProbability({ procedure: 'purchase', cost: 1, wealth: 1 }, 9)).toBe(1);
  });

  it('refuses a negative wager', () => {
    expect(() => wagerProbability({ procedure: 'improvement', targetRank: 2 }, -1)).toThrow(RuleError);
  });

  it('stays between 0 and 1 and never falls as the wager grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 200 }), (rank, wager) => {
        const input: WagerProcedureInput = { procedure: 'improvement', targetRank: rank };
        const p = wagerProbability(input, wager);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
        expect(wagerProbability(input, wager + 1)).toBeGreaterThanOrEqual(p);
      }),
    );
  });
});

describe(smallestWagerFor.name, () => {
  it('finds that 23 Cash is the least for an even chance at Ob 12 (Wealth 5 → 6)', () => {
    expect(smallestWagerFor({ procedure: 'improvement', targetRank: 6 }, 0.5, 100)).toEqual({
      wager: 23,
      probability: expect.closeTo(0.5, 12),
    });
  });

  it('counts the Wealth dice towards the pool under the pool rule', () => {
    const result = smallestWagerFor({ procedure: 'purchase', cost: 6, wealth: 5, rule: 'pool' }, 0.5, 100);
    expect(result?.wager).toBe(6);
    expect(result?.probability).toBeCloseTo(bruteForce(11, 6), 12);
  });

  it('needs no wager for a flat-cost purchase', () => {
    expect(smallestWagerFor({ procedure: 'purchase', cost: 3, wealth: 3 }, 0.99, 10)).toEqual({
      wager: 0,
      probability: 1,
    });
  });

  it('answers null when the most dice allowed fall short', () => {
    expect(smallestWagerFor({ procedure: 'stronghold', targetRank: 12, wealth: 12 }, 0.9, 40)).toBeNull();
  });

  it('refuses a probability outside (0, 1]', () => {
    expect(() => smallestWagerFor({ procedure: 'improvement', targetRank: 2 }, 0, 10)).toThrow(RuleError);
    expect(() => smallestWagerFor({ procedure: 'purchase', cost: 1, wealth: 4 }, 1.5, 10)).toThrow(RuleError);
  });

  it('returns the least wager that reaches the chance: one die fewer falls short', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        (rank, wealth, probability) => {
          const input: WagerProcedureInput = { procedure: 'stronghold', targetRank: rank, wealth };
          const result = smallestWagerFor(input, probability, 200);
          expect(result).not.toBeNull();
          const { wager } = result!;
          expect(wagerProbability(input, wager)).toBeGreaterThanOrEqual(probability);
          if (wager > 0) expect(wagerProbability(input, wager - 1)).toBeLessThan(probability);
        },
      ),
    );
  });
});
