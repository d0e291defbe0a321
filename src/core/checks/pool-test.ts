import { poolSuccessProbability } from '../odds';
import type { Dice } from '../random';
import { fieldPath, optionalWholeNumber, record, wholeNumber } from './validate';

/** One side's dice in a COEAC test, before they are rolled. */
export interface PoolSide {
  /** Base pool: usually 2 + the Skill or Save rating. */
  pool: number;
  /** +1d per substantial advantage. */
  bonusDice?: number;
  /** −1d per substantial disadvantage. */
  penaltyDice?: number;
  /** Allies who help; each hands over one helping die. */
  helpers?: number;
}

export interface PoolTestInput extends PoolSide {
  /** Objective (Ob): the successes needed. */
  objective: number;
  /** "+Ns": added to the margin of a test that already passed, never to a failure. */
  freeSuccesses?: number;
}

export interface PoolTestOutcome {
  /** Dice actually rolled. */
  dice: number;
  faces: number[];
  successes: number;
  objective: number;
  passed: boolean;
  /** Successes − Ob, plus the free successes when passed; negative is the margin of failure. */
  margin: number;
  odds: { success: number };
}

/** A d6 succeeds on 4, 5 or 6. */
export const COEAC_SUCCESS_FACE = 4;

export function countPoolSuccesses(faces: readonly number[]): number {
  let successes = 0;
  for (const face of faces) if (face >= COEAC_SUCCESS_FACE) successes++;
  return successes;
}

/**
 * COEAC core (seed 003, "Bonus and Penalty Dice", "Helping and Teamwork"): how many dice a side
 * rolls. Penalty dice remove dice from everything the side would roll, helping dice included; a
 * side left with no dice rolls none and scores no successes.
 */
export function poolDice(side: PoolSide, field = ''): number {
  const input = record(side, field === '' ? 'input' : field);
  const pool = wholeNumber(input.pool, fieldPath(field, 'pool'), 0);
  const bonus = optionalWholeNumber(input.bonusDice, fieldPath(field, 'bonusDice'), 0, 0);
  const penalty = optionalWholeNumber(input.penaltyDice, fieldPath(field, 'penaltyDice'), 0, 0);
  const helpers = optionalWholeNumber(input.helpers, fieldPath(field, 'helpers'), 0, 0);
  return Math.max(0, pool + bonus + helpers - penalty);
}

/**
 * COEAC core: pool test (seed 003, "Core Mechanics"). Roll the pool of d6, count 4–6 as successes,
 * pass when the successes reach the Objective. Free successes (+Ns) only widen a pass's margin.
 */
export function poolTest(input: PoolTestInput, dice: Dice): PoolTestOutcome {
  const count = poolDice(input);
  const objective = wholeNumber(input.objective, 'objective', 0);
  const freeSuccesses = optionalWholeNumber(input.freeSuccesses, 'freeSuccesses', 0, 0);
  const faces = dice.pool(count, 6, 'pool');
  const successes = countPoolSuccesses(faces);
  const passed = successes >= objective;
  return {
    dice: count,
    faces,
    successes,
    objective,
    passed,
    margin: successes - objective + (passed ? freeSuccesses : 0),
    odds: { success: poolSuccessProbability(count, objective) },
  };
}
