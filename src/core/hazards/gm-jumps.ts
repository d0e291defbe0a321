import type { Dice } from '../random';
import { passingFaces } from '../checks/ability-roll';
import { invalid, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { majorContributor } from './gm-contributors';
import { AppliedModifier, Chance } from './shared';

/** The bonus every jump gets (seed 000, "Jumping": jumping up is "a snap"). */
export const JUMP_BONUS = 8;

/**
 * G&M jump penalties (seed 000, "Jumping"): none to 1 foot, then 1, 2, 4 … 32 to 7 feet, the
 * penalty doubling with each foot. Past 7 feet we keep doubling (our reading).
 */
export function jumpPenalty(row: number): number {
  if (row <= 1) return 0;
  // Past 2^20 no score can matter (a base is at most a few thousand), and answers stay 32-bit integers.
  return 2 ** Math.min(row - 2, 20);
}

export const JUMP_PENALTY_TABLE: readonly { upTo: number; penalty: number }[] = [1, 2, 3, 4, 5, 6, 7].map(
  (upTo) => ({ upTo, penalty: jumpPenalty(upTo) }),
);

/** How creature size scales jumping distance (seed 000, "Jumping"), as a fraction. */
export const JUMP_SIZE_MULTIPLIERS = {
  fine: [1, 6],
  tiny: [1, 3],
  small: [3, 4],
  medium: [1, 1],
  large: [2, 1],
  huge: [4, 1],
  gigantic: [8, 1],
  titanic: [16, 1],
} as const;
export type JumpSize = keyof typeof JUMP_SIZE_MULTIPLIERS;
export type JumpKind = 'up' | 'across';
export const MAX_JUMP_DISTANCE = 1000;

export interface GmJumpInput {
  kind?: JumpKind;
  agility: number;
  strength: number;
  /** Feet up, or yards across. */
  distance: number;
  size?: JumpSize;
  /** Leaps across only: the current running Movement, added to the target. */
  running?: number;
}

export interface GmJumpOutcome {
  kind: JumpKind;
  unit: 'feet' | 'yards';
  distance: number;
  /** The row of the penalty table, in the jumper's own scale. */
  row: number;
  roll: number;
  faces: number[];
  target: number;
  passed: boolean;
  /** The distance reached: the asked distance on a success, else the farthest the roll would allow. */
  reached: number;
  modifiers: AppliedModifier[];
  odds: { success: number; reached: Chance[] };
}

/**
 * G&M jumping and leaping (seed 000, "Jumping"): an agility roll with strength as a major
 * contributor and +8, at a penalty doubling with each foot past the first (yards when leaping
 * across, plus running Movement). A failure still reaches the farthest row the roll would have
 * made; a roll that misses even the first row reaches nothing.
 */
export function gmJump(spec: GmJumpInput, dice: Dice): GmJumpOutcome {
  const input = record(spec, 'input');
  const kind = (input.kind ?? 'up') as JumpKind;
  if (kind !== 'up' && kind !== 'across') throw invalid('`kind` is "up" or "across".', 'kind');
  const agility = wholeNumber(input.agility, 'agility', 0, 1000);
  const strength = wholeNumber(input.strength, 'strength', 0, 1000);
  const distance = wholeNumber(input.distance, 'distance', 1, MAX_JUMP_DISTANCE);
  const size = (input.size ?? 'medium') as JumpSize;
  if (!(size in JUMP_SIZE_MULTIPLIERS)) {
    throw invalid(`\`size\` is one of: ${Object.keys(JUMP_SIZE_MULTIPLIERS).join(', ')}.`, 'size');
  }
  const running = optionalWholeNumber(input.running, 'running', 0, 0, 1000);
  if (running > 0 && kind !== 'across') throw invalid('Only a leap across adds running Movement.', 'running');
  const [num, den] = JUMP_SIZE_MULTIPLIERS[size];
  // The jumper's own scale: a large creature clears 4 feet with the 2-foot row.
  const row = Math.ceil((distance * den) / num);
  const strengthBonus = majorContributor(strength);
  const base = agility + strengthBonus + JUMP_BONUS + running;
  const modifiers: AppliedModifier[] = [
    { name: 'strength (major contributor)', value: strengthBonus },
    { name: 'jumping bonus', value: JUMP_BONUS },
  ];
  if (running > 0) modifiers.push({ name: 'running Movement', value: running });
  modifiers.push({ name: `${kind === 'up' ? 'height' : 'length'} penalty`, value: -jumpPenalty(row) });
  const target = base - jumpPenalty(row);
  const faces = dice.pool(1, 20, 'agility');
  const roll = faces[0];
  const passed = roll <= target;
  const reachedRow = (face: number) => {
    if (face <= target) return row;
    let best = 0;
    for (let r = 1; r < row && base - jumpPenalty(r) >= face; r++) best = r;
    return best;
  };
  const toDistance = (r: number) => (r * num) / den;
  const byReached = new Map<number, number>();
  for (let face = 1; face <= 20; face++) {
    const value = toDistance(reachedRow(face));
    byReached.set(value, (byReached.get(value) ?? 0) + 1);
  }
  return {
    kind,
    unit: kind === 'up' ? 'feet' : 'yards',
    distance,
    row,
    roll,
    faces,
    target,
    passed,
    reached: toDistance(reachedRow(roll)),
    modifiers,
    odds: {
      success: passingFaces(target) / 20,
      reached: [...byReached.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([value, faces]) => ({ value, probability: faces / 20 })),
    },
  };
}
