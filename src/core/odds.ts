import { RuleError } from './errors';

/**
 * Exact odds for dice pools: binomial tails, full distributions, "how many dice for P %" and
 * versus odds. Everything here is computed, never simulated, and stays finite for any valid input.
 *
 * The single-term probabilities use Loader's saddle-point form of the binomial pmf (the method R's
 * `dbinom` uses): it is accurate to a few ulps in relative terms for any n, so tails are summed from
 * their own starting term outwards and keep full relative precision even when they are tiny.
 */

/** The largest pool the odds functions accept; bigger pools are refused rather than slow. */
export const MAX_ODDS_DICE = 1_000_000;

const LN_2PI = Math.log(2 * Math.PI);

// stirlerr(n) = ln(n!) - ln(sqrt(2πn) (n/e)^n) for n = 0..15, rounded from a 40-digit computation;
// below 16 the asymptotic series is not yet accurate enough.
const STIRLERR_SMALL: readonly number[] = [
  0, 0.08106146679532726, 0.0413406959554093, 0.02767792568499834, 0.020790672103765093, 0.016644691189821193,
  0.013876128823070748, 0.01189670994589177, 0.010411265261972096, 0.009255462182712733, 0.00833056343336287,
  0.007573675487951841, 0.00694284010720953, 0.006408994188004207, 0.0059513701127588475,
  0.005554733551962801,
];

function stirlerr(n: number): number {
  if (n <= 15) return STIRLERR_SMALL[n];
  const s0 = 1 / 12;
  const s1 = 1 / 360;
  const s2 = 1 / 1260;
  const s3 = 1 / 1680;
  const s4 = 1 / 1188;
  const nn = n * n;
  if (n > 500) return (s0 - s1 / nn) / n;
  if (n > 80) return (s0 - (s1 - s2 / nn) / nn) / n;
  if (n > 35) return (s0 - (s1 - (s2 - s3 / nn) / nn) / nn) / n;
  return (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / n;
}

/** x ln(x/np) + np - x, without the cancellation the naive form suffers when x is close to np. */
function bd0(x: number, np: number): number {
  if (Math.abs(x - np) < 0.1 * (x + np)) {
    let v = (x - np) / (x + np);
    let s = (x - np) * v;
    let ej = 2 * x * v;
    v *= v;
    for (let j = 1; j < 1000; j++) {
      ej *= v;
      const next = s + ej / (2 * j + 1);
      if (next === s) return next;
      s = next;
    }
    return s;
  }
  return x * Math.log(x / np) + np - x;
}

/** P(X = x) for X ~ Binomial(n, p), q = 1 - p, 0 ≤ x ≤ n. */
function pmfAt(x: number, n: number, p: number, q: number): number {
  if (p === 0) return x === 0 ? 1 : 0;
  if (q === 0) return x === n ? 1 : 0;
  if (x === 0) {
    if (n === 0) return 1;
    return Math.exp(p < 0.1 ? -bd0(n, n * q) - n * p : n * Math.log(q));
  }
  if (x === n) {
    return Math.exp(q < 0.1 ? -bd0(n, n * p) - n * q : n * Math.log(p));
  }
  const lc = stirlerr(n) - stirlerr(x) - stirlerr(n - x) - bd0(x, n * p) - bd0(n - x, n * q);
  const lf = LN_2PI + Math.log(x) + Math.log1p(-x / n);
  return Math.exp(lc - 0.5 * lf);
}

// Up to here every binomial coefficient, and every product formed on the way to the next one, is an
// exact double; small pools (the common case at the table) are then summed term by term, which makes
// fair-die answers exact (they are sums of k·2^-n) and keeps full relative precision.
const SMALL_POOL = 50;

function smallPmf(n: number, p: number, q: number): number[] {
  const pmf = new Array<number>(n + 1);
  let choose = 1;
  for (let i = 0; i <= n; i++) {
    pmf[i] = choose * p ** i * q ** (n - i);
    choose = (choose * (n - i)) / (i + 1);
  }
  return pmf;
}

// Terms smaller than this fraction of the running sum can no longer change a double.
const NEGLIGIBLE = 1e-17;

/** P(X ≥ k) summed upwards from k; only called with k above the mode, where terms shrink. */
function upperSum(n: number, k: number, p: number, q: number): number {
  let term = pmfAt(k, n, p, q);
  let sum = term;
  for (let i = k; i < n && term > 0; i++) {
    const ratio = ((n - i) / (i + 1)) * (p / q);
    term *= ratio;
    sum += term;
    // Past the mode the ratio only falls, so a geometric series bounds everything still to come.
    if (ratio < 1 && (term * ratio) / (1 - ratio) < sum * NEGLIGIBLE) break;
  }
  return sum;
}

/** P(X ≤ k) summed downwards from k; only called with k below the mode, where terms shrink. */
function lowerSum(n: number, k: number, p: number, q: number): number {
  let term = pmfAt(k, n, p, q);
  let sum = term;
  for (let i = k; i > 0 && term > 0; i--) {
    const ratio = (i / (n - i + 1)) * (q / p);
    term *= ratio;
    sum += term;
    if (ratio < 1 && (term * ratio) / (1 - ratio) < sum * NEGLIGIBLE) break;
  }
  return sum;
}

function requireDice(n: number, field: string): void {
  if (!Number.isInteger(n) || n < 0) {
    throw new RuleError('INVALID_INPUT', 'A number of dice is a whole number, zero or more.', field);
  }
  if (n > MAX_ODDS_DICE) {
    throw new RuleError('DICE_LIMIT_EXCEEDED', `Odds are computed for at most ${MAX_ODDS_DICE} dice.`, field);
  }
}

function requireChance(p: number, field: string): void {
  if (!(p >= 0 && p <= 1)) {
    throw new RuleError('INVALID_INPUT', 'A chance is a number from 0 to 1.', field);
  }
}

function requireCount(k: number, field: string): void {
  if (Number.isNaN(k)) {
    throw new RuleError('INVALID_INPUT', 'A number of successes must be a number.', field);
  }
}

/**
 * P(X ≥ k) for X ~ Binomial(n, p): the chance that at least `k` of `n` dice succeed when each
 * succeeds with chance `p`. A fractional `k` means "at least ⌈k⌉"; k ≤ 0 is certain and k > n
 * impossible. Accurate to a few ulps relative to the larger of the answer and its complement.
 */
export function binomialTail(n: number, k: number, p: number): number {
  requireDice(n, 'n');
  requireCount(k, 'k');
  requireChance(p, 'p');
  const need = Math.ceil(k);
  if (need <= 0) return 1;
  if (need > n) return 0;
  const q = 1 - p;
  if (p === 0) return 0;
  if (q === 0) return 1;
  if (n <= SMALL_POOL) {
    const pmf = smallPmf(n, p, q);
    let sum = 0;
    for (let i = n; i >= need; i--) sum += pmf[i];
    return Math.min(1, sum);
  }
  const mode = Math.min(n, Math.floor((n + 1) * p));
  // Sum whichever side of the mode does not contain it, so every sum runs over shrinking terms.
  if (need > mode) return Math.min(1, upperSum(n, need, p, q));
  return Math.max(0, 1 - lowerSum(n, need - 1, p, q));
}

/** [P(X = 0), …, P(X = n)] for X ~ Binomial(n, p). */
export function binomialPmf(n: number, p: number): number[] {
  requireDice(n, 'n');
  requireChance(p, 'p');
  const q = 1 - p;
  if (n <= SMALL_POOL) return smallPmf(n, p, q);
  const pmf = new Array<number>(n + 1).fill(0);
  const mode = Math.min(n, Math.floor((n + 1) * p));
  pmf[mode] = pmfAt(mode, n, p, q);
  if (p === 0 || q === 0) return pmf;
  // Walk outwards from the mode; the ratios only shrink, so nothing can overflow, and the far
  // tails simply underflow to zero once they are below the smallest double.
  for (let i = mode; i < n; i++) pmf[i + 1] = pmf[i] * ((n - i) / (i + 1)) * (p / q);
  for (let i = mode; i > 0; i--) pmf[i - 1] = pmf[i] * (i / (n - i + 1)) * (q / p);
  return pmf;
}

/**
 * COEAC core: the chance that a pool of `dice` d6 scores at least `objective` successes, a die
 * succeeding on 4–6 (seed 003, "Core Mechanics").
 */
export function poolSuccessProbability(dice: number, objective: number): number {
  requireDice(dice, 'dice');
  requireCount(objective, 'objective');
  return binomialTail(dice, objective, 1 / 2);
}

export interface SmallestWagerArgs {
  /** Dice in the pool before any wager. */
  baseDice: number;
  /** Successes needed. */
  objective: number;
  /** The chance wanted, in (0, 1]. */
  probability: number;
  /** The most dice the pool may hold with the wager added (for example base + the Cash held). */
  maxDice: number;
  /** The chance that one die succeeds; 1/2 for COEAC's 4–6. */
  successChance?: number;
}

/**
 * COEAC wagers (seed 003, "Cash, Wealth"): the fewest extra dice `w ≥ 0` such that a pool of
 * `baseDice + w` reaches `objective` successes with at least `probability`, never exceeding
 * `maxDice`; null when even `maxDice` dice fall short. Certainty (probability 1) is only granted
 * when it is exact (objective ≤ 0, or dice that cannot fail), never to a chance that merely rounds
 * to 1.
 */
export function smallestWager(args: SmallestWagerArgs): { wager: number; probability: number } | null {
  const { baseDice, objective, probability, maxDice } = args;
  const p = args.successChance ?? 1 / 2;
  requireDice(baseDice, 'baseDice');
  requireDice(maxDice, 'maxDice');
  requireCount(objective, 'objective');
  requireChance(p, 'successChance');
  if (!(probability > 0 && probability <= 1)) {
    throw new RuleError('INVALID_INPUT', 'The chance wanted is above 0 and at most 1.', 'probability');
  }
  if (baseDice > maxDice) return null;
  const need = Math.ceil(objective);
  const reaches = (dice: number): boolean => {
    if (probability === 1) return need <= 0 || (p === 1 && need <= dice);
    return binomialTail(dice, need, p) >= probability;
  };
  if (!reaches(maxDice)) return null;
  // The tail grows with every die added, so the first pool that reaches the chance is found by halving.
  let lo = baseDice;
  let hi = maxDice;
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (reaches(mid)) hi = mid;
    else lo = mid + 1;
  }
  return { wager: lo - baseDice, probability: binomialTail(lo, need, p) };
}

/** The chances that the first pool scores more successes, the second does, or they tie. */
export interface VersusOdds {
  first: number;
  second: number;
  tie: number;
}

/**
 * COEAC versus test (seed 003, "Core Mechanics"): exact chances of each result when two pools are
 * compared, each die succeeding with its side's chance.
 */
export function versusOdds(aDice: number, bDice: number, pA = 1 / 2, pB = 1 / 2): VersusOdds {
  requireDice(aDice, 'aDice');
  requireDice(bDice, 'bDice');
  requireChance(pA, 'pA');
  requireChance(pB, 'pB');
  const a = binomialPmf(aDice, pA);
  const b = binomialPmf(bDice, pB);
  // aAbove[j] = P(A > j), accumulated from the top so the small terms are added first.
  const aAbove = new Array<number>(bDice + 1).fill(0);
  const bAbove = new Array<number>(aDice + 1).fill(0);
  let acc = 0;
  for (let j = aDice; j >= 0; j--) {
    if (j <= bDice) aAbove[j] = acc;
    acc += a[j];
  }
  acc = 0;
  for (let j = bDice; j >= 0; j--) {
    if (j <= aDice) bAbove[j] = acc;
    acc += b[j];
  }
  let first = 0;
  let second = 0;
  let tie = 0;
  for (let j = 0; j <= bDice; j++) first += b[j] * aAbove[j];
  for (let j = 0; j <= aDice; j++) second += a[j] * bAbove[j];
  for (let j = 0; j <= Math.min(aDice, bDice); j++) tie += a[j] * b[j];
  // The three sums are each exact to rounding; share any rounding excess so they total 1.
  const total = first + second + tie;
  return { first: first / total, second: second / total, tie: tie / total };
}
