import type { EntityManager } from 'typeorm';
import { Problem } from '../common/problem';
import type { Role } from '../database/entities';

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
  const postgres = m.connection.driver.options.type === 'postgres';
  const mark = (i: number) => (postgres ? `$${i}` : '?');
  for (const [key, named] of Object.entries(NAMED)) {
    const value = params[key];
    if (typeof value !== 'string' || ID.test(value)) continue;
    const visible = role !== 'referee' && named.playersSee ? ` AND ${named.playersSee}` : '';
    const rows = (await m.query(
      `SELECT id, name FROM ${named.table} WHERE campaign_id = ${mark(1)} AND lower(name) = lower(${mark(2)})` +
        `${visible} ORDER BY created_at, id LIMIT 11`,
      [campaignId, value],
    )) as Array<{ id: string; name: string }>;
    params[key] = chosen(key, named.noun, value, rows);
  }
  const combat = params.combatId;
  if (typeof combat === 'string' && !ID.test(combat)) {
    if (combat.toLowerCase() !== CURRENT_COMBAT)
      throw Problem.field(
        'VALIDATION_FAILED',
        'combatId',
        `combatId is a combat's id, or "${CURRENT_COMBAT}" for the combat in progress.`,
      );
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
    `${rows.length > 10 ? 'More than 10' : rows.length} ${noun}s are named "${name}": ${listed}. Send the id of one.`,
  );
}
