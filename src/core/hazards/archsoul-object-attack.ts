import { binomialPmf } from '../odds';
import type { Dice } from '../random';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { MAX_DIFFICULTY, MIN_DIFFICULTY } from '../checks/difficulty-pool';
import { AppliedModifier } from './shared';

/** Stationary objects larger than a fist have defence 0 (seed 002, "Object Defense"). */
export const OBJECT_DEFENCE = 0;
/** The attack roll's per-die difficulty when the request sends none (the seed gives none here). */
export const OBJECT_ATTACK_DIFFICULTY = 4;
export const OBJECT_SIZES = ['small', 'space', 'large'] as const;
export type ObjectSize = (typeof OBJECT_SIZES)[number];

export interface ArchsoulObjectAttackInput {
  /** The attack pool (dice rolled). */
  dice: number;
  /** Per-die difficulty of the attack roll (4 by default). */
  difficulty?: number;
  /** `small` (fist-sized up to one space's contents), `space` (fills one space), `large` (bigger). */
  size?: ObjectSize;
  /** A ranged attack from beyond the weapon's accurate range. */
  beyondAccurateRange?: boolean;
}

export interface ArchsoulObjectAttackOutcome {
  dice: number;
  difficulty: number;
  defence: number;
  size: ObjectSize;
  /** True when the object cannot be missed (larger than a space, within accurate range). */
  cannotMiss: boolean;
  faces: number[];
  /** The attack roll's score: successes rolled (0 misses an object). */
  successes: number;
  hit: boolean;
  /** Successes over the defence (0 on a miss). */
  margin: number;
  modifiers: AppliedModifier[];
  odds: { hit: number };
}

/**
 * Archsoul attacks on objects (seed 002, "Object Defense", AS-18): an object's defence is 0, so an
 * attack roll scoring 0 misses it and any success hits, whatever the attack (a Soul Attack too). An
 * object larger than one space cannot be missed unless it is beyond the ranged weapon's accurate
 * range, where it needs a success as normal. The roll is still made when it cannot miss: its
 * successes are the margin the damage step reads.
 */
export function archsoulObjectAttack(
  spec: ArchsoulObjectAttackInput,
  dice: Dice,
): ArchsoulObjectAttackOutcome {
  const input = record(spec, 'input');
  const pool = wholeNumber(input.dice, 'dice', 0, 100);
  const difficulty = optionalWholeNumber(
    input.difficulty,
    'difficulty',
    OBJECT_ATTACK_DIFFICULTY,
    MIN_DIFFICULTY,
    MAX_DIFFICULTY,
  );
  const size = (input.size ?? 'small') as ObjectSize;
  if (!OBJECT_SIZES.includes(size)) throw invalid('`size` is "small", "space" or "large".', 'size');
  const beyond = optionalFlag(input.beyondAccurateRange, 'beyondAccurateRange');
  const cannotMiss = size === 'large' && !beyond;
  const modifiers: AppliedModifier[] = [{ name: 'object defence', value: OBJECT_DEFENCE }];
  if (cannotMiss) modifiers.push({ name: 'larger than a space: cannot be missed', value: 0 });
  else if (size === 'large' && beyond)
    modifiers.push({ name: 'beyond accurate range: must roll a success', value: 0 });
  const faces = dice.pool(pool, 6, 'attack');
  const successes = faces.filter((face) => face >= difficulty).length;
  const hit = cannotMiss || successes > OBJECT_DEFENCE;
  const miss = binomialPmf(pool, (7 - difficulty) / 6)[0] ?? 0;
  return {
    dice: pool,
    difficulty,
    defence: OBJECT_DEFENCE,
    size,
    cannotMiss,
    faces,
    successes,
    hit,
    margin: hit ? successes - OBJECT_DEFENCE : 0,
    modifiers,
    odds: { hit: cannotMiss ? 1 : 1 - miss },
  };
}
