import { poolSuccessProbability, smallestWager } from '../odds';
import { improvementObjective } from './improvement-roll';
import { purchaseTest, type PurchaseRule } from './purchase-roll';
import { strongholdImprovementObjective } from '../strongholds/objective';
import { oneOf, requireObject, wealthScore, wholeNumber } from './validation';

/** A roll the player wagers Cash on, with the inputs that fix its pool and Objective. */
export type WagerProcedureInput =
  | { procedure: 'purchase'; cost: number; wealth: number; rule?: PurchaseRule; scarcity?: boolean }
  | { procedure: 'improvement'; targetRank: number }
  | { procedure: 'stronghold'; targetRank: number; wealth: number };

export type WagerProcedure = WagerProcedureInput['procedure'];
export const WAGER_PROCEDURES: readonly WagerProcedure[] = ['purchase', 'improvement', 'stronghold'];

/** What a wagered roll looks like before the wager: the pool is `baseDice + wager` against `objective`. */
export interface WagerTerms {
  procedure: WagerProcedure;
  /** Dice in the pool whatever the wager (Wealth for pool-rule purchases and strongholds, else 0). */
  baseDice: number;
  /** Successes needed; null when no roll is made (a flat-cost purchase). */
  objective: number | null;
  /** True only for a discount-rule purchase at Cost − Wealth ≤ 0: 1 Cash, no roll, certain. */
  flatCost: boolean;
}

/**
 * COEAC, Town Statistics: Spending Cash, Improving Wealth, Improving Strongholds (seed 003). The
 * pool before the wager and the Objective of a purchase, Wealth-improvement or stronghold roll.
 */
export function wagerOdds(input: WagerProcedureInput): WagerTerms {
  requireObject(input);
  const procedure = oneOf(input.procedure, WAGER_PROCEDURES, 'procedure');
  switch (input.procedure) {
    case 'purchase': {
      const test = purchaseTest(input);
      return { procedure, baseDice: test.baseDice, objective: test.objective, flatCost: test.flatCost };
    }
    case 'improvement':
      return { procedure, baseDice: 0, objective: improvementObjective(input.targetRank), flatCost: false };
    case 'stronghold':
      return {
        procedure,
        baseDice: wealthScore(input.wealth),
        objective: strongholdImprovementObjective(input.targetRank),
        flatCost: false,
      };
  }
}

/** The exact chance that the roll described by `input` succeeds with `wager` Cash dice added. */
export function wagerProbability(input: WagerProcedureInput, wager: number): number {
  const terms = wagerOdds(input);
  const dice = wholeNumber(wager, 'wager', 0);
  if (terms.objective === null) return 1;
  return poolSuccessProbability(terms.baseDice + dice, terms.objective);
}

/**
 * The fewest Cash dice to wager so that the roll described by `input` succeeds with at least
 * `probability` (in (0, 1]), with `maxDice` the most dice the whole pool may hold (base dice + wager,
 * e.g. Wealth + the Cash held); null when even that falls short. A flat-cost purchase needs no wager.
 */
export function smallestWagerFor(
  input: WagerProcedureInput,
  probability: number,
  maxDice: number,
): { wager: number; probability: number } | null {
  const terms = wagerOdds(input);
  if (terms.objective === null) {
    // Still check the arguments, so a bad request is refused the same way for every procedure.
    smallestWager({ baseDice: 0, objective: 0, probability, maxDice });
    return { wager: 0, probability: 1 };
  }
  return smallestWager({ baseDice: terms.baseDice, objective: terms.objective, probability, maxDice });
}
