import { TableListQuery } from '../campaigns/list-filters';
import { Injectable } from '@nestjs/common';
import { EntityManager, FindOptionsWhere, In as AnyOf } from 'typeorm';
import { Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { Page, PageQuery } from '../common/pagination';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import {
  entryProbabilities,
  exportFoundry,
  gapProbability,
  importTables,
  MAX_SUBTABLE_DEPTH,
  parseTableFormula,
  formulaDistribution,
  validateTable,
  type TableDefinition,
  type TableEntryInput,
} from '../core/encounters';
import { RuleError } from '../core/errors';
import { Database } from '../database/database.service';
import type { CampaignEntity } from '../database/entities';
import { pageByCreation } from '../database/paging';
import { RollsService } from '../rolls/rolls.service';
import { ENCOUNTER_PROCEDURES } from './encounter-procedures';
import { NpcEntity } from '../characters/characters.entities';
import { EncounterSettingsEntity, RecurringCastEntity, RefereeTableEntity } from './encounters.entities';
import {
  CreateTableInput,
  DrawTableInput,
  EncounterSettingsInput,
  ImportTableInput,
  RecurringInput,
} from './encounters.inputs';
import {
  EncounterSettings,
  RecurringCastMember,
  RefereeTable,
  RefereeTableImport,
  TableDrawResult,
  TableExport,
} from './encounters.results';

/** What an encounter check reads of the campaign besides the table: its settings and recurring cast. */
export interface CheckReads {
  settings: EncounterSettings;
  cast: { id: string; name: string }[];
}

/** The most tables a campaign keeps (the nesting check reads them all). */
export const MAX_TABLES_PER_CAMPAIGN = 500;
export const MAX_RECURRING_CAST = 200;
export const DEFAULT_RECURRING_CHANCE = 2;
const SCALES_WITH_CHECKS = ['overland', 'exploration', 'water'] as const;

export function toTable(row: RefereeTableEntity): RefereeTable {
  const probabilities = entryProbabilities(row);
  const dist = formulaDistribution(parseTableFormula(row.formula));
  return {
    id: row.id,
    name: row.name,
    formula: row.formula,
    min: dist.min,
    max: dist.max,
    entries: row.entries.map((e, i) => ({ ...{}, ...e, range: [...e.range], probability: probabilities[i] })),
    area: row.area,
    scale: row.scale,
    visibility: row.visibility,
    replacement: row.replacement,
    description: row.description,
    allowGaps: row.allowGaps === true,
    nothingHappens: row.allowGaps === true ? gapProbability(row) : 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const definitionOf = (row: RefereeTableEntity): TableDefinition => ({
  id: row.id,
  name: row.name,
  formula: row.formula,
  entries: row.entries,
  // Only when set, so that snapshots of every other table stay as they were.
  ...(row.allowGaps === true ? { allowGaps: true } : {}),
});

/** The tables of an import in an order that inserts every linked table before the ones linking it. */
function importOrder(tables: { name: string | null; links?: { table: number }[] }[]): number[] {
  const order: number[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (k: number, path: number[]) => {
    if (state.get(k) === 'done') return;
    if (state.get(k) === 'visiting') {
      const loop = [...path.slice(path.indexOf(k)), k].map((i) => `"${tables[i].name ?? `table ${i + 1}`}"`);
      throw Problem.field(
        'UNPROCESSABLE',
        'content',
        `The tables link each other in a loop: ${loop.join(' → ')}.`,
      );
    }
    state.set(k, 'visiting');
    for (const link of tables[k].links ?? []) visit(link.table, [...path, k]);
    state.set(k, 'done');
    order.push(k);
  };
  tables.forEach((_, k) => visit(k, []));
  return order;
}

/** Runs a step of a multi-table import with its errors naming the table (`tables[1].entries[3]`). */
async function prefixErrors<T>(prefix: string, run: () => Promise<T>): Promise<T> {
  if (prefix === '') return run();
  try {
    return await run();
  } catch (error) {
    const rename = (field: string) => `${prefix}${field}`;
    if (error instanceof RuleError) {
      throw new RuleError(
        error.code,
        error.message,
        error.field === undefined ? undefined : rename(error.field),
        error.errors?.map((e) => ({ ...{}, ...e, field: rename(e.field) })),
      );
    }
    if (error instanceof Problem && error.errors) {
      throw new Problem(
        error.code,
        error.message,
        error.errors.map((e) => ({ ...{}, ...e, field: rename(e.field) })),
      );
    }
    throw error;
  }
}

/** The settings answer: a default table per scale that makes checks, and the recurring chance. */
const toSettings = (
  defaults: Record<string, string> = {},
  recurringChance = DEFAULT_RECURRING_CHANCE,
): EncounterSettings => ({
  overland: defaults.overland ?? null,
  exploration: defaults.exploration ?? null,
  water: defaults.water ?? null,
  recurringChance,
});

/** The campaign's default table for a scale (haven and combat make no checks, so have none). */
export function defaultTableFor(settings: EncounterSettings, scale: string): string | null {
  return (SCALES_WITH_CHECKS as readonly string[]).includes(scale)
    ? settings[scale as (typeof SCALES_WITH_CHECKS)[number]]
    : null;
}

const toMember = (row: RecurringCastEntity): RecurringCastMember => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  notes: row.notes,
  npcId: row.npcId ?? null,
  createdAt: row.createdAt,
});

/**
 * Referee tables (SPEC 5.4): the general facility for every table a referee rolls on, with import
 * from Foundry, simple JSON and CSV, export to Foundry and draws through nested subtables; plus the
 * recurring cast and the campaign's encounter settings. Tables are referee-only unless their
 * visibility is `players`: for other keys a referee table does not exist.
 */
@Injectable()
export class TablesService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly rolls: RollsService,
  ) {}

  // Reading

  list(who: Principal, query: TableListQuery): Promise<Page<RefereeTable>> {
    const base: FindOptionsWhere<RefereeTableEntity> =
      who.role === 'referee'
        ? { campaignId: who.campaignId }
        : { campaignId: who.campaignId, visibility: 'players' };
    return pageByCreation(this.db.manager, RefereeTableEntity, base, query, toTable, { name: query.name });
  }

  async get(who: Principal, tableId: string): Promise<RefereeTable> {
    return toTable(await this.visible(this.db.manager, who, tableId));
  }

  async export(who: Principal, tableId: string, format: string): Promise<TableExport> {
    if (format !== 'foundry') throw Problem.field('VALIDATION_FAILED', 'format', 'format is foundry.');
    const row = await this.visible(this.db.manager, who, tableId);
    return {
      format,
      document: exportFoundry({ ...{}, ...row, entries: row.entries }),
    };
  }

  /** The table as this key may see it: a referee table is NOT_FOUND for other keys. */
  async visible(
    m: EntityManager,
    who: Principal,
    tableId: string,
    lock = false,
  ): Promise<RefereeTableEntity> {
    const row = await m.findOne(RefereeTableEntity, {
      where: { id: tableId, campaignId: who.campaignId },
      ...(lock && !this.db.isSqlite ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!row || (who.role !== 'referee' && row.visibility !== 'players')) {
      throw Problem.notFound(`Table ${tableId}`);
    }
    return row;
  }

  // Writing

  create(who: Principal, input: CreateTableInput, req: ArbiterRequest): Promise<RefereeTable> {
    return this.db.mutation(req, async (m) => {
      await this.campaigns.lockCampaign(m, who.campaignId);
      return toTable(await this.insert(m, who, input));
    });
  }

  /**
   * Imports every table of a file. Tables that results of the same file link become subtables
   * (inserted first); the answer is the table no other one links (the first such), with every table
   * the import made in `tables` and the links it could not keep in `warnings`.
   */
  import(who: Principal, input: ImportTableInput, req: ArbiterRequest): Promise<RefereeTableImport> {
    return this.db.mutation(req, async (m) => {
      await this.campaigns.lockCampaign(m, who.campaignId);
      const bundle = importTables(input.format ?? null, input.content, input.formula ?? null);
      const tables = bundle.tables;
      const many = tables.length > 1;
      const linked = new Set(tables.flatMap((t) => (t.links ?? []).map((l) => l.table)));
      const root = Math.max(
        0,
        tables.findIndex((_, k) => !linked.has(k)),
      );
      const ids: string[] = [];
      const rows: RefereeTableEntity[] = [];
      for (const k of importOrder(tables)) {
        const t = tables[k];
        const entries = t.entries.map((e) => ({ ...e }));
        for (const link of t.links ?? []) entries[link.entry].subtableId = ids[link.table];
        const name =
          k === root ? (input.name ?? t.name ?? 'Imported table') : (t.name ?? `Imported table ${k + 1}`);
        if (name.length > 200) {
          throw Problem.field(
            'VALIDATION_FAILED',
            k === root ? 'name' : 'content',
            `The table's name is longer than 200 characters: send name${many ? ' (or shorten it in the file)' : ''}.`,
          );
        }
        rows[k] = await prefixErrors(many ? `tables[${k}].` : '', () =>
          this.insert(m, who, {
            name,
            formula: t.formula === '' ? undefined : t.formula,
            entries: entries as CreateTableInput['entries'],
            area: input.area,
            scale: input.scale,
            visibility: input.visibility,
            replacement: t.replacement,
            description: t.description ?? undefined,
            allowGaps: input.allowGaps ?? t.allowGaps ?? undefined,
          }),
        );
        ids[k] = rows[k].id;
      }
      const answered = [root, ...tables.map((_, k) => k).filter((k) => k !== root)].map((k) =>
        toTable(rows[k]),
      );
      return { ...{}, ...answered[0], warnings: bundle.warnings, tables: answered };
    });
  }

  update(
    who: Principal,
    tableId: string,
    input: CreateTableInput,
    req: ArbiterRequest,
  ): Promise<RefereeTable> {
    return this.db.mutation(req, async (m) => {
      await this.campaigns.lockCampaign(m, who.campaignId);
      const row = await this.visible(m, who, tableId, true);
      const valid = validateTable({
        formula: input.formula,
        entries: input.entries as TableEntryInput[],
        allowGaps: input.allowGaps,
      });
      const next: RefereeTableEntity = {
        ...{},
        ...row,
        name: input.name,
        formula: valid.formula,
        entries: valid.entries,
        area: input.area ?? null,
        scale: input.scale ?? null,
        visibility: input.visibility ?? 'referee',
        replacement: input.replacement ?? true,
        description: input.description ?? null,
        allowGaps: input.allowGaps ?? false,
        updatedAt: now(),
      };
      await this.checkGraph(m, who.campaignId, next);
      await Database.updateRow(m, RefereeTableEntity, row.id, {
        name: next.name,
        formula: next.formula,
        entries: next.entries,
        area: next.area,
        scale: next.scale,
        visibility: next.visibility,
        replacement: next.replacement,
        description: next.description,
        allowGaps: next.allowGaps,
        updatedAt: next.updatedAt,
      });
      return toTable(next);
    });
  }

  remove(who: Principal, tableId: string, req: ArbiterRequest): Promise<RefereeTable> {
    return this.db.mutation(req, async (m) => {
      await this.campaigns.lockCampaign(m, who.campaignId);
      const row = await this.visible(m, who, tableId, true);
      const all = await m.find(RefereeTableEntity, { where: { campaignId: who.campaignId } });
      const parent = all.find((t) => t.id !== row.id && t.entries.some((e) => e.subtableId === row.id));
      if (parent) {
        throw new Problem(
          'CONFLICT',
          `Table "${parent.name}" (${parent.id}) draws on this one: change it before deleting this table.`,
        );
      }
      const settings = await m.findOne(EncounterSettingsEntity, { where: { campaignId: who.campaignId } });
      if (settings && Object.values(settings.defaultTables).includes(row.id)) {
        const defaultTables = Object.fromEntries(
          Object.entries(settings.defaultTables).filter(([, id]) => id !== row.id),
        );
        await Database.updateRow(m, EncounterSettingsEntity, settings.campaignId, {
          defaultTables,
          updatedAt: now(),
        });
      }
      await m.delete(RefereeTableEntity, { id: row.id });
      return toTable(row);
    });
  }

  private async insert(
    m: EntityManager,
    who: Principal,
    input: CreateTableInput,
  ): Promise<RefereeTableEntity> {
    const count = await m.count(RefereeTableEntity, { where: { campaignId: who.campaignId } });
    if (count >= MAX_TABLES_PER_CAMPAIGN) {
      throw new Problem('CONFLICT', `A campaign keeps at most ${MAX_TABLES_PER_CAMPAIGN} tables.`);
    }
    const valid = validateTable({
      formula: input.formula,
      entries: input.entries as TableEntryInput[],
      allowGaps: input.allowGaps,
    });
    const stamp = now();
    const row: RefereeTableEntity = {
      id: newId(),
      campaignId: who.campaignId,
      name: input.name,
      formula: valid.formula,
      entries: valid.entries,
      area: input.area ?? null,
      scale: input.scale ?? null,
      visibility: input.visibility ?? 'referee',
      replacement: input.replacement ?? true,
      description: input.description ?? null,
      allowGaps: input.allowGaps ?? false,
      createdAt: stamp,
      updatedAt: stamp,
    };
    await this.checkGraph(m, who.campaignId, row);
    await Database.insertRow(m, RefereeTableEntity, row);
    return row;
  }

  /**
   * Nested subtables after a change: each must be a table of the campaign, none may lead back to
   * itself, no chain may pass five levels, and a table players can see may not nest a referee table.
   */
  private async checkGraph(m: EntityManager, campaignId: string, changed: RefereeTableEntity): Promise<void> {
    const others = await m.find(RefereeTableEntity, { where: { campaignId } });
    const byId = new Map(others.map((t) => [t.id, t]));
    byId.set(changed.id, changed);
    changed.entries.forEach((e, i) => {
      if (e.subtableId === null) return;
      const field = `entries[${i}].subtableId`;
      const sub = byId.get(e.subtableId);
      if (!sub) throw Problem.field('UNPROCESSABLE', field, `No table ${e.subtableId} in this campaign.`);
      if (changed.visibility === 'players' && sub.visibility !== 'players') {
        throw Problem.field(
          'UNPROCESSABLE',
          field,
          `A table players can see cannot draw on the referee-only table ${e.subtableId}.`,
        );
      }
    });
    if (changed.visibility !== 'players') {
      const parent = others.find(
        (t) =>
          t.id !== changed.id &&
          t.visibility === 'players' &&
          t.entries.some((e) => e.subtableId === changed.id),
      );
      if (parent) {
        throw Problem.field(
          'CONFLICT',
          'visibility',
          `Table "${parent.name}" (${parent.id}), which players can see, draws on this one.`,
        );
      }
    }
    // Depth and cycles over the whole campaign's graph (a change can lengthen its parents' chains).
    const depth = new Map<string, number>();
    const visiting = new Set<string>();
    const levels = (id: string): number => {
      const known = depth.get(id);
      if (known !== undefined) return known;
      if (visiting.has(id)) return Infinity;
      visiting.add(id);
      const table = byId.get(id)!;
      let deepest = 0;
      for (const e of table.entries) {
        if (e.subtableId !== null && byId.has(e.subtableId))
          deepest = Math.max(deepest, levels(e.subtableId));
      }
      visiting.delete(id);
      depth.set(id, deepest + 1);
      return deepest + 1;
    };
    for (const id of byId.keys()) {
      if (levels(id) > MAX_SUBTABLE_DEPTH) {
        const at = changed.entries.findIndex((e) => e.subtableId !== null);
        throw Problem.field(
          'UNPROCESSABLE',
          at >= 0 ? `entries[${at}].subtableId` : 'entries',
          levels(id) === Infinity
            ? 'Subtables may not lead back to a table already drawn.'
            : `Subtables nest at most ${MAX_SUBTABLE_DEPTH} levels deep (table ${id} would reach ${levels(id)}).`,
        );
      }
    }
  }

  // Drawing

  /**
   * The table and every subtable its entries lead to (a snapshot for a replayable roll; the roll log
   * stores each table once per version and refers to it, see src/rolls/table-versions.ts), with the
   * visibility of each table met. A table without subtables costs no query.
   */
  async snapshot(
    m: EntityManager,
    campaignId: string,
    table: TableDefinition,
    visibility: string,
  ): Promise<{ table: TableDefinition; subtables: Record<string, TableDefinition>; visibilities: string[] }> {
    const subtables: Record<string, TableDefinition> = {};
    const visibilities = [visibility];
    let frontier = table.entries.map((e) => e.subtableId).filter((id): id is string => id !== null);
    for (let level = 2; level <= MAX_SUBTABLE_DEPTH && frontier.length > 0; level++) {
      const wanted = [...new Set(frontier)].filter((id) => !(id in subtables));
      if (wanted.length === 0) break;
      const rows = await m.find(RefereeTableEntity, { where: { campaignId, id: AnyOf(wanted) } });
      frontier = [];
      for (const row of rows) {
        subtables[row.id] = definitionOf(row);
        visibilities.push(row.visibility);
        frontier.push(...row.entries.map((e) => e.subtableId).filter((id): id is string => id !== null));
      }
    }
    return { table, subtables, visibilities };
  }

  draw(
    who: Principal,
    tableId: string,
    input: DrawTableInput,
    req: ArbiterRequest,
  ): Promise<TableDrawResult> {
    if (input.secret === true && who.role !== 'referee') {
      throw new Problem('FORBIDDEN', 'Only the referee may make a roll secret.');
    }
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const row = await this.visible(m, who, tableId);
      const snap = await this.snapshot(m, who.campaignId, definitionOf(row), row.visibility);
      return this.recordDraw(m, who, campaign, row.id, snap, input.secret, input.seed, diceBudget(req));
    });
  }

  /**
   * Draws on a table snapshot inside the caller's transaction and logs the draw as its own roll,
   * sealed (secret) when the table or a subtable it leads to is not the players' unless `secret`
   * says otherwise. The table draw route and other domains drawing on a campaign's table (a COEAC
   * mutation) share it.
   */
  async recordDraw(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    tableId: string,
    snap: { table: TableDefinition; subtables: Record<string, TableDefinition>; visibilities: string[] },
    secretAsked: boolean | undefined,
    seed: string | undefined,
    budget: ReturnType<typeof diceBudget>,
  ): Promise<TableDrawResult> {
    const secret = secretAsked ?? snap.visibilities.some((v) => v !== 'players');
    const rolled = this.rolls.roll(
      ENCOUNTER_PROCEDURES.tableDraw,
      { table: snap.table, subtables: snap.subtables },
      seed,
      budget,
    );
    const roll = await this.rolls.record(m, who, rolled, { secret, campaign });
    const o = rolled.outcome;
    return {
      tableId,
      formula: o.formula,
      roll: o.roll,
      faces: o.faces,
      entryIndex: o.entryIndex,
      entry: { ...{}, ...o.entry, probability: o.odds.entry },
      nothingHappens: o.nothingHappens === true,
      subdraws: o.subdraws,
      odds: o.odds,
      secret,
      rollId: roll.id,
      seed: rolled.seed,
      rng: rolled.rng,
    };
  }

  /**
   * What an encounter check reads besides its input, in two plain statements (the check is a hot
   * path): the settings and the recurring cast together, then the table when there is one.
   */
  async checkReads(m: EntityManager, campaignId: string): Promise<CheckReads> {
    const rows = (await m.query(
      this.sql(
        "SELECT 'settings' AS part, es.default_tables AS a, CAST(es.recurring_chance AS VARCHAR(8)) AS b, " +
          'NULL AS c FROM encounter_settings es WHERE es.campaign_id = ? ' +
          "UNION ALL SELECT 'cast' AS part, rc.id AS a, rc.name AS b, rc.created_at AS c " +
          'FROM recurring_cast rc WHERE rc.campaign_id = ?',
      ),
      [campaignId, campaignId],
    )) as { part: string; a: string; b: string; c: string | null }[];
    const stored = rows.find((r) => r.part === 'settings');
    const cast = rows
      .filter((r) => r.part === 'cast')
      .sort((x, y) => (x.c! < y.c! ? -1 : x.c! > y.c! ? 1 : x.a < y.a ? -1 : x.a > y.a ? 1 : 0))
      .slice(0, MAX_RECURRING_CAST)
      .map((r) => ({ id: r.a, name: r.b }));
    return {
      settings: stored
        ? toSettings(JSON.parse(stored.a) as Record<string, string>, Number(stored.b))
        : toSettings(),
      cast,
    };
  }

  /**
   * A table of the campaign and its subtables as a snapshot for a check (with the visibility of each),
   * or null when it is not there.
   */
  async tableSnapshot(
    m: EntityManager,
    campaignId: string,
    tableId: string,
  ): Promise<{
    table: TableDefinition;
    subtables: Record<string, TableDefinition>;
    visibilities: string[];
  } | null> {
    const rows = (await m.query(
      this.sql(
        'SELECT id, name, formula, entries, visibility, allow_gaps FROM referee_tables WHERE id = ? AND campaign_id = ?',
      ),
      [tableId, campaignId],
    )) as {
      id: string;
      name: string;
      formula: string;
      entries: string;
      visibility: string;
      allow_gaps: boolean | number | null;
    }[];
    if (rows.length === 0) return null;
    const table: TableDefinition = {
      id: rows[0].id,
      name: rows[0].name,
      formula: rows[0].formula,
      entries: JSON.parse(rows[0].entries) as TableDefinition['entries'],
      ...(rows[0].allow_gaps === true || rows[0].allow_gaps === 1 ? { allowGaps: true } : {}),
    };
    return this.snapshot(m, campaignId, table, rows[0].visibility);
  }

  private sql(text: string): string {
    if (this.db.isSqlite) return text;
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  }

  // Recurring cast

  listCast(who: Principal, query: PageQuery): Promise<Page<RecurringCastMember>> {
    return pageByCreation(
      this.db.manager,
      RecurringCastEntity,
      { campaignId: who.campaignId },
      query,
      toMember,
    );
  }

  addToCast(who: Principal, input: RecurringInput, req: ArbiterRequest): Promise<RecurringCastMember> {
    return this.db.mutation(req, async (m) => {
      await this.campaigns.lockCampaign(m, who.campaignId);
      const count = await m.count(RecurringCastEntity, { where: { campaignId: who.campaignId } });
      if (count >= MAX_RECURRING_CAST) {
        throw new Problem('CONFLICT', `The recurring cast holds at most ${MAX_RECURRING_CAST}.`);
      }
      if (input.npcId !== undefined) {
        const [npc] = await Database.selectRows(m, NpcEntity, {
          id: input.npcId,
          campaignId: who.campaignId,
        });
        if (!npc) {
          throw Problem.field('VALIDATION_FAILED', 'npcId', `No NPC ${input.npcId} in this campaign.`);
        }
      }
      const row: RecurringCastEntity = {
        id: newId(),
        campaignId: who.campaignId,
        name: input.name,
        kind: input.kind ?? 'character',
        notes: input.notes ?? null,
        npcId: input.npcId ?? null,
        createdAt: now(),
      };
      await Database.insertRow(m, RecurringCastEntity, row);
      return toMember(row);
    });
  }

  removeFromCast(who: Principal, memberId: string, req: ArbiterRequest): Promise<RecurringCastMember> {
    return this.db.mutation(req, async (m) => {
      const row = await m.findOne(RecurringCastEntity, {
        where: { id: memberId, campaignId: who.campaignId },
      });
      if (!row) throw Problem.notFound(`Recurring cast member ${memberId}`);
      await m.delete(RecurringCastEntity, { id: row.id });
      return toMember(row);
    });
  }

  // Settings

  async settingsOf(m: EntityManager, campaignId: string): Promise<EncounterSettings> {
    const row = await m.findOne(EncounterSettingsEntity, { where: { campaignId } });
    return row ? toSettings(row.defaultTables, row.recurringChance) : toSettings();
  }

  settings(who: Principal): Promise<EncounterSettings> {
    return this.settingsOf(this.db.manager, who.campaignId);
  }

  /** Replaces the settings: a scale left out has no default table; the chance defaults to 2. */
  setSettings(
    who: Principal,
    input: EncounterSettingsInput,
    req: ArbiterRequest,
  ): Promise<EncounterSettings> {
    return this.db.mutation(req, async (m) => {
      await this.campaigns.lockCampaign(m, who.campaignId);
      const defaultTables: Record<string, string> = {};
      for (const scale of SCALES_WITH_CHECKS) {
        const id = input[scale];
        if (id === undefined || id === null) continue;
        const exists = await m.count(RefereeTableEntity, { where: { id, campaignId: who.campaignId } });
        if (!exists) throw Problem.field('UNPROCESSABLE', scale, `No table ${id} in this campaign.`);
        defaultTables[scale] = id;
      }
      const values = {
        defaultTables,
        recurringChance: input.recurringChance ?? DEFAULT_RECURRING_CHANCE,
        updatedAt: now(),
      };
      const existing = await m.findOne(EncounterSettingsEntity, { where: { campaignId: who.campaignId } });
      if (existing) await Database.updateRow(m, EncounterSettingsEntity, who.campaignId, values);
      else await Database.insertRow(m, EncounterSettingsEntity, { campaignId: who.campaignId, ...values });
      return this.settingsOf(m, who.campaignId);
    });
  }
}
