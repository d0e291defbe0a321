import type { Dice } from '../random';
import { cashGainOdds, countSuccesses } from './pool';
import { wealthScore, wholeNumber, requireObject } from './validation';

export interface SaleRollInput {
  /** The good's Cost, 0 or more. */
  cost: number;
  /** The seller's Wealth, 0 to 12. */
  wealth: number;
}

export interface SaleRollOutcome {
  /** Dice rolled: Cost − Wealth, or 0 when the sale brings nothing worth counting. */
  pool: number;
  faces: number[];
  /** Successes rolled; null when no roll is made. */
  successes: number | null;
  cashGained: number;
  /** True when Cost ≤ Wealth: the proceeds are pocket change and no roll is made. */
  nothingGained: boolean;
  odds: {
    /** Expected Cash from the sale (half the pool). */
    expected: number;
    /** Chance of gaining at least 1 Cash. */
    atLeastOne: number;
  };
}

/**
 * COEAC, Equipment: Selling (seed 003). A good whose Cost does not exceed the seller's Wealth sells
 * for nothing worth counting; otherwise roll Cost − Wealth dice and gain 1 Cash per success.
 */
export function saleRoll(input: SaleRollInput, dice: Dice): SaleRollOutcome {
  requireObject(input);
  const cost = wholeNumber(input.cost, 'cost', 0);
  const wealth = wealthScore(input.wealth);
  if (cost <= wealth) {
    return {
      pool: 0,
      faces: [],
      successes: null,
      cashGained: 0,
      nothingGained: true,
      odds: { expected: 0, atLeastOne: 0 },
    };
  }
  const pool = cost - wealth;
  const faces = dice.pool(pool, 6, 'cost');
  const successes = countSuccesses(faces);
  return {
    pool,
    faces,
    successes,
    cashGained: successes,
    nothingGained: false,
    odds: cashGainOdds(pool),
  };
}
