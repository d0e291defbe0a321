import { invalid } from '../checks/validate';

/**
 * What every combat resolution answers besides its own numbers: each modifier it applied, by name,
 * and each step it took with the exact odds of the dice that decided it.
 */

/** A named modifier and its signed value (dice for COEAC pools, points for d20 targets). */
export interface CombatModifier {
  /** A stable kebab-case id (`bonus-dice`, `cover`, `called-shot`, `group-bonus` …). */
  name: string;
  value: number;
  detail: string;
}

/** One step of a resolution. `odds` is null when no dice decided it. */
export interface CombatStep {
  name: string;
  detail: string;
  faces: number[];
  odds: Record<string, number> | null;
}

export class CombatLog {
  readonly modifiers: CombatModifier[] = [];
  readonly steps: CombatStep[] = [];

  modifier(name: string, value: number, detail: string): number {
    this.modifiers.push({ name, value, detail });
    return value;
  }

  step(
    name: string,
    detail: string,
    faces: readonly number[] = [],
    odds: Record<string, number> | null = null,
  ) {
    this.steps.push({ name, detail, faces: [...faces], odds });
  }
}

/** A probability distribution over whole numbers: value → chance. */
export type Distribution = Map<number, number>;

export function pointMass(value: number): Distribution {
  return new Map([[value, 1]]);
}

/** Adds `p` to `value` in `dist`. */
export function addMass(dist: Distribution, value: number, p: number): void {
  if (p === 0) return;
  dist.set(value, (dist.get(value) ?? 0) + p);
}

/** A distribution as a JSON object keyed by value, in ascending order. */
export function asOdds(dist: Distribution): Record<string, number> {
  return Object.fromEntries([...dist.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => [String(k), v]));
}

/** The distribution of one fair die with `sides` faces. */
export function dieDistribution(sides: number): Distribution {
  const dist: Distribution = new Map();
  for (let face = 1; face <= sides; face += 1) dist.set(face, 1 / sides);
  return dist;
}

/** The distribution of the sum of two independent values. */
export function convolve(a: Distribution, b: Distribution): Distribution {
  const out: Distribution = new Map();
  for (const [x, px] of a) for (const [y, py] of b) addMass(out, x + y, px * py);
  return out;
}

/** `count` dice of `sides` faces, summed, plus `bonus`. */
export function sumDistribution(count: number, sides: number, bonus = 0): Distribution {
  let dist = pointMass(bonus);
  for (let i = 0; i < count; i += 1) dist = convolve(dist, dieDistribution(sides));
  return dist;
}

/** A dice expression such as `d8`, `2d6+1` or `d4-1`. */
export interface DiceExpression {
  count: number;
  sides: number;
  bonus: number;
  text: string;
}

export const MAX_EXPRESSION_DICE = 20;
export const MAX_EXPRESSION_SIDES = 100;

/** Reads a weapon's damage dice (`d8`, `2d6+1`, `d4-1`, or a flat `3`). */
export function parseDamageDice(value: unknown, field: string): DiceExpression {
  const text = typeof value === 'string' ? value.trim().toLowerCase().replace(/\s+/g, '') : '';
  const match = /^(?:(\d{0,2})d(\d{1,3}))?([+-]\d{1,4})?$/.exec(text);
  const flat = /^\d{1,4}$/.exec(text);
  if (flat) return { count: 0, sides: 0, bonus: Number(text), text };
  if (!match || text === '' || (match[2] === undefined && match[3] === undefined)) {
    throw invalid(`\`${field}\` is dice such as "d8", "2d6+1" or "d4-1".`, field);
  }
  const count = match[2] === undefined ? 0 : match[1] === '' || match[1] === undefined ? 1 : Number(match[1]);
  const sides = match[2] === undefined ? 0 : Number(match[2]);
  if (match[2] !== undefined && (count < 1 || count > MAX_EXPRESSION_DICE)) {
    throw invalid(`\`${field}\` rolls 1 to ${MAX_EXPRESSION_DICE} dice.`, field);
  }
  if (match[2] !== undefined && (sides < 2 || sides > MAX_EXPRESSION_SIDES)) {
    throw invalid(`\`${field}\` uses dice of 2 to ${MAX_EXPRESSION_SIDES} sides.`, field);
  }
  return { count, sides, bonus: match[3] === undefined ? 0 : Number(match[3]), text };
}
