import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignStateService, isUniqueViolation } from '../campaign-state/campaign-state.service';
import { CampaignsService } from '../campaigns/campaigns.service';
import { Page, PageQuery } from '../common/pagination';
import { Problem, validationProblem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import {
  addMaterials,
  applyCraftingRoll,
  assertProjectTotal,
  copperToEighths,
  craftingRequirements,
  eighthsToCopper,
  progressTotal,
  projectStatus,
  shareOfEachSkill,
  type ProjectState,
} from '../core/crafting';
import { Database, MutationCall } from '../database/database.service';
import { pageByCreation } from '../database/paging';
import { CampaignEntity, CharacterEntity } from '../database/entities';
import { InventoryService, inventoryFull } from '../inventory/inventory.service';
import { InventoryItemEntity } from '../inventory/inventory.entities';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import { CRAFTING_PROCEDURES } from './crafting-procedures';
import { CharacterSheetEntity } from '../characters/characters.entities';
import { crafterFromSheet } from '../core/characters/sheet-readings';
import type { Sheet } from '../core/characters/sheets';
import { CraftingProjectEntity, CraftingRollEntity } from './crafting.entities';
import {
  CraftingMaterialsInput,
  CraftingProjectRollInput,
  CraftingRequirementsInput,
  CraftingRollInput,
  CreateCraftingProjectInput,
} from './crafting.inputs';
import {
  CraftingProject,
  CraftingProjectRollResult,
  CraftingRequirements,
  CraftingRollResult,
} from './crafting.results';

/**
 * Archsoul crafting (SPEC 5.5): the stateless requirements and crafting roll, and crafting projects
 * in a campaign. A project roll is one transaction: the roll, its roll-log entry, the daily-roll row
 * (unique per project, character and in-game day) and the project's new progress commit together.
 * On PostgreSQL the project row is locked first, so two crafters rolling at once take turns and both
 * count.
 */
@Injectable()
export class CraftingService {
  constructor(
    registry: ProcedureRegistry,
    private readonly db: Database,
    private readonly rolls: RollsService,
    private readonly campaigns: CampaignsService,
    private readonly state: CampaignStateService,
    private readonly inventory: InventoryService,
  ) {
    registry.register(...(Object.values(CRAFTING_PROCEDURES) as never[]));
  }

  /**
   * Finished copies go into the crafter's inventory: one `gear` item named after the project, 1 slot
   * each. `most` is the most copies the work could finish: when they would not all fit, nothing
   * happens (409 INVENTORY_FULL naming `field`), decided before any die is rolled.
   */
  private async assertRoomForCopies(
    m: EntityManager,
    campaign: CampaignEntity,
    characterId: string,
    most: number,
    field: string,
  ): Promise<void> {
    if (most === 0) return;
    const { capacity, used } = await this.inventory.capacity(m, campaign, characterId);
    if (used + most > capacity) throw inventoryFull(field, most, capacity - used);
  }

  private async deliverCopies(
    m: EntityManager,
    row: CraftingProjectEntity,
    characterId: string,
    copies: number,
    field: string,
  ): Promise<InventoryItemEntity[]> {
    const items: InventoryItemEntity[] = [];
    for (let i = 0; i < copies; i++) {
      items.push(
        await this.inventory.addItem(
          m,
          row.campaignId,
          characterId,
          { name: row.item, kind: 'gear', slots: 1, notes: `Crafted (project ${row.id}).` },
          field,
        ),
      );
    }
    return items;
  }

  // Stateless

  requirements(input: CraftingRequirementsInput): CraftingRequirements {
    const r = craftingRequirements(withoutNulls(input) as CraftingRequirementsInput);
    return {
      price: r.price,
      effectivePrice: r.effectivePrice,
      materialCost: eighthsToCopper(r.materialCostEighths),
      successesNeeded: r.successesNeeded,
      complexity: r.complexity,
    };
  }

  roll(input: CraftingRollInput, req: ArbiterRequest): CraftingRollResult {
    const { seed, ...rest } = withoutNulls(input);
    const rolled = this.rolls.roll(
      CRAFTING_PROCEDURES.roll,
      rest as CraftingRollInput,
      seed,
      diceBudget(req),
    );
    return { ...{}, ...rolled.outcome, seed: rolled.seed, rng: rolled.rng, rollId: null };
  }

  // Campaign: projects

  createProject(
    who: Principal,
    input: CreateCraftingProjectInput,
    call: MutationCall,
  ): Promise<CraftingProject> {
    if (who.role === 'viewer') throw new Problem('FORBIDDEN', 'A viewer key only reads.');
    const skills = input.skills.map((s) => s.trim());
    if (skills.some((s) => s.length === 0)) {
      throw Problem.field('VALIDATION_FAILED', 'skills', 'A skill name is not blank.');
    }
    if (skills.length === 2 && skills[0].toLowerCase() === skills[1].toLowerCase()) {
      throw Problem.field(
        'VALIDATION_FAILED',
        'skills',
        'An interdisciplinary project names two different skills.',
      );
    }
    const r = craftingRequirements(
      withoutNulls({
        price: input.price,
        complexity: input.complexity,
        prebuiltValue: input.prebuiltValue,
        scavengedValue: input.scavengedValue,
      }) as CraftingRequirementsInput,
    );
    const copies = input.copies ?? 1;
    assertProjectTotal(r.materialCostEighths * copies, input.copies === undefined ? 'price' : 'copies');
    return this.db.mutation(call, async (m) => {
      const stamp = now();
      const row: CraftingProjectEntity = {
        id: newId(),
        campaignId: who.campaignId,
        item: input.item,
        price: r.price,
        prebuiltValue: input.prebuiltValue ?? 0,
        scavengedValue: input.scavengedValue ?? 0,
        effectivePrice: r.effectivePrice,
        complexity: r.complexity,
        skills,
        successesNeeded: r.successesNeeded,
        materialCostEighths: r.materialCostEighths,
        materialsOwedEighths: 0,
        materialsSpentEighths: r.materialCostEighths * copies,
        copiesPaid: copies,
        copiesMade: 0,
        progress: Object.fromEntries(skills.map((s) => [s, 0])),
        abandonedAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      await Database.insertRow(m, CraftingProjectEntity, row);
      return toProject(row);
    });
  }

  async listProjects(who: Principal, query: PageQuery): Promise<Page<CraftingProject>> {
    const base = { campaignId: who.campaignId };
    return pageByCreation(this.db.manager, CraftingProjectEntity, base, query, toProject);
  }

  async getProject(who: Principal, projectId: string): Promise<CraftingProject> {
    return toProject(await this.project(this.db.manager, who.campaignId, projectId, false));
  }

  abandonProject(who: Principal, projectId: string, call: MutationCall): Promise<CraftingProject> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee may abandon a project.');
    return this.db.mutation(call, async (m) => {
      const row = await this.project(m, who.campaignId, projectId, true);
      if (row.abandonedAt) return toProject(row);
      const stamp = now();
      await Database.updateRow(m, CraftingProjectEntity, row.id, { abandonedAt: stamp, updatedAt: stamp });
      return toProject({ ...{}, ...row, abandonedAt: stamp, updatedAt: stamp });
    });
  }

  /**
   * A character's crafting roll toward a project: once per character, project and in-game day (the
   * campaign clock's day); refused while ruined materials are owed or when every paid copy is made.
   */
  rollForProject(
    who: Principal,
    projectId: string,
    input: CraftingProjectRollInput,
    req: ArbiterRequest,
  ): Promise<CraftingProjectRollResult> {
    assertMayActFor(who, input.characterId);
    const { seed, characterId, skillName: sentSkill, ...crafter } = withoutNulls(input);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      // The crafter and its Archsoul sheet in one read (issue 42: the roll reads the sheet).
      const crafterRow = await this.crafterWithSheet(m, who.campaignId, characterId as string);
      // Characters before projects: the crafter's row is locked first (its inventory may grow). On
      // SQLite, where transactions take turns, locking only checks that the character exists, which
      // the line above has just done.
      if (!this.db.isSqlite) await this.inventory.lockCharacters(m, who.campaignId, [characterId as string]);
      const row = await this.project(m, who.campaignId, projectId, true);
      assertActive(row);
      // Skills are matched case-insensitively and counted under the project's own spelling.
      const skillName = row.skills.find(
        (s) => s.toLowerCase() === (sentSkill as string).trim().toLowerCase(),
      );
      if (!skillName) {
        throw Problem.field(
          'VALIDATION_FAILED',
          'skillName',
          `${row.item} is made with ${row.skills.join(' and ')}, not ${sentSkill}.`,
        );
      }
      const { day } = await this.state.clock(m, who.campaignId);
      const [already] = await Database.selectRows(m, CraftingRollEntity, {
        projectId: row.id,
        characterId: characterId as string,
        day,
      });
      if (already) throw alreadyRolled(characterId as string, row, day);
      const before = stateOf(row);
      const status = projectStatus(before);
      if (status === 'materials-needed') throw materialsNeeded(row);
      if (status === 'complete') throw projectComplete(row);

      // Issue 42: Intellect, the skill and fatigue come from the crafter's Archsoul sheet unless sent.
      const { intellect, skill, fatigue, ...rest } = crafter as Partial<CraftingRollInput>;
      if (!crafterRow.sheet) {
        // Nothing to read them from: required as they always were (400, each named as missing).
        const missing = (['intellect', 'skill'] as const).filter((f) => crafter[f] === undefined);
        if (missing.length > 0)
          throw validationProblem(missing.map((field) => ({ field, message: `${field} is required.` })));
      }
      const read = crafterFromSheet(
        crafterRow.sheet,
        { intellect, skill, fatigue },
        skillName,
        crafterRow.name,
      );
      const rolled = this.rolls.roll(
        CRAFTING_PROCEDURES.roll,
        { ...{}, ...rest, ...read.input, complexity: row.complexity } as CraftingRollInput,
        seed,
        diceBudget(req),
      );
      const { successes, criticalFailure } = rolled.outcome;
      // The most copies a roll of this many dice could finish (every die a success) must fit in the
      // crafter's inventory: decided by the inputs alone, before the roll counts, so a full pack
      // never learns what the dice said nor gets a second try at them.
      const most = applyCraftingRoll(before, {
        skillName,
        successes: rolled.outcome.pool,
        criticalFailure: false,
      });
      await this.assertRoomForCopies(m, campaign, characterId as string, most.copiesCompleted, 'characterId');
      const effect = applyCraftingRoll(before, {
        skillName: skillName,
        successes,
        criticalFailure,
      });
      const after = effect.state;
      const delivered = await this.deliverCopies(
        m,
        row,
        characterId as string,
        effect.copiesCompleted,
        'characterId',
      );
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        effects: {
          projectId: row.id,
          characterId,
          skillName,
          day,
          modifiers: read.readings,
          copiesCompleted: effect.copiesCompleted,
          materialsRuined: eighthsToCopper(effect.materialsRuinedEighths),
          progressAfter: after.progress,
          copiesMadeAfter: after.copiesMade,
          ...(delivered.length > 0 ? { inventoryItemIds: delivered.map((i) => i.id) } : {}),
        },
      });
      try {
        await Database.insertRow(m, CraftingRollEntity, {
          campaignId: who.campaignId,
          projectId: row.id,
          characterId: characterId as string,
          day,
          skillName: skillName,
          successes,
          rollId: roll.id,
          createdAt: now(),
        });
      } catch (error) {
        // A concurrent retry of the same character committed first (PostgreSQL's unique index).
        if (isUniqueViolation(error)) throw alreadyRolled(characterId as string, row, day);
        throw error;
      }
      const stamp = now();
      const changes = {
        progress: after.progress,
        copiesMade: after.copiesMade,
        materialsOwedEighths: after.materialsOwedEighths,
        updatedAt: stamp,
      };
      await Database.updateRow(m, CraftingProjectEntity, row.id, changes);
      return {
        ...{},
        ...rolled.outcome,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
        characterId: characterId as string,
        skillName: skillName,
        day,
        modifiers: read.readings,
        copiesCompleted: effect.copiesCompleted,
        materialsRuined: eighthsToCopper(effect.materialsRuinedEighths),
        project: toProject({ ...{}, ...row, ...changes }),
        inventoryItems: delivered.map((item) => this.inventory.toItem(item)),
      };
    });
  }

  /** Materials bought: pays down what ruined rolls owe and/or adds materials for more copies. */
  buyMaterials(
    who: Principal,
    projectId: string,
    input: CraftingMaterialsInput,
    call: MutationCall,
  ): Promise<CraftingProject> {
    if (who.role === 'viewer') throw new Problem('FORBIDDEN', 'A viewer key only reads.');
    const sent = withoutNulls(input);
    if (sent.amount === undefined && sent.copies === undefined) {
      throw Problem.field('VALIDATION_FAILED', 'amount', 'Send amount, copies or both.');
    }
    const amountEighths = copperToEighths(sent.amount ?? 0, 'amount');
    const copies = sent.copies ?? 0;
    return this.db.mutation(call, async (m) => {
      // Copies the waiting successes finish go to the crafter who rolled last on the project.
      const last = await m.findOne(CraftingRollEntity, {
        where: { campaignId: who.campaignId, projectId },
        order: { seq: 'DESC' },
        select: { characterId: true, seq: true },
      });
      if (last) await this.inventory.lockCharacters(m, who.campaignId, [last.characterId]);
      const row = await this.project(m, who.campaignId, projectId, true);
      assertActive(row);
      const bought = addMaterials(stateOf(row), { amountEighths, copies });
      const after = bought.state;
      const spent = row.materialsSpentEighths + amountEighths + copies * row.materialCostEighths;
      assertProjectTotal(spent, sent.copies === undefined ? 'amount' : 'copies');
      const finished = after.copiesMade - row.copiesMade;
      if (finished > 0 && last) {
        const campaign = await this.campaigns.campaign(m, who.campaignId);
        await this.assertRoomForCopies(m, campaign, last.characterId, finished, 'copies');
        await this.deliverCopies(m, row, last.characterId, finished, 'copies');
      }
      const stamp = now();
      const changes = {
        progress: after.progress,
        copiesPaid: after.copiesPaid,
        copiesMade: after.copiesMade,
        materialsOwedEighths: after.materialsOwedEighths,
        materialsSpentEighths: spent,
        updatedAt: stamp,
      };
      await Database.updateRow(m, CraftingProjectEntity, row.id, changes);
      return toProject({ ...{}, ...row, ...changes });
    });
  }

  private async project(
    m: EntityManager,
    campaignId: string,
    projectId: string,
    lock: boolean,
  ): Promise<CraftingProjectEntity> {
    // A prepared read built from the metadata (TypeORM's find rebuilds its query on every call);
    // `lock` locks the row on PostgreSQL (SQLite's transactions take turns).
    const [row] = await Database.selectRows(
      m,
      CraftingProjectEntity,
      { id: projectId, campaignId },
      { lock },
    );
    if (!row) throw Problem.notFound(`Crafting project ${projectId}`);
    return row;
  }

  /** A character of the campaign (400 naming `characterId` if none) and its Archsoul sheet, if any, in one read. */
  private async crafterWithSheet(
    m: EntityManager,
    campaignId: string,
    characterId: string,
  ): Promise<{ name: string; sheet: Sheet | null }> {
    const sql = Database.statement(m, 'crafting:crafter-sheet', () => {
      const { esc, mark, table, column } = Database.dialect(m);
      const c = (property: string) => column(CharacterEntity, property, 'c');
      const s = (property: string) => column(CharacterSheetEntity, property, 's');
      return (
        `SELECT ${c('name')} AS ${esc('name')}, ${s('data')} AS ${esc('sheet')} ` +
        `FROM ${table(CharacterEntity)} c LEFT JOIN ${table(CharacterSheetEntity)} s ` +
        `ON ${s('ownerId')} = ${c('id')} AND ${s('ownerKind')} = 'character' AND ${s('system')} = 'archsoul' ` +
        `WHERE ${c('id')} = ${mark(0)} AND ${c('campaignId')} = ${mark(1)}`
      );
    });
    const [row] = (await m.query(sql, [characterId, campaignId])) as Array<{
      name: string;
      sheet: string | null;
    }>;
    if (!row)
      throw Problem.field(
        'VALIDATION_FAILED',
        'characterId',
        `No character ${characterId} in this campaign.`,
      );
    return { name: row.name, sheet: row.sheet === null ? null : (JSON.parse(row.sheet) as Sheet) };
  }
}

function stateOf(row: CraftingProjectEntity): ProjectState {
  return {
    successesNeeded: row.successesNeeded,
    materialCostEighths: row.materialCostEighths,
    skills: row.skills,
    copiesPaid: row.copiesPaid,
    copiesMade: row.copiesMade,
    progress: row.progress,
    materialsOwedEighths: row.materialsOwedEighths,
  };
}

function assertActive(row: CraftingProjectEntity): void {
  if (row.abandonedAt) {
    throw new Problem('CONFLICT', `${row.item} was abandoned by the referee; it takes no more work.`);
  }
}

function alreadyRolled(characterId: string, row: CraftingProjectEntity, day: number): Problem {
  return new Problem(
    'ALREADY_ROLLED_TODAY',
    `Character ${characterId} has already rolled toward ${row.item} on day ${day}; advance the clock first.`,
    [{ field: 'characterId', message: `already rolled toward this project on day ${day}` }],
  );
}

function materialsNeeded(row: CraftingProjectEntity): Problem {
  const owed = eighthsToCopper(row.materialsOwedEighths);
  return new Problem(
    'MATERIALS_NEEDED',
    `${row.item} needs ${owed}c of ruined materials replaced before work goes on ` +
      `(POST .../materials with "amount": ${owed}).`,
  );
}

function projectComplete(row: CraftingProjectEntity): Problem {
  return new Problem(
    'CONFLICT',
    `Every paid copy of ${row.item} is made (${row.copiesMade}); add materials for more copies to go on.`,
  );
}

export function toProject(row: CraftingProjectEntity): CraftingProject {
  const state = stateOf(row);
  return {
    id: row.id,
    item: row.item,
    price: row.price,
    prebuiltValue: row.prebuiltValue,
    scavengedValue: row.scavengedValue,
    effectivePrice: row.effectivePrice,
    complexity: row.complexity,
    skills: row.skills,
    successesNeeded: row.successesNeeded,
    successesPerSkill: row.skills.length === 2 ? shareOfEachSkill(row.successesNeeded) : 0,
    materialCost: eighthsToCopper(row.materialCostEighths),
    materialsOwed: eighthsToCopper(row.materialsOwedEighths),
    materialsSpent: eighthsToCopper(row.materialsSpentEighths),
    copies: row.copiesPaid,
    copiesMade: row.copiesMade,
    progress: {
      total: progressTotal(state),
      bySkill: row.skills.map((skill) => ({ skill, successes: row.progress[skill] ?? 0 })),
    },
    status: projectStatus(state),
    abandonedAt: row.abandonedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
