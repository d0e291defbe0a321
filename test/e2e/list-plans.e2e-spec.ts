import { DataSource, QueryRunner } from 'typeorm';
import { Principal } from '../../src/auth/principal';
import { encodeCursor, PageQuery } from '../../src/common/pagination';
import { CampaignsService } from '../../src/campaigns/campaigns.service';
import { CampaignStateService } from '../../src/campaign-state/campaign-state.service';
import { NpcsService } from '../../src/characters/npcs.service';
import { SheetsService } from '../../src/characters/sheets.service';
import { CombatCampaignService } from '../../src/combat/combat-campaign.service';
import { MassConflictsService } from '../../src/combat/mass-conflicts.service';
import { CraftingService } from '../../src/crafting/crafting.service';
import { CraftingDowntimeService } from '../../src/crafting/downtime.service';
import { TablesService } from '../../src/encounters/tables.service';
import { RollsService } from '../../src/rolls/rolls.service';
import { StrongholdsService } from '../../src/strongholds/strongholds.service';
import { HordesService } from '../../src/treasure/hordes.service';
import { WealthService } from '../../src/wealth/wealth.service';
import { createCampaign, createCharacter } from '../factories/campaign';
import { DATABASE_KIND, startApp, TestApp } from './harness';

/*
 * Every list of a campaign reads one page from an index that holds both its filter and its order
 * (issue 41): the database walks the index from the cursor and stops after the page, whatever the
 * campaign's size. A list whose order the index does not give sorts every row of the campaign on
 * every page (SQLite: "USE TEMP B-TREE FOR ORDER BY"; PostgreSQL: a Sort node).
 *
 * Each list is called through its service on the first page and on a page after a cursor, the
 * SELECTs it runs are caught as the app sends them, and each is explained with the same parameters.
 *
 * SQLite plans from the schema alone here (no ANALYZE has run), so an empty campaign shows the plan a
 * large one gets. PostgreSQL's planner weighs table sizes: on a table of a few pages a sequential
 * scan and a sort is honestly cheaper than any index, and it would choose that whatever the indexes.
 * So the plans are taken with sequential scans, bitmap scans and sorts disabled (`SET LOCAL
 * enable_* = off`, inside a transaction rolled back): these only make a plan dearer, never impossible.
 * When an index gives the order, the plan is an index scan with no Sort node; when none does, the
 * Sort stays in the plan (at its penalty cost) and the test fails, which is what it is for.
 */

const CURSOR_TIME = '2026-01-01T00:00:00.000Z';
const CURSOR_ID = '00000000-0000-7000-8000-000000000000';
const byCreation: PageQuery = { limit: 1, after: encodeCursor([CURSOR_TIME, CURSOR_ID]) };
const bySeq: PageQuery = { limit: 1, after: encodeCursor([1]) };
const first: PageQuery = { limit: 1 };

interface Caught {
  sql: string;
  parameters: unknown[];
}

describe(`list query plans (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let source: DataSource;
  let caught: Caught[] | null = null;
  let referee: Principal;
  let player: Principal;
  let characterId: string;
  const restore: Array<() => void> = [];

  beforeAll(async () => {
    t = await startApp();
    source = t.app.get(DataSource);
    const campaign = await createCampaign(t.server);
    const character = await createCharacter(t.server, campaign);
    characterId = character.id;
    const [key] = (await source.query(
      `SELECT id FROM api_keys WHERE campaign_id = ${DATABASE_KIND === 'postgres' ? '$1' : '?'}`,
      [campaign.id],
    )) as { id: string }[];
    referee = { keyId: key.id, campaignId: campaign.id, role: 'referee', characterIds: [] };
    player = { ...referee, role: 'player', characterIds: [characterId] };
    // Every query runner of the driver shares one prototype: catch the statements a list sends.
    const runner = source.createQueryRunner();
    const prototype = Object.getPrototypeOf(runner) as {
      query: (sql: string, parameters?: unknown[], ...rest: unknown[]) => Promise<unknown>;
    };
    await runner.release();
    const original = prototype.query;
    prototype.query = function catching(
      this: unknown,
      sql: string,
      parameters?: unknown[],
      ...rest: unknown[]
    ) {
      if (caught && /^\s*SELECT/i.test(sql) && /ORDER BY/i.test(sql))
        caught.push({ sql, parameters: parameters ?? [] });
      return original.call(this, sql, parameters, ...rest);
    };
    restore.push(() => (prototype.query = original));
  });

  afterAll(async () => {
    for (const undo of restore) undo();
    await t?.close();
  });

  /** The ordered SELECTs `list` sends. */
  async function statementsOf(list: () => Promise<unknown>): Promise<Caught[]> {
    caught = [];
    try {
      await list();
      return caught;
    } finally {
      caught = null;
    }
  }

  /** The plan's lines (SQLite) or node types with their index (PostgreSQL). */
  async function planOf(statement: Caught): Promise<string[]> {
    if (DATABASE_KIND === 'sqlite') {
      const rows = (await source.query(`EXPLAIN QUERY PLAN ${statement.sql}`, statement.parameters)) as {
        detail: string;
      }[];
      return rows.map((row) => row.detail);
    }
    const runner: QueryRunner = source.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query('SET LOCAL enable_seqscan = off');
      await runner.query('SET LOCAL enable_bitmapscan = off');
      await runner.query('SET LOCAL enable_sort = off');
      const [row] = (await runner.query(`EXPLAIN (FORMAT JSON) ${statement.sql}`, statement.parameters)) as {
        'QUERY PLAN': unknown;
      }[];
      const nodes: string[] = [];
      const walk = (node: Record<string, unknown>) => {
        nodes.push(
          `${String(node['Node Type'])}${node['Index Name'] ? ` using ${String(node['Index Name'])}` : ''}` +
            `${node['Index Cond'] ? ` cond ${String(node['Index Cond'])}` : ''}`,
        );
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      const plan = row['QUERY PLAN'];
      const top = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[];
      walk(top[0].Plan);
      return nodes;
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }

  const sorts = (plan: string[]) =>
    plan.filter(
      (line) => /TEMP B-TREE/.test(line) || /^(Incremental )?Sort\b/.test(line) || /^Seq Scan/.test(line),
    );

  /**
   * After a cursor, the index must also be entered at the cursor: a plan that walks the campaign's
   * index from its start and drops the rows before the cursor has no sort, yet costs more the later
   * the page (issue 41). SQLite names the cursor's columns in the SEARCH line's constraint
   * (`(created_at,id)>(?,?)`, `seq>?`, a session's `number>?`); PostgreSQL in the Index Cond, not in a Filter.
   */
  const seeksCursor = (plan: string[]) =>
    plan.some((line) =>
      DATABASE_KIND === 'sqlite'
        ? /^SEARCH .*\(.*(\(created_at,id\)[<>]\(\?,\?\)|\b(seq|number)[<>]\?)/.test(line)
        : / cond .*(ROW\(\(created_at\)(::\w+)?, \(id\)(::\w+)?\) [<>] ROW|\b(seq|number)\)? [<>] )/.test(
            line,
          ),
    );

  const lists: Array<[string, (table: string) => boolean, () => Promise<unknown>]> = [];
  const list = (name: string, table: string, run: () => Promise<unknown>) =>
    lists.push([name, (sql) => new RegExp(`FROM\\s+("?\\w+"?\\.)?"?${table}"?\\s`, 'i').test(sql), run]);

  for (const [label, query] of [
    ['first page', first],
    ['after a cursor', byCreation],
  ] as const) {
    list(`characters, ${label}`, 'characters', () =>
      t.app.get(CampaignsService).listCharacters(referee, query),
    );
    list(`keys, ${label}`, 'api_keys', () => t.app.get(CampaignsService).listKeys(referee, query));
    list(`NPCs (referee), ${label}`, 'npcs', () => t.app.get(NpcsService).list(referee, query));
    list(`NPCs (player), ${label}`, 'npcs', () => t.app.get(NpcsService).list(player, query));
    list(`tables (referee), ${label}`, 'referee_tables', () => t.app.get(TablesService).list(referee, query));
    list(`tables (player), ${label}`, 'referee_tables', () => t.app.get(TablesService).list(player, query));
    list(`recurring cast, ${label}`, 'recurring_cast', () =>
      t.app.get(TablesService).listCast(referee, query),
    );
    list(`hordes (referee), ${label}`, 'hordes', () => t.app.get(HordesService).list(referee, query));
    list(`hordes (player), ${label}`, 'hordes', () => t.app.get(HordesService).list(player, query));
    list(`crafting projects, ${label}`, 'crafting_projects', () =>
      t.app.get(CraftingService).listProjects(referee, query),
    );
    list(`project clocks (referee), ${label}`, 'project_clocks', () =>
      t.app.get(CraftingDowntimeService).listClocks(referee, query),
    );
    list(`project clocks (player), ${label}`, 'project_clocks', () =>
      t.app.get(CraftingDowntimeService).listClocks(player, query),
    );
    list(`artifact rituals, ${label}`, 'artifact_rituals', () =>
      t.app.get(CraftingDowntimeService).rituals(referee, characterId, query),
    );
    list(`strongholds, ${label}`, 'strongholds', () => t.app.get(StrongholdsService).list(referee, query));
    list(`strongholds of an owner, ${label}`, 'strongholds', () =>
      t.app.get(StrongholdsService).list(referee, { ...query, ownerCharacterId: characterId }),
    );
  }
  for (const [label, query] of [
    ['first page', first],
    ['after a cursor', bySeq],
  ] as const) {
    list(`roll log, ${label}`, 'rolls', () => t.app.get(RollsService).list(referee, query));
    list(`roll log newest first, ${label}`, 'rolls', () =>
      t.app.get(RollsService).list(referee, { ...query, order: 'desc' }),
    );
    list(`roll log of a procedure, ${label}`, 'rolls', () =>
      t.app.get(RollsService).list(referee, { ...query, procedure: 'pool-check' }),
    );
    list(`roll log of a character, ${label}`, 'rolls', () =>
      t.app.get(RollsService).list(player, { ...query, characterId }),
    );
    list(`Cash ledger, ${label}`, 'cash_ledger', () =>
      t.app.get(WealthService).ledger(referee, characterId, query),
    );
    list(`treasury ledger, ${label}`, 'treasury_ledger', () =>
      t.app.get(CampaignStateService).treasuryLedger(referee, query),
    );
    list(`condition ledger, ${label}`, 'condition_ledger', () =>
      t.app
        .get(SheetsService)
        .conditions(
          source.manager,
          { kind: 'character', id: characterId, name: 'Toromeen', campaignId: referee.campaignId },
          query,
        ),
    );
    list(`sessions, ${label}`, 'game_sessions', () =>
      t.app.get(CampaignsService).listSessions(referee, query),
    );
  }
  list('combats', 'combats', () => t.app.get(CombatCampaignService).list(referee));
  list('mass conflicts (referee)', 'mass_conflicts', () => t.app.get(MassConflictsService).list(referee));
  list('mass conflicts (player)', 'mass_conflicts', () => t.app.get(MassConflictsService).list(player));

  it.each(lists)('%s reads its page from an index in order', async (_name, readsTable, run) => {
    const statements = (await statementsOf(run)).filter((s) => readsTable(s.sql));
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const plan = await planOf(statement);
      expect({ sql: statement.sql, sorts: sorts(plan) }).toEqual({ sql: statement.sql, sorts: [] });
      if (/after a cursor/.test(_name))
        expect({ sql: statement.sql, plan, seeksCursor: seeksCursor(plan) }).toEqual({
          sql: statement.sql,
          plan,
          seeksCursor: true,
        });
    }
  });
});
