import type { Dice } from '../random';
import { fieldPath, invalid, optionalWholeNumber, record, wholeNumber } from './validate';

/** How a larger obstacle turns into a penalty. */
export type ObstacleScaling = 'doubling' | 'linear';

export type DifficultyLevelId =
  | 'incredibly-easy'
  | 'a-snap'
  | 'very-easy'
  | 'easy'
  | 'normal'
  | 'difficult'
  | 'very-difficult'
  | 'extremely-difficult'
  | 'nearly-impossible'
  | 'practically-impossible';

export interface DifficultyLevel {
  id: DifficultyLevelId;
  name: string;
  /** Added to the target: positive for easier levels, negative for harder ones. */
  modifier: number;
}

/**
 * G&M difficulty levels (seed 001, "Difficulty levels"), easiest first. The seed's first row is
 * garbled; 'difficult' takes 1, continuing the penalty column's doubling (1, 2, 4, 8, 16) backwards,
 * and 'normal' (no modifier) is ours. See docs/rules-core.md.
 */
export const DIFFICULTY_LEVELS: readonly DifficultyLevel[] = [
  { id: 'incredibly-easy', name: 'Incredibly easy', modifier: 16 },
  { id: 'a-snap', name: 'A snap', modifier: 8 },
  { id: 'very-easy', name: 'Very easy', modifier: 4 },
  { id: 'easy', name: 'Easy', modifier: 2 },
  { id: 'normal', name: 'Normal', modifier: 0 },
  { id: 'difficult', name: 'Difficult', modifier: -1 },
  { id: 'very-difficult', name: 'Very difficult', modifier: -2 },
  { id: 'extremely-difficult', name: 'Extremely difficult', modifier: -4 },
  { id: 'nearly-impossible', name: 'Nearly impossible', modifier: -8 },
  { id: 'practically-impossible', name: 'Practically impossible', modifier: -16 },
];

/**
 * G&M obstacle sizes (seed 001, "Obstacle size"): the penalty rises by one each time the size
 * doubles. Sizes between two rows read down; beyond 1024 the doubling carries on.
 */
export const OBSTACLE_SIZE_PENALTIES: readonly { size: number; penalty: number }[] = Array.from(
  { length: 11 },
  (_, penalty) => ({ size: 2 ** penalty, penalty }),
);

/** Keeps targets far inside exact double arithmetic whatever is sent. */
const MAX_MODIFIER = 1_000_000;
const MAX_OBSTACLE_SIZE = 2 ** 40;

/**
 * G&M obstacle penalty for an obstacle `size` times the no-penalty size (seed 001, "Obstacle
 * size"). Doubling: +1 per doubling, reading down between rows. Linear: the penalty equals the size
 * (the seed's example: size three, penalty three), reading fractional sizes down, with size 1 still
 * the no-penalty size.
 */
export function obstaclePenalty(
  size: number,
  scaling: ObstacleScaling = 'doubling',
  field = 'obstacleSize',
): number {
  if (typeof size !== 'number' || !(size >= 1 && size <= MAX_OBSTACLE_SIZE)) {
    throw invalid(`An obstacle size is a number from 1 to ${MAX_OBSTACLE_SIZE}.`, field);
  }
  if (scaling !== 'doubling' && scaling !== 'linear') {
    throw invalid('An obstacle scaling is "doubling" or "linear".', 'obstacleScaling');
  }
  if (scaling === 'linear') return size < 2 ? 0 : Math.floor(size);
  let penalty = 0;
  for (let threshold = 2; threshold <= size; threshold *= 2) penalty++;
  return penalty;
}

export interface AbilityRollInput {
  /** The ability or reaction score. */
  score: number;
  bonus?: number;
  penalty?: number;
  /** Obstacle size in multiples of the no-penalty size; 1 (no penalty) by default. */
  obstacleSize?: number;
  obstacleScaling?: ObstacleScaling;
  difficulty?: DifficultyLevelId;
}

export interface AbilityModifiers {
  bonus: number;
  /** Subtracted from the target. */
  penalty: number;
  /** The obstacle-size penalty, subtracted from the target. */
  obstacle: number;
  /** The difficulty level's signed modifier, added to the target. */
  difficulty: number;
}

export interface AbilityRollOutcome {
  roll: number;
  faces: number[];
  target: number;
  modifiers: AbilityModifiers;
  passed: boolean;
  odds: { success: number };
}

/**
 * G&M ability and reaction rolls (seed 001, "Abilities and reactions", "Difficulty adjustments"):
 * the number a d20 must not exceed, after bonuses, penalties, obstacle size and difficulty level.
 * `field` prefixes error fields when the spec is part of a larger input (a contest side).
 */
export function abilityTarget(
  spec: AbilityRollInput,
  field = '',
): { target: number; modifiers: AbilityModifiers } {
  const input = record(spec, field === '' ? 'input' : field);
  const score = wholeNumber(input.score, fieldPath(field, 'score'), 0, MAX_MODIFIER);
  const bonus = optionalWholeNumber(input.bonus, fieldPath(field, 'bonus'), 0, 0, MAX_MODIFIER);
  const penalty = optionalWholeNumber(input.penalty, fieldPath(field, 'penalty'), 0, 0, MAX_MODIFIER);
  const scaling = input.obstacleScaling ?? 'doubling';
  if (scaling !== 'doubling' && scaling !== 'linear') {
    throw invalid('`obstacleScaling` is "doubling" or "linear".', fieldPath(field, 'obstacleScaling'));
  }
  const obstacle = obstaclePenalty(
    (input.obstacleSize ?? 1) as number,
    scaling,
    fieldPath(field, 'obstacleSize'),
  );
  const levelId = input.difficulty ?? 'normal';
  const level = DIFFICULTY_LEVELS.find((candidate) => candidate.id === levelId);
  if (level === undefined) {
    const ids = DIFFICULTY_LEVELS.map((candidate) => candidate.id).join(', ');
    throw invalid(`\`difficulty\` is one of: ${ids}.`, fieldPath(field, 'difficulty'));
  }
  return {
    target: score + bonus - penalty - obstacle + level.modifier,
    modifiers: { bonus, penalty, obstacle, difficulty: level.modifier },
  };
}

/** How many d20 faces pass against `target` when each face counts `multiplier` times its value. */
export function passingFaces(target: number, multiplier = 1): number {
  return Math.min(20, Math.max(0, Math.floor(target / multiplier)));
}

/**
 * G&M ability or reaction roll (seed 001, "Abilities and reactions"): d20 at or under the modified
 * score passes. G&M has no automatic results, so a target of 20 or more cannot fail and one below 1
 * cannot pass.
 */
export function abilityRoll(input: AbilityRollInput, dice: Dice): AbilityRollOutcome {
  const { target, modifiers } = abilityTarget(input);
  const faces = dice.pool(1, 20, 'score');
  const roll = faces[0];
  return {
    roll,
    faces,
    target,
    modifiers,
    passed: roll <= target,
    odds: { success: passingFaces(target) / 20 },
  };
}
