import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager, FindOptionsWhere, In as AnyOf, IsNull, Not } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { CampaignStateService } from '../campaign-state/campaign-state.service';
import { TreasuryLedgerEntry } from '../campaign-state/campaign-state.results';
import { Page, PageQuery } from '../common/pagination';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import { cacheRow, defaultSlots, divideCash, type DivisionOutcome } from '../core/treasure';
import { RuleError } from '../core/errors';
import { Dice } from '../core/random';
import { Database } from '../database/database.service';
import { pageByCreation } from '../database/paging';
import { CharacterEntity } from '../database/entities';
import { InventoryItemEntity } from '../inventory/inventory.entities';
import { InventoryItem } from '../inventory/inventory.results';
import { InventoryService, toItem } from '../inventory/inventory.service';
import { RollsService } from '../rolls/rolls.service';
import { WealthService } from '../wealth/wealth.service';
import { LedgerEntry } from '../wealth/wealth.results';
import { TREASURE_PROCEDURES } from './treasure-procedures';
import { HordeEntity, StoredHordeItem } from './treasure.entities';
import { CreateHordeInput, DivideHordeInput, HordeItemInput, PlaceSiteHordesInput } from './treasure.inputs';
import { DivisionResult, Horde, PlacedSiteHordes, TreasureConversionResult } from './treasure.results';

/** An explicit split rolls nothing: dice that refuse to be rolled prove it. */
const NO_DICE = new Dice({
  int: () => {
    throw new Error('An explicit split rolls no dice.');
  },
});

/** A derived seed for the i-th roll of one request, so a seeded site placement replays whole. */
function derivedSeed(seed: string | undefined, label: string): string | undefined {
  if (seed === undefined) return undefined;
  return createHash('sha256').update(`${seed}/${label}`, 'utf8').digest('hex').slice(0, 32);
}

/**
 * Hordes in a campaign (SPEC 5.3): placed by the referee, secret until discovered (other keys cannot
 * tell them from ids that do not exist; their rolls stay sealed), revealed at discovery and divided
 * once into Cash on the characters' ledgers, set-aside shares in the treasury and items in
 * inventories; plus the conversion of carried treasure into Cash in a haven.
 */
@Injectable()
export class HordesService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly rolls: RollsService,
    private readonly state: CampaignStateService,
    private readonly wealth: WealthService,
    private readonly inventory: InventoryService,
  ) {}

  // Reading

  list(who: Principal, query: PageQuery): Promise<Page<Horde>> {
    const base: FindOptionsWhere<HordeEntity> =
      who.role === 'referee'
        ? { campaignId: who.campaignId }
        : { campaignId: who.campaignId, discoveredAt: Not(IsNull()) };
    return pageByCreation(this.db.manager, HordeEntity, base, query, toHorde);
  }

  async get(who: Principal, hordeId: string): Promise<Horde> {
    return toHorde(await this.visible(this.db.manager, who, hordeId));
  }

  // Placing

  create(who: Principal, input: CreateHordeInput, req: ArbiterRequest): Promise<Horde> {
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const items = (input.items ?? []).map((item, i) => hordeItem(item, `items[${i}]`));
      const discovered = input.discovered === true;
      let cash = input.cash ?? 0;
      const rollIds: string[] = [];
      if (input.generate) {
        if (!input.difficulty) {
          throw Problem.field('VALIDATION_FAILED', 'difficulty', 'A generated horde needs its difficulty.');
        }
        if (input.cash !== undefined && input.cash !== null) {
          throw Problem.field('VALIDATION_FAILED', 'cash', 'Send cash or generate, not both.');
        }
        const rolled = this.rolls.roll(
          TREASURE_PROCEDURES.cache,
          { difficulty: input.difficulty },
          input.seed ?? undefined,
          diceBudget(req),
        );
        cash = rolled.outcome.cash;
        const roll = await this.rolls.record(m, who, rolled, { campaign, secret: !discovered });
        rollIds.push(roll.id);
      }
      const stamp = now();
      const row: HordeEntity = {
        id: newId(),
        campaignId: campaign.id,
        site: input.site,
        difficulty: input.difficulty ?? null,
        cash,
        items,
        rollIds,
        placementId: null,
        placementRollId: null,
        discoveredAt: discovered ? stamp : null,
        dividedAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      await Database.insertRow(m, HordeEntity, row);
      return toHorde(row);
    });
  }

  placeSite(who: Principal, input: PlaceSiteHordesInput, req: ArbiterRequest): Promise<PlacedSiteHordes> {
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      cacheRow(input.difficulty);
      let averagePlayers = input.averagePlayers ?? null;
      if (averagePlayers === null) {
        const roster = await this.state.roster(m, campaign);
        averagePlayers =
          roster.length > 0
            ? roster.length
            : await m.count(CharacterEntity, { where: { campaignId: campaign.id } });
      }
      if (averagePlayers <= 0) {
        throw Problem.field(
          'VALIDATION_FAILED',
          'averagePlayers',
          'The campaign has no characters yet: send averagePlayers.',
        );
      }
      const budget = diceBudget(req);
      const seed = input.seed ?? undefined;
      const counted = this.rolls.roll(TREASURE_PROCEDURES.hordeCount, { averagePlayers }, seed, budget);
      const countRoll = await this.rolls.record(m, who, counted, { campaign, secret: true });
      const placementId = newId();
      const hordes: HordeEntity[] = [];
      for (let i = 0; i < counted.outcome.hordeCount; i++) {
        const rolled = this.rolls.roll(
          TREASURE_PROCEDURES.cache,
          { difficulty: input.difficulty },
          derivedSeed(seed, `horde-${i + 1}`),
          budget,
        );
        const roll = await this.rolls.record(m, who, rolled, { campaign, secret: true });
        const stamp = now();
        const row: HordeEntity = {
          id: newId(),
          campaignId: campaign.id,
          site: input.site,
          difficulty: input.difficulty,
          cash: rolled.outcome.cash,
          items: [],
          rollIds: [roll.id],
          placementId,
          placementRollId: countRoll.id,
          discoveredAt: null,
          dividedAt: null,
          createdAt: stamp,
          updatedAt: stamp,
        };
        await Database.insertRow(m, HordeEntity, row);
        hordes.push(row);
      }
      return {
        site: input.site,
        difficulty: input.difficulty,
        averagePlayers,
        hordeCount: counted.outcome.hordeCount,
        hordes: hordes.map(toHorde),
        totalCash: hordes.reduce((sum, h) => sum + h.cash, 0),
        odds: counted.outcome.odds,
        rollIds: [countRoll.id, ...hordes.map((h) => h.rollIds[0])],
      };
    });
  }

  /** Reveals the horde and its rolls (a no-op when already discovered). */
  discover(who: Principal, hordeId: string, req: ArbiterRequest): Promise<Horde> {
    return this.db.mutation(req, async (m) => {
      const row = await this.locked(m, who.campaignId, hordeId);
      if (row.discoveredAt) return toHorde(row);
      const stamp = now();
      await Database.updateRow(m, HordeEntity, row.id, { discoveredAt: stamp, updatedAt: stamp });
      row.discoveredAt = stamp;
      const reveal = [...row.rollIds];
      if (row.placementId && row.placementRollId) {
        // The count of a site's hordes tells how many there are: shown only once every one is found.
        const hidden = await m.count(HordeEntity, {
          where: { placementId: row.placementId, discoveredAt: IsNull(), id: Not(row.id) },
        });
        if (hidden === 0) reveal.push(row.placementRollId);
      }
      await this.rolls.reveal(m, who.campaignId, reveal);
      return toHorde(row);
    });
  }

  // Dividing

  divide(
    who: Principal,
    hordeId: string,
    input: DivideHordeInput,
    req: ArbiterRequest,
  ): Promise<DivisionResult> {
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const horde = await this.locked(m, campaign.id, hordeId);
      if (!horde.discoveredAt) {
        throw new Problem(
          'NOT_DISCOVERED',
          'The characters have not discovered this horde yet; discover it first.',
        );
      }
      if (horde.dividedAt)
        throw new Problem('ALREADY_DIVIDED', `This horde was divided at ${horde.dividedAt}.`);
      const mode = input.mode ?? 'even';
      const setAside = [...new Set(input.setAside ?? [])];
      if (mode !== 'shares' && input.shares?.length) {
        throw Problem.field('VALIDATION_FAILED', 'shares', 'Weighted shares go with mode "shares".');
      }
      if (mode !== 'explicit' && input.allocations?.length) {
        throw Problem.field('VALIDATION_FAILED', 'allocations', 'Agreed amounts go with mode "explicit".');
      }

      // Who shares, in a stable order: those present, then set-aside shares, then extra weighted ones.
      let shares: Array<{ id: string; weight?: number; cash?: number }>;
      let known: ReadonlyMap<string, CharacterEntity> | undefined;
      if (mode === 'explicit') {
        if (!input.allocations?.length) {
          throw Problem.field(
            'VALIDATION_FAILED',
            'allocations',
            'An explicit split lists each share’s Cash.',
          );
        }
        shares = input.allocations.map((a) => ({ id: a.characterId, cash: a.cash }));
        await this.assertCharacters(
          m,
          campaign.id,
          shares.map((s) => s.id),
          'allocations',
        );
      } else {
        const present = input.characterIds
          ? [...new Set(input.characterIds)]
          : await this.state.roster(m, campaign);
        const overlap = setAside.filter((id) => present.includes(id));
        if (overlap.length > 0) {
          throw Problem.field(
            'VALIDATION_FAILED',
            'setAside',
            `Present characters take their own share: ${overlap.join(', ')}.`,
          );
        }
        const ids = [...present, ...setAside];
        const weights = new Map((input.shares ?? []).map((s) => [s.characterId, s.share]));
        for (const id of weights.keys()) if (!ids.includes(id)) ids.push(id);
        if (ids.length === 0) {
          throw Problem.field(
            'VALIDATION_FAILED',
            'characterIds',
            'No session roster to default to: name the characters present.',
          );
        }
        // On SQLite this one read also serves the Cash changes below (see changeCashMany).
        known = this.db.isSqlite
          ? await this.wealth.readCharacters(m, campaign.id, [...present, ...weights.keys()])
          : undefined;
        await this.assertCharacters(m, campaign.id, present, 'characterIds', known);
        await this.assertCharacters(m, campaign.id, setAside, 'setAside');
        await this.assertCharacters(m, campaign.id, [...weights.keys()], 'shares', known);
        shares = ids.map((id) => ({ id, ...(mode === 'shares' ? { weight: weights.get(id) ?? 1 } : {}) }));
      }

      // Every item of the horde goes to exactly one named character.
      const placements = input.items ?? [];
      const itemIds = new Set(horde.items.map((i) => i.id));
      const seen = new Set<string>();
      placements.forEach((p, i) => {
        if (!itemIds.has(p.itemId)) {
          throw Problem.field(
            'VALIDATION_FAILED',
            `items[${i}].itemId`,
            `The horde has no item ${p.itemId}.`,
          );
        }
        if (seen.has(p.itemId)) {
          throw Problem.field('VALIDATION_FAILED', `items[${i}].itemId`, `Item ${p.itemId} is placed twice.`);
        }
        seen.add(p.itemId);
      });
      const unplaced = horde.items.filter((i) => !seen.has(i.id));
      if (unplaced.length > 0) {
        throw Problem.field(
          'VALIDATION_FAILED',
          'items',
          `Say who carries every item: ${unplaced.map((i) => `${i.name} (${i.id})`).join(', ')}.`,
        );
      }
      await this.assertCharacters(
        m,
        campaign.id,
        placements.map((p) => p.characterId),
        'items',
      );

      // Lock everyone who receives something, in id order, before any balance or slot is read
      // (PostgreSQL; SQLite transactions take turns, and the characters were checked above).
      const receiving = [
        ...shares.filter((s) => !setAside.includes(s.id)).map((s) => s.id),
        ...placements.map((p) => p.characterId),
      ];
      if (!this.db.isSqlite) await this.inventory.lockCharacters(m, campaign.id, receiving);

      let outcome: DivisionOutcome;
      let rollId: string | null = null;
      let seed: string | null = null;
      let rng: string | null = null;
      const terms = { cash: horde.cash, mode, shares };
      if (mode === 'explicit') {
        outcome = blameInput(mode, () => divideCash(terms, NO_DICE));
      } else {
        const rolled = blameInput(mode, () =>
          this.rolls.roll(TREASURE_PROCEDURES.division, terms, input.seed ?? undefined, diceBudget(req)),
        );
        outcome = rolled.outcome;
        const roll = await this.rolls.record(m, who, rolled, {
          campaign,
          effects: {
            hordeId: horde.id,
            shares: outcome.shares.map((s) => ({
              characterId: s.id,
              cash: s.cash,
              setAside: setAside.includes(s.id),
            })),
          },
        });
        rollId = roll.id;
        seed = rolled.seed;
        rng = rolled.rng;
      }

      const note = `horde ${horde.site}`.slice(0, 200);
      const treasuryEntries: TreasuryLedgerEntry[] = [];
      // One read, one balance update each and one ledger statement for every share, in id order.
      const ledgerEntries: LedgerEntry[] = await this.wealth.changeCashMany(
        m,
        who,
        campaign,
        [...outcome.shares]
          .filter((share) => share.cash !== 0 && !setAside.includes(share.id))
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .map((share) => ({ characterId: share.id, cashDelta: share.cash, reason: 'horde-share', note })),
        { rollId, known },
      );
      for (const share of outcome.shares) {
        if (share.cash === 0 || !setAside.includes(share.id)) continue;
        treasuryEntries.push(
          await this.state.changeTreasury(m, who, campaign, {
            delta: share.cash,
            reason: 'horde-share-set-aside',
            note,
            rollId,
            characterId: share.id,
          }),
        );
      }

      const items: InventoryItem[] = [];
      for (const [i, placement] of placements.entries()) {
        const item = horde.items.find((it) => it.id === placement.itemId) as StoredHordeItem;
        const added = await this.inventory.addItem(
          m,
          campaign.id,
          placement.characterId,
          { name: item.name, kind: item.kind, slots: item.slots, cash: item.cash },
          `items[${i}].characterId`,
        );
        items.push(toItem(added));
      }

      const stamp = now();
      await Database.updateRow(m, HordeEntity, horde.id, { dividedAt: stamp, updatedAt: stamp });
      horde.dividedAt = stamp;
      return {
        horde: toHorde(horde),
        mode,
        cash: horde.cash,
        shares: outcome.shares.map((s) => ({
          characterId: s.id,
          weight: s.weight,
          fair: s.fair,
          cash: s.cash,
          wonLot: s.wonLot,
          setAside: setAside.includes(s.id),
        })),
        leftover: outcome.leftover,
        lotWinners: outcome.lotWinners,
        ledgerEntries,
        treasuryEntries,
        items,
        rollId,
        seed,
        rng,
      };
    });
  }

  // Converting

  convert(who: Principal, characterId: string, req: ArbiterRequest): Promise<TreasureConversionResult> {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.campaigns.character(m, campaign.id, characterId);
      const clock = await this.state.clock(m, campaign.id);
      if (clock.scale !== 'haven') {
        throw new Problem(
          'NOT_IN_HAVEN',
          `Treasure turns into Cash only in a haven; the campaign is at the ${clock.scale} scale.`,
        );
      }
      if (clock.havenKind !== 'town') {
        throw new Problem(
          'NOT_IN_TOWN',
          'Treasure turns into Cash only once returned to civilization: this haven is a camp, not a town.',
        );
      }
      await this.inventory.lockCharacters(m, campaign.id, [characterId]);
      const rows = await m.find(InventoryItemEntity, {
        where: { campaignId: campaign.id, characterId, kind: AnyOf(['treasure', 'commodity']) },
        order: { createdAt: 'ASC', id: 'ASC' },
      });
      const cashGained = rows.reduce((sum, r) => sum + (r.cash ?? 0), 0);
      if (rows.length > 0) {
        await m.delete(InventoryItemEntity, { id: AnyOf(rows.map((r) => r.id)) });
        await this.inventory.itemsLeft(
          m,
          campaign.id,
          characterId,
          rows.map((r) => r.id),
        );
      }
      if (cashGained === 0) {
        const character = await this.campaigns.toCharacter(
          m,
          await this.campaigns.character(m, campaign.id, characterId),
        );
        return {
          converted: rows.map(toItem),
          cashGained,
          character: {
            id: character.id,
            cash: character.cash,
            wealth: character.wealth,
            lifestyle: character.lifestyle,
          },
          ledgerEntry: null,
        };
      }
      const note = rows
        .map((r) => r.name)
        .join(', ')
        .slice(0, 200);
      const paid = await this.wealth.changeCash(m, who, campaign, characterId, {
        cashDelta: cashGained,
        reason: 'treasure-conversion',
        note,
      });
      return {
        converted: rows.map(toItem),
        cashGained,
        character: paid.character,
        ledgerEntry: paid.ledgerEntry,
      };
    });
  }

  // Internals

  /**
   * A horde the caller may see. Undiscovered hordes are answered for other keys exactly as an id
   * that does not exist, so the answer cannot tell them apart.
   */
  private async visible(m: EntityManager, who: Principal, hordeId: string): Promise<HordeEntity> {
    const row = await m.findOne(HordeEntity, { where: { id: hordeId, campaignId: who.campaignId } });
    if (!row || (who.role !== 'referee' && !row.discoveredAt)) throw Problem.notFound(`Horde ${hordeId}`);
    return row;
  }

  /** The horde, locked for the transaction on PostgreSQL (referee routes only). */
  private async locked(m: EntityManager, campaignId: string, hordeId: string): Promise<HordeEntity> {
    const [row] = await Database.selectRows(m, HordeEntity, { id: hordeId, campaignId }, { lock: true });
    if (!row) throw Problem.notFound(`Horde ${hordeId}`);
    return row;
  }

  /** Refuses ids that are not characters of the campaign, naming `field`; `known` spares the read. */
  private async assertCharacters(
    m: EntityManager,
    campaignId: string,
    ids: string[],
    field: string,
    known?: ReadonlyMap<string, CharacterEntity>,
  ) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const found = known
      ? new Set(known.keys())
      : new Set(
          (
            await m.find(CharacterEntity, { where: { campaignId, id: AnyOf(unique) }, select: { id: true } })
          ).map((c) => c.id),
        );
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw Problem.field(
        'VALIDATION_FAILED',
        field,
        `No such character in this campaign: ${missing.join(', ')}.`,
      );
    }
  }
}

/**
 * The core numbers the shares of a division (`shares[3].weight`); the request names them otherwise,
 * so a refusal is pinned on the input the caller sent: `shares` or `allocations`.
 */
function blameInput<T>(mode: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RuleError && error.field?.startsWith('shares[')) {
      throw new RuleError(error.code, error.message, mode === 'explicit' ? 'allocations' : 'shares');
    }
    throw error;
  }
}

function hordeItem(input: HordeItemInput, field: string): StoredHordeItem {
  const cash = input.cash ?? null;
  if (input.kind === 'artifact' && cash !== null) {
    throw Problem.field(
      'VALIDATION_FAILED',
      `${field}.cash`,
      'Artifacts are priceless: they have no Cash value.',
    );
  }
  if (input.kind !== 'artifact' && cash === null) {
    throw Problem.field(
      'VALIDATION_FAILED',
      `${field}.cash`,
      `A ${input.kind} item is rated in Cash: send cash.`,
    );
  }
  return {
    id: newId(),
    name: input.name,
    kind: input.kind,
    cash,
    slots: input.slots ?? defaultSlots(input.kind, cash),
  };
}

export function toHorde(row: HordeEntity): Horde {
  return {
    id: row.id,
    site: row.site,
    difficulty: row.difficulty,
    cash: row.cash,
    items: row.items.map((i) => ({ ...i })),
    discovered: row.discoveredAt !== null,
    discoveredAt: row.discoveredAt,
    divided: row.dividedAt !== null,
    dividedAt: row.dividedAt,
    rollIds: [...row.rollIds],
    createdAt: row.createdAt,
  };
}
