import { parse as parseCsv } from 'csv-parse/sync';
import { parseAllDocuments } from 'yaml';
import { RuleError } from '../errors';
import {
  formatTableFormula,
  parseTableFormula,
  type TableEntry,
  type TableEntryInput,
} from './referee-table';

/*
 * Importers for the formats referees already keep their tables in (SPEC 5.4): Foundry VTT RollTable
 * documents (JSON or YAML, one or several), a simple JSON or YAML shape, and CSV separated by pipes,
 * commas or semicolons; and the export to Foundry. The importers only read the shape: the table model
 * (validateTable) then checks the ranges and names any faulty entry. They throw nothing but a
 * RuleError.
 */

export type ImportFormat = 'foundry' | 'json' | 'yaml' | 'csv';
export const IMPORT_FORMATS: readonly ImportFormat[] = ['foundry', 'json', 'yaml', 'csv'];

/** What the 400 for a file in no shape we read says. */
export const SHAPES_READ =
  'a Foundry VTT RollTable (JSON or YAML; one document, a list of them, or a YAML stream of them), ' +
  'simple JSON or YAML ({ name, formula, results }), or CSV lines (range, then text; separated by |, ' +
  'commas or semicolons; quoted fields allowed)';

export interface ImportedTable {
  name: string | null;
  formula: string;
  replacement: boolean;
  description: string | null;
  entries: TableEntryInput[];
  /** Totals no entry covers mean "nothing happens" (flags.arbiter.allowGaps of our export), else null. */
  allowGaps?: boolean | null;
  /** Entries that draw on another table of the same import: entry index → table index. */
  links?: { entry: number; table: number }[];
}

/** Every table of one import, with the links between them, and what could not be kept as a link. */
export interface ImportedBundle {
  tables: ImportedTable[];
  warnings: string[];
}

const bad = (message: string, field = 'content') => new RuleError('VALIDATION_FAILED', message, field);
const unknownShape = (why: string) => bad(`${why} Arbiter reads ${SHAPES_READ}.`);

/** Reads one table (the first of the file); `formula` overrides the document's. */
export function importTable(
  format: ImportFormat | null,
  text: string,
  formula?: string | null,
): ImportedTable {
  return importTables(format, text, formula).tables[0];
}

/**
 * Reads every table of a file. `format` null (or left out) reads the shape from the content: a JSON
 * or YAML document with results is a Foundry RollTable when it has Foundry's fields (else the simple
 * shape), a list or a YAML stream holds several tables, anything else is read as CSV. `formula`
 * overrides the first table's.
 */
export function importTables(
  format: ImportFormat | null,
  text: string,
  formula?: string | null,
): ImportedBundle {
  if (typeof text !== 'string') throw bad('The file is empty.');
  // Files saved by some Windows editors start with a byte-order mark; it is not part of the table.
  const content = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (content.trim() === '') throw bad('The file is empty.');
  if (format !== null && !IMPORT_FORMATS.includes(format)) {
    throw bad(`format is ${IMPORT_FORMATS.join(', ')} (or left out to read the shape).`, 'format');
  }
  if (format === 'csv') return { tables: [importCsv(content, formula ?? null)], warnings: [] };
  const docs = readDocuments(format, content);
  if (docs === null) {
    // Not a structured document: CSV is the last shape left.
    try {
      return { tables: [importCsv(content, formula ?? null)], warnings: [] };
    } catch (error) {
      if (error instanceof RuleError && error.field === 'content') {
        throw unknownShape(`The file is not a table in a shape we read (${error.message})`);
      }
      throw error;
    }
  }
  return importDocuments(format, docs, formula ?? null);
}

/** The documents of a JSON or YAML file, or null when it holds no object (so it may be CSV). */
function readDocuments(format: ImportFormat | null, content: string): unknown[] | null {
  const first = content.trimStart()[0];
  let value: unknown;
  if (first === '{' || first === '[') {
    try {
      value = JSON.parse(content);
    } catch (error) {
      if (format === 'foundry' || format === 'json') {
        throw bad(`The file is not JSON: ${(error as Error).message}`);
      }
      value = parseYaml(content, format === 'yaml');
      if (value === undefined) {
        throw unknownShape(`The file starts like JSON but is not JSON: ${(error as Error).message}.`);
      }
    }
  } else if (format === 'foundry' || format === 'json' || format === 'yaml' || format === null) {
    value = parseYaml(content, format !== null);
  }
  if (value === undefined) return null;
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || list.every((d) => typeof d !== 'object' || d === null)) {
    if (format === null) return null;
    throw unknownShape('The file holds no table.');
  }
  return list;
}

/** A YAML file's documents (a stream of several is a list); undefined when it is no YAML we read. */
function parseYaml(content: string, required: boolean): unknown {
  let docs: unknown[];
  try {
    const parsed = parseAllDocuments(content, { uniqueKeys: false });
    const list = Array.isArray(parsed) ? parsed : [parsed];
    const failed = list.find((d) => d.errors.length > 0);
    if (failed) {
      if (!required) return undefined;
      throw bad(`The file is not YAML: ${failed.errors[0].message.split('\n')[0]}`);
    }
    docs = list.map((d) => d.toJS({ maxAliasCount: 100 }) as unknown).filter((d) => d !== null);
  } catch (error) {
    if (error instanceof RuleError) throw error;
    if (!required) return undefined;
    throw bad(`The file is not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (docs.length === 0) return undefined;
  if (docs.length === 1) return docs[0];
  return docs.flatMap((d) => (Array.isArray(d) ? d : [d]));
}

const FOUNDRY_TABLE_KEYS = ['_id', '_key', '_stats', 'displayRoll', 'img', 'folder', 'ownership', 'sort'];
const FOUNDRY_RESULT_KEYS = [
  '_id',
  'type',
  'drawn',
  'documentCollection',
  'documentId',
  'documentUuid',
  'resultId',
  'img',
];

function looksFoundry(doc: Record<string, unknown>): boolean {
  if (FOUNDRY_TABLE_KEYS.some((k) => k in doc)) return true;
  const results = doc.results;
  return (
    Array.isArray(results) &&
    results.some(
      (r) => typeof r === 'object' && r !== null && FOUNDRY_RESULT_KEYS.some((k) => k in (r as object)),
    )
  );
}

function importDocuments(
  format: ImportFormat | null,
  docs: unknown[],
  formula: string | null,
): ImportedBundle {
  const many = docs.length > 1;
  const within = <T>(i: number, read: () => T): T => {
    if (!many) return read();
    try {
      return read();
    } catch (error) {
      if (error instanceof RuleError) {
        throw new RuleError(error.code, `Table ${i + 1} of ${docs.length}: ${error.message}`, error.field);
      }
      throw error;
    }
  };
  const shapes = docs.map((raw, i) =>
    within(i, () => {
      const doc = object(raw, many ? `Item ${i + 1} of the list` : 'The document');
      const results = doc.results ?? doc.entries;
      if (!Array.isArray(results) || results.length === 0) {
        throw unknownShape(
          `${many ? `Item ${i + 1} of the list` : 'The document'} has no non-empty results list.`,
        );
      }
      const foundry = format === 'foundry' || (format !== 'json' && looksFoundry(doc));
      return { doc, foundry };
    }),
  );
  const tables = shapes.map(({ doc, foundry }, i) =>
    within(i, () =>
      foundry
        ? importFoundry(doc, i === 0 ? formula : null)
        : importSimpleJson(doc, i === 0 ? formula : null),
    ),
  );
  const warnings = linkTables(
    shapes.map((x) => x.doc),
    tables,
    shapes.map((x) => x.foundry),
  );
  return { tables, warnings };
}

/** The names a table of the import may be linked by: its ids, uuid, Foundry source key and name. */
function tableKeys(doc: Record<string, unknown>): { ids: Set<string>; name: string | null } {
  const ids = new Set<string>();
  for (const key of ['_id', 'id', 'uuid']) {
    if (typeof doc[key] === 'string' && doc[key] !== '') ids.add(doc[key]);
  }
  if (typeof doc._key === 'string') {
    const m = /^!tables!([^.!]+)$/.exec(doc._key);
    if (m) ids.add(m[1]);
  }
  const flags = doc.flags as Record<string, unknown> | undefined;
  const ours = flags && typeof flags === 'object' ? (flags.arbiter as Record<string, unknown>) : undefined;
  if (ours && typeof ours === 'object' && typeof ours.id === 'string') ids.add(ours.id);
  return { ids, name: text(doc.name) };
}

/** A result's link to another document: what it names, and whether that may be a RollTable. */
function resultLink(
  result: Record<string, unknown>,
): { ids: string[]; name: string | null; label: string; table: boolean } | null {
  const type = result.type;
  const collection = typeof result.documentCollection === 'string' ? result.documentCollection : null;
  const uuid = typeof result.documentUuid === 'string' ? result.documentUuid : null;
  const documentId = typeof result.documentId === 'string' ? result.documentId : null;
  const name = text(result.text) ?? text(result.name);
  const isDocument = type === 1 || type === 'document';
  const isPack = type === 2 || type === 'pack' || type === 'compendium';
  if (uuid) {
    const parts = uuid.split('.');
    const docType = parts.length >= 2 ? parts[parts.length - 2] : null;
    return {
      ids: [uuid, parts[parts.length - 1]],
      name: name === null ? null : stripHtml(name),
      label: uuid,
      table: docType === 'RollTable',
    };
  }
  if ((isDocument || isPack) && (collection || documentId)) {
    const label = [collection, documentId].filter(Boolean).join('.');
    return {
      ids: documentId ? [documentId] : [],
      name: name === null ? null : stripHtml(name),
      label,
      // A pack names its compendium, not the document type: it may hold tables.
      table: isPack || collection === 'RollTable',
    };
  }
  return null;
}

/**
 * Foundry results that link a RollTable of the same import become subtable links; a link to anything
 * else (an actor, an item, a table not in the file) keeps its text and is listed as a warning.
 */
function linkTables(docs: Record<string, unknown>[], tables: ImportedTable[], foundry: boolean[]): string[] {
  const keys = docs.map(tableKeys);
  const warnings: string[] = [];
  docs.forEach((doc, t) => {
    if (!foundry[t]) return;
    const results = doc.results as unknown[];
    results.forEach((raw, i) => {
      const result = raw as Record<string, unknown>;
      const link = resultLink(result);
      const ours = arbiterFlags(result).subtableId;
      let target = -1;
      if (ours) target = keys.findIndex((k, j) => j !== t && k.ids.has(ours));
      if (target < 0 && link && link.table) {
        target = keys.findIndex((k, j) => j !== t && link.ids.some((id) => k.ids.has(id)));
        if (target < 0 && link.name !== null) {
          target = keys.findIndex((k, j) => j !== t && k.name === link.name);
        }
      }
      const where = `"${tables[t].name ?? `table ${t + 1}`}" results[${i}]`;
      if (target >= 0) {
        (tables[t].links ??= []).push({ entry: i, table: target });
        tables[t].entries[i].subtableId = null;
      } else if (link) {
        warnings.push(
          `${where} ("${tables[t].entries[i].text}") links ${link.label}, which is not a table of this import: kept as text.`,
        );
      }
    });
  });
  return warnings;
}

function object(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw bad(`${where} is not an object.`);
  return value as Record<string, unknown>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  times: '×',
  minus: '−',
  deg: '°',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  copy: '©',
  shy: '',
};

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,10});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Foundry document types a content link may name (`@Actor[…]`, `@UUID[Item.…]`, …). */
const LINK_ENRICHERS =
  /^(?:UUID|Compendium|Actor|Item|JournalEntry|JournalEntryPage|RollTable|Scene|Macro|Playlist|Cards|Adventure)$/;

/** The label Foundry shows for an enricher: its `{label}` when it has one, else what it names. */
function enricherLabel(kind: string, target: string, label: string | undefined): string {
  if (label !== undefined && label.trim() !== '') return label.trim();
  const inner = target.trim();
  if (LINK_ENRICHERS.test(kind)) {
    // A link shows its document's name, which only Foundry knows: the last part of the path is the
    // closest we have (a name in old-style links such as @Compendium[pack.Longsword], else an id).
    const parts = inner.split('.');
    return parts[parts.length - 1] || inner;
  }
  // &Reference[poisoned], &Reference[condition=poisoned], @Check[dex|dc:15], @Localize[KEY]
  const first = inner.split('|')[0];
  const eq = first.indexOf('=');
  return plainBrackets(eq >= 0 ? first.slice(eq + 1) : first);
}

/** `2d6[fire]` → `2d6 fire`: a damage type or flavour in brackets reads as a word. */
const plainBrackets = (value: string) =>
  value
    .replace(/\[([^[\]]*)\]/g, ' $1')
    .replace(/\s+/g, ' ')
    .trim();

/** Foundry's inline rolls: `[[/r 1d4]]`, `[[/roll 2d6 # fire]]`, `[[1d6]]`, `[[/damage 2d6 fire]]{label}`. */
function inlineRoll(body: string, label: string | undefined): string {
  if (label !== undefined && label.trim() !== '') return label.trim();
  let formula = body.trim();
  const command = /^\/[a-z]+\s*/i.exec(formula);
  if (command) formula = formula.slice(command[0].length);
  const flavour = formula.indexOf('#');
  if (flavour >= 0) formula = formula.slice(0, flavour);
  return plainBrackets(formula);
}

/**
 * Foundry keeps rich text as HTML with enrichers: tags go (line breaks, paragraphs and list items
 * become lines), enrichers become the label Foundry shows (`@UUID[…]{Slow}` → Slow,
 * `[[/r 1d4]]` → 1d4, `&Reference[poisoned]` → poisoned), entities are read.
 */
export function stripHtml(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|li|ul|ol|h[1-6]|blockquote|section|tr|table)\s*>/gi, '\n')
    .replace(/<(p|div|ul|ol|h[1-6]|blockquote|section|tr|table)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    // Enrichers, before the entities are read (HTML writes & as &amp;, so &amp;Reference[…] is one).
    // One level of brackets may nest inside (pf2e writes `[[/r 2d6[fire]]]`, `@Damage[2d6[fire]]`).
    .replace(/\[\[((?:[^[\]]|\[[^[\]]*\])*)\]\](?:\{([^}]*)\})?/g, (_m, body: string, label?: string) =>
      inlineRoll(body, label),
    )
    .replace(
      /(?:@|&(?:amp;)?)([A-Za-z][A-Za-z]*)\[((?:[^[\]]|\[[^[\]]*\])*)\](?:\{([^}]*)\})?/g,
      (_m, kind: string, target: string, label?: string) => enricherLabel(kind, target, label),
    );
  return decodeEntities(text)
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{2,}/g, '\n')
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
    const rich = (value: unknown) => (typeof value === 'string' ? text(stripHtml(value)) : null);
    const body = rich(result.text) ?? rich(result.name) ?? text(description);
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
  const ours = (table.flags as Record<string, unknown> | undefined)?.arbiter as
    Record<string, unknown> | undefined;
  const allowGaps = typeof ours === 'object' && ours !== null && ours.allowGaps === true ? true : null;
  return {
    name: text(table.name),
    formula: sent ?? derivedFormula(entries),
    allowGaps,
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
 * CSV, one entry a row: `01-04|Backpacks or sacks` (pipes), or the same with commas or semicolons
 * and quoted fields (`"01-04","Backpacks, sacks"`), with optional further columns
 * `kind, numberAppearing, grade, tag`. A first row that is not an entry is a header (a formula in its
 * first cell, such as `d100|Item`, is read); a row that does not start with a range continues the
 * text of the entry above it (its further columns, if any, are that entry's); blank lines and lines
 * starting with `#` are skipped. In the pipe form `\|` is a pipe inside the text; in the others a
 * quoted field may hold separators, doubled quotes and line breaks.
 */
export function importCsv(content: string, formula: string | null): ImportedTable {
  const rows = csvRows(content);
  const entries: TableEntryInput[] = [];
  let header: string | null = null;
  let seenContent = false;
  for (const { line, cells } of rows) {
    if (cells.every((c) => c === '') || cells[0].startsWith('#')) continue;
    const range = cells.length >= 2 ? parseRangeText(cells[0]) : null;
    if (range) {
      if (cells[1] === '') throw bad(`Line ${line}: the entry has no text.`);
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
      throw bad(`Line ${line} is neither an entry ("01-04|text") nor a header.`);
    }
    seenContent = true;
  }
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

/** The rows of a CSV file with the line each starts on, split by its separator. */
function csvRows(content: string): { line: number; cells: string[] }[] {
  const lines = content.split(/\r?\n|\r/);
  const delimiter = csvDelimiter(lines);
  if (delimiter === '|') {
    return lines.map((text, i) => ({
      line: i + 1,
      cells: text.trimStart().startsWith('#')
        ? ['#']
        : text.split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, '|').trim()),
    }));
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(content, {
      delimiter,
      bom: true,
      comment: '#',
      comment_no_infix: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      max_record_size: 100_000,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    const reason = (error as Error).message.replace(/^Invalid[^:]*:\s*/, '').split('\n')[0];
    throw bad(`${where ? `Line ${where}: ` : ''}the CSV cannot be read: ${reason}`);
  }
  // A quoted field may span lines: a record is reported with the line it ends on.
  let line = 1;
  return records.map(({ record, info }) => {
    const row = { line, cells: record.map((c) => (typeof c === 'string' ? c.trim() : '')) };
    line = info.lines + 1;
    return row;
  });
}

/**
 * The separator of a CSV file: a pipe when any entry line uses one (our first form), else whichever
 * of comma and semicolon puts a range before the first separator on more lines.
 */
function csvDelimiter(lines: string[]): '|' | ',' | ';' {
  const starts = (line: string, d: string) => {
    const at = line.indexOf(d);
    return at > 0 && parseRangeText(line.slice(0, at).replace(/^\s*"|"\s*$/g, '')) !== null;
  };
  let pipe = 0;
  let comma = 0;
  let semicolon = 0;
  for (const line of lines) {
    if (line.trimStart().startsWith('#')) continue;
    if (starts(line, '|')) pipe++;
    if (starts(line, ',')) comma++;
    if (starts(line, ';')) semicolon++;
  }
  if (pipe > 0 && pipe >= comma && pipe >= semicolon) return '|';
  if (comma === 0 && semicolon === 0) return '|';
  return semicolon > comma ? ';' : ',';
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
  allowGaps?: boolean;
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
    flags: {
      arbiter: {
        id: table.id,
        area: table.area,
        scale: table.scale,
        ...(table.allowGaps ? { allowGaps: true } : {}),
      },
    },
  };
}
