import type { Dice } from '../random';
import { invalid, record, wholeNumber } from './validate';

export interface TableEntry {
  /** Lowest total that lands on this entry. */
  min: number;
  /** Highest total that lands on this entry. */
  max: number;
  result: string;
}

export interface TableRollInput {
  /** Dice notation: "dN", "MdN", "d66", "d100" or "X-in-N". */
  dice: string;
  /** Non-overlapping ranges of totals; gaps are allowed and give no entry. */
  entries?: TableEntry[];
}

export interface TableRollOutcome {
  /** The notation, normalised ("1D6 " becomes "d6"). */
  dice: string;
  faces: number[];
  total: number;
  /** X-in-N only: whether the die showed X or less. */
  success: boolean | null;
  entry: TableEntry | null;
  odds: {
    /** P(total is exactly this one). */
    outcome: number;
    success: number | null;
    /** P(landing in the matched entry). */
    entry: number | null;
  };
}

/** A parsed notation: a sum of `count` dice of `sides`, a d66, or an X-in-N chance. */
export type DiceNotation =
  | { kind: 'sum'; count: number; sides: number }
  | { kind: 'd66' }
  | { kind: 'chance'; in: number; sides: number };

export const MAX_TABLE_DICE = 100;
export const MAX_TABLE_SIDES = 1000;
export const MAX_TABLE_ENTRIES = 1000;
const MAX_RESULT_LENGTH = 1000;

/** Reads table dice notation; case and surrounding spaces do not matter. */
export function parseDiceNotation(notation: unknown, field = 'dice'): DiceNotation {
  if (typeof notation !== 'string' || notation.length > 32) {
    throw invalid('`dice` is a short notation such as "d6", "2d6", "d66", "d100" or "2-in-6".', field);
  }
  const text = notation.trim().toLowerCase();
  const sum = /^(\d+)?d(\d+)$/.exec(text);
  if (sum !== null) {
    const count = sum[1] === undefined ? 1 : Number(sum[1]);
    const sides = Number(sum[2]);
    // "d66" on a table always means a tens die and a units die, never a 66-sided die.
    if (sides === 66 && count === 1) return { kind: 'd66' };
    if (sides === 66) throw invalid('A d66 is read once; several d66 cannot be summed.', field);
    if (count < 1 || count > MAX_TABLE_DICE) {
      throw invalid(`A table rolls 1 to ${MAX_TABLE_DICE} dice.`, field);
    }
    if (sides < 2 || sides > MAX_TABLE_SIDES) {
      throw invalid(`A table die has 2 to ${MAX_TABLE_SIDES} sides.`, field);
    }
    return { kind: 'sum', count, sides };
  }
  const chance = /^(\d+)-in-(\d+)$/.exec(text);
  if (chance !== null) {
    const inSides = Number(chance[1]);
    const sides = Number(chance[2]);
    if (sides < 2 || sides > MAX_TABLE_SIDES) {
      throw invalid(`An X-in-N chance uses a die of 2 to ${MAX_TABLE_SIDES} sides.`, field);
    }
    if (inSides > sides) throw invalid('In "X-in-N", X cannot exceed N.', field);
    return { kind: 'chance', in: inSides, sides };
  }
  throw invalid('`dice` is a notation such as "d6", "2d6", "d66", "d100" or "2-in-6".', field);
}

export function formatDiceNotation(notation: DiceNotation): string {
  if (notation.kind === 'd66') return 'd66';
  if (notation.kind === 'chance') return `${notation.in}-in-${notation.sides}`;
  return `${notation.count === 1 ? '' : notation.count}d${notation.sides}`;
}

function validateEntries(value: unknown): TableEntry[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_TABLE_ENTRIES) {
    throw invalid(`\`entries\` is a list of at most ${MAX_TABLE_ENTRIES} ranges.`, 'entries');
  }
  const entries = (value as unknown[]).map((raw, i) => {
    const field = `entries[${i}]`;
    const entry = record(raw, field);
    const min = wholeNumber(entry.min, `${field}.min`, -Number.MAX_SAFE_INTEGER);
    const max = wholeNumber(entry.max, `${field}.max`, min);
    if (typeof entry.result !== 'string' || entry.result.length > MAX_RESULT_LENGTH) {
      throw invalid(
        `An entry's result is text of at most ${MAX_RESULT_LENGTH} characters.`,
        `${field}.result`,
      );
    }
    return { min, max, result: entry.result };
  });
  const sorted = [...entries].sort((a, b) => a.min - b.min);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].min <= sorted[i - 1].max) {
      throw invalid(
        `Entries ${sorted[i - 1].min}–${sorted[i - 1].max} and ${sorted[i].min}–${sorted[i].max} overlap.`,
        'entries',
      );
    }
  }
  return entries;
}

function binomial(n: bigint, k: bigint): bigint {
  if (k < 0n || n < k) return 0n;
  let result = 1n;
  for (let i = 0n; i < k; i++) result = (result * (n - i)) / (i + 1n);
  return result;
}

/**
 * How many of the sides^count equally likely rolls sum to `total` or less, by inclusion–exclusion
 * over the dice that would exceed their sides. Exact, so the odds carry no simulation or float drift.
 */
function rollsAtMost(count: number, sides: number, total: number): bigint {
  if (total < count) return 0n;
  if (total >= count * sides) return BigInt(sides) ** BigInt(count);
  const n = BigInt(count);
  let ways = 0n;
  for (let k = 0; k <= count && total - k * sides >= count; k++) {
    const term = binomial(n, BigInt(k)) * binomial(BigInt(total - k * sides), n);
    ways += k % 2 === 0 ? term : -term;
  }
  return ways;
}

/** The chance that a total lands in [low, high]. */
function chanceBetween(notation: DiceNotation, low: number, high: number): number {
  if (notation.kind === 'd66') {
    let hits = 0;
    for (let tens = 1; tens <= 6; tens++) {
      for (let units = 1; units <= 6; units++) {
        const total = tens * 10 + units;
        if (total >= low && total <= high) hits++;
      }
    }
    return hits / 36;
  }
  const count = notation.kind === 'sum' ? notation.count : 1;
  const sides = notation.sides;
  const lo = Math.max(low, count);
  const hi = Math.min(high, count * sides);
  if (lo > hi) return 0;
  if (count === 1) return (hi - lo + 1) / sides;
  const ways = rollsAtMost(count, sides, hi) - rollsAtMost(count, sides, lo - 1);
  // sides^count ≤ 1000^100 < 2^1000 stays a finite double, so both conversions round once.
  return Number(ways) / Number(BigInt(sides) ** BigInt(count));
}

/**
 * Random tables in every seed: roll the table's dice and look the total up. "d66" reads a tens d6 and
 * a units d6 (11–66); "d100" is one hundred-sided die; "X-in-N" succeeds when a dN shows X or less
 * and its face is the total.
 */
export function tableRoll(input: TableRollInput, dice: Dice): TableRollOutcome {
  const body = record(input, 'input');
  const notation = parseDiceNotation(body.dice);
  const entries = validateEntries(body.entries);

  let faces: number[];
  let total: number;
  if (notation.kind === 'd66') {
    faces = dice.pool(2, 6, 'dice');
    total = faces[0] * 10 + faces[1];
  } else {
    faces = dice.pool(notation.kind === 'sum' ? notation.count : 1, notation.sides, 'dice');
    total = faces.reduce((sum, face) => sum + face, 0);
  }
  const success = notation.kind === 'chance' ? total <= notation.in : null;
  const found = entries.find((candidate) => candidate.min <= total && total <= candidate.max);
  const entry = found === undefined ? null : { ...found };
  return {
    dice: formatDiceNotation(notation),
    faces,
    total,
    success,
    entry,
    odds: {
      outcome: chanceBetween(notation, total, total),
      success: notation.kind === 'chance' ? notation.in / notation.sides : null,
      entry: entry === null ? null : chanceBetween(notation, entry.min, entry.max),
    },
  };
}
