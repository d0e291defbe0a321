import { poolSuccessProbability } from '../odds';
import type { Dice } from '../random';
import { countSuccesses } from './pool';
import { oneOf, optionalFlag, wealthScore, wholeNumber, requireObject } from './validation';

/**
 * The two buying procedures of COEAC. `discount` (Equipment chapter): Ob = Cost − Wealth and only the
 * wagered Cash is rolled. `pool` (Town Statistics chapter): Wealth dice plus the wager against Ob = Cost.
 */
export type PurchaseRule = 'discount' | 'pool';
export const PURCHASE_RULES: readonly PurchaseRule[] = ['discount', 'pool'];

/** What is being bought and how; the wager is added by `purchaseRoll`. */
export interface PurchaseTestInput {
  /** The item's Cost from the Cost table, 0 or more. */
  cost: number;
  /** The buyer's Wealth, 0 to 12. */
  wealth: number;
  /** Which buying procedure the campaign uses; `discount` by default. */
  rule?: PurchaseRule;
  /** The referee rules the item scarce: Cost + 1. */
  scarcity?: boolean;
}

/** The test a purchase calls for, before any Cash is wagered. */
export interface PurchaseTest {
  rule: PurchaseRule;
  /** Cost after scarcity. */
  cost: number;
  /** Dice in the pool before the wager: Wealth under the pool rule, none under the discount rule. */
  baseDice: number;
  /** Successes needed; null when no roll is made (flat cost). */
  objective: number | null;
  /** True when the discount rule brings the Cost to 0 or below: 1 Cash buys the item, no roll. */
  flatCost: boolean;
}

/** COEAC, Equipment: Buying (discount) and Town Statistics: Spending Cash (pool), seed 003. */
export function purchaseTest(input: PurchaseTestInput): PurchaseTest {
  requireObject(input);
  const wealth = wealthScore(input.wealth);
  const rule = oneOf(input.rule, PURCHASE_RULES, 'rule', 'discount');
  const cost = wholeNumber(input.cost, 'cost', 0) + (optionalFlag(input.scarcity, 'scarcity') ? 1 : 0);
  if (rule === 'pool') return { rule, cost, baseDice: wealth, objective: cost, flatCost: false };
  const objective = cost - wealth;
  if (objective <= 0) return { rule, cost, baseDice: 0, objective: null, flatCost: true };
  return { rule, cost, baseDice: 0, objective, flatCost: false };
}

export interface PurchaseRollInput extends PurchaseTestInput {
  /** Cash dice wagered, 0 or more. Ignored when the purchase is at a flat cost. */
  wager: number;
}

export interface PurchaseRollOutcome {
  rule: PurchaseRule;
  /** Cost after scarcity. */
  cost: number;
  /** Successes needed; null for a flat-cost purchase (no roll). */
  objective: number | null;
  /** Cash dice wagered, as asked (0 counts for nothing at a flat cost). */
  wager: number;
  /** Dice rolled: the wager, plus Wealth under the pool rule; 0 at a flat cost. */
  pool: number;
  faces: number[];
  /** Successes rolled; null when no roll is made. */
  successes: number | null;
  acquired: boolean;
  /** Cash lost: the whole wager whatever the result, or 1 at a flat cost. */
  cashSpent: number;
  flatCost: boolean;
  odds: { success: number };
}

/**
 * COEAC, Equipment: Buying / Town Statistics: Spending Cash (seed 003). Rolls a purchase under the
 * chosen rule. Wagered Cash is lost whether or not the item is acquired. Under the discount rule an
 * item whose Cost − Wealth is 0 or less is bought for a flat 1 Cash with no roll; any wager is then
 * ignored and nothing else is spent.
 */
export function purchaseRoll(input: PurchaseRollInput, dice: Dice): PurchaseRollOutcome {
  const test = purchaseTest(input);
  const wager = wholeNumber(input.wager, 'wager', 0);
  const { rule, cost, objective } = test;
  if (test.flatCost || objective === null) {
    return {
      rule,
      cost,
      objective: null,
      wager,
      pool: 0,
      faces: [],
      successes: null,
      acquired: true,
      cashSpent: 1,
      flatCost: true,
      odds: { success: 1 },
    };
  }
  const pool = test.baseDice + wager;
  // Rolling first lets Dice refuse an oversized pool before any odds are computed for it; the odds
  // do not depend on the faces.
  const faces = dice.pool(pool, 6, 'wager');
  const successes = countSuccesses(faces);
  return {
    rule,
    cost,
    objective,
    wager,
    pool,
    faces,
    successes,
    acquired: successes >= objective,
    cashSpent: wager,
    flatCost: false,
    odds: { success: poolSuccessProbability(pool, objective) },
  };
}
