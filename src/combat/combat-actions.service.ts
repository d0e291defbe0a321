import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { NpcsService, ownerOf } from '../characters/npcs.service';
import { characterOwner, type SheetOwner } from '../characters/sheets.service';
import { CharacterSheetEntity, NpcEntity } from '../characters/characters.entities';
import type { SheetSystem } from '../core/characters/sheets';
import { SheetsService } from '../characters/sheets.service';
import { Problem } from '../common/problem';
import type { ArbiterRequest } from '../common/request-context';
import { harmOf, mayActInRound } from '../core/harm';
import { playerView, type EngineEvent } from '../core/engine';
import { assertCanAct } from '../harm/can-act';
import { Database } from '../database/database.service';
import { CampaignEntity, CharacterEntity } from '../database/entities';
import { CombatEntity, StoredCombatant } from './combat-campaign.entities';
import { assertCombatantActs, combatantOf } from './combat-campaign.service';
import type { CombatActionInput } from './combat-actions.inputs';
import { COMBAT_ACTION_NULLABLE, type CombatActionResult } from './combat-actions.results';

/** A combatant of the combat read for an action: its sheet owner and whether its numbers are hidden. */
export interface ResolvedCombatant {
  combatant: StoredCombatant;
  owner: SheetOwner;
  /** An NPC whose numbers players may not see. */
  hidden: boolean;
  /** Its sheet in the combat's system, as read (unlocked) when it was checked able to act. */
  sheetRow?: CharacterSheetEntity;
}

/** Everything a system's handler gets, inside the action's transaction (key claimed, campaign locked). */
export interface CombatActionContext {
  m: EntityManager;
  who: Principal;
  req: ArbiterRequest;
  campaign: CampaignEntity;
  combat: CombatEntity;
  input: CombatActionInput;
  actor: ResolvedCombatant;
  targets: ResolvedCombatant[];
  /** The action's roll is sealed for players (secret combat or roll, or a hidden NPC involved). */
  sealed: boolean;
  /**
   * The actor's and targets' sheets in the combat's system, by owner id, read once (locked) before the
   * handler runs; a handler that writes a sheet reads it here rather than again (absent: no sheet).
   */
  sheets?: Map<string, CharacterSheetEntity>;
  /** The actor's sheet in the combat's system, read (locked) when the actor was checked able to act. */
  actorSheet?: CharacterSheetEntity;
}

/** What a handler answers, as the referee sees it; the service blanks it for a player when sealed. */
export type CombatActionAnswer = Omit<
  CombatActionResult,
  'combatId' | 'round' | 'kind' | 'actor' | 'sealed' | (typeof COMBAT_ACTION_NULLABLE)[number]
> &
  Partial<Pick<CombatActionResult, (typeof COMBAT_ACTION_NULLABLE)[number]>> &
  Record<string, unknown>;

/**
 * One system's actions in stored combats. A handler reads the sheets it needs (the actor's has been
 * checked able to act), rolls and logs ONE roll, applies harm to every target through the condition
 * ledger (`SheetHarmService.applyDamage`) in the same transaction, and answers the outcome.
 */
export interface CombatSystemHandler {
  readonly system: string;
  readonly kinds: readonly string[];
  act(ctx: CombatActionContext): Promise<CombatActionAnswer>;
}

/**
 * Fields of an answer every key sees; every other field is the referee's when the action is sealed.
 * `weapon` is the actor's own (a player acts only for its own characters): which of them struck.
 */
const ALWAYS_SHOWN = new Set(['rollId', 'targets', 'sealed', 'weapon', 'events']);

/**
 * `POST …/combats/{combatId}/actions` (issue 20): the part every system shares: the combat active,
 * the actor and targets combatants of it, the referee acting for NPCs and a player for its own
 * characters only (403), an actor that cannot act refused (409 naming `actor`), sealing, and the
 * dispatch to the combat's system's handler.
 */
@Injectable()
export class CombatActionsService {
  private readonly handlers = new Map<string, CombatSystemHandler>();

  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly npcs: NpcsService,
  ) {}

  register(handler: CombatSystemHandler): void {
    this.handlers.set(handler.system, handler);
  }

  act(
    who: Principal,
    combatId: string,
    input: CombatActionInput,
    req: ArbiterRequest,
  ): Promise<CombatActionResult> {
    if (input.secret && who.role !== 'referee') {
      throw Problem.field('FORBIDDEN', 'secret', 'Only the referee seals a roll.');
    }
    return this.db.mutation(req, (m) => this.actIn(m, who, combatId, input, req));
  }

  /**
   * `act` inside the caller's transaction (key claimed): a route that answers its own shape over the
   * same action (the Cairn `…/attacks` route). `system`: the combat must be of this system (422,
   * `systemMessage`). Reads: the combat row once, the actor's and targets' characters and NPCs in one
   * read each, their sheets in one read (locked; handed to the handler as `ctx.sheets`).
   */
  async actIn(
    m: EntityManager,
    who: Principal,
    combatId: string,
    input: CombatActionInput,
    req: ArbiterRequest,
    options: { system?: string; systemMessage?: string } = {},
  ): Promise<CombatActionResult> {
    // The campaign locked (FOR UPDATE on PostgreSQL) as `lockCampaign` does, in one parameterised read.
    const [campaign] = await Database.selectRows(m, CampaignEntity, { id: who.campaignId }, { lock: true });
    if (!campaign) throw Problem.notFound(`Campaign ${who.campaignId}`);
    const [combat] = await Database.selectRows(m, CombatEntity, { id: combatId, campaignId: who.campaignId });
    if (!combat) throw Problem.notFound(`Combat ${combatId}`);
    if (combat.status !== 'active') throw new Problem('CONFLICT', `Combat ${combatId} has ended.`);
    if (options.system && combat.system !== options.system) {
      throw new Problem(
        'UNPROCESSABLE',
        options.systemMessage ?? `Combat ${combatId} is a ${combat.system} combat.`,
      );
    }
    const handler = this.handlers.get(combat.system);
    if (!handler || !handler.kinds.includes(input.kind)) {
      const kinds = handler?.kinds.join(', ') || 'none yet';
      throw Problem.field(
        'UNPROCESSABLE',
        'kind',
        `A ${combat.system} combat takes these kinds of action: ${kinds}.`,
      );
    }
    const actorCombatant = combatantOf(combat, input.actor, 'actor');
    this.assertMayAct(who, combat, actorCombatant, 'actor');
    const seen = new Set<string>();
    const targetCombatants = (input.targets ?? []).map((id, i) => {
      if (seen.has(id)) throw Problem.field('VALIDATION_FAILED', `targets[${i}]`, `${id} is listed twice.`);
      seen.add(id);
      return combatantOf(combat, id, `targets[${i}]`);
    });
    // The combatants' characters and NPCs with every sheet of the action, in one read, the sheets
    // locked for the writes that follow.
    const {
      resolved: [actor, ...targets],
      sheets,
    } = await this.resolveWithSheets(
      m,
      who,
      [actorCombatant, ...targetCombatants],
      combat.system as SheetSystem,
    );
    const actorSheet = await this.assertAble(
      m,
      combat,
      actor,
      'actor',
      sheets.get(actor.owner.id),
      input.kind,
    );
    let sealed = combat.secret || (input.secret ?? false) || actor.hidden || targets.some((t) => t.hidden);
    const ctx: CombatActionContext = {
      m,
      who,
      req,
      campaign,
      combat,
      input,
      actor,
      targets,
      sealed,
      sheets,
      actorSheet,
    };
    const answer = await handler.act(ctx);
    // A handler may seal more than the listed combatants did (a joining attacker, a blast's
    // unlisted targets that include a hidden NPC, a hidden NPC a COEAC exchange involves).
    sealed = ctx.sealed || answer.sealed === true;
    const shows = who.role === 'referee' || !sealed;
    const result: Record<string, unknown> = {};
    for (const k of COMBAT_ACTION_NULLABLE) result[k] = null;
    for (const key in answer) {
      result[key] = shows || ALWAYS_SHOWN.has(key) ? answer[key] : null;
    }
    const listed = input.targets ?? [];
    const shownTargets: CombatActionResult['targets'] = [];
    for (const t of answer.targets) {
      // A hidden NPC the caller did not list (a blast's unlisted targets) is not named to players.
      if (who.role !== 'referee' && (t as { hidden?: boolean }).hidden && !listed.includes(t.id)) continue;
      shownTargets.push({ id: t.id, damage: shows ? t.damage : null });
    }
    result.combatId = combat.id;
    result.round = combat.round;
    result.kind = input.kind;
    result.actor = actor.combatant.id;
    result.sealed = sealed;
    result.targets = shownTargets;
    // The engine's events of every harm the action did, in order, answered as this key may see them
    // (the handlers keep them with the action's roll too: the log and the live feed show them).
    const events = collectEvents(answer);
    result.events = this.eventsFor(who, combat, input, ctx, answer, events);
    return result as unknown as CombatActionResult;
  }

  /**
   * The engine's events of the action's harm, in order, as this key may see them (issue 42): whole for
   * the referee; for a player, a hidden NPC's events in words only (how it looks, no numbers), a hidden
   * NPC the player did not name left out, and none at all for a roll the referee made secret.
   */
  private eventsFor(
    who: Principal,
    combat: CombatEntity,
    input: CombatActionInput,
    ctx: CombatActionContext,
    answer: CombatActionAnswer,
    all: EngineEvent[],
  ): EngineEvent[] {
    if (who.role === 'referee') return all;
    if (combat.secret || input.secret) return [];
    const hidden = new Set<string>();
    for (const c of [ctx.actor, ...ctx.targets]) if (c.hidden) hidden.add(c.owner.id);
    const unnamed = new Set<string>();
    const listed = input.targets ?? [];
    for (const t of answer.targets as Array<{
      id: string;
      hidden?: boolean;
      damage: { ownerId: string } | null;
    }>) {
      if (!t.damage || !t.hidden) continue;
      hidden.add(t.damage.ownerId);
      if (!listed.includes(t.id)) unnamed.add(t.damage.ownerId);
    }
    return playerView(
      all.filter((e) => !unnamed.has(e.ownerId ?? '')),
      (id) => id !== null && hidden.has(id),
    );
  }

  /**
   * Another combatant joining the action (a Cairn attack's other attackers): a combatant of the
   * combat, permitted for this key, able to act; errors name `field`.
   */
  async joining(
    m: EntityManager,
    who: Principal,
    combat: CombatEntity,
    id: string,
    field: string,
  ): Promise<ResolvedCombatant> {
    const c = combatantOf(combat, id, field);
    this.assertMayAct(who, combat, c, field);
    const [resolved] = await this.resolveAll(m, who, [c]);
    await this.assertAble(m, combat, resolved, field);
    return resolved;
  }

  /** The referee acts for NPCs, a player for its own characters; the combat's own bars (409). */
  private assertMayAct(who: Principal, combat: CombatEntity, c: StoredCombatant, field: string): void {
    if (c.kind === 'npc' && who.role !== 'referee') {
      throw Problem.field('FORBIDDEN', field, 'Only the referee acts for NPCs.');
    }
    if (c.kind === 'character') {
      try {
        assertMayActFor(who, c.id);
      } catch (error) {
        if (field === 'actor' || !(error instanceof Problem)) throw error;
        throw Problem.field('FORBIDDEN', field, error.message);
      }
    }
    assertCombatantActs(combat, c, field);
  }

  /** The combatant has a sheet in the combat's system and a harm state that lets it act (409). */
  private async assertAble(
    m: EntityManager,
    combat: CombatEntity,
    c: ResolvedCombatant,
    field: string,
    /** The sheet already read in this transaction (locked). */
    read?: CharacterSheetEntity,
    /** The action's kind: a semi-conscious combatant may still `move`. */
    kind?: string,
  ): Promise<CharacterSheetEntity> {
    const sheet = read ?? (await this.sheets.requireSheet(m, c.owner, combat.system as SheetSystem));
    // Kept for the handler (a G&M action reads the actor's numbers from it without a second read).
    c.sheetRow = sheet;
    const state = harmOf(sheet.data).state;
    // Cairn (CA-15, 004:64): a combatant felled this round still takes its action in it.
    if (!mayActInRound(combat.system, state, combat.round, c.combatant.fellInRound))
      assertCanAct(c.owner, sheet.data, field);
    // Semi-conscious (G&M, 000:194): it may only move (the G&M `move`, at half Movement).
    if (state === 'semi-conscious' && kind !== 'move') {
      throw Problem.field('CONFLICT', field, `${c.owner.name} is semi-conscious and can only move.`);
    }
    return sheet;
  }

  /** A combatant as a sheet owner, and whether its numbers are hidden from players. */
  async resolveCombatant(m: EntityManager, who: Principal, c: StoredCombatant): Promise<ResolvedCombatant> {
    const [resolved] = await this.resolveAll(m, who, [c]);
    return resolved;
  }

  /**
   * `resolveAll` and the combatants' sheets in `system` (by owner id, locked on PostgreSQL) in one
   * statement: each sheet joined to its character or NPC in the campaign. When a combatant has no
   * row there (gone, another campaign's, no sheet in the system) it falls back to the separate
   * reads, which make the same problems as before (404; a missing sheet is the caller's to refuse).
   */
  async resolveWithSheets(
    m: EntityManager,
    who: Principal,
    list: StoredCombatant[],
    system: SheetSystem,
  ): Promise<{ resolved: ResolvedCombatant[]; sheets: Map<string, CharacterSheetEntity> }> {
    const ids = [...new Set(list.map((c) => c.id))];
    const sql = combatantSheetsQuery(m, ids.length);
    const raws = (await m.query(sql, [who.campaignId, who.campaignId, ...ids, system])) as Array<
      Record<string, unknown>
    >;
    const sheets = new Map<string, CharacterSheetEntity>();
    const owners = new Map<string, { owner: SheetOwner; hidden: boolean }>();
    for (const raw of raws) {
      const sheet = Database.hydrate(m, CharacterSheetEntity, raw) as CharacterSheetEntity;
      const character = Database.hydrate(m, CharacterEntity, raw, CHARACTER_PREFIX);
      const npc = character ? null : Database.hydrate(m, NpcEntity, raw, NPC_PREFIX);
      if (character)
        owners.set(`character:${character.id}`, { owner: characterOwner(character), hidden: false });
      else if (npc)
        owners.set(`npc:${npc.id}`, { owner: ownerOf(npc), hidden: !NpcsService.numbersPublic(npc) });
      else continue;
      sheets.set(sheet.ownerId, sheet);
    }
    const found = list.map((c) => owners.get(`${c.kind}:${c.id}`));
    if (found.every((f) => f !== undefined)) {
      return { resolved: list.map((c, i) => ({ combatant: c, ...found[i]! })), sheets };
    }
    const resolved = await this.resolveAll(m, who, list);
    const rows = await Database.selectRows(
      m,
      CharacterSheetEntity,
      { ownerId: resolved.map((c) => c.owner.id), system },
      { lock: true },
    );
    return { resolved, sheets: new Map(rows.map((r) => [r.ownerId, r])) };
  }

  /**
   * Combatants as sheet owners, in order: the characters in one read and the NPCs in one read (404
   * for one gone from the campaign, as the single reads said it).
   */
  async resolveAll(m: EntityManager, who: Principal, list: StoredCombatant[]): Promise<ResolvedCombatant[]> {
    const characterIds = list.filter((c) => c.kind === 'character').map((c) => c.id);
    const npcIds = list.filter((c) => c.kind === 'npc').map((c) => c.id);
    const campaignId = who.campaignId;
    const characters = new Map(
      (characterIds.length
        ? await Database.selectRows(m, CharacterEntity, { id: characterIds, campaignId })
        : []
      ).map((r) => [r.id, r]),
    );
    const npcs = new Map(
      (npcIds.length ? await Database.selectRows(m, NpcEntity, { id: npcIds, campaignId }) : []).map((r) => [
        r.id,
        r,
      ]),
    );
    return list.map((c) => {
      if (c.kind === 'character') {
        const row = characters.get(c.id);
        if (!row) throw Problem.notFound(`Character ${c.id}`);
        return { combatant: c, owner: characterOwner(row), hidden: false };
      }
      const row = npcs.get(c.id);
      if (!row) throw Problem.notFound(`NPC ${c.id}`);
      return { combatant: c, owner: ownerOf(row), hidden: !NpcsService.numbersPublic(row) };
    });
  }
}

/** The prefixes of a character's and an NPC's columns in `resolveWithSheets`'s statement. */
const CHARACTER_PREFIX = 'c__';
const NPC_PREFIX = 'n__';

/**
 * `resolveWithSheets`'s statement for `count` owner ids: the sheets of one system of those owners,
 * each with its character or NPC of the campaign (outer joins: the one that is not its kind stays
 * empty), the sheets locked on PostgreSQL.
 */
function combatantSheetsQuery(m: EntityManager, count: number): string {
  return Database.statement(m, `combatant-sheets:${count}`, () => {
    const { postgres, mark, table, column, columns } = Database.dialect(m);
    const owners = Array.from({ length: count }, (_, i) => mark(2 + i)).join(', ');
    const sheet = (property: string) => column(CharacterSheetEntity, property, 's');
    return (
      `SELECT ${[
        ...columns(CharacterSheetEntity, 's'),
        ...columns(CharacterEntity, 'c', CHARACTER_PREFIX),
        ...columns(NpcEntity, 'n', NPC_PREFIX),
      ].join(', ')} ` +
      `FROM ${table(CharacterSheetEntity)} s ` +
      `LEFT JOIN ${table(CharacterEntity)} c ON ${sheet('ownerKind')} = 'character' ` +
      `AND ${column(CharacterEntity, 'id', 'c')} = ${sheet('ownerId')} AND ${column(CharacterEntity, 'campaignId', 'c')} = ${mark(0)} ` +
      `LEFT JOIN ${table(NpcEntity)} n ON ${sheet('ownerKind')} = 'npc' ` +
      `AND ${column(NpcEntity, 'id', 'n')} = ${sheet('ownerId')} AND ${column(NpcEntity, 'campaignId', 'n')} = ${mark(1)} ` +
      `WHERE ${sheet('ownerId')} IN (${owners}) AND ${sheet('system')} = ${mark(2 + count)}` +
      (postgres ? ' FOR UPDATE OF s' : '')
    );
  });
}

/**
 * Every event of the harm an answer carries, in order: its targets' first, then any other harm it
 * holds (a COEAC exchange's attacker, a G&M psychic duel's), each harm once.
 */
export function collectEvents(answer: Record<string, unknown>): EngineEvent[] {
  const seen = new Set<object>();
  const out: EngineEvent[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 5 || typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (
      Array.isArray(record.events) &&
      typeof record.rollId === 'string' &&
      typeof record.ownerId === 'string'
    ) {
      out.push(...(record.events as EngineEvent[]));
      return;
    }
    for (const [key, v] of Object.entries(record))
      if (key !== 'sheet' && key !== 'events') visit(v, depth + 1);
  };
  visit(answer.targets, 0);
  for (const [key, v] of Object.entries(answer)) if (key !== 'targets' && key !== 'events') visit(v, 0);
  return out;
}
