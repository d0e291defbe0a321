import { poolSuccessProbability } from '../odds';
import type { Dice } from '../random';
import { countSuccesses } from '../wealth/pool';
import { requireObject, wealthScore, wholeNumber } from '../wealth/validation';
import { strongholdImprovementObjective } from './objective';

export interface StrongholdImprovementInput {
  /** The rank sought, 1 to 12: one above the stronghold's rank (1 builds it). */
  targetRank: number;
  /** The lead character's Wealth, 0 to 12: dice in the pool whatever the wager. */
  wealth: number;
  /** All the Cash wagered, whoever pays it. */
  wager: number;
}

export interface StrongholdImprovementOutcome {
  targetRank: number;
  objective: number;
  wealth: number;
  wager: number;
  /** Dice rolled: Wealth + wager. */
  pool: number;
  faces: number[];
  successes: number;
  improved: boolean;
  /** The whole wager, lost whatever the result. */
  cashSpent: number;
  odds: { success: number };
}

/**
 * COEAC, Town Statistics: Improving Strongholds, with the pool of Spending Cash procedure A (seed
 * 003). One rank at a time; the pool is the lead character's Wealth dice plus every Cash die wagered,
 * Ob = 8 + 2 × target rank, and the wager is lost either way. Once per session is the caller's to
 * enforce, as is checking that the target is one above the current rank.
 */
export function strongholdImprovementRoll(
  input: StrongholdImprovementInput,
  dice: Dice,
): StrongholdImprovementOutcome {
  requireObject(input);
  const objective = strongholdImprovementObjective(input.targetRank);
  const wealth = wealthScore(input.wealth);
  const wager = wholeNumber(input.wager, 'wager', 0);
  const pool = wealth + wager;
  const faces = dice.pool(pool, 6, 'wager');
  const successes = countSuccesses(faces);
  return {
    targetRank: input.targetRank,
    objective,
    wealth,
    wager,
    pool,
    faces,
    successes,
    improved: successes >= objective,
    cashSpent: wager,
    odds: { success: poolSuccessProbability(pool, objective) },
  };
}
