import fc from 'fast-check';
import { RuleError } from './errors';
import {
  MAX_ODDS_DICE,
  binomialPmf,
  binomialTail,
  poolSuccessProbability,
  smallestWager,
  versusOdds,
} from './odds';

/** A per-die chance as an exact fraction num/den. */
interface Chance {
  num: bigint;
  den: bigint;
}

const HALF: Chance = { num: 1n, den: 2n };
const THIRD: Chance = { num: 1n, den: 3n };
const FIVE_SIXTHS: Chance = { num: 5n, den: 6n };

function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length;
}

/** num/den as the nearest double, keeping full relative precision even far below 2^-1022 scale. */
function toNumber(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const shift = bitLength(den) - bitLength(num) + 64;
  const scaled = shift >= 0 ? (num << BigInt(shift)) / den : num / (den << BigInt(-shift));
  const half = Math.trunc(shift / 2);
  return Number(scaled) * 2 ** -half * 2 ** -(shift - half);
}

/** Exact numerators of P(X = i) over the common denominator den^n. */
function exactPmf(n: number, chance: Chance): { weights: bigint[]; total: bigint } {
  const fail = chance.den - chance.num;
  const weights: bigint[] = new Array<bigint>(n + 1);
  let choose = 1n;
  for (let i = 0; i <= n; i++) {
    weights[i] = choose;
    choose = (choose * BigInt(n - i)) / BigInt(i + 1);
  }
  // Multiply in num^i fail^(n-i) with running powers.
  let power = 1n;
  for (let i = 0; i <= n; i++) {
    weights[i] *= power;
    power *= chance.num;
  }
  power = 1n;
  for (let i = n; i >= 0; i--) {
    weights[i] *= power;
    power *= fail;
  }
  return { weights, total: chance.den ** BigInt(n) };
}

/** Exact P(X ≥ k) for every k = 0..n+1, as doubles. */
function exactTails(n: number, chance: Chance): number[] {
  const { weights, total } = exactPmf(n, chance);
  const tails = new Array<number>(n + 2).fill(0);
  let acc = 0n;
  for (let k = n; k >= 0; k--) {
    acc += weights[k];
    tails[k] = toNumber(acc, total);
  }
  return tails;
}

const asNumber = (chance: Chance): number => Number(chance.num) / Number(chance.den);

describe('odds', () => {
  describe(binomialTail.name, () => {
    it('is certain for k ≤ 0 and impossible for k > n', () => {
      expect(binomialTail(10, 0, 0.3)).toBe(1);
      expect(binomialTail(10, -5, 0.3)).toBe(1);
      expect(binomialTail(10, 11, 0.3)).toBe(0);
      expect(binomialTail(0, 0, 0.5)).toBe(1);
      expect(binomialTail(0, 1, 0.5)).toBe(0);
    });

    it('handles dice that never or always succeed', () => {
      expect(binomialTail(10, 1, 0)).toBe(0);
      expect(binomialTail(10, 10, 1)).toBe(1);
      expect(binomialTail(10, 3, 1)).toBe(1);
    });

    it('reads a fractional k as "at least the next whole number"', () => {
      expect(binomialTail(10, 2.5, 0.5)).toBe(binomialTail(10, 3, 0.5));
    });

    it('matches exact rational arithmetic for 10,000 fair dice to 1e-12', () => {
      const tails = exactTails(10_000, HALF);
      for (const k of [
        1, 4000, 4850, 4900, 4950, 4999, 5000, 5001, 5050, 5100, 5150, 5200, 5500, 6000, 9999, 10_000,
      ]) {
        expect(Math.abs(binomialTail(10_000, k, 0.5) - tails[k])).toBeLessThan(1e-12);
      }
    });

    it('keeps relative precision in far tails', () => {
      const tails = exactTails(10_000, HALF);
      for (const k of [5300, 5500, 6000, 6500]) {
        const exact = tails[k];
        expect(exact).toBeGreaterThan(0);
        expect(Math.abs(binomialTail(10_000, k, 0.5) - exact) / exact).toBeLessThan(1e-11);
      }
    });

    it('matches exact arithmetic for p = 1/3 and 5/6 over every k', () => {
      for (const [n, chance] of [
        [3000, THIRD],
        [2000, FIVE_SIXTHS],
        [257, THIRD],
        [31, FIVE_SIXTHS],
      ] as const) {
        const tails = exactTails(n, chance);
        const p = asNumber(chance);
        for (let k = 0; k <= n + 1; k++) {
          expect(Math.abs(binomialTail(n, k, p) - tails[k])).toBeLessThan(1e-12);
        }
      }
    });

    it('matches exact arithmetic for random small fractions', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 80 }),
          fc
            .integer({ min: 1, max: 12 })
            .chain((den) => fc.tuple(fc.integer({ min: 0, max: den }), fc.constant(den))),
          fc.integer({ min: -2, max: 82 }),
          (n, [num, den], k) => {
            const chance = { num: BigInt(num), den: BigInt(den) };
            const exact = k <= 0 ? 1 : k > n ? 0 : exactTails(n, chance)[k];
            expect(Math.abs(binomialTail(n, k, num / den) - exact)).toBeLessThan(1e-13);
          },
        ),
      );
    });

    it('stays a finite probability and falls as k rises, whatever the chance', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 10_000 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.integer({ min: -10, max: 10_010 }),
          (n, p, k) => {
            const here = binomialTail(n, k, p);
            const next = binomialTail(n, k + 1, p);
            expect(Number.isFinite(here)).toBe(true);
            expect(here).toBeGreaterThanOrEqual(0);
            expect(here).toBeLessThanOrEqual(1);
            expect(next).toBeLessThanOrEqual(here + 1e-15);
          },
        ),
      );
    });

    it('stays finite for chances at the edges of a double', () => {
      for (const p of [Number.MIN_VALUE, 1e-300, 1e-17, 1 - 2 ** -53, 0.5 - 2 ** -54]) {
        for (const k of [0, 1, 2, 5000, 9999, 10_000]) {
          const value = binomialTail(10_000, k, p);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
      }
      expect(binomialTail(10_000, 1, 1e-300)).toBeCloseTo(1e-296, 305);
    });

    it('refuses impossible arguments with a RuleError', () => {
      expect(() => binomialTail(-1, 0, 0.5)).toThrow(RuleError);
      expect(() => binomialTail(1.5, 0, 0.5)).toThrow(RuleError);
      expect(() => binomialTail(10, Number.NaN, 0.5)).toThrow(RuleError);
      expect(() => binomialTail(10, 1, 1.5)).toThrow(RuleError);
      expect(() => binomialTail(10, 1, Number.NaN)).toThrow(RuleError);
      expect(() => binomialTail(MAX_ODDS_DICE + 1, 1, 0.5)).toThrow(
        expect.objectContaining({ code: 'DICE_LIMIT_EXCEEDED', field: 'n' }),
      );
    });
  });

  describe(binomialPmf.name, () => {
    it('matches exact arithmetic entry by entry', () => {
      for (const [n, chance] of [
        [10_000, HALF],
        [1000, THIRD],
        [600, FIVE_SIXTHS],
        [0, HALF],
        [1, THIRD],
      ] as const) {
        const { weights, total } = exactPmf(n, chance);
        const pmf = binomialPmf(n, asNumber(chance));
        expect(pmf).toHaveLength(n + 1);
        pmf.forEach((value, i) => {
          const exact = toNumber(weights[i], total);
          expect(Math.abs(value - exact)).toBeLessThanOrEqual(1e-15 + 1e-12 * exact);
        });
      }
    });

    it('sums to 1 and never holds a negative or non-finite entry', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 3000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, p) => {
          const pmf = binomialPmf(n, p);
          expect(pmf.every((value) => Number.isFinite(value) && value >= 0)).toBe(true);
          expect(Math.abs(pmf.reduce((sum, value) => sum + value, 0) - 1)).toBeLessThan(1e-12);
        }),
      );
    });

    it('puts everything on one end when dice cannot fail or cannot succeed', () => {
      expect(binomialPmf(3, 0)).toEqual([1, 0, 0, 0]);
      expect(binomialPmf(3, 1)).toEqual([0, 0, 0, 1]);
    });
  });

  describe(poolSuccessProbability.name, () => {
    it('counts 4–6 on a d6 as a success', () => {
      expect(poolSuccessProbability(1, 1)).toBe(0.5);
      expect(poolSuccessProbability(2, 1)).toBe(0.75);
      expect(poolSuccessProbability(3, 2)).toBe(0.5);
      expect(poolSuccessProbability(4, 0)).toBe(1);
      expect(poolSuccessProbability(0, 1)).toBe(0);
    });

    it('equals counting all 6^n faces for small pools', () => {
      for (let dice = 0; dice <= 6; dice++) {
        const histogram = new Array<number>(dice + 1).fill(0);
        for (let code = 0; code < 6 ** dice; code++) {
          let successes = 0;
          for (let rest = code, i = 0; i < dice; i++, rest = Math.floor(rest / 6))
            if (rest % 6 >= 3) successes++;
          histogram[successes]++;
        }
        for (let objective = 0; objective <= dice + 1; objective++) {
          const passing = histogram.slice(objective).reduce((sum, count) => sum + count, 0);
          expect(poolSuccessProbability(dice, objective)).toBeCloseTo(passing / 6 ** dice, 14);
        }
      }
    });
  });

  describe(smallestWager.name, () => {
    it('finds the fewest dice that reach the chance', () => {
      // Ob 3 needs 9 dice for 91 %; 8 dice give only 85.5 %.
      expect(smallestWager({ baseDice: 0, objective: 3, probability: 0.9, maxDice: 100 })).toEqual({
        wager: 9,
        probability: binomialTail(9, 3, 0.5),
      });
      expect(smallestWager({ baseDice: 5, objective: 3, probability: 0.9, maxDice: 100 })?.wager).toBe(4);
    });

    it('needs no wager when the base pool already reaches the chance', () => {
      expect(smallestWager({ baseDice: 10, objective: 1, probability: 0.5, maxDice: 10 })).toEqual({
        wager: 0,
        probability: binomialTail(10, 1, 0.5),
      });
    });

    it('is null when even the largest pool falls short', () => {
      expect(smallestWager({ baseDice: 0, objective: 12, probability: 0.5, maxDice: 20 })).toBeNull();
      expect(smallestWager({ baseDice: 5, objective: 1, probability: 0.5, maxDice: 4 })).toBeNull();
    });

    it('grants certainty only when it is exact', () => {
      expect(smallestWager({ baseDice: 0, objective: 1, probability: 1, maxDice: 1000 })).toBeNull();
      expect(smallestWager({ baseDice: 3, objective: 0, probability: 1, maxDice: 3 })).toEqual({
        wager: 0,
        probability: 1,
      });
      expect(
        smallestWager({ baseDice: 1, objective: 4, probability: 1, maxDice: 9, successChance: 1 }),
      ).toEqual({
        wager: 3,
        probability: 1,
      });
    });

    it('uses the per-die chance it is given', () => {
      expect(
        smallestWager({ baseDice: 0, objective: 1, probability: 0.9, maxDice: 50, successChance: 1 / 6 }),
      ).toEqual({
        wager: 13,
        probability: binomialTail(13, 1, 1 / 6),
      });
    });

    it('returns a wager that reaches the chance where one die fewer does not', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 40 }),
          fc.integer({ min: -1, max: 40 }),
          fc.double({ min: 0.001, max: 0.999, noNaN: true }),
          fc.integer({ min: 0, max: 120 }),
          fc.constantFrom(1 / 2, 1 / 3, 5 / 6),
          (baseDice, objective, probability, maxDice, successChance) => {
            const found = smallestWager({ baseDice, objective, probability, maxDice, successChance });
            if (found === null) {
              if (baseDice <= maxDice)
                expect(binomialTail(maxDice, objective, successChance)).toBeLessThan(probability);
              return;
            }
            const dice = baseDice + found.wager;
            expect(dice).toBeLessThanOrEqual(maxDice);
            expect(found.probability).toBe(binomialTail(dice, objective, successChance));
            expect(found.probability).toBeGreaterThanOrEqual(probability);
            if (found.wager > 0)
              expect(binomialTail(dice - 1, objective, successChance)).toBeLessThan(probability);
          },
        ),
      );
    });

    it('refuses a chance outside (0, 1]', () => {
      for (const probability of [0, -0.1, 1.01, Number.NaN]) {
        expect(() => smallestWager({ baseDice: 0, objective: 1, probability, maxDice: 10 })).toThrow(
          expect.objectContaining({ code: 'INVALID_INPUT', field: 'probability' }),
        );
      }
    });
  });

  describe(versusOdds.name, () => {
    /** How many of the 6^dice rolls score each number of successes. */
    function enumerate(dice: number): number[] {
      const histogram = new Array<number>(dice + 1).fill(0);
      for (let code = 0; code < 6 ** dice; code++) {
        let successes = 0;
        for (let rest = code, i = 0; i < dice; i++, rest = Math.floor(rest / 6))
          if (rest % 6 >= 3) successes++;
        histogram[successes]++;
      }
      return histogram;
    }

    it('equals counting every pair of rolls for small pools', () => {
      for (let a = 0; a <= 5; a++) {
        for (let b = 0; b <= 5; b++) {
          const ha = enumerate(a);
          const hb = enumerate(b);
          let first = 0;
          let second = 0;
          let tie = 0;
          ha.forEach((ca, i) =>
            hb.forEach((cb, j) => {
              if (i > j) first += ca * cb;
              else if (i < j) second += ca * cb;
              else tie += ca * cb;
            }),
          );
          const rolls = 6 ** (a + b);
          const odds = versusOdds(a, b);
          expect(odds.first).toBeCloseTo(first / rolls, 15);
          expect(odds.second).toBeCloseTo(second / rolls, 15);
          expect(odds.tie).toBeCloseTo(tie / rolls, 15);
        }
      }
    });

    it('sums to 1 and mirrors when the sides swap', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 400 }),
          fc.integer({ min: 0, max: 400 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          (a, b, pA, pB) => {
            const odds = versusOdds(a, b, pA, pB);
            const swapped = versusOdds(b, a, pB, pA);
            expect(odds.first + odds.second + odds.tie).toBeCloseTo(1, 12);
            expect(odds.first).toBeCloseTo(swapped.second, 12);
            expect(odds.tie).toBeCloseTo(swapped.tie, 12);
          },
        ),
      );
    });

    it('matches exact arithmetic for large unequal pools', () => {
      const a = exactPmf(300, HALF);
      const b = exactPmf(280, HALF);
      let first = 0n;
      let tie = 0n;
      let bBelow = 0n;
      for (let i = 0; i <= 300; i++) {
        if (i <= 280) tie += a.weights[i] * b.weights[i];
        first += a.weights[i] * bBelow;
        if (i <= 280) bBelow += b.weights[i];
      }
      const total = a.total * b.total;
      const odds = versusOdds(300, 280);
      expect(Math.abs(odds.first - toNumber(first, total))).toBeLessThan(1e-13);
      expect(Math.abs(odds.tie - toNumber(tie, total))).toBeLessThan(1e-13);
    });

    it('stays finite and symmetric for 10,000 against 10,000 dice', () => {
      const odds = versusOdds(10_000, 10_000);
      expect(odds.first).toBeCloseTo(odds.second, 12);
      expect(odds.first + odds.second + odds.tie).toBeCloseTo(1, 12);
    });
  });
});
