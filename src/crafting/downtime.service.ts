import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, In as AnyOf } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignStateService, isUniqueViolation } from '../campaign-state/campaign-state.service';
import { CampaignsService } from '../campaigns/campaigns.service';
import { ChecksService } from '../checks/checks.service';
import { Page, PageQuery } from '../common/pagination';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import {
  affixCost,
  attunementPenaltyDice,
  CHANNELING_DAYS,
  fillClockTick,
  nextChannelingStreak,
  ORB_INTEGRATION_COST,
} from '../core/crafting';
import type { PoolTestOutcome } from '../core/checks/pool-test';
import { Database, MutationCall } from '../database/database.service';
import { pageByCreation } from '../database/paging';
import { InventoryItemEntity } from '../inventory/inventory.entities';
import { InventoryService } from '../inventory/inventory.service';
import { RollsService } from '../rolls/rolls.service';
import { WealthService } from '../wealth/wealth.service';
import { CRAFTING_PROCEDURES } from './crafting-procedures';
import { MagicCampaignService } from '../magic/magic-campaign.service';
import {
  ArtifactChannelingEntity,
  ArtifactRitualEntity,
  AttunementEntity,
  AttunementRitualEntity,
  OrbIntegrationEntity,
  ProjectClockEntity,
} from './crafting.entities';
import {
  ArtifactRitualInput,
  AttunementInput,
  ChannelingInput,
  CreateProjectClockInput,
  OrbIntegrationInput,
  ProjectClockTickInput,
  type AttunementMethod,
  type ClockVisibility,
} from './crafting.inputs';
import {
  ArtifactRitual,
  ArtifactRitualResult,
  Attunement,
  AttunementResult,
  ChannelingResult,
  CharacterAttunements,
  CraftingPoolTest,
  OrbIntegrationResult,
  ProjectClock,
  ProjectClockTickResult,
  RitualStatus,
} from './crafting.results';
import { EngineEventResult } from '../harm/engine-events.results';

/**
 * COEAC downtime (SPEC 5.5, 5.6): project clocks, attuning artifacts, the Affix Spell ritual and
 * integrating orbs. Each procedure that takes a downtime action claims it through the campaign state
 * in its own transaction, so a refused request leaves the action unspent; Cash goes through the
 * wealth ledger and Cybalt through the inventory, characters locked before anything else.
 */
@Injectable()
export class CraftingDowntimeService implements OnModuleInit {
  constructor(
    private readonly db: Database,
    private readonly rolls: RollsService,
    private readonly campaigns: CampaignsService,
    private readonly state: CampaignStateService,
    private readonly wealth: WealthService,
    private readonly inventory: InventoryService,
    private readonly checks: ChecksService,
    private readonly magic: MagicCampaignService,
  ) {}

  onModuleInit(): void {
    this.campaigns.decorateCharactersAsync(async (m, characters) => {
      const counts = await this.attunedCounts(
        m,
        characters.map((c) => c.id),
      );
      return (character) => ({ attunementPenaltyDice: attunementPenaltyDice(counts.get(character.id) ?? 0) });
    });
    // An attunement ends when its artifact leaves the character (moved, spent or destroyed).
    this.inventory.onItemsLeave(async (m, campaignId, characterId, itemIds) => {
      await m.delete(AttunementEntity, { campaignId, characterId, itemId: AnyOf(itemIds) });
    });
    // A campaign pool check made for a character rolls −1d per attuned artifact beyond three.
    this.checks.addPoolModifier(async (m, _who, task) => {
      const penalty = await this.penaltyOf(m, task.characterId);
      return penalty > 0 ? { penaltyDice: penalty, echo: { attunementPenaltyDice: penalty } } : {};
    });
  }

  // Project clocks

  createClock(who: Principal, input: CreateProjectClockInput, call: MutationCall): Promise<ProjectClock> {
    if (who.role !== 'referee') {
      throw new Problem('FORBIDDEN', 'The referee sets up project clocks (and how many ticks they take).');
    }
    const characterIds = [...new Set(input.characterIds ?? [])];
    return this.db.mutation(call, async (m) => {
      await this.campaigns.assertCharactersExist(m, who.campaignId, characterIds, 'characterIds');
      const stamp = now();
      const row: ProjectClockEntity = {
        id: newId(),
        campaignId: who.campaignId,
        name: input.name,
        ticks: input.ticks,
        filled: 0,
        characterIds,
        visibility: input.visibility ?? 'public',
        createdAt: stamp,
        updatedAt: stamp,
      };
      await Database.insertRow(m, ProjectClockEntity, row);
      return toClock(row);
    });
  }

  async listClocks(who: Principal, query: PageQuery): Promise<Page<ProjectClock>> {
    const base = {
      campaignId: who.campaignId,
      ...(who.role === 'referee' ? {} : { visibility: 'public' }),
    };
    return pageByCreation(this.db.manager, ProjectClockEntity, base, query, toClock);
  }

  async getClock(who: Principal, clockId: string): Promise<ProjectClock> {
    return toClock(await this.clock(this.db.manager, who, clockId, false));
  }

  /** A character spends its downtime action of the session on the clock: one tick. */
  tick(who: Principal, clockId: string, input: ProjectClockTickInput, call: MutationCall) {
    assertMayActFor(who, input.characterId);
    return this.db.mutation(call, async (m): Promise<ProjectClockTickResult> => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.campaigns.assertCharactersExist(m, who.campaignId, [input.characterId], 'characterId');
      const row = await this.clock(m, who, clockId, true);
      if (row.filled >= row.ticks) {
        throw new Problem('CONFLICT', `${row.name} is complete: every tick is filled.`);
      }
      const filled = fillClockTick(row).filled;
      const downtime = await this.state.claimDowntime(
        m,
        who,
        campaign,
        input.characterId,
        `project-clock: ${row.name}`,
      );
      const characterIds = row.characterIds.includes(input.characterId)
        ? row.characterIds
        : [...row.characterIds, input.characterId];
      const stamp = now();
      await Database.updateRow(m, ProjectClockEntity, row.id, { filled, characterIds, updatedAt: stamp });
      return { clock: toClock({ ...{}, ...row, filled, characterIds, updatedAt: stamp }), downtime };
    });
  }

  // Attunement

  async attunements(who: Principal, characterId: string): Promise<CharacterAttunements> {
    await this.campaigns.character(this.db.manager, who.campaignId, characterId);
    return this.attunementsOf(this.db.manager, who.campaignId, characterId);
  }

  private async attunementsOf(
    m: EntityManager,
    campaignId: string,
    characterId: string,
  ): Promise<CharacterAttunements> {
    const rows = await m.find(AttunementEntity, {
      where: { campaignId, characterId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return { items: rows.map(toAttunement), attunementPenaltyDice: attunementPenaltyDice(rows.length) };
  }

  /** Ends an attunement by choice; NOT_FOUND when the character is not attuned to that item. */
  endAttunement(
    who: Principal,
    characterId: string,
    itemId: string,
    req: ArbiterRequest,
  ): Promise<CharacterAttunements> {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m) => {
      await this.campaigns.character(m, who.campaignId, characterId);
      const row = await m.findOne(AttunementEntity, {
        where: { campaignId: who.campaignId, characterId, itemId },
      });
      if (!row) throw Problem.notFound(`Attunement of character ${characterId} to item ${itemId}`);
      await m.delete(AttunementEntity, { id: row.id });
      return this.attunementsOf(m, who.campaignId, characterId);
    });
  }

  /**
   * Attunes a character to an artifact it carries: by ritual (an Ob 3 Discipline test, once per item
   * per in-game day, the character's attunement penalty applying) or by spending the downtime action.
   */
  attune(who: Principal, characterId: string, input: AttunementInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    if (input.method === 'ritual' && (input.discipline === undefined || input.discipline === null)) {
      throw Problem.field('VALIDATION_FAILED', 'discipline', 'A ritual tests Discipline: send the rating.');
    }
    return this.db.mutation(req, async (m): Promise<AttunementResult> => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.campaigns.character(m, who.campaignId, characterId);
      const item = await this.inventory.item(m, who.campaignId, characterId, input.itemId);
      if (item.kind !== 'artifact') {
        throw Problem.field('UNPROCESSABLE', 'itemId', `${item.name} is not an artifact.`);
      }
      const existing = await m.findOne(AttunementEntity, { where: { characterId, itemId: item.id } });
      if (existing) throw Problem.field('CONFLICT', 'itemId', `Already attuned to ${item.name}.`);
      const { day } = await this.state.clock(m, who.campaignId);
      const penalty = await this.penaltyOf(m, characterId);
      const method: AttunementMethod = input.method;

      if (method === 'downtime') {
        const downtime = await this.state.claimDowntime(
          m,
          who,
          campaign,
          characterId,
          `attunement: ${item.name}`,
        );
        const attunement = await this.insertAttunement(
          m,
          who.campaignId,
          characterId,
          item.id,
          method,
          day,
          null,
        );
        return {
          attuned: true,
          attunement,
          test: null,
          seed: null,
          rng: null,
          rollId: null,
          downtime,
          attunementPenaltyDice: attunementPenaltyDice((await this.attunedCount(m, characterId)) ?? 0),
        };
      }

      const tried = await m.findOne(AttunementRitualEntity, {
        where: { characterId, itemId: item.id, day },
        select: { seq: true },
      });
      if (tried) throw ritualToday(item.name, day);
      const rolled = this.rolls.roll(
        CRAFTING_PROCEDURES.attunement,
        { discipline: input.discipline as number, penaltyDice: penalty },
        input.seed ?? undefined,
        diceBudget(req),
      );
      const passed = rolled.outcome.passed;
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        effects: { characterId, itemId: item.id, day, attuned: passed },
      });
      try {
        await Database.insertRow(m, AttunementRitualEntity, {
          campaignId: who.campaignId,
          characterId,
          itemId: item.id,
          day,
          passed,
          rollId: roll.id,
          createdAt: now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw ritualToday(item.name, day);
        throw error;
      }
      const attunement = passed
        ? await this.insertAttunement(m, who.campaignId, characterId, item.id, method, day, roll.id)
        : null;
      return {
        attuned: passed,
        attunement,
        test: toTest(rolled.outcome),
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
        downtime: null,
        attunementPenaltyDice: attunementPenaltyDice(await this.attunedCount(m, characterId)),
      };
    });
  }

  // Affix Spell ritual

  /**
   * Begins an Affix Spell ritual: spends the downtime action and pays 5 Cash (the character's
   * ledger) and 5 Cybalt (the material item's dice) per point of the channeling Ob, all or nothing.
   */
  beginRitual(who: Principal, characterId: string, input: ArtifactRitualInput, call: MutationCall) {
    assertMayActFor(who, characterId);
    const cost = affixCost(input.channelingObjective);
    return this.db.mutation(call, async (m): Promise<ArtifactRitualResult> => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.campaigns.character(m, who.campaignId, characterId);
      if (input.anchorItemId)
        await this.itemOrField(m, who.campaignId, characterId, input.anchorItemId, 'anchorItemId');
      await this.itemOrField(m, who.campaignId, characterId, input.cybaltItemId, 'cybaltItemId');
      const downtime = await this.state.claimDowntime(
        m,
        who,
        campaign,
        characterId,
        `affix spell: ${input.spell}`,
      );
      const paid = await this.wealth.changeCash(
        m,
        who,
        campaign,
        characterId,
        { cashDelta: -cost.cash, reason: 'artifact-ritual', note: input.spell },
        { field: 'channelingObjective' },
      );
      await this.inventory.spendDice(
        m,
        who.campaignId,
        characterId,
        input.cybaltItemId,
        cost.cybalt,
        'cybaltItemId',
      );
      const stamp = now();
      const row: ArtifactRitualEntity = {
        id: newId(),
        campaignId: who.campaignId,
        characterId,
        spell: input.spell,
        channelingObjective: input.channelingObjective,
        anchorItemId: input.anchorItemId ?? null,
        streak: 0,
        lastDay: null,
        status: 'channeling',
        artifactItemId: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      await Database.insertRow(m, ArtifactRitualEntity, row);
      return {
        ritual: toRitual(row),
        downtime,
        cashPaid: cost.cash,
        cybaltPaid: cost.cybalt,
        character: paid.character,
        ledgerEntry: paid.ledgerEntry,
      };
    });
  }

  async rituals(who: Principal, characterId: string, query: PageQuery): Promise<Page<ArtifactRitual>> {
    await this.campaigns.character(this.db.manager, who.campaignId, characterId);
    const base = { campaignId: who.campaignId, characterId };
    return pageByCreation(this.db.manager, ArtifactRitualEntity, base, query, toRitual);
  }

  async getRitual(who: Principal, characterId: string, ritualId: string): Promise<ArtifactRitual> {
    return toRitual(await this.ritual(this.db.manager, who.campaignId, characterId, ritualId, false));
  }

  /**
   * One day's channeling onto the anchor. Three passing days in a row complete the ritual and put
   * the artifact in the inventory (in place of the anchor item, when one was named); a failed day,
   * or a day missed since the last channeling, restarts the count.
   */
  channel(
    who: Principal,
    characterId: string,
    ritualId: string,
    input: ChannelingInput,
    req: ArbiterRequest,
  ) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<ChannelingResult> => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const row = await this.ritual(m, who.campaignId, characterId, ritualId, true);
      if (row.status === 'complete')
        throw new Problem('CONFLICT', `The ${row.spell} artifact is already made.`);
      const { day } = await this.state.clock(m, who.campaignId);
      if (row.lastDay !== null && day <= row.lastDay) throw channeledToday(row.spell, row.lastDay);
      const anchor = row.anchorItemId
        ? await m.findOne(InventoryItemEntity, { where: { id: row.anchorItemId, characterId } })
        : null;
      // A pass today would complete it: the artifact needs a slot, checked before any dice are rolled.
      const wouldComplete = nextChannelingStreak(row, day, true).complete;
      if (wouldComplete && !anchor) {
        const room = await this.inventory.capacity(m, campaign, characterId);
        if (room.capacity - room.used < 1) {
          throw new Problem(
            'INVENTORY_FULL',
            'The finished artifact needs a free inventory slot; make room first.',
            [
              {
                field: 'characterId',
                message: `needs 1 slot, ${Math.max(0, room.capacity - room.used)} free`,
              },
            ],
          );
        }
      }
      const penalty = await this.penaltyOf(m, characterId);
      // Each day is a COEAC channeling (magic): backlash, the mutation save and Control apply.
      let next = nextChannelingStreak(row, day, false);
      const channeled = await this.magic.affixDay(
        m,
        who,
        campaign,
        characterId,
        {
          spell: row.spell,
          objective: row.channelingObjective,
          sorcerySkill: input.sorcerySkill,
          bonusDice: input.bonusDice ?? 0,
          penaltyDice: penalty,
        },
        input.seed ?? undefined,
        req,
        async (rolled, events) => {
          next = nextChannelingStreak(row, day, !rolled.outcome.backlash.happened);
          return this.rolls.record(m, who, rolled, {
            campaign,
            effects: {
              ritualId: row.id,
              characterId,
              day,
              passed: !rolled.outcome.backlash.happened,
              streak: next.streak,
              complete: next.complete,
              ...(events.length > 0 ? { events } : {}),
            },
          });
        },
        (passed) => nextChannelingStreak(row, day, passed).complete,
      );
      const out = channeled.outcome;
      const passed = !out.backlash.happened;
      const rolled = {
        seed: channeled.rolled.seed,
        rng: channeled.rolled.rng,
        outcome: {
          dice: out.dice,
          faces: out.faces,
          successes: out.potency,
          objective: out.objective,
          passed,
          margin: out.potency - out.objective,
          odds: { success: out.odds.noBacklash },
        },
      };
      const roll = { id: channeled.rollId };
      try {
        await Database.insertRow(m, ArtifactChannelingEntity, {
          ritualId: row.id,
          day,
          passed,
          rollId: roll.id,
          createdAt: now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw channeledToday(row.spell, day);
        throw error;
      }
      let artifactItemId: string | null = null;
      if (next.complete) {
        if (anchor) await this.inventory.removeItem(m, who.campaignId, characterId, anchor.id);
        const artifact = await this.inventory.addItem(
          m,
          who.campaignId,
          characterId,
          {
            name: `${anchor ? anchor.name : 'Artifact'} (${row.spell})`.slice(0, 100),
            kind: 'artifact',
            slots: anchor ? anchor.slots : 1,
            notes: `Affixed spell: ${row.spell} (channeling Ob ${row.channelingObjective}).`,
          },
          'characterId',
        );
        artifactItemId = artifact.id;
      }
      const changes = {
        streak: next.streak,
        lastDay: day,
        status: (next.complete ? 'complete' : 'channeling') as RitualStatus,
        artifactItemId,
        updatedAt: now(),
      };
      await Database.updateRow(m, ArtifactRitualEntity, row.id, changes);
      return {
        test: toTest(rolled.outcome),
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
        day,
        passed,
        restarted: next.restarted,
        ritual: toRitual({ ...{}, ...row, ...changes }),
        backlash: out.backlash,
        mutationSave: out.mutationSave,
        sheetChanges: channeled.changes,
        events: channeled.events as EngineEventResult[],
      };
    });
  }

  // Orbs

  /**
   * Integrates an orb into a staff or vestments: spends the downtime action on an Ob 5 Arcane Lore
   * test; a pass pays 10 Cash and 10 Cybalt, merges the orb into the item and frees its slot. The
   * payment is checked before the roll, so a short purse refuses the attempt instead of wasting it.
   */
  integrateOrb(who: Principal, characterId: string, input: OrbIntegrationInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    if (input.orbItemId === input.intoItemId) {
      throw Problem.field(
        'VALIDATION_FAILED',
        'intoItemId',
        'An orb goes into another item (a staff or vestments).',
      );
    }
    return this.db.mutation(req, async (m): Promise<OrbIntegrationResult> => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const character = await this.campaigns.character(m, who.campaignId, characterId);
      const orb = await this.itemOrField(m, who.campaignId, characterId, input.orbItemId, 'orbItemId');
      const into = await this.itemOrField(m, who.campaignId, characterId, input.intoItemId, 'intoItemId');
      const cybalt = await this.itemOrField(
        m,
        who.campaignId,
        characterId,
        input.cybaltItemId,
        'cybaltItemId',
      );
      if (cybalt.kind !== 'material' || (cybalt.dice ?? 0) < ORB_INTEGRATION_COST) {
        throw Problem.field(
          'UNPROCESSABLE',
          'cybaltItemId',
          `${cybalt.name} must hold at least ${ORB_INTEGRATION_COST} dice of Cybalt to pay for the orb.`,
        );
      }
      if (character.cash < ORB_INTEGRATION_COST) {
        throw Problem.field(
          'INSUFFICIENT_CASH',
          'orbItemId',
          `${character.name} has ${character.cash} Cash; integrating an orb costs ${ORB_INTEGRATION_COST}.`,
        );
      }
      const penalty = await this.penaltyOf(m, characterId);
      const rolled = this.rolls.roll(
        CRAFTING_PROCEDURES.orbIntegration,
        { arcaneLore: input.arcaneLore, penaltyDice: penalty },
        input.seed ?? undefined,
        diceBudget(req),
      );
      const integrated = rolled.outcome.passed;
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        effects: { characterId, orbItemId: orb.id, intoItemId: into.id, integrated },
      });
      const downtime = await this.state.claimDowntime(
        m,
        who,
        campaign,
        characterId,
        `orb integration: ${orb.name}`,
        roll.id,
      );
      let paid: Awaited<ReturnType<WealthService['changeCash']>> | null = null;
      if (integrated) {
        paid = await this.wealth.changeCash(
          m,
          who,
          campaign,
          characterId,
          { cashDelta: -ORB_INTEGRATION_COST, reason: 'orb-integration', note: orb.name },
          { rollId: roll.id, field: 'orbItemId' },
        );
        await this.inventory.spendDice(
          m,
          who.campaignId,
          characterId,
          cybalt.id,
          ORB_INTEGRATION_COST,
          'cybaltItemId',
        );
        await this.inventory.removeItem(m, who.campaignId, characterId, orb.id);
        const notes = [into.notes, `Integrated orb: ${orb.name}.`].filter(Boolean).join(' ').slice(0, 500);
        await Database.updateRow(m, InventoryItemEntity, into.id, { notes, updatedAt: now() });
      }
      await Database.insertRow(m, OrbIntegrationEntity, {
        id: newId(),
        campaignId: who.campaignId,
        characterId,
        orbItemId: orb.id,
        intoItemId: into.id,
        integrated,
        rollId: roll.id,
        createdAt: now(),
      });
      return {
        test: toTest(rolled.outcome),
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
        integrated,
        downtime,
        cashPaid: integrated ? ORB_INTEGRATION_COST : 0,
        cybaltPaid: integrated ? ORB_INTEGRATION_COST : 0,
        character: paid?.character ?? null,
        ledgerEntry: paid?.ledgerEntry ?? null,
      };
    });
  }

  // Helpers

  private async penaltyOf(m: EntityManager, characterId: string): Promise<number> {
    return attunementPenaltyDice(await this.attunedCount(m, characterId));
  }

  private attunedCount(m: EntityManager, characterId: string): Promise<number> {
    return m.count(AttunementEntity, { where: { characterId } });
  }

  private async attunedCounts(m: EntityManager, characterIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (characterIds.length === 0) return counts;
    const rows = await m.find(AttunementEntity, {
      where: { characterId: AnyOf(characterIds) },
      select: { characterId: true },
    });
    for (const row of rows) counts.set(row.characterId, (counts.get(row.characterId) ?? 0) + 1);
    return counts;
  }

  private async insertAttunement(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    itemId: string,
    method: AttunementMethod,
    day: number,
    rollId: string | null,
  ): Promise<Attunement> {
    const row: AttunementEntity = {
      id: newId(),
      campaignId,
      characterId,
      itemId,
      method,
      day,
      rollId,
      createdAt: now(),
    };
    try {
      await Database.insertRow(m, AttunementEntity, row);
    } catch (error) {
      if (isUniqueViolation(error))
        throw Problem.field('CONFLICT', 'itemId', 'Already attuned to that artifact.');
      throw error;
    }
    return toAttunement(row);
  }

  private async clock(m: EntityManager, who: Principal, clockId: string, lock: boolean) {
    const row = await m.findOne(ProjectClockEntity, {
      where: { id: clockId, campaignId: who.campaignId },
      ...(lock && !this.db.isSqlite ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    // A referee-only clock does not exist for other keys.
    if (!row || (row.visibility === 'referee' && who.role !== 'referee')) {
      throw Problem.notFound(`Project clock ${clockId}`);
    }
    return row;
  }

  private async ritual(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    ritualId: string,
    lock: boolean,
  ) {
    const row = await m.findOne(ArtifactRitualEntity, {
      where: { id: ritualId, campaignId, characterId },
      ...(lock && !this.db.isSqlite ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!row) throw Problem.notFound(`Artifact ritual ${ritualId}`);
    return row;
  }

  private async itemOrField(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    itemId: string,
    field: string,
  ) {
    const row = await m.findOne(InventoryItemEntity, { where: { id: itemId, campaignId, characterId } });
    if (!row)
      throw Problem.field('UNPROCESSABLE', field, `Character ${characterId} carries no item ${itemId}.`);
    return row;
  }
}

function ritualToday(item: string, day: number): Problem {
  return Problem.field(
    'ALREADY_ROLLED_TODAY',
    'itemId',
    `An attunement ritual for ${item} was already tried on day ${day}; try again tomorrow.`,
  );
}

function channeledToday(spell: string, day: number): Problem {
  return new Problem('ALREADY_ROLLED_TODAY', `The ${spell} anchor was already channeled on day ${day}.`);
}

function toTest(o: PoolTestOutcome): CraftingPoolTest {
  return {
    dice: o.dice,
    faces: o.faces,
    successes: o.successes,
    objective: o.objective,
    passed: o.passed,
    margin: o.margin,
    odds: o.odds,
  };
}

function toClock(row: ProjectClockEntity): ProjectClock {
  return {
    id: row.id,
    name: row.name,
    ticks: row.ticks,
    filled: row.filled,
    complete: row.filled >= row.ticks,
    characterIds: row.characterIds,
    visibility: row.visibility as ClockVisibility,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toAttunement(row: AttunementEntity): Attunement {
  return {
    id: row.id,
    characterId: row.characterId,
    itemId: row.itemId,
    method: row.method as AttunementMethod,
    day: row.day,
    rollId: row.rollId,
    createdAt: row.createdAt,
  };
}

function toRitual(row: ArtifactRitualEntity): ArtifactRitual {
  return {
    id: row.id,
    characterId: row.characterId,
    spell: row.spell,
    channelingObjective: row.channelingObjective,
    anchorItemId: row.anchorItemId,
    streak: row.streak,
    daysNeeded: CHANNELING_DAYS,
    lastDay: row.lastDay,
    status: row.status as RitualStatus,
    artifactItemId: row.artifactItemId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
