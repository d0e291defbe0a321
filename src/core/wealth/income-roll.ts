import type { Dice } from '../random';
import { cashGainOdds, countSuccesses } from './pool';
import { wealthScore, wholeNumber, requireObject } from './validation';

export interface IncomeRollInput {
  /** The character's Wealth, 0 to 12. */
  wealth: number;
  /** How many economic tags the character's strongholds carry; each adds one die. */
  economicTags?: number;
}

export interface IncomeRollOutcome {
  /** Dice rolled: Wealth + economic tags. */
  pool: number;
  faces: number[];
  successes: number;
  /** Cash gained: 1 per success. */
  cashGained: number;
  odds: {
    /** Expected Cash (half the pool). */
    expected: number;
    /** Chance of gaining at least 1 Cash. */
    atLeastOne: number;
  };
}

/**
 * COEAC, Town Statistics: Income, and Strongholds: economic tags (seed 003). Roll Wealth dice plus
 * one die per economic tag; each success is 1 Cash. Once per session is the caller's to enforce.
 */
export function incomeRoll(input: IncomeRollInput, dice: Dice): IncomeRollOutcome {
  requireObject(input);
  const wealth = wealthScore(input.wealth);
  const tags = input.economicTags === undefined ? 0 : wholeNumber(input.economicTags, 'economicTags', 0);
  const pool = wealth + tags;
  // A pool over the limits is the tags' doing unless Wealth alone is already too many dice.
  const blamed = tags > 0 && wealth <= dice.maxDicePerRoll ? 'economicTags' : 'wealth';
  const faces = dice.pool(pool, 6, blamed);
  const successes = countSuccesses(faces);
  return {
    pool,
    faces,
    successes,
    cashGained: successes,
    odds: cashGainOdds(pool),
  };
}
