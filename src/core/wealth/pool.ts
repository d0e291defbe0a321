import { countPoolSuccesses } from '../checks/pool-test';
import { binomialTail } from '../odds';

/** COEAC core: a d6 showing 4, 5 or 6 is one success (the same count as the pool test's). */
export const countSuccesses = countPoolSuccesses;

/** Exact odds of a roll that gains 1 Cash per success on `pool` COEAC dice. */
export function cashGainOdds(pool: number): { expected: number; atLeastOne: number } {
  return { expected: pool / 2, atLeastOne: binomialTail(pool, 1, 1 / 2) };
}
