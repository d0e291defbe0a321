import { binomialTail } from '../odds';
import type { Dice } from '../random';
import { RuleError } from '../errors';
import { optionalWholeNumber, record, wholeNumber } from './validate';

export interface DifficultyPoolInput {
  /** The stats (usually two: an attribute and a skill) whose values are summed into the pool. */
  stats: number[];
  /** Flat extra dice; negative removes dice. */
  bonus?: number;
  /** The computed difficulty rating; clamped to 2..6. */
  difficulty: number;
  /** Successes needed; 1 by default. */
  objective?: number;
}

export interface DifficultyPoolOutcome {
  dice: number;
  faces: number[];
  requestedDifficulty: number;
  effectiveDifficulty: number;
  /** True when the requested rating lay outside 2..6. */
  clamped: boolean;
  successes: number;
  objective: number;
  passed: boolean;
  odds: { success: number; perDie: number };
}

export const MIN_DIFFICULTY = 2;
export const MAX_DIFFICULTY = 6;
const MAX_STATS = 6;

/**
 * Archsoul core rule (seeds/README.md; used throughout seed 002): a pool of d6 built from stats plus
 * a flat bonus, against a difficulty rating from 2 to 6; each die at or above the rating is a
 * success. A rating pushed beyond 2..6 by modifiers is clamped and the outcome says so.
 */
export function difficultyPool(input: DifficultyPoolInput, dice: Dice): DifficultyPoolOutcome {
  const body = record(input, 'input');
  if (!Array.isArray(body.stats) || body.stats.length < 1 || body.stats.length > MAX_STATS) {
    throw new RuleError('INVALID_INPUT', `\`stats\` must list 1 to ${MAX_STATS} stat values.`, 'stats');
  }
  const stats = (body.stats as unknown[]).map((value, i) => wholeNumber(value, `stats[${i}]`, 0));
  const bonus = optionalWholeNumber(body.bonus, 'bonus', 0, -Number.MAX_SAFE_INTEGER);
  const requestedDifficulty = wholeNumber(body.difficulty, 'difficulty', -Number.MAX_SAFE_INTEGER);
  const objective = optionalWholeNumber(body.objective, 'objective', 1, 0);
  const effectiveDifficulty = Math.min(MAX_DIFFICULTY, Math.max(MIN_DIFFICULTY, requestedDifficulty));
  const count = Math.max(
    0,
    stats.reduce((sum, value) => sum + value, bonus),
  );
  const faces = dice.pool(count, 6, 'stats');
  let successes = 0;
  for (const face of faces) if (face >= effectiveDifficulty) successes++;
  const perDie = (7 - effectiveDifficulty) / 6;
  return {
    dice: count,
    faces,
    requestedDifficulty,
    effectiveDifficulty,
    clamped: effectiveDifficulty !== requestedDifficulty,
    successes,
    objective,
    passed: successes >= objective,
    odds: { success: binomialTail(count, objective, perDie), perDie },
  };
}
