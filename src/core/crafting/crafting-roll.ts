import { RuleError } from '../errors';
import type { Dice } from '../random';
import { difficultyPool, MAX_DIFFICULTY, MIN_DIFFICULTY } from '../checks/difficulty-pool';
import { optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { DEFAULT_COMPLEXITY, MAX_COMPLEXITY } from './requirements';

/** Archsoul crafting circumstances and what each adds to the difficulty (seed 002, Crafting Rolls). */
export const CIRCUMSTANCES = {
  'improvised-tools': 2,
  'no-workspace': 1,
  interrupted: 1,
  'exceptional-tools': -1,
  familiar: -1,
} as const;
export type Circumstance = keyof typeof CIRCUMSTANCES;
export const CIRCUMSTANCE_IDS = Object.keys(CIRCUMSTANCES) as Circumstance[];

/** Archsoul fatigue states (seed 002, Effects of Fatigue). */
export const FATIGUE_STATES = ['fatigued', 'exhausted'] as const;
export type Fatigue = (typeof FATIGUE_STATES)[number];

/** The highest Intellect, skill or bonus a crafting roll accepts; the dice limit bounds the pool. */
const MAX_STAT = 1000;

export interface CraftingRollInput {
  intellect: number;
  skill: number;
  /** Extra dice; negative takes dice away. */
  bonusDice?: number;
  /** The item's complexity rating; 5 by default. */
  complexity?: number;
  circumstances?: Circumstance[];
  fatigue?: Fatigue | null;
}

export interface CraftingRollOutcome {
  /** Dice rolled: Intellect (−1 when exhausted) + skill + bonus dice, never below 0. */
  pool: number;
  difficulty: { requested: number; effective: number; clamped: boolean };
  faces: number[];
  successes: number;
  /** Zero successes with every die showing 1 (at least one die rolled). */
  criticalFailure: boolean;
  odds: { atLeastOne: number; expectedSuccesses: number; criticalFailure: number };
}

/** The difficulty a crafting roll asks for, before clamping to 2–6. */
export function craftingDifficulty(
  complexity: number,
  circumstances: readonly Circumstance[],
  fatigue: Fatigue | null,
): number {
  let difficulty = complexity;
  for (const c of circumstances) difficulty += CIRCUMSTANCES[c];
  return difficulty + (fatigue ? 1 : 0);
}

function circumstanceList(value: unknown): Circumstance[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw new RuleError('INVALID_INPUT', '`circumstances` must be a list.', 'circumstances');
  }
  const seen = new Set<string>();
  value.forEach((c: unknown, i) => {
    if (typeof c !== 'string' || !(c in CIRCUMSTANCES)) {
      throw new RuleError(
        'INVALID_INPUT',
        `\`circumstances[${i}]\` must be one of: ${CIRCUMSTANCE_IDS.join(', ')}.`,
        `circumstances[${i}]`,
      );
    }
    if (seen.has(c)) {
      throw new RuleError('INVALID_INPUT', `\`${c}\` is listed twice.`, `circumstances[${i}]`);
    }
    seen.add(c);
  });
  return value as Circumstance[];
}

function fatigueState(value: unknown): Fatigue | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !(FATIGUE_STATES as readonly string[]).includes(value)) {
    throw new RuleError('INVALID_INPUT', '`fatigue` must be fatigued or exhausted.', 'fatigue');
  }
  return value as Fatigue;
}

/**
 * Archsoul, Crafting Rolls (seed 002): a pool of Intellect + the relevant skill (+ bonus dice)
 * against difficulty = complexity + every circumstance that applies, +1 when fatigued or exhausted
 * (Effects of Fatigue; an exhausted crafter also rolls one Intellect die fewer), clamped to 2–6.
 * Every die at or above the difficulty is a success: that day's progress. A critical failure (the
 * seed leaves it undefined; ours, SPEC 5.5) is zero successes with every die showing 1.
 */
export function craftingRoll(input: CraftingRollInput, dice: Dice): CraftingRollOutcome {
  const body = record(input, 'input');
  const intellect = wholeNumber(body.intellect, 'intellect', 0, MAX_STAT);
  const skill = wholeNumber(body.skill, 'skill', 0, MAX_STAT);
  const bonusDice = optionalWholeNumber(body.bonusDice, 'bonusDice', 0, -MAX_STAT, MAX_STAT);
  const complexity = optionalWholeNumber(
    body.complexity,
    'complexity',
    DEFAULT_COMPLEXITY,
    0,
    MAX_COMPLEXITY,
  );
  const circumstances = circumstanceList(body.circumstances);
  const fatigue = fatigueState(body.fatigue);
  const requested = craftingDifficulty(complexity, circumstances, fatigue);
  const effectiveIntellect = Math.max(0, intellect - (fatigue === 'exhausted' ? 1 : 0));
  const rolled = difficultyPool(
    { stats: [effectiveIntellect, skill], bonus: bonusDice, difficulty: requested },
    dice,
  );
  const pool = rolled.dice;
  const effective = rolled.effectiveDifficulty;
  return {
    pool,
    difficulty: { requested, effective, clamped: rolled.clamped },
    faces: rolled.faces,
    successes: rolled.successes,
    criticalFailure: pool > 0 && rolled.faces.every((face) => face === 1),
    odds: craftingOdds(pool, effective),
  };
}

/** Exact odds of a crafting roll of `pool` dice at an effective difficulty of 2–6. */
export function craftingOdds(
  pool: number,
  difficulty: number,
): { atLeastOne: number; expectedSuccesses: number; criticalFailure: number } {
  if (difficulty < MIN_DIFFICULTY || difficulty > MAX_DIFFICULTY) {
    throw new RuleError('INVALID_INPUT', 'The effective difficulty lies from 2 to 6.', 'difficulty');
  }
  const perDie = (7 - difficulty) / 6;
  return {
    atLeastOne: 1 - ((difficulty - 1) / 6) ** pool,
    expectedSuccesses: pool * perDie,
    criticalFailure: pool === 0 ? 0 : (1 / 6) ** pool,
  };
}
