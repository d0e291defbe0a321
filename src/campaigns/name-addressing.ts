import type { EntityManager } from 'typeorm';
import { Problem } from '../common/problem';
import type { Role } from '../database/entities';
import { namedFieldsOf, type NameKind } from '../common/named-fields';

/** What an id looks like (UUID, any version): anything else in an id's place is read as a name. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The word a combat's place takes for the campaign's one combat in progress. */
export const CURRENT_COMBAT = 'current';

interface Named {
  table: string;
  noun: string;
  /** Extra condition for keys other than the referee's (an NPC hidden from players is not found). */
  playersSee?: string;
}

/** The parameters that may carry a name, and where their names are kept. */
const NAMED: Readonly<Record<string, Named>> = {
  characterId: { table: 'characters', noun: 'character' },
  npcId: { table: 'npcs', noun: 'NPC', playersSee: `visibility = 'players'` },
  tableId: { table: 'referee_tables', noun: 'table' },
};

/** Whether a request's parameters hold anything for `resolveNames` to look up (no database read if not). */
export function namesIn(params: Record<string, unknown> | undefined): boolean {
  if (!params) return false;
  for (const key of Object.keys(NAMED)) {
    const value = params[key];
    if (typeof value === 'string' && !ID.test(value)) return true;
  }
  const combat = params.combatId;
  return typeof combat === 'string' && !ID.test(combat);
}

/**
 * Issue 42: a character, NPC or referee table may be named where its id is taken (exact, ignoring
 * case), and a combat as `current` (the campaign's one combat in progress). Replaces each name in
 * `params` with its id. No match is a 404 naming the field; several are a 409 listing them, so the
 * caller can send the id. An NPC hidden from players is not found by a player's or viewer's key.
 */
export async function resolveNames(
  m: EntityManager,
  campaignId: string,
  role: Role,
  params: Record<string, unknown>,
): Promise<void> {
  for (const [key, named] of Object.entries(NAMED)) {
    const value = params[key];
    if (typeof value !== 'string' || ID.test(value)) continue;
    params[key] = chosen(key, named.noun, value, await named_(m, campaignId, role, [named], value));
  }
  const combat = params.combatId;
  if (typeof combat === 'string' && !ID.test(combat)) {
    if (combat.toLowerCase() !== CURRENT_COMBAT)
      throw Problem.field(
        'VALIDATION_FAILED',
        'combatId',
        `combatId is a combat's id, or "${CURRENT_COMBAT}" for the combat in progress.`,
      );
    const postgres = m.connection.driver.options.type === 'postgres';
    const mark = (i: number) => (postgres ? `$${i}` : '?');
    const rows = (await m.query(
      `SELECT id, system AS name FROM combats WHERE campaign_id = ${mark(1)} AND status = 'active' ` +
        `ORDER BY created_at, id LIMIT 11`,
      [campaignId],
    )) as Array<{ id: string; name: string }>;
    if (rows.length === 0)
      throw Problem.field('NOT_FOUND', 'combatId', 'No combat is in progress in this campaign.');
    if (rows.length > 1)
      throw Problem.field(
        'CONFLICT',
        'combatId',
        `${rows.length} combats are in progress (${rows.map((r) => `${r.name} ${r.id}`).join(', ')}); send the id of one.`,
      );
    params.combatId = rows[0].id;
  }
}

function chosen(
  field: string,
  noun: string,
  name: string,
  rows: Array<{ id: string; name: string }>,
): string {
  if (rows.length === 1) return rows[0].id;
  if (rows.length === 0)
    throw Problem.field('NOT_FOUND', field, `No ${noun} named "${name}" exists or is visible to this key.`);
  const listed = rows
    .slice(0, 10)
    .map((r) => `"${r.name}" (${r.id})`)
    .join(', ');
  throw Problem.field(
    'CONFLICT',
    field,
    `${rows.length > 10 ? 'More than 10' : rows.length} ${noun.replace(/(character|NPC|table)/g, '$1s')} are named "${name}": ${listed}. Send the id of one.`,
  );
}

/** The rows of `tables` named `name` (exact, ignoring case) that a key of `role` may see, oldest first. */
async function named_(
  m: EntityManager,
  campaignId: string,
  role: Role,
  tables: Named[],
  name: string,
): Promise<Array<{ id: string; name: string }>> {
  const postgres = m.connection.driver.options.type === 'postgres';
  const mark = (i: number) => (postgres ? `$${i}` : '?');
  const rows: Array<{ id: string; name: string }> = [];
  for (const named of tables) {
    const visible = role !== 'referee' && named.playersSee ? ` AND ${named.playersSee}` : '';
    rows.push(
      ...((await m.query(
        `SELECT id, name FROM ${named.table} WHERE campaign_id = ${mark(1)} AND lower(name) = lower(${mark(2)})` +
          `${visible} ORDER BY created_at, id LIMIT 11`,
        [campaignId, name],
      )) as Array<{ id: string; name: string }>),
    );
  }
  return rows;
}

const KINDS: Readonly<Record<NameKind, { tables: Named[]; noun: string }>> = {
  character: { tables: [NAMED.characterId], noun: 'character' },
  npc: { tables: [NAMED.npcId], noun: 'NPC' },
  table: { tables: [NAMED.tableId], noun: 'table' },
  combatant: { tables: [NAMED.characterId, NAMED.npcId], noun: 'character or NPC' },
};

/** A place in a body holding a name: its container, key and field path. */
interface Spot {
  holder: Record<string | number, unknown>;
  key: string | number;
  path: string;
  kind: NameKind;
  name: string;
}

/** Deeper than any input nests; a guard against a cycle of input types. */
const MAX_DEPTH = 6;

/**
 * The names a body holds in fields that take one (recorded by `In.id`/`In.idList` with `names`),
 * walked along the input class `cls`. No database read: an id-shaped value, an empty string or
 * anything that is not a string is left for validation.
 */
export function namesInBody(cls: unknown, body: unknown, prefix = '', depth = 0): Spot[] {
  const spots: Spot[] = [];
  if (!body || typeof body !== 'object' || Array.isArray(body) || depth > MAX_DEPTH) return spots;
  const at = (p: string) => (prefix ? `${prefix}.${p}` : p);
  const b = body as Record<string, unknown>;
  for (const f of namedFieldsOf(cls)) {
    const value = b[f.prop];
    if (value === undefined || value === null) continue;
    if ('kind' in f) {
      const take = (holder: Record<string | number, unknown>, key: string | number, path: string) => {
        const v = holder[key];
        if (typeof v === 'string' && v !== '' && !ID.test(v) && !f.keep?.includes(v))
          spots.push({ holder, key, path, kind: f.kind, name: v });
      };
      if (!f.list) take(b, f.prop, at(f.prop));
      else if (Array.isArray(value))
        value.forEach((_, i) => take(value as unknown as Record<number, unknown>, i, `${at(f.prop)}[${i}]`));
    } else if (!f.list) spots.push(...namesInBody(f.nested(), value, at(f.prop), depth + 1));
    else if (Array.isArray(value))
      value.forEach((v, i) => spots.push(...namesInBody(f.nested(), v, `${at(f.prop)}[${i}]`, depth + 1)));
  }
  return spots;
}

/**
 * Replaces each name `namesInBody` found with its id, by the rules of `resolveNames` (404 naming the
 * field path, 409 listing the matches). One look-up per distinct name and kind.
 */
export async function resolveBodyNames(
  m: EntityManager,
  campaignId: string,
  role: Role,
  spots: Spot[],
): Promise<void> {
  const found = new Map<string, Array<{ id: string; name: string }>>();
  for (const spot of spots) {
    const kind = KINDS[spot.kind];
    const memo = `${spot.kind}\u0000${spot.name.toLowerCase()}`;
    let rows = found.get(memo);
    if (!rows) {
      rows = await named_(m, campaignId, role, kind.tables, spot.name);
      found.set(memo, rows);
    }
    spot.holder[spot.key] = chosen(spot.path, kind.noun, spot.name, rows);
  }
}

const ANY_ID = /(?<![("\w-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-])/gi;

/**
 * A refusal that mentions a character or NPC by its id, rewritten to name it: `"Osk" (<id>)`, the id
 * kept so a client can still act on it. Read only when a refusal holds an id (never on success), in
 * the key's campaign, and an NPC hidden from players keeps its bare id for other keys. Anything else
 * (an id of no character or NPC, another problem) comes back as it was.
 */
export async function problemWithNames(
  m: EntityManager,
  campaignId: string,
  role: Role,
  problem: Problem,
): Promise<Problem> {
  const texts = [problem.message, ...(problem.errors ?? []).map((e) => e.message)];
  const ids = [...new Set(texts.flatMap((t) => t.match(ANY_ID) ?? []).map((id) => id.toLowerCase()))].slice(
    0,
    20,
  );
  if (ids.length === 0) return problem;
  const postgres = m.connection.driver.options.type === 'postgres';
  const marks = ids.map((_, i) => (postgres ? `$${i + 2}` : '?')).join(', ');
  const first = postgres ? '$1' : '?';
  const names = new Map<string, string>();
  for (const named of [NAMED.characterId, NAMED.npcId]) {
    const visible = role !== 'referee' && named.playersSee ? ` AND ${named.playersSee}` : '';
    const rows = (await m.query(
      `SELECT id, name FROM ${named.table} WHERE campaign_id = ${first} AND id IN (${marks})${visible}`,
      [campaignId, ...ids],
    )) as Array<{ id: string; name: string }>;
    for (const r of rows) names.set(r.id.toLowerCase(), r.name);
  }
  if (names.size === 0) return problem;
  const rename = (t: string) =>
    t.replace(ANY_ID, (id) => {
      const name = names.get(id.toLowerCase());
      return name === undefined ? id : `"${name}" (${id})`;
    });
  const renamed = new Problem(
    problem.code,
    rename(problem.message),
    problem.errors?.map((e) => ({ ...{}, ...e, message: rename(e.message) })),
  );
  renamed.members = problem.members;
  return renamed;
}
