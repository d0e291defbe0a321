import { CombatListQuery } from '../campaigns/list-filters';
import { Page, toPage } from '../common/pagination';
import { creationKey, rowsNewestFirst } from '../database/paging';
import { Injectable } from '@nestjs/common';
import { EntityManager, FindOptionsWhere, In as AnyOf } from 'typeorm';
import { Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { CharacterSheetEntity, NpcEntity } from '../characters/characters.entities';
import { NpcsService } from '../characters/npcs.service';
import { SheetOwner, SheetsService } from '../characters/sheets.service';
import { Problem, asBadRequest } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import {
  cairnTurnLeft,
  cairnTurnOf,
  gmTurnLeft,
  gmTurnOf,
  type GmTurnLeft,
  type CairnActionV2Outcome,
  type CairnDexSaveOutcome,
} from '../core/combat';
import { sheetState, type CairnState } from '../core/engine';
import { harmOf, STATES_THAT_CANNOT_ACT } from '../core/harm';
import { Database } from '../database/database.service';
import type { CampaignEntity } from '../database/entities';
import type { SheetDamageResult } from '../harm/harm-campaign.results';
import { SheetHarmService } from '../harm/sheet-harm.service';
import { RollsService } from '../rolls/rolls.service';
import { CombatEntity, StoredCombatant } from './combat-campaign.entities';
import type { CreateCombatInput } from './combat-campaign.inputs';
import type { CombatView } from './combat-campaign.results';
import type { CairnAttackResult } from './combat.results';
import { COMBAT_PROCEDURES } from './combat-procedures';
import { coeacRound } from './combat-coeac-round';
import { ENCOUNTER_PROCEDURES } from '../encounters/encounter-procedures';

/** A morale save made as the round advanced (Cairn). */
interface MoraleCheck {
  side: string;
  triggers: string[];
  rollId: string;
  wil: number;
  passed: boolean;
  fled: string[];
  sealed: boolean;
}

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
/** A Cairn weapon as an attack reads it (the attack route's input and the action's `cairn`). */
export interface CairnWeapon {
  die?: string;
  secondDie?: string;
  impaired?: boolean;
  enhanced?: boolean;
  unarmed?: boolean;
  /** CA-19: `very-distant` impairs. */
  range?: string;
  /** CA-19, CA-20: `weak` impairs, `strong` enhances. */
  position?: string;
  shield?: boolean;
}

const pair = (value: unknown) => {
  const v = (value ?? {}) as { current?: number; max?: number };
  return { current: num(v.current), max: num(v.max) };
};

/** A target whose stored numbers lie outside what the attack procedure reads: 422 naming `target`. */
function storedNumbers<T>(run: () => T): T {
  try {
    return asBadRequest(run);
  } catch (error) {
    const field = (error as Problem).errors?.[0]?.field ?? '';
    if (error instanceof Problem && (field.startsWith('target.') || field.startsWith('targets['))) {
      throw Problem.field(
        'UNPROCESSABLE',
        'target',
        `The target's stored sheet is outside what a Cairn attack reads (${field}: ${error.errors![0].message}).`,
      );
    }
    throw error;
  }
}

/** What a system does as its round ends (COEAC: the spells declared resolve, B1); merged into the answer. */
export type CombatRoundEndHook = (
  m: EntityManager,
  who: Principal,
  req: ArbiterRequest,
  campaign: CampaignEntity,
  combat: CombatEntity,
) => Promise<Record<string, unknown>>;

/**
 * Campaign combats (SPEC 6.3, issue 20): a stored fight with its system, round and combatants;
 * begin, list, get, the next round (Cairn: morale), end. Actions (and the Cairn attack route, which
 * is the `attack` action) go through `CombatActionsService`; `cairnResolve` is the Cairn attack's
 * one roll (`combat.cairn-action`) and its harm written through the ledger.
 */
@Injectable()
export class CombatCampaignService {
  private readonly roundEnds = new Map<string, CombatRoundEndHook>();

  /** A system's round-end step (registered by its action handler), run as `POST …/rounds` advances. */
  onRoundEnd(system: string, hook: CombatRoundEndHook): void {
    this.roundEnds.set(system, hook);
  }

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
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
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
        if (c.detachment && (c.characterId || input.system !== 'cairn'))
          throw Problem.field(
            'VALIDATION_FAILED',
            `${field}.detachment`,
            'A detachment is an NPC of a Cairn combat.',
          );
        combatants.push({
          kind: c.characterId ? 'character' : 'npc',
          id,
          side: c.side,
          ...(c.detachment ? { detachment: true } : {}),
        });
      }
      if ((input.firstRoundSaves || input.jointFirstRoundSave) && input.system !== 'cairn')
        throw Problem.field('VALIDATION_FAILED', 'firstRoundSaves', 'First-round DEX saves are Cairn’s.');
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
      if (input.firstRoundSaves || input.jointFirstRoundSave)
        await this.firstRoundSaves(
          m,
          who,
          req,
          campaign,
          row,
          input.jointFirstRoundSave ?? false,
          input.seed,
        );
      await m.insert(CombatEntity, row);
      return this.view(m, who, row);
    });
  }

  /** One page of the campaign's combats, newest first (`limit`/`after` as every list). */
  async list(who: Principal, page: CombatListQuery = {}): Promise<Page<CombatView>> {
    const m = this.db.manager;
    const base: FindOptionsWhere<CombatEntity> = { campaignId: who.campaignId };
    if (page.status !== undefined) base.status = page.status;
    if (page.system !== undefined) base.system = page.system;
    const { rows, limit } = await rowsNewestFirst(m, CombatEntity, base, page);
    const kept = toPage(rows, limit, (row) => row, creationKey);
    const items: CombatView[] = [];
    for (const row of kept.items) items.push(await this.view(m, who, row));
    return { items, next: kept.next };
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
      // What falls due as the round ends, before the next begins (COEAC: the spells declared).
      const ended = (await this.roundEnds.get(row.system)?.(m, who, req, campaign, row)) ?? {};
      row.round += 1;
      row.updatedAt = now();
      const morale = row.system === 'cairn' ? await this.cairnMorale(m, who, req, campaign, row) : [];
      await m.update(
        CombatEntity,
        { id: row.id },
        {
          round: row.round,
          updatedAt: row.updatedAt,
          ...(morale.length > 0 ? { combatants: row.combatants as never } : {}),
        },
      );
      // A round passes for the combatants' harm timers (Archsoul rounds unconscious).
      await this.harm.advanceRounds(m, who, campaign, row.combatants, 1);
      return { ...{}, ...(await this.view(m, who, row, morale)), ...ended };
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

  /**
   * One Cairn action inside the caller's transaction (the attack route and the `attack`/`blast`
   * actions): every target's sheet read once (locked) with what the server derives, ONE roll of
   * `combat.cairn-action` (the attack and each target's sheet damage on one stream, through the core
   * `harm.sheet-damage` uses) logged, and each outcome written through `SheetHarmService.applyDamage`
   * (its `computed` option: no second read, no second roll; the ledger entries name this roll). A
   * detachment routed or destroyed is marked on `combat.combatants` (`marked`); the caller writes the
   * combat once with the rest of the action's changes.
   */
  async cairnResolve(
    m: EntityManager,
    who: Principal,
    req: ArbiterRequest,
    campaign: CampaignEntity,
    combat: CombatEntity,
    a: {
      attackers: Array<{ combatant: StoredCombatant; owner: SheetOwner; weapon: CairnWeapon; field: string }>;
      /** `row`: the target's sheet already read, locked, in this transaction. */
      targets: Array<{ combatant: StoredCombatant; owner: SheetOwner; row?: CharacterSheetEntity }>;
      /** The target holds a shield (+1 Armor): the attack route's and the action's `shield`. */
      shield?: boolean;
      blast?: boolean;
      countTargets?: boolean;
      sealed: boolean;
      seed?: string;
    },
  ): Promise<{
    rollId: string;
    attack: CairnAttackResult;
    damages: Array<{ id: string; damage: SheetDamageResult | null }>;
    /** A detachment was marked routed or destroyed on `combat.combatants`: the caller writes the combat. */
    marked: boolean;
  }> {
    const system = 'cairn' as const;
    for (const at of a.attackers) {
      if (!at.weapon.die)
        throw Problem.field('VALIDATION_FAILED', `${at.field}.die`, 'A Cairn attack needs the weapon’s die.');
    }
    const rows: CharacterSheetEntity[] = [];
    for (const t of a.targets)
      rows.push(t.row ?? (await this.sheets.requireSheet(m, t.owner, system, { lock: true })));
    const derive = await this.sheets.deriver(
      m,
      a.targets.map((t) => t.owner),
      campaign,
    );
    // Each target's engine state from its sheet as read (locked) and what the server derives (Armor).
    const states = a.targets.map(
      (t, i) =>
        sheetState(
          { name: t.owner.name, id: t.owner.id, npc: t.owner.kind === 'npc' },
          system,
          rows[i].data,
          derive(t.owner, system, rows[i].data),
          harmOf(rows[i].data),
        ) as CairnState,
    );
    const procedureInput = {
      attackers: a.attackers.map(({ owner, weapon, combatant }) => ({
        name: owner.name,
        die: weapon.die,
        ...(weapon.secondDie ? { secondDie: weapon.secondDie } : {}),
        ...(weapon.impaired ? { impaired: true } : {}),
        ...(weapon.enhanced ? { enhanced: true } : {}),
        ...(weapon.unarmed ? { unarmed: true } : {}),
        ...(weapon.range ? { range: weapon.range } : {}),
        ...(weapon.position ? { position: weapon.position } : {}),
        ...(combatant.detachment ? { detachment: true } : {}),
      })),
      // The attack's numbers of each target; its harm reads the engine's state (issue 39).
      targets: states.map((st, i) => ({
        name: st.name,
        hp: st.values.hp,
        str: st.values['str.current'],
        armor: st.armor,
        ...(a.shield ? { shield: true } : {}),
        ...(st.npc ? { npc: true } : {}),
        ...(a.targets[i].combatant.detachment ? { detachment: true } : {}),
      })),
      states,
      ...(a.blast ? { blast: true } : {}),
      ...(a.countTargets ? { countTargets: true } : {}),
    };
    const rolled = storedNumbers(() =>
      this.rolls.roll(COMBAT_PROCEDURES.cairnAction, procedureInput as never, a.seed, diceBudget(req)),
    );
    const outcome = rolled.outcome as CairnActionV2Outcome;
    const caught = outcome.attack.targets;
    const roll = await this.rolls.record(m, who, rolled as never, {
      campaign,
      secret: a.sealed,
      effects: {
        combatId: combat.id,
        round: combat.round,
        attackers: a.attackers.map((x) => x.combatant.id),
        targets: caught.map((t) => ({
          id: a.targets[t.index].combatant.id,
          kept: t.kept,
          state: outcome.harm[t.index].state,
          changes: outcome.harm[t.index].changes,
        })),
        // The engine's events of the harm (issue 42), in the targets' order: the log and the feed show them.
        events: outcome.events.flat(),
      },
    });
    const by = a.attackers.map((x) => x.owner.name).join(', ');
    const damages: Array<{ id: string; damage: SheetDamageResult | null }> = [];
    let marked = false;
    for (const [i, t] of a.targets.entries()) {
      const result = caught.find((c) => c.index === i);
      if (!result) {
        damages.push({ id: t.combatant.id, damage: null });
        continue;
      }
      const damage = await this.harm.applyDamage(
        m,
        who,
        t.owner,
        {
          system,
          amount: result.kept,
          source: `attack by ${by} (combat ${combat.id}, round ${combat.round})`.slice(0, 200),
        },
        {
          secret: a.sealed,
          req,
          campaign,
          computed: {
            row: rows[i],
            outcome: outcome.harm[i],
            roll: { id: roll.id, procedure: rolled.procedure, seed: rolled.seed, rng: rolled.rng },
            derive: (data) => derive(t.owner, system, data),
            // The state the transition read (the attack's Armor) and the events it told, in the roll.
            state: { ...{}, ...states[i], armor: states[i].armor + (a.shield ? 1 : 0) },
            events: outcome.events[i],
          },
        },
      );
      damages.push({ id: t.combatant.id, damage });
      // CA-15: a combatant this blow leaves unable to act still acts this round (simultaneous results).
      if (
        !STATES_THAT_CANNOT_ACT.includes(damage.stateBefore as never) &&
        STATES_THAT_CANNOT_ACT.includes(damage.state as never)
      ) {
        const stored = combat.combatants.find((c) => c.id === t.combatant.id)!;
        stored.fellInRound = combat.round;
        marked = true;
      }
      if (result.detachment) {
        const stored = combat.combatants.find((c) => c.id === t.combatant.id)!;
        if (result.detachment.routed && !stored.routed) stored.routed = marked = true;
        if (result.detachment.destroyed && !stored.destroyed) stored.destroyed = marked = true;
      }
    }
    const attack = {
      ...{},
      ...outcome.attack,
      targets: outcome.attack.targets.map((t) => ({
        ...{},
        ...t,
        // The blow's state is the transition's (it knows the state before: a critical target hit
        // again stays critical), so the attack and the damage answers never disagree (issue 39, B1).
        harm: { ...{}, ...t.harm, state: outcome.harm[t.index].state, seed: rolled.seed, rng: rolled.rng },
      })),
      seed: rolled.seed,
      rng: rolled.rng,
    } as unknown as CairnAttackResult;
    return { rollId: roll.id, attack, damages, marked };
  }

  /**
   * Cairn's first-round DEX saves (CA-16, CA-02): every character combatant saves (a joint effort:
   * the lowest DEX for all), one logged roll; a failure loses the turn in round 1.
   */
  private async firstRoundSaves(
    m: EntityManager,
    who: Principal,
    req: ArbiterRequest,
    campaign: CampaignEntity,
    combat: CombatEntity,
    joint: boolean,
    seed: string | undefined,
  ): Promise<void> {
    const savers = combat.combatants.filter((c) => c.kind === 'character');
    if (savers.length === 0)
      throw Problem.field('UNPROCESSABLE', 'firstRoundSaves', 'No character combatant to save.');
    const characters: Array<{ name: string; dex: number }> = [];
    for (const c of savers) {
      const owner = await this.sheets.characterOwner(m, who.campaignId, c.id);
      const sheet = await this.sheets.requireSheet(m, owner, 'cairn');
      characters.push({ name: owner.name, dex: pair(sheet.data.dex).current });
    }
    const rolled = asBadRequest(() =>
      this.rolls.roll(
        COMBAT_PROCEDURES.cairnDexSaves,
        { kind: 'first-round', characters, ...(joint ? { joint: true } : {}) } as never,
        seed,
        diceBudget(req),
      ),
    );
    const roll = await this.rolls.record(m, who, rolled as never, {
      campaign,
      secret: combat.secret,
      effects: { combatId: combat.id, round: 1, savers: savers.map((c) => c.id) },
    });
    const outcome = rolled.outcome as CairnDexSaveOutcome;
    savers.forEach((c, i) => {
      c.firstRoundRollId = roll.id;
      if (!outcome.results[i].passed) c.lostFirstTurn = true;
    });
  }

  /**
   * Cairn morale as the round advances (CA-12 through the encounters module's `encounters.morale`):
   * a side made only of NPCs saves on WIL when it has taken its first casualty and again when half of
   * it is out (down, dead, routed, destroyed or fled); both at once make one save. The highest WIL
   * still standing saves for the side (a leader stands in). A failed save: everyone left flees.
   */
  private async cairnMorale(
    m: EntityManager,
    who: Principal,
    req: ArbiterRequest,
    campaign: CampaignEntity,
    combat: CombatEntity,
  ): Promise<MoraleCheck[]> {
    const sides = [...new Set(combat.combatants.map((c) => c.side))];
    const npcSides = sides.filter((side) =>
      combat.combatants.filter((c) => c.side === side).every((c) => c.kind === 'npc'),
    );
    if (npcSides.length === 0) return [];
    const ids = combat.combatants.filter((c) => npcSides.includes(c.side)).map((c) => c.id);
    const sheets = await m.find(CharacterSheetEntity, { where: { ownerId: AnyOf(ids), system: 'cairn' } });
    const npcs = await m.find(NpcEntity, { where: { id: AnyOf(ids), campaignId: combat.campaignId } });
    const sheetOf = new Map(sheets.map((r) => [r.ownerId, r]));
    const out: MoraleCheck[] = [];
    for (const side of npcSides) {
      const members = combat.combatants.filter((c) => c.side === side);
      const isOut = (c: StoredCombatant) => {
        const sheet = sheetOf.get(c.id);
        return (
          !!(c.routed || c.destroyed || c.fled) ||
          (!!sheet && STATES_THAT_CANNOT_ACT.includes(harmOf(sheet.data).state))
        );
      };
      const gone = members.filter(isOut).length;
      const standing = members.filter((c) => !isOut(c));
      const checked = new Set(members.flatMap((c) => c.moraleChecked ?? []));
      const triggers: string[] = [];
      if (gone >= 1 && !checked.has('first-casualty')) triggers.push('first-casualty');
      if (members.length > 1 && gone * 2 >= members.length && !checked.has('half')) triggers.push('half');
      // Nobody left, or nobody standing with a Cairn sheet to read a WIL from: no save.
      if (triggers.length === 0 || !standing.some((c) => sheetOf.has(c.id))) continue;
      const wil = Math.max(
        0,
        ...standing.filter((c) => sheetOf.has(c.id)).map((c) => pair(sheetOf.get(c.id)!.data.wil).current),
      );
      const rolled = this.rolls.roll(
        ENCOUNTER_PROCEDURES.morale,
        { system: 'cairn', wil, trigger: triggers.join(', ') } as never,
        undefined,
        diceBudget(req),
      );
      const hidden = npcs.some((n) => members.some((c) => c.id === n.id) && !NpcsService.numbersPublic(n));
      const roll = await this.rolls.record(m, who, rolled as never, {
        campaign,
        secret: combat.secret || hidden,
        effects: { combatId: combat.id, round: combat.round, side, triggers },
      });
      const passed = (rolled.outcome as { passed: boolean }).passed;
      for (const c of members) c.moraleChecked = [...new Set([...(c.moraleChecked ?? []), ...triggers])];
      if (!passed) for (const c of standing) c.fled = true;
      out.push({
        side,
        triggers,
        rollId: roll.id,
        wil,
        passed,
        fled: passed ? [] : standing.map((c) => c.id),
        sealed: combat.secret || hidden,
      });
    }
    return out;
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

  /** The combat as this key may see it: an NPC hidden from players is left out for them. */
  private async view(
    m: EntityManager,
    who: Principal,
    row: CombatEntity,
    morale: MoraleCheck[] = [],
  ): Promise<CombatView> {
    let combatants = row.combatants;
    if (who.role !== 'referee') {
      const npcIds = combatants.filter((c) => c.kind === 'npc').map((c) => c.id);
      const shown = npcIds.length
        ? await m.find(NpcEntity, { where: { id: AnyOf(npcIds), campaignId: row.campaignId } })
        : [];
      const visible = new Set(shown.filter((n) => n.visibility === 'players').map((n) => n.id));
      combatants = combatants.filter((c) => c.kind === 'character' || visible.has(c.id));
    }
    const shownIds = new Set(combatants.map((c) => c.id));
    return {
      id: row.id,
      system: row.system,
      round: row.round,
      // A player sees a side's morale only when it sees one of its members, and no numbers when sealed.
      morale: morale
        .filter(
          (x) =>
            who.role === 'referee' || row.combatants.some((c) => c.side === x.side && shownIds.has(c.id)),
        )
        .map((x) => {
          const shows = who.role === 'referee' || !x.sealed;
          return {
            side: x.side,
            triggers: x.triggers,
            rollId: x.rollId,
            wil: shows ? x.wil : null,
            passed: x.passed,
            fled: x.fled.filter((id) => who.role === 'referee' || shownIds.has(id)),
          };
        }),
      status: row.status,
      secret: row.secret,
      combatants: combatants.map((c) => ({
        kind: c.kind,
        id: c.id,
        side: c.side,
        detachment: c.detachment ?? false,
        routed: c.routed ?? false,
        destroyed: c.destroyed ?? false,
        fled: c.fled ?? false,
        lostFirstTurn: c.lostFirstTurn ?? false,
        firstRoundRollId: c.firstRoundRollId ?? null,
        turn: row.system === 'cairn' ? cairnTurnLeft(cairnTurnOf(row.round, c.cairn)) : null,
        // Only G&M keeps conditions on its combatants (null for the other systems).
        // A condition about a combatant this key may not see (a hidden NPC holding it) does not name it.
        ...(row.system === 'gm'
          ? {
              conditions: (c.conditions ?? []).map((k) =>
                k.by && who.role !== 'referee' && !shownIds.has(k.by) ? { ...{}, ...k, by: null } : k,
              ),
              // G&M: actions taken and allowed this round (Movement needs the sheet: the action answers it).
              gmTurn: this.gmTurnShown(
                gmTurnLeft(gmTurnOf(row.round, c.gmTurn), {
                  psychicSince: c.conditions?.find((k) => k.name === 'psychic')?.round ?? null,
                }),
                who,
                shownIds,
              ),
            }
          : {}),
        // COEAC: the round's declarations; a secret combat's are the referee's.
        ...(row.system === 'coeac'
          ? { coeac: who.role === 'referee' || !row.secret ? coeacRound(c, row.round, shownIds) : null }
          : {}),
      })),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  /** A G&M turn as `who` may see it: no id of a combatant hidden from it (the extra attack's target, a group's members). */
  private gmTurnShown(turn: GmTurnLeft, who: Principal, shownIds: Set<string>): GmTurnLeft {
    if (who.role === 'referee') return turn;
    const group = turn.group
      ?.split(',')
      .filter((id) => shownIds.has(id))
      .join(',');
    return {
      ...{},
      ...turn,
      extraAttack: turn.extraAttack && shownIds.has(turn.extraAttack) ? turn.extraAttack : null,
      group: group || null,
    };
  }
}

/** The combatant `id` of the combat, or 400 naming `field` (the attack route, every action handler). */
export function combatantOf(combat: CombatEntity, id: string, field: string): StoredCombatant {
  const found = combat.combatants.find((c) => c.id === id);
  if (!found) throw Problem.field('VALIDATION_FAILED', field, `${id} is not a combatant of this combat.`);
  return found;
}

/**
 * A combatant that the combat itself keeps from acting: routed, destroyed, fled, or in round 1 after
 * a failed first-round DEX save (409 naming `field`).
 */
export function assertCombatantActs(combat: CombatEntity, c: StoredCombatant, field: string): void {
  const why = c.destroyed
    ? 'was destroyed'
    : c.routed
      ? 'is routed'
      : c.fled
        ? 'has fled'
        : c.lostFirstTurn && combat.round === 1
          ? 'failed the first-round DEX save and loses its turn in round 1'
          : null;
  if (why) throw Problem.field('CONFLICT', field, `${c.id} ${why} and cannot act.`);
}
