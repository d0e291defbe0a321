import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { NpcsService } from '../characters/npcs.service';
import { SheetOwner, SheetsService } from '../characters/sheets.service';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import type { CampaignEntity } from '../database/entities';
import { now } from '../common/time';
import { Database } from '../database/database.service';
import { coeacBlockPools, sameJson } from '../core/characters/sheets';
import { findRating } from '../core/characters/sheets-checks';
import type { Sheet } from '../core/characters/sheets';
import {
  coeacChannelingDefence,
  type CoeacActionHarm,
  type CoeacActionSheetV3,
  type CoeacActionV3Outcome,
  type CoeacAmbushOutcome,
} from '../core/combat';
import { CharacterSheetEntity } from '../characters/characters.entities';
import { In as AnyOf } from 'typeorm';
import { coeacSpell, type CoeacSpell } from '../core/magic/coeac/spells';
import { RuleError } from '../core/errors';
import { harmOf, STATES_THAT_CANNOT_ACT } from '../core/harm';
import type { SheetDamageResult } from '../harm/harm-campaign.results';
import { SheetHarmService } from '../harm/sheet-harm.service';
import { InventoryItemEntity } from '../inventory/inventory.entities';
import { InventoryService } from '../inventory/inventory.service';
import { MagicCampaignService } from '../magic/magic-campaign.service';
import { ProcedureRegistry } from '../rolls/procedures';
import { sheetState, type CoeacState } from '../core/engine';
import { RollsService } from '../rolls/rolls.service';
import { CombatEntity, StoredCombatant } from './combat-campaign.entities';
import { CombatCampaignService, combatantOf } from './combat-campaign.service';
import type { CoeacCombatActionInput } from './combat-actions.coeac.inputs';
import type {
  CoeacCombatActionResult,
  CoeacCombatAmmunition,
  CoeacRoundEndSpell,
} from './combat-actions.coeac.results';
import type { CoeacCastResult } from '../magic/magic.results';
import {
  CombatActionAnswer,
  CombatActionContext,
  CombatActionsService,
  CombatSystemHandler,
  ResolvedCombatant,
} from './combat-actions.service';
import { COMBAT_PROCEDURES } from './combat-procedures';
import { coeacWeaponOf, weaponUsed } from './combat-weapons';
import { carriedAmmunition, sheetWeapons, type CoeacSheetWeapon } from '../core/characters/sheet-weapons';

/** The exchange calling the channeling defence (rolls logged before combat.coeac-action; kept for replay). */
export const COEAC_CHANNELING_DEFENCE_PROCEDURE = {
  name: 'combat.coeac-channeling-defence',
  run: coeacChannelingDefence,
};

/** A declaration that rolls nothing (full defence), logged so the feed and the log show every action. */
export const COEAC_DECLARE_PROCEDURE = {
  name: 'combat.coeac-declare',
  run: (input: { declared: string; skill: string | null }) => ({
    declared: input.declared,
    skill: input.skill,
  }),
};

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** The sheets the shared service already read (locked) for this action. */
const known = (ctx: CombatActionContext): CharacterSheetEntity[] =>
  ctx.sheets ? [...ctx.sheets.values()] : ctx.actorSheet ? [ctx.actorSheet] : [];

/** A class resource's key on the sheet, by any of its names, ignoring case (as the magic module reads it). */
function resourceKey(sheet: Sheet, ...names: string[]): string | null {
  const resources = (sheet.classResources ?? {}) as Record<string, { current: number }>;
  for (const name of names) {
    const key = Object.keys(resources).find((k) => k.toLowerCase() === name.toLowerCase());
    if (key) return key;
  }
  return null;
}

function current(sheet: Sheet, key: string): number {
  return ((sheet.classResources ?? {}) as Record<string, { current: number }>)[key]?.current ?? 0;
}

/** A stored sheet's numbers outside what the exchange reads: 422 naming the combatant's field. */
function asProblem<T>(run: () => T, field: string): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RuleError && error.code === 'INVALID_INPUT') {
      throw Problem.field('UNPROCESSABLE', field, `The stored sheets give the exchange ${error.message}`);
    }
    throw error;
  }
}

interface Fighter extends ResolvedCombatant {
  sheet: Sheet;
  /** The sheet's row, read locked in this transaction (the harm is written to it without a re-read). */
  row: CharacterSheetEntity;
  npc: boolean;
}

/**
 * COEAC's actions in a stored combat (issue 20, coverage group 1; docs/combat.md "COEAC stored
 * combats"): `exchange` (the combat check as a versus test on the pools the sheets give, with ganging
 * up, full defence declared this round, helpless targets, firing into melee and its stray shot, ties,
 * +1s, ammunition from the inventory), `defend` (full defence or a channeling declared for the
 * round), `declare` (whom the actor threatens this round) and `ambush` (the scout's test; a failure
 * gives the ambushers a free round). An exchange logs ONE roll, `combat.coeac-action`, whose outcome
 * carries every sheet's harm, written through `SheetHarmService.applyDamage`'s `computed` option in
 * the action's transaction. As a round ends, the channelings declared and not met by an attack are
 * cast through the magic module (`roundEnd`).
 */
@Injectable()
export class CoeacCombatActions implements CombatSystemHandler, OnModuleInit {
  readonly system = 'coeac';
  readonly kinds = ['exchange', 'defend', 'ambush', 'declare'] as const;

  constructor(
    private readonly actions: CombatActionsService,
    private readonly sheets: SheetsService,
    private readonly npcs: NpcsService,
    private readonly harm: SheetHarmService,
    private readonly rolls: RollsService,
    private readonly inventory: InventoryService,
    private readonly magic: MagicCampaignService,
    private readonly combats: CombatCampaignService,
    registry: ProcedureRegistry,
  ) {
    registry.register(COEAC_DECLARE_PROCEDURE as never, COEAC_CHANNELING_DEFENCE_PROCEDURE as never);
  }

  onModuleInit(): void {
    this.actions.register(this);
    this.combats.onRoundEnd('coeac', (m, who, req, campaign, combat) =>
      this.roundEnd(m, who, req, campaign, combat),
    );
  }

  act(ctx: CombatActionContext): Promise<CombatActionAnswer> {
    const input = ctx.input.coeac ?? {};
    const state = ctx.actor.combatant.coeac ?? {};
    const round = ctx.combat.round;
    if (state.surprised === round) {
      throw Problem.field(
        'CONFLICT',
        'actor',
        `${ctx.actor.owner.name} is caught by the ambushers' free round and cannot act this round.`,
      );
    }
    if (ctx.input.kind !== 'exchange' && input.weapon != null)
      throw Problem.field('VALIDATION_FAILED', 'coeac.weapon', 'Only an exchange takes `weapon`.');
    switch (ctx.input.kind) {
      case 'defend':
        return this.defend(ctx, input);
      case 'declare':
        return this.declare(ctx);
      case 'ambush':
        return this.ambush(ctx, input);
      default:
        return this.exchange(ctx, input);
    }
  }

  /**
   * An exchange with the actor's weapon from its sheet (issue 42): `coeac.weapon` names one, or with
   * neither a weapon nor a skill the sheet's first is used; its skill and `ranged` are read as if sent.
   */
  private async exchange(
    ctx: CombatActionContext,
    sent: CoeacCombatActionInput,
  ): Promise<CombatActionAnswer> {
    const npc = ctx.actor.owner.kind === 'npc';
    const sheet = (ctx.actorSheet ?? ctx.actor.sheetRow)?.data;
    const w = coeacWeaponOf(sheet, sent, ctx.actor.owner.name, npc);
    let input = w.input;
    // A ranged weapon from the sheet shoots the ammunition it names, carried in the inventory
    // (003:807); an item sent in coeac.ammunition wins.
    if (w.used && input.ranged && !npc && !input.ammunition) {
      const items = await ctx.m.find(InventoryItemEntity, {
        where: { campaignId: ctx.campaign.id, characterId: ctx.actor.combatant.id },
        order: { createdAt: 'ASC', id: 'ASC' },
      });
      const ammo = carriedAmmunition(w.used, items);
      if (!ammo)
        throw Problem.field(
          'UNPROCESSABLE',
          'coeac.weapon',
          w.used.ammunition
            ? `${ctx.actor.owner.name} carries no "${w.used.ammunition}" (with shots left) for the ranged weapon "${w.used.name}" (003:807).`
            : `The ranged weapon "${w.used.name}" names no ammunition on the sheet (weapons[].ammunition): name the item in coeac.ammunition or on the weapon.`,
        );
      input = { ...{}, ...input, ammunition: ammo.id };
    }
    const answer = await this.exchangeWith(ctx, input, w.skillField);
    return { ...{}, ...answer, weapon: w.used ? weaponUsed('coeac', w.used, w.overridden) : null };
  }

  // defend: full defence for the round (B8, B1's declaration)

  private async defend(ctx: CombatActionContext, input: CoeacCombatActionInput): Promise<CombatActionAnswer> {
    this.noTargets(ctx, 'defend');
    this.notActed(ctx, ctx.actor.combatant, 'actor');
    const actor = (await this.fighters(ctx.m, [ctx.actor], known(ctx)))[0];
    const skill = input.skill ?? null;
    // The skill is checked now, so the exchange that reads it cannot fail on it later.
    if (skill) this.pool(actor, 'skill', skill, 'coeac.skill');
    let spell: CoeacSpell | null = null;
    if (input.channel) {
      if (skill)
        throw Problem.field(
          'VALIDATION_FAILED',
          'coeac.skill',
          'A channeler defends with its spell, not a skill.',
        );
      spell = this.channelable(actor, input.channel.spell, 'coeac.channel.spell');
    }
    const declared = spell ? 'channeling' : 'full-defense';
    const rolled = this.rolls.roll(
      COEAC_DECLARE_PROCEDURE,
      { declared, skill: spell ? spell.id : skill },
      ctx.input.seed ?? undefined,
      diceBudget(ctx.req),
    );
    const roll = await this.rolls.record(ctx.m, ctx.who, rolled as never, {
      campaign: ctx.campaign,
      secret: ctx.sealed,
      effects: { combatId: ctx.combat.id, round: ctx.combat.round, actor: ctx.actor.combatant.id, declared },
    });
    const round = ctx.combat.round;
    await this.save(ctx.m, ctx.combat, (c) => {
      if (c.id !== ctx.actor.combatant.id) return c.coeac;
      if (spell) return { ...{}, ...c.coeac, acted: round, channeling: round, channelSpell: spell.id };
      return { ...{}, ...c.coeac, acted: round, defending: round, ...(skill ? { defenseSkill: skill } : {}) };
    });
    return {
      rollId: roll.id,
      targets: [],
      coeac: this.result('defend', { defenseSkill: skill, channelSpell: spell?.id ?? null }),
    };
  }

  /**
   * The spell a channeler may channel now, as a campaign cast checks it: in the catalogue, its
   * skill on the sheet, the spell controlled and not lost today, and a Control left.
   */
  private channelable(f: Fighter, id: string, field: string): CoeacSpell {
    let spell: CoeacSpell;
    try {
      spell = coeacSpell(id, field);
    } catch (error) {
      if (error instanceof RuleError) throw Problem.field('VALIDATION_FAILED', field, error.message);
      throw error;
    }
    this.pool(f, 'skill', spell.skill, field);
    const control = resourceKey(f.sheet, 'Control');
    if (!control)
      throw Problem.field(
        'UNPROCESSABLE',
        field,
        `${f.owner.name}'s COEAC sheet has no Control class resource.`,
      );
    if (current(f.sheet, control) < 1)
      throw Problem.field('CONFLICT', field, `${f.owner.name} has no Control left.`);
    const known = resourceKey(f.sheet, spell.id, spell.name);
    if (!known)
      throw Problem.field('UNPROCESSABLE', field, `${f.owner.name} does not control ${spell.name}.`);
    if (current(f.sheet, known) < 1)
      throw Problem.field('CONFLICT', field, `${spell.name} is lost to ${f.owner.name} until a long rest.`);
    return spell;
  }

  // declare: whom the combatant threatens this round (B1's declarations)

  private async declare(ctx: CombatActionContext): Promise<CombatActionAnswer> {
    const round = ctx.combat.round;
    const actor = ctx.actor.combatant;
    if (actor.coeac?.acted === round)
      throw Problem.field(
        'CONFLICT',
        'actor',
        `${ctx.actor.owner.name} has made its combat check this round: declarations come first.`,
      );
    ctx.targets.forEach((t, i) => {
      if (t.combatant.side === actor.side)
        throw Problem.field('VALIDATION_FAILED', `targets[${i}]`, `${t.combatant.id} is not an adversary.`);
    });
    const threatens = ctx.targets.map((t) => t.combatant.id);
    const rolled = this.rolls.roll(
      COEAC_DECLARE_PROCEDURE,
      { declared: 'threatens', skill: null },
      ctx.input.seed ?? undefined,
      diceBudget(ctx.req),
    );
    const roll = await this.rolls.record(ctx.m, ctx.who, rolled as never, {
      campaign: ctx.campaign,
      secret: ctx.sealed,
      effects: { combatId: ctx.combat.id, round, actor: actor.id, declared: 'threatens', threatens },
    });
    await this.save(ctx.m, ctx.combat, (c) =>
      c.id === actor.id ? { ...{}, ...c.coeac, threatensRound: round, threatens } : c.coeac,
    );
    return {
      rollId: roll.id,
      targets: threatens.map((id) => ({ id, damage: null })),
      coeac: this.result('declare', { threatens }),
    };
  }

  // The round's end (B1): the channelings declared and not yet resolved take effect

  /**
   * As `POST …/rounds` ends a COEAC round: every channeling declared for it that did not already
   * resolve as its channeler's defence is cast, through the magic module's own cast
   * (`MagicCampaignService.castIn`: the same checks, the `coeac.channeling` roll, Control and backlash
   * through the ledger, the live instance). A channeler that cannot act by then, or has lost its
   * Control or the spell, lapses; an NPC's spell is the referee's (reported, not rolled). The
   * answer's `coeacRoundEnd` lists them, a hidden NPC's left out for players.
   */
  private async roundEnd(
    m: EntityManager,
    who: Principal,
    req: ArbiterRequest,
    campaign: CampaignEntity,
    combat: CombatEntity,
  ): Promise<Record<string, unknown>> {
    const round = combat.round;
    const due = combat.combatants.filter(
      (c) => c.coeac?.channeling === round && c.coeac.channelSpell && c.coeac.channeled !== round,
    );
    const out: CoeacRoundEndSpell[] = [];
    for (const c of due) {
      const spell = c.coeac!.channelSpell!;
      const lapsed = (why: string) =>
        out.push({ combatant: c.id, spell, rollId: null, potency: null, lapsed: why });
      if (c.kind === 'npc') {
        lapsed('npc');
        continue;
      }
      const owner = await this.sheets.characterOwner(m, campaign.id, c.id);
      const row = await this.sheets.requireSheet(m, owner, 'coeac');
      if (STATES_THAT_CANNOT_ACT.includes(harmOf(row.data).state)) {
        lapsed('cannot-act');
        continue;
      }
      let cast: CoeacCastResult;
      try {
        cast = await this.magic.castIn(
          m,
          who,
          c.id,
          { spell, seed: undefined, secret: combat.secret } as never,
          req,
        );
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        lapsed(/control/i.test(error.message) ? 'no-control' : 'refused');
        continue;
      }
      out.push({
        combatant: c.id,
        spell,
        rollId: cast.rollId,
        potency: cast.channeling.potency,
        lapsed: null,
      });
    }
    return { coeacRoundEnd: await this.visibleSpells(m, who, combat, out) };
  }

  private async visibleSpells(
    m: EntityManager,
    who: Principal,
    combat: CombatEntity,
    spells: CoeacRoundEndSpell[],
  ): Promise<CoeacRoundEndSpell[]> {
    if (who.role === 'referee') return spells;
    const ids = await this.visibleIds(
      { m, who, combat } as CombatActionContext,
      spells.map((s) => s.combatant),
    );
    return spells.filter((s) => ids.includes(s.combatant));
  }

  // ambush (B2)

  private async ambush(ctx: CombatActionContext, input: CoeacCombatActionInput): Promise<CombatActionAnswer> {
    this.noTargets(ctx, 'ambush');
    if (ctx.combat.round !== 1) {
      throw Problem.field('CONFLICT', 'kind', 'An ambush is tested when the fight begins, in round 1.');
    }
    if (ctx.combat.combatants.some((c) => c.coeac?.ambushed)) {
      throw Problem.field('CONFLICT', 'kind', 'This combat’s ambush has already been tested.');
    }
    if (!input.place)
      throw Problem.field('VALIDATION_FAILED', 'coeac.place', 'An ambush test needs its place.');
    if (input.objective === undefined || input.objective === null) {
      throw Problem.field('VALIDATION_FAILED', 'coeac.objective', 'An ambush test needs the referee’s Ob.');
    }
    const scout = (await this.fighters(ctx.m, [ctx.actor], known(ctx)))[0];
    const skill = input.place === 'town' ? 'Streetwise' : 'Bushcraft';
    const pool = this.pool(scout, 'skill', skill, 'actor');
    const rolled = this.rolls.roll(
      COMBAT_PROCEDURES.coeacAmbush,
      {
        place: input.place as 'town' | 'wilderness',
        pool,
        objective: input.objective,
        ...(input.bonusDice ? { bonusDice: input.bonusDice } : {}),
        ...(input.penaltyDice ? { penaltyDice: input.penaltyDice } : {}),
      },
      ctx.input.seed ?? undefined,
      diceBudget(ctx.req),
    );
    const outcome = rolled.outcome as CoeacAmbushOutcome;
    const side = ctx.actor.combatant.side;
    const surprised = outcome.freeRound
      ? ctx.combat.combatants.filter((c) => c.side === side).map((c) => c.id)
      : [];
    const roll = await this.rolls.record(ctx.m, ctx.who, rolled as never, {
      campaign: ctx.campaign,
      secret: ctx.sealed,
      effects: {
        combatId: ctx.combat.id,
        round: ctx.combat.round,
        scout: ctx.actor.combatant.id,
        side,
        surprised,
      },
    });
    await this.save(ctx.m, ctx.combat, (c) =>
      c.side === side
        ? { ...{}, ...c.coeac, ambushed: true, ...(outcome.freeRound ? { surprised: ctx.combat.round } : {}) }
        : c.coeac,
    );
    return {
      rollId: roll.id,
      targets: [],
      coeac: this.result('ambush', {
        ambush: { ...{}, ...outcome, seed: rolled.seed, rng: rolled.rng } as never,
        surprised: await this.visibleIds(ctx, surprised),
      }),
    };
  }

  // exchange (B3–B6, B8–B11, H3)

  private async exchangeWith(
    ctx: CombatActionContext,
    sent: CoeacCombatActionInput,
    skillField: string,
  ): Promise<CombatActionAnswer> {
    let input = sent;
    const { m, who, combat } = ctx;
    if (ctx.targets.length !== 1) {
      throw Problem.field(
        'VALIDATION_FAILED',
        'targets',
        'A COEAC exchange has exactly one target: the defender.',
      );
    }
    const [target] = ctx.targets;
    const actorId = ctx.actor.combatant.id;
    if (target.combatant.id === actorId) {
      throw Problem.field('VALIDATION_FAILED', 'targets[0]', 'A combatant does not attack itself.');
    }
    if (input.helpless && who.role !== 'referee') {
      throw Problem.field('FORBIDDEN', 'coeac.helpless', 'Only the referee declares a target helpless.');
    }
    if (input.extraCheck && who.role !== 'referee') {
      throw Problem.field('FORBIDDEN', 'coeac.extraCheck', 'Only the referee grants another combat check.');
    }
    if (!input.extraCheck) this.notActed(ctx, ctx.actor.combatant, 'actor');

    // Ganging up (B10): the supporters, each able to act and not yet acted this round.
    const joined: Array<{ r: ResolvedCombatant; field: string }> = [];
    const seen = new Set([actorId, target.combatant.id]);
    for (const [i, id] of (input.supporters ?? []).entries()) {
      const field = `coeac.supporters[${i}]`;
      if (seen.has(id)) throw Problem.field('VALIDATION_FAILED', field, `${id} is already in this exchange.`);
      seen.add(id);
      const c = combatantOf(combat, id, field);
      if (c.kind === 'npc' && who.role !== 'referee')
        throw Problem.field('FORBIDDEN', field, 'Only the referee acts for NPCs.');
      if (c.kind === 'character' && who.role !== 'referee') {
        try {
          assertMayActFor(who, c.id);
        } catch {
          throw Problem.field('FORBIDDEN', field, 'A player names only its own characters as supporters.');
        }
      }
      if (c.coeac?.surprised === combat.round)
        throw Problem.field('CONFLICT', field, `${id} is caught by the ambushers' free round.`);
      this.notActed(ctx, c, field);
      joined.push({ r: await this.actions.resolveCombatant(m, who, c), field });
    }

    // Every sheet of the exchange in one read (locked); the actor's was read as it was checked able to act.
    const [actor, defender, ...supporters] = await this.fighters(
      m,
      [ctx.actor, target, ...joined.map((j) => j.r)],
      known(ctx),
    );
    // F24 (003:501): the weapon worked from a rare organ's teeth, claws or horn attacks at +1d. The
    // sheet's `organs` must list `teeth` (the campaign eating route writes it); the die joins the
    // actor's bonus dice in the same roll.
    if (input.organWeapon) {
      const organs = Array.isArray(actor.sheet.organs) ? (actor.sheet.organs as unknown[]) : [];
      if (!organs.includes('teeth'))
        throw Problem.field(
          'CONFLICT',
          'coeac.organWeapon',
          `${actor.owner.name}’s COEAC sheet lists no teeth, claws or horn among its organs (sheet.organs).`,
        );
      input = { ...{}, ...input, bonusDice: (input.bonusDice ?? 0) + 1 };
    }
    supporters.forEach((f, i) => {
      const state = harmOf(f.sheet).state;
      if (STATES_THAT_CANNOT_ACT.includes(state))
        throw Problem.field('CONFLICT', joined[i].field, `${f.owner.name} is ${state} and cannot support.`);
    });
    const defenderState = harmOf(defender.sheet).state;
    if (defenderState === 'dead') {
      throw Problem.field('CONFLICT', 'targets[0]', `${defender.owner.name} is dead.`);
    }
    const dState = target.combatant.coeac ?? {};
    // B1: declared threats bind the round. The actor attacks only whom it declared it threatens; a
    // defender that declared its threats threatens the actor only if it is among them.
    const aState = ctx.actor.combatant.coeac ?? {};
    if (aState.threatensRound === combat.round && !(aState.threatens ?? []).includes(target.combatant.id))
      throw Problem.field(
        'CONFLICT',
        'targets[0]',
        `${ctx.actor.owner.name} declared whom it threatens this round, and ${target.combatant.id} is not among them.`,
      );
    const declaredThreat =
      dState.threatensRound === combat.round ? (dState.threatens ?? []).includes(actorId) : null;
    const helpless = STATES_THAT_CANNOT_ACT.includes(defenderState) || input.helpless === true;
    const ambushRound = !helpless && dState.surprised === combat.round;
    const fullDefense = !helpless && !ambushRound && dState.defending === combat.round;
    // A channeling declared this round is the defence, while the channeler still can channel it.
    let channelSpell: CoeacSpell | null = null;
    if (!helpless && !ambushRound && dState.channeling === combat.round && dState.channelSpell) {
      try {
        channelSpell = this.channelable(defender, dState.channelSpell, 'targets[0]');
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        channelSpell = null; // Control or the spell gone since the declaration: a plain exchange.
      }
    }

    // Firing into a melee (B11): the engaged allies a stray shot may hit.
    // The supporters are in the exchange, not bystanders: a stray shot never hits them (our reading),
    // so every participant takes at most one blow.
    const engagedAllies: ResolvedCombatant[] = [];
    if (input.firingIntoMelee) {
      const ids =
        input.engaged ??
        combat.combatants
          .filter((c) => c.side === ctx.actor.combatant.side && !seen.has(c.id))
          .map((c) => c.id);
      const unique = new Set<string>();
      for (const [i, id] of ids.entries()) {
        const field = `coeac.engaged[${i}]`;
        if (seen.has(id) || unique.has(id))
          throw Problem.field('VALIDATION_FAILED', field, `${id} cannot be an engaged ally here.`);
        unique.add(id);
        engagedAllies.push(await this.actions.resolveCombatant(m, who, combatantOf(combat, id, field)));
      }
    } else if (input.engaged !== undefined && input.engaged !== null) {
      throw Problem.field('VALIDATION_FAILED', 'coeac.engaged', 'engaged goes with firingIntoMelee.');
    }
    const engaged = await this.fighters(m, engagedAllies);

    // Ammunition (H3): a ranged attack needs it in the actor's inventory.
    let ammoItem: InventoryItemEntity | null = null;
    if (input.ranged) {
      if (ctx.actor.combatant.kind === 'character') {
        if (!input.ammunition)
          throw Problem.field(
            'VALIDATION_FAILED',
            'coeac.ammunition',
            'A ranged attack names its ammunition item.',
          );
        ammoItem = await m.findOne(InventoryItemEntity, {
          where: { id: input.ammunition, campaignId: ctx.campaign.id, characterId: actorId },
        });
        if (!ammoItem || (ammoItem.kind === 'material' && (ammoItem.dice ?? 0) < 1)) {
          throw Problem.field(
            'CONFLICT',
            'coeac.ammunition',
            `${actor.owner.name} has no ammunition left in ${input.ammunition}.`,
          );
        }
      } else if (input.ammunition) {
        throw Problem.field(
          'VALIDATION_FAILED',
          'coeac.ammunition',
          'NPCs carry no inventory: leave ammunition out.',
        );
      }
    } else if (input.ammunition) {
      throw Problem.field('VALIDATION_FAILED', 'coeac.ammunition', 'ammunition goes with ranged.');
    }

    // Blocks: each names a combatant of this exchange; a player Blocks only for its own characters.
    const blocks = new Map<string, string>();
    for (const [i, b] of (input.blocks ?? []).entries()) {
      const field = `coeac.blocks[${i}].id`;
      const c = combatantOf(combat, b.id, field);
      if (blocks.has(b.id))
        throw Problem.field('VALIDATION_FAILED', field, `${b.id} Blocks once per action.`);
      if (who.role !== 'referee') {
        if (c.kind === 'npc') throw Problem.field('FORBIDDEN', field, 'Only the referee Blocks for NPCs.');
        try {
          assertMayActFor(who, c.id);
        } catch {
          throw Problem.field('FORBIDDEN', field, 'A player Blocks only for its own characters.');
        }
      }
      blocks.set(b.id, b.with);
    }

    // Pools from the sheets (B3, B8).
    const skill = input.skill;
    if (!skill && !actor.npc)
      throw Problem.field('VALIDATION_FAILED', 'coeac.skill', 'Name the skill the combat check tests.');
    const aPool = this.pool(actor, 'skill', skill ?? 'Pool', skillField);
    if (channelSpell) {
      return this.onChanneler(ctx, input, {
        actor,
        defender,
        supporters,
        spell: channelSpell,
        aPool,
        ammoItem,
        blocks,
      });
    }
    let dPool = 0;
    let agilityPool: number | null = null;
    let defenderTested: { skill: string | null; weapon: string | null; from: string } | null = null;
    if (!helpless && !ambushRound) {
      // The defender's skill (issue 42): its full defence's, else the one sent, else its own sheet's
      // first weapon's, else the attacker's. The pool resolved here is what the procedure logs.
      const declared = fullDefense ? dState.defenseSkill : undefined;
      const dWeapon =
        declared == null && input.defenderSkill == null
          ? (sheetWeapons(defender.sheet)[0] as CoeacSheetWeapon | undefined)
          : undefined;
      const dSkill = declared ?? input.defenderSkill ?? dWeapon?.skill ?? skill;
      if (!dSkill && !defender.npc)
        throw Problem.field('VALIDATION_FAILED', 'coeac.defenderSkill', 'Name the skill the defender tests.');
      dPool = this.pool(defender, 'skill', dSkill ?? 'Pool', 'coeac.defenderSkill');
      defenderTested = {
        skill: dSkill ?? null,
        weapon: dWeapon?.skill ? dWeapon.name : null,
        from:
          declared != null
            ? 'defend'
            : input.defenderSkill != null
              ? 'defenderSkill'
              : dWeapon?.skill
                ? 'weapon'
                : dSkill
                  ? 'skill'
                  : 'pool',
      };
      if (fullDefense) {
        agilityPool = this.optionalPool(defender, 'Agility');
        const shield = (defender.sheet.armor as { shield?: boolean } | undefined)?.shield === true;
        const vigor = shield ? this.optionalPool(defender, 'Vigor') : null;
        if (vigor !== null && vigor > dPool) dPool = vigor;
      }
    }
    const vigorPool = helpless ? (this.optionalPool(defender, 'Vigor') ?? (defender.npc ? 0 : 2)) : null;

    const procedureInput = {
      attacker: {
        pool: aPool,
        ...(input.bonusDice ? { bonusDice: input.bonusDice } : {}),
        ...(input.penaltyDice ? { penaltyDice: input.penaltyDice } : {}),
        ...(input.freeSuccesses ? { freeSuccesses: input.freeSuccesses } : {}),
        ...(supporters.length ? { supporters: supporters.length } : {}),
        ...(input.ranged ? { ranged: true, ammunition: 1 } : {}),
      },
      defender: {
        pool: dPool,
        ...(input.defenderBonusDice ? { bonusDice: input.defenderBonusDice } : {}),
        ...(input.defenderPenaltyDice ? { penaltyDice: input.defenderPenaltyDice } : {}),
        ...(input.defenderFreeSuccesses ? { freeSuccesses: input.defenderFreeSuccesses } : {}),
        ...(fullDefense ? { fullDefense: true } : {}),
        ...(agilityPool !== null ? { agilityPool } : {}),
        ...(helpless ? { helpless: true, vigorPool } : {}),
        ...((input.defenderThreatens ?? declaredThreat) === false ? { threatens: false } : {}),
      },
      ...(input.firingIntoMelee ? { firingIntoMelee: true, engagedAllies: Math.max(1, engaged.length) } : {}),
      ...(ambushRound ? { ambushRound: true } : {}),
    };
    // ONE roll: the exchange and every sheet it harms (combat.coeac-action), on the sheets read above.
    const blockFor = (f: Fighter) => blocks.get(f.combatant.id);
    const sheets = await this.snapshots(ctx, {
      defender: { f: defender, block: blockFor(defender) },
      attacker: { f: actor, block: blockFor(actor) },
      supporters: supporters.map((f) => ({ f, block: blockFor(f) })),
      engaged: engaged.map((f) => ({ f, block: blockFor(f) })),
      // The most one blow can be: every die of the exchange, its +Ns, the stray 3d, a tie's 1.
      bound:
        aPool +
        dPool +
        (input.bonusDice ?? 0) +
        (input.defenderBonusDice ?? 0) +
        (input.freeSuccesses ?? 0) +
        (input.defenderFreeSuccesses ?? 0) +
        supporters.length +
        5,
      helplessDefender: helpless,
    });
    const rolled = asProblem(
      () =>
        this.rolls.roll(
          COMBAT_PROCEDURES.coeacAction,
          { exchange: procedureInput, sheets } as never,
          ctx.input.seed ?? undefined,
          diceBudget(ctx.req),
        ),
      'targets',
    );
    const action = rolled.outcome as CoeacActionV3Outcome;
    const outcome = action.exchange!;
    const strayTarget = outcome.stray && engaged.length > 0 ? engaged[outcome.stray.ally - 1] : null;
    // A hidden NPC among supporters or the ally hit seals the action as well.
    if (supporters.some((s) => s.hidden) || strayTarget?.hidden) ctx.sealed = true;
    const toDefender = action.harm.find((h) => h.role === 'defender')?.amount ?? 0;
    const downByVigor = outcome.downAndOut === true && defenderState === 'up';

    const parties = {
      defender: {
        f: defender,
        what: downByVigor
          ? `exchange with ${actor.owner.name}, then a failed Vigor save`
          : `exchange with ${actor.owner.name}`,
      },
      attacker: { f: actor, what: `exchange with ${defender.owner.name}` },
      supporters: supporters.map((f) => ({ f, what: `ganging up on ${defender.owner.name}` })),
      engaged: engaged.map((f) => ({ f, what: `a stray shot of ${actor.owner.name}` })),
    };
    const roll = await this.rolls.record(m, who, rolled as never, {
      campaign: ctx.campaign,
      secret: ctx.sealed,
      effects: {
        combatId: combat.id,
        round: combat.round,
        attacker: actorId,
        defender: target.combatant.id,
        supporters: supporters.map((s) => s.combatant.id),
        winner: outcome.winner,
        damageToDefender: toDefender,
        damageToAttacker: outcome.damageToAttacker,
        stray: strayTarget ? { id: strayTarget.combatant.id, damage: outcome.stray!.damage } : null,
        ...(input.organWeapon ? { organWeapon: 'teeth' } : {}),
        // The engine's events of the harm (issue 42): the log and the feed show them.
        events: action.events.flat(),
      },
    });

    // Harm through the ledger, each computed in the action's roll (no second read, no second roll).
    // The defender is always listed (its damage null when none), so a sealed answer's target list
    // does not tell a player who won.
    const harmed = await this.writeHarm(ctx, action, sheets, rolled, roll.id, blocks, parties);

    // Ammunition out of the inventory.
    let ammunition: CoeacCombatAmmunition | null = null;
    if (ammoItem) ammunition = await this.spendAmmunition(m, ctx, ammoItem);

    const acted = new Set([actorId, ...supporters.map((s) => s.combatant.id)]);
    await this.save(m, combat, (c) =>
      acted.has(c.id) ? { ...{}, ...c.coeac, acted: combat.round } : c.coeac,
    );

    const spentAmmo = ammunition?.spent ?? 0;
    return {
      rollId: roll.id,
      targets: harmed,
      coeac: this.result('exchange', {
        defender: target.combatant.id,
        supporters: supporters.map((s) => s.combatant.id),
        defenderSkill: defenderTested?.skill ?? null,
        defenderSkillFrom: defenderTested?.from ?? null,
        defenderWeapon: defenderTested?.weapon ?? null,
        helpless,
        fullDefense,
        ambushRound,
        strayTarget: strayTarget?.combatant.id ?? null,
        exchange: {
          ...{},
          ...outcome,
          ammunition: { ...{}, ...outcome.ammunition, spent: spentAmmo },
          seed: rolled.seed,
          rng: rolled.rng,
        } as never,
        ammunition,
      }),
    };
  }

  /**
   * The exchange calling the channeling defence (the magic item of group 1): one roll
   * (`combat.coeac-channeling-defence`), Control and a lost plasmid through the condition ledger as
   * a campaign cast spends them, the attack's damage and the backlash through `applyDamage`.
   */
  private async onChanneler(
    ctx: CombatActionContext,
    input: CoeacCombatActionInput,
    x: {
      actor: Fighter;
      defender: Fighter;
      supporters: Fighter[];
      spell: CoeacSpell;
      aPool: number;
      ammoItem: InventoryItemEntity | null;
      blocks: Map<string, string>;
    },
  ): Promise<CombatActionAnswer> {
    const { m, who, combat } = ctx;
    const { defender, spell } = x;
    const sorcery = this.pool(defender, 'skill', spell.skill, 'targets[0]');
    const vigor = this.optionalPool(defender, 'Vigor');
    const discipline = this.optionalPool(defender, 'Discipline');
    const channelingInput = {
      attacker: {
        pool: x.aPool,
        ...(input.bonusDice ? { bonusDice: input.bonusDice } : {}),
        ...(input.penaltyDice ? { penaltyDice: input.penaltyDice } : {}),
        ...(input.freeSuccesses ? { freeSuccesses: input.freeSuccesses } : {}),
        ...(x.supporters.length ? { supporters: x.supporters.length } : {}),
      },
      ...(input.firingIntoMelee ? { firingIntoMelee: true } : {}),
      channeling: {
        pool: sorcery,
        spell: spell.id,
        ...(input.defenderBonusDice ? { bonusDice: input.defenderBonusDice } : {}),
        ...(input.defenderPenaltyDice ? { penaltyDice: input.defenderPenaltyDice } : {}),
        ...(vigor !== null ? { vigorPool: vigor } : {}),
        ...(discipline !== null ? { disciplinePool: discipline } : {}),
      },
    };
    // ONE roll: the attack, the channeling and the channeler's harm (combat.coeac-action).
    const sheets = await this.snapshots(ctx, {
      defender: { f: defender, block: x.blocks.get(defender.combatant.id) },
      attacker: { f: x.actor, block: x.blocks.get(x.actor.combatant.id) },
      // A tie costs the captain and each supporter a point too (003:137).
      supporters: x.supporters.map((f) => ({ f, block: x.blocks.get(f.combatant.id) })),
      engaged: [],
      bound: Number.MAX_SAFE_INTEGER,
      helplessDefender: false,
    });
    const rolled = asProblem(
      () =>
        this.rolls.roll(
          COMBAT_PROCEDURES.coeacAction,
          { channeling: channelingInput, sheets } as never,
          ctx.input.seed ?? undefined,
          diceBudget(ctx.req),
        ),
      'targets',
    );
    const action = rolled.outcome as CoeacActionV3Outcome;
    const outcome = action.channeling!;
    if (x.supporters.some((s) => s.hidden)) ctx.sealed = true;
    const target = defender;
    const parties = {
      defender: {
        f: defender,
        what: `exchange with ${x.actor.owner.name} while channeling ${spell.name}`,
      },
      attacker: { f: x.actor, what: `a tie with ${defender.owner.name} channeling ${spell.name}` },
      supporters: x.supporters.map((f) => ({
        f,
        what: `a tie with ${defender.owner.name} channeling ${spell.name}, supporting ${x.actor.owner.name}`,
      })),
      engaged: [] as Array<{ f: Fighter; what: string }>,
    };
    const roll = await this.rolls.record(m, who, rolled as never, {
      campaign: ctx.campaign,
      secret: ctx.sealed,
      effects: {
        combatId: combat.id,
        round: combat.round,
        attacker: ctx.actor.combatant.id,
        defender: target.combatant.id,
        supporters: x.supporters.map((s) => s.combatant.id),
        channeling: spell.id,
        potency: outcome.channeling.potency,
        damageToDefender: outcome.damageToDefender,
        backlashDamage: outcome.backlashDamage,
        // The engine's events of the harm (issue 42): the log and the feed show them.
        events: action.events.flat(),
      },
    });
    // Control (and the plasmid on backlash) through the ledger, as a campaign cast spends them.
    const control = resourceKey(defender.sheet, 'Control')!;
    const changes = [{ field: `classResources.${control}.current`, delta: -outcome.channeling.controlSpent }];
    if (outcome.channeling.backlash.plasmidLost) {
      const known = resourceKey(defender.sheet, spell.id, spell.name)!;
      changes.push({ field: `classResources.${known}.current`, delta: -1 });
    }
    await this.sheets.changeTracked(
      m,
      who,
      ctx.campaign,
      target.owner,
      'coeac',
      changes,
      { cause: 'roll', procedure: rolled.procedure, rollId: roll.id },
      { clamp: true, row: defender.row },
    );
    // The channeling defence becomes the caster's live instance of the spell, as a cast does.
    if (target.owner.kind === 'character')
      await this.magic.keepLiveInstance(m, ctx.campaign.id, target.owner.id, spell.id, {
        bound: false,
        potency: outcome.channeling.potency,
        objective: outcome.channeling.objective,
        rollId: roll.id,
      });
    const harmed = await this.writeHarm(ctx, action, sheets, rolled, roll.id, x.blocks, parties);
    const ammunition = x.ammoItem ? await this.spendAmmunition(m, ctx, x.ammoItem) : null;
    const acted = new Set([ctx.actor.combatant.id, ...x.supporters.map((s) => s.combatant.id)]);
    // The channeling resolved as the defence: the round's end does not cast it again.
    await this.save(m, combat, (c) =>
      acted.has(c.id)
        ? { ...{}, ...c.coeac, acted: combat.round }
        : c.id === target.combatant.id
          ? { ...{}, ...c.coeac, channeled: combat.round }
          : c.coeac,
    );
    return {
      rollId: roll.id,
      targets: harmed,
      coeac: this.result('exchange', {
        defender: target.combatant.id,
        supporters: x.supporters.map((s) => s.combatant.id),
        channeling: {
          ...{},
          ...outcome,
          attacker: { ...{}, ...outcome.attacker, rolled: true },
          seed: rolled.seed,
          rng: rolled.rng,
        } as never,
        ammunition,
      }),
    };
  }

  /**
   * Ammunition spent (H3, our reading): a material counted in dice loses one die; a bundle on its
   * last use (its depletion check said so) is used up and leaves the inventory; any other bundle is
   * enough while carried (003:807) and Depletion wears it down after the scene.
   */
  private async spendAmmunition(
    m: EntityManager,
    ctx: CombatActionContext,
    item: InventoryItemEntity,
  ): Promise<CoeacCombatAmmunition> {
    const characterId = ctx.actor.combatant.id;
    if (item.kind === 'material' && item.dice !== null) {
      const row = await this.inventory.spendDice(
        m,
        ctx.campaign.id,
        characterId,
        item.id,
        1,
        'coeac.ammunition',
      );
      return {
        itemId: item.id,
        name: item.name,
        spent: 1,
        remaining: row.dice ?? 0,
        removed: (row.dice ?? 0) === 0,
      };
    }
    if (item.lastUse) {
      await this.inventory.removeItem(m, ctx.campaign.id, characterId, item.id);
      return { itemId: item.id, name: item.name, spent: 1, remaining: null, removed: true };
    }
    return { itemId: item.id, name: item.name, spent: 0, remaining: null, removed: false };
  }

  // One roll per action: the sheets going into it, the harm coming out of it

  /**
   * Each participant's stored numbers as `harm.sheet-damage` reads them (the rows read above, locked):
   * the Block it asked for (422 naming `coeac.blocks[i].with` without that armour), and the items it
   * carries when a blow could send it to the Down and Out table (one read for all of them).
   */
  private async snapshots(
    ctx: CombatActionContext,
    p: {
      defender: { f: Fighter; block: string | undefined };
      attacker: { f: Fighter; block: string | undefined };
      supporters: Array<{ f: Fighter; block: string | undefined }>;
      engaged: Array<{ f: Fighter; block: string | undefined }>;
      /** The most damage one blow of the action can deal. */
      bound: number;
      helplessDefender: boolean;
    },
  ): Promise<{
    defender: CoeacActionSheetV3;
    attacker: CoeacActionSheetV3;
    supporters: CoeacActionSheetV3[];
    engaged: CoeacActionSheetV3[];
  }> {
    const all = [p.defender, p.attacker, ...p.supporters, ...p.engaged];
    const mayGoDown = (f: Fighter, helpless: boolean) => {
      const state = harmOf(f.sheet).state;
      if (state === 'dead') return false;
      const left = num(f.sheet.hp) + num(f.sheet.bonusHp);
      return state === 'down-and-out' || left === 0 || left <= p.bound || helpless;
    };
    const needItems = all
      .filter((x, i) => x.f.owner.kind === 'character' && mayGoDown(x.f, i === 0 && p.helplessDefender))
      .map((x) => x.f.owner.id);
    const items = new Map<string, Array<{ name: string; artifact: boolean }>>();
    if (needItems.length > 0) {
      const rows = await ctx.m.find(InventoryItemEntity, {
        // An item already broken is not drawn again (as harm.sheet-damage reads them).
        where: { campaignId: ctx.campaign.id, characterId: AnyOf([...new Set(needItems)]), broken: false },
        order: { createdAt: 'ASC', id: 'ASC' },
        select: { name: true, kind: true, characterId: true },
      });
      for (const r of rows) {
        const list = items.get(r.characterId!) ?? [];
        if (!list.some((i) => i.name === r.name))
          list.push({ name: r.name, artifact: r.kind === 'artifact' });
        items.set(r.characterId!, list);
      }
    }
    const blocks = (ctx.input.coeac?.blocks ?? []).map((b) => b.id);
    // C5: a piece that names its inventory item Blocks only while that item is carried and whole.
    for (const x of all)
      if (x.block)
        await this.harm.assertCanBlock(
          ctx.m,
          ctx.campaign.id,
          x.f.owner,
          x.f.sheet,
          x.block,
          `coeac.blocks[${blocks.indexOf(x.f.combatant.id)}].with`,
        );
    const one = (x: { f: Fighter; block: string | undefined }): CoeacActionSheetV3 => {
      const data = x.f.sheet;
      const field = `coeac.blocks[${blocks.indexOf(x.f.combatant.id)}].with`;
      const armor = (data.armor ?? { kind: 'none', shield: false, blockUses: 0 }) as {
        kind: string;
        shield: boolean;
        blockUses: number;
      };
      let block: CoeacActionSheetV3['block'] = null;
      if (x.block === 'armor') {
        if (!armor.kind || armor.kind === 'none')
          throw Problem.field('UNPROCESSABLE', field, `${x.f.owner.name} wears no armour to Block with.`);
        block = {
          kind: armor.kind === 'heavy' ? 'heavy-armor' : 'light-armor',
          usesLeft: coeacBlockPools(armor).armor,
        };
      } else if (x.block === 'shield') {
        if (!armor.shield)
          throw Problem.field('UNPROCESSABLE', field, `${x.f.owner.name} carries no shield to Block with.`);
        // The shield Blocks on its own use (003:183).
        block = { kind: 'shield', usesLeft: coeacBlockPools(armor).shield };
      }
      // The engine's state of the sheet as read (issue 39, combat.coeac-action.v3): HP, bonus HP, max
      // HP, saves, skills, the harm; the action adds the Block and the items carried.
      return {
        state: sheetState(
          { name: x.f.owner.name, id: x.f.owner.id, npc: x.f.owner.kind === 'npc' },
          'coeac',
          data,
          data,
          harmOf(data),
        ) as CoeacState,
        ...(block ? { block } : {}),
        items: x.f.owner.kind === 'character' ? (items.get(x.f.owner.id) ?? []) : [],
      };
    };
    return {
      defender: one(p.defender),
      attacker: one(p.attacker),
      supporters: p.supporters.map(one),
      engaged: p.engaged.map(one),
    };
  }

  /**
   * Writes the harm the action's roll computed to each sheet through `applyDamage`'s `computed`
   * option (the ledger entries name the action's roll; no re-read, no second roll). Answers the
   * targets in order, the defender first (null damage when it took none).
   */
  private async writeHarm(
    ctx: CombatActionContext,
    action: CoeacActionV3Outcome,
    sheets: {
      defender: CoeacActionSheetV3;
      attacker: CoeacActionSheetV3;
      supporters: CoeacActionSheetV3[];
      engaged: CoeacActionSheetV3[];
    },
    rolled: { procedure: string; seed: string; rng: string },
    rollId: string,
    blocks: Map<string, string>,
    who: Parties,
  ): Promise<Array<{ id: string; damage: SheetDamageResult | null }>> {
    const { combat } = ctx;
    const harmed: Array<{ id: string; damage: SheetDamageResult | null }> = [
      { id: who.defender.f.combatant.id, damage: null },
    ];
    for (const [i, h] of action.harm.entries()) {
      const x = partyOf(h, who);
      // The state the transition read in the roll, and the events it told there.
      const state =
        h.role === 'defender'
          ? sheets.defender.state
          : h.role === 'attacker'
            ? sheets.attacker.state
            : h.role === 'supporter'
              ? sheets.supporters[h.index].state
              : sheets.engaged[h.index].state;
      const id = x.f.combatant.id;
      const damage = await this.harm.applyDamage(
        ctx.m,
        ctx.who,
        x.f.owner,
        {
          system: 'coeac',
          amount: h.amount,
          source: `${x.what} (combat ${combat.id}, round ${combat.round})`.slice(0, 200),
          ...(blocks.has(id) ? { blockWith: blocks.get(id) } : {}),
        },
        {
          campaign: ctx.campaign,
          computed: {
            row: x.f.row,
            outcome: h.harm,
            roll: { id: rollId, procedure: rolled.procedure, seed: rolled.seed, rng: rolled.rng },
            state,
            events: action.events[i],
          },
        },
      );
      const prior = harmed.find((t) => t.id === id);
      if (prior) prior.damage = damage;
      else harmed.push({ id, damage });
    }
    return harmed;
  }

  // Helpers

  private result(action: string, part: Partial<CoeacCombatActionResult>): CoeacCombatActionResult {
    return {
      action,
      defender: null,
      supporters: [],
      helpless: false,
      fullDefense: false,
      ambushRound: false,
      strayTarget: null,
      exchange: null,
      ammunition: null,
      defenseSkill: null,
      defenderSkill: null,
      defenderSkillFrom: null,
      defenderWeapon: null,
      ambush: null,
      surprised: [],
      channeling: null,
      channelSpell: null,
      threatens: [],
      ...part,
    };
  }

  private noTargets(ctx: CombatActionContext, kind: string): void {
    if ((ctx.input.targets ?? []).length > 0)
      throw Problem.field('VALIDATION_FAILED', 'targets', `A ${kind} action has no targets.`);
  }

  /** B3: one combat check per combatant per round (an exchange as captain or supporter, or defend). */
  private notActed(ctx: CombatActionContext, c: StoredCombatant, field: string): void {
    if (c.coeac?.acted === ctx.combat.round) {
      throw Problem.field('CONFLICT', field, `${c.id} has already made its combat check this round.`);
    }
  }

  /** The ids a non-referee key may see: NPCs whose visibility is not `players` are left out. */
  private async visibleIds(ctx: CombatActionContext, ids: string[]): Promise<string[]> {
    if (ctx.who.role === 'referee') return ids;
    const out: string[] = [];
    for (const id of ids) {
      const c = ctx.combat.combatants.find((x) => x.id === id);
      if (c?.kind === 'npc') {
        const row = await this.npcs.npc(ctx.m, ctx.who.campaignId, id);
        if (row.visibility !== 'players') continue;
      }
      out.push(id);
    }
    return out;
  }

  /** Several combatants' COEAC sheets in one read (locked), in order; 422 SHEET_MISSING as one read gives. */
  private async fighters(
    m: EntityManager,
    list: ResolvedCombatant[],
    /** Sheets already read (locked) in this transaction: the actor's and the listed targets'. */
    known: CharacterSheetEntity[] = [],
  ): Promise<Fighter[]> {
    const have = known.filter((r) => r.system === 'coeac');
    const wanted = list.filter((r) => !have.some((k) => k.ownerId === r.owner.id));
    if (wanted.length === 0 && list.length === 0) return [];
    const rows =
      wanted.length === 0
        ? have
        : [
            ...have,
            ...(await Database.selectRows(
              m,
              CharacterSheetEntity,
              { ownerId: wanted.map((r) => r.owner.id), system: 'coeac' },
              { lock: true },
            )),
          ];
    const out: Fighter[] = [];
    for (const r of list) {
      const row = rows.find((x) => x.ownerId === r.owner.id && x.ownerKind === r.owner.kind);
      if (!row) {
        out.push(await this.fighter(m, r)); // answers the missing sheet's 422
        continue;
      }
      out.push({ ...{}, ...r, sheet: row.data as Sheet, row, npc: r.owner.kind === 'npc' });
    }
    return out;
  }

  private async fighter(m: EntityManager, r: ResolvedCombatant): Promise<Fighter> {
    const row = await this.sheets.requireSheet(m, r.owner as SheetOwner, 'coeac', { lock: true });
    return { ...{}, ...r, sheet: row.data as Sheet, row, npc: r.owner.kind === 'npc' };
  }

  /** 2 + the rating (an NPC: its rating, or its Pool when the sheet lacks it); 422 naming `field`. */
  private pool(f: Fighter, kind: 'skill' | 'save', name: string, field: string): number {
    const found = findRating(f.sheet[kind === 'skill' ? 'skills' : 'saves'] as Record<string, number>, name);
    if (found) return (f.npc ? 0 : 2) + found.value;
    if (f.npc && typeof f.sheet.pool === 'number') return f.sheet.pool;
    throw Problem.field(
      'UNPROCESSABLE',
      field,
      `${f.owner.name}'s COEAC sheet has no ${kind} named "${name}".`,
    );
  }

  /** A save's pool, or null when the sheet has none (an NPC falls back to its Pool). */
  private optionalPool(f: Fighter, save: string): number | null {
    const found = findRating(f.sheet.saves as Record<string, number>, save);
    if (found) return (f.npc ? 0 : 2) + found.value;
    if (f.npc && typeof f.sheet.pool === 'number') return f.sheet.pool;
    return null;
  }

  /** Writes the combatants' COEAC round state. */
  private async save(
    m: EntityManager,
    combat: CombatEntity,
    next: (c: StoredCombatant) => StoredCombatant['coeac'],
  ): Promise<void> {
    let changed = false;
    const combatants = combat.combatants.map((c) => {
      const coeac = next(c);
      if (!coeac || sameJson(coeac, c.coeac ?? null)) return c;
      changed = true;
      return { ...{}, ...c, coeac };
    });
    // Nothing new (a referee's extra check by one who already acted): no write.
    if (!changed) return;
    combat.combatants = combatants;
    combat.updatedAt = now();
    await m.update(
      CombatEntity,
      { id: combat.id },
      { combatants: combat.combatants, updatedAt: combat.updatedAt },
    );
  }
}

/** Who the action's harm falls on, by role, and what harmed each (the source the ledger names). */
interface Parties {
  defender: { f: Fighter; what: string };
  attacker: { f: Fighter; what: string };
  supporters: Array<{ f: Fighter; what: string }>;
  engaged: Array<{ f: Fighter; what: string }>;
}

function partyOf(h: CoeacActionHarm, who: Parties): { f: Fighter; what: string } {
  return h.role === 'defender'
    ? who.defender
    : h.role === 'attacker'
      ? who.attacker
      : h.role === 'supporter'
        ? who.supporters[h.index]
        : who.engaged[h.index];
}
