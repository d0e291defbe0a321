import { invalid } from '../checks/validate';
import type { Dice } from '../random';

/**
 * What every harm and recovery procedure answers besides its own numbers: the steps it took, in
 * order, each with the exact odds of the dice it rolled, and the change to every tracked field, so
 * that a campaign service can apply them to a stored sheet without knowing the rules.
 */

/** One step of a procedure, named in our words. `odds` is null when no dice decided it. */
export interface HarmStep {
  /** A stable kebab-case id (`armor`, `hp`, `critical-save`, `scar` …). */
  name: string;
  detail: string;
  /** The faces this step rolled, in order (empty when none). */
  faces: number[];
  /** Exact chances of this step's possible results, summing to 1 where they are exclusive. */
  odds: Record<string, number> | null;
}

/**
 * A change to one tracked value. `field` is the sheet's name for it (`hp`, `bonusHp`, `str`,
 * `maxHp`, `blockUses`, `fatigue`, `survival`, `verve`, `injuries`, `boons`, `save:Vigor`,
 * `skill:Medicine` …); `after` is null when the request did not carry the value.
 */
export interface FieldChange {
  field: string;
  delta: number;
  after: number | null;
}

/** Collects steps and changes; a change of 0 is left out. */
export class HarmLog {
  readonly steps: HarmStep[] = [];
  readonly changes: FieldChange[] = [];

  step(
    name: string,
    detail: string,
    faces: readonly number[] = [],
    odds: Record<string, number> | null = null,
  ) {
    this.steps.push({ name, detail, faces: [...faces], odds });
  }

  change(field: string, delta: number, after: number | null): void {
    if (delta === 0) return;
    const existing = this.changes.find((c) => c.field === field);
    if (existing) {
      existing.delta += delta;
      existing.after = after;
    } else {
      this.changes.push({ field, delta, after });
    }
  }
}

/** Ways to roll each total of `count` dice with `sides` faces: index = total. Exact integers. */
export function sumCounts(count: number, sides: number): number[] {
  let ways = [1];
  for (let die = 0; die < count; die++) {
    const next = new Array<number>(ways.length + sides).fill(0);
    for (let total = 0; total < ways.length; total++) {
      if (ways[total] === 0) continue;
      for (let face = 1; face <= sides; face++) next[total + face] += ways[total];
    }
    ways = next;
  }
  return ways;
}

/** P(total of `count`d`sides` > `threshold`), exact. */
export function chanceAbove(count: number, sides: number, threshold: number): number {
  const ways = sumCounts(count, sides);
  let above = 0;
  for (let total = Math.max(0, Math.floor(threshold) + 1); total < ways.length; total++) above += ways[total];
  return above / sides ** count;
}

/** The distribution of `count`d`sides` as { "<total>": p }. */
export function sumDistribution(count: number, sides: number): Record<string, number> {
  const ways = sumCounts(count, sides);
  const all = sides ** count;
  const out: Record<string, number> = {};
  for (let total = count; total < ways.length; total++) out[String(total)] = ways[total] / all;
  return out;
}

/** Adds `p` to `odds[key]`. */
export function addOdds(odds: Record<string, number>, key: string, p: number): void {
  if (p === 0) return;
  odds[key] = (odds[key] ?? 0) + p;
}

/** An optional list of names (Saves, Skills); missing is empty. */
export function optionalNames(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.length === 0)) {
    throw invalid(`\`${field}\` is a list of names.`, field);
  }
  return value as string[];
}

/**
 * Draws up to `count` different entries by lot, one die over what is left each time (none when one
 * entry is left), so every entry is equally likely; `chance` is the chance of that draw.
 */
export function drawByLot<T>(
  dice: Dice,
  from: readonly T[],
  count: number,
  field: string,
): { item: T; roll: number; chance: number }[] {
  const left = [...from];
  const drawn: { item: T; roll: number; chance: number }[] = [];
  while (drawn.length < count && left.length > 0) {
    const roll = left.length === 1 ? 1 : dice.pool(1, left.length, field)[0];
    drawn.push({ item: left[roll - 1], roll, chance: 1 / left.length });
    left.splice(roll - 1, 1);
  }
  return drawn;
}

/** The largest HP-like value the harm procedures take: a stored sheet's bound (MAX_TRACKED, sheets). */
export const MAX_SHEET_VALUE = 100_000;
