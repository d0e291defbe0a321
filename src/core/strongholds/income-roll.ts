import { RuleError } from '../errors';
import type { Dice } from '../random';
import { cashGainOdds, countSuccesses } from '../wealth/pool';
import { requireObject, wholeNumber } from '../wealth/validation';

export interface StrongholdIncomeInput {
  /** Economic dice of each stronghold that rolls. */
  strongholdDice: ReadonlyArray<{ strongholdId: string; dice: number }>;
}

export interface StrongholdIncomeOutcome {
  strongholdDice: Array<{ strongholdId: string; dice: number }>;
  /** Dice rolled: every economic tag. */
  pool: number;
  faces: number[];
  successes: number;
  /** Cash gained: 1 per success. */
  cashGained: number;
  odds: { expected: number; atLeastOne: number };
}

/**
 * COEAC, Town Statistics: Strongholds, economic tags (seed 003:294). At the start of a session a
 * stronghold's owner rolls one die per economic tag, each success 1 Cash, like Wealth Income. Used
 * for the company's strongholds, whose Cash goes to the treasury.
 */
export function strongholdIncomeRoll(input: StrongholdIncomeInput, dice: Dice): StrongholdIncomeOutcome {
  requireObject(input);
  if (!Array.isArray(input.strongholdDice)) {
    throw new RuleError('INVALID_INPUT', 'strongholdDice is a list.', 'strongholdDice');
  }
  const strongholdDice = input.strongholdDice.map((s, i) => ({
    strongholdId: String(s.strongholdId),
    dice: wholeNumber(s.dice, `strongholdDice[${i}].dice`, 0),
  }));
  const pool = strongholdDice.reduce((sum, s) => sum + s.dice, 0);
  const faces = dice.pool(pool, 6, 'strongholdDice');
  const successes = countSuccesses(faces);
  return { strongholdDice, pool, faces, successes, cashGained: successes, odds: cashGainOdds(pool) };
}
