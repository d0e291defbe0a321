import { binomialPmf } from '../odds';
import type { Dice } from '../random';
import { countPoolSuccesses } from './pool-test';
import { optionalFlag, record, wholeNumber } from './validate';

export interface VariableDamageInput {
  /** N in "Nd damage". */
  dice: number;
  /** The target passed its save for half: the pool is halved, rounding up, before the roll. */
  saved?: boolean;
}

export interface VariableDamageOutcome {
  /** Dice actually rolled (after any halving). */
  dice: number;
  faces: number[];
  damage: number;
  odds: {
    expected: number;
    /** P(damage = i) for i = 0..dice. */
    distribution: number[];
  };
}

/**
 * COEAC variable damage (seed 003, "Variable Damage" and "Rounding and Division"): "Nd damage" rolls
 * N d6 as a pool and each success is one point. A successful save halves the pool before rolling,
 * and COEAC always rounds halves up.
 */
export function variableDamage(input: VariableDamageInput, dice: Dice): VariableDamageOutcome {
  const body = record(input, 'input');
  const requested = wholeNumber(body.dice, 'dice', 0);
  const saved = optionalFlag(body.saved, 'saved');
  const count = saved ? Math.ceil(requested / 2) : requested;
  const faces = dice.pool(count, 6, 'dice');
  return {
    dice: count,
    faces,
    damage: countPoolSuccesses(faces),
    odds: { expected: count / 2, distribution: binomialPmf(count, 1 / 2) },
  };
}
