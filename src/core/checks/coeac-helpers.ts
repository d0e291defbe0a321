import { binomialTail, poolSuccessProbability } from '../odds';
import type { Dice } from '../random';
import { poolDice, poolTest, type PoolTestInput, type PoolTestOutcome } from './pool-test';
import { invalid, optionalWholeNumber, record, wholeNumber } from './validate';

/**
 * COEAC test helpers (seed 003, "Objectives", "Additional Successes and Critical Margins",
 * "Rounding and Division", "Simple Tests", "Factors for Establishing Objectives"). Readings are in
 * docs/characters-builder.md.
 */

/** The Objective guideline labels (003:76–83). The seed stops at "5+"; 6 and above are "Dire" (ours). */
export const OBJECTIVE_LABELS: readonly { objective: number; label: string }[] = [
  { objective: 0, label: 'No test' },
  { objective: 1, label: 'Trivial' },
  { objective: 2, label: 'Easy' },
  { objective: 3, label: 'Moderate' },
  { objective: 4, label: 'Hard' },
  { objective: 5, label: 'Extremely difficult' },
  { objective: 6, label: 'Dire' },
];

/** The label of an Objective: 0 has none worth testing, 6 and above are "Dire". */
export function objectiveLabel(objective: number, field = 'objective'): string {
  const ob = wholeNumber(objective, field, 0);
  return OBJECTIVE_LABELS[Math.min(ob, OBJECTIVE_LABELS.length - 1)].label;
}

export interface ObjectiveFactor {
  name: string;
  /** A factor in parentheses is the baseline: it counts zero. */
  baseline?: boolean;
}

export interface ObjectiveFromFactorsOutcome {
  objective: number;
  label: string;
  /** Each factor with what it added (0 for a baseline one, else 1). */
  factors: { name: string; baseline: boolean; adds: number }[];
}

export const MAX_FACTORS = 100;

/**
 * The Objective from Factors (003:1103–1107): count one for each relevant non-parenthesised factor;
 * parenthesised ones count zero. The seed's factor lists are missing: the referee names them.
 */
export function objectiveFromFactors(input: { factors: ObjectiveFactor[] }): ObjectiveFromFactorsOutcome {
  const source = record(input, 'input');
  if (!Array.isArray(source.factors) || source.factors.length > MAX_FACTORS) {
    throw invalid(`\`factors\` is a list of at most ${MAX_FACTORS} factors.`, 'factors');
  }
  const factors = (source.factors as unknown[]).map((raw, i) => {
    const factor = record(raw, `factors[${i}]`);
    if (typeof factor.name !== 'string' || factor.name.length === 0 || factor.name.length > 100) {
      throw invalid('A factor has a name of 1 to 100 characters.', `factors[${i}].name`);
    }
    if (factor.baseline !== undefined && factor.baseline !== null && typeof factor.baseline !== 'boolean') {
      throw invalid('`baseline` is true or false.', `factors[${i}].baseline`);
    }
    const baseline = factor.baseline === true;
    return { name: factor.name, baseline, adds: baseline ? 0 : 1 };
  });
  const objective = factors.reduce((sum, f) => sum + f.adds, 0);
  return { objective, label: objectiveLabel(objective), factors };
}

/** The margin at which a result is critical (003:99): 3 or more either way. */
export const CRITICAL_MARGIN = 3;

export type Critical = 'success' | 'failure' | null;

/** A margin of 3 or more on a pass is a critical success; 3 or more short is a critical failure. */
export function criticalOf(passed: boolean, margin: number): Critical {
  if (passed && margin >= CRITICAL_MARGIN) return 'success';
  if (!passed && margin <= -CRITICAL_MARGIN) return 'failure';
  return null;
}

export interface CriticalPoolOutcome extends PoolTestOutcome {
  critical: Critical;
  odds: { success: number; criticalSuccess: number; criticalFailure: number };
}

/**
 * A pool test with the critical flag: `poolTest` unchanged, plus `critical` and its exact odds.
 * Free successes count toward a critical success (they widen a pass's margin); a critical failure
 * is 3 or more successes short of the Objective.
 */
export function criticalPoolTest(input: PoolTestInput, dice: Dice): CriticalPoolOutcome {
  const outcome = poolTest(input, dice);
  const free = optionalWholeNumber(input.freeSuccesses, 'freeSuccesses', 0, 0);
  const n = outcome.dice;
  const ob = outcome.objective;
  // a pass with successes − Ob + free ≥ 3 needs successes ≥ max(Ob, Ob + 3 − free)
  const criticalSuccess = binomialTail(n, Math.max(ob, ob + CRITICAL_MARGIN - free), 0.5);
  // successes ≤ Ob − 3
  const criticalFailure = ob - CRITICAL_MARGIN < 0 ? 0 : 1 - binomialTail(n, ob - CRITICAL_MARGIN + 1, 0.5);
  return {
    ...{},
    ...outcome,
    critical: criticalOf(outcome.passed, outcome.margin),
    odds: { success: outcome.odds.success, criticalSuccess, criticalFailure },
  };
}

/** What an extended test needs: a number of passed tests, or passes per failure. */
export type ExtendedGoal = { passes: number } | { ratio: { passes: number; failures: number } };

export interface ExtendedTestInput extends PoolTestInput {
  /** How many tests the referee allows. */
  tests: number;
  goal: ExtendedGoal;
}

export interface ExtendedTestOutcome {
  tests: (PoolTestOutcome & { number: number; critical: Critical })[];
  passes: number;
  failures: number;
  /** The passes needed out of the tests allowed (the ratio turned into a count). */
  passesNeeded: number;
  passed: boolean;
  /** True when the test stopped early because the result could no longer change. */
  stoppedEarly: boolean;
  odds: { success: number };
}

export const MAX_EXTENDED_TESTS = 100;

/**
 * Extended test (003:70): several pool tests in a row; our reading: with `goal.passes` it passes
 * once that many tests have passed, with `goal.ratio` it passes when passes × ratio.failures ≥
 * failures × ratio.passes after all `tests`. Either way the goal is a count of passes out of the
 * tests allowed, so the rolling stops as soon as the result is decided. Odds: the binomial tail
 * of the single test's exact chance.
 */
export function extendedTest(input: ExtendedTestInput, dice: Dice): ExtendedTestOutcome {
  const source = record(input, 'input');
  const tests = wholeNumber(source.tests, 'tests', 1, MAX_EXTENDED_TESTS);
  const goal = record(source.goal, 'goal');
  let passesNeeded: number;
  if (goal.passes !== undefined && goal.passes !== null) {
    if (goal.ratio !== undefined && goal.ratio !== null)
      throw invalid('`goal` takes `passes` or `ratio`, not both.', 'goal');
    passesNeeded = wholeNumber(goal.passes, 'goal.passes', 1, tests);
  } else {
    const ratio = record(goal.ratio, 'goal.ratio');
    const p = wholeNumber(ratio.passes, 'goal.ratio.passes', 1, 1000);
    const f = wholeNumber(ratio.failures, 'goal.ratio.failures', 0, 1000);
    // smallest k with k × f ≥ (tests − k) × p, i.e. k ≥ tests × p / (p + f)
    passesNeeded = Math.ceil((tests * p) / (p + f));
  }
  const rolled: ExtendedTestOutcome['tests'] = [];
  let passes = 0;
  let failures = 0;
  for (let i = 0; i < tests; i++) {
    if (passes >= passesNeeded || passes + (tests - i) < passesNeeded) break;
    const test = poolTest(input, dice);
    rolled.push({ number: i + 1, ...test, critical: criticalOf(test.passed, test.margin) });
    if (test.passed) passes++;
    else failures++;
  }
  const single = poolSuccessProbability(poolDice(input), wholeNumber(input.objective, 'objective', 0));
  return {
    tests: rolled,
    passes,
    failures,
    passesNeeded,
    passed: passes >= passesNeeded,
    stoppedEarly: rolled.length < tests,
    odds: { success: binomialTail(tests, passesNeeded, single) },
  };
}

export interface HalvedDamageOutcome {
  rolled: number;
  freeSuccesses: number;
  /** rolled + free successes. */
  total: number;
  /** The total halved, rounded up (003:101–103). */
  halved: number;
}

/** Halving a damage result (003:103): add the +Ns first, then halve, rounding up. */
export function halveDamage(input: { rolled: number; freeSuccesses?: number }): HalvedDamageOutcome {
  const source = record(input, 'input');
  const rolled = wholeNumber(source.rolled, 'rolled', 0, 1_000_000);
  const freeSuccesses = optionalWholeNumber(source.freeSuccesses, 'freeSuccesses', 0, 0, 1_000_000);
  const total = rolled + freeSuccesses;
  return { rolled, freeSuccesses, total, halved: Math.ceil(total / 2) };
}
