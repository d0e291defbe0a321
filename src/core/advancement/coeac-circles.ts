import type { Dice } from '../random';
import { poolSuccessProbability } from '../odds';
import { objectiveFromFactors, type ObjectiveFactor } from '../checks/coeac-helpers';
import { poolTest, type PoolTestOutcome } from '../checks/pool-test';
import { invalid, optionalWholeNumber, wholeNumber } from '../checks/validate';
import { MAX_REPUTATION } from './coeac-reputation';

/**
 * COEAC Circles check (seed 003:330–354; E3–E5): Ob from the factors, ±1d per point of the relevant
 * Reputation, a Diplomacy or Streetwise pool test, and the Enmity Clause on a heavy failure.
 */

export const CIRCLES_SKILLS = ['diplomacy', 'streetwise'] as const;

/** Our reading of "failed by a substantial margin (e.g. three or more failures)": a margin of −3 or worse. */
export const ENMITY_MARGIN = 3;

export interface CirclesInput {
  factors: ObjectiveFactor[];
  /** The Company's Reputation with the faction that might help (±6); default 0. */
  reputation?: number;
  /** Diplomacy (high status) or Streetwise (low status). */
  skill: string;
  /** The base pool (2 + the skill). */
  pool: number;
  bonusDice?: number;
  penaltyDice?: number;
  helpers?: number;
}

export interface CirclesOutcome extends PoolTestOutcome {
  skill: string;
  factors: { name: string; baseline: boolean; adds: number }[];
  reputation: number;
  /** Dice the Reputation added (positive) or took away (negative). */
  reputationDice: number;
  /** willing: amenable to the Ask; unwilling: met, but not amenable without more. */
  result: 'willing' | 'unwilling';
  /** The referee may invoke the Enmity Clause: failed by 3 or more. */
  enmityClause: boolean;
  odds: { success: number; enmityClause: number };
}

export function coeacCircles(input: CirclesInput, dice: Dice): CirclesOutcome {
  if (!(CIRCLES_SKILLS as readonly string[]).includes(input.skill)) {
    throw invalid(`\`skill\` must be one of ${CIRCLES_SKILLS.join(', ')}.`, 'skill');
  }
  const reputation = optionalWholeNumber(input.reputation, 'reputation', 0, -MAX_REPUTATION, MAX_REPUTATION);
  const { objective: counted, factors } = objectiveFromFactors({ factors: input.factors });
  // Our reading: Ob 0 would pass without dice, and the seed expects Ob 1–8, so the floor is 1.
  const objective = Math.max(1, counted);
  const bonusDice = optionalWholeNumber(input.bonusDice, 'bonusDice', 0, 0) + Math.max(0, reputation);
  const penaltyDice = optionalWholeNumber(input.penaltyDice, 'penaltyDice', 0, 0) + Math.max(0, -reputation);
  const test = poolTest(
    {
      pool: wholeNumber(input.pool, 'pool', 0, 1000),
      bonusDice,
      penaltyDice,
      helpers: input.helpers,
      objective,
    },
    dice,
  );
  const enmityClause = !test.passed && test.margin <= -ENMITY_MARGIN;
  const enmityThreshold = objective - ENMITY_MARGIN + 1; // successes at or above this avoid the clause
  return {
    ...{},
    ...test,
    skill: input.skill,
    factors,
    reputation,
    reputationDice: reputation,
    result: test.passed ? 'willing' : 'unwilling',
    enmityClause,
    odds: {
      success: test.odds.success,
      enmityClause: enmityThreshold <= 0 ? 0 : 1 - poolSuccessProbability(test.dice, enmityThreshold),
    },
  };
}
