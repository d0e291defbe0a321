import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, FindOptionsWhere, In as AnyOf, IsNull } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { TreasuryLedgerEntry } from '../campaign-state/campaign-state.results';
import { CampaignStateService, isUniqueViolation } from '../campaign-state/campaign-state.service';
import { CampaignsService } from '../campaigns/campaigns.service';
import { ChecksService } from '../checks/checks.service';
import { Page, PageQuery, toPage } from '../common/pagination';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import {
  economicDice,
  MAX_STRONGHOLD_RANK,
  strongholdPayments,
  strongholdRankTable,
  SUGGESTED_TAGS,
  tagAllowance,
  tagBonusDice,
  tagKey,
  tagName,
  TREASURY_ACCOUNT,
  type TagBonus,
} from '../core/strongholds';
import { Database, MutationCall } from '../database/database.service';
import { creationKey, rowsByCreation } from '../database/paging';
import { CampaignEntity } from '../database/entities';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import { CharacterMoney, LedgerEntry } from '../wealth/wealth.results';
import { WealthService } from '../wealth/wealth.service';
import { STRONGHOLD_PROCEDURES } from './stronghold-procedures';
import {
  CompanyIncomeEntity,
  StrongholdEntity,
  StrongholdImprovementEntity,
  StrongholdTagEntity,
} from './strongholds.entities';
import {
  AddStrongholdTagInput,
  BonusDiceQuery,
  CompanyIncomeInput,
  CreateStrongholdInput,
  NewStrongholdTagInput,
  StrongholdImprovementInput,
  StrongholdImprovementRollInput,
  StrongholdListQuery,
  UpdateStrongholdInput,
} from './strongholds.inputs';
import {
  Company,
  CompanyIncomeResult,
  Stronghold,
  StrongholdImprovementResult,
  StrongholdImprovementRollResult,
  StrongholdRankList,
  StrongholdTag,
  SuggestedStrongholdTagList,
} from './strongholds.results';

/** New tags a successful improvement may add (COEAC: the owner may add two). */
const TAGS_PER_IMPROVEMENT = 2;

const LEDGER_REASON = 'stronghold-improvement';

/**
 * Strongholds (SPEC 5.2): the stateless improvement roll and reference lists, and strongholds in a
 * campaign. Every change is one transaction: the roll, the roll-log entry, each payer's ledger entry,
 * the rank, the tags and the stored idempotent answer commit together or not at all. On PostgreSQL
 * the stronghold row is locked first, then characters in id order (by WealthService.changeCash),
 * then the treasury: the lock order every domain keeps.
 */
@Injectable()
export class StrongholdsService implements OnModuleInit {
  constructor(
    registry: ProcedureRegistry,
    private readonly db: Database,
    private readonly rolls: RollsService,
    private readonly campaigns: CampaignsService,
    private readonly state: CampaignStateService,
    private readonly wealth: WealthService,
    private readonly checks: ChecksService,
  ) {
    registry.register(...(Object.values(STRONGHOLD_PROCEDURES) as never[]));
  }

  onModuleInit(): void {
    // A character's session income rolls one more die per economic tag of its strongholds.
    this.wealth.addIncomeDice(async (m, campaign, character) =>
      economicDice(await this.taggedStrongholds(m, campaign.id, { owners: [character.id], company: false })),
    );
    // A campaign pool check made for a character gains a die per matching tag of its strongholds.
    this.checks.addPoolModifier(async (m, who, task) => {
      const strongholdBonus = await this.tagBonus(m, who.campaignId, task.characterId, task.taskTags);
      return { bonusDice: strongholdBonus.bonusDice, echo: { strongholdBonus } };
    });
  }

  // Stateless

  improvementRoll(
    input: StrongholdImprovementRollInput,
    req: ArbiterRequest,
  ): StrongholdImprovementRollResult {
    const { seed, ...rest } = input;
    const rolled = this.rolls.roll(
      STRONGHOLD_PROCEDURES.improvement,
      withoutNulls(rest) as StrongholdImprovementRollInput,
      seed ?? undefined,
      diceBudget(req),
    );
    return { ...{}, ...rolled.outcome, seed: rolled.seed, rng: rolled.rng, rollId: null };
  }

  ranks(): Omit<StrongholdRankList, 'next'> {
    return { items: strongholdRankTable() };
  }

  suggestedTags(): Omit<SuggestedStrongholdTagList, 'next'> {
    return {
      source: 'Arbiter’s own suggestions: the seed’s sample tag list is empty. Any text is a valid tag.',
      items: SUGGESTED_TAGS.map((t) => ({ ...t })),
    };
  }

  // Campaign: strongholds

  create(who: Principal, input: CreateStrongholdInput, call: MutationCall): Promise<Stronghold> {
    const owner = input.ownerCharacterId ?? null;
    if (owner) assertMayActFor(who, owner);
    else if (who.role !== 'referee') {
      throw new Problem(
        'FORBIDDEN',
        'Only the referee founds a company stronghold; a player names its character.',
      );
    }
    return this.db.mutation(call, async (m) => {
      if (owner) await this.characterOrField(m, who.campaignId, owner, 'ownerCharacterId');
      const stamp = now();
      const row: StrongholdEntity = {
        id: newId(),
        campaignId: who.campaignId,
        name: input.name,
        kind: input.kind ?? null,
        ownerCharacterId: owner,
        rank: 0,
        removedAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      await Database.insertRow(m, StrongholdEntity, row);
      return toStronghold(row, []);
    });
  }

  async list(who: Principal, query: PageQuery & StrongholdListQuery): Promise<Page<Stronghold>> {
    const base: FindOptionsWhere<StrongholdEntity> = {
      campaignId: who.campaignId,
      removedAt: IsNull(),
      ...(query.ownerCharacterId ? { ownerCharacterId: query.ownerCharacterId } : {}),
    };
    const { rows, limit } = await rowsByCreation(this.db.manager, StrongholdEntity, base, query);
    const views = await this.views(this.db.manager, rows.slice(0, limit));
    return toPage(rows, limit, (row) => views.get(row.id) as Stronghold, creationKey);
  }

  async get(who: Principal, strongholdId: string): Promise<Stronghold> {
    const row = await this.stronghold(this.db.manager, who.campaignId, strongholdId, false);
    return this.view(this.db.manager, row);
  }

  /** The strongholds of one character, oldest first (the `Character.strongholds` field). */
  async ofCharacter(campaignId: string, characterId: string): Promise<Stronghold[]> {
    const rows = await this.db.manager.find(StrongholdEntity, {
      where: { campaignId, ownerCharacterId: characterId, removedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const views = await this.views(this.db.manager, rows);
    return rows.map((r) => views.get(r.id) as Stronghold);
  }

  /** The company's strongholds and treasury (the `Campaign.company` field). */
  async company(campaignId: string): Promise<Company> {
    const rows = await this.db.manager.find(StrongholdEntity, {
      where: { campaignId, ownerCharacterId: IsNull(), removedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const views = await this.views(this.db.manager, rows);
    return {
      strongholds: rows.map((r) => views.get(r.id) as Stronghold),
      treasury: { cash: await this.state.treasuryCash(this.db.manager, campaignId) },
    };
  }

  update(who: Principal, strongholdId: string, input: UpdateStrongholdInput, call: MutationCall) {
    return this.db.mutation(call, async (m): Promise<Stronghold> => {
      const row = await this.stronghold(m, who.campaignId, strongholdId, true);
      this.assertMayManage(who, row);
      const changes: Partial<StrongholdEntity> = { updatedAt: now() };
      if (input.name !== undefined && input.name !== null) changes.name = input.name;
      if (input.kind !== undefined) changes.kind = input.kind ?? null;
      await Database.updateRow(m, StrongholdEntity, row.id, changes);
      return this.view(m, { ...{}, ...row, ...changes });
    });
  }

  remove(who: Principal, strongholdId: string, call: MutationCall) {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee may remove a stronghold.');
    return this.db.mutation(call, async (m): Promise<Stronghold> => {
      const row = await this.stronghold(m, who.campaignId, strongholdId, true);
      const stamp = now();
      await Database.updateRow(m, StrongholdEntity, row.id, { removedAt: stamp, updatedAt: stamp });
      return this.view(m, { ...{}, ...row, updatedAt: stamp });
    });
  }

  // Campaign: improvements

  improve(
    who: Principal,
    strongholdId: string,
    input: StrongholdImprovementInput,
    req: ArbiterRequest,
  ): Promise<StrongholdImprovementResult> {
    const sent = withoutNulls(input);
    if (sent.fromTreasury && who.role !== 'referee') {
      throw new Problem('FORBIDDEN', 'Only the referee spends the company treasury.');
    }
    for (const c of sent.contributions ?? []) assertMayActFor(who, c.characterId);
    return this.db.mutation(req, async (m) => {
      const target = await this.improvementTarget(m, who.campaignId, strongholdId, sent.leadCharacterId);
      const { campaign, row, tags } = target;
      const lead = this.leadOf(who, row, sent.leadCharacterId);
      if (row.rank >= MAX_STRONGHOLD_RANK) {
        throw new Problem('MAX_RANK', `${row.name} is already at the highest rank, ${MAX_STRONGHOLD_RANK}.`);
      }
      const sessionId = campaign.currentSessionId;
      if (!sessionId) {
        throw new Problem(
          'NO_SESSION_IN_PROGRESS',
          'A stronghold is improved once per game session; start one first.',
        );
      }
      if (target.usedRollId) throw alreadyImproved(row, target.usedRollId);

      const newTags = this.newTags(sent.newTags ?? [], tags);
      const leadField = row.ownerCharacterId ? 'strongholdId' : 'leadCharacterId';
      if (!target.lead) {
        throw Problem.field('VALIDATION_FAILED', leadField, `No character ${lead} in this campaign.`);
      }
      if (target.lead.rosterSize > 0 && !target.lead.onRoster) {
        // Off the roster: campaign state words the refusal.
        await this.state.assertOnRoster(m, campaign, lead, leadField);
      }
      const leadCharacter = target.lead;
      const contributions = sent.contributions ?? [];
      for (const [i, c] of contributions.entries()) {
        await this.characterOrField(m, who.campaignId, c.characterId, `contributions[${i}].characterId`);
      }
      const payments = strongholdPayments({
        leadCharacterId: lead,
        wager: sent.wager,
        fromTreasury: sent.fromTreasury,
        contributions,
      });

      const rolled = this.rolls.roll(
        STRONGHOLD_PROCEDURES.improvement,
        { targetRank: row.rank + 1, wealth: leadCharacter.wealth, wager: payments.total },
        sent.seed,
        diceBudget(req),
      );
      const improved = rolled.outcome.improved;
      const added = improved ? newTags : [];
      const rank = improved ? row.rank + 1 : row.rank;
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        effects: {
          strongholdId: row.id,
          leadCharacterId: lead,
          rankBefore: row.rank,
          rankAfter: rank,
          tagsAdded: added.map((t) => t.name),
          payments: payments.debits.map((d) => ({ account: d.account, cash: d.cash })),
        },
      });

      const characters: CharacterMoney[] = [];
      const ledgerEntries: LedgerEntry[] = [];
      const treasuryEntries: TreasuryLedgerEntry[] = [];
      for (const debit of payments.debits) {
        if (debit.account === TREASURY_ACCOUNT) {
          treasuryEntries.push(
            await this.state.changeTreasury(
              m,
              who,
              campaign,
              { delta: -debit.cash, reason: LEDGER_REASON, note: row.name, rollId: roll.id },
              debit.field,
            ),
          );
        } else {
          const paid = await this.wealth.changeCash(
            m,
            who,
            campaign,
            debit.account,
            { cashDelta: -debit.cash, reason: LEDGER_REASON, note: row.name },
            { rollId: roll.id, field: debit.field },
          );
          characters.push(paid.character);
          ledgerEntries.push(paid.ledgerEntry);
        }
      }

      try {
        await Database.insertRow(m, StrongholdImprovementEntity, {
          campaignId: campaign.id,
          sessionId,
          strongholdId: row.id,
          rollId: roll.id,
          keyId: who.keyId,
          createdAt: now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyImproved(row, null);
        throw error;
      }
      // A failed attempt leaves the stronghold as it was (the attempt itself is the improvement row).
      const stamp = improved ? now() : row.updatedAt;
      const tagRows = await this.insertTags(m, row.id, added, false, stamp);
      if (improved) await Database.updateRow(m, StrongholdEntity, row.id, { rank, updatedAt: stamp });
      return {
        ...{},
        ...rolled.outcome,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
        leadCharacterId: lead,
        stronghold: toStronghold({ ...{}, ...row, rank, updatedAt: stamp }, [...tags, ...tagRows]),
        tagsAdded: tagRows.map(toTag),
        characters,
        ledgerEntries,
        treasuryEntries,
      };
    });
  }

  // Campaign: tags

  addTag(who: Principal, strongholdId: string, input: AddStrongholdTagInput, call: MutationCall) {
    const earned = input.earned ?? false;
    if (earned && who.role !== 'referee') {
      throw new Problem('FORBIDDEN', 'Only the referee adds tags earned beyond the allowance.');
    }
    return this.db.mutation(call, async (m): Promise<Stronghold> => {
      const row = await this.stronghold(m, who.campaignId, strongholdId, true);
      this.assertMayManage(who, row);
      const tags = await this.tagsOf(m, [row.id]);
      const name = tagName(input.name, 'name');
      if (tags.some((t) => t.nameKey === tagKey(name))) throw duplicateTag(name, 'name');
      if (!earned) {
        const used = tags.filter((t) => !t.earned).length;
        if (used >= tagAllowance(row.rank)) {
          throw Problem.field(
            'CONFLICT',
            'name',
            `${row.name} (rank ${row.rank}) already carries its ${tagAllowance(row.rank)} ordinary tags; ` +
              'improve it, or the referee may add an earned tag.',
          );
        }
      }
      const stamp = now();
      const added = await this.insertTags(
        m,
        row.id,
        [{ name, economic: input.economic ?? false }],
        earned,
        stamp,
      );
      await Database.updateRow(m, StrongholdEntity, row.id, { updatedAt: stamp });
      return toStronghold({ ...{}, ...row, updatedAt: stamp }, [...tags, ...added]);
    });
  }

  removeTag(who: Principal, strongholdId: string, name: string, call: MutationCall) {
    return this.db.mutation(call, async (m): Promise<Stronghold> => {
      const row = await this.stronghold(m, who.campaignId, strongholdId, true);
      this.assertMayManage(who, row);
      const tags = await this.tagsOf(m, [row.id]);
      const tag = tags.find((t) => t.nameKey === tagKey(name));
      if (!tag) throw Problem.notFound(`Tag "${name}" of stronghold ${row.id}`);
      if (tag.earned && who.role !== 'referee') {
        throw new Problem('FORBIDDEN', 'Only the referee removes an earned tag.');
      }
      const stamp = now();
      await m.delete(StrongholdTagEntity, { seq: tag.seq });
      await Database.updateRow(m, StrongholdEntity, row.id, { updatedAt: stamp });
      return toStronghold(
        { ...{}, ...row, updatedAt: stamp },
        tags.filter((t) => t.seq !== tag.seq),
      );
    });
  }

  // Campaign: tag dice and company income

  async bonusDice(who: Principal, query: BonusDiceQuery): Promise<TagBonus> {
    await this.campaigns.character(this.db.manager, who.campaignId, query.characterId);
    return this.tagBonus(this.db.manager, who.campaignId, query.characterId, query.tags);
  }

  /** Bonus dice of a task for a character: matching tags of its strongholds and the company's. */
  async tagBonus(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    taskTags: string[],
  ): Promise<TagBonus> {
    if (taskTags.length === 0) return { bonusDice: 0, applied: [] };
    return tagBonusDice(
      await this.taggedStrongholds(m, campaignId, { owners: [characterId], company: true }),
      taskTags,
    );
  }

  companyIncome(
    who: Principal,
    input: CompanyIncomeInput,
    req: ArbiterRequest,
  ): Promise<CompanyIncomeResult> {
    if (who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee rolls the company’s income.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const sessionId = campaign.currentSessionId;
      if (!sessionId) {
        throw new Problem(
          'NO_SESSION_IN_PROGRESS',
          'Company income is rolled once per game session; start one first.',
        );
      }
      const used = await m.findOne(CompanyIncomeEntity, { where: { sessionId } });
      if (used) throw companyIncomeRolled(used.rollId);
      const strongholdDice = economicDice(
        await this.taggedStrongholds(m, campaign.id, { owners: [], company: true }),
      );
      const rolled = this.rolls.roll(
        STRONGHOLD_PROCEDURES.companyIncome,
        { strongholdDice },
        input.seed ?? undefined,
        diceBudget(req),
      );
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        effects: { treasuryDelta: rolled.outcome.cashGained },
      });
      try {
        await Database.insertRow(m, CompanyIncomeEntity, {
          campaignId: campaign.id,
          sessionId,
          rollId: roll.id,
          keyId: who.keyId,
          createdAt: now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw companyIncomeRolled(null);
        throw error;
      }
      const ledgerEntry = await this.state.changeTreasury(m, who, campaign, {
        delta: rolled.outcome.cashGained,
        reason: 'company-income',
        rollId: roll.id,
      });
      return {
        ...{},
        ...rolled.outcome,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
        treasury: { cash: ledgerEntry.cashAfter },
        ledgerEntry,
      };
    });
  }

  // Internals

  /**
   * Everything an improvement reads, in one statement: the campaign, the stronghold (locked on
   * PostgreSQL), its tags, this session's attempt if any, and the lead character's Wealth and place
   * on the roster (the owner, or `leadCharacterId` for the company's). The improvement is the
   * heaviest mutation, so its reads are kept few.
   */
  private async improvementTarget(
    m: EntityManager,
    campaignId: string,
    strongholdId: string,
    leadCharacterId: string | undefined,
  ): Promise<{
    campaign: CampaignEntity;
    row: StrongholdEntity;
    tags: StrongholdTagEntity[];
    usedRollId: string | null;
    lead: { id: string; wealth: number; rosterSize: number; onRoster: boolean } | null;
  }> {
    const rows = (await m.query(
      this.sql(
        'SELECT s.id, s.name, s.kind, s.owner_character_id, s."rank", s.created_at, s.updated_at, ' +
          'camp.name AS campaign_name, camp.settings AS campaign_settings, ' +
          'camp.current_session_id AS session_id, camp.created_at AS campaign_created_at, ' +
          '(SELECT i.roll_id FROM stronghold_improvements i ' +
          'WHERE i.session_id = camp.current_session_id AND i.stronghold_id = s.id) AS used_roll_id, ' +
          'lc.id AS lead_id, lc.wealth AS lead_wealth, ' +
          '(SELECT COUNT(*) FROM session_rosters r WHERE r.session_id = camp.current_session_id) AS roster_size, ' +
          '(SELECT COUNT(*) FROM session_rosters r ' +
          'WHERE r.session_id = camp.current_session_id AND r.character_id = lc.id) AS on_roster, ' +
          't.seq AS tag_seq, t.name AS tag_name, t.name_key AS tag_key, t.economic AS tag_economic, ' +
          't.earned AS tag_earned, t.created_at AS tag_created_at ' +
          'FROM strongholds s JOIN campaigns camp ON camp.id = s.campaign_id ' +
          'LEFT JOIN characters lc ON lc.id = COALESCE(CAST(? AS VARCHAR(64)), s.owner_character_id) ' +
          'AND lc.campaign_id = s.campaign_id ' +
          'LEFT JOIN stronghold_tags t ON t.stronghold_id = s.id ' +
          'WHERE s.id = ? AND s.campaign_id = ? AND s.removed_at IS NULL ORDER BY t.seq' +
          (this.db.isSqlite ? '' : ' FOR UPDATE OF s'),
      ),
      [leadCharacterId ?? null, strongholdId, campaignId],
    )) as Array<Record<string, unknown>>;
    if (rows.length === 0) throw Problem.notFound(`Stronghold ${strongholdId}`);
    const first = rows[0];
    const settings = first.campaign_settings;
    const campaign: CampaignEntity = {
      id: campaignId,
      name: first.campaign_name as string,
      settings: (typeof settings === 'string' ? JSON.parse(settings) : (settings ?? {})) as Record<
        string,
        unknown
      >,
      currentSessionId: (first.session_id as string | null) ?? null,
      createdAt: first.campaign_created_at as string,
    };
    const row: StrongholdEntity = {
      id: first.id as string,
      campaignId,
      name: first.name as string,
      kind: (first.kind as string | null) ?? null,
      ownerCharacterId: (first.owner_character_id as string | null) ?? null,
      rank: Number(first.rank),
      removedAt: null,
      createdAt: first.created_at as string,
      updatedAt: first.updated_at as string,
    };
    const tags = rows
      .filter((r) => r.tag_seq !== null && r.tag_seq !== undefined)
      .map((r) => ({
        seq: Number(r.tag_seq),
        strongholdId: row.id,
        name: r.tag_name as string,
        nameKey: r.tag_key as string,
        economic: Boolean(r.tag_economic),
        earned: Boolean(r.tag_earned),
        createdAt: r.tag_created_at as string,
      }));
    const lead = first.lead_id
      ? {
          id: first.lead_id as string,
          wealth: Number(first.lead_wealth),
          rosterSize: Number(first.roster_size),
          onRoster: Number(first.on_roster) > 0,
        }
      : null;
    return { campaign, row, tags, usedRollId: (first.used_roll_id as string | null) ?? null, lead };
  }

  /** `?` placeholders as the driver wants them (`$1`, `$2` … on PostgreSQL). */
  private sql(text: string): string {
    if (this.db.isSqlite) return text;
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  }

  private leadOf(who: Principal, row: StrongholdEntity, leadCharacterId: string | undefined): string {
    if (row.ownerCharacterId) {
      assertMayActFor(who, row.ownerCharacterId);
      if (leadCharacterId !== undefined && leadCharacterId !== row.ownerCharacterId) {
        throw Problem.field(
          'VALIDATION_FAILED',
          'leadCharacterId',
          'A character’s stronghold rolls its owner’s Wealth; leave leadCharacterId out.',
        );
      }
      return row.ownerCharacterId;
    }
    if (who.role !== 'referee') {
      throw new Problem('FORBIDDEN', 'Only the referee improves a company stronghold.');
    }
    if (!leadCharacterId) {
      throw Problem.field(
        'VALIDATION_FAILED',
        'leadCharacterId',
        'A company stronghold needs leadCharacterId: the character whose Wealth rolls.',
      );
    }
    return leadCharacterId;
  }

  /** The owner's key or the referee for a character's stronghold; the referee for the company's. */
  private assertMayManage(who: Principal, row: StrongholdEntity): void {
    if (row.ownerCharacterId) assertMayActFor(who, row.ownerCharacterId);
    else if (who.role !== 'referee') {
      throw new Problem('FORBIDDEN', 'Only the referee manages a company stronghold.');
    }
  }

  /** The tags a successful improvement would add, checked before anything is rolled. */
  private newTags(
    sent: NewStrongholdTagInput[],
    existing: StrongholdTagEntity[],
  ): Array<{ name: string; economic: boolean }> {
    if (sent.length > TAGS_PER_IMPROVEMENT) {
      throw Problem.field(
        'UNPROCESSABLE',
        'newTags',
        `An improvement adds at most ${TAGS_PER_IMPROVEMENT} tags.`,
      );
    }
    const keys = new Set(existing.map((t) => t.nameKey));
    return sent.map((tag, i) => {
      const name = tagName(tag.name, `newTags[${i}].name`);
      if (keys.has(tagKey(name))) throw duplicateTag(name, `newTags[${i}].name`);
      keys.add(tagKey(name));
      return { name, economic: tag.economic ?? false };
    });
  }

  private async insertTags(
    m: EntityManager,
    strongholdId: string,
    tags: Array<{ name: string; economic: boolean }>,
    earned: boolean,
    stamp: string,
  ): Promise<StrongholdTagEntity[]> {
    for (const tag of tags) {
      try {
        await Database.insertRow(m, StrongholdTagEntity, {
          strongholdId,
          name: tag.name,
          nameKey: tagKey(tag.name),
          economic: tag.economic,
          earned,
          createdAt: stamp,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateTag(tag.name, 'name');
        throw error;
      }
    }
    if (tags.length === 0) return [];
    const keys = tags.map((t) => tagKey(t.name));
    return m.find(StrongholdTagEntity, {
      where: { strongholdId, nameKey: AnyOf(keys) },
      order: { seq: 'ASC' },
    });
  }

  /** A live stronghold of the campaign (locked for update on PostgreSQL when `lock`), or 404. */
  private async stronghold(
    m: EntityManager,
    campaignId: string,
    id: string,
    lock: boolean,
  ): Promise<StrongholdEntity> {
    const row = await m.findOne(StrongholdEntity, {
      where: { id, campaignId, removedAt: IsNull() },
      ...(lock && !this.db.isSqlite ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!row) throw Problem.notFound(`Stronghold ${id}`);
    return row;
  }

  private async characterOrField(m: EntityManager, campaignId: string, id: string, field: string) {
    try {
      return await this.campaigns.character(m, campaignId, id);
    } catch {
      throw Problem.field('VALIDATION_FAILED', field, `No character ${id} in this campaign.`);
    }
  }

  private async tagsOf(m: EntityManager, strongholdIds: string[]): Promise<StrongholdTagEntity[]> {
    if (strongholdIds.length === 0) return [];
    return m.find(StrongholdTagEntity, {
      where: { strongholdId: AnyOf(strongholdIds) },
      order: { seq: 'ASC' },
    });
  }

  /** Built and planned strongholds of these owners (and of the company), with their tags. */
  private async taggedStrongholds(
    m: EntityManager,
    campaignId: string,
    whose: { owners: string[]; company: boolean },
  ) {
    const where: FindOptionsWhere<StrongholdEntity>[] = [];
    if (whose.owners.length > 0) {
      where.push({ campaignId, ownerCharacterId: AnyOf(whose.owners), removedAt: IsNull() });
    }
    if (whose.company) where.push({ campaignId, ownerCharacterId: IsNull(), removedAt: IsNull() });
    if (where.length === 0) return [];
    const rows = await m.find(StrongholdEntity, { where, order: { createdAt: 'ASC', id: 'ASC' } });
    const tags = await this.tagsOf(
      m,
      rows.filter((r) => r.rank > 0).map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      rank: r.rank,
      tags: tags.filter((t) => t.strongholdId === r.id),
    }));
  }

  private async view(m: EntityManager, row: StrongholdEntity): Promise<Stronghold> {
    return toStronghold(row, await this.tagsOf(m, [row.id]));
  }

  private async views(m: EntityManager, rows: StrongholdEntity[]): Promise<Map<string, Stronghold>> {
    const tags = await this.tagsOf(
      m,
      rows.map((r) => r.id),
    );
    return new Map(
      rows.map((r) => [
        r.id,
        toStronghold(
          r,
          tags.filter((t) => t.strongholdId === r.id),
        ),
      ]),
    );
  }
}

function toTag(t: StrongholdTagEntity): StrongholdTag {
  return { name: t.name, economic: Boolean(t.economic), earned: Boolean(t.earned) };
}

export function toStronghold(row: StrongholdEntity, tags: StrongholdTagEntity[]): Stronghold {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    owner: row.ownerCharacterId
      ? { type: 'character', characterId: row.ownerCharacterId }
      : { type: 'company', characterId: null },
    rank: row.rank,
    tags: tags.map(toTag),
    tagAllowance: { total: tagAllowance(row.rank), used: tags.filter((t) => !t.earned).length },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function alreadyImproved(row: StrongholdEntity, rollId: string | null): Problem {
  return new Problem(
    'ALREADY_USED_THIS_SESSION',
    `${row.name} has already been improved (or tried) this session` + (rollId ? ` (roll ${rollId}).` : '.'),
  );
}

function companyIncomeRolled(rollId: string | null): Problem {
  return new Problem(
    'ALREADY_USED_THIS_SESSION',
    'The company’s strongholds have already rolled their income this session' +
      (rollId ? ` (roll ${rollId}).` : '.'),
  );
}

function duplicateTag(name: string, field: string): Problem {
  return Problem.field('CONFLICT', field, `The stronghold already has the tag "${name}" (tags ignore case).`);
}
