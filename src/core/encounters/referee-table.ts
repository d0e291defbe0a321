import { RuleError } from '../errors';
import type { Dice } from '../random';
import { GRADES } from './encounter-tables';
import { parseNumberAppearing } from './number-appearing';

/*
 * The referee-table model (SPEC 5.4, "Referee tables"; SPEC 4, "table roll"): a dice formula and
 * entries by range or by weight, each with its text and optional kind, number appearing, adversary
 * grade and nested subtable. Every total the formula can give must land on exactly one entry.
 */

/** A parsed table formula: the sum of dice terms and a constant, or a d66 (tens die, units die). */
export type TableFormula =
  { kind: 'sum'; terms: { count: number; sides: number }[]; constant: number } | { kind: 'd66' };

export const MAX_FORMULA_DICE = 100;
export const MAX_FORMULA_SIDES = 1000;
/** The widest span of totals a table may have (a 1d1000 or a 100d100). */
export const MAX_FORMULA_SPAN = 10_000;
export const MAX_TABLE_ENTRIES = 1000;
export const MAX_ENTRY_TEXT = 2000;
export const MAX_SUBTABLE_DEPTH = 5;

/** An entry as sent: a range or a weight, its text and what the encounter procedures read. */
export interface TableEntryInput {
  range?: number[] | null;
  weight?: number | null;
  text: string;
  kind?: string | null;
  numberAppearing?: string | null;
  grade?: string | null;
  tag?: string | null;
  subtableId?: string | null;
  reaction?: boolean | null;
}

/** An entry as stored: its range is always set; `weight` is kept when it was sent as a weight. */
export interface TableEntry {
  range: [number, number];
  weight: number | null;
  text: string;
  kind: string | null;
  numberAppearing: string | null;
  grade: string | null;
  tag: string | null;
  subtableId: string | null;
  reaction: boolean | null;
}

/** A table as the procedures read it (the service passes snapshots, so a roll replays). */
export interface TableDefinition {
  id: string | null;
  name: string;
  formula: string;
  entries: TableEntry[];
  /** Totals no entry covers mean "nothing happens" (left out of snapshots when false). */
  allowGaps?: boolean;
}

/** The text of the entry a draw gives when it lands on a total no entry covers. */
export const NOTHING_HAPPENS = 'Nothing happens.';

const invalid = (message: string, field: string) => new RuleError('VALIDATION_FAILED', message, field);
const unprocessable = (message: string, field: string) => new RuleError('UNPROCESSABLE', message, field);

// Formula

/**
 * Reads a table formula: `1d6`, `d8`, `2d6`, `1d100`, `d66`, sums of dice and whole numbers
 * (`1d6+1d4`, `2d6+2`). Spaces and case do not matter.
 */
export function parseTableFormula(formula: unknown, field = 'formula'): TableFormula {
  if (typeof formula !== 'string' || formula.trim() === '' || formula.length > 64) {
    throw invalid('A formula is dice notation such as "1d6", "2d6", "1d100" or "d66".', field);
  }
  const text = formula.replace(/\s+/g, '').toLowerCase();
  if (text === 'd66' || text === '1d66') return { kind: 'd66' };
  const terms: { count: number; sides: number }[] = [];
  let constant = 0;
  let dice = 0;
  const parts = text.split(/(?=[+-])/);
  for (const part of parts) {
    const match = /^([+-]?)(?:(\d*)d(\d+)|(\d+))$/.exec(part);
    if (!match)
      throw invalid(`"${formula}" is not a formula: "${part}" is neither dice nor a number.`, field);
    const sign = match[1] === '-' ? -1 : 1;
    if (match[4] !== undefined) {
      constant += sign * Number(match[4]);
      continue;
    }
    if (sign < 0) throw invalid('A formula adds dice; it does not subtract them.', field);
    const count = match[2] === '' ? 1 : Number(match[2]);
    const sides = Number(match[3]);
    if (count < 1 || sides < 2 || sides > MAX_FORMULA_SIDES) {
      throw invalid(`Dice in a formula have 2 to ${MAX_FORMULA_SIDES} sides, one die or more.`, field);
    }
    dice += count;
    terms.push({ count, sides });
  }
  if (terms.length === 0) throw invalid('A formula rolls at least one die.', field);
  if (dice > MAX_FORMULA_DICE) throw invalid(`A formula rolls at most ${MAX_FORMULA_DICE} dice.`, field);
  if (Math.abs(constant) > 100_000) throw invalid('The formula’s number is too large.', field);
  const span = terms.reduce((s, t) => s + t.count * (t.sides - 1), 0) + 1;
  if (span > MAX_FORMULA_SPAN) {
    throw invalid(`A formula may give at most ${MAX_FORMULA_SPAN} different totals.`, field);
  }
  return { kind: 'sum', terms, constant };
}

/** The canonical text of a formula (`1d6`, `2d6+1`, `d66`). */
export function formatTableFormula(f: TableFormula): string {
  if (f.kind === 'd66') return 'd66';
  const dice = f.terms.map((t) => `${t.count}d${t.sides}`).join('+');
  return f.constant === 0 ? dice : `${dice}${f.constant > 0 ? '+' : ''}${f.constant}`;
}

/** Every total a formula can give with its number of ways, out of `outcomes` equally likely rolls. */
export interface Distribution {
  min: number;
  max: number;
  /** ways[t - min]: how many of the equally likely rolls give the total t. */
  ways: bigint[];
  outcomes: bigint;
}

/** Distributions already counted, by canonical formula (a table's is read on every draw and check). */
const distributions = new Map<string, Distribution>();
const MAX_REMEMBERED_DISTRIBUTIONS = 256;

/**
 * The exact distribution of a formula's total, by convolution of the dice (integer counts). Each die
 * is added with a sliding window (a total's ways are the sum of the previous ways over the die's
 * faces), so a 100d100 costs about a million additions, not a hundred million. The result is shared
 * between callers: do not change it.
 */
export function formulaDistribution(f: TableFormula): Distribution {
  const key = formatTableFormula(f);
  const known = distributions.get(key);
  if (known) return known;
  const counted = countDistribution(f);
  if (distributions.size >= MAX_REMEMBERED_DISTRIBUTIONS) distributions.clear();
  distributions.set(key, counted);
  return counted;
}

function countDistribution(f: TableFormula): Distribution {
  if (f.kind === 'd66') {
    const ways = new Array<bigint>(56).fill(0n);
    for (let tens = 1; tens <= 6; tens++)
      for (let units = 1; units <= 6; units++) ways[tens * 10 + units - 11] = 1n;
    return { min: 11, max: 66, ways, outcomes: 36n };
  }
  let ways: bigint[] = [1n];
  let min = f.constant;
  for (const term of f.terms) {
    for (let i = 0; i < term.count; i++) {
      const next = new Array<bigint>(ways.length + term.sides - 1);
      let window = 0n;
      for (let t = 0; t < next.length; t++) {
        if (t < ways.length) window += ways[t];
        if (t >= term.sides) window -= ways[t - term.sides];
        next[t] = window;
      }
      ways = next;
      min += 1;
    }
  }
  const outcomes = ways.reduce((s, w) => s + w, 0n);
  return { min, max: min + ways.length - 1, ways, outcomes };
}

/** An exact ratio of two counts, as the nearest double. */
export function ratio(part: bigint, whole: bigint): number {
  if (part === 0n) return 0;
  if (part === whole) return 1;
  // Scale both below 2^53 first so that one division rounds once.
  let p = part;
  let w = whole;
  while (w > 2n ** 53n) {
    p >>= 1n;
    w >>= 1n;
  }
  return Number(p) / Number(w);
}

function waysBetween(d: Distribution, lo: number, hi: number): bigint {
  let sum = 0n;
  for (let t = Math.max(lo, d.min); t <= Math.min(hi, d.max); t++) sum += d.ways[t - d.min];
  return sum;
}

/** Rolls a formula: the faces in order and the total. */
export function rollFormula(
  f: TableFormula,
  dice: Dice,
  field = 'formula',
): { faces: number[]; total: number } {
  if (f.kind === 'd66') {
    const faces = dice.pool(2, 6, field);
    return { faces, total: faces[0] * 10 + faces[1] };
  }
  const faces: number[] = [];
  for (const term of f.terms) faces.push(...dice.pool(term.count, term.sides, field));
  return { faces, total: faces.reduce((s, x) => s + x, 0) + f.constant };
}

// Validation

const KIND = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * Checks a table and gives each entry its exact probability. Entries come by range or all by weight
 * (a weighted table's formula is 1dW, W the total weight; it is derived when left out). Every total
 * the formula can give must be covered exactly once; a gap or an overlap is refused naming the entry.
 */
export function validateTable(input: {
  formula?: string | null;
  entries: TableEntryInput[];
  /** Let totals no entry covers mean "nothing happens" (Foundry tolerates gaps); overlaps stay refused. */
  allowGaps?: boolean | null;
}): {
  formula: string;
  entries: TableEntry[];
  probabilities: number[];
  min: number;
  max: number;
  /** The exact chance of a total no entry covers (0 unless gaps are allowed). */
  nothingHappens: number;
} {
  const list = input.entries;
  if (!Array.isArray(list) || list.length === 0) throw invalid('A table has at least one entry.', 'entries');
  if (list.length > MAX_TABLE_ENTRIES) {
    throw invalid(`A table has at most ${MAX_TABLE_ENTRIES} entries.`, 'entries');
  }
  const weighted = list.map((e) => e.range === undefined || e.range === null);
  const byWeight = weighted[0];
  const ranges: [number, number][] = [];
  if (byWeight) {
    let next = 1;
    list.forEach((e, i) => {
      if (!weighted[i] || e.weight === undefined || e.weight === null) {
        throw invalid('Send every entry with a range, or every entry with a weight.', `entries[${i}]`);
      }
      if (!Number.isInteger(e.weight) || e.weight < 1 || e.weight > MAX_FORMULA_SIDES) {
        throw invalid(`A weight is a whole number from 1 to ${MAX_FORMULA_SIDES}.`, `entries[${i}].weight`);
      }
      ranges.push([next, next + e.weight - 1]);
      next += e.weight;
    });
    const total = next - 1;
    if (total > MAX_FORMULA_SIDES) {
      throw invalid(`The weights add up to at most ${MAX_FORMULA_SIDES}.`, 'entries');
    }
    const derived = `1d${total}`;
    if (input.formula !== undefined && input.formula !== null && input.formula !== '') {
      const sent = formatTableFormula(parseTableFormula(input.formula));
      if (sent !== derived) {
        throw unprocessable(
          `The weights add up to ${total}, so a weighted table rolls ${derived}, not ${sent}.`,
          'formula',
        );
      }
    }
    if (total < 2)
      throw unprocessable('A table needs at least two outcomes: add weight.', 'entries[0].weight');
    input = { ...{}, ...input, formula: derived };
  } else {
    list.forEach((e, i) => {
      if (weighted[i])
        throw invalid('Send every entry with a range, or every entry with a weight.', `entries[${i}]`);
      const r = e.range!;
      if (
        !Array.isArray(r) ||
        r.length < 1 ||
        r.length > 2 ||
        !r.every((x) => Number.isInteger(x) && Math.abs(x) <= 1_000_000)
      ) {
        throw invalid('A range is [lowest, highest] (or [total]), whole numbers.', `entries[${i}].range`);
      }
      const lo = r[0];
      const hi = r.length === 2 ? r[1] : r[0];
      if (hi < lo) throw invalid('A range goes from its lowest total to its highest.', `entries[${i}].range`);
      ranges.push([lo, hi]);
    });
  }
  const formula = parseTableFormula(input.formula);
  const dist = formulaDistribution(formula);

  const entries: TableEntry[] = list.map((e, i) => normaliseEntry(e, ranges[i], byWeight, i));

  // Each entry must be reachable and lie within the formula's totals; then no total may be covered
  // twice, nor (unless the table lets uncovered totals mean "nothing happens") left uncovered. Every
  // faulty range is listed at once, so a referee fixes a long table in one pass.
  const faults: { field: string; message: string }[] = [];
  const f = formatTableFormula(formula);
  const probabilities = ranges.map(([lo, hi], i) => {
    if (lo < dist.min || hi > dist.max) {
      faults.push({
        field: `entries[${i}]`,
        message: `entries[${i}] covers ${lo}–${hi}, but ${f} gives only ${dist.min}–${dist.max}.`,
      });
      return 0;
    }
    const ways = waysBetween(dist, lo, hi);
    if (ways === 0n) {
      faults.push({
        field: `entries[${i}]`,
        message: `entries[${i}] (${lo}–${hi}) can never come up on ${f}.`,
      });
      return 0;
    }
    return ratio(ways, dist.outcomes);
  });

  // Overlaps and gaps, in order of the lowest total.
  // Entries outside the formula's totals are faulty already and take no part.
  const order = ranges
    .map((_, i) => i)
    .filter((i) => ranges[i][0] >= dist.min && ranges[i][1] <= dist.max)
    .sort((a, b) => ranges[a][0] - ranges[b][0] || a - b);
  const gapFaults: { field: string; message: string }[] = [];
  let covered = dist.min - 1;
  let previous = -1;
  for (const i of order) {
    const [lo, hi] = ranges[i];
    if (lo <= covered) {
      faults.push({
        field: `entries[${i}]`,
        message: `entries[${i}] (${lo}–${hi}) overlaps entries[${previous}] (${ranges[previous][0]}–${ranges[previous][1]}).`,
      });
    } else {
      const gap = possibleSpan(dist, covered + 1, lo - 1);
      if (gap !== null) {
        gapFaults.push({
          field: `entries[${i}]`,
          message: `No entry covers ${span(gap)}: there is a gap before entries[${i}] (${lo}–${hi}).`,
        });
      }
    }
    if (hi > covered) {
      covered = hi;
      previous = i;
    }
  }
  const gap = previous < 0 ? null : possibleSpan(dist, covered + 1, dist.max);
  if (gap !== null) {
    gapFaults.push({
      field: `entries[${previous}]`,
      message: `No entry covers ${span(gap)}: there is a gap after entries[${previous}].`,
    });
  }
  if (!input.allowGaps) faults.push(...gapFaults);
  if (faults.length > 0) {
    const gaps = faults.some((x) => x.message.startsWith('No entry covers'));
    const detail =
      faults.length === 1
        ? faults[0].message
        : `${faults.length} ranges are faulty: ${faults.map((x) => x.message).join(' ')}`;
    throw new RuleError(
      'UNPROCESSABLE',
      gaps ? `${detail} (Send allowGaps: true to let uncovered totals mean nothing happens.)` : detail,
      faults[0].field,
      faults,
    );
  }
  return {
    formula: f,
    entries,
    probabilities,
    min: dist.min,
    max: dist.max,
    nothingHappens: nothingProbability(dist, ranges),
  };
}

const span = ([lo, hi]: [number, number]) => (lo === hi ? `${lo}` : `${lo}–${hi}`);

/** The first and last totals in [lo, hi] that the formula can give, or null when it gives none. */
function possibleSpan(d: Distribution, lo: number, hi: number): [number, number] | null {
  const first = firstPossible(d, lo, hi);
  if (first === null) return null;
  let last = first;
  for (let t = Math.min(hi, d.max); t > first; t--) {
    if (d.ways[t - d.min] > 0n) {
      last = t;
      break;
    }
  }
  return [first, last];
}

/** The exact chance that a roll lands on no entry (0 for a table without gaps). */
function nothingProbability(d: Distribution, ranges: [number, number][]): number {
  let coveredWays = 0n;
  const covered = new Set<number>();
  for (const [lo, hi] of ranges) {
    for (let t = Math.max(lo, d.min); t <= Math.min(hi, d.max); t++) {
      if (!covered.has(t)) {
        covered.add(t);
        coveredWays += d.ways[t - d.min];
      }
    }
  }
  return ratio(d.outcomes - coveredWays, d.outcomes);
}

/** The first total in [lo, hi] that the formula can give, or null. */
function firstPossible(d: Distribution, lo: number, hi: number): number | null {
  for (let t = Math.max(lo, d.min); t <= Math.min(hi, d.max); t++) if (d.ways[t - d.min] > 0n) return t;
  return null;
}

function normaliseEntry(
  e: TableEntryInput,
  range: [number, number],
  byWeight: boolean,
  i: number,
): TableEntry {
  const field = (name: string) => `entries[${i}].${name}`;
  if (typeof e.text !== 'string' || e.text.trim() === '' || e.text.length > MAX_ENTRY_TEXT) {
    throw invalid(`An entry's text is 1 to ${MAX_ENTRY_TEXT} characters.`, field('text'));
  }
  const kind = e.kind ?? null;
  if (kind !== null && (typeof kind !== 'string' || !KIND.test(kind))) {
    throw invalid(
      'A kind is a lowercase word such as people, beasts, hazard, site, omen or weather.',
      field('kind'),
    );
  }
  const numberAppearing = e.numberAppearing ?? null;
  if (numberAppearing !== null) {
    try {
      parseNumberAppearing(numberAppearing);
    } catch (error) {
      if (error instanceof RuleError)
        throw new RuleError(error.code, error.message, field('numberAppearing'));
      throw error;
    }
  }
  const grade = e.grade ?? null;
  if (grade !== null && !(GRADES as readonly string[]).includes(grade)) {
    throw invalid(`A grade is one of ${GRADES.join(', ')}.`, field('grade'));
  }
  const tag = e.tag ?? null;
  if (tag !== null && tag !== 'elite' && tag !== 'legendary') {
    throw invalid('A tag is elite or legendary.', field('tag'));
  }
  if (tag !== null && grade === null) throw invalid('A tag needs a grade.', field('tag'));
  const subtableId = e.subtableId ?? null;
  if (
    subtableId !== null &&
    (typeof subtableId !== 'string' || subtableId.length < 1 || subtableId.length > 64)
  ) {
    throw invalid('A subtable is named by its id.', field('subtableId'));
  }
  const reaction = e.reaction ?? null;
  if (reaction !== null && typeof reaction !== 'boolean')
    throw invalid('reaction is true or false.', field('reaction'));
  return {
    range,
    weight: byWeight ? range[1] - range[0] + 1 : null,
    text: e.text,
    kind,
    numberAppearing,
    grade,
    tag,
    subtableId,
    reaction,
  };
}

/** The exact probability of each entry of a stored (valid) table. */
export function entryProbabilities(table: { formula: string; entries: TableEntry[] }): number[] {
  const dist = formulaDistribution(parseTableFormula(table.formula));
  return table.entries.map((e) => ratio(waysBetween(dist, e.range[0], e.range[1]), dist.outcomes));
}

// Drawing

export interface DrawStep {
  tableId: string | null;
  tableName: string;
  depth: number;
  roll: number;
  faces: number[];
  /** The entry's position, or null when the roll landed in a gap (nothing happens). */
  entryIndex: number | null;
  /** The entry; for a gap, an entry made for it: the gap's range and the text "Nothing happens.". */
  entry: TableEntry;
  /** Set (true) only when the roll landed in a gap, so that draws logged before gaps replay alike. */
  nothingHappens?: true;
  odds: { entry: number };
}

export interface TableDrawOutcome {
  tableId: string | null;
  formula: string;
  roll: number;
  faces: number[];
  entryIndex: number | null;
  entry: TableEntry;
  /** Set (true) only when the roll (or a subtable's) landed on a total no entry covers. */
  nothingHappens?: true;
  /** The nested draws, in order (the entry's subtable, its entry's subtable, …). */
  subdraws: DrawStep[];
  odds: { entry: number; chain: number };
}

export interface TableDrawInput {
  table: TableDefinition;
  /** The subtables the entries may name, by id (a snapshot, so the draw replays). */
  subtables?: Record<string, TableDefinition>;
}

/**
 * Draws on a referee table (SPEC 4 "table roll", SPEC 5.4): rolls the formula, finds the entry, and
 * follows nested subtables down to depth 5. `odds.entry` is the drawn entry's chance on its table;
 * `odds.chain` the chance of the whole path.
 */
export function drawTable(input: TableDrawInput, dice: Dice): TableDrawOutcome {
  const steps = drawSteps(input.table, input.subtables ?? {}, dice, 1);
  const [first, ...rest] = steps;
  return {
    tableId: input.table.id,
    formula: input.table.formula,
    roll: first.roll,
    faces: first.faces,
    entryIndex: first.entryIndex,
    entry: first.entry,
    ...(steps.some((step) => step.nothingHappens) ? { nothingHappens: true as const } : {}),
    subdraws: rest,
    odds: { entry: first.odds.entry, chain: steps.reduce((p, s) => p * s.odds.entry, 1) },
  };
}

function drawSteps(
  table: TableDefinition,
  subtables: Record<string, TableDefinition>,
  dice: Dice,
  depth: number,
): DrawStep[] {
  if (depth > MAX_SUBTABLE_DEPTH) {
    throw unprocessable(`Subtables nest at most ${MAX_SUBTABLE_DEPTH} deep.`, 'subtableId');
  }
  const formula = parseTableFormula(table.formula);
  const { faces, total } = rollFormula(formula, dice);
  const index = table.entries.findIndex((e) => e.range[0] <= total && total <= e.range[1]);
  if (index < 0) {
    if (!table.allowGaps) throw unprocessable(`No entry of ${table.name} covers ${total}.`, 'entries');
    const gap = gapAround(table, formula, total);
    return [
      {
        tableId: table.id,
        tableName: table.name,
        depth,
        roll: total,
        faces,
        entryIndex: null,
        entry: {
          range: gap.range,
          weight: null,
          text: NOTHING_HAPPENS,
          kind: null,
          numberAppearing: null,
          grade: null,
          tag: null,
          subtableId: null,
          reaction: null,
        },
        nothingHappens: true,
        odds: { entry: gap.probability },
      },
    ];
  }
  const entry = table.entries[index];
  const probability = entryProbabilities(table)[index];
  const step: DrawStep = {
    tableId: table.id,
    tableName: table.name,
    depth,
    roll: total,
    faces,
    entryIndex: index,
    entry,
    odds: { entry: probability },
  };
  if (entry.subtableId === null) return [step];
  const sub = subtables[entry.subtableId];
  if (!sub) throw unprocessable(`Subtable ${entry.subtableId} is missing.`, 'subtableId');
  return [step, ...drawSteps(sub, subtables, dice, depth + 1)];
}

/** The run of uncovered totals around `total` and its exact chance. */
function gapAround(
  table: TableDefinition,
  formula: TableFormula,
  total: number,
): { range: [number, number]; probability: number } {
  const dist = formulaDistribution(formula);
  const covered = (t: number) => table.entries.some((e) => e.range[0] <= t && t <= e.range[1]);
  let lo = total;
  let hi = total;
  while (lo - 1 >= dist.min && !covered(lo - 1)) lo--;
  while (hi + 1 <= dist.max && !covered(hi + 1)) hi++;
  return { range: [lo, hi], probability: ratio(waysBetween(dist, lo, hi), dist.outcomes) };
}

/** The exact chance that a draw on the table lands on no entry (0 unless it allows gaps). */
export function gapProbability(table: { formula: string; entries: TableEntry[] }): number {
  const dist = formulaDistribution(parseTableFormula(table.formula));
  return nothingProbability(
    dist,
    table.entries.map((e) => e.range),
  );
}

/**
 * The chance that a draw on the table ends on an entry of the given kind: an entry's own kind
 * decides; an entry without a kind that names a subtable takes the subtable's chances.
 */
export function kindProbability(
  table: TableDefinition,
  subtables: Record<string, TableDefinition>,
  kind: string,
  depth = 1,
): number {
  if (depth > MAX_SUBTABLE_DEPTH) return 0;
  const p = entryProbabilities(table);
  return table.entries.reduce((sum, e, i) => {
    if (e.kind !== null) return sum + (e.kind === kind ? p[i] : 0);
    if (e.subtableId !== null && subtables[e.subtableId]) {
      return sum + p[i] * kindProbability(subtables[e.subtableId], subtables, kind, depth + 1);
    }
    return sum;
  }, 0);
}

/**
 * The chance that a draw ends in a gap ("nothing happens") where the kind does not make it an omen:
 * an entry's own kind decides as in kindProbability, and an omen entry stays an omen.
 */
export function nothingHappensProbability(
  table: TableDefinition,
  subtables: Record<string, TableDefinition>,
  decided = false,
  depth = 1,
): number {
  if (depth > MAX_SUBTABLE_DEPTH) return 0;
  const p = entryProbabilities(table);
  let sum = table.allowGaps ? gapProbability(table) : 0;
  table.entries.forEach((e, i) => {
    if (e.subtableId === null || !subtables[e.subtableId]) return;
    if (!decided && e.kind === 'omen') return;
    sum +=
      p[i] *
      nothingHappensProbability(subtables[e.subtableId], subtables, decided || e.kind !== null, depth + 1);
  });
  return sum;
}

/** The kind a draw ended on: the first entry on its path that has one, reading down from the top. */
export function drawnKind(draw: TableDrawOutcome): string | null {
  if (draw.entry.kind !== null) return draw.entry.kind;
  for (const step of draw.subdraws) if (step.entry.kind !== null) return step.entry.kind;
  return null;
}
