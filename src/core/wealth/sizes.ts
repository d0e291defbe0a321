import { RuleError } from '../errors';

/** G&M creature and gear sizes, smallest first (seed 001, "Equipment for different-sized creatures"). */
export type Size = 'fine' | 'tiny' | 'small' | 'medium' | 'large' | 'huge' | 'gigantic' | 'titanic';

export const SIZES: readonly Size[] = [
  'fine',
  'tiny',
  'small',
  'medium',
  'large',
  'huge',
  'gigantic',
  'titanic',
];

/** Position of a size on the scale (fine 0 … titanic 7). */
export function sizeIndex(size: Size): number {
  return SIZES.indexOf(size);
}

/**
 * G&M weapon damage progression (seed 001): 1, d2, d4, d6, d8, d10, d12, 2d8, 3d6, 4d6, then one more
 * d6 per step (5d6, 6d6, …).
 */
export const DAMAGE_TRACK: readonly string[] = [
  '1',
  'd2',
  'd4',
  'd6',
  'd8',
  'd10',
  'd12',
  '2d8',
  '3d6',
  '4d6',
];

function trackEntry(index: number): string {
  return index < DAMAGE_TRACK.length ? DAMAGE_TRACK[index] : `${index - 5}d6`;
}

interface ParsedDamage {
  /** The damage written the way the track writes it ("d8", "2d6", "1"). */
  text: string;
  /** Twice the average roll: a whole number, so dice can be ordered without fractions. */
  doubleMean: number;
}

const DICE = /^(\d*)d(\d+)$/;
const FLAT = /^\d+$/;

/** Parses "d8", "1d8", "D8", "2d6" or a flat "1"; anything else is INVALID_INPUT on `field`. */
export function parseDamage(damage: unknown, field = 'damage'): ParsedDamage {
  const text = typeof damage === 'string' ? damage.trim().toLowerCase() : '';
  const dice = DICE.exec(text);
  if (dice) {
    const count = dice[1] === '' ? 1 : Number(dice[1]);
    const sides = Number(dice[2]);
    if (count >= 1 && count <= 100 && sides >= 2 && sides <= 100) {
      return { text: count === 1 ? `d${sides}` : `${count}d${sides}`, doubleMean: count * (sides + 1) };
    }
  } else if (FLAT.test(text)) {
    const flat = Number(text);
    if (flat >= 1 && flat <= 1000) return { text: String(flat), doubleMean: 2 * flat };
  }
  throw new RuleError(
    'INVALID_INPUT',
    `${field} must be damage such as "d8", "2d6" or "1" (1 to 100 dice of 2 to 100 sides).`,
    field,
  );
}

function trackDoubleMean(index: number): number {
  return parseDamage(trackEntry(index)).doubleMean;
}

/**
 * G&M, Equipment for different-sized creatures: weapon damage moved `steps` places along the damage
 * progression (seed 001). Damage that is not on the track (d3, 2d6, …) sits between its neighbours by
 * average: one step up lands on the next larger entry, one step down on the next smaller, and further
 * steps follow the track. Nothing drops below 1 point.
 */
export function stepDamage(damage: string, steps: number): string {
  const parsed = parseDamage(damage);
  if (steps === 0) return parsed.text;
  let index = 0;
  // The track only rises, so the first entry at or above the damage brackets it from above.
  while (trackDoubleMean(index) < parsed.doubleMean) index++;
  const onTrack = trackDoubleMean(index) === parsed.doubleMean;
  let target: number;
  if (onTrack) target = index + steps;
  else if (steps > 0) target = index + steps - 1;
  else target = index + steps;
  return trackEntry(Math.max(0, target));
}

/** `value` × 2^steps, rounded half up when steps < 0 (exact integer arithmetic). */
export function scaleByPowerOfTwo(value: number, steps: number): number {
  if (steps >= 0) return value * 2 ** steps;
  const divisor = 2 ** -steps;
  return Math.floor((2 * value + divisor) / (2 * divisor));
}
