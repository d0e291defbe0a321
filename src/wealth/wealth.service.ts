import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, MoreThan } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { CampaignStateService } from '../campaign-state/campaign-state.service';
import { decodeCursor, DEFAULT_PAGE_SIZE, Page, PageQuery, toPage } from '../common/pagination';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import {
  DEFAULT_LIFESTYLES,
  LifestyleGrade as CoreLifestyleGrade,
  lifestyleFor,
  MAX_WEALTH,
  purchaseTest,
  PurchaseRule,
  validateLifestyleMapping,
} from '../core/wealth';
import { Database } from '../database/database.service';
import { InventoryService, inventoryFull } from '../inventory/inventory.service';
import { CampaignEntity, CharacterEntity } from '../database/entities';
import { Rolled, RollsService } from '../rolls/rolls.service';
import { LedgerEntryEntity, SessionUseEntity } from './wealth.entities';
import {
  CashAdjustmentInput,
  CharacterIncomeInput,
  CharacterPurchaseInput,
  CharacterSaleInput,
  WealthImprovementInput,
  WealthSettingsInput,
} from './wealth.inputs';
import {
  CashAdjustmentResult,
  CharacterIncomeResult,
  CharacterMoney,
  CharacterPurchaseResult,
  CharacterSaleResult,
  LedgerEntry,
  WealthImprovementResult,
  WealthSettings,
} from './wealth.results';
import { WEALTH_PROCEDURES } from './reference/wealth-procedures';

/** The wealth keys of `campaign.settings`. */
interface StoredWealthSettings {
  purchaseRule?: PurchaseRule;
  lifestyles?: CoreLifestyleGrade[];
}

type OncePerSession = 'income' | 'wealth-improvement';

/** Income dice a domain adds to a character's session income, per source (strongholds: economic tags). */
export type IncomeDiceProvider = (
  m: EntityManager,
  campaign: CampaignEntity,
  character: CharacterEntity,
) => Promise<Array<{ strongholdId: string; dice: number }>>;

/**
 * Work a domain does in the transaction of a character's purchase, after the roll (characters: a
 * hireling bought from its Cost line becomes an NPC). What it returns is merged into the answer.
 */
export type PurchaseHook = (
  m: EntityManager,
  who: Principal,
  character: CharacterEntity,
  purchase: { item: string; cost: number; acquired: boolean; rollId: string | null },
) => Promise<Record<string, unknown>>;

interface Change {
  cashDelta: number;
  wealthDelta: number;
  reason: string;
  note?: string | null;
}

/**
 * Cash and Wealth in a campaign. Every operation is one transaction: the roll, the new balance, the
 * ledger entry and the roll-log entry commit together or not at all, and (with an Idempotency-Key)
 * so does the stored answer. On PostgreSQL the character row is locked for the transaction, so
 * concurrent purchases take turns and Cash can never go below zero; SQLite transactions take turns
 * already.
 */
@Injectable()
export class WealthService implements OnModuleInit {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly rolls: RollsService,
    private readonly state: CampaignStateService,
    private readonly inventory: InventoryService,
  ) {}

  private readonly incomeDice: IncomeDiceProvider[] = [];
  private readonly purchaseHooks: PurchaseHook[] = [];

  /** Lets a domain act on a character's purchase in its transaction. */
  onPurchase(hook: PurchaseHook): void {
    this.purchaseHooks.push(hook);
  }

  /** Lets a domain add dice to characters' income rolls without wealth depending on it. */
  addIncomeDice(provider: IncomeDiceProvider): void {
    this.incomeDice.push(provider);
  }

  onModuleInit(): void {
    this.campaigns.decorateCharacters((character, campaign) => ({
      lifestyle: this.lifestyle(character.wealth, campaign),
    }));
    this.campaigns.onCharacterCreated(async (m, character, by) => {
      await this.writeLedger(
        m,
        by,
        character,
        { cashDelta: character.cash, wealthDelta: character.wealth, reason: 'opening' },
        null,
        null,
      );
    });
  }

  // Settings

  async settings(principal: Principal): Promise<WealthSettings> {
    return this.settingsView(await this.campaigns.campaign(this.db.manager, principal.campaignId));
  }

  updateSettings(
    principal: Principal,
    input: WealthSettingsInput,
    call: ArbiterRequest,
  ): Promise<WealthSettings> {
    return this.db.mutation(call, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, principal.campaignId);
      const stored = { ...(campaign.settings as StoredWealthSettings) };
      if (input.purchaseRule !== undefined) stored.purchaseRule = input.purchaseRule;
      if (input.lifestyles !== undefined) {
        if (input.lifestyles.length === 0) {
          delete stored.lifestyles;
        } else {
          const mapping = input.lifestyles.map((g) => ({ ...{}, ...g, description: g.description ?? '' }));
          validateLifestyleMapping(mapping);
          stored.lifestyles = [...mapping].sort((a, b) => a.grade - b.grade);
        }
      }
      campaign.settings = { ...{}, ...campaign.settings, ...stored };
      if (!stored.lifestyles) delete campaign.settings.lifestyles;
      await m.save(CampaignEntity, campaign);
      return this.settingsView(campaign);
    });
  }

  // Operations

  purchase(who: Principal, characterId: string, input: CharacterPurchaseInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<CharacterPurchaseResult> => {
      const { campaign, character } = await this.load(m, who, characterId);
      await this.state.assertInHaven(m, campaign.id, 'A purchase');
      const terms = {
        cost: input.cost,
        wealth: character.wealth,
        wager: input.wager,
        rule: this.purchaseRule(campaign),
        scarcity: input.scarcity ?? false,
      };
      const { flatCost } = purchaseTest(terms);
      if (flatCost && character.cash < 1) {
        throw Problem.field(
          'INSUFFICIENT_CASH',
          'cost',
          'A flat-cost purchase needs 1 Cash; the character has none.',
        );
      }
      if (!flatCost) this.assertCanWager(character, input.wager);
      const slots = input.inventorySlots ?? 1;
      if (input.addToInventory) await this.assertItemFits(m, campaign, character, input.item, slots);
      const rolled = this.rolls.roll(WEALTH_PROCEDURES.purchase, terms, input.seed, diceBudget(req));
      const change = {
        cashDelta: -rolled.outcome.cashSpent,
        wealthDelta: 0,
        reason: 'purchase',
        note: input.item,
      };
      const item =
        input.addToInventory && rolled.outcome.acquired
          ? await this.inventory.addItem(
              m,
              campaign.id,
              character.id,
              { name: input.item as string, kind: 'gear', slots },
              'addToInventory',
            )
          : null;
      const applied = await this.apply(m, who, campaign, character, change, rolled, {
        ...(item ? { inventoryItemId: item.id } : {}),
      });
      const extra: Record<string, unknown> = {};
      for (const hook of this.purchaseHooks) {
        Object.assign(
          extra,
          await hook(m, who, character, {
            item: input.item ?? '',
            cost: input.cost,
            acquired: rolled.outcome.acquired,
            rollId: applied.rollId,
          }),
        );
      }
      return {
        ...{},
        ...rolled.outcome,
        ...applied,
        inventoryItem: item ? this.inventory.toItem(item) : null,
        ...extra,
      };
    });
  }

  sale(who: Principal, characterId: string, input: CharacterSaleInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<CharacterSaleResult> => {
      const { campaign, character } = await this.load(m, who, characterId);
      const terms = { cost: input.cost, wealth: character.wealth };
      const rolled = this.rolls.roll(WEALTH_PROCEDURES.sale, terms, input.seed, diceBudget(req));
      const change = {
        cashDelta: rolled.outcome.cashGained,
        wealthDelta: 0,
        reason: 'sale',
        note: input.item,
      };
      return { ...{}, ...rolled.outcome, ...(await this.apply(m, who, campaign, character, change, rolled)) };
    });
  }

  income(who: Principal, characterId: string, input: CharacterIncomeInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<CharacterIncomeResult> => {
      const { campaign, character } = await this.load(m, who, characterId);
      await this.state.assertInHaven(m, campaign.id, 'Income');
      const sessionId = await this.claimSessionUse(m, campaign, character, 'income');
      // Economic tags of the character's strongholds add dice (registered by the strongholds module).
      // One after another: `m` is the transaction's one PostgreSQL client.
      const strongholdDice = [];
      for (const dice of this.incomeDice) strongholdDice.push(...(await dice(m, campaign, character)));
      const economicTags = strongholdDice.reduce((sum, s) => sum + s.dice, 0);
      const rolled = this.rolls.roll(
        WEALTH_PROCEDURES.income,
        economicTags > 0 ? { wealth: character.wealth, economicTags } : { wealth: character.wealth },
        input.seed,
        diceBudget(req),
      );
      const change = { cashDelta: rolled.outcome.cashGained, wealthDelta: 0, reason: 'income' };
      const applied = await this.apply(m, who, campaign, character, change, rolled);
      await this.recordSessionUse(m, sessionId, character, 'income', applied.rollId);
      return { ...{}, ...rolled.outcome, wealthDice: character.wealth, strongholdDice, ...applied };
    });
  }

  improveWealth(who: Principal, characterId: string, input: WealthImprovementInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<WealthImprovementResult> => {
      const { campaign, character } = await this.load(m, who, characterId);
      if (character.wealth >= MAX_WEALTH) {
        throw Problem.field(
          'UNPROCESSABLE',
          'wager',
          `Wealth is already at its highest rank, ${MAX_WEALTH}.`,
        );
      }
      const sessionId = await this.claimSessionUse(m, campaign, character, 'wealth-improvement');
      this.assertCanWager(character, input.wager);
      const terms = { targetRank: character.wealth + 1, wager: input.wager };
      const rolled = this.rolls.roll(WEALTH_PROCEDURES.improvement, terms, input.seed, diceBudget(req));
      const change = {
        cashDelta: -rolled.outcome.cashSpent,
        wealthDelta: rolled.outcome.improved ? 1 : 0,
        reason: 'wealth-improvement',
      };
      const applied = await this.apply(m, who, campaign, character, change, rolled);
      await this.recordSessionUse(m, sessionId, character, 'wealth-improvement', applied.rollId);
      return { ...{}, ...rolled.outcome, ...applied };
    });
  }

  adjustCash(
    who: Principal,
    characterId: string,
    input: CashAdjustmentInput,
    call: ArbiterRequest,
  ): Promise<CashAdjustmentResult> {
    return this.db.mutation(call, async (m) => {
      const { campaign, character } = await this.load(m, who, characterId);
      if (input.delta === 0) throw Problem.field('VALIDATION_FAILED', 'delta', 'delta must not be zero.');
      if (character.cash + input.delta < 0) {
        throw Problem.field(
          'INSUFFICIENT_CASH',
          'delta',
          `The character has ${character.cash} Cash; taking ${-input.delta} would leave less than none.`,
        );
      }
      const change = { cashDelta: input.delta, wealthDelta: 0, reason: 'adjustment', note: input.reason };
      const { character: money, ledgerEntry } = await this.apply(m, who, campaign, character, change, null);
      return { character: money, ledgerEntry };
    });
  }

  /**
   * Changes a character's Cash inside the caller's transaction, for any domain that pays or is paid
   * in Cash (stronghold wagers, treasury transfers, horde shares, ritual costs). Locks the character
   * on PostgreSQL (lock several characters in sorted id order, and before the treasury), refuses to go
   * below zero with INSUFFICIENT_CASH naming `field`, and writes the ledger entry.
   */
  async changeCash(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    characterId: string,
    change: { cashDelta: number; reason: string; note?: string | null },
    options: {
      rollId?: string | null;
      field?: string;
      /** The character, already read (locked on PostgreSQL) in this transaction: saves a read. */
      character?: CharacterEntity;
    } = {},
  ): Promise<{ character: CharacterMoney; ledgerEntry: LedgerEntry }> {
    const character =
      options.character?.id === characterId
        ? options.character
        : await this.loadCharacter(m, who, characterId);
    if (character.cash + change.cashDelta < 0) {
      throw Problem.field(
        'INSUFFICIENT_CASH',
        options.field ?? 'cash',
        `${character.name} has ${character.cash} Cash and cannot pay ${-change.cashDelta}.`,
      );
    }
    const cash = character.cash + change.cashDelta;
    await Database.updateRow(m, CharacterEntity, character.id, { cash, updatedAt: now() });
    character.cash = cash;
    const entry = await this.writeLedger(
      m,
      who,
      character,
      { ...{}, ...change, wealthDelta: 0 },
      options.rollId ?? null,
      campaign.currentSessionId,
    );
    return {
      character: {
        id: character.id,
        cash,
        wealth: character.wealth,
        lifestyle: this.lifestyle(character.wealth, campaign),
      },
      ledgerEntry: toLedgerEntry(entry),
    };
  }

  /**
   * `changeCash` for several characters at once (horde shares): one read of every character, the
   * same refusal below zero (naming `field`), one balance update each and one statement for all the
   * ledger entries. Characters are read (and locked, on PostgreSQL) in id order, like `lockCharacters`;
   * the entries come back in the order of `changes`. A character may appear once.
   */
  async changeCashMany(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    changes: Array<{ characterId: string; cashDelta: number; reason: string; note?: string | null }>,
    options: { rollId?: string | null; field?: string; known?: ReadonlyMap<string, CharacterEntity> } = {},
  ): Promise<LedgerEntry[]> {
    if (changes.length === 0) return [];
    const ids = [...new Set(changes.map((c) => c.characterId))].sort();
    if (ids.length !== changes.length) throw new Error('changeCashMany: a character appears twice');
    // SQLite transactions take turns, so characters the caller read in this transaction are current;
    // PostgreSQL reads them again, locked.
    const known = options.known;
    const byId =
      this.db.isSqlite && known && ids.every((id) => known.has(id))
        ? known
        : await this.readCharacters(m, who.campaignId, ids);
    const stamp = now();
    const entries: LedgerEntryEntity[] = [];
    for (const change of changes) {
      const character = byId.get(change.characterId);
      if (!character) throw Problem.notFound(`Character ${change.characterId}`);
      if (character.cash + change.cashDelta < 0) {
        throw Problem.field(
          'INSUFFICIENT_CASH',
          options.field ?? 'cash',
          `${character.name} has ${character.cash} Cash and cannot pay ${-change.cashDelta}.`,
        );
      }
      character.cash += change.cashDelta;
      entries.push(
        this.ledgerRow(
          m,
          who,
          character,
          { ...{}, ...change, wealthDelta: 0 },
          options.rollId ?? null,
          campaign.currentSessionId,
          stamp,
        ),
      );
    }
    await Database.updateRows(
      m,
      CharacterEntity,
      ids.map((id) => ({ id, values: { cash: (byId.get(id) as CharacterEntity).cash, updatedAt: stamp } })),
    );
    await Database.insertRows(m, LedgerEntryEntity, entries);
    return entries.map(toLedgerEntry);
  }

  /**
   * The characters of `ids` in this campaign that exist, by id, read in one statement (locked for
   * update in id order on PostgreSQL): for callers that check existence and then change Cash.
   */
  async readCharacters(
    m: EntityManager,
    campaignId: string,
    ids: string[],
  ): Promise<Map<string, CharacterEntity>> {
    const unique = [...new Set(ids)].sort();
    if (unique.length === 0) return new Map();
    const rows = await Database.selectRows(
      m,
      CharacterEntity,
      { campaignId, id: unique },
      { orderBy: 'id', lock: true },
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  // Reading

  async ledger(who: Principal, characterId: string, query: PageQuery): Promise<Page<LedgerEntry>> {
    await this.campaigns.character(this.db.manager, who.campaignId, characterId);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = decodeCursor<[number]>(query.after, ['number']);
    const rows = await this.db.manager.find(LedgerEntryEntity, {
      where: { characterId, ...(after ? { seq: MoreThan(after[0]) } : {}) },
      order: { seq: 'ASC' },
      take: limit + 1,
    });
    return toPage(rows, limit, toLedgerEntry, (row) => [row.seq]);
  }

  /** The newest entries first, for "recent activity" views. */
  async recentLedger(characterId: string, limit: number): Promise<LedgerEntry[]> {
    const rows = await this.db.manager.find(LedgerEntryEntity, {
      where: { characterId },
      order: { seq: 'DESC' },
      take: limit,
    });
    return rows.map(toLedgerEntry);
  }

  // Internals

  /** The campaign and the character, the character locked for update on PostgreSQL. */
  private async load(m: EntityManager, who: Principal, characterId: string) {
    const campaign = await this.campaigns.campaign(m, who.campaignId);
    return { campaign, character: await this.loadCharacter(m, who, characterId) };
  }

  /** The character alone, locked for update on PostgreSQL. */
  private async loadCharacter(m: EntityManager, who: Principal, characterId: string) {
    const character = this.db.isSqlite
      ? await this.campaigns.character(m, who.campaignId, characterId)
      : await m.findOne(CharacterEntity, {
          where: { id: characterId, campaignId: who.campaignId },
          lock: { mode: 'pessimistic_write' },
        });
    if (!character) throw Problem.notFound(`Character ${characterId}`);
    return character;
  }

  private assertCanWager(character: CharacterEntity, wager: number): void {
    if (wager > character.cash) {
      throw Problem.field(
        'INSUFFICIENT_CASH',
        'wager',
        `The character has ${character.cash} Cash and cannot wager ${wager}.`,
      );
    }
  }

  /** The session in progress, after checking this use has not happened in it yet. */
  private async claimSessionUse(
    m: EntityManager,
    campaign: CampaignEntity,
    character: CharacterEntity,
    kind: OncePerSession,
  ): Promise<string> {
    const sessionId = campaign.currentSessionId;
    if (!sessionId) {
      throw new Problem(
        'NO_SESSION_IN_PROGRESS',
        'This happens once per game session; start a session first.',
      );
    }
    await this.state.assertOnRoster(m, campaign, character.id);
    const used = await m.findOne(SessionUseEntity, { where: { sessionId, characterId: character.id, kind } });
    if (used) {
      throw new Problem(
        'ALREADY_USED_THIS_SESSION',
        `${character.name} has already made the ${kind} roll this session (roll ${used.rollId}).`,
      );
    }
    return sessionId;
  }

  private async recordSessionUse(
    m: EntityManager,
    sessionId: string,
    character: CharacterEntity,
    kind: OncePerSession,
    rollId: string | null,
  ): Promise<void> {
    await m.insert(SessionUseEntity, {
      sessionId,
      characterId: character.id,
      kind,
      rollId,
      createdAt: now(),
    });
  }

  /** Changes the balance, logs the roll and writes the ledger entry, all in the caller's transaction. */
  /**
   * With addToInventory: the item needs a name that fits an inventory and the room for it, checked
   * before anything is rolled or spent (409 INVENTORY_FULL naming addToInventory).
   */
  private async assertItemFits(
    m: EntityManager,
    campaign: CampaignEntity,
    character: CharacterEntity,
    name: string | undefined,
    slots: number,
  ): Promise<void> {
    if (name === undefined || name.trim() === '') {
      throw Problem.field('VALIDATION_FAILED', 'item', 'Name the item to put it into the inventory.');
    }
    if (name.length > 100) {
      throw Problem.field('VALIDATION_FAILED', 'item', 'An inventory item’s name is at most 100 characters.');
    }
    const { capacity, used } = await this.inventory.capacity(m, campaign, character.id);
    if (used + slots > capacity) throw inventoryFull('addToInventory', slots, capacity - used);
  }

  private async apply(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    character: CharacterEntity,
    change: Change,
    rolled: Rolled<unknown> | null,
    moreEffects: Record<string, unknown> = {},
  ): Promise<{
    character: CharacterMoney;
    ledgerEntry: LedgerEntry;
    seed: string;
    rng: string;
    rollId: string | null;
  }> {
    const cash = character.cash + change.cashDelta;
    const wealth = character.wealth + change.wealthDelta;
    if (cash < 0 || wealth < 0 || wealth > MAX_WEALTH) {
      // The checks above make this unreachable; it guards the invariant if they ever change.
      throw new Problem('CONFLICT', 'That change would leave Cash or Wealth out of range.');
    }
    await Database.updateRow(m, CharacterEntity, character.id, { cash, wealth, updatedAt: now() });
    character.cash = cash;
    character.wealth = wealth;
    const effects = {
      characterId: character.id,
      cashDelta: change.cashDelta,
      wealthDelta: change.wealthDelta,
      cashAfter: cash,
      wealthAfter: wealth,
      ...moreEffects,
    };
    const roll = rolled ? await this.rolls.record(m, who, rolled, { effects, campaign }) : null;
    const entry = await this.writeLedger(
      m,
      who,
      character,
      change,
      roll?.id ?? null,
      campaign.currentSessionId,
    );
    return {
      character: { id: character.id, cash, wealth, lifestyle: this.lifestyle(wealth, campaign) },
      ledgerEntry: toLedgerEntry(entry),
      seed: rolled?.seed ?? '',
      rng: rolled?.rng ?? '',
      rollId: roll?.id ?? null,
    };
  }

  private async writeLedger(
    m: EntityManager,
    who: Principal,
    character: CharacterEntity,
    change: Change,
    rollId: string | null,
    sessionId: string | null,
  ): Promise<LedgerEntryEntity> {
    const entry = this.ledgerRow(m, who, character, change, rollId, sessionId, now());
    await Database.insertRow(m, LedgerEntryEntity, entry);
    return entry;
  }

  /** The ledger row of `change`, with the character's balances after it. */
  private ledgerRow(
    m: EntityManager,
    who: Principal,
    character: CharacterEntity,
    change: Change,
    rollId: string | null,
    sessionId: string | null,
    createdAt: string,
  ): LedgerEntryEntity {
    return m.create(LedgerEntryEntity, {
      id: newId(),
      campaignId: character.campaignId,
      characterId: character.id,
      cashDelta: change.cashDelta,
      wealthDelta: change.wealthDelta,
      cashAfter: character.cash,
      wealthAfter: character.wealth,
      reason: change.reason,
      note: change.note ?? null,
      rollId,
      sessionId,
      keyId: who.keyId,
      createdAt,
    });
  }

  private purchaseRule(campaign: CampaignEntity): PurchaseRule {
    return (campaign.settings as StoredWealthSettings).purchaseRule ?? 'discount';
  }

  private lifestyle(wealth: number, campaign: CampaignEntity): string {
    const mapping = (campaign.settings as StoredWealthSettings).lifestyles ?? DEFAULT_LIFESTYLES;
    return lifestyleFor(wealth, mapping).name;
  }

  private settingsView(campaign: CampaignEntity): WealthSettings {
    const stored = campaign.settings as StoredWealthSettings;
    return {
      purchaseRule: stored.purchaseRule ?? 'discount',
      lifestyles: (stored.lifestyles ?? DEFAULT_LIFESTYLES).map((g) => ({ ...g })),
      defaultLifestyles: !stored.lifestyles,
    };
  }
}

export function toLedgerEntry(e: LedgerEntryEntity): LedgerEntry {
  return {
    id: e.id,
    characterId: e.characterId,
    cashDelta: e.cashDelta,
    wealthDelta: e.wealthDelta,
    cashAfter: e.cashAfter,
    wealthAfter: e.wealthAfter,
    reason: e.reason,
    note: e.note,
    rollId: e.rollId,
    sessionId: e.sessionId,
    keyId: e.keyId,
    createdAt: e.createdAt,
  };
}
