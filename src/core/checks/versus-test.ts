import { versusOdds } from '../odds';
import type { Dice } from '../random';
import { countPoolSuccesses, poolDice, type PoolSide } from './pool-test';
import { optionalFlag, record } from './validate';

export interface VersusTestInput {
  first: PoolSide;
  second: PoolSide;
  /** A Combat Check exchange: a tie costs each side 1 point of damage. */
  combat?: boolean;
}

export interface VersusSideResult {
  dice: number;
  faces: number[];
  successes: number;
}

export interface VersusTestOutcome {
  first: VersusSideResult;
  second: VersusSideResult;
  /** Every face, the first side's then the second's. */
  faces: number[];
  winner: 'first' | 'second' | 'tie';
  /** The winner's successes minus the loser's; 0 on a tie. */
  margin: number;
  /** Damage each side takes from a tie in combat; 0 otherwise. */
  tieDamage: number;
  odds: { first: number; second: number; tie: number };
}

/**
 * COEAC core: versus test (seed 003, "Core Mechanics" and "Dealing Damage"). Both sides roll their
 * pools; more successes wins by the difference. In combat a tie hurts everyone in the exchange for
 * 1 point.
 */
export function versusTest(input: VersusTestInput, dice: Dice): VersusTestOutcome {
  const combat = optionalFlag(record(input, 'input').combat, 'combat');
  const firstDice = poolDice(input.first, 'first');
  const secondDice = poolDice(input.second, 'second');
  const firstFaces = dice.pool(firstDice, 6, 'first.pool');
  const secondFaces = dice.pool(secondDice, 6, 'second.pool');
  const first = { dice: firstDice, faces: firstFaces, successes: countPoolSuccesses(firstFaces) };
  const second = { dice: secondDice, faces: secondFaces, successes: countPoolSuccesses(secondFaces) };
  const winner =
    first.successes > second.successes ? 'first' : first.successes < second.successes ? 'second' : 'tie';
  return {
    first,
    second,
    faces: [...firstFaces, ...secondFaces],
    winner,
    margin: Math.abs(first.successes - second.successes),
    tieDamage: winner === 'tie' && combat ? 1 : 0,
    odds: versusOdds(firstDice, secondDice),
  };
}
