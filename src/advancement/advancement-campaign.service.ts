import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { Problem, asBadRequest } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import { coeacCircles } from '../core/advancement/coeac-circles';
import {
  coeacRetirementRoll,
  coeacRetirementScore,
  MAX_REPUTATION,
} from '../core/advancement/coeac-reputation';
import { beforeRollBonus, practicalMojoAllowed } from '../core/advancement/gm-extras';
import {
  gmExperienceAward,
  GmExperienceAwardInput,
  GmExperienceAwardOutcome,
} from '../core/advancement/gm-level-up';
import {
  archetypalRoll,
  EXPERIENCE_PER_MOJO,
  mojoBid,
  mojoCost,
  MojoCostInput,
} from '../core/advancement/gm-mojo';
import { gmStudy, StudyInput } from '../core/advancement/gm-study';
import { GM_ARCHETYPES, GmArchetypeId } from '../core/characters/gm-derivation';
import { Sheet } from '../core/characters/sheets';
import type { Dice } from '../core/random';
import { lootExperience } from '../core/treasure/loot-experience';
import { levelForExperience } from '../core/treasure/levels';
import { CharacterSheetEntity } from '../characters/characters.entities';
import { SheetOwner, SheetsService } from '../characters/sheets.service';
import { Database } from '../database/database.service';
import { CampaignEntity, CharacterEntity, GameSessionEntity, RollEntity } from '../database/entities';
import { ProcedureRegistry, type Procedure } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import { WealthService } from '../wealth/wealth.service';
import { AdvancementHistoryEntity, AdvancementStateEntity } from './advancement.entities';
import type {
  BoonsAwardInput,
  CampaignCirclesInput,
  ClassResourceSpendInput,
  ExperienceAwardInput,
  LootExperienceAwardInput,
  MojoBidOnRollInput,
  MojoSpendInput,
  ReputationChangeInput,
  RetirementInput,
  SpecialtyClassInput,
  StudyPeriodsInput,
  StudyProjectInput,
} from './advancement-campaign.inputs';

/** G&M coins are kept in centisilver (SPEC 3); study prices are whole silver. */
const CENTISILVER_PER_SILVER = 100;

const echo = (input: Record<string, unknown>) => ({ ...input });

/** What an award's roll logs: the award, and the sheet it reads (for its level-ups). */
type GmExperienceRollInput = GmExperienceAwardInput & {
  characterId: string;
  source: string;
  reason?: string;
  refersTo?: string;
};

/** A state row's data, read loosely (its shape is the scope's). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type StateData = Record<string, any>;

/**
 * The campaign's advancement procedures. Those without dice are logged all the same, so that the
 * roll log and the feed carry every change; names are part of the roll log: never rename.
 */
export const CAMPAIGN_PROCEDURES = {
  /** An award and every level-up it reaches, one roll (replaces the award's echo and a roll per level). */
  experience: {
    name: 'advancement.gm-experience.v2',
    run: (input: GmExperienceRollInput, dice: Dice) => gmExperienceAward(input, dice),
  } as Procedure<GmExperienceRollInput, GmExperienceAwardOutcome>,
  /** Rolls logged before v2: the award alone (its level-ups were `advancement.gm-level-up` rolls). */
  experienceV1: { name: 'advancement.gm-experience', run: echo },
  mojoSpend: { name: 'advancement.gm-mojo-spend', run: echo },
  mojoBid: { name: 'advancement.gm-mojo-bid', run: echo },
  studyPeriods: { name: 'advancement.gm-study-periods', run: echo },
  boons: { name: 'advancement.coeac-boons', run: echo },
  retirement: {
    name: 'advancement.coeac-retirement',
    // Without a faction nothing is rolled; the log keeps an outcome all the same (never null).
    run: (input: { boons: number; reputation: number | null }, dice: never) =>
      input.reputation === null ? { factionRoll: null } : coeacRetirementRoll(input as never, dice),
  },
  reputation: { name: 'advancement.coeac-reputation', run: echo },
  specialtyClass: { name: 'advancement.coeac-specialty-class', run: echo },
  classResources: { name: 'advancement.coeac-class-resources', run: echo },
};

/** What a character's level-ups left to spend, kept beside the sheet (the sheet has no place for it). */
export interface GmGains {
  specialtiesDue: number;
  spellSlots: number;
  callingPoints: number;
  spiritSwaps: number;
  thiefImprovements: number;
  practicalMojo: Record<string, number>;
}

const NO_GAINS: GmGains = {
  specialtiesDue: 0,
  spellSlots: 0,
  callingPoints: 0,
  spiritSwaps: 0,
  thiefImprovements: 0,
  practicalMojo: {},
};

interface Archetypes {
  list: Array<{ archetype: string; level: number }>;
}

function archetypesOf(sheet: Sheet): Archetypes['list'] {
  return ((sheet.archetypes ?? []) as Archetypes['list']).map((a) => ({ ...a }));
}

/**
 * Advancement in a campaign (SPEC 6.6, docs/advancement.md): G&M experience, level-ups, mojo and
 * study on the stored G&M sheet, COEAC Boons, retirement, specialty classes and Reputation. Each
 * mutation runs in one transaction with its Idempotency-Key claim, logs its rolls (the feed carries
 * them) and changes tracked values only through `SheetsService.changeTracked`.
 */
@Injectable()
export class AdvancementCampaignService {
  constructor(
    registry: ProcedureRegistry,
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly rolls: RollsService,
    private readonly wealth: WealthService,
  ) {
    registry.register(...(Object.values(CAMPAIGN_PROCEDURES) as never[]));
  }

  // G&M experience and levels

  awardExperience(who: Principal, characterId: string, input: ExperienceAwardInput, req: ArbiterRequest) {
    this.referee(who, 'Only the referee awards experience.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const { owner, row } = await this.activeGmSheet(m, campaign, characterId);
      return this.addExperience(m, who, campaign, owner, input.amount, 'award', req, {
        reason: input.reason ?? null,
        archetype: input.archetype ?? null,
        seed: input.seed ?? null,
        row,
      });
    });
  }

  awardLootExperience(who: Principal, input: LootExperienceAwardInput, req: ArbiterRequest) {
    this.referee(who, 'Only the referee awards loot experience.');
    const ids = input.characterIds;
    if (new Set(ids).size !== ids.length) {
      throw Problem.field('VALIDATION_FAILED', 'characterIds', 'characterIds names a character twice.');
    }
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.campaigns.assertCharactersExist(m, campaign.id, ids, 'characterIds');
      const rule = (campaign.settings?.lootExperienceRule as 'divided' | 'each' | undefined) ?? 'divided';
      const loot = asBadRequestAny(() => lootExperience({ silver: input.silver, members: ids.length, rule }));
      const awards = [];
      for (const [i, id] of ids.entries()) {
        const { owner, row } = await this.activeGmSheet(m, campaign, id);
        awards.push(
          await this.addExperience(m, who, campaign, owner, loot.each, 'loot', req, {
            reason: input.reason ?? null,
            archetype: null,
            seed: input.seed ? `${input.seed}/${i}` : null,
            row,
          }),
        );
      }
      return {
        silver: loot.silver,
        rule: loot.rule,
        totalExperience: loot.totalExperience,
        each: loot.each,
        remainder: loot.remainder,
        awards,
      };
    });
  }

  /**
   * Mojo experience for another domain, inside its transaction (harm's heroic last effort, 001:621):
   * `amount` experience through the ledger to a character's G&M sheet, with every level-up it
   * reaches, logged as `advancement.gm-experience` (source `mojo`) referring to the caller's roll.
   */
  mojoExperience(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    amount: number,
    req: ArbiterRequest,
    options: { reason: string; refersTo: string },
  ) {
    return this.addExperience(m, who, campaign, owner, amount, 'mojo', req, {
      reason: options.reason,
      archetype: null,
      seed: null,
      refersTo: options.refersTo,
    });
  }

  /**
   * A character's G&M sheet, refused for a retired character, in one statement: the sheet joined to
   * its character in the campaign, with the retirement looked up beside it (locked for update on
   * PostgreSQL). When the join finds nothing, the separate reads answer their 404 / SHEET_MISSING.
   */
  private async activeGmSheet(
    m: EntityManager,
    campaign: CampaignEntity,
    characterId: string,
  ): Promise<{ owner: SheetOwner; row: CharacterSheetEntity }> {
    const sheets = m.connection.getMetadata(CharacterSheetEntity);
    const sql = (this.gmSheetSql ??= this.gmSheetStatement(m));
    const [raw] = (await m.query(sql, [
      campaign.id,
      `retired:${characterId}`,
      campaign.id,
      characterId,
      'gm',
      'character',
    ])) as Array<Record<string, unknown>>;
    if (!raw) {
      const owner = await this.sheets.characterOwner(m, campaign.id, characterId);
      await this.assertActive(m, campaign, characterId);
      return { owner, row: await this.sheets.requireSheet(m, owner, 'gm', { lock: true }) };
    }
    if (raw.retired) throw Problem.field('CONFLICT', 'characterId', `Character ${characterId} has retired.`);
    const row = sheets.create() as CharacterSheetEntity;
    for (const column of sheets.columns) {
      (row as unknown as Record<string, unknown>)[column.propertyName] =
        m.connection.driver.prepareHydratedValue(raw[column.databaseName], column);
    }
    const owner: SheetOwner = {
      kind: 'character',
      id: characterId,
      name: raw.character_name as string,
      campaignId: campaign.id,
    };
    return { owner, row };
  }

  private gmSheetSql: string | undefined;

  /** The statement of `activeGmSheet`, built once from the metadata (parameters in order of use). */
  private gmSheetStatement(m: EntityManager): string {
    const sheets = m.connection.getMetadata(CharacterSheetEntity);
    const characters = m.connection.getMetadata(CharacterEntity);
    const states = m.connection.getMetadata(AdvancementStateEntity);
    const q = (name: string) => m.connection.driver.escape(name);
    const table = (meta: typeof sheets) => meta.tablePath.split('.').map(q).join('.');
    const col = (meta: typeof sheets, property: string) =>
      q(meta.findColumnWithPropertyName(property)!.databaseName);
    let next = 0;
    const mark = () => Database.placeholder(m, next++);
    return (
      `SELECT ${sheets.columns.map((c) => `s.${q(c.databaseName)}`).join(', ')}, ` +
      `c.${col(characters, 'name')} AS character_name, ` +
      `(SELECT r.${col(states, 'id')} FROM ${table(states)} r ` +
      `WHERE r.${col(states, 'campaignId')} = ${mark()} AND r.${col(states, 'scope')} = ${mark()}) AS retired ` +
      `FROM ${table(sheets)} s JOIN ${table(characters)} c ` +
      `ON c.${col(characters, 'id')} = s.${col(sheets, 'ownerId')} AND c.${col(characters, 'campaignId')} = ${mark()} ` +
      `WHERE s.${col(sheets, 'ownerId')} = ${mark()} AND s.${col(sheets, 'system')} = ${mark()} ` +
      `AND s.${col(sheets, 'ownerKind')} = ${mark()}${this.db.isSqlite ? '' : ' FOR UPDATE OF s'}`
    );
  }

  /**
   * Adds experience to a G&M sheet and makes every level-up the new total reaches beyond the sheet's
   * character level (the sum of its archetype levels), as one logged roll
   * (`advancement.gm-experience.v2`, whose outcome carries the award and each level-up): the sheet is
   * read once (or `row`, already read and locked, is used), each step goes through the ledger under
   * that roll, and the sheet is written once.
   */
  private async addExperience(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    amount: number,
    source: 'award' | 'loot' | 'mojo',
    req: ArbiterRequest,
    options: {
      reason: string | null;
      archetype: string | null;
      seed: string | null;
      refersTo?: string;
      row?: CharacterSheetEntity;
    },
  ) {
    const tracked = await this.sheets.openTracked(m, who, campaign, owner, 'gm', options.row);
    const sheet = tracked.sheet;
    const rolled = asBadRequestAny(() =>
      this.rolls.roll(
        CAMPAIGN_PROCEDURES.experience,
        withoutNulls({
          characterId: owner.id,
          amount,
          source,
          reason: options.reason,
          refersTo: options.refersTo,
          experience: (sheet.experience as number) ?? 0,
          archetypes: archetypesOf(sheet),
          abilities: sheet.abilities,
          archetype: options.archetype?.toLowerCase(),
        }) as GmExperienceRollInput,
        options.seed ?? undefined,
        diceBudget(req),
      ),
    );
    const outcome = rolled.outcome;
    const levels = outcome.levelUps.map((u) => u.level);
    const roll = await this.rolls.record(m, who, rolled, {
      campaign,
      effects: {
        characterId: owner.id,
        system: 'gm',
        experience: amount,
        ...(levels.length > 0 ? { levels } : {}),
      },
    });
    const cause = { cause: 'procedure' as const, procedure: rolled.procedure, rollId: roll.id };
    tracked.apply([{ field: 'experience', delta: amount }], { ...{}, ...cause, reason: options.reason });
    const archetypes = archetypesOf(sheet);
    const gained: GmGains = { ...NO_GAINS };
    const levelUps = [];
    for (const up of outcome.levelUps) {
      const gaining = archetypes.find((a) => a.archetype.toLowerCase() === up.archetype)!;
      gaining.level += 1;
      const after = archetypes.map((a) => ({ ...a }));
      // The archetype level is a base value (reactions and the Fighting Art derive from it), written
      // with the gains. A referee's override of a reaction gets the same +1 so it does not fall behind.
      const base = (current: Sheet): Sheet => {
        const data: Sheet = { ...{}, ...current, archetypes: after };
        if (current.reactions) {
          const overrides = { ...(current.reactions as Record<string, number>) };
          for (const [name, add] of Object.entries(up.reactions)) {
            if (typeof overrides[name] === 'number') overrides[name] += add;
          }
          data.reactions = overrides;
        }
        return data;
      };
      const pool = up.roll.pool;
      tracked.apply(
        [
          { field: `${pool}.max`, delta: up.roll.gain },
          { field: `${pool}.current`, delta: up.roll.gain },
          { field: 'mojo.max', delta: up.mojo },
          { field: 'mojo.current', delta: up.mojo },
        ],
        cause,
        { base },
      );
      gained.specialtiesDue += up.specialty ? 1 : 0;
      gained.spellSlots += up.spellSlots;
      gained.callingPoints += up.callingPoints;
      gained.spiritSwaps += up.spiritSwap ? 1 : 0;
      gained.thiefImprovements += up.thiefImprovement ? 1 : 0;
      levelUps.push({ ...{}, ...up, rollId: roll.id, seed: rolled.seed, rng: rolled.rng });
    }
    const anything =
      gained.specialtiesDue +
      gained.spellSlots +
      gained.callingPoints +
      gained.spiritSwaps +
      gained.thiefImprovements;
    if (anything > 0) {
      await this.changeState<GmGains>(m, campaign.id, `gm:${owner.id}`, NO_GAINS, (g) => ({
        ...{},
        ...g,
        specialtiesDue: g.specialtiesDue + gained.specialtiesDue,
        spellSlots: g.spellSlots + gained.spellSlots,
        callingPoints: g.callingPoints + gained.callingPoints,
        spiritSwaps: g.spiritSwaps + gained.spiritSwaps,
        thiefImprovements: g.thiefImprovements + gained.thiefImprovements,
      }));
    }
    const written = await tracked.write(m);
    return {
      characterId: owner.id,
      source,
      gained: amount,
      experienceBefore: outcome.experienceBefore,
      experience: written.row.data.experience as number,
      levelBefore: outcome.levelBefore,
      levelAfter: outcome.levelAfter,
      levelUps,
      rollId: roll.id,
    };
  }

  async standing(who: Principal, characterId: string) {
    const m = this.db.manager;
    const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
    const row = await this.sheets.requireSheet(m, owner, 'gm');
    const experience = (row.data.experience as number) ?? 0;
    const archetypes = archetypesOf(row.data);
    const gains = await this.state<GmGains>(m, who.campaignId, `gm:${characterId}`, NO_GAINS);
    const studies = await m.find(AdvancementStateEntity, {
      where: { campaignId: who.campaignId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return {
      characterId,
      experience,
      level: levelForExperience(experience),
      characterLevel: archetypes.reduce((sum, a) => sum + a.level, 0),
      archetypes,
      mojo: ((row.data.mojo as { current: number })?.current ?? 0) as number,
      specialtiesDue: gains.specialtiesDue,
      spellSlots: gains.spellSlots,
      callingPoints: gains.callingPoints,
      spiritSwaps: gains.spiritSwaps,
      thiefImprovements: gains.thiefImprovements,
      practicalMojo: Object.entries(gains.practicalMojo).map(([subject, mojo]) => ({ subject, mojo })),
      studyProjects: studies
        .filter((s) => s.scope.startsWith('study:') && s.data.characterId === characterId)
        .map((s) => toStudy(s)),
    };
  }

  // G&M mojo

  spendMojo(who: Principal, characterId: string, input: MojoSpendInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      await this.assertActive(m, campaign, characterId);
      const row = await this.sheets.requireSheet(m, owner, 'gm', { lock: true });
      const archetypes = archetypesOf(row.data).map((a) => a.archetype.toLowerCase());
      const abilities = row.data.abilities as Record<string, number>;
      let current = input.current;
      let archetypal = false;
      if (input.kind === 'ability') {
        if (!input.attribute)
          throw Problem.field('VALIDATION_FAILED', 'attribute', 'Name the attribute to raise.');
        current = abilities[input.attribute];
        archetypal = archetypes.some(
          (a) => GM_ARCHETYPES[a as GmArchetypeId]?.archetypalAbility === input.attribute,
        );
      } else if (!input.subject) {
        throw Problem.field(
          'VALIDATION_FAILED',
          'subject',
          'Name what is bought (the field, skill or technique).',
        );
      }
      const price = asBadRequestAny(() =>
        mojoCost(
          withoutNulls({
            kind: input.kind,
            current,
            archetypal,
            onlyBlocksSpecialty: input.onlyBlocksSpecialty,
            outsideArchetype: input.outsideArchetype,
            warrior: archetypes.includes('warrior'),
            techniqueScope: input.techniqueScope,
          }) as unknown as MojoCostInput,
        ),
      );
      if (input.practical && input.beforeRoll) {
        throw Problem.field('VALIDATION_FAILED', 'beforeRoll', practicalMojoAllowed('roll-bonus').rule);
      }
      const subject = input.kind === 'ability' ? input.attribute! : input.subject!;
      const rolled = this.rolls.roll(
        CAMPAIGN_PROCEDURES.mojoSpend as unknown as Procedure<unknown, object>,
        withoutNulls({
          characterId,
          kind: input.kind,
          subject,
          cost: price.cost,
          practical: input.practical ?? false,
        }),
        undefined,
        diceBudget(req),
      );
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        effects: { characterId, system: 'gm', mojoSpent: price.cost },
      });
      let mojoLeft = ((row.data.mojo as { current: number })?.current ?? 0) as number;
      let practicalLeft: number | null = null;
      if (input.practical) {
        // Practical mojo (MJ9): only for what it was studied for, never abilities, roll bonuses, or
        // the restricted fields.
        const use =
          input.kind === 'ability' ? 'ability' : input.kind === 'weapon-skill' ? 'fighting-art' : 'skill';
        const allowed = practicalMojoAllowed(use);
        if (!allowed.allowed) throw Problem.field('VALIDATION_FAILED', 'practical', allowed.rule);
        const gains = await this.state<GmGains>(m, campaign.id, `gm:${characterId}`, NO_GAINS);
        const held = gains.practicalMojo[subject] ?? 0;
        if (held < price.cost) {
          throw Problem.field(
            'UNPROCESSABLE',
            'practical',
            `Practical mojo for ${subject}: ${held}; ${price.cost} needed.`,
          );
        }
        await this.changeState<GmGains>(m, campaign.id, `gm:${characterId}`, NO_GAINS, (g) => ({
          ...{},
          ...g,
          practicalMojo: { ...{}, ...g.practicalMojo, [subject]: held - price.cost },
        }));
        practicalLeft = held - price.cost;
      } else {
        if (mojoLeft < price.cost) {
          throw Problem.field('UNPROCESSABLE', 'kind', `Mojo held: ${mojoLeft}; ${price.cost} needed.`);
        }
        const changed = await this.sheets.changeTracked(
          m,
          who,
          campaign,
          owner,
          'gm',
          [{ field: 'mojo.current', delta: -price.cost }],
          {
            cause: 'procedure',
            procedure: rolled.procedure,
            rollId: roll.id,
            reason: `${input.kind}: ${subject}`,
          },
        );
        mojoLeft = (changed.row.data.mojo as { current: number }).current;
      }
      let attributeAfter: number | null = null;
      if (input.kind === 'ability') {
        const fresh = await this.sheets.requireSheet(m, owner, 'gm', { lock: true });
        const next = { ...(fresh.data.abilities as Record<string, number>) };
        next[input.attribute!] += 1;
        attributeAfter = next[input.attribute!];
        await Database.updateRow(m, CharacterSheetEntity, fresh.id, {
          data: { ...{}, ...fresh.data, abilities: next } as never,
          updatedAt: now(),
        });
      }
      await this.history(m, campaign, 'mojo-spend', `gm:${characterId}`, characterId, null, roll.id, {
        kind: input.kind,
        subject,
        cost: price.cost,
        practical: input.practical ?? false,
      });
      return {
        characterId,
        kind: input.kind,
        subject,
        cost: price.cost,
        rule: price.rule,
        practical: input.practical ?? false,
        beforeRollBonus: input.beforeRoll && !input.practical ? beforeRollBonus(input.kind, price.cost) : 0,
        attributeAfter,
        abilityAfter: attributeAfter,
        mojoLeft,
        practicalMojoLeft: practicalLeft,
        rollId: roll.id,
      };
    });
  }

  bidMojo(who: Principal, characterId: string, input: MojoBidOnRollInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    if (input.archetypalBecause && who.role !== 'referee') {
      throw Problem.field(
        'FORBIDDEN',
        'archetypalBecause',
        'Only the referee rules a roll archetypal by its action.',
      );
    }
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      await this.assertActive(m, campaign, characterId);
      const old = await m.findOne(RollEntity, { where: { id: input.rollId, campaignId: campaign.id } });
      const hidden = old?.secret && !old.revealedAt && who.role !== 'referee';
      if (!old || hidden) throw Problem.notFound(`Roll ${input.rollId}`);
      const refuse = (message: string) => Problem.field('UNPROCESSABLE', 'rollId', message);
      if (old.characterId !== characterId) throw refuse('The roll is not this character’s.');
      if (old.procedure !== 'check.ability') throw refuse('Mojo turns a G&M ability or reaction roll only.');
      const latest = await m.findOne(RollEntity, {
        where: { campaignId: campaign.id, characterId, procedure: 'check.ability' },
        order: { seq: 'DESC' },
      });
      if (latest?.id !== old.id)
        throw refuse('Only the character’s latest ability or reaction roll takes a bid.');
      const outcome = old.outcome as { roll: number; target: number; passed: boolean };
      if (outcome.passed) throw refuse('The roll passed: there is nothing to turn.');
      const taken = await m.findOne(AdvancementHistoryEntity, {
        where: { campaignId: campaign.id, kind: 'mojo-bid', refersTo: old.id },
      });
      if (taken) throw new Problem('CONFLICT', `Roll ${old.id} has had its bid already.`);
      const row = await this.sheets.requireSheet(m, owner, 'gm', { lock: true });
      const logged = (old.effects ?? {}) as {
        rating?: { name?: string };
        modifiers?: Array<{ source?: string }>;
      };
      const archetypal = archetypalRoll(
        archetypesOf(row.data),
        logged.rating?.name,
        (logged.modifiers ?? []).some((mod) => mod.source?.startsWith('specialty:')),
      );
      if (!archetypal && !input.archetypalBecause) {
        throw refuse(
          'The roll is not archetypal (its rating is not an archetypal ability or reaction, and no specialty was involved).',
        );
      }
      const held = (row.data.mojo as { current: number }).current;
      const result = asBadRequestAny(() =>
        mojoBid(
          withoutNulls({
            roll: outcome.roll,
            target: outcome.target,
            bid: input.bid,
            mojo: held,
            nextImprovementCost: input.nextImprovementCost,
            fieldBonus: input.fieldBonus,
          }) as never,
        ),
      );
      const rolled = this.rolls.roll(
        CAMPAIGN_PROCEDURES.mojoBid as unknown as Procedure<unknown, object>,
        withoutNulls({
          characterId,
          refersTo: old.id,
          roll: outcome.roll,
          target: outcome.target,
          bid: input.bid,
          outcome: result.outcome,
          passed: result.outcome === 'turned',
          mojoLost: result.mojoLost,
          archetypalBecause: input.archetypalBecause,
        }),
        undefined,
        diceBudget(req),
      );
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        effects: { characterId, system: 'gm', refersTo: old.id, turned: result.outcome === 'turned' },
      });
      await this.history(m, campaign, 'mojo-bid', `gm:${characterId}`, characterId, old.id, roll.id, {
        bid: input.bid,
        outcome: result.outcome,
        mojoLost: result.mojoLost,
      });
      let experience = null;
      if (result.mojoLost > 0) {
        const changed = await this.sheets.changeTracked(
          m,
          who,
          campaign,
          owner,
          'gm',
          [{ field: 'mojo.current', delta: -result.mojoLost }],
          {
            cause: 'procedure',
            procedure: rolled.procedure,
            rollId: roll.id,
            reason: `bid on roll ${old.id}`,
          },
          { row },
        );
        experience = await this.addExperience(m, who, campaign, owner, result.experienceGained, 'mojo', req, {
          reason: `mojo spent on roll ${old.id}`,
          archetype: null,
          seed: input.seed ?? null,
          refersTo: roll.id,
          row: changed.row,
        });
      }
      return {
        characterId,
        refersTo: old.id,
        roll: outcome.roll,
        target: outcome.target,
        bid: input.bid,
        outcome: result.outcome,
        passed: result.outcome === 'turned',
        needed: result.needed,
        mojoLost: result.mojoLost,
        mojoLeft: held - result.mojoLost,
        experienceGained: result.experienceGained,
        improvementGained: result.improvementGained ?? false,
        experience,
        rollId: roll.id,
      };
    });
  }

  /**
   * Mojo bid on a group roll (G&M G4, seed 001 "Group Effort"), inside the caller's transaction
   * (combat's group attack): each bidder's lost mojo through the ledger (`mojo.current`, cause the
   * group roll) with a `mojo-bid` history row, and every member of the group gains the full mojo
   * experience (50 per mojo used), levelling up as an award does. Only characters spend and gain.
   */
  async groupRollMojo(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    rolled: { procedure: string; rollId: string },
    spenders: { owner: SheetOwner; bid: number; lost: number }[],
    members: SheetOwner[],
    req: ArbiterRequest,
  ): Promise<void> {
    const used = spenders.reduce((s, b) => s + b.lost, 0);
    if (used === 0) return;
    for (const b of spenders) {
      if (b.lost === 0 || b.owner.kind !== 'character') continue;
      await this.assertActive(m, campaign, b.owner.id);
      await this.history(
        m,
        campaign,
        'mojo-bid',
        `gm:${b.owner.id}`,
        b.owner.id,
        rolled.rollId,
        rolled.rollId,
        {
          bid: b.bid,
          outcome: 'turned',
          mojoLost: b.lost,
          group: true,
        },
      );
      await this.sheets.changeTracked(
        m,
        who,
        campaign,
        b.owner,
        'gm',
        [{ field: 'mojo.current', delta: -b.lost }],
        {
          cause: 'procedure',
          procedure: rolled.procedure,
          rollId: rolled.rollId,
          reason: `bid on group roll ${rolled.rollId}`,
        },
      );
    }
    for (const owner of members) {
      if (owner.kind !== 'character') continue;
      await this.addExperience(m, who, campaign, owner, EXPERIENCE_PER_MOJO * used, 'mojo', req, {
        reason: `mojo spent on group roll ${rolled.rollId}`,
        archetype: null,
        seed: null,
        refersTo: rolled.rollId,
      });
    }
  }

  // G&M study projects

  startStudy(who: Principal, characterId: string, input: StudyProjectInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    const plan = this.studyInput(input, 1);
    asBadRequestAny(() => gmStudy(plan)); // refuses what cannot be studied before anything is stored
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.sheets.characterOwner(m, who.campaignId, characterId);
      await this.assertActive(m, campaign, characterId);
      const id = newId();
      const row = await this.changeState<StateData>(m, campaign.id, `study:${id}`, {}, () => ({
        characterId,
        subject: input.subject,
        mode: input.mode,
        plan: JSON.parse(JSON.stringify(withoutNulls({ ...input }))) as Record<string, unknown>,
        periods: 0,
        mojo: 0,
        silver: 0,
        fees: 0,
        days: 0,
      }));
      return toStudy(row);
    });
  }

  studyPeriods(
    who: Principal,
    characterId: string,
    projectId: string,
    input: StudyPeriodsInput,
    req: ArbiterRequest,
  ) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const project = await m.findOne(AdvancementStateEntity, {
        where: { campaignId: campaign.id, scope: `study:${projectId}` },
      });
      if (!project || project.data.characterId !== characterId)
        throw Problem.notFound(`Study project ${projectId}`);
      await this.assertActive(m, campaign, characterId);
      const data = project.data as ReturnType<typeof toStudy> & { plan: StudyProjectInput };
      const done = data.periods;
      const total = done + input.periods;
      // "1 per N periods" accrues across the project's whole length, not per call.
      const so = done === 0 ? null : asBadRequestAny(() => gmStudy(this.studyInput(data.plan, done)));
      const upTo = asBadRequestAny(() => gmStudy(this.studyInput(data.plan, total)));
      const mojo = upTo.totalMojo - (so?.totalMojo ?? 0);
      const silver = upTo.silver - (so?.silver ?? 0);
      const fees = upTo.fees - (so?.fees ?? 0);
      const days = upTo.daysOffAllowed - (so?.daysOffAllowed ?? 0);
      // The G&M purse is the character's Cash, read as centisilver (docs/advancement.md): the study
      // and the fees are paid from it through the cash ledger, refused whole when it is short.
      const price = silver * CENTISILVER_PER_SILVER;
      const student = (await this.wealth.readCharacters(m, campaign.id, [characterId])).get(characterId);
      if (!student) throw Problem.notFound(`Character ${characterId}`);
      if (student.cash < price) {
        throw Problem.field(
          'INSUFFICIENT_CASH',
          'periods',
          `${input.periods} periods of study cost ${silver} silver (${price} centisilver); ` +
            `${student.name}'s purse holds ${student.cash} centisilver.`,
        );
      }
      const rolled = this.rolls.roll(
        CAMPAIGN_PROCEDURES.studyPeriods as unknown as Procedure<unknown, object>,
        { characterId, projectId, subject: data.subject, periods: input.periods, mojo, silver, fees },
        undefined,
        diceBudget(req),
      );
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        effects: { characterId, studyProject: projectId, practicalMojo: mojo, paid: price },
      });
      const paid =
        price > 0
          ? await this.wealth.changeCash(
              m,
              who,
              campaign,
              characterId,
              { cashDelta: -price, reason: 'gm-study', note: data.subject.slice(0, 200) },
              { rollId: roll.id, field: 'periods', character: student },
            )
          : null;
      const row = await this.changeState<StateData>(m, campaign.id, `study:${projectId}`, {}, (d) => ({
        ...{},
        ...d,
        periods: total,
        mojo: (d.mojo as number) + mojo,
        silver: (d.silver as number) + silver,
        fees: (d.fees as number) + fees,
        days: (d.days as number) + days,
      }));
      const gains = await this.changeState<GmGains>(m, campaign.id, `gm:${characterId}`, NO_GAINS, (g) => ({
        ...{},
        ...g,
        practicalMojo: {
          ...{},
          ...g.practicalMojo,
          [data.subject]: (g.practicalMojo[data.subject] ?? 0) + mojo,
        },
      }));
      return {
        project: toStudy(row),
        periods: input.periods,
        mojo,
        silver,
        fees,
        days,
        practicalMojo: (gains.data as unknown as GmGains).practicalMojo[data.subject],
        paid: price,
        cashLeft: paid?.character.cash ?? student.cash,
        ledgerEntry: paid?.ledgerEntry ?? null,
        rollId: roll.id,
      };
    });
  }

  private studyInput(input: StudyProjectInput, periods: number): StudyInput {
    const resources = input.resources?.map((r) => withoutNulls({ ...r }));
    const { subject: _s, ...rest } = input;
    return withoutNulls({ ...{}, ...rest, resources, periods }) as unknown as StudyInput;
  }

  // COEAC: Boons, retirement, specialty classes, Reputation, Circles

  awardBoons(who: Principal, input: BoonsAwardInput, req: ArbiterRequest) {
    this.referee(who, 'Only the referee awards Boons.');
    const ids = input.awards.map((a) => a.characterId);
    if (new Set(ids).size !== ids.length) {
      throw Problem.field('VALIDATION_FAILED', 'awards', 'awards names a character twice.');
    }
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const session =
        (campaign.currentSessionId
          ? await m.findOne(GameSessionEntity, { where: { id: campaign.currentSessionId } })
          : null) ??
        (await m.findOne(GameSessionEntity, {
          where: { campaignId: campaign.id },
          order: { number: 'DESC' },
        }));
      if (!session)
        throw new Problem('NO_SESSION_IN_PROGRESS', 'Boons come at the end of a session: none yet.');
      const roster = await this.campaigns.rosterOf(m, session.id);
      const rolled = this.rolls.roll(
        CAMPAIGN_PROCEDURES.boons as unknown as Procedure<unknown, object>,
        {
          sessionId: session.id,
          awards: input.awards.map((a) => ({ characterId: a.characterId, boons: a.boons })),
        },
        undefined,
        diceBudget(req),
      );
      const roll = await this.rolls.record(m, who, rolled, { campaign, effects: { sessionId: session.id } });
      const out = [];
      for (const [i, award] of input.awards.entries()) {
        const owner = await this.sheets.characterOwner(m, campaign.id, award.characterId);
        if (roster.length > 0 && !roster.includes(award.characterId)) {
          throw Problem.field(
            'NOT_ON_ROSTER',
            `awards[${i}].characterId`,
            'The character was not on the session’s roster.',
          );
        }
        await this.assertActive(m, campaign, award.characterId);
        const once = `${session.id}:${award.characterId}`;
        if (
          await m.findOne(AdvancementHistoryEntity, {
            where: { campaignId: campaign.id, kind: 'boons', refersTo: once },
          })
        ) {
          throw Problem.field(
            'ALREADY_USED_THIS_SESSION',
            `awards[${i}].characterId`,
            'Boons for this session were awarded already.',
          );
        }
        const boons = award.boons ?? 1;
        const changed = await this.sheets.changeTracked(
          m,
          who,
          campaign,
          owner,
          'coeac',
          [{ field: 'boons', delta: boons }],
          { cause: 'procedure', procedure: rolled.procedure, rollId: roll.id, reason: award.reason ?? null },
        );
        await this.history(
          m,
          campaign,
          'boons',
          `boons:${award.characterId}`,
          award.characterId,
          once,
          roll.id,
          {
            boons: award.boons,
            sessionId: session.id,
          },
        );
        out.push({
          characterId: award.characterId,
          boons: award.boons,
          total: changed.row.data.boons as number,
        });
      }
      return { sessionId: session.id, awards: out, rollId: roll.id };
    });
  }

  retire(who: Principal, characterId: string, input: RetirementInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      await this.assertActive(m, campaign, characterId);
      const character = await m.findOneOrFail(CharacterEntity, { where: { id: characterId } });
      const row = await this.sheets.requireSheet(m, owner, 'coeac');
      const boons = (row.data.boons as number) ?? 0;
      const score = coeacRetirementScore({ wealth: character.wealth, boons });
      const faction = input.faction ? normaliseFaction(input.faction) : null;
      const reputation = faction
        ? (await this.state<{ value: number }>(m, campaign.id, `reputation:${faction}`, { value: 0 })).value
        : null;
      const rolled = this.rolls.roll(
        CAMPAIGN_PROCEDURES.retirement as unknown as Procedure<unknown, object>,
        { characterId, boons, reputation, faction },
        input.seed ?? undefined,
        diceBudget(req),
      );
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        effects: { characterId, retired: true },
      });
      const factionRoll = faction ? (rolled.outcome as ReturnType<typeof coeacRetirementRoll>) : null;
      if (faction && factionRoll?.raised) {
        await this.setReputation(m, campaign, faction, 1, 'a member retired', roll.id);
      }
      await this.changeState<StateData>(m, campaign.id, `retired:${characterId}`, {}, () => ({
        characterId,
        wealth: score.wealth,
        boons: score.boons,
        retiredAt: now(),
      }));
      await this.history(
        m,
        campaign,
        'retirement',
        `retired:${characterId}`,
        characterId,
        characterId,
        roll.id,
        {
          ...score,
        },
      );
      return {
        characterId,
        wealth: score.wealth,
        boons: score.boons,
        faction,
        factionRoll,
        rollId: roll.id,
        seed: rolled.seed,
        rng: rolled.rng,
      };
    });
  }

  async retirements(who: Principal) {
    const rows = await this.db.manager.find(AdvancementHistoryEntity, {
      where: { campaignId: who.campaignId, kind: 'retirement' },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return {
      items: rows.map((r) => ({
        characterId: r.characterId!,
        wealth: r.data.wealth as number,
        boons: r.data.boons as number,
        retiredAt: r.createdAt,
      })),
    };
  }

  unlockSpecialtyClass(who: Principal, input: SpecialtyClassInput, req: ArbiterRequest) {
    this.referee(who, 'Only the referee unlocks a specialty class.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      if (input.characterId)
        await this.campaigns.assertCharactersExist(m, campaign.id, [input.characterId], 'characterId');
      const name = input.className.trim();
      const rolled = this.rolls.roll(
        CAMPAIGN_PROCEDURES.specialtyClass as unknown as Procedure<unknown, object>,
        withoutNulls({ className: name, characterId: input.characterId }),
        undefined,
        diceBudget(req),
      );
      const roll = await this.rolls.record(m, who, rolled, { campaign, effects: { specialtyClass: name } });
      const row = await this.changeState<StateData>(
        m,
        campaign.id,
        `specialty:${name.toLowerCase()}`,
        {},
        (d) => ({
          className: name,
          unlockedBy: [
            ...new Set([
              ...((d.unlockedBy as string[]) ?? []),
              ...(input.characterId ? [input.characterId] : []),
            ]),
          ],
          note: input.note ?? (d.note as string | undefined) ?? null,
        }),
      );
      return { ...{}, ...toSpecialty(row), rollId: roll.id };
    });
  }

  async specialtyClasses(who: Principal) {
    const rows = await this.db.manager.find(AdvancementStateEntity, {
      where: { campaignId: who.campaignId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return { items: rows.filter((r) => r.scope.startsWith('specialty:')).map(toSpecialty) };
  }

  changeReputation(who: Principal, input: ReputationChangeInput, req: ArbiterRequest) {
    this.referee(who, 'Only the referee changes a Reputation.');
    if (input.delta === 0) throw Problem.field('VALIDATION_FAILED', 'delta', 'delta must not be zero.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const faction = normaliseFaction(input.faction);
      const rolled = this.rolls.roll(
        CAMPAIGN_PROCEDURES.reputation as unknown as Procedure<unknown, object>,
        withoutNulls({ faction, delta: input.delta, reason: input.reason }),
        undefined,
        diceBudget(req),
      );
      const roll = await this.rolls.record(m, who, rolled, { campaign, effects: { faction } });
      return this.setReputation(m, campaign, faction, input.delta, input.reason ?? null, roll.id);
    });
  }

  private async setReputation(
    m: EntityManager,
    campaign: CampaignEntity,
    faction: string,
    delta: number,
    reason: string | null,
    rollId: string,
  ) {
    const current = await this.state<{ value: number }>(m, campaign.id, `reputation:${faction}`, {
      value: 0,
    });
    const value = current.value + delta;
    if (value > MAX_REPUTATION || value < -MAX_REPUTATION) {
      throw Problem.field(
        'OUT_OF_RANGE',
        'delta',
        `Reputation stays within ±${MAX_REPUTATION}: ${faction} is at ${current.value}.`,
      );
    }
    await this.changeState<StateData>(m, campaign.id, `reputation:${faction}`, { value: 0 }, () => ({
      faction,
      value,
    }));
    await this.history(m, campaign, 'reputation', `reputation:${faction}`, null, null, rollId, {
      faction,
      delta,
      valueAfter: value,
      reason,
    });
    return { faction, value, delta, rollId };
  }

  async reputations(who: Principal) {
    const rows = await this.db.manager.find(AdvancementStateEntity, {
      where: { campaignId: who.campaignId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return {
      items: rows
        .filter((r) => r.scope.startsWith('reputation:'))
        .map((r) => ({ faction: r.data.faction as string, value: r.data.value as number })),
    };
  }

  async reputationHistory(who: Principal) {
    const rows = await this.db.manager.find(AdvancementHistoryEntity, {
      where: { campaignId: who.campaignId, kind: 'reputation' },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return {
      items: rows.map((r) => ({
        faction: r.data.faction as string,
        delta: r.data.delta as number,
        valueAfter: r.data.valueAfter as number,
        reason: (r.data.reason as string | null) ?? null,
        rollId: r.rollId,
        sessionId: r.sessionId,
        at: r.createdAt,
      })),
    };
  }

  circles(who: Principal, input: CampaignCirclesInput, req: ArbiterRequest) {
    if (input.characterId) assertMayActFor(who, input.characterId);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      if (input.characterId)
        await this.campaigns.assertCharactersExist(m, campaign.id, [input.characterId], 'characterId');
      const faction = input.faction ? normaliseFaction(input.faction) : null;
      const reputation = faction
        ? (await this.state<{ value: number }>(m, campaign.id, `reputation:${faction}`, { value: 0 })).value
        : 0;
      const { seed, faction: _f, characterId, ...rest } = input;
      const body = {
        ...{},
        ...withoutNulls({ ...rest }),
        factors: input.factors.map((f) => withoutNulls({ ...f })),
        reputation,
      };
      const rolled = asBadRequestAny(() =>
        this.rolls.roll(
          { name: 'advancement.coeac-circles', run: coeacCircles } as unknown as Procedure<unknown, object>,
          body,
          seed ?? undefined,
          diceBudget(req),
        ),
      );
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        effects: withoutNulls({ faction, reputation, characterId }),
      });
      return {
        ...{},
        ...(rolled.outcome as object),
        faction,
        reputation,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
      };
    });
  }

  /**
   * COEAC class resources on one action (G5, 003:735): one point of each kind named, at most once
   * each, through the ledger. A resource the sheet lacks or has none left of is refused, and then
   * nothing is spent.
   */
  spendClassResources(
    who: Principal,
    characterId: string,
    input: ClassResourceSpendInput,
    req: ArbiterRequest,
  ) {
    assertMayActFor(who, characterId);
    const seen = new Set<string>();
    for (const name of input.resources) {
      if (seen.has(name.toLowerCase())) {
        throw Problem.field('VALIDATION_FAILED', 'resources', `At most one ${name} per action.`);
      }
      seen.add(name.toLowerCase());
    }
    if (input.resources.length === 0) {
      throw Problem.field('VALIDATION_FAILED', 'resources', 'Name at least one class resource.');
    }
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      await this.assertActive(m, campaign, characterId);
      const row = await this.sheets.requireSheet(m, owner, 'coeac', { lock: true });
      const pools = (row.data.classResources ?? {}) as Record<string, { current: number; max: number }>;
      const names = input.resources.map((wanted, i) => {
        const name = Object.keys(pools).find((k) => k.toLowerCase() === wanted.toLowerCase());
        if (!name) throw Problem.field('UNPROCESSABLE', `resources[${i}]`, `The sheet has no ${wanted}.`);
        if (pools[name].current < 1)
          throw Problem.field('UNPROCESSABLE', `resources[${i}]`, `No ${name} left.`);
        return name;
      });
      const rolled = this.rolls.roll(
        CAMPAIGN_PROCEDURES.classResources as unknown as Procedure<unknown, object>,
        withoutNulls({ characterId, resources: names, reason: input.reason }),
        undefined,
        diceBudget(req),
      );
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        effects: { characterId, system: 'coeac' },
      });
      const changed = await this.sheets.changeTracked(
        m,
        who,
        campaign,
        owner,
        'coeac',
        names.map((name) => ({ field: `classResources.${name}.current`, delta: -1 })),
        { cause: 'procedure', procedure: rolled.procedure, rollId: roll.id, reason: input.reason ?? null },
      );
      const after = changed.row.data.classResources as Record<string, { current: number; max: number }>;
      return {
        characterId,
        resources: names.map((name) => ({ name, current: after[name].current, max: after[name].max })),
        rollId: roll.id,
      };
    });
  }

  // Internals

  private referee(who: Principal, message: string): void {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', message);
  }

  /** A retired character no longer advances. */
  private async assertActive(m: EntityManager, campaign: CampaignEntity, characterId: string) {
    const retired = await m.findOne(AdvancementStateEntity, {
      where: { campaignId: campaign.id, scope: `retired:${characterId}` },
    });
    if (retired) throw Problem.field('CONFLICT', 'characterId', `Character ${characterId} has retired.`);
  }

  private async state<T>(m: EntityManager, campaignId: string, scope: string, fallback: T): Promise<T> {
    const row = await m.findOne(AdvancementStateEntity, { where: { campaignId, scope } });
    return row ? ({ ...{}, ...fallback, ...row.data } as T) : fallback;
  }

  /** Reads, changes and writes one state row inside the caller's transaction (the campaign's turn). */
  private async changeState<T = StateData>(
    m: EntityManager,
    campaignId: string,
    scope: string,
    fallback: T,
    change: (current: T) => unknown,
  ): Promise<AdvancementStateEntity> {
    const row = await m.findOne(AdvancementStateEntity, { where: { campaignId, scope } });
    const stamp = now();
    if (row) {
      const data = change({ ...{}, ...fallback, ...row.data } as T) as Record<string, unknown>;
      await Database.updateRow(m, AdvancementStateEntity, row.id, { data: data as never, updatedAt: stamp });
      row.data = data;
      row.updatedAt = stamp;
      return row;
    }
    const fresh: AdvancementStateEntity = {
      id: newId(),
      campaignId,
      scope,
      data: change(fallback) as Record<string, unknown>,
      createdAt: stamp,
      updatedAt: stamp,
    };
    await Database.insertRow(m, AdvancementStateEntity, fresh);
    return fresh;
  }

  private async history(
    m: EntityManager,
    campaign: CampaignEntity,
    kind: string,
    scope: string,
    characterId: string | null,
    refersTo: string | null,
    rollId: string | null,
    data: Record<string, unknown>,
  ) {
    await Database.insertRow(m, AdvancementHistoryEntity, {
      id: newId(),
      campaignId: campaign.id,
      kind,
      scope,
      characterId,
      refersTo,
      rollId,
      sessionId: campaign.currentSessionId,
      data: data as never,
      createdAt: now(),
    });
  }
}

/** Faction names match case-insensitively; stored trimmed and lower-cased. */
function normaliseFaction(name: string): string {
  const out = name.trim().toLowerCase();
  if (out.length === 0) throw Problem.field('VALIDATION_FAILED', 'faction', 'faction must not be blank.');
  return out;
}

function toStudy(row: AdvancementStateEntity) {
  const d = row.data;
  return {
    id: row.scope.slice('study:'.length),
    characterId: d.characterId as string,
    subject: d.subject as string,
    mode: d.mode as string,
    periods: d.periods as number,
    mojo: d.mojo as number,
    silver: d.silver as number,
    fees: d.fees as number,
    days: d.days as number,
  };
}

function toSpecialty(row: AdvancementStateEntity) {
  return {
    className: row.data.className as string,
    unlockedBy: (row.data.unlockedBy as string[]) ?? [],
    note: (row.data.note as string | null) ?? null,
  };
}

/** Every refusal of the advancement core that names a field is a 400 naming it. */
function asBadRequestAny<T>(run: () => T): T {
  return asBadRequest(run, { anyCode: true });
}
