import { NpcListQuery } from '../campaigns/list-filters';
import { Injectable } from '@nestjs/common';
import { EntityManager, FindOptionsWhere } from 'typeorm';
import { Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { Page, toPage } from '../common/pagination';
import { Problem } from '../common/problem';
import { npcLooks } from '../core/characters/npc-looks';
import type { Sheet } from '../core/characters/sheets';
import { newId, now } from '../common/time';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { BUILDER_PROCEDURES } from '../characters-builder/builder.service';
import { RollsService } from '../rolls/rolls.service';
import { SheetSystem, SHEET_SYSTEMS } from '../core/characters/sheets';
import { adversaryStats } from '../core/encounters/encounter-procedures';
import type { AdversaryGrade } from '../core/encounters/encounter-tables';
import { Database, MutationCall } from '../database/database.service';
import { creationKey, rowsByCreation } from '../database/paging';
import { RecurringCastEntity } from '../encounters/encounters.entities';
import {
  coeacFollower,
  coeacHireling,
  type AnimalTraining,
  type CoeacNpc,
  type FollowerSource,
} from '../core/characters/hirelings';
import { asBadRequest } from '../common/problem';
import { NpcEntity, NpcKind, NpcVisibility } from './characters.entities';
import {
  CairnHirelingNpcInput,
  CoeacNpcMakeInput,
  CreateNpcInput,
  UpdateNpcInput,
} from './characters.inputs';
import { CairnHirelingNpcResult, CharacterSheets, Npc } from './characters.results';
import { SheetOwner, SheetsService } from './sheets.service';

/**
 * Campaign NPCs (SPEC 6.1). Referee-only NPCs do not exist for other keys: 404 on read, absent from
 * lists. A shown NPC shows its name, kind and visible state to every key, and its numbers (sheets,
 * grade, tag) only when the referee sets `showNumbers`. Its referee notes never leave the referee.
 */
@Injectable()
export class NpcsService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly rolls: RollsService,
  ) {}

  create(who: Principal, input: CreateNpcInput, call: MutationCall): Promise<Npc> {
    if (input.tag && !input.grade) {
      throw Problem.field('VALIDATION_FAILED', 'tag', 'An adversary tag needs a grade.');
    }
    return this.db.mutation(call, async (m) => {
      if (input.boundTo) {
        await this.campaigns.assertCharactersExist(m, who.campaignId, [input.boundTo], 'boundTo');
      }
      const stamp = now();
      const row: NpcEntity = {
        id: newId(),
        campaignId: who.campaignId,
        name: input.name,
        kind: input.kind as NpcKind,
        grade: input.grade ?? null,
        tag: input.tag ?? null,
        boundTo: input.boundTo ?? null,
        visibility: (input.visibility ?? 'referee') as NpcVisibility,
        showNumbers: input.showNumbers ?? false,
        visibleState: input.visibleState ?? null,
        notes: input.notes ?? null,
        followerSource: (input.followerSource ?? null) as FollowerSource | null,
        training: (input.training ?? null) as AnimalTraining | null,
        lostInSession: null,
        returnsAtSession: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      assertFollowerFields(row);
      await Database.insertRow(m, NpcEntity, row);
      const sheets: Partial<Record<SheetSystem, Record<string, unknown>>> = { ...(input.sheets ?? {}) };
      if (input.grade && !sheets.coeac) {
        const stats = adversaryStats({
          grade: input.grade as AdversaryGrade,
          tag: (input.tag ?? undefined) as 'elite' | 'legendary' | undefined,
        });
        // SPEC 5.4: Pool, HP and the Objective of saves against it.
        sheets.coeac = {
          pool: stats.pool,
          maxHp: stats.hp,
          hp: stats.hp,
          saveObjective: stats.saveObjective,
        };
      }
      for (const system of SHEET_SYSTEMS) {
        const sheet = sheets[system];
        if (sheet) {
          await this.sheets.putSheetIn(
            m,
            who,
            { kind: 'npc', id: row.id },
            system,
            sheet,
            `sheets.${system}`,
          );
        }
      }
      return this.view(m, who, row);
    });
  }

  /**
   * A Cairn hireling rolled into the campaign (004:52, the builder's generator): the roll is logged
   * (sealed unless the NPC is shown with its numbers) and its sheet's opening ledger entries name it.
   */
  cairnHireling(
    who: Principal,
    input: CairnHirelingNpcInput,
    req: ArbiterRequest,
  ): Promise<CairnHirelingNpcResult> {
    return this.db.mutation(req, async (m) => {
      if (input.boundTo) {
        await this.campaigns.assertCharactersExist(m, who.campaignId, [input.boundTo], 'boundTo');
      }
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const terms = {
        ...{},
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.armor !== undefined ? { armor: input.armor } : {}),
      };
      const rolled = this.rolls.roll(BUILDER_PROCEDURES.cairnHireling, terms, input.seed, diceBudget(req));
      const stamp = now();
      const row: NpcEntity = {
        id: newId(),
        campaignId: who.campaignId,
        name: input.name ?? 'Cairn hireling',
        kind: 'hireling',
        grade: null,
        tag: null,
        boundTo: input.boundTo ?? null,
        visibility: (input.visibility ?? 'referee') as NpcVisibility,
        showNumbers: input.showNumbers ?? false,
        visibleState: null,
        notes: input.role ?? null,
        followerSource: null,
        training: null,
        lostInSession: null,
        returnsAtSession: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      await Database.insertRow(m, NpcEntity, row);
      const secret = input.secret ?? !NpcsService.numbersPublic(row);
      const roll = await this.rolls.record(m, who, rolled, { secret, campaign, effects: { npcId: row.id } });
      await this.sheets.putSheetIn(
        m,
        who,
        { kind: 'npc', id: row.id },
        'cairn',
        rolled.outcome.sheets.cairn,
        'sheet',
        {
          procedure: BUILDER_PROCEDURES.cairnHireling.name,
          rollId: roll.id,
        },
      );
      return {
        npc: await this.view(m, who, row),
        rolls: rolled.outcome.rolls,
        faces: rolled.outcome.faces,
        odds: rolled.outcome.odds as unknown as Record<string, unknown>,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
      };
    });
  }

  /**
   * A COEAC NPC made by the stateless maker and stored (I1, 003:912–920): the maker's answer as it is
   * (Pool, HP, Role, carried slots on the COEAC sheet), its kind, and for a follower or animal its
   * training. No dice: nothing is logged; the sheet's opening ledger entries name the route.
   */
  coeacNpc(who: Principal, input: CoeacNpcMakeInput, req: ArbiterRequest): Promise<Npc> {
    const sent = [input.hireling, input.follower].filter((x) => x !== undefined && x !== null).length;
    if (sent !== 1) {
      throw Problem.field('VALIDATION_FAILED', 'hireling', 'Send exactly one of `hireling` and `follower`.');
    }
    const made: CoeacNpc = input.hireling
      ? asBadRequest(() => coeacHireling(withoutNullFields(input.hireling)), {
          fieldOf: (f) => `hireling.${f}`,
        })
      : asBadRequest(() => coeacFollower(withoutNullFields(input.follower)), {
          fieldOf: (f) => `follower.${f}`,
        });
    return this.db.mutation(req, async (m) => {
      if (input.boundTo) {
        await this.campaigns.assertCharactersExist(m, who.campaignId, [input.boundTo], 'boundTo');
      }
      const stamp = now();
      const training = input.follower?.kind === 'animal' ? (input.follower.training ?? 'trained') : null;
      const row: NpcEntity = {
        id: newId(),
        campaignId: who.campaignId,
        name: made.name ?? made.sheets.coeac.role,
        kind: made.kind as NpcKind,
        grade: null,
        tag: null,
        boundTo: input.boundTo ?? null,
        visibility: (input.visibility ?? 'referee') as NpcVisibility,
        showNumbers: input.showNumbers ?? false,
        visibleState: null,
        notes: null,
        followerSource: (input.followerSource ?? null) as FollowerSource | null,
        training: training as AnimalTraining | null,
        lostInSession: null,
        returnsAtSession: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      assertFollowerFields(row);
      await Database.insertRow(m, NpcEntity, row);
      await this.sheets.putSheetIn(
        m,
        who,
        { kind: 'npc', id: row.id },
        'coeac',
        { ...made.sheets.coeac },
        'sheet',
      );
      return this.view(m, who, row);
    });
  }

  async list(who: Principal, query: NpcListQuery): Promise<Page<Npc>> {
    const m = this.db.manager;
    const base: FindOptionsWhere<NpcEntity> = { campaignId: who.campaignId };
    if (query.kind !== undefined) base.kind = query.kind as NpcKind;
    if (query.visibility !== undefined) base.visibility = query.visibility as NpcVisibility;
    // A key other than the referee's never sees an NPC hidden from players, whatever it asks for.
    if (who.role !== 'referee') {
      if (query.visibility === 'referee') return { items: [], next: null };
      base.visibility = 'players';
    }
    const { rows, limit } = await rowsByCreation(m, NpcEntity, base, query, {
      name: query.name,
      sheetSystem: query.system,
    });
    const page = rows.slice(0, limit);
    const sheets = await this.sheetsFor(m, who, page);
    return toPage(rows, limit, (row) => this.viewWith(who, row, sheets.get(row.id) ?? {}), creationKey);
  }

  async get(who: Principal, npcId: string): Promise<Npc> {
    const row = await this.visible(this.db.manager, who, npcId);
    return this.view(this.db.manager, who, row);
  }

  update(who: Principal, npcId: string, input: UpdateNpcInput, call: MutationCall): Promise<Npc> {
    return this.db.mutation(call, async (m) => {
      const row = await this.npc(m, who.campaignId, npcId);
      if (input.boundTo)
        await this.campaigns.assertCharactersExist(m, who.campaignId, [input.boundTo], 'boundTo');
      if (input.name !== undefined) row.name = input.name;
      if (input.kind !== undefined) row.kind = input.kind as NpcKind;
      if (input.boundTo !== undefined) row.boundTo = input.boundTo === '' ? null : input.boundTo;
      if (input.visibility !== undefined) row.visibility = input.visibility as NpcVisibility;
      if (input.showNumbers !== undefined) row.showNumbers = input.showNumbers;
      if (input.visibleState !== undefined) row.visibleState = input.visibleState;
      if (input.notes !== undefined) row.notes = input.notes;
      if (input.kind !== undefined && input.training === undefined && row.kind !== 'animal')
        row.training = null;
      if (
        input.kind !== undefined &&
        input.followerSource === undefined &&
        row.kind !== 'follower' &&
        row.kind !== 'animal'
      )
        row.followerSource = null;
      if (input.followerSource !== undefined) row.followerSource = input.followerSource as FollowerSource;
      if (input.training !== undefined) row.training = input.training as AnimalTraining;
      assertFollowerFields(row);
      row.updatedAt = now();
      await m.save(NpcEntity, row);
      return this.view(m, who, row);
    });
  }

  remove(who: Principal, npcId: string, call: MutationCall): Promise<Npc> {
    return this.db.mutation(call, async (m) => {
      const row = await this.npc(m, who.campaignId, npcId);
      const answer = await this.view(m, who, row);
      await this.sheets.deleteAllOf(m, row.id);
      await m.delete(NpcEntity, { id: row.id });
      // A recurring cast member it played stays in the cast, without the link.
      await m.update(RecurringCastEntity, { campaignId: who.campaignId, npcId: row.id }, { npcId: null });
      return answer;
    });
  }

  /** The NPC as a sheet owner, if this key may see it at all (404 otherwise). */
  async visible(m: EntityManager, who: Principal, npcId: string): Promise<NpcEntity> {
    const row = await m.findOne(NpcEntity, { where: { id: npcId, campaignId: who.campaignId } });
    if (!row || (who.role !== 'referee' && row.visibility !== 'players'))
      throw Problem.notFound(`NPC ${npcId}`);
    return row;
  }

  /** The NPC, if this key may see its numbers (sheets, ledger): 404 if hidden, 403 if only shown. */
  async withNumbers(m: EntityManager, who: Principal, npcId: string): Promise<SheetOwner> {
    const row = await this.visible(m, who, npcId);
    if (who.role !== 'referee' && !row.showNumbers) {
      throw new Problem('FORBIDDEN', 'The referee has not shown this NPC’s numbers.');
    }
    return ownerOf(row);
  }

  async npc(m: EntityManager, campaignId: string, npcId: string): Promise<NpcEntity> {
    const row = await m.findOne(NpcEntity, { where: { id: npcId, campaignId } });
    if (!row) throw Problem.notFound(`NPC ${npcId}`);
    return row;
  }

  /** Whether every key may see this NPC's numbers (so that rolls about it need not be sealed). */
  static numbersPublic(row: NpcEntity): boolean {
    return row.visibility === 'players' && row.showNumbers;
  }

  async view(m: EntityManager, who: Principal, row: NpcEntity): Promise<Npc> {
    const sheets = await this.sheetsFor(m, who, [row]);
    return this.viewWith(who, row, sheets.get(row.id) ?? {});
  }

  /** Every listed NPC's sheets: shown to keys that may see its numbers, read for its words otherwise. */
  private async sheetsFor(m: EntityManager, who: Principal, rows: NpcEntity[]) {
    const campaign = await this.campaigns.campaign(m, who.campaignId);
    return this.sheets.sheetsOf(m, rows.map(ownerOf), campaign);
  }

  private viewWith(who: Principal, row: NpcEntity, sheets: CharacterSheets): Npc {
    const numbers = who.role === 'referee' || row.showNumbers;
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      visibility: row.visibility,
      showNumbers: row.showNumbers,
      // The referee's words, or what its sheet looks like in words (never a number).
      visibleState: row.visibleState ?? npcLooks(sheets as Record<string, Sheet | null>),
      boundTo: row.boundTo,
      grade: numbers ? row.grade : null,
      tag: numbers ? row.tag : null,
      sheets: numbers ? sheets : null,
      notes: who.role === 'referee' ? row.notes : null,
      followerSource: numbers ? row.followerSource : null,
      training: numbers ? row.training : null,
      lostInSession: numbers ? row.lostInSession : null,
      returnsAtSession: numbers ? row.returnsAtSession : null,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }
}

/** followerSource on followers and animals only, training on animals only (400 naming the field). */
function assertFollowerFields(row: NpcEntity): void {
  if (row.followerSource && row.kind !== 'follower' && row.kind !== 'animal') {
    throw Problem.field(
      'VALIDATION_FAILED',
      'followerSource',
      'followerSource is for followers and animals.',
    );
  }
  if (row.training && row.kind !== 'animal') {
    throw Problem.field('VALIDATION_FAILED', 'training', 'training is for animals.');
  }
}

export function ownerOf(row: NpcEntity): SheetOwner {
  return { kind: 'npc', id: row.id, name: row.name, campaignId: row.campaignId };
}

/** A GraphQL or REST input class instance as a plain object without its null fields. */
function withoutNullFields<T extends object>(value: T | undefined): T {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, v]) => v !== null && v !== undefined),
  ) as T;
}
