import { Injectable } from '@nestjs/common';
import { EntityManager, In as AnyOf } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { NpcEntity } from '../characters/characters.entities';
import { NpcsService, ownerOf } from '../characters/npcs.service';
import { SheetOwner, SheetsService } from '../characters/sheets.service';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import type { CairnAttackOutcome } from '../core/combat';
import { RuleError } from '../core/errors';
import { harmOf, STATES_THAT_CANNOT_ACT } from '../core/harm';
import { Database } from '../database/database.service';
import type { CampaignEntity } from '../database/entities';
import type { SheetDamageResult } from '../harm/harm-campaign.results';
import { SheetHarmService } from '../harm/sheet-harm.service';
import { RollsService } from '../rolls/rolls.service';
import { CombatEntity, StoredCombatant } from './combat-campaign.entities';
import type { CombatAttackInput, CreateCombatInput } from './combat-campaign.inputs';
import type { CombatAttackResult, CombatView } from './combat-campaign.results';
import type { CairnAttackResult } from './combat.results';
import { COMBAT_PROCEDURES } from './combat-procedures';

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
/** A Cairn weapon as an attack reads it (the attack route's input and the action's `cairn`). */
export interface CairnWeapon {
  die?: string;
  secondDie?: string;
  impaired?: boolean;
  enhanced?: boolean;
  unarmed?: boolean;
  shield?: boolean;
}

const pair = (value: unknown) => {
  const v = (value ?? {}) as { current?: number; max?: number };
  return { current: num(v.current), max: num(v.max) };
};

function asBadRequest<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RuleError && error.code === 'INVALID_INPUT' && error.field) {
      throw Problem.field('VALIDATION_FAILED', error.field, error.message);
    }
    throw error;
  }
}

/** A target whose stored numbers lie outside what the attack procedure reads: 422 naming `target`. */
function storedNumbers<T>(run: () => T): T {
  try {
    return asBadRequest(run);
  } catch (error) {
    const field = (error as Problem).errors?.[0]?.field ?? '';
    if (error instanceof Problem && field.startsWith('target.')) {
      throw Problem.field(
        'UNPROCESSABLE',
        'target',
        `The target's stored sheet is outside what a Cairn attack reads (${field}: ${error.errors![0].message}).`,
      );
    }
    throw error;
  }
}

/**
 * Campaign combats (SPEC 6.3, issue 20; Cairn only so far): a stored fight with its round and
 * combatants. An attack reads both sheets, rolls the stateless `combat.cairn-attack` procedure with
 * the target's stored numbers, logs it, and applies the kept die to the target's sheet through
 * `SheetHarmService.applyDamage` (the condition ledger, its own `harm.sheet-damage` roll) in the
 * same transaction as the Idempotency-Key claim. An attack on or by an NPC whose numbers are hidden,
 * or in a secret combat, is sealed: players get the roll's stub and no numbers.
 */
@Injectable()
export class CombatCampaignService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly npcs: NpcsService,
    private readonly harm: SheetHarmService,
    private readonly rolls: RollsService,
  ) {}

  create(who: Principal, input: CreateCombatInput, req: ArbiterRequest): Promise<CombatView> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee begins a combat.');
    return this.db.mutation(req, async (m) => {
      await this.campaigns.lockCampaign(m, who.campaignId);
      const combatants: StoredCombatant[] = [];
      const seen = new Set<string>();
      for (const [i, c] of input.combatants.entries()) {
        const field = `combatants[${i}]`;
        if (!c.characterId === !c.npcId) {
          throw Problem.field(
            'VALIDATION_FAILED',
            `${field}.characterId`,
            'Send characterId or npcId (one of them).',
          );
        }
        const id = (c.characterId ?? c.npcId)!;
        if (seen.has(id)) throw Problem.field('VALIDATION_FAILED', field, `${id} is listed twice.`);
        seen.add(id);
        if (c.characterId) await this.campaigns.character(m, who.campaignId, c.characterId);
        else await this.npcs.npc(m, who.campaignId, id);
        combatants.push({ kind: c.characterId ? 'character' : 'npc', id, side: c.side });
      }
      const at = now();
      const row = m.create(CombatEntity, {
        id: newId(),
        campaignId: who.campaignId,
        system: input.system,
        round: 1,
        status: 'active',
        secret: input.secret ?? false,
        combatants,
        createdAt: at,
        updatedAt: at,
      });
      await m.insert(CombatEntity, row);
      return this.view(m, who, row);
    });
  }

  async list(who: Principal): Promise<{ items: CombatView[] }> {
    const m = this.db.manager;
    const rows = await m.find(CombatEntity, {
      where: { campaignId: who.campaignId },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: 200,
    });
    const out: CombatView[] = [];
    for (const row of rows) out.push(await this.view(m, who, row));
    return { items: out };
  }

  async get(who: Principal, combatId: string): Promise<CombatView> {
    const m = this.db.manager;
    return this.view(m, who, await this.combat(m, who, combatId));
  }

  /**
   * The next round (Cairn CA-15: every round each side acts in turn, the characters first unless
   * the first round's DEX saves say otherwise; the order within a round is the table's, so the
   * server only counts rounds).
   */
  nextRound(who: Principal, combatId: string, req: ArbiterRequest): Promise<CombatView> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee advances the round.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const row = await this.active(m, who, combatId);
      row.round += 1;
      row.updatedAt = now();
      await m.update(CombatEntity, { id: row.id }, { round: row.round, updatedAt: row.updatedAt });
      // A round passes for the combatants' harm timers (Archsoul rounds unconscious).
      await this.harm.advanceRounds(m, who, campaign, row.combatants, 1);
      return this.view(m, who, row);
    });
  }

  end(who: Principal, combatId: string, req: ArbiterRequest): Promise<CombatView> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee ends a combat.');
    return this.db.mutation(req, async (m) => {
      await this.campaigns.lockCampaign(m, who.campaignId);
      const row = await this.active(m, who, combatId);
      row.status = 'ended';
      row.updatedAt = now();
      await m.update(CombatEntity, { id: row.id }, { status: row.status, updatedAt: row.updatedAt });
      return this.view(m, who, row);
    });
  }

  attack(
    who: Principal,
    combatId: string,
    input: CombatAttackInput,
    req: ArbiterRequest,
  ): Promise<CombatAttackResult> {
    if (input.secret && who.role !== 'referee') {
      throw Problem.field('FORBIDDEN', 'secret', 'Only the referee seals a roll.');
    }
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const combat = await this.active(m, who, combatId);
      if (combat.system !== 'cairn') {
        throw new Problem(
          'UNPROCESSABLE',
          `Combat ${combatId} is a ${combat.system} combat: use its actions (…/combats/{combatId}/actions).`,
        );
      }
      const attacker = this.combatant(combat, input.attacker, 'attacker');
      const target = this.combatant(combat, input.target, 'target');
      if (attacker.id === target.id)
        throw Problem.field('VALIDATION_FAILED', 'target', 'A combatant does not attack itself.');
      if (attacker.kind === 'npc' && who.role !== 'referee') {
        throw Problem.field('FORBIDDEN', 'attacker', 'Only the referee acts for NPCs.');
      }
      if (attacker.kind === 'character') assertMayActFor(who, attacker.id);
      const [attackerOwner, attackerHidden] = await this.owner(m, who, attacker);
      const [targetOwner, targetHidden] = await this.owner(m, who, target);
      const sealed = combat.secret || (input.secret ?? false) || attackerHidden || targetHidden;
      // The attacker must have a sheet in the system and be able to act.
      const attackerSheet = await this.sheets.requireSheet(m, attackerOwner, 'cairn');
      const attackerState = harmOf(attackerSheet.data).state;
      if (STATES_THAT_CANNOT_ACT.includes(attackerState)) {
        throw Problem.field(
          'CONFLICT',
          'attacker',
          `${attackerOwner.name} is ${attackerState} and cannot act.`,
        );
      }
      const struck = await this.cairnStrike(m, who, req, campaign, combat, {
        attacker: { id: attacker.id, owner: attackerOwner },
        target: { id: target.id, owner: targetOwner },
        weapon: input,
        sealed,
        seed: input.seed ?? undefined,
      });
      const shows = who.role === 'referee' || !sealed;
      return {
        combatId: combat.id,
        round: combat.round,
        rollId: struck.rollId,
        sealed,
        attack: shows ? struck.attack : null,
        damage: shows ? struck.damage : null,
      };
    });
  }

  /**
   * One Cairn attack of one combatant on another inside the caller's transaction (the attack route
   * and the `attack` action): the stateless attack on the target's stored numbers, logged, and its
   * kept die applied through `SheetHarmService.applyDamage`.
   */
  async cairnStrike(
    m: EntityManager,
    who: Principal,
    req: ArbiterRequest,
    campaign: CampaignEntity,
    combat: CombatEntity,
    a: {
      attacker: { id: string; owner: SheetOwner };
      target: { id: string; owner: SheetOwner };
      weapon: CairnWeapon;
      sealed: boolean;
      seed?: string;
    },
  ): Promise<{ rollId: string; attack: CairnAttackResult; damage: SheetDamageResult }> {
    const system = 'cairn' as const;
    const { attacker, target, weapon: input, sealed } = a;
    const attackerOwner = attacker.owner;
    const targetOwner = target.owner;
    const row = await this.sheets.requireSheet(m, targetOwner, system, { lock: true });
    const view = await this.sheets.view(m, targetOwner, row);
    const data = row.data as Record<string, unknown>;
    const str = pair(data.str);
    const dex = pair(data.dex);
    const wil = pair(data.wil);
    if (!input.die)
      throw Problem.field('VALIDATION_FAILED', 'cairn.die', 'A Cairn attack needs the weapon’s die.');
    const procedureInput = {
      attackers: [
        {
          name: attackerOwner.name,
          die: input.die,
          ...(input.secondDie ? { secondDie: input.secondDie } : {}),
          ...(input.impaired ? { impaired: true } : {}),
          ...(input.enhanced ? { enhanced: true } : {}),
          ...(input.unarmed ? { unarmed: true } : {}),
        },
      ],
      target: {
        name: targetOwner.name,
        hp: num(data.hp),
        maxHp: num(data.maxHp),
        str: str.current,
        dex: dex.current,
        wil: wil.current,
        maxDex: dex.max,
        maxWil: wil.max,
        armor: num((view as Record<string, unknown>).armor),
        ...(input.shield ? { shield: true } : {}),
        ...(targetOwner.kind === 'npc' ? { npc: true } : {}),
      },
    };
    const rolled = storedNumbers(() =>
      this.rolls.roll(COMBAT_PROCEDURES.cairnAttack, procedureInput as never, a.seed, diceBudget(req)),
    );
    const outcome = rolled.outcome as CairnAttackOutcome;
    const kept = outcome.targets[0].kept;
    const roll = await this.rolls.record(m, who, rolled as never, {
      campaign,
      secret: sealed,
      effects: {
        combatId: combat.id,
        round: combat.round,
        attacker: attacker.id,
        target: target.id,
        kept,
      },
    });
    const damage = await this.harm.applyDamage(
      m,
      who,
      targetOwner,
      {
        system,
        amount: kept,
        source: `attack by ${attackerOwner.name} (combat ${combat.id}, round ${combat.round})`.slice(0, 200),
        ...(a.seed ? { seed: `${a.seed}/damage` } : {}),
      },
      { secret: sealed, req, campaign },
    );
    const attack = {
      ...outcome,
      targets: outcome.targets.map((t) => ({
        ...t,
        harm: { ...t.harm, seed: rolled.seed, rng: rolled.rng },
      })),
      seed: rolled.seed,
      rng: rolled.rng,
    } as unknown as CairnAttackResult;
    return { rollId: roll.id, attack, damage };
  }

  // Helpers

  private async combat(m: EntityManager, who: Principal, combatId: string): Promise<CombatEntity> {
    const row = await m.findOne(CombatEntity, { where: { id: combatId, campaignId: who.campaignId } });
    if (!row) throw Problem.notFound(`Combat ${combatId}`);
    return row;
  }

  private async active(m: EntityManager, who: Principal, combatId: string): Promise<CombatEntity> {
    const row = await this.combat(m, who, combatId);
    if (row.status !== 'active') throw new Problem('CONFLICT', `Combat ${combatId} has ended.`);
    return row;
  }

  private combatant(combat: CombatEntity, id: string, field: string): StoredCombatant {
    const found = combat.combatants.find((c) => c.id === id);
    if (!found) throw Problem.field('VALIDATION_FAILED', field, `${id} is not a combatant of this combat.`);
    return found;
  }

  /** The combatant as a sheet owner, and whether its numbers are hidden (an NPC not public). */
  private async owner(m: EntityManager, who: Principal, c: StoredCombatant): Promise<[SheetOwner, boolean]> {
    if (c.kind === 'character') return [await this.sheets.characterOwner(m, who.campaignId, c.id), false];
    const row = await this.npcs.npc(m, who.campaignId, c.id);
    return [ownerOf(row), !NpcsService.numbersPublic(row)];
  }

  /** The combat as this key may see it: an NPC hidden from players is left out for them. */
  private async view(m: EntityManager, who: Principal, row: CombatEntity): Promise<CombatView> {
    let combatants = row.combatants;
    if (who.role !== 'referee') {
      const npcIds = combatants.filter((c) => c.kind === 'npc').map((c) => c.id);
      const shown = npcIds.length
        ? await m.find(NpcEntity, { where: { id: AnyOf(npcIds), campaignId: row.campaignId } })
        : [];
      const visible = new Set(shown.filter((n) => n.visibility === 'players').map((n) => n.id));
      combatants = combatants.filter((c) => c.kind === 'character' || visible.has(c.id));
    }
    return {
      id: row.id,
      system: row.system,
      round: row.round,
      status: row.status,
      secret: row.secret,
      combatants: combatants.map((c) => ({ kind: c.kind, id: c.id, side: c.side })),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }
}
