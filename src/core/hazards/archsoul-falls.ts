import { binomialPmf } from '../odds';
import type { Dice } from '../random';
import { invalid, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { MAX_DIFFICULTY, MIN_DIFFICULTY } from '../checks/difficulty-pool';
import { AppliedModifier, Chance, SheetEffect } from './shared';

/** The difficulty of a fall's damage roll for a target of ordinary size (seed 002, "Falling Damage"). */
export const FALL_DIFFICULTY = 4;
/** The seed says small targets roll at a higher difficulty and large ones lower, without a table: ±1 is ours. */
export const FALL_SIZE_MODIFIERS = { small: 1, medium: 0, large: -1 } as const;
export type FallSize = keyof typeof FALL_SIZE_MODIFIERS;
export const MAX_FALL_METERS = 1000;

export interface ArchsoulFallInput {
  /** Whole metres fallen (a fraction is rounded down before sending). */
  meters: number;
  size?: FallSize;
  /** The target's hardness, when it has one (an object, a construct): taken off the damage. */
  hardness?: number;
}

export interface ArchsoulFallOutcome {
  meters: number;
  dice: number;
  difficulty: number;
  faces: number[];
  /** Successes rolled: the damage before hardness. */
  successes: number;
  hardness: number;
  damage: number;
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
  odds: { damage: Chance[] };
}

/**
 * Archsoul falling (seed 002, "Falling Damage"): a damage roll no one can avoid, one die per metre
 * past the first, at difficulty 4; each success is a point of damage. A falling object deals what it
 * strikes the same roll ("Traps and Falling Objects"), so its answer serves for both.
 */
export function archsoulFall(spec: ArchsoulFallInput, dice: Dice): ArchsoulFallOutcome {
  const input = record(spec, 'input');
  const meters = wholeNumber(input.meters, 'meters', 0, MAX_FALL_METERS);
  const size = (input.size ?? 'medium') as FallSize;
  if (!(size in FALL_SIZE_MODIFIERS)) throw invalid('`size` is "small", "medium" or "large".', 'size');
  const hardness = optionalWholeNumber(input.hardness, 'hardness', 0, 0, 1000);
  const modifiers: AppliedModifier[] = [];
  if (FALL_SIZE_MODIFIERS[size] !== 0)
    modifiers.push({ name: `${size} target`, value: FALL_SIZE_MODIFIERS[size] });
  if (hardness > 0) modifiers.push({ name: 'hardness', value: -hardness });
  const difficulty = Math.min(
    MAX_DIFFICULTY,
    Math.max(MIN_DIFFICULTY, FALL_DIFFICULTY + FALL_SIZE_MODIFIERS[size]),
  );
  const count = Math.max(0, meters - 1);
  const faces = dice.pool(count, 6, 'meters');
  const successes = faces.filter((face) => face >= difficulty).length;
  const damage = Math.max(0, successes - hardness);
  const pmf = binomialPmf(count, (7 - difficulty) / 6);
  const byDamage = new Map<number, number>();
  pmf.forEach((p, k) => {
    const value = Math.max(0, k - hardness);
    if (p > 0) byDamage.set(value, (byDamage.get(value) ?? 0) + p);
  });
  return {
    meters,
    dice: count,
    difficulty,
    faces,
    successes,
    hardness,
    damage,
    modifiers,
    effects: damage > 0 ? [{ track: 'hit-points', change: -damage, status: null }] : [],
    odds: { damage: [...byDamage.entries()].map(([value, probability]) => ({ value, probability })) },
  };
}
