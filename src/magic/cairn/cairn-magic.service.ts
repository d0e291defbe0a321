import { Injectable } from '@nestjs/common';
import { EntityManager, In as AnyOf } from 'typeorm';
import { assertMayActFor, Principal } from '../../auth/principal';
import { CampaignsService } from '../../campaigns/campaigns.service';
import { Problem, asBadRequest } from '../../common/problem';
import { ArbiterRequest, diceBudget } from '../../common/request-context';
import { now } from '../../common/time';
import { characterOwner, SheetsService } from '../../characters/sheets.service';
import { CampaignEntity, CharacterEntity } from '../../database/entities';
import {
  cairnCast,
  CAIRN_SPELL_BOOK,
  findCairnSpell,
  requireCairnSpell,
  searchCairnSpells,
  worstCaseFatigue,
  type CairnCastHarm,
  type CairnCastInput as CoreCastInput,
  type CairnCastOutcome,
  type CairnSpellEntry,
} from '../../core/magic/cairn';
import { Database } from '../../database/database.service';
import {
  applyChange,
  damageInput,
  fatigueEvents,
  type DamageApplied,
  type EngineChange,
  type EngineEvent,
  sheetState,
  type EngineState,
} from '../../core/engine';
import { sheetDamage, type SheetDamageInput, type SheetDamageOutcome } from '../../core/harm/campaign';
import { harmOf } from '../../core/harm';
import type { Dice } from '../../core/random';
import { castEvents } from '../cast-events';
import { SheetHarmService } from '../../harm/sheet-harm.service';
import { InventoryCarrierEntity, InventoryItemEntity } from '../../inventory/inventory.entities';
import { inventoryCapacity } from '../../core/treasure';
import { baseSlots, InventoryService, toItem } from '../../inventory/inventory.service';
import { ProcedureRegistry } from '../../rolls/procedures';
import { RollsService } from '../../rolls/rolls.service';
import { CairnMagicItemEntity } from './cairn-magic.entities';
import type {
  AddCairnMagicItemInput,
  CairnCampaignCastInput,
  CairnCastInput,
  CairnRelicRechargeInput,
} from './cairn-magic.inputs';
import type {
  CairnCampaignCastResult,
  CairnCastResult,
  CairnMagicItem,
  CairnMagicState,
  CairnSpellCatalogue,
} from './cairn-magic.results';

/** Cairn magic procedures as the roll log names them; never rename one. */
export const CAIRN_MAGIC_PROCEDURES = {
  cast: { name: 'magic.cairn-cast', run: cairnCast },
};

/** What a stored character's Cairn cast rolls (`magic.cairn-cast.v2`): the cast and the caster's harm input. */
export interface CairnCampaignCastRollInput {
  cast: CoreCastInput;
  /** The Cairn harm transition's input for the caster before the loss (past Armor: Armor 0). */
  harm: SheetDamageInput;
}

/** The engine's side of a live cast: the caster's state; `applied` keeps the transition's answer. */
interface CairnCasterEngine {
  state: EngineState;
  applied?: DamageApplied<EngineState> | null;
}

function cairnCampaignCast(
  input: CairnCampaignCastRollInput,
  dice: Dice,
  engine?: CairnCasterEngine,
): { cast: CairnCastOutcome; harm: SheetDamageOutcome | null } {
  const cast = cairnCast(input.cast, dice);
  const damage = cast.failure?.damage ?? null;
  if (damage === null) return { cast, harm: null };
  if (!engine) return { cast, harm: sheetDamage({ ...{}, ...input.harm, damage } as SheetDamageInput, dice) };
  const applied = applyChange(engine.state, castLoss(damage), dice) as DamageApplied<EngineState>;
  engine.applied = applied;
  return { cast, harm: applied.outcome };
}

/** A failed cast's damage as the engine's change: it turns on the caster past any Armor (004:146). */
function castLoss(amount: number): EngineChange {
  return {
    kind: 'damage',
    amount,
    die: null,
    // No target: the transition's own (the caster's HP first).
    pastArmor: true,
    source: CAIRN_MAGIC_PROCEDURES.cast.name,
  } as EngineChange;
}

/**
 * A stored character's cast (issue 39): the cast, then a failure's damage through the Cairn transition
 * (`applyChange`, past Armor) on the same dice, one logged roll. Casts logged before rolled
 * `magic.cairn-cast` and a second `harm.sheet-damage` (seed `<seed>/harm`); both stay registered.
 */
export const CAIRN_CAMPAIGN_CAST_PROCEDURE = {
  name: 'magic.cairn-cast.v2',
  run: (input: CairnCampaignCastRollInput, dice: Dice) => cairnCampaignCast(input, dice),
  live: (engine: CairnCasterEngine) => ({
    name: 'magic.cairn-cast.v2',
    run: (input: CairnCampaignCastRollInput, dice: Dice) => cairnCampaignCast(input, dice, engine),
  }),
};

/** The name a Fatigue item carries in the inventory. */
export const FATIGUE_ITEM_NAME = 'Fatigue';

/**
 * A sheet path of the harm transition's ledger as the cast's answer names its fields (`hp`,
 * `str.current` → `str`, `dex.max` → `maxDex`).
 */
function shortField(path: string): string {
  const [head, tail] = path.split('.');
  return tail === 'max' ? `max${head.charAt(0).toUpperCase()}${head.slice(1)}` : head;
}

function withoutNulls<T extends object>(input: T): T {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as T;
}

function toResult(outcome: CairnCastOutcome, seed: string, rng: string): CairnCastResult {
  return { ...{}, ...outcome, seed, rng } as CairnCastResult;
}

/**
 * Cairn magic (SPEC 6.5; docs/magic-cairn.md): the 100 spells, stateless casts, and a stored
 * character casting from the spellbooks, scrolls and relics of its inventory, with Fatigue as
 * inventory items.
 */
@Injectable()
export class CairnMagicService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly inventory: InventoryService,
    private readonly harm: SheetHarmService,
  ) {
    registry.register(...(Object.values(CAIRN_MAGIC_PROCEDURES) as never[]), {
      name: CAIRN_CAMPAIGN_CAST_PROCEDURE.name,
      run: CAIRN_CAMPAIGN_CAST_PROCEDURE.run,
    } as never);
  }

  // Stateless

  spells(q?: string | null): Omit<CairnSpellCatalogue, 'next'> {
    const items = searchCairnSpells(q);
    return { count: items.length, items };
  }

  spell(key: string): CairnSpellEntry {
    const spell = findCairnSpell(key);
    if (!spell) throw Problem.notFound(`Cairn spell "${key}"`);
    return spell;
  }

  cast(input: CairnCastInput, req: ArbiterRequest): CairnCastResult {
    const { seed, ...rest } = input;
    const body = withoutNulls({
      ...{},
      ...rest,
      failure: rest.failure ? withoutNulls({ ...rest.failure }) : undefined,
    });
    const rolled = asBadRequest(() =>
      this.rolls.roll(CAIRN_MAGIC_PROCEDURES.cast, body as CoreCastInput, seed ?? undefined, diceBudget(req)),
    );
    return toResult(rolled.outcome, rolled.seed, rolled.rng);
  }

  // Campaign: the API other domains use

  /** The Fatigue items a character carries (a rest clears them with `clearFatigue`). */
  async fatigueItems(
    m: EntityManager,
    campaignId: string,
    characterId: string,
  ): Promise<InventoryItemEntity[]> {
    const items = await m.find(InventoryItemEntity, { where: { campaignId, characterId } });
    if (items.length === 0) return [];
    const rows = await m.find(CairnMagicItemEntity, {
      where: { itemId: AnyOf(items.map((i) => i.id)), kind: 'fatigue' },
    });
    const ids = new Set(rows.map((r) => r.itemId));
    return items.filter((i) => ids.has(i.id));
  }

  /** Removes every Fatigue of a character inside the caller's transaction; answers how many. */
  async clearFatigue(m: EntityManager, campaignId: string, characterId: string): Promise<number> {
    const items = await this.fatigueItems(m, campaignId, characterId);
    for (const item of items) await this.inventory.removeItem(m, campaignId, characterId, item.id);
    return items.length;
  }

  // Campaign routes

  async state(who: Principal, characterId: string): Promise<CairnMagicState> {
    const m = this.db.manager;
    await this.campaigns.character(m, who.campaignId, characterId);
    return this.stateIn(m, who.campaignId, characterId);
  }

  addItem(
    who: Principal,
    characterId: string,
    input: AddCairnMagicItemInput,
    req: ArbiterRequest,
  ): Promise<CairnMagicItem> {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m) => {
      const owner = characterOwner(await this.campaigns.character(m, who.campaignId, characterId));
      const spell =
        input.spell === undefined || input.spell === null
          ? null
          : asBadRequest(() => requireCairnSpell(input.spell, 'spell'));
      const relic = input.kind === 'relic';
      if (!relic && !spell)
        throw Problem.field('VALIDATION_FAILED', 'spell', `A ${input.kind} holds one spell: send spell.`);
      if (relic && !spell && !input.power)
        throw Problem.field('VALIDATION_FAILED', 'power', 'A relic holds a spell or a power: send one.');
      for (const field of ['maxCharges', 'charges', 'recharge', 'power'] as const) {
        if (!relic && input[field] !== undefined && input[field] !== null)
          throw Problem.field('VALIDATION_FAILED', field, `${field} belongs to a relic.`);
      }
      const maxCharges = input.maxCharges ?? null;
      if (maxCharges === null && input.charges !== undefined && input.charges !== null)
        throw Problem.field('VALIDATION_FAILED', 'maxCharges', 'Send maxCharges with charges.');
      const charges = maxCharges === null ? null : (input.charges ?? maxCharges);
      if (maxCharges !== null && charges! > maxCharges)
        throw Problem.field(
          'VALIDATION_FAILED',
          'charges',
          `charges cannot exceed maxCharges (${maxCharges}).`,
        );
      let item: InventoryItemEntity;
      if (input.itemId) {
        item = await this.inventory.item(m, who.campaignId, characterId, input.itemId);
        const already = await m.findOne(CairnMagicItemEntity, { where: { itemId: item.id } });
        if (already) throw Problem.field('CONFLICT', 'itemId', `${item.name} is already a ${already.kind}.`);
      } else {
        const label = spell?.name ?? input.power ?? 'relic';
        const defaults = {
          spellbook: `Spellbook of ${label}`,
          scroll: `Scroll of ${label}`,
          relic: `Relic: ${label}`,
        };
        item = await this.inventory.addItem(
          m,
          who.campaignId,
          characterId,
          {
            name: (input.name ?? defaults[input.kind]).slice(0, 100),
            kind: relic ? 'artifact' : 'gear',
            slots: input.slots ?? (input.kind === 'scroll' ? 0 : 1),
          },
          'slots',
        );
      }
      const stamp = now();
      const row: CairnMagicItemEntity = {
        itemId: item.id,
        campaignId: who.campaignId,
        kind: input.kind,
        spellNumber: spell?.number ?? null,
        power: input.power ?? null,
        charges,
        maxCharges,
        recharge: input.recharge ?? null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      await Database.insertRow(m, CairnMagicItemEntity, row);
      if (charges !== null && charges > 0) {
        const campaign = await this.campaigns.campaign(m, who.campaignId);
        await this.sheets.recordItemValue(
          m,
          who,
          campaign,
          owner,
          'cairn',
          { itemId: item.id, value: 'charges', delta: charges, after: charges },
          { cause: 'procedure', procedure: 'magic.cairn-item', reason: `${item.name} brought in charged` },
        );
      }
      return toMagicItem(item, row);
    });
  }

  recharge(
    who: Principal,
    characterId: string,
    itemId: string,
    input: CairnRelicRechargeInput,
    req: ArbiterRequest,
  ): Promise<CairnMagicItem> {
    if (who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee rules that a relic’s recharge condition is met.');
    return this.db.mutation(req, async (m) => {
      await this.inventory.lockCharacters(m, who.campaignId, [characterId]);
      const item = await this.inventory.item(m, who.campaignId, characterId, itemId);
      const row = await m.findOne(CairnMagicItemEntity, { where: { itemId: item.id } });
      if (!row || row.kind !== 'relic' || row.maxCharges === null)
        throw Problem.field('UNPROCESSABLE', 'itemId', `${item.name} is not a relic with counted charges.`);
      const charges = Math.min(row.maxCharges, (row.charges ?? 0) + (input?.charges ?? row.maxCharges));
      const stamp = now();
      await Database.updateRow(m, CairnMagicItemEntity, row.itemId, { charges, updatedAt: stamp });
      const delta = charges - (row.charges ?? 0);
      if (delta !== 0) {
        const campaign = await this.campaigns.campaign(m, who.campaignId);
        const owner = characterOwner(await this.campaigns.character(m, who.campaignId, characterId));
        await this.sheets.recordItemValue(
          m,
          who,
          campaign,
          owner,
          'cairn',
          { itemId: item.id, value: 'charges', delta, after: charges },
          { cause: 'procedure', procedure: 'magic.cairn-relic-recharge', reason: 'recharge condition met' },
        );
      }
      return toMagicItem(item, { ...{}, ...row, charges });
    });
  }

  castFor(
    who: Principal,
    characterId: string,
    input: CairnCampaignCastInput,
    req: ArbiterRequest,
  ): Promise<CairnCampaignCastResult> {
    assertMayActFor(who, characterId);
    if (input.secret && who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee may make a roll secret.');
    return this.db.mutation(req, async (m) => {
      // Plain parameterised reads (TypeORM's findOne rebuilds its query on every call).
      const [campaign] = await Database.selectRows(m, CampaignEntity, { id: who.campaignId });
      const [character] = await Database.selectRows(m, CharacterEntity, {
        id: characterId,
        campaignId: who.campaignId,
      });
      if (!campaign || !character) throw Problem.notFound(`Character ${characterId}`);
      const owner = characterOwner(character);
      // The campaign's mutations take turns (SQLite transactions; the PostgreSQL advisory lock) and the
      // sheet row is locked: no second lock on the character is needed.
      const sheetRow = await this.sheets.requireSheet(m, owner, 'cairn', { lock: true });
      const sheet = sheetRow.data as {
        wil: { current: number };
        deprived?: boolean;
      };
      // Every carried item in one read: the one cast from, the drops, and the slots in use.
      const carried = await Database.selectRows(m, InventoryItemEntity, {
        campaignId: campaign.id,
        characterId,
      });
      const item = carried.find((i) => i.id === input.itemId);
      if (!item) throw Problem.notFound(`Item ${input.itemId} of character ${characterId}`);
      const [magic] = await Database.selectRows(m, CairnMagicItemEntity, { itemId: item.id });
      if (!magic || magic.kind === 'fatigue')
        throw Problem.field('UNPROCESSABLE', 'itemId', `${item.name} is not a spellbook, scroll or relic.`);
      const from = magic.kind;
      if (from === 'relic' && magic.charges === 0)
        throw Problem.field(
          'CONFLICT',
          'itemId',
          `${item.name} has no charge left${magic.recharge ? `; it recharges: ${magic.recharge}` : ''}.`,
        );
      const failure = input.failure ? withoutNulls({ ...input.failure }) : undefined;
      if (failure?.destroyed && from === 'scroll')
        throw Problem.field('VALIDATION_FAILED', 'failure.destroyed', 'A scroll is used up anyway.');
      // Deprived by hunger or the like (`deprived`), or by a scar (Walloped, a Mortal Wound: M3).
      const scarConditions = (sheet as { harm?: { conditions?: unknown } }).harm?.conditions;
      const deprived =
        sheet.deprived === true || (Array.isArray(scarConditions) && scarConditions.includes('deprived'));

      // Room for the worst case, before any dice: the drops must be named now.
      const carriers = await Database.selectRows(m, InventoryCarrierEntity, {
        campaignId: campaign.id,
        characterId,
      });
      const capacity = inventoryCapacity(
        baseSlots(campaign),
        carriers.map((c) => c.kind),
      );
      const used = carried.reduce((sum, i) => sum + i.slots, 0);
      const free = Math.max(0, capacity - used);
      const worst = worstCaseFatigue({
        from,
        deprived,
        danger: input.danger,
        riskySave: input.riskySave,
        failure: failure as never,
      });
      const room = free + (from === 'scroll' ? item.slots : 0);
      const need = Math.max(0, worst - room);
      const drop = input.drop ?? [];
      const dropRows: InventoryItemEntity[] = [];
      for (const [i, id] of drop.entries()) {
        const field = `drop[${i}]`;
        if (drop.indexOf(id) !== i)
          throw Problem.field('VALIDATION_FAILED', field, 'An item is named twice.');
        if (id === item.id)
          throw Problem.field(
            'VALIDATION_FAILED',
            field,
            'The caster holds what it casts from: drop something else.',
          );
        const row = carried.find((r) => r.id === id);
        if (!row) throw Problem.field('VALIDATION_FAILED', field, `The character carries no item ${id}.`);
        const [tag] = await Database.selectRows(m, CairnMagicItemEntity, { itemId: id });
        if (tag?.kind === 'fatigue')
          throw Problem.field('VALIDATION_FAILED', field, 'Fatigue cannot be dropped: it clears with rest.');
        if (row.slots === 0)
          throw Problem.field(
            'VALIDATION_FAILED',
            field,
            `${row.name} takes no slot: dropping it frees none.`,
          );
        dropRows.push(row);
      }
      const slotsFromDrops = dropRows.reduce((sum, r) => sum + r.slots, 0);
      if (slotsFromDrops < need) {
        const candidates = carried
          .filter((r) => r.id !== item.id && r.slots > 0)
          .map((r) => `${r.name} (${r.id})`)
          .slice(0, 20);
        throw new Problem(
          'INVENTORY_FULL',
          `This cast may add ${worst} Fatigue and ${room} slot${room === 1 ? ' is' : 's are'} free: ` +
            `name items to drop in \`drop\` for ${need} more slot${need === 1 ? '' : 's'} (used only if needed). ` +
            `Carried: ${candidates.join(', ') || 'nothing droppable'}.`,
          [{ field: 'drop', message: `needs ${need} slot(s) from dropped items, ${slotsFromDrops} named` }],
        );
      }

      const core: CoreCastInput = withoutNulls({
        from,
        spell: magic.spellNumber ?? undefined,
        deprived,
        danger: input.danger ?? undefined,
        riskySave: input.riskySave ?? undefined,
        wil: sheet.wil.current,
        freeSlots: free,
        carrierSlots: item.slots,
        charges: from === 'relic' ? (magic.charges ?? undefined) : undefined,
        maxCharges: from === 'relic' ? (magic.maxCharges ?? undefined) : undefined,
        failure: failure as never,
        // No HP or STR: the cast only rolls a failure's damage die; what that damage does to the
        // caster is the harm transition's, inside the same roll, as for any other loss (issue 39).
      } as CoreCastInput);
      // The caster's state as the engine reads it, from the sheet already read (no read, no call out:
      // the pure core's own; Armor is none past it, so the stored sheet is the view).
      const engine: CairnCasterEngine = {
        state: sheetState(
          { name: owner.name, id: owner.id, npc: owner.kind === 'npc' },
          'cairn',
          sheetRow.data,
          sheetRow.data,
          harmOf(sheetRow.data),
        ),
      };
      const castRoll = asBadRequest(() =>
        this.rolls.roll(
          CAIRN_CAMPAIGN_CAST_PROCEDURE.live(engine),
          { cast: core, harm: damageInput(engine.state, castLoss(0)) },
          input.seed ?? undefined,
          diceBudget(req),
        ),
      );
      const rolled = { ...{}, ...castRoll, outcome: castRoll.outcome.cast };
      const outcome = rolled.outcome;
      const harmOutcome = castRoll.outcome.harm;
      const applied = harmOutcome ? (engine.applied ?? null) : null;

      // What the cast changes: the item, drops, Fatigue, charges, and harm through the ledger.
      const removed: string[] = [];
      if (outcome.consumed || outcome.destroyed) {
        await this.inventory.removeItem(m, campaign.id, characterId, item.id);
        removed.push(item.id);
      }
      const dropped: string[] = [];
      let toFree = outcome.fatigue.drops ?? 0;
      for (const row of dropRows) {
        if (toFree <= 0) break;
        await this.inventory.removeItem(m, campaign.id, characterId, row.id);
        dropped.push(row.id);
        toFree -= row.slots;
      }
      const fatigueItems = [];
      const stamp = now();
      for (let i = 0; i < outcome.fatigue.total; i++) {
        const added = await this.inventory.addItem(
          m,
          campaign.id,
          characterId,
          {
            name: FATIGUE_ITEM_NAME,
            kind: 'gear',
            slots: 1,
            notes: `From casting${outcome.spell ? ` ${outcome.spell.name}` : ''}; clears with a safe night’s rest.`,
          },
          'drop',
        );
        await Database.insertRow(m, CairnMagicItemEntity, {
          itemId: added.id,
          campaignId: campaign.id,
          kind: 'fatigue',
          spellNumber: null,
          power: null,
          charges: null,
          maxCharges: null,
          recharge: null,
          createdAt: stamp,
          updatedAt: stamp,
        });
        fatigueItems.push(added);
      }
      let after: CairnMagicItemEntity | null = removed.includes(item.id) ? null : magic;
      if (after && outcome.relic && outcome.relic.after !== null) {
        await Database.updateRow(m, CairnMagicItemEntity, magic.itemId, {
          charges: outcome.relic.after,
          updatedAt: stamp,
        });
        after = { ...{}, ...magic, charges: outcome.relic.after };
      }
      const fatigue = fatigueEvents(
        { name: owner.name, ownerId: owner.id },
        fatigueItems.length,
        outcome.spell ? `casting ${outcome.spell.name}` : 'casting',
      );
      const effects = {
        characterId,
        itemId: item.id,
        fatigueAdded: fatigueItems.map((f) => f.id),
        dropped,
        removed,
        charges: outcome.relic?.after ?? null,
        // The Fatigue and the harm as the engine tells them (issue 42): the log and the feed show them.
        ...(fatigueItems.length > 0 || applied ? { events: [...fatigue, ...(applied?.events ?? [])] } : {}),
        ...(harmOutcome ? { state: harmOutcome.state, harmChanges: harmOutcome.changes } : {}),
      };
      const secret = input.secret === true;
      const roll = await this.rolls.record(m, who, castRoll, { campaign, secret, effects });
      // A failure's damage turns on the caster past any Armor: the Cairn transition decided what it
      // does (HP, STR, the scar, the critical-damage save, the state) inside the cast's roll; harm's
      // writer writes it (the ledger entries name the cast's roll).
      const hurt =
        harmOutcome && applied
          ? await this.harm.applyDamage(
              m,
              who,
              owner,
              {
                system: 'cairn',
                amount: harmOutcome.damage,
                source: CAIRN_MAGIC_PROCEDURES.cast.name,
              } as never,
              {
                campaign,
                computed: {
                  row: sheetRow,
                  outcome: harmOutcome,
                  roll: {
                    id: roll.id,
                    procedure: castRoll.procedure,
                    seed: castRoll.seed,
                    rng: castRoll.rng,
                  },
                  derive: (data) => data,
                  state: engine.state,
                  events: applied.events,
                },
              },
            )
          : null;
      if (outcome.relic && outcome.relic.after !== null && magic.charges !== null) {
        // The spent charge in the holder's condition ledger (the value stays on the relic).
        await this.sheets.recordItemValue(
          m,
          who,
          campaign,
          owner,
          'cairn',
          {
            itemId: item.id,
            value: 'charges',
            delta: outcome.relic.after - magic.charges,
            after: outcome.relic.after,
          },
          { cause: 'roll', procedure: castRoll.procedure, rollId: roll.id },
        );
      }
      const result = toResult(outcome, rolled.seed, rolled.rng);
      if (hurt) {
        const core = hurt.detail.cairnDamage as Omit<CairnCastHarm, 'odds'> & { odds: CairnCastHarm['odds'] };
        result.harm = {
          damage: core.damage,
          hp: core.hp,
          str: core.str,
          overflow: core.overflow,
          strLost: core.strLost,
          scar: core.scar,
          criticalSave: core.criticalSave,
          state: core.state,
          conditions: core.conditions,
          odds: core.odds,
        } as never;
        result.changes = [
          ...hurt.entries.map((e) => ({ field: shortField(e.field), delta: e.delta, after: e.valueAfter })),
          ...result.changes,
        ] as never;
      }
      return {
        ...{},
        ...result,
        rollId: roll.id,
        characterId,
        itemId: item.id,
        fatigueItems: fatigueItems.map(toItem),
        dropped,
        removed,
        events: castEvents(who, owner.id, [...fatigue, ...((hurt?.events ?? []) as EngineEvent[])]),
        item: after ? toMagicItem(item, after) : null,
        harmRoll: hurt
          ? { rollId: hurt.rollId, stateBefore: hurt.stateBefore, state: hurt.state, pending: hurt.pending }
          : null,
      };
    });
  }

  // Internals

  private async stateIn(m: EntityManager, campaignId: string, characterId: string): Promise<CairnMagicState> {
    const campaign = await this.campaigns.campaign(m, campaignId);
    const items = await m.find(InventoryItemEntity, {
      where: { campaignId, characterId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const rows = items.length
      ? await m.find(CairnMagicItemEntity, { where: { itemId: AnyOf(items.map((i) => i.id)) } })
      : [];
    const byId = new Map(rows.map((r) => [r.itemId, r]));
    const { capacity, used } = await this.inventory.capacity(m, campaign, characterId);
    return {
      characterId,
      items: items
        .filter((i) => byId.has(i.id) && byId.get(i.id)!.kind !== 'fatigue')
        .map((i) => toMagicItem(i, byId.get(i.id)!)),
      fatigue: rows.filter((r) => r.kind === 'fatigue').length,
      freeSlots: Math.max(0, capacity - used),
    };
  }
}

export function toMagicItem(item: InventoryItemEntity, row: CairnMagicItemEntity): CairnMagicItem {
  return {
    itemId: item.id,
    name: item.name,
    kind: row.kind,
    spell: row.spellNumber === null ? null : CAIRN_SPELL_BOOK[row.spellNumber - 1],
    power: row.power,
    slots: item.slots,
    charges: row.charges,
    maxCharges: row.maxCharges,
    recharge: row.recharge,
  };
}
