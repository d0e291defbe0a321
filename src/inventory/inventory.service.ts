import { Injectable } from '@nestjs/common';
import { EntityManager, In as AnyOf } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import {
  CARRIER_SLOTS,
  DEFAULT_INVENTORY_SLOTS,
  defaultSlots,
  inventoryCapacity,
  type ItemKind,
} from '../core/treasure';
import { Database } from '../database/database.service';
import { CampaignEntity, CharacterEntity } from '../database/entities';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { InventoryCarrierEntity, InventoryItemEntity } from './inventory.entities';
import {
  AddCarrierInput,
  AddInventoryItemInput,
  DepletionCheckInput,
  InventorySettingsInput,
  MoveInventoryItemInput,
  SpendMaterialInput,
  UpdateInventoryItemInput,
} from './inventory.inputs';
import { INVENTORY_PROCEDURES } from './inventory-procedures';
import {
  Carrier,
  DepletionCheckResult,
  Inventory,
  InventoryItem,
  InventorySettings,
  SpendMaterialResult,
} from './inventory.results';

/** What a domain puts into an inventory (the fixed API other domains call). */
/** Told, inside the transaction, when items leave a character's inventory (moved, spent, destroyed). */
export type ItemsLeaveHook = (
  m: EntityManager,
  campaignId: string,
  characterId: string,
  itemIds: string[],
) => Promise<void>;

export interface NewInventoryItem {
  name: string;
  kind: ItemKind;
  slots?: number;
  cash?: number | null;
  depletion?: number | null;
  dice?: number | null;
  notes?: string | null;
  /** A Foundry Cairn item's data, kept for the export (src/core/characters/foundry-cairn.ts). */
  foundry?: Record<string, unknown> | null;
}

/**
 * COEAC inventories (SPEC 5.3): items in slots, carriers that add slots, depletion checks and
 * materials counted in dice. The methods taking an EntityManager run in the caller's transaction and
 * are the API other domains use (crafting pays Cybalt with `spendDice`); they lock the character row
 * on PostgreSQL before counting slots, so two concurrent additions cannot both squeeze into the last
 * free slot.
 */
@Injectable()
export class InventoryService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly rolls: RollsService,
    registry: ProcedureRegistry,
  ) {
    registry.register(...(Object.values(INVENTORY_PROCEDURES) as never[]));
  }

  private readonly leaveHooks: ItemsLeaveHook[] = [];

  // The API other domains use

  /** Runs `hook` whenever items leave a character's inventory (crafting ends attunements so). */
  onItemsLeave(hook: ItemsLeaveHook): void {
    this.leaveHooks.push(hook);
  }

  /** Tells the hooks that items left `characterId`; every path that moves or deletes items calls it. */
  async itemsLeft(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    itemIds: string[],
  ): Promise<void> {
    if (itemIds.length === 0) return;
    for (const hook of this.leaveHooks) await hook(m, campaignId, characterId, itemIds);
  }

  async item(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    itemId: string,
  ): Promise<InventoryItemEntity> {
    const row = await m.findOne(InventoryItemEntity, { where: { id: itemId, campaignId, characterId } });
    if (!row) throw Problem.notFound(`Item ${itemId} of character ${characterId}`);
    return row;
  }

  async addItem(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    item: NewInventoryItem,
    field = 'items',
  ): Promise<InventoryItemEntity> {
    return this.insertItem(m, campaignId, characterId, item, field, `${field}.`);
  }

  async removeItem(m: EntityManager, campaignId: string, characterId: string, itemId: string): Promise<void> {
    const row = await this.item(m, campaignId, characterId, itemId);
    await m.delete(InventoryItemEntity, { id: row.id });
    await this.itemsLeft(m, campaignId, characterId, [row.id]);
  }

  async spendDice(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    itemId: string,
    dice: number,
    field = 'dice',
  ): Promise<InventoryItemEntity> {
    await this.lockCharacter(m, campaignId, characterId);
    const row = await this.item(m, campaignId, characterId, itemId);
    if (row.kind !== 'material' || row.dice === null) {
      throw Problem.field('UNPROCESSABLE', field, `${row.name} is not a material counted in dice.`);
    }
    if (!Number.isInteger(dice) || dice < 1 || dice > row.dice) {
      throw Problem.field(
        'UNPROCESSABLE',
        field,
        `${row.name} holds ${row.dice} dice; ${dice} cannot be spent from it.`,
      );
    }
    row.dice -= dice;
    row.updatedAt = now();
    if (row.dice === 0) {
      await m.delete(InventoryItemEntity, { id: row.id });
      await this.itemsLeft(m, campaignId, characterId, [row.id]);
    } else
      await Database.updateRow(m, InventoryItemEntity, row.id, { dice: row.dice, updatedAt: row.updatedAt });
    return row;
  }

  async capacity(
    m: EntityManager,
    campaign: CampaignEntity,
    characterId: string,
  ): Promise<{ capacity: number; used: number }> {
    const carriers = await m.find(InventoryCarrierEntity, {
      where: { campaignId: campaign.id, characterId },
      select: { kind: true },
    });
    const items = await m.find(InventoryItemEntity, {
      where: { campaignId: campaign.id, characterId },
      select: { slots: true },
    });
    return {
      capacity: inventoryCapacity(
        baseSlots(campaign),
        carriers.map((c) => c.kind),
      ),
      used: items.reduce((sum, i) => sum + i.slots, 0),
    };
  }

  /**
   * Locks the characters (PostgreSQL) in sorted id order, the project's lock order; a missing one is
   * a 404. Domains that add items to several characters call it first.
   */
  async lockCharacters(m: EntityManager, campaignId: string, characterIds: string[]): Promise<void> {
    const ids = [...new Set(characterIds)].sort();
    if (!this.db.isSqlite) {
      for (const id of ids) await this.lockCharacter(m, campaignId, id);
      return;
    }
    // SQLite transactions take turns already: only their existence needs checking, in one statement.
    if (ids.length === 0) return;
    const found = await m.find(CharacterEntity, {
      where: { campaignId, id: AnyOf(ids) },
      select: { id: true },
    });
    const missing = ids.find((id) => !found.some((c) => c.id === id));
    if (missing) throw Problem.notFound(`Character ${missing}`);
  }

  /** The inventory view of a stored item. */
  toItem(row: InventoryItemEntity): InventoryItem {
    return toItem(row);
  }

  // Routes

  async view(who: Principal, characterId: string): Promise<Inventory> {
    const m = this.db.manager;
    await this.campaigns.character(m, who.campaignId, characterId);
    return this.inventoryOf(m, await this.campaigns.campaign(m, who.campaignId), characterId);
  }

  add(who: Principal, characterId: string, input: AddInventoryItemInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<InventoryItem> => {
      return toItem(await this.insertItem(m, who.campaignId, characterId, input, 'slots', ''));
    });
  }

  update(
    who: Principal,
    characterId: string,
    itemId: string,
    input: UpdateInventoryItemInput,
    req: ArbiterRequest,
  ) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<InventoryItem> => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.lockCharacter(m, campaign.id, characterId);
      const row = await this.item(m, campaign.id, characterId, itemId);
      const changes: Partial<InventoryItemEntity> = {};
      if (input.name !== undefined && input.name !== null) changes.name = input.name;
      if (input.cash !== undefined && input.cash !== null) changes.cash = input.cash;
      if (input.depletion !== undefined && input.depletion !== null) changes.depletion = input.depletion;
      if (input.lastUse !== undefined && input.lastUse !== null) changes.lastUse = input.lastUse;
      if (input.notes !== undefined && input.notes !== null) changes.notes = input.notes;
      if (input.broken !== undefined && input.broken !== null) changes.broken = input.broken;
      if (input.dice !== undefined && input.dice !== null) {
        if (row.kind !== 'material')
          throw Problem.field('UNPROCESSABLE', 'dice', 'Only materials are counted in dice.');
        changes.dice = input.dice;
      }
      if (input.slots !== undefined && input.slots !== null && input.slots !== row.slots) {
        const { capacity, used } = await this.capacity(m, campaign, characterId);
        const after = used - row.slots + input.slots;
        if (after > capacity) throw inventoryFull('slots', input.slots - row.slots, capacity - used);
        changes.slots = input.slots;
      }
      changes.updatedAt = now();
      await Database.updateRow(m, InventoryItemEntity, row.id, changes);
      return toItem({ ...{}, ...row, ...changes });
    });
  }

  remove(who: Principal, characterId: string, itemId: string, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<Inventory> => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.removeItem(m, campaign.id, characterId, itemId);
      return this.inventoryOf(m, campaign, characterId);
    });
  }

  move(
    who: Principal,
    characterId: string,
    itemId: string,
    input: MoveInventoryItemInput,
    req: ArbiterRequest,
  ) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<InventoryItem> => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const to = input.characterId;
      const target = await m.findOne(CharacterEntity, { where: { id: to, campaignId: campaign.id } });
      if (!target)
        throw Problem.field('VALIDATION_FAILED', 'characterId', `No character ${to} in this campaign.`);
      await this.lockCharacters(m, campaign.id, [characterId, to]);
      const row = await this.item(m, campaign.id, characterId, itemId);
      if (to === characterId) return toItem(row);
      const { capacity, used } = await this.capacity(m, campaign, to);
      if (used + row.slots > capacity) throw inventoryFull('characterId', row.slots, capacity - used);
      const stamp = now();
      await Database.updateRow(m, InventoryItemEntity, row.id, { characterId: to, updatedAt: stamp });
      await this.itemsLeft(m, campaign.id, characterId, [row.id]);
      return toItem({ ...{}, ...row, characterId: to, updatedAt: stamp });
    });
  }

  depletionCheck(
    who: Principal,
    characterId: string,
    itemId: string,
    input: DepletionCheckInput,
    req: ArbiterRequest,
  ) {
    assertMayActFor(who, characterId);
    if (input.secret && who.role !== 'referee') {
      throw new Problem('FORBIDDEN', 'Only the referee may make a roll secret.');
    }
    return this.db.mutation(req, async (m): Promise<DepletionCheckResult> => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.lockCharacter(m, campaign.id, characterId);
      const row = await this.item(m, campaign.id, characterId, itemId);
      if (row.depletion === null) {
        throw Problem.field(
          'UNPROCESSABLE',
          'itemId',
          `${row.name} has no depletion score; it does not run out.`,
        );
      }
      const rolled = this.rolls.roll(
        INVENTORY_PROCEDURES.depletion,
        { score: row.depletion, lastUse: row.lastUse },
        input.seed ?? undefined,
        diceBudget(req),
      );
      const outcome = rolled.outcome;
      let item: InventoryItem | null = null;
      if (outcome.spent) {
        await m.delete(InventoryItemEntity, { id: row.id });
        await this.itemsLeft(m, campaign.id, characterId, [row.id]);
      } else {
        const stamp = now();
        if (outcome.lastUse !== row.lastUse) {
          await Database.updateRow(m, InventoryItemEntity, row.id, {
            lastUse: outcome.lastUse,
            updatedAt: stamp,
          });
        }
        item = toItem({ ...{}, ...row, lastUse: outcome.lastUse });
      }
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        secret: input.secret === true,
        effects: { characterId, itemId, lastUse: outcome.lastUse, spent: outcome.spent },
      });
      return { ...{}, ...outcome, item, rollId: roll.id, seed: rolled.seed, rng: rolled.rng };
    });
  }

  spend(who: Principal, characterId: string, itemId: string, input: SpendMaterialInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<SpendMaterialResult> => {
      await this.campaigns.character(m, who.campaignId, characterId);
      const row = await this.spendDice(m, who.campaignId, characterId, itemId, input.dice, 'dice');
      const remaining = row.dice ?? 0;
      return { spent: input.dice, remaining, item: remaining > 0 ? toItem(row) : null };
    });
  }

  addCarrier(who: Principal, characterId: string, input: AddCarrierInput, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<Inventory> => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.lockCharacter(m, campaign.id, characterId);
      await Database.insertRow(m, InventoryCarrierEntity, {
        id: newId(),
        campaignId: campaign.id,
        characterId,
        kind: input.kind,
        name: input.name ?? null,
        createdAt: now(),
      });
      return this.inventoryOf(m, campaign, characterId);
    });
  }

  removeCarrier(who: Principal, characterId: string, carrierId: string, req: ArbiterRequest) {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m): Promise<Inventory> => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.lockCharacter(m, campaign.id, characterId);
      const carrier = await m.findOne(InventoryCarrierEntity, {
        where: { id: carrierId, campaignId: campaign.id, characterId },
      });
      if (!carrier) throw Problem.notFound(`Carrier ${carrierId}`);
      const { capacity, used } = await this.capacity(m, campaign, characterId);
      const after = capacity - CARRIER_SLOTS[carrier.kind];
      if (used > after) {
        throw new Problem(
          'INVENTORY_FULL',
          `Without this carrier the character would have ${after} slots for ${used} slots of items; ` +
            `drop or hand over ${used - after} slots first.`,
          [{ field: 'carrierId', message: `needs ${used - after} more slots than would be left` }],
        );
      }
      await m.delete(InventoryCarrierEntity, { id: carrier.id });
      return this.inventoryOf(m, campaign, characterId);
    });
  }

  async settings(who: Principal): Promise<InventorySettings> {
    return { inventorySlots: baseSlots(await this.campaigns.campaign(this.db.manager, who.campaignId)) };
  }

  updateSettings(who: Principal, input: InventorySettingsInput, req: ArbiterRequest) {
    return this.db.mutation(req, async (m): Promise<InventorySettings> => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      campaign.settings = { ...{}, ...campaign.settings, inventorySlots: input.inventorySlots };
      await m.save(CampaignEntity, campaign);
      return { inventorySlots: input.inventorySlots };
    });
  }

  // Internals

  async inventoryOf(m: EntityManager, campaign: CampaignEntity, characterId: string): Promise<Inventory> {
    const carriers = await m.find(InventoryCarrierEntity, {
      where: { campaignId: campaign.id, characterId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const items = await m.find(InventoryItemEntity, {
      where: { campaignId: campaign.id, characterId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const base = baseSlots(campaign);
    const capacity = inventoryCapacity(
      base,
      carriers.map((c) => c.kind),
    );
    const used = items.reduce((sum, i) => sum + i.slots, 0);
    return {
      characterId,
      capacity,
      used,
      free: capacity - used,
      baseSlots: base,
      carriers: carriers.map(toCarrier),
      items: items.map(toItem),
    };
  }

  private async insertItem(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    item: NewInventoryItem,
    fullField: string,
    prefix: string,
  ): Promise<InventoryItemEntity> {
    const campaign = await this.campaigns.campaign(m, campaignId);
    await this.lockCharacter(m, campaignId, characterId);
    const cash = item.cash ?? null;
    const dice = item.dice ?? null;
    // Other domains call this directly, past the input classes: the columns' limits are checked here.
    if (typeof item.name !== 'string' || item.name.length === 0 || item.name.length > 100) {
      throw Problem.field('VALIDATION_FAILED', `${prefix}name`, 'An item’s name is 1 to 100 characters.');
    }
    if ((item.notes ?? '').length > 500) {
      throw Problem.field('VALIDATION_FAILED', `${prefix}notes`, 'Notes are at most 500 characters.');
    }
    for (const [key, value] of Object.entries({ slots: item.slots, cash, dice, depletion: item.depletion })) {
      if (value !== undefined && value !== null && (!Number.isSafeInteger(value) || value < 0)) {
        throw Problem.field('VALIDATION_FAILED', `${prefix}${key}`, `${key} is a whole number, 0 or more.`);
      }
    }
    if ((item.kind === 'treasure' || item.kind === 'commodity') && cash === null) {
      throw Problem.field(
        'VALIDATION_FAILED',
        `${prefix}cash`,
        `A ${item.kind} item is rated in Cash: send cash.`,
      );
    }
    if (item.kind === 'material' && (dice === null || dice < 1)) {
      throw Problem.field(
        'VALIDATION_FAILED',
        `${prefix}dice`,
        'A material is counted in dice: send dice (1 or more).',
      );
    }
    if (item.kind !== 'material' && dice !== null) {
      throw Problem.field('VALIDATION_FAILED', `${prefix}dice`, 'Only materials are counted in dice.');
    }
    const slots = item.slots ?? defaultSlots(item.kind, cash);
    const { capacity, used } = await this.capacity(m, campaign, characterId);
    if (used + slots > capacity) throw inventoryFull(fullField, slots, capacity - used);
    const stamp = now();
    const row: InventoryItemEntity = {
      id: newId(),
      campaignId,
      characterId,
      name: item.name,
      kind: item.kind,
      slots,
      cash,
      depletion: item.depletion ?? null,
      lastUse: false,
      broken: false,
      dice,
      notes: item.notes ?? null,
      ...(item.foundry ? { foundry: JSON.stringify(item.foundry) } : {}),
      createdAt: stamp,
      updatedAt: stamp,
    };
    await Database.insertRow(m, InventoryItemEntity, row);
    return row;
  }

  private async lockCharacter(m: EntityManager, campaignId: string, characterId: string): Promise<void> {
    const found = await m.findOne(CharacterEntity, {
      where: { id: characterId, campaignId },
      select: { id: true },
      ...(this.db.isSqlite ? {} : { lock: { mode: 'pessimistic_write' as const } }),
    });
    if (!found) throw Problem.notFound(`Character ${characterId}`);
  }
}

export function baseSlots(campaign: CampaignEntity): number {
  const value = (campaign.settings as { inventorySlots?: unknown }).inventorySlots;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : DEFAULT_INVENTORY_SLOTS;
}

export function inventoryFull(field: string, needed: number, free: number): Problem {
  return new Problem(
    'INVENTORY_FULL',
    `That needs ${needed} slot${needed === 1 ? '' : 's'} and only ${Math.max(free, 0)} ${free === 1 ? 'is' : 'are'} free.`,
    [{ field, message: `needs ${needed} slots, ${Math.max(free, 0)} free` }],
  );
}

export function toItem(row: InventoryItemEntity): InventoryItem {
  return {
    id: row.id,
    characterId: row.characterId,
    name: row.name,
    kind: row.kind,
    slots: row.slots,
    ...(row.cash !== null ? { cash: row.cash } : {}),
    ...(row.depletion !== null ? { depletion: row.depletion, lastUse: !!row.lastUse } : {}),
    ...(row.dice !== null ? { dice: row.dice } : {}),
    ...(row.notes !== null ? { notes: row.notes } : {}),
    broken: !!row.broken,
    createdAt: row.createdAt,
  };
}

function toCarrier(row: InventoryCarrierEntity): Carrier {
  return { id: row.id, kind: row.kind, name: row.name, slots: CARRIER_SLOTS[row.kind] };
}
