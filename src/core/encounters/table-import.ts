import { RuleError } from '../errors';
import {
  formatTableFormula,
  parseTableFormula,
  type TableEntry,
  type TableEntryInput,
} from './referee-table';

/*
 * Importers for the formats referees already keep their tables in (SPEC 5.4): Foundry VTT RollTable
 * JSON, a simple JSON and pipe-separated CSV; and the export to Foundry. The importers only read the
 * shape: the table model (validateTable) then checks the ranges and names any faulty entry.
 */

export type ImportFormat = 'foundry' | 'json' | 'csv';
export const IMPORT_FORMATS: readonly ImportFormat[] = ['foundry', 'json', 'csv'];

export interface ImportedTable {
  name: string | null;
  formula: string;
  replacement: boolean;
  description: string | null;
  entries: TableEntryInput[];
}

const bad = (message: string, field = 'content') => new RuleError('VALIDATION_FAILED', message, field);

/** Reads a table from a document in one of the formats; `formula` overrides the document's. */
export function importTable(format: ImportFormat, text: string, formula?: string | null): ImportedTable {
  if (typeof text !== 'string') throw bad('The file is empty.');
  // Files saved by some Windows editors start with a byte-order mark; it is not part of the table.
  const content = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (content.trim() === '') throw bad('The file is empty.');
  let table: ImportedTable;
  if (format === 'csv') table = importCsv(content, formula ?? null);
  else {
    let doc: unknown;
    try {
      doc = JSON.parse(content);
    } catch (error) {
      throw bad(`The file is not JSON: ${(error as Error).message}`);
    }
    if (format === 'foundry') table = importFoundry(doc, formula ?? null);
    else if (format === 'json') table = importSimpleJson(doc, formula ?? null);
    else throw bad('format is foundry, json or csv.', 'format');
  }
  return table;
}

function object(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw bad(`${where} is not an object.`);
  return value as Record<string, unknown>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** Foundry keeps rich text as HTML: tags go, the common entities are read. */
export function stripHtml(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** The fields our own export keeps in `flags.arbiter` of each result. */
function arbiterFlags(result: Record<string, unknown>): Partial<TableEntryInput> {
  const flags = result.flags;
  if (typeof flags !== 'object' || flags === null) return {};
  const ours = (flags as Record<string, unknown>).arbiter;
  if (typeof ours !== 'object' || ours === null) return {};
  const o = ours as Record<string, unknown>;
  const pick = <T>(key: string, ok: (v: unknown) => boolean): T | undefined =>
    ok(o[key]) ? (o[key] as T) : undefined;
  const str = (v: unknown) => typeof v === 'string';
  return {
    kind: pick<string>('kind', str),
    numberAppearing: pick<string>('numberAppearing', str),
    grade: pick<string>('grade', str),
    tag: pick<string>('tag', str),
    subtableId: pick<string>('subtableId', str),
    reaction: pick<boolean>('reaction', (v) => typeof v === 'boolean'),
  };
}

/**
 * Foundry VTT RollTable JSON, as its "Export Data" writes it: `name`, `formula`, `replacement`,
 * `results[]` with `type`, `range` and `weight`, and the text in `text` (older versions) or
 * `name`/`description` (newer ones; HTML is reduced to text).
 */
export function importFoundry(doc: unknown, formula: string | null): ImportedTable {
  const table = object(doc, 'The Foundry document');
  if (!Array.isArray(table.results) || table.results.length === 0) {
    throw bad('A Foundry RollTable has a non-empty results list.');
  }
  const entries: TableEntryInput[] = table.results.map((raw, i) => {
    const result = object(raw, `results[${i}]`);
    const description = typeof result.description === 'string' ? stripHtml(result.description) : null;
    const body = text(result.text) ?? text(result.name) ?? text(description);
    if (body === null) throw bad(`results[${i}] has no text, name or description.`);
    const range = result.range;
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((x) => typeof x === 'number' && Number.isInteger(x))
    ) {
      throw bad(`results[${i}].range is not [low, high].`);
    }
    return { range: [range[0] as number, range[1] as number], text: body, ...arbiterFlags(result) };
  });
  const sent = formula ?? text(table.formula);
  return {
    name: text(table.name),
    formula: sent ?? derivedFormula(entries),
    replacement: table.replacement !== false,
    description:
      typeof table.description === 'string' && table.description.trim() !== ''
        ? stripHtml(table.description)
        : null,
    entries,
  };
}

/**
 * Simple JSON: `{ name, formula?, results: [...] }`, each result `{ range, text, kind?, … }`
 * (range as [low, high], a number or "low-high"), `{ weight, text }`, or a plain string. Plain
 * strings share the formula's totals evenly (1dN for N strings when no formula is given).
 */
export function importSimpleJson(doc: unknown, formula: string | null): ImportedTable {
  const table = object(doc, 'The document');
  const results = table.results ?? table.entries;
  if (!Array.isArray(results) || results.length === 0)
    throw bad('The document has a non-empty results list.');
  const sent = formula ?? text(table.formula);
  const plain = results.map((r) => typeof r === 'string');
  if (plain.every(Boolean)) {
    const n = results.length;
    const f = sent === null ? null : parseTableFormula(sent);
    const sides =
      f === null
        ? n
        : f.kind === 'sum' && f.terms.length === 1 && f.terms[0].count === 1 && f.constant === 0
          ? f.terms[0].sides
          : null;
    if (sides === null || sides % n !== 0) {
      throw new RuleError(
        'UNPROCESSABLE',
        `${n} plain entries cannot share ${sent} evenly: use a single die whose sides are a multiple of ${n}, or give ranges.`,
        'formula',
      );
    }
    const each = sides / n;
    return {
      name: text(table.name),
      formula: sent ?? `1d${n}`,
      replacement: true,
      description: text(table.description),
      entries: results.map((r, i) => ({ range: [i * each + 1, (i + 1) * each], text: r as string })),
    };
  }
  const entries: TableEntryInput[] = results.map((raw, i) => {
    if (plain[i]) throw bad(`results[${i}] is a plain string among entries with ranges: give it a range.`);
    const r = object(raw, `results[${i}]`);
    const body = text(r.text) ?? text(r.name) ?? text(r.result);
    if (body === null) throw bad(`results[${i}] has no text.`);
    const extra: Partial<TableEntryInput> = {};
    for (const key of ['kind', 'numberAppearing', 'grade', 'tag', 'subtableId'] as const) {
      if (typeof r[key] === 'string') extra[key] = r[key] as string;
    }
    if (typeof r.reaction === 'boolean') extra.reaction = r.reaction;
    if (r.range === undefined && typeof r.weight === 'number')
      return { weight: r.weight, text: body, ...extra };
    return { range: readRange(r.range, `results[${i}].range`), text: body, ...extra };
  });
  const weighted = entries.some((e) => e.weight !== undefined);
  return {
    name: text(table.name),
    formula: sent ?? (weighted ? '' : derivedFormula(entries)),
    replacement: true,
    description: text(table.description),
    entries,
  };
}

function readRange(value: unknown, where: string): number[] {
  if (typeof value === 'number' && Number.isInteger(value)) return [value, value];
  if (
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= 2 &&
    value.every((x) => Number.isInteger(x))
  ) {
    return value.length === 1 ? [value[0], value[0]] : [value[0], value[1]];
  }
  if (typeof value === 'string') {
    const r = parseRangeText(value);
    if (r) return r;
  }
  throw bad(`${where} is not a range ([low, high], a number or "low-high").`);
}

/** "3", "01-04", "96–00" (00 is 100 on percentile tables). */
function parseRangeText(value: string): number[] | null {
  const m = /^\s*(\d{1,6})\s*(?:[-–—]\s*(\d{1,6}))?\s*$/.exec(value);
  if (!m) return null;
  const read = (s: string) => (/^0+$/.test(s) && s.length >= 2 ? 10 ** s.length : Number(s));
  const lo = read(m[1]);
  return [lo, m[2] === undefined ? lo : read(m[2])];
}

/**
 * Pipe-separated CSV, one entry a line: `01-04|Backpacks or sacks`, with optional further columns
 * `|kind|numberAppearing|grade|tag`. A first line that is not an entry is a header (a formula in its
 * first cell, such as `d100|Item`, is read); a line that does not start with a range continues the
 * text of the entry above it (its further columns, if any, are that entry's); blank lines and lines starting with `#` are skipped; `\|` is a pipe
 * inside the text.
 */
export function importCsv(content: string, formula: string | null): ImportedTable {
  const lines = content.split(/\r?\n/);
  const entries: TableEntryInput[] = [];
  let header: string | null = null;
  let seenContent = false;
  lines.forEach((line, i) => {
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const cells = line.split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, '|').trim());
    const range = cells.length >= 2 ? parseRangeText(cells[0]) : null;
    if (range) {
      if (cells[1] === '') throw bad(`Line ${i + 1}: the entry has no text.`);
      const entry: TableEntryInput = { range, text: cells[1] };
      columns(entry, cells.slice(2));
      entries.push(entry);
    } else if (!seenContent) {
      header = cells[0];
    } else if (entries.length > 0) {
      // A continuation line: more text, and the remaining columns when the entry's last line has them.
      const last = entries[entries.length - 1];
      last.text = `${last.text}\n${cells[0]}`;
      columns(last, cells.slice(1));
    } else {
      throw bad(`Line ${i + 1} is neither an entry ("01-04|text") nor a header.`);
    }
    seenContent = true;
  });
  if (entries.length === 0) throw bad('No entry found: write one a line, as "01-04|text".');
  let fromHeader: string | null = null;
  if (header !== null) {
    try {
      fromHeader = formatTableFormula(parseTableFormula(header));
    } catch {
      fromHeader = null;
    }
  }
  return {
    name: null,
    formula: formula ?? fromHeader ?? derivedFormula(entries),
    replacement: true,
    description: null,
    entries,
  };
}

function columns(entry: TableEntryInput, cells: string[]): void {
  const [kind, numberAppearing, grade, tag] = cells;
  if (kind) entry.kind = kind;
  if (numberAppearing) entry.numberAppearing = numberAppearing;
  if (grade) entry.grade = grade;
  if (tag) entry.tag = tag;
}

/**
 * The formula a file without one implies: 1dN when the totals start at 1 (N the highest), else
 * MdS when they run from M to M×S (2–12 is 2d6).
 */
export function derivedFormula(entries: TableEntryInput[]): string {
  const lows = entries.map((e) => (e.range ? e.range[0] : 1));
  const highs = entries.map((e) => (e.range ? (e.range[1] ?? e.range[0]) : 1));
  const lo = Math.min(...lows);
  const hi = Math.max(...highs);
  if (lo === 1 && hi >= 2) return `1d${hi}`;
  if (lo > 1 && hi % lo === 0 && hi / lo >= 2) return `${lo}d${hi / lo}`;
  throw new RuleError(
    'UNPROCESSABLE',
    `The file gives no formula and totals ${lo}–${hi} do not suggest one: send formula.`,
    'formula',
  );
}

/** A Foundry VTT RollTable document for the table ("Import Data" on a RollTable reads it). */
export function exportFoundry(table: {
  id: string;
  name: string;
  formula: string;
  replacement: boolean;
  description: string | null;
  entries: TableEntry[];
  area: string | null;
  scale: string | null;
}): Record<string, unknown> {
  return {
    name: table.name,
    description: table.description ?? '',
    img: 'icons/svg/d20-grey.svg',
    formula: table.formula,
    replacement: table.replacement,
    displayRoll: true,
    results: table.entries.map((e) => ({
      type: 'text',
      text: e.text,
      description: e.text,
      img: 'icons/svg/d20-black.svg',
      weight: e.range[1] - e.range[0] + 1,
      range: [e.range[0], e.range[1]],
      drawn: false,
      flags: {
        arbiter: {
          kind: e.kind,
          numberAppearing: e.numberAppearing,
          grade: e.grade,
          tag: e.tag,
          subtableId: e.subtableId,
          reaction: e.reaction,
        },
      },
    })),
    flags: { arbiter: { id: table.id, area: table.area, scale: table.scale } },
  };
}
