import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, IsNull, LessThanOrEqual, Not } from 'typeorm';
import { Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { BUILDER_PROCEDURES } from '../characters-builder/builder.service';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { now } from '../common/time';
import {
  campaignFollowerLoss,
  controllerPoolOf,
  type FollowerLossReason,
  followerReturn,
  moraleSubjectOf,
} from '../core/characters/followers';
import type { NpcMoraleInput as CoreMoraleInput, NpcMoraleOutcome } from '../core/characters/hirelings';
import { SHEET_SYSTEMS, type Sheet } from '../core/characters/sheets';
import { Database } from '../database/database.service';
import { CampaignEntity, GameSessionEntity } from '../database/entities';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import { CharacterSheetEntity, NpcEntity } from './characters.entities';
import { NpcLossInput, NpcMoraleInput } from './characters.inputs';
import { FollowerLossRecord, NpcMoraleRecord } from './characters.results';
import { NpcsService, ownerOf } from './npcs.service';
import { SheetsService } from './sheets.service';

/** The campaign followers' logged procedures. Names are part of the roll log: never rename. */
export const FOLLOWER_PROCEDURES = {
  loss: { name: 'characters.follower-loss', run: campaignFollowerLoss },
  return: { name: 'characters.follower-return', run: followerReturn },
};

/**
 * Followers, hirelings and animals as campaign operations (COEAC group 7): a follower's loss, a
 * Feat-granted follower's return at the next session's start, and morale checks of stored NPCs.
 * Every one is logged (sealed unless the NPC's numbers are shown), so the feed carries it.
 */
@Injectable()
export class FollowersService implements OnModuleInit {
  constructor(
    registry: ProcedureRegistry,
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly npcs: NpcsService,
    private readonly rolls: RollsService,
  ) {
    registry.register(...(Object.values(FOLLOWER_PROCEDURES) as never[]));
  }

  onModuleInit(): void {
    this.campaigns.onSessionStarted((m, campaign, session, by) =>
      this.returnFollowers(m, campaign, session, by),
    );
  }

  /** The referee records a follower's loss (died, departed, dismissed). */
  lose(who: Principal, npcId: string, input: NpcLossInput, req: ArbiterRequest): Promise<FollowerLossRecord> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee records a follower’s loss.');
    return this.db.mutation(req, async (m) => {
      const row = await this.npcs.npc(m, who.campaignId, npcId);
      const isFollower =
        row.kind === 'follower' ||
        (row.kind === 'animal' && (row.training === 'companion' || row.training === 'familiar'));
      if (!isFollower) {
        throw Problem.field(
          'UNPROCESSABLE',
          'npcId',
          'Only followers, animal companions and familiars are lost this way; delete other NPCs.',
        );
      }
      if (!row.boundTo) {
        throw Problem.field('UNPROCESSABLE', 'npcId', 'The follower serves no character (boundTo).');
      }
      if (!row.followerSource) {
        throw Problem.field(
          'UNPROCESSABLE',
          'followerSource',
          'Say whether a Feat granted the follower (followerSource: feat or fiction) first.',
        );
      }
      if (row.lostInSession !== null) {
        throw Problem.field(
          'CONFLICT',
          'npcId',
          `This follower was already lost in session ${row.lostInSession}.`,
        );
      }
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const lostInSession = await this.sessionNumber(m, campaign);
      const rolled = this.rolls.roll(
        FOLLOWER_PROCEDURES.loss,
        { source: row.followerSource, lostInSession, reason: (input.reason ?? 'died') as FollowerLossReason },
        undefined,
        diceBudget(req),
      );
      const secret = input.secret ?? !NpcsService.numbersPublic(row);
      const roll = await this.rolls.record(m, who, rolled, {
        secret,
        campaign,
        effects: { npcId: row.id, boundTo: row.boundTo },
      });
      row.lostInSession = lostInSession;
      row.returnsAtSession = rolled.outcome.availableFromSession;
      row.updatedAt = now();
      await m.save(NpcEntity, row);
      return {
        npc: await this.npcs.view(m, who, row),
        reason: rolled.outcome.reason,
        replaceable: rolled.outcome.replaceable,
        recruitDays: rolled.outcome.recruitDays,
        lostInSession,
        availableFromSession: rolled.outcome.availableFromSession,
        rollId: roll.id,
      };
    });
  }

  /** A stored hireling's, follower's or animal's morale check (the builder's procedure, logged). */
  morale(
    who: Principal,
    npcId: string,
    input: NpcMoraleInput,
    req: ArbiterRequest,
  ): Promise<NpcMoraleRecord> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee checks an NPC’s morale.');
    return this.db.mutation(req, async (m) => {
      const row = await this.npcs.npc(m, who.campaignId, npcId);
      const subject = moraleSubjectOf(row.kind, row.training);
      if (subject === null) {
        throw Problem.field(
          'UNPROCESSABLE',
          row.kind === 'animal' ? 'training' : 'npcId',
          row.kind === 'animal'
            ? 'Say how the animal is trained (training) first: its morale rule depends on it.'
            : 'Morale checks here are for hirelings, followers and animals; monsters use the encounters check.',
        );
      }
      if (row.lostInSession !== null) {
        throw Problem.field(
          'CONFLICT',
          'npcId',
          'This follower is lost; it checks no morale until it returns.',
        );
      }
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      let controllerPool: number | null = null;
      let hirelingPool: number | null = null;
      const terms: Record<string, unknown> = { subject };
      if (subject === 'hireling') {
        const sheet = await this.sheets.requireSheet(m, ownerOf(row), 'coeac');
        const pool = (sheet.data as Sheet).pool;
        if (typeof pool !== 'number') {
          throw Problem.field('UNPROCESSABLE', 'npcId', 'The hireling’s COEAC sheet has no pool.');
        }
        hirelingPool = pool;
        controllerPool = input.controllerPool ?? (await this.boundControllerPool(m, row));
        Object.assign(terms, { controllerPool, hirelingPool });
      } else if (subject === 'trained-animal') {
        Object.assign(
          terms,
          withoutNulls({
            rating: input.rating,
            disposition: input.disposition,
            mortalDanger: input.mortalDanger,
          }),
        );
      }
      const rolled = this.rolls.roll(
        BUILDER_PROCEDURES.npcMorale,
        terms as unknown as CoreMoraleInput,
        input.seed,
        diceBudget(req),
      );
      const outcome = rolled.outcome as NpcMoraleOutcome;
      const secret = input.secret ?? !NpcsService.numbersPublic(row);
      const roll = await this.rolls.record(m, who, rolled, {
        secret,
        campaign,
        effects: { npcId: row.id, boundTo: row.boundTo },
      });
      return {
        npcId: row.id,
        subject: outcome.subject,
        check: outcome.rule.check,
        reason: outcome.rule.reason,
        rolled: outcome.rolled,
        passed: outcome.passed,
        faces: outcome.faces,
        target: outcome.target,
        pass: outcome.odds.pass,
        controllerPool,
        hirelingPool,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
      };
    });
  }

  /** At a session's start: every Feat-granted follower due back returns, HP full, logged. */
  private async returnFollowers(
    m: EntityManager,
    campaign: CampaignEntity,
    session: GameSessionEntity,
    by: Principal,
  ): Promise<void> {
    const due = await m.find(NpcEntity, {
      where: {
        campaignId: campaign.id,
        returnsAtSession: LessThanOrEqual(session.number),
        lostInSession: Not(IsNull()),
      },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    for (const row of due) {
      const rolled = this.rolls.roll(
        FOLLOWER_PROCEDURES.return,
        {
          lostInSession: row.lostInSession!,
          returnsAtSession: row.returnsAtSession!,
          session: session.number,
        },
        undefined,
      );
      const roll = await this.rolls.record(m, by, rolled, {
        secret: !NpcsService.numbersPublic(row),
        campaign,
        effects: { npcId: row.id, boundTo: row.boundTo },
      });
      const owner = ownerOf(row);
      const stored = await m.find(CharacterSheetEntity, { where: { ownerId: row.id } });
      for (const system of SHEET_SYSTEMS) {
        const sheet = stored.find((s) => s.system === system);
        if (!sheet) continue;
        const data = sheet.data as Record<string, unknown>;
        if (typeof data.hp === 'number' && typeof data.maxHp === 'number' && data.hp < data.maxHp) {
          await this.sheets.changeTracked(
            m,
            by,
            campaign,
            owner,
            system,
            [{ field: 'hp', delta: data.maxHp - data.hp }],
            { cause: 'procedure', procedure: FOLLOWER_PROCEDURES.return.name, rollId: roll.id },
          );
        }
        if (typeof data.state === 'string' && data.state !== 'up') {
          const fresh = await m.findOneOrFail(CharacterSheetEntity, { where: { id: sheet.id } });
          await Database.updateRow(m, CharacterSheetEntity, sheet.id, {
            data: { ...{}, ...(fresh.data as Record<string, unknown>), state: 'up' } as never,
            updatedAt: now(),
          });
        }
      }
      await Database.updateRow(m, NpcEntity, row.id, {
        lostInSession: null,
        returnsAtSession: null,
        updatedAt: now(),
      });
    }
  }

  /** The session number a loss belongs to: the one in progress, else the last one (0 before any). */
  private async sessionNumber(m: EntityManager, campaign: CampaignEntity): Promise<number> {
    if (campaign.currentSessionId) {
      const current = await m.findOneOrFail(GameSessionEntity, { where: { id: campaign.currentSessionId } });
      return current.number;
    }
    const last = await m.findOne(GameSessionEntity, {
      where: { campaignId: campaign.id },
      order: { number: 'DESC' },
    });
    return last?.number ?? 0;
  }

  private async boundControllerPool(m: EntityManager, row: NpcEntity): Promise<number> {
    if (!row.boundTo) {
      throw Problem.field(
        'VALIDATION_FAILED',
        'controllerPool',
        'The hireling serves no character: send controllerPool.',
      );
    }
    const owner = await this.sheets.characterOwner(m, row.campaignId, row.boundTo);
    const sheet = await this.sheets.requireSheet(m, owner, 'coeac');
    const pool = controllerPoolOf(((sheet.data as Sheet).skills ?? {}) as Record<string, number>);
    if (pool === null) {
      throw Problem.field(
        'UNPROCESSABLE',
        'controllerPool',
        'The bound character has neither Diplomacy nor Streetwise: send controllerPool.',
      );
    }
    return pool;
  }
}
