/**
 * Shapes every hazard answer shares: the modifiers applied (each named) and the changes a campaign
 * service could later apply to a sheet. The core applies none of them: it only says what they are.
 */

/** One modifier a procedure applied, named in the game's words. */
export interface AppliedModifier {
  name: string;
  value: number;
}

/** The sheet values a hazard can change. */
export type EffectTrack = 'survival' | 'injuries' | 'hit-points' | 'endurance' | 'fatigue' | 'status';

/**
 * One change to a sheet. `change` is signed: survival and hit points lost are negative; injuries,
 * fatigue levels and statuses gained are positive. `status` names the status for the `status` track.
 */
export interface SheetEffect {
  track: EffectTrack;
  change: number;
  status: string | null;
}

/** One value and its exact chance. */
export interface Chance {
  value: number;
  probability: number;
}

/**
 * The exact distribution of the sum of `count` dice with `sides` faces, as [{ value, probability }]
 * from `count` to `count × sides`. Counts are whole numbers divided once by sides^count, so each
 * probability is the nearest double to the exact fraction and the list sums to 1.
 */
export function diceSumDistribution(count: number, sides = 6): Chance[] {
  let ways: number[] = [1];
  for (let die = 0; die < count; die++) {
    const next = new Array<number>(ways.length + sides).fill(0);
    for (let total = 0; total < ways.length; total++) {
      if (ways[total] === 0) continue;
      for (let face = 1; face <= sides; face++) next[total + face] += ways[total];
    }
    ways = next;
  }
  const all = sides ** count;
  const out: Chance[] = [];
  for (let total = 0; total < ways.length; total++) {
    if (ways[total] > 0) out.push({ value: total, probability: ways[total] / all });
  }
  return out;
}
