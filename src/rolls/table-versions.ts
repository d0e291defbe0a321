import { createHash } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { now } from '../common/time';
import { Database } from '../database/database.service';
import { TableVersionEntity } from '../database/entities';
import { canonicalJson } from '../common/canonical-json';

/*
 * Referee tables kept once per version (TableVersionEntity): see docs/encounters.md.
 */

/** What a roll's inputs hold in place of a table: enough to read the log, and the version. */
export interface TableReference {
  id: unknown;
  name: unknown;
  formula: unknown;
  version: string;
}

const VERSION = /^[0-9a-f]{64}$/;

/** A table definition as rolls carry it (an object with entries). */
function isTable(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as { entries?: unknown }).entries)
  );
}

function isReference(value: unknown): value is TableReference {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { version?: unknown }).version === 'string' &&
    VERSION.test((value as { version: string }).version) &&
    !('entries' in value)
  );
}

/** Canonical text and version of a definition, remembered by object (the clock's checks share one). */
const canonical = new WeakMap<object, { text: string; version: string }>();

function versionOf(table: Record<string, unknown>): { text: string; version: string } {
  let known = canonical.get(table);
  if (!known) {
    const text = canonicalJson(table) ?? 'null';
    known = { text, version: createHash('sha256').update(text, 'utf8').digest('hex') };
    canonical.set(table, known);
  }
  return known;
}

const referenceTo = (table: Record<string, unknown>, version: string): TableReference => ({
  id: table.id ?? null,
  name: table.name ?? null,
  formula: table.formula ?? null,
  version,
});

/**
 * Stores every table the inputs carry (`table`, and each of `subtables`) as a version of the campaign,
 * inside the caller's transaction, and answers the inputs with references in their place. Inputs
 * without a table come back as they are.
 */
export async function storeTableVersions(
  manager: EntityManager,
  campaignId: string,
  inputs: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { table, subtables } = inputs;
  const hasSubtables =
    typeof subtables === 'object' && subtables !== null && Object.values(subtables).some(isTable);
  if (!isTable(table) && !hasSubtables) return inputs;
  const store = async (definition: Record<string, unknown>): Promise<TableReference> => {
    const { text, version } = versionOf(definition);
    const found = (await manager.query(
      `SELECT 1 AS found FROM table_versions WHERE campaign_id = ${Database.placeholder(manager, 0)} AND version = ${Database.placeholder(manager, 1)}`,
      [campaignId, version],
    )) as unknown[];
    if (found.length === 0) {
      await Database.insertRow(manager, TableVersionEntity, {
        campaignId,
        version,
        definition: text,
        createdAt: now(),
      });
    }
    return referenceTo(definition, version);
  };
  const stored: Record<string, unknown> = { ...inputs };
  if (isTable(table)) stored.table = await store(table);
  if (hasSubtables) {
    const refs: Record<string, unknown> = {};
    for (const [id, sub] of Object.entries(subtables as Record<string, unknown>)) {
      refs[id] = isTable(sub) ? await store(sub) : sub;
    }
    stored.subtables = refs;
  }
  return stored;
}

/** The versions the inputs refer to (none for a roll that carries its tables, or none). */
export function referencedVersions(inputs: Record<string, unknown> | undefined | null): string[] {
  if (!inputs) return [];
  const found = new Set<string>();
  if (isReference(inputs.table)) found.add(inputs.table.version);
  const subtables = inputs.subtables;
  if (typeof subtables === 'object' && subtables !== null) {
    for (const sub of Object.values(subtables)) if (isReference(sub)) found.add(sub.version);
  }
  return [...found];
}

/** The definitions of the versions asked for, by version (only this campaign's). */
export async function loadTableVersions(
  manager: EntityManager,
  campaignId: string,
  versions: string[],
): Promise<Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, unknown>> = {};
  if (versions.length === 0) return out;
  const placeholders = versions.map((_, i) => Database.placeholder(manager, i + 1)).join(', ');
  const rows = (await manager.query(
    `SELECT version, definition FROM table_versions WHERE campaign_id = ${Database.placeholder(manager, 0)} AND version IN (${placeholders})`,
    [campaignId, ...versions],
  )) as { version: string; definition: string }[];
  for (const row of rows) out[row.version] = JSON.parse(row.definition) as Record<string, unknown>;
  return out;
}

/**
 * The inputs a procedure ran with: every reference replaced by the definition it names (exactly the
 * object the roll used, so replay gives the same answer). Inputs that carry their tables, as rolls
 * logged before versions did, come back as they are.
 */
export async function resolveTableVersions(
  manager: EntityManager,
  campaignId: string,
  inputs: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const versions = referencedVersions(inputs);
  if (versions.length === 0) return inputs;
  const tables = await loadTableVersions(manager, campaignId, versions);
  const resolve = (value: unknown): unknown => {
    if (!isReference(value)) return value;
    const definition = tables[value.version];
    if (!definition) throw new Error(`Table version ${value.version} of campaign ${campaignId} is missing.`);
    return definition;
  };
  const resolved: Record<string, unknown> = { ...{}, ...inputs, table: resolve(inputs.table) };
  if (!('table' in inputs)) delete resolved.table;
  if (typeof inputs.subtables === 'object' && inputs.subtables !== null) {
    resolved.subtables = Object.fromEntries(
      Object.entries(inputs.subtables as Record<string, unknown>).map(([id, sub]) => [id, resolve(sub)]),
    );
  }
  return resolved;
}
