import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, In as AnyOf, MoreThan } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { decodeCursor, DEFAULT_PAGE_SIZE, Page, PageQuery, toPage } from '../common/pagination';
import { Problem, validationProblem } from '../common/problem';
import { newId, now } from '../common/time';
import { RuleError } from '../core/errors';
import { applyCondition, cappedFollowers, sheetDifferences } from '../core/characters/ledger';
import {
  capsTracked,
  isSheetSystem,
  normaliseSheet,
  playerSheet,
  readPath,
  sameJson,
  Sheet,
  SHEET_SYSTEMS,
  SheetSystem,
  trackedPaths,
} from '../core/characters/sheets';
import { Database, MutationCall } from '../database/database.service';
import { CampaignEntity, CharacterEntity } from '../database/entities';
import { CharacterSheetEntity, ConditionEntryEntity, NpcEntity, OwnerKind } from './characters.entities';
import { ConditionAdjustmentInput } from './characters.inputs';
import {
  CharacterSheets,
  ConditionAdjustmentResult,
  ConditionEntry,
  SheetAnswer,
} from './characters.results';
import {
  deriveSheet,
  DerivationContext,
  withGmDefaults,
  withoutDerived,
} from '../core/characters/sheets-derived';

/** Whose sheet: a character or an NPC of the campaign. */
export interface SheetOwner {
  kind: OwnerKind;
  id: string;
  name: string;
  campaignId: string;
}

/** Why a tracked value changed: a roll, a procedure, the referee's adjustment or the referee's PUT. */
export interface ConditionCause {
  cause: 'roll' | 'procedure' | 'adjustment' | 'sheet';
  procedure?: string | null;
  rollId?: string | null;
  reason?: string | null;
}

/** Reads what a sheet's derived values need beyond the sheet (Cairn: the items in the inventory). */
export type DerivationReader = (
  m: EntityManager,
  owners: SheetOwner[],
) => Promise<(owner: SheetOwner) => Partial<DerivationContext>>;

/**
 * Sheets and the condition ledger (SPEC 6.1): the one service through which every domain reads a
 * character's or NPC's sheet and changes its tracked values. `changeTracked` runs in the caller's
 * transaction, locks the sheet row (PostgreSQL; SQLite transactions take turns), applies the change
 * and writes one ledger entry per value changed, so a concurrent change can never be lost.
 */
/** How `changeTracked` applies a change (see `SheetsService.changeTracked`). */
export interface TrackedOptions {
  clamp?: boolean;
  deltaField?: string;
  base?: (sheet: Sheet) => Sheet;
  /** The owner's sheet row, already read and locked in this transaction (spares a read; `changeTracked` only). */
  row?: CharacterSheetEntity;
}

/** One sheet's tracked changes made in steps and written once (`SheetsService.openTracked`). */
export interface TrackedChange {
  /** The sheet as the steps so far left it. */
  readonly sheet: Sheet;
  /** Applies one step in memory; answers that step's ledger entries (not yet written). */
  apply(
    changes: Array<{ field: string; delta: number }>,
    cause: ConditionCause,
    options?: TrackedOptions,
  ): ConditionEntryEntity[];
  /** Writes the sheet and every step's entries. */
  write(m: EntityManager): Promise<{ row: CharacterSheetEntity; entries: ConditionEntryEntity[] }>;
}

/** See `SheetsService.onTrackedWritten`. */
export type TrackedWrittenHook = (
  m: EntityManager,
  written: {
    who: Principal;
    campaign: CampaignEntity;
    owner: SheetOwner;
    system: SheetSystem;
    row: CharacterSheetEntity;
    /** The ledger entries the write made. */
    entries: ReadonlyArray<{ field: string; delta: number }>;
  },
) => Promise<void>;

/** See `SheetsService.onPut`. */
export type SheetPutHook = (
  m: EntityManager,
  put: {
    campaign: CampaignEntity;
    owner: SheetOwner;
    system: SheetSystem;
    before: Sheet | null;
    after: Sheet;
    /** Where the sheet is in the request (`sheet`, `sheets.gm`, `content.system`): refusals name fields under it. */
    prefix: string;
  },
) => Promise<Sheet>;

@Injectable()
export class SheetsService implements OnModuleInit {
  private readonly readers: DerivationReader[] = [];

  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
  ) {}

  onModuleInit(): void {
    this.campaigns.decorateCharactersAsync(async (m, entities, campaign) => {
      const owners = entities.map((e) => characterOwner(e));
      const sheets = await this.sheetsOf(m, owners, campaign);
      return (entity) => ({ sheets: sheets.get(entity.id) ?? {} });
    });
  }

  /** Lets a domain feed a sheet's derived values (the inventory: what a Cairn character wears). */
  addDerivationReader(reader: DerivationReader): void {
    this.readers.push(reader);
  }

  // Owners

  async characterOwner(m: EntityManager, campaignId: string, characterId: string): Promise<SheetOwner> {
    return characterOwner(await this.campaigns.character(m, campaignId, characterId));
  }

  /**
   * A character and one of its sheets in a single statement (the sheet joined to its character in
   * the campaign), locked for update on PostgreSQL: what a mutation on one sheet reads first. When
   * the join finds nothing it falls back to the two reads, for their 404 / SHEET_MISSING problems.
   */
  async characterSheet(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    system: SheetSystem,
  ): Promise<{ owner: SheetOwner; row: CharacterSheetEntity }> {
    const raw = await this.joinedSheetRow(m, campaignId, characterId, system, false);
    if (!raw) {
      const { owner, row } = await this.sheetReadApart(m, campaignId, characterId, system);
      return { owner, row };
    }
    const row = Database.hydrate(m, CharacterSheetEntity, raw) as CharacterSheetEntity;
    const name = String(raw.character_name);
    const owner: SheetOwner = { kind: 'character', id: characterId, name, campaignId };
    return { owner, row };
  }

  /**
   * `characterSheet` with the whole character row as well (its Cash, for a change that spends it),
   * both locked on PostgreSQL, in the same single statement; the same 404 / SHEET_MISSING problems
   * when the join finds nothing.
   */
  async characterWithSheet(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    system: SheetSystem,
  ): Promise<{ character: CharacterEntity; owner: SheetOwner; row: CharacterSheetEntity }> {
    const raw = await this.joinedSheetRow(m, campaignId, characterId, system, true);
    if (!raw) return this.sheetReadApart(m, campaignId, characterId, system);
    const row = Database.hydrate(m, CharacterSheetEntity, raw) as CharacterSheetEntity;
    const character = Database.hydrate(m, CharacterEntity, raw, CHARACTER_PREFIX) as CharacterEntity;
    return { character, owner: characterOwner(character), row };
  }

  /** The joined statement's row (`characterSheetQuery`), hydrated by the caller; none when nothing joined. */
  private async joinedSheetRow(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    system: SheetSystem,
    wholeCharacter: boolean,
  ): Promise<Record<string, unknown> | undefined> {
    const rows = (await m.query(characterSheetQuery(m, wholeCharacter), [
      campaignId,
      characterId,
      system,
      'character',
    ])) as Array<Record<string, unknown>>;
    return rows[0];
  }

  /**
   * When the join found nothing: the character and its sheet read apart, for their problems (404 for
   * a character not in the campaign, SHEET_MISSING for a missing sheet).
   */
  private async sheetReadApart(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    system: SheetSystem,
  ): Promise<{ character: CharacterEntity; owner: SheetOwner; row: CharacterSheetEntity }> {
    const character = await this.campaigns.character(m, campaignId, characterId);
    const owner = characterOwner(character);
    return { character, owner, row: await this.requireSheet(m, owner, system, { lock: true }) };
  }

  /** The system of a path parameter, or 400 naming it. */
  static system(value: string): SheetSystem {
    if (!isSheetSystem(value)) {
      throw Problem.field('VALIDATION_FAILED', 'system', `system is one of: ${SHEET_SYSTEMS.join(', ')}.`);
    }
    return value;
  }

  // Reading

  /** Every sheet of each owner, as answered (with what the server derives). */
  async sheetsOf(
    m: EntityManager,
    owners: SheetOwner[],
    campaign: CampaignEntity,
  ): Promise<Map<string, CharacterSheets>> {
    const out = new Map<string, CharacterSheets>();
    if (owners.length === 0) return out;
    const rows = await m.find(CharacterSheetEntity, {
      where: { ownerId: AnyOf(owners.map((o) => o.id)) },
    });
    if (rows.length === 0) return out;
    const context = await this.context(m, owners, campaign);
    for (const row of rows) {
      const owner = owners.find((o) => o.id === row.ownerId)!;
      const sheets = out.get(row.ownerId) ?? {};
      // The derived sheet is the system's schema (./sheet-schemas.ts) by construction of the normaliser.
      (sheets as Record<string, object>)[row.system] = deriveSheet(row.system, row.data, context(owner));
      out.set(row.ownerId, sheets);
    }
    return out;
  }

  async sheetAnswer(m: EntityManager, owner: SheetOwner, system: SheetSystem): Promise<SheetAnswer> {
    const row = await this.requireSheet(m, owner, system);
    const campaign = await this.campaigns.campaign(m, owner.campaignId);
    return this.answer(m, owner, row, campaign);
  }

  /** The owner's sheet in `system`, or 422 SHEET_MISSING naming the owner and the system. */
  async requireSheet(
    m: EntityManager,
    owner: SheetOwner,
    system: SheetSystem,
    options: { lock?: boolean } = {},
  ): Promise<CharacterSheetEntity> {
    const row = await this.findSheet(m, owner.id, system, options.lock ?? false);
    if (!row) {
      const who = owner.kind === 'npc' ? 'NPC' : 'Character';
      const message = `${who} "${owner.name}" (${owner.id}) has no ${system} sheet.`;
      throw new Problem('SHEET_MISSING', message, [
        { field: owner.kind === 'npc' ? 'npcId' : 'characterId', message },
        { field: 'system', message },
      ]);
    }
    return row;
  }

  /** The sheet as answered, with what the server derives. */
  /**
   * What the server derives, for several owners read at once (one read per reader for all of them):
   * a combat action derives every target's sheet before and after its harm without reading again.
   */
  async deriver(
    m: EntityManager,
    owners: SheetOwner[],
    campaign: CampaignEntity,
  ): Promise<(owner: SheetOwner, system: SheetSystem, data: Sheet) => Sheet> {
    const context = await this.context(m, owners, campaign);
    return (owner, system, data) => deriveSheet(system, data, context(owner));
  }

  async view(
    m: EntityManager,
    owner: SheetOwner,
    row: CharacterSheetEntity,
    /** The owner's campaign, when the caller has read it already (spares a read). */
    known?: CampaignEntity,
  ): Promise<Sheet> {
    const campaign =
      known?.id === owner.campaignId ? known : await this.campaigns.campaign(m, owner.campaignId);
    const context = await this.context(m, [owner], campaign);
    return deriveSheet(row.system, row.data, context(owner));
  }

  // Writing sheets

  /**
   * Creates or replaces a sheet. The referee's sheet replaces the stored one, and every tracked value
   * it changes gets its ledger entry (cause `sheet`); a player bound to the character writes only the
   * base values (FORBIDDEN naming any tracked or referee value it tries to change).
   */
  putSheet(
    who: Principal,
    owner: { kind: OwnerKind; id: string },
    system: SheetSystem,
    input: Record<string, unknown>,
    call: MutationCall,
  ): Promise<SheetAnswer> {
    if (owner.kind === 'character') assertMayActFor(who, owner.id);
    else if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee sets an NPC’s sheet.');
    return this.db.mutation(call, (m) => this.putSheetIn(m, who, owner, system, input));
  }

  private readonly putHooks: SheetPutHook[] = [];
  private readonly trackedHooks: TrackedWrittenHook[] = [];

  /**
   * Registers a hook every write of tracked values (a ledger change or a PUT) runs after it, inside
   * its transaction, with the entries it made: harm hands a COEAC max HP reduced to 0 to its
   * transition, whichever route wrote it (issue 39, 003:173).
   */
  onTrackedWritten(hook: TrackedWrittenHook): void {
    this.trackedHooks.push(hook);
  }

  /**
   * Registers a hook every PUT of a sheet runs (inside its transaction, after validation, before the
   * write): it answers the sheet to store. For values outside the ledger only (harm starts the timers
   * a referee's harm state implies); tracked values it changed would miss their ledger entries.
   */
  onPut(hook: SheetPutHook): void {
    this.putHooks.push(hook);
  }

  /** `putSheet` inside the caller's transaction; errors name `<prefix>.<field>` (NPC creation: `sheets.gm`). */
  async putSheetIn(
    m: EntityManager,
    who: Principal,
    owner: { kind: OwnerKind; id: string },
    system: SheetSystem,
    input: Record<string, unknown>,
    prefix = 'sheet',
    options: { procedure?: string; rollId?: string | null } = {},
  ): Promise<SheetAnswer> {
    const campaign = await this.campaigns.campaign(m, who.campaignId);
    const full = await this.owner(m, who.campaignId, owner);
    const current = await this.findSheet(m, full.id, system, true);
    const settings = { settings: campaign.settings };
    const context = (await this.context(m, [full], campaign))(full);
    // G&M: `attributes` is stored as `abilities` (refusals then name what the client sent).
    const sent = input.attributes;
    if (system === 'gm') input = gmStoredNames(input, prefix, current?.data.abilities);
    const sentAttributes = system === 'gm' && sent !== undefined && sent !== null && input.abilities === sent;
    input = withoutDerived(system, input, current?.data ?? null, context);
    let sheet = renamed(prefix, sentAttributes, () => {
      const made =
        who.role === 'referee' || options.procedure
          ? normaliseSheet(
              system,
              system === 'gm' ? withGmDefaults(input, settings, full.kind === 'npc') : input,
            )
          : playerSheet(system, current?.data ?? this.startingSheet(system, input, settings), input);
      deriveSheet(system, made, settings); // refuses what cannot be derived (an unknown archetype)
      return made;
    });
    // Other domains' say in a stored sheet (harm: the timers a harm state implies), before the write.
    for (const hook of this.putHooks)
      sheet = await hook(m, {
        campaign,
        owner: full,
        system,
        before: current?.data ?? null,
        after: sheet,
        prefix,
      });
    const stamp = now();
    const row: CharacterSheetEntity = current ?? {
      id: newId(),
      campaignId: who.campaignId,
      ownerKind: full.kind,
      ownerId: full.id,
      system,
      data: {},
      createdAt: stamp,
      updatedAt: stamp,
    };
    const paths = [...new Set([...trackedPaths(system, row.data), ...trackedPaths(system, sheet)])];
    const changes = sheetDifferences(current ? current.data : null, sheet, paths);
    row.data = sheet;
    row.updatedAt = stamp;
    if (current)
      await Database.updateRow(m, CharacterSheetEntity, row.id, { data: sheet as never, updatedAt: stamp });
    else await Database.insertRow(m, CharacterSheetEntity, row);
    const entries = [];
    for (const change of changes) {
      entries.push(
        await this.writeEntry(m, who, campaign, full, system, change.field, change.delta, change.after, {
          // A procedure's sheet (a hireling bought) names it; otherwise the referee's PUT.
          ...{},
          ...(options.procedure
            ? { cause: 'procedure' as const, procedure: options.procedure, rollId: options.rollId ?? null }
            : { cause: 'sheet' as const }),
          reason: current ? 'sheet replaced' : 'sheet created',
        }),
      );
    }
    // A PUT is a write of tracked values too (harm: a max HP reduced to 0).
    if (entries.length > 0)
      for (const hook of this.trackedHooks)
        await hook(m, { who, campaign, owner: full, system, row, entries });
    return {
      ...{},
      ...(await this.answer(m, full, row, campaign)),
      conditions: entries.map(toConditionEntry),
    };
  }

  /** Deletes a sheet; each tracked value it held gets a closing ledger entry down to 0. */
  deleteSheet(
    who: Principal,
    owner: { kind: OwnerKind; id: string },
    system: SheetSystem,
    call: MutationCall,
  ): Promise<SheetAnswer> {
    if (owner.kind === 'character') assertMayActFor(who, owner.id);
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee deletes a sheet.');
    return this.db.mutation(call, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const full = await this.owner(m, who.campaignId, owner);
      const row = await this.requireSheet(m, full, system, { lock: true });
      const answer = await this.answer(m, full, row, campaign);
      const entries = [];
      for (const change of sheetDifferences(row.data, null, trackedPaths(system, row.data))) {
        entries.push(
          await this.writeEntry(m, who, campaign, full, system, change.field, change.delta, 0, {
            cause: 'sheet',
            reason: 'sheet deleted',
          }),
        );
      }
      await m.delete(CharacterSheetEntity, { id: row.id });
      return { ...{}, ...answer, conditions: entries.map(toConditionEntry) };
    });
  }

  /** Removes every sheet of an owner (an NPC deleted), inside the caller's transaction. */
  async deleteAllOf(m: EntityManager, ownerId: string): Promise<void> {
    await m.delete(CharacterSheetEntity, { ownerId });
  }

  // The condition ledger

  /**
   * Changes tracked values of one sheet inside the caller's transaction: the one way any domain
   * changes HP, attributes, fatigue, survival and the rest. Locks the sheet row, applies each change
   * (refusing to leave a value's bounds with OUT_OF_RANGE naming `deltaField`, or clamping when
   * asked), lowers values capped by a lowered maximum, and writes one entry per change.
   */
  async changeTracked(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    system: SheetSystem,
    changes: Array<{ field: string; delta: number }>,
    cause: ConditionCause,
    options: TrackedOptions = {},
  ): Promise<{ row: CharacterSheetEntity; entries: ConditionEntryEntity[] }> {
    const change = await this.openTracked(m, who, campaign, owner, system, options.row);
    change.apply(changes, cause, options);
    return change.write(m);
  }

  /**
   * `changeTracked` in steps, for a procedure that makes several changes of one sheet with causes of
   * their own (an experience award and the level-ups it reaches): the sheet is locked and read once,
   * each `apply` does in memory what one `changeTracked` call does (the same checks, followers and
   * entries, `base` seeing the sheet as the previous step left it), and `write` writes the sheet once
   * and every entry in one statement, in the order the steps made them. Nothing is written until
   * `write`; a refusal in any step leaves the transaction to roll back as `changeTracked` would.
   */
  async openTracked(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    system: SheetSystem,
    /** The owner's sheet row, already read and locked in this transaction (spares a read). */
    locked?: CharacterSheetEntity,
  ): Promise<TrackedChange> {
    const row =
      locked && locked.system === system ? locked : await this.requireSheet(m, owner, system, { lock: true });
    let sheet = row.data;
    const entries: ConditionEntryEntity[] = [];
    return {
      get sheet() {
        return sheet;
      },
      apply: (changes, cause, options = {}) => {
        // `base` changes untracked values (an archetype's level) in the same write as the tracked ones.
        let next = options.base ? options.base(sheet) : sheet;
        const applied: Array<{ field: string; delta: number; after: number }> = [];
        for (const { field, delta } of changes) {
          const result = applyCondition(system, next, field, delta, options);
          next = result.sheet;
          if (result.change.delta !== 0) applied.push(result.change);
          // Only a lowered maximum can leave another value above it: the rest need no search.
          if (result.change.delta >= 0 || !capsTracked(system, field)) continue;
          for (const follower of cappedFollowers(system, next, field, trackedPaths(system, next))) {
            const value = readPath(next, follower) as number;
            const max = readPath(next, field) as number;
            const down = applyCondition(system, next, follower, max - value, { clamp: true });
            next = down.sheet;
            applied.push(down.change);
          }
        }
        sheet = next;
        const made = applied.map((c) =>
          this.entry(who, campaign, owner, system, c.field, c.delta, c.after, cause),
        );
        entries.push(...made);
        return made;
      },
      write: async (manager) => {
        const stamp = now();
        await Database.updateRow(manager, CharacterSheetEntity, row.id, {
          data: sheet as never,
          updatedAt: stamp,
        });
        row.data = sheet;
        row.updatedAt = stamp;
        // Every entry of the change in one statement (rows keep their order, so `seq` follows it).
        await Database.insertRows(manager, ConditionEntryEntity, entries);
        for (const hook of this.trackedHooks)
          await hook(manager, { who, campaign, owner, system, row, entries });
        return { row, entries };
      },
    };
  }

  /**
   * One condition-ledger entry for a tracked value kept on an item rather than on the sheet (a Cairn
   * relic's charges, `items.<itemId>.charges`), inside the caller's transaction. The item's own row
   * keeps the value (it moves with the item); the entry records the holder, the change and the value
   * after, so the holder's ledger shows every spend and recharge. Needs no sheet.
   */
  async recordItemValue(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    system: SheetSystem,
    change: { itemId: string; value: string; delta: number; after: number },
    cause: ConditionCause,
  ): Promise<ConditionEntryEntity> {
    const field = `items.${change.itemId}.${change.value}`;
    return this.writeEntry(m, who, campaign, owner, system, field, change.delta, change.after, cause);
  }

  /** The referee's direct adjustment of one tracked value, with a reason. */
  adjust(
    who: Principal,
    owner: { kind: OwnerKind; id: string },
    input: ConditionAdjustmentInput,
    call: MutationCall,
  ): Promise<ConditionAdjustmentResult> {
    if (who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee adjusts tracked values directly.');
    if (input.delta === 0) throw Problem.field('VALIDATION_FAILED', 'delta', 'delta must not be zero.');
    const system = SheetsService.system(input.system);
    return this.db.mutation(call, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const full = await this.owner(m, who.campaignId, owner);
      const { row, entries } = await this.changeTracked(
        m,
        who,
        campaign,
        full,
        system,
        [{ field: input.field, delta: input.delta }],
        { cause: 'adjustment', reason: input.reason },
      );
      return { sheet: await this.answer(m, full, row, campaign), entries: entries.map(toConditionEntry) };
    });
  }

  /** One owner's ledger, oldest first (keyset on the entry's sequence). */
  async conditions(m: EntityManager, owner: SheetOwner, query: PageQuery): Promise<Page<ConditionEntry>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = decodeCursor<[number]>(query.after, ['number']);
    const rows = await m.find(ConditionEntryEntity, {
      where: {
        ownerId: owner.id,
        campaignId: owner.campaignId,
        ...(after ? { seq: MoreThan(after[0]) } : {}),
      },
      order: { seq: 'ASC' },
      take: limit + 1,
    });
    return toPage(rows, limit, toConditionEntry, (row) => [row.seq]);
  }

  // Internals

  private async owner(
    m: EntityManager,
    campaignId: string,
    owner: { kind: OwnerKind; id: string },
  ): Promise<SheetOwner> {
    if (owner.kind === 'character') return this.characterOwner(m, campaignId, owner.id);
    const npc = await m.findOne(NpcEntity, { where: { id: owner.id, campaignId } });
    if (!npc) throw Problem.notFound(`NPC ${owner.id}`);
    return { kind: 'npc', id: npc.id, name: npc.name, campaignId };
  }

  /**
   * What a player's new sheet starts from: nothing, except for G&M, where the maxima of survival,
   * verve and mojo start at what the player's abilities and archetype derive (they are tracked, so
   * the player could not set them, but they follow from base values the player may set).
   */
  private startingSheet(system: SheetSystem, input: Record<string, unknown>, settings: DerivationContext) {
    if (system !== 'gm') return null;
    const base: Record<string, unknown> = {};
    for (const key of ['abilities', 'archetypes', 'species', 'movement'])
      if (key in input) base[key] = input[key];
    return normaliseSheet('gm', withGmDefaults(base, settings));
  }

  private async findSheet(
    m: EntityManager,
    ownerId: string,
    system: SheetSystem,
    lock: boolean,
  ): Promise<CharacterSheetEntity | null> {
    // One plain parameterised SELECT (… FOR UPDATE on PostgreSQL when locking): TypeORM's findOne
    // rebuilds its query on every call, which cost more than the read on the hot casts.
    const [row] = await Database.selectRows(m, CharacterSheetEntity, { ownerId, system }, { lock });
    return row ?? null;
  }

  private async context(m: EntityManager, owners: SheetOwner[], campaign: CampaignEntity) {
    // One after another: inside a transaction `m` is one PostgreSQL client, which takes one query at a time.
    const parts: Array<(owner: SheetOwner) => Partial<DerivationContext>> = [];
    for (const read of this.readers) parts.push(await read(m, owners));
    return (owner: SheetOwner): DerivationContext =>
      Object.assign({ settings: campaign.settings }, ...parts.map((p) => p(owner)));
  }

  private async answer(
    m: EntityManager,
    owner: SheetOwner,
    row: CharacterSheetEntity,
    campaign: CampaignEntity,
  ): Promise<SheetAnswer> {
    const context = await this.context(m, [owner], campaign);
    return {
      ownerKind: owner.kind,
      ownerId: owner.id,
      system: row.system,
      sheet: deriveSheet(row.system, row.data, context(owner)),
      updatedAt: row.updatedAt,
    };
  }

  private async writeEntry(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    system: SheetSystem,
    field: string,
    delta: number,
    valueAfter: number,
    cause: ConditionCause,
  ): Promise<ConditionEntryEntity> {
    const entry = this.entry(who, campaign, owner, system, field, delta, valueAfter, cause);
    await Database.insertRow(m, ConditionEntryEntity, entry);
    return entry;
  }

  /** One ledger entry, not yet written. */
  private entry(
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    system: SheetSystem,
    field: string,
    delta: number,
    valueAfter: number,
    cause: ConditionCause,
  ): ConditionEntryEntity {
    const entry = Object.assign(new ConditionEntryEntity(), {
      id: newId(),
      campaignId: campaign.id,
      ownerKind: owner.kind,
      ownerId: owner.id,
      system,
      field,
      delta,
      valueAfter,
      cause: cause.cause,
      procedure: cause.procedure ?? null,
      rollId: cause.rollId ?? null,
      reason: cause.reason ?? null,
      sessionId: campaign.currentSessionId,
      keyId: who.keyId,
      createdAt: now(),
    });
    return entry;
  }
}

/**
 * Runs `work`, renaming the `sheet.` of a RuleError's field to `prefix.`, and a G&M sheet's
 * `sheet.abilities…` to `prefix.attributes…` when the client sent `attributes`.
 */
function renamed<T>(prefix: string, sentAttributes: boolean, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RuleError && error.field?.startsWith('sheet')) {
      const field = (f: string) => {
        const out = prefix + f.slice('sheet'.length);
        const old = `${prefix}.abilities`;
        return sentAttributes && (out === old || out.startsWith(`${old}.`))
          ? `${prefix}.attributes${out.slice(old.length)}`
          : out;
      };
      const message = (text: string) =>
        sentAttributes ? text.split('abilities.').join('attributes.') : text;
      if (prefix === 'sheet' && !sentAttributes) throw error;
      throw new RuleError(
        error.code,
        message(error.message),
        field(error.field),
        error.errors?.map((e) => ({ field: field(e.field), message: message(e.message) })),
      );
    }
    throw error;
  }
}

/**
 * A G&M sheet as sent, with its scores under the stored name: `attributes` (the /v1 name,
 * docs/api-style.md) becomes `abilities`; the deprecated `abilities` is still accepted. Both sent
 * and equal (a sheet read and sent back) is fine. Both differing: where one of them is the stored
 * scores as answered, the client read the sheet and edited the other (a client that knows only one
 * of the names, as withoutDerived treats members sent back as answered), which wins; else a 400
 * naming the old one.
 */
export function gmStoredNames(
  input: Record<string, unknown>,
  prefix = 'sheet',
  stored?: unknown,
): Record<string, unknown> {
  const has = (v: unknown) => v !== undefined && v !== null;
  if (!has(input.attributes)) {
    if (!('attributes' in input)) return input;
    const out = { ...input };
    delete out.attributes;
    return out;
  }
  if (has(input.abilities) && !sameJson(input.abilities, input.attributes)) {
    const out = { ...input };
    delete out.attributes;
    // The old name edited, the new one sent back as answered: the old one's scores.
    if (stored !== undefined && sameJson(input.attributes, stored)) return out;
    if (stored === undefined || !sameJson(input.abilities, stored))
      throw validationProblem([
        {
          field: `${prefix}.abilities`,
          message: `${prefix}.abilities is the deprecated name of attributes and differs from it: send one of them`,
          reason: 'invalid',
        },
      ]);
  }
  const out: Record<string, unknown> = { ...{}, ...input, abilities: input.attributes };
  delete out.attributes;
  return out;
}

export function characterOwner(entity: CharacterEntity): SheetOwner {
  return { kind: 'character', id: entity.id, name: entity.name, campaignId: entity.campaignId };
}

export function toConditionEntry(e: ConditionEntryEntity): ConditionEntry {
  return {
    id: e.id,
    ownerKind: e.ownerKind,
    ownerId: e.ownerId,
    system: e.system,
    field: e.field,
    delta: e.delta,
    valueAfter: e.valueAfter,
    cause: e.cause,
    procedure: e.procedure,
    rollId: e.rollId,
    reason: e.reason,
    sessionId: e.sessionId,
    keyId: e.keyId,
    createdAt: e.createdAt,
  };
}

/** The prefix of the character's columns in `characterWithSheet`'s statement. */
const CHARACTER_PREFIX = 'c__';

/**
 * `SheetsService.characterSheet`'s statement: a character's sheet of one system joined to the
 * character (its name, and that it belongs to the campaign), locked on PostgreSQL. With
 * `wholeCharacter`, every column of the character as well (prefixed), both rows locked.
 */
function characterSheetQuery(m: EntityManager, wholeCharacter: boolean): string {
  return Database.statement(m, `character-sheet:${wholeCharacter}`, () => {
    const { postgres, esc, mark, table, column, columns } = Database.dialect(m);
    const sheet = (property: string) => column(CharacterSheetEntity, property, 's');
    const character = wholeCharacter
      ? columns(CharacterEntity, 'c', CHARACTER_PREFIX)
      : [`${column(CharacterEntity, 'name', 'c')} AS ${esc('character_name')}`];
    const lock = wholeCharacter ? ' FOR UPDATE OF s, c' : ' FOR UPDATE OF s';
    return (
      `SELECT ${[...columns(CharacterSheetEntity, 's'), ...character].join(', ')} ` +
      `FROM ${table(CharacterSheetEntity)} s INNER JOIN ${table(CharacterEntity)} c ` +
      `ON ${column(CharacterEntity, 'id', 'c')} = ${sheet('ownerId')} AND ${column(CharacterEntity, 'campaignId', 'c')} = ${mark(0)} ` +
      `WHERE ${sheet('ownerId')} = ${mark(1)} AND ${sheet('system')} = ${mark(2)} ` +
      `AND ${sheet('ownerKind')} = ${mark(3)}${postgres ? lock : ''}`
    );
  });
}
