import { poolSuccessProbability } from '../odds';
import type { Dice } from '../random';
import { countSuccesses } from './pool';
import { targetRank as rankInput, wholeNumber, requireObject } from './validation';

/** COEAC, Town Statistics: Improving Wealth (seed 003). Ob to reach a Wealth rank: 2 × rank (2 … 24). */
export function improvementObjective(targetRank: number): number {
  return 2 * rankInput(targetRank);
}

export interface ImprovementRollInput {
  /** The Wealth rank sought, 1 to 12 (one above the current Wealth). */
  targetRank: number;
  /** Cash dice wagered: the whole pool, since Wealth dice do not count here. */
  wager: number;
}

export interface ImprovementRollOutcome {
  targetRank: number;
  objective: number;
  /** Dice rolled: the wager alone. */
  pool: number;
  faces: number[];
  successes: number;
  improved: boolean;
  /** The whole wager, lost whatever the result. */
  cashSpent: number;
  odds: { success: number };
}

/**
 * COEAC, Town Statistics: Improving Wealth (seed 003). One rank at a time; the pool is only the Cash
 * wagered, Ob = 2 × target rank, and the wager is lost either way. Once per session is the caller's to
 * enforce, as is checking that the target is one above the current Wealth.
 */
export function improvementRoll(input: ImprovementRollInput, dice: Dice): ImprovementRollOutcome {
  requireObject(input);
  const targetRank = rankInput(input.targetRank);
  const wager = wholeNumber(input.wager, 'wager', 0);
  const objective = improvementObjective(targetRank);
  const faces = dice.pool(wager, 6, 'wager');
  const successes = countSuccesses(faces);
  return {
    targetRank,
    objective,
    pool: wager,
    faces,
    successes,
    improved: successes >= objective,
    cashSpent: wager,
    odds: { success: poolSuccessProbability(wager, objective) },
  };
}
