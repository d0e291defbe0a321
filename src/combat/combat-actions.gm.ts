import { Injectable, OnModuleInit } from '@nestjs/common';
import { assertMayActFor } from '../auth/principal';
import { AdvancementCampaignService } from '../advancement/advancement-campaign.service';
import type { SheetOwner } from '../characters/sheets.service';
import { SheetsService } from '../characters/sheets.service';
import { Problem, asBadRequest as asProblem } from '../common/problem';
import { HazardsAilmentsService } from '../hazards/hazards-ailments.service';
import { diceBudget } from '../common/request-context';
import { now } from '../common/time';
import type { Sheet } from '../core/characters/sheets';
import { deriveSheet } from '../core/characters/sheets-derived';
import {
  parseDamageDice,
  type GmAttackInput,
  type GmAttackOutcome,
  type GmManeuverInput,
  type GmManeuverOutcome,
  type GmPsychicInput,
  type GmPsychicOutcome,
} from '../core/combat';
import {
  gmAction,
  gmActionV2,
  gmActionV3,
  type GmActionInput,
  type GmActionV3Input,
  type GmActionV3Outcome,
} from '../core/combat/gm-action';
import { sheetState, type GmState } from '../core/engine';
import { gmGroupAttack, type GmGroupAttackOutcome } from '../core/combat/gm-group-attack';
import { groupBonus } from '../core/combat/gm-group';
import {
  gmMove,
  gmMovementLimit,
  gmTurnLeft,
  gmTurnOf,
  takeGmAction,
  type GmMoveOutcome,
  type GmTakeRefusal,
  type GmTurn,
  type GmTurnLeft,
} from '../core/combat/gm-turn';
import {
  gmCasting,
  gmLeadCover,
  gmPsychicDefend,
  GM_ROUND_SECONDS,
  type GmCastingInput,
  type GmCastingOutcome,
  type GmLeadCoverOutcome,
  type GmPsychicDefendInput,
  type GmPsychicDefendOutcome,
} from '../core/combat/gm-stored';
import { harmOf, STATES_THAT_CANNOT_ACT } from '../core/harm';
import { CombatCampaignService } from './combat-campaign.service';
import { Database } from '../database/database.service';
import type { CharacterSheetEntity } from '../characters/characters.entities';
import type { SheetDamageResult } from '../harm/harm-campaign.results';
import { SheetHarmService } from '../harm/sheet-harm.service';
import { InventoryItemEntity } from '../inventory/inventory.entities';
import { InventoryService } from '../inventory/inventory.service';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { CombatEntity, type CombatCondition, type StoredCombatant } from './combat-campaign.entities';
import {
  CombatActionAnswer,
  CombatActionContext,
  CombatActionsService,
  CombatSystemHandler,
  ResolvedCombatant,
} from './combat-actions.service';
import type { GmCombatActionInput } from './combat-actions.gm.inputs';
import type { GmCombatActionResult } from './combat-actions.gm.results';
import { COMBAT_PROCEDURES } from './combat-procedures';
import { CombatWeaponUsed, gmWeaponOf, weaponUsed } from './combat-weapons';
import { FULL_HELMET_PENALTY, wearsFullHelmet } from '../core/characters/gm-gear';

/** The stored-combat procedure of G&M group attacks (never rename; a changed answer takes `.vN`). */
export const GM_COMBAT_PROCEDURES = {
  /** Group attacks logged before `combat.gm-action` (their harm was a second roll); kept for replay. */
  groupAttack: { name: 'combat.gm-group-attack', run: gmGroupAttack },
  /** Version 1 of a harming action (every weapon die an injury, verve never spent); kept for replay. */
  actionV1: { name: 'combat.gm-action', run: gmAction },
  /**
   * A harming action (attack, group attack, psychic attack) and its damage on the target's sheet: one
   * roll; a warrior player character spends verve first and a weapon's dice force no injuries.
   */
  actionV2: { name: 'combat.gm-action.v2', run: gmActionV2 },
  /**
   * Version 3 (issue 39): v2's attack, and the harm through the engine's transition (`applyChange`)
   * on the target's engine state, the events its answer: one roll, one write, no second read.
   */
  action: { name: 'combat.gm-action.v3', run: gmActionV3 },
  /** A psychic defend action (no dice): verve on defence, where damage comes from. */
  psychicDefend: { name: 'combat.gm-psychic-defend', run: gmPsychicDefend },
  /** Casting time and Movement this round (CB21; no dice). */
  casting: { name: 'combat.gm-casting', run: gmCasting },
  /** A leading warrior's perception roll for its companions' cover (CB10). */
  leadCover: { name: 'combat.gm-lead-cover', run: gmLeadCover },
  /** A move: feet this round against Movement after its cuts (no dice). */
  move: { name: 'combat.gm-move', run: gmMove },
};

/** Manoeuvres that are the round's action; the others are reactions or rolls the rules call for. */
const COUNTED_MANEUVERS = ['grapple-evade', 'grapple-hold', 'activate-item'];
/** Kinds that are not the round's action (a move's feet are counted apart; a dash takes the action). */
const FREE_KINDS = ['move'];
/** CB20: the defence a concentrating combatant loses. */
const CONCENTRATING_DEFENSE = 1;

/** The defence a combatant holding another loses (seed 001, "Immobilizing an opponent"). */
const HOLDING_DEFENSE = 2;
const CALLED_SHOT_DEFENSE = 2;
const IMMOBILISED = 6;
const BROKEN_HOLD = 6;
/** PC3: in a psychic conflict, real-world defence and perception rolls are at −4. */
const PSYCHIC_REAL_WORLD = 4;

const num = (value: unknown, fallback = 0): number => (typeof value === 'number' ? value : fallback);

/** A core field the stored action builds from the sheets, named by what the caller sent or acts with. */
const CALLER_FIELD: Record<string, string> = {
  defense: 'gm.armor',
  damage: 'gm.weapon',
  'attacker.spend': 'gm.spend',
  'attacker.verve': 'actor',
};

/** A combatant's G&M numbers as the server derives them from its stored sheet. */
interface GmNumbers {
  c: ResolvedCombatant;
  owner: SheetOwner;
  /** The stored sheet as read (locked for a target the action harms). */
  row: CharacterSheetEntity;
  data: Sheet;
  fightingArt: number;
  attack: { close: number; thrown: number; propelled: number };
  damage: { close: number; thrown: number };
  defense: number;
  reactions: Record<string, number>;
  abilities: Record<string, number>;
  archetypes: { archetype: string; level: number }[];
  injuries: number;
  verve: number;
  survival: number;
  /** Movement as the sheet derives it (null without a species). */
  movement: number | null;
}

const signed = (n: number) => (n >= 0 ? `+${n}` : `−${-n}`);

/**
 * G&M's actions in a stored combat (docs/combat.md, "G&M stored combats"): `attack`,
 * `group-attack`, `maneuver` and `psychic-attack`. Every number comes from the stored sheets (the
 * server's derivation: Fighting Art, attack and damage bonuses, defence, reactions); the procedure
 * rolled and logged is the stateless route's (`combat.gm-attack`, `combat.gm-maneuver`,
 * `combat.gm-psychic`; `combat.gm-group-attack` for groups); damage goes through
 * `SheetHarmService.applyDamage`; grapples, surprise, called shots and psychic conflict are kept
 * on the combatants as conditions.
 */
@Injectable()
export class GmCombatActions implements CombatSystemHandler, OnModuleInit {
  readonly system = 'gm';
  readonly kinds = ['attack', 'group-attack', 'maneuver', 'psychic-attack', 'cast', 'lead', 'move'] as const;

  /**
   * The round's action, taken once the procedure's own input checks passed (a 400 comes before the
   * 409) and before the roll is logged; run by `logRoll`.
   */
  private readonly pending = new WeakMap<CombatActionContext, () => void>();

  /** Each action's sheet reads, by combatant id (a sheet is derived once an action). */
  private readonly read = new WeakMap<CombatActionContext, Map<string, GmNumbers>>();

  constructor(
    private readonly actions: CombatActionsService,
    private readonly sheets: SheetsService,
    private readonly harm: SheetHarmService,
    private readonly rolls: RollsService,
    private readonly inventory: InventoryService,
    private readonly advancement: AdvancementCampaignService,
    private readonly combats: CombatCampaignService,
    private readonly hazards: HazardsAilmentsService,
    registry: ProcedureRegistry,
  ) {
    registry.register(...(Object.values(GM_COMBAT_PROCEDURES) as never[]));
  }

  onModuleInit(): void {
    this.actions.register(this);
    // A G&M round is ten seconds (seed 001, "Game time"): the combatants' timed statuses (asleep,
    // paralysed: the hazards module's) count down by it as the round ends.
    this.combats.onRoundEnd('gm', async (m, who, _req, campaign, combat) => {
      const ended = await this.hazards.countDownCombatants(
        m,
        who,
        campaign,
        combat.combatants,
        GM_ROUND_SECONDS,
      );
      return ended.length > 0 ? { gmStatusesEnded: ended } : {};
    });
  }

  async act(ctx: CombatActionContext): Promise<CombatActionAnswer> {
    let input = ctx.input.gm ?? ({} as GmCombatActionInput);
    // An attack's weapon from the actor's sheet (issue 42): the rest of the attack reads the dice,
    // kind and attack bonus resolved here, as if sent.
    let weapon: CombatWeaponUsed | null = null;
    if (ctx.input.kind === 'attack' || ctx.input.kind === 'group-attack') {
      const resolved = gmWeaponOf((ctx.actorSheet ?? ctx.actor.sheetRow)?.data, input, ctx.actor.owner.name);
      input = resolved.input;
      weapon = resolved.used ? weaponUsed('gm', resolved.used, resolved.overridden) : null;
    } else if (input.dice !== undefined && input.dice !== null) {
      throw Problem.field('VALIDATION_FAILED', 'gm.dice', 'Only an attack or a group attack takes `dice`.');
    }
    const state = new Conditions(ctx.combat);
    // Surprise (CB2): no action in the round it began; from the next round the penalties apply.
    const surprised = state.get(ctx.actor.combatant.id, 'surprised');
    if (surprised && surprised.round === ctx.combat.round)
      throw Problem.field(
        'CONFLICT',
        'actor',
        `${ctx.actor.owner.name} was surprised this round and cannot act until the next.`,
      );
    if (input.extraAction && ctx.who.role !== 'referee')
      throw Problem.field(
        'FORBIDDEN',
        'gm.extraAction',
        'Only the referee grants an action beyond the round.',
      );
    const kind = ctx.input.kind;
    if (kind !== 'move')
      for (const key of ['feet', 'dash'] as const)
        if (input[key] !== undefined && input[key] !== null)
          throw Problem.field('VALIDATION_FAILED', `gm.${key}`, `Only a move takes \`${key}\`.`);
    if (input.extraAttack && kind !== 'attack')
      throw Problem.field('VALIDATION_FAILED', 'gm.extraAttack', 'Only an attack takes `extraAttack`.');
    if (input.concentrate && kind !== 'cast')
      throw Problem.field('VALIDATION_FAILED', 'gm.concentrate', 'Only a cast begins concentrating.');
    const actorId = ctx.actor.combatant.id;
    // CB20: stop concentrating first when asked; while concentrating, no attacks or new actions.
    if (input.breakConcentration) state.remove(actorId, 'concentrating');
    const counted = this.counts(kind, input);
    if (counted && kind !== 'group-attack' && input.psychic !== 'exit')
      this.notConcentrating(ctx, state, actorId, 'actor');
    // The round's action, taken before the roll (409 once spent); attacks and groups take theirs.
    if (counted && kind !== 'attack' && kind !== 'group-attack')
      this.pending.set(ctx, () =>
        this.take(ctx, state, ctx.actor.combatant, 'actor', {
          kind: kind === 'maneuver' ? `maneuver-${input.maneuver}` : kind,
          ...(kind === 'psychic-attack' && input.psychic === 'exit' ? { alone: true } : {}),
        }),
      );
    let out: { rollId: string; targets: CombatActionAnswer['targets']; gm: GmCombatActionResult };
    switch (kind) {
      case 'move':
        out = await this.move(ctx, input, state);
        break;
      case 'attack':
        out = await this.attack(ctx, input, state);
        break;
      case 'group-attack':
        out = await this.groupAttack(ctx, input, state);
        break;
      case 'maneuver':
        out = await this.maneuver(ctx, input, state);
        break;
      case 'cast':
        out = await this.cast(ctx, input, state);
        break;
      case 'lead':
        out = await this.lead(ctx, state);
        break;
      default:
        out = await this.psychic(ctx, input, state);
    }
    // A path that logged no roll still takes its action (none does today; kept safe).
    const take = this.pending.get(ctx);
    if (take) {
      this.pending.delete(ctx);
      take();
    }
    out.gm.turn ??= this.turnView(ctx, state, this.read.get(ctx)?.get(actorId) ?? null, input);
    out.gm.conditions = await state.save(ctx);
    return { ...{}, ...out, weapon };
  }

  /** Whether `kind` is the round's action (a move is not; a dash takes it in the move). */
  private counts(kind: string, input: GmCombatActionInput): boolean {
    if (FREE_KINDS.includes(kind)) return false;
    if (kind === 'maneuver') return COUNTED_MANEUVERS.includes(input.maneuver ?? '');
    return true;
  }

  /** CB20: a concentrating combatant attacks and starts nothing new (409 naming `field`). */
  private notConcentrating(ctx: CombatActionContext, state: Conditions, id: string, field: string) {
    if (state.has(id, 'concentrating'))
      throw Problem.field(
        'CONFLICT',
        field,
        `${id} is concentrating: no attacks or new actions (send gm.breakConcentration to stop first).`,
      );
  }

  /**
   * The round's action of `c` (CB4: one a round; PC1: two in a psychic conflict, one in the round it
   * entered; G2: a group's 1 + bonus; CB17: a warrior's extra attack), kept on the stored combatant
   * and written with the action's other changes. 409 naming `field` once spent, unless the referee's
   * `gm.extraAction` grants another.
   */
  private take(
    ctx: CombatActionContext,
    state: Conditions,
    c: { id: string; gmTurn?: GmTurn },
    field: string,
    a: Omit<Parameters<typeof takeGmAction>[2], 'referee'>,
  ): GmTurn {
    const before = gmTurnOf(ctx.combat.round, c.gmTurn);
    const psychic = state.get(c.id, 'psychic');
    const done = takeGmAction(
      before,
      { psychicSince: psychic ? psychic.round : null },
      { ...{}, ...a, referee: ctx.who.role === 'referee' && ctx.input.gm?.extraAction === true },
    );
    if ('refused' in done) {
      const [at, why] = refusalOf(done.refused, c.id, field);
      throw Problem.field('CONFLICT', at, why);
    }
    c.gmTurn = done.turn;
    state.dirty = true;
    return done.turn;
  }

  /** The combatant's Movement: the sheet's derived Movement, its stored `movement`, or `gm.movement`. */
  private movementOf(n: GmNumbers, input: GmCombatActionInput): { value: number; from: string } | null {
    if (n.movement !== null) return { value: n.movement, from: 'sheet' };
    const stored = (n.data as { movement?: unknown }).movement;
    if (typeof stored === 'number' && stored > 0) return { value: stored, from: 'sheet.movement' };
    if (input.movement !== undefined && input.movement !== null)
      return { value: input.movement, from: 'gm.movement' };
    return null;
  }

  /** The cuts to `n`'s Movement this round, from the conditions kept and its harm state. */
  private movementCuts(ctx: CombatActionContext, state: Conditions, n: GmNumbers, distracted: boolean) {
    const id = n.c.combatant.id;
    const round = ctx.combat.round;
    const casting = state.get(id, 'casting');
    const psychic = state.has(id, 'psychic');
    const kept = state.get(id, 'distracted');
    return {
      castingLeft: casting && casting.round === round ? (casting.value ?? 0) : null,
      concentrating: state.has(id, 'concentrating'),
      psychic,
      distracted: psychic && (distracted || (kept !== undefined && kept.round === round)),
      semiConscious: harmOf(n.data).state === 'semi-conscious',
    };
  }

  /** The actor's round as answered: actions left, and Movement left when its Movement is known. */
  private turnView(
    ctx: CombatActionContext,
    state: Conditions,
    n: GmNumbers | null,
    input: GmCombatActionInput,
    c: { id: string; gmTurn?: GmTurn } = ctx.actor.combatant,
  ): GmTurnLeft {
    const turn = gmTurnOf(ctx.combat.round, c.gmTurn);
    const psychic = state.get(c.id, 'psychic');
    const allowance = { psychicSince: psychic ? psychic.round : null };
    const movement = n ? this.movementOf(n, input) : null;
    if (!n || !movement) return gmTurnLeft(turn, allowance, null);
    const cut = gmMovementLimit(movement.value, this.movementCuts(ctx, state, n, false));
    return gmTurnLeft(turn, allowance, { movement: movement.value, ...cut });
  }

  // move (Movement, 001:1210; CB20, CB21, PC3, semi-consciousness)

  /**
   * A move of `gm.feet`: Movement feet a round along with the action, less its cuts; `gm.dash` is up
   * to Movement yards in place of the action (no cut may apply). Logged as `combat.gm-move` (no dice).
   */
  private async move(ctx: CombatActionContext, input: GmCombatActionInput, state: Conditions) {
    if (ctx.targets.length > 0) throw Problem.field('VALIDATION_FAILED', 'targets', 'A move has no targets.');
    if (input.feet === undefined || input.feet === null)
      throw Problem.field('VALIDATION_FAILED', 'gm.feet', 'A move names the feet moved.');
    const a = await this.numbers(ctx, ctx.actor);
    const id = a.c.combatant.id;
    const round = ctx.combat.round;
    if (input.distracted && !state.has(id, 'psychic'))
      throw Problem.field(
        'VALIDATION_FAILED',
        'gm.distracted',
        'Moving at half speed is a psychic conflict’s choice (outside one, Movement is whole).',
      );
    const movement = this.movementOf(a, input);
    if (!movement)
      throw Problem.field(
        'VALIDATION_FAILED',
        'gm.movement',
        `${a.owner.name}’s sheet has no Movement (no species, no movement): send gm.movement.`,
      );
    const cut = gmMovementLimit(movement.value, this.movementCuts(ctx, state, a, input.distracted === true));
    let turn = gmTurnOf(round, ctx.actor.combatant.gmTurn);
    if (input.dash && !turn.dash) {
      if (cut.cuts.length > 0)
        throw Problem.field(
          'CONFLICT',
          'gm.dash',
          `${a.owner.name} cannot dash this round (${cut.cuts.map((c) => c.name).join(', ')}).`,
        );
      this.notConcentrating(ctx, state, id, 'gm.dash');
      turn = this.take(ctx, state, ctx.actor.combatant, 'gm.dash', { kind: 'dash' });
      turn = { ...{}, ...turn, dash: true };
    }
    const limit = turn.dash ? 3 * movement.value : cut.limit;
    if (turn.moved + input.feet > limit)
      throw Problem.field(
        'CONFLICT',
        'gm.feet',
        `${a.owner.name} may move ${Math.max(0, limit - turn.moved)} feet more this round (${turn.dash ? `a dash: ${limit}` : `Movement ${movement.value}${cut.cuts.length ? `, cut to ${cut.limit}` : ''}`}).`,
      );
    const { rolled, outcome, roll } = await this.logRoll<GmMoveOutcome>(
      ctx,
      GM_COMBAT_PROCEDURES.move,
      {
        movement: movement.value,
        feet: input.feet,
        movedBefore: turn.moved,
        ...(turn.dash ? { dash: true } : {}),
        limit: cut.limit,
        cuts: cut.cuts,
      },
      (o) => ({ feet: o.feet, moved: o.moved, limit: o.limit }),
    );
    ctx.actor.combatant.gmTurn = { ...{}, ...turn, moved: outcome.moved };
    state.dirty = true;
    if (input.distracted) state.add(id, { name: 'distracted', round });
    return {
      rollId: roll.id,
      targets: [],
      gm: this.result(
        { movement: movement },
        {
          move: this.withProvenance(outcome, rolled),
          turn: this.turnView(ctx, state, a, input),
        },
      ),
    };
  }

  // attack

  private async attack(ctx: CombatActionContext, input: GmCombatActionInput, state: Conditions) {
    const target = this.oneTarget(ctx, 'An attack');
    if (!input.weapon && !input.unarmed)
      throw Problem.field(
        'VALIDATION_FAILED',
        'gm.weapon',
        'An attack needs `gm.weapon` (its dice) or `gm.unarmed`.',
      );
    this.refereeOnly(ctx, input);
    const a = await this.numbers(ctx, ctx.actor);
    const round = ctx.combat.round;
    // CB17: a warrior against an unaware target may take an extra attack this round instead of the +4
    // (both attacks of the pair forgo it).
    if (input.extraAttack) {
      if (!a.archetypes.some((x) => x.archetype === 'warrior'))
        throw Problem.field(
          'UNPROCESSABLE',
          'actor',
          `${a.owner.name} is no warrior: the extra attack instead of the +4 is a warrior’s.`,
        );
      if (input.nonDefending !== 'unaware')
        throw Problem.field(
          'VALIDATION_FAILED',
          'gm.extraAttack',
          'The extra attack is against an unaware target (send gm.nonDefending: unaware).',
        );
    }
    const before = gmTurnOf(round, ctx.actor.combatant.gmTurn);
    const unaware = input.nonDefending === 'unaware';
    const forgo = unaware && (input.extraAttack === true || before.extraAttack === target.combatant.id);
    this.pending.set(ctx, () =>
      this.take(ctx, state, ctx.actor.combatant, 'actor', {
        kind: 'attack',
        target: target.combatant.id,
        ...(forgo ? { extraAttack: true } : {}),
        ...(unaware && !forgo ? { unawareBonus: true } : {}),
      }),
    );
    const t = await this.numbers(ctx, target, true);
    const kind = (input.attack ?? 'close') as 'close' | 'thrown' | 'propelled';
    const { attackBonus, parts } = this.attackBonus(a, kind, input);
    const situational = [...(input.situational ?? []).map((s) => ({ name: s.name, value: s.value }))];
    if (forgo)
      situational.push({ name: 'unaware: the warrior takes an extra attack instead of the +4', value: 0 });
    situational.push(...this.conditionModifiers(state, a, t, round, true));
    const targetSurprised = input.targetSurprised === true || state.has(t.c.combatant.id, 'surprised');
    const worn = armorWorn(t, input.armor);
    const procedureInput: GmAttackInput = {
      ...{},
      ...this.common(input, a, t, kind),
      ...(this.ledCover(state, t, round) ? { warriorCover: true } : {}),
      attackBonus,
      defense: t.defense + worn.armor,
      damage: this.damageDice(input, a, kind),
      ...(input.calledShot ? { calledShot: true } : {}),
      ...(targetSurprised ? { targetSurprised: true } : {}),
      ...(state.has(a.c.combatant.id, 'surprised') ? { attackerSurprised: true } : {}),
      ...(situational.length ? { situational } : {}),
      ...(input.blow ? { blow: input.blow as 'killing' | 'knockout' } : {}),
      ...(input.warriorKnockout ? { warriorKnockout: true } : {}),
      ...(input.blow === 'knockout'
        ? {
            knockoutEvasion: {
              score: Math.max(0, num(t.reactions.evasion) - t.injuries),
              ...(input.headProtection ? { headProtection: true } : {}),
              ...(input.helmetDefense ? { helmetDefense: input.helmetDefense } : {}),
            },
          }
        : {}),
    };
    if (forgo) delete procedureInput.nonDefending;
    const ammunition = await this.spendAmmunition(ctx, input, kind);
    const {
      rolled,
      outcome: action,
      roll,
      state: targetState,
    } = await this.harming(ctx, { attack: procedureInput }, t);
    const outcome = action.attack as GmAttackOutcome;
    const damage = await this.strike(ctx, t, action, targetState, rolled, roll.id);
    if (input.calledShot) state.add(a.c.combatant.id, { name: 'called-shot', round });
    if (input.targetSurprised && !state.has(t.c.combatant.id, 'surprised'))
      state.add(t.c.combatant.id, { name: 'surprised', round });
    // A broken hold's free attack at +6 is spent on the grabber.
    if (state.has(a.c.combatant.id, 'broke-free', t.c.combatant.id))
      state.remove(a.c.combatant.id, 'broke-free');
    return {
      rollId: roll.id,
      targets: [{ id: t.c.combatant.id, damage }],
      gm: this.result(
        {
          attacker: parts,
          defense: { stored: t.defense, ...worn },
          damageDice: procedureInput.damage,
        },
        { attack: this.withProvenance(outcome, rolled), ammunition },
      ),
    };
  }

  // group-attack (G1–G4)

  private async groupAttack(ctx: CombatActionContext, input: GmCombatActionInput, state: Conditions) {
    const target = this.oneTarget(ctx, 'A group attack');
    if (!input.weapon && !input.unarmed)
      throw Problem.field(
        'VALIDATION_FAILED',
        'gm.weapon',
        'A group attack needs `gm.weapon` or `gm.unarmed`.',
      );
    if (!input.members?.length)
      throw Problem.field('VALIDATION_FAILED', 'gm.members', 'A group attack lists the other members.');
    this.refereeOnly(ctx, input);
    const kind = (input.attack ?? 'close') as 'close' | 'thrown' | 'propelled';
    const memberIds = [ctx.actor.combatant.id, ...input.members];
    const resolved: ResolvedCombatant[] = [ctx.actor];
    for (const [i, id] of input.members.entries()) {
      const field = `gm.members[${i}]`;
      if (memberIds.indexOf(id) !== i + 1)
        throw Problem.field('VALIDATION_FAILED', field, `${id} is listed twice.`);
      if (id === target.combatant.id)
        throw Problem.field('VALIDATION_FAILED', field, 'The target is not one of the group.');
      const c = ctx.combat.combatants.find((x) => x.id === id);
      if (!c) throw Problem.field('VALIDATION_FAILED', field, `${id} is not a combatant of this combat.`);
      if (c.kind === 'npc' && ctx.who.role !== 'referee')
        throw Problem.field('FORBIDDEN', field, 'Only the referee acts for NPCs.');
      if (c.kind === 'character') assertMayActFor(ctx.who, c.id);
      resolved.push(await this.actions.resolveCombatant(ctx.m, ctx.who, c));
    }
    if (ctx.who.role !== 'referee' && resolved.some((r) => r.hidden))
      throw Problem.field('FORBIDDEN', 'gm.members', 'Only the referee acts for NPCs.');
    // G2: the group's actions this round are 1 + its bonus, shared by every member (kept on each).
    const shared = { key: [...memberIds].sort().join(','), allowance: 1 + groupBonus(memberIds.length) };
    resolved.forEach((r, i) =>
      this.notConcentrating(ctx, state, r.combatant.id, i === 0 ? 'actor' : `gm.members[${i - 1}]`),
    );
    this.pending.set(ctx, () =>
      resolved.forEach((r, i) =>
        this.take(ctx, state, r.combatant, i === 0 ? 'actor' : `gm.members[${i - 1}]`, {
          kind: 'group-attack',
          target: target.combatant.id,
          group: shared,
        }),
      ),
    );
    const members: GmNumbers[] = [];
    for (const [i, r] of resolved.entries()) {
      const n = await this.numbers(ctx, r);
      const s = harmOf(n.data).state;
      if (STATES_THAT_CANNOT_ACT.includes(s))
        throw Problem.field(
          'CONFLICT',
          i === 0 ? 'actor' : `gm.members[${i - 1}]`,
          `${n.owner.name} is ${s} and cannot act.`,
        );
      members.push(n);
    }
    const t = await this.numbers(ctx, target, true);
    const bonuses = members.map((n) => this.attackBonus(n, kind, input).attackBonus - n.injuries);
    const damageBonuses = members
      .map((n) => (kind === 'propelled' ? 0 : n.damage[kind]))
      .sort((x, y) => x - y);
    const a = members[0];
    const bids = (input.mojo ?? []).map((b, i) => {
      const at = memberIds.indexOf(b.member);
      if (at < 0)
        throw Problem.field(
          'VALIDATION_FAILED',
          `gm.mojo[${i}].member`,
          `${b.member} is not a member of the group.`,
        );
      const n = members[at];
      if (n.owner.kind !== 'character')
        throw Problem.field('UNPROCESSABLE', `gm.mojo[${i}].member`, 'Only characters bid mojo.');
      const warrior = n.archetypes.some((x) => x.archetype === 'warrior');
      if (!warrior && !(input.archetypal && ctx.who.role === 'referee'))
        throw Problem.field(
          'UNPROCESSABLE',
          `gm.mojo[${i}].member`,
          `The group roll is not archetypal for ${n.owner.name} (combat is a warrior’s; the referee may rule it with gm.archetypal).`,
        );
      const held = num((n.data.mojo as { current?: number } | undefined)?.current);
      if (b.bid > held)
        throw Problem.field(
          'UNPROCESSABLE',
          `gm.mojo[${i}].bid`,
          `${n.owner.name} holds ${held} mojo; the bid is ${b.bid}.`,
        );
      return {
        member: at,
        bid: b.bid,
        mojo: held,
      };
    });
    if (input.archetypal && ctx.who.role !== 'referee')
      throw Problem.field('FORBIDDEN', 'gm.archetypal', 'Only the referee rules a roll archetypal.');
    const situational = [...(input.situational ?? []).map((s) => ({ name: s.name, value: s.value }))];
    situational.push(...this.conditionModifiers(state, null, t, ctx.combat.round, false));
    const median = damageBonuses[Math.floor((damageBonuses.length - 1) / 2)];
    const base = input.unarmed ? (input.smallSpecies ? 'd2' : 'd3') : input.weapon!;
    const dice = asBadRequest(() => parseDamageDice(base, input.unarmed ? 'unarmed' : 'weapon'));
    const damageDice = `${dice.count > 0 ? `${dice.count}d${dice.sides}` : ''}${signedPlain(dice.bonus + median)}`;
    const worn = armorWorn(t, input.armor);
    const procedureInput = {
      ...{},
      ...this.common(input, a, t, kind),
      ...(this.ledCover(state, t, ctx.combat.round) ? { warriorCover: true } : {}),
      members: members.map((n, i) => ({ name: n.owner.name, attackBonus: bonuses[i] })),
      defense: t.defense + worn.armor,
      damage: damageDice,
      ...(input.calledShot ? { calledShot: true } : {}),
      ...(state.has(t.c.combatant.id, 'surprised') ? { targetSurprised: true } : {}),
      ...(situational.length ? { situational } : {}),
      ...(bids.length ? { bids } : {}),
    };
    delete (procedureInput as { strengthBow?: unknown }).strengthBow;
    const {
      rolled,
      outcome: action,
      roll,
      state: targetState,
    } = await this.harming(
      ctx,
      { groupAttack: procedureInput as never },
      t,
      { members: memberIds },
      ctx.sealed || resolved.some((r) => r.hidden),
    );
    const outcome = action.attack as GmGroupAttackOutcome;
    const spent = outcome.group.mojoLost.map((b) => ({
      owner: members[b.member].owner,
      bid: b.bid,
      lost: b.lost,
    }));
    await this.advancement.groupRollMojo(
      ctx.m,
      ctx.who,
      ctx.campaign,
      { procedure: rolled.procedure, rollId: roll.id },
      spent,
      members.map((n) => n.owner),
      ctx.req,
    );
    const damage = await this.strike(ctx, t, action, targetState, rolled, roll.id);
    if (input.calledShot)
      for (const id of memberIds) state.add(id, { name: 'called-shot', round: ctx.combat.round });
    const { group, ...attack } = outcome;
    return {
      rollId: roll.id,
      targets: [{ id: t.c.combatant.id, damage }],
      gm: this.result(
        {
          attackBonuses: bonuses,
          damageBonus: median,
          defense: { stored: t.defense, ...worn },
        },
        {
          attack: this.withProvenance(attack as GmAttackOutcome, rolled),
          group: {
            members: memberIds,
            attackBonuses: bonuses,
            size: group.size,
            bonus: group.bonus,
            medianAttackBonus: group.medianAttackBonus,
            attackBonus: group.attackBonus,
            turned: group.turned,
            needed: group.needed,
          },
          mojo: group.mojoLost.map((b) => ({ member: memberIds[b.member], bid: b.bid, lost: b.lost })),
          memberTurns: resolved.slice(1).map((r) => this.turnView(ctx, state, null, input, r.combatant)),
        },
      ),
    };
  }

  // maneuver

  private async maneuver(ctx: CombatActionContext, input: GmCombatActionInput, state: Conditions) {
    if (!input.maneuver)
      throw Problem.field('VALIDATION_FAILED', 'gm.maneuver', 'A manoeuvre names `gm.maneuver`.');
    const kind = input.maneuver as GmManeuverInput['kind'];
    const round = ctx.combat.round;
    const a = await this.numbers(ctx, ctx.actor);
    const actorId = a.c.combatant.id;
    const penaltyOf = (n: GmNumbers, physical: boolean) =>
      n.injuries + (physical && state.has(n.c.combatant.id, 'immobilised') ? IMMOBILISED : 0);
    const reaction = (n: GmNumbers, name: string) => num(n.reactions[name]);
    const pick = (n: GmNumbers, choices: string[]) =>
      input.reaction && choices.includes(input.reaction)
        ? input.reaction
        : choices.reduce((best, r) => (reaction(n, r) > reaction(n, best) ? r : best), choices[0]);
    let procedureInput: GmManeuverInput;
    let other: GmNumbers | null = null;
    const read: Record<string, unknown> = {};
    switch (kind) {
      case 'grapple-evade': {
        // The actor grabs: the target evades (after the grabber's called shot hit).
        const t = this.oneTarget(ctx, 'A grab');
        other = await this.numbers(ctx, t);
        if (state.has(other.c.combatant.id, 'held'))
          throw Problem.field('CONFLICT', 'targets[0]', `${other.owner.name} is held already.`);
        procedureInput = {
          kind,
          score: reaction(other, 'evasion'),
          penalty: penaltyOf(other, true),
          ...(input.sizeDifference ? { sizeDifference: input.sizeDifference } : {}),
        };
        read.evasion = { of: other.c.combatant.id, score: reaction(other, 'evasion') };
        break;
      }
      case 'grapple-hold': {
        const t = this.oneTarget(ctx, 'A hold');
        other = await this.numbers(ctx, t);
        const held = state.has(actorId, 'held', other.c.combatant.id)
          ? a
          : state.has(other.c.combatant.id, 'held', actorId)
            ? other
            : null;
        if (!held)
          throw Problem.field(
            'CONFLICT',
            'targets[0]',
            'Neither holds the other: a hold begins with grapple-evade.',
          );
        const grabber = held === a ? other : a;
        procedureInput = {
          kind,
          score: reaction(held, 'fortitude'),
          opponentScore: Math.max(0, reaction(grabber, 'fortitude') - grabber.injuries),
          penalty: penaltyOf(held, false),
          ...(input.sizeDifference
            ? { sizeDifference: held === a ? input.sizeDifference : -input.sizeDifference }
            : {}),
        };
        read.held = held.c.combatant.id;
        read.fortitude = { held: reaction(held, 'fortitude'), grabber: reaction(grabber, 'fortitude') };
        break;
      }
      case 'surprise-recovery': {
        const since = state.get(actorId, 'surprised');
        if (!since) throw Problem.field('CONFLICT', 'actor', `${a.owner.name} is not surprised.`);
        const r = pick(a, ['willpower', 'fortitude']);
        procedureInput = {
          kind,
          score: reaction(a, r),
          penalty: penaltyOf(a, false),
          roundsOut: Math.max(0, round - since.round),
        };
        read.reaction = r;
        break;
      }
      case 'covered-contest': {
        const t = this.oneTarget(ctx, 'A covered contest (the target is the coverer)');
        other = await this.numbers(ctx, t);
        const r = pick(a, ['perception', 'evasion']);
        const o = pick(other, ['perception', 'evasion']);
        // PC3: perception in the real world is at −4 for one in a psychic conflict.
        const distracted = (n: GmNumbers, which: string) =>
          which === 'perception' && state.has(n.c.combatant.id, 'psychic') ? PSYCHIC_REAL_WORLD : 0;
        procedureInput = {
          kind,
          score: reaction(a, r),
          opponentScore: Math.max(0, reaction(other, o) - other.injuries - distracted(other, o)),
          penalty: penaltyOf(a, false) + distracted(a, r),
        };
        read.reactions = { actor: r, coverer: o };
        break;
      }
      case 'order': {
        if (!ctx.targets.length)
          throw Problem.field(
            'VALIDATION_FAILED',
            'targets',
            'The order of events lists the other actors as targets.',
          );
        const all = [a];
        for (const t of ctx.targets) all.push(await this.numbers(ctx, t));
        procedureInput = {
          kind,
          actors: all.map((n) => ({
            name: n.c.combatant.id,
            agility: Math.max(0, num(n.abilities.agility) - penaltyOf(n, true)),
          })),
        };
        break;
      }
      case 'multi-action':
        procedureInput = {
          kind,
          actions: input.actions ?? 1,
          ...(input.closeCombat ? { closeCombat: true } : {}),
        };
        break;
      default:
        // quickdraw, activate-item, concentration: the actor's evasion.
        procedureInput = { kind, score: reaction(a, 'evasion'), penalty: penaltyOf(a, kind === 'quickdraw') };
    }
    const { rolled, outcome, roll } = await this.logRoll<GmManeuverOutcome>(
      ctx,
      COMBAT_PROCEDURES.gmManeuver,
      procedureInput,
      (o) => ({ maneuver: kind, result: o.result }),
    );
    const otherId = other?.c.combatant.id ?? null;
    switch (`${kind}:${outcome.result}`) {
      case 'grapple-evade:held':
        state.add(otherId!, { name: 'held', round, by: actorId });
        state.add(actorId, { name: 'holding', round, by: otherId });
        break;
      case 'grapple-hold:broken-free': {
        const held = read.held as string;
        const grabber = held === actorId ? otherId! : actorId;
        state.remove(held, 'held');
        state.remove(held, 'immobilised');
        state.remove(grabber, 'holding');
        state.add(held, { name: 'broke-free', round, by: grabber });
        break;
      }
      case 'grapple-hold:immobilised': {
        const held = read.held as string;
        state.add(held, { name: 'immobilised', round, by: held === actorId ? otherId : actorId });
        break;
      }
      case 'surprise-recovery:recovered':
        state.remove(actorId, 'surprised');
        break;
      case 'concentration:broken':
        state.remove(actorId, 'concentrating');
        break;
      case 'quickdraw:surprised':
        state.add(actorId, { name: 'surprised', round });
        break;
      default:
    }
    return {
      rollId: roll.id,
      targets: ctx.targets.map((t) => ({ id: t.combatant.id, damage: null })),
      gm: this.result(read, { maneuver: this.withProvenance(outcome, rolled) }),
    };
  }

  // psychic-attack (4.10)

  private async psychic(ctx: CombatActionContext, input: GmCombatActionInput, state: Conditions) {
    if (input.psychic === 'defend') return this.psychicDefend(ctx, input, state);
    if (input.fromSurvival !== undefined && input.fromSurvival !== null)
      throw Problem.field(
        'VALIDATION_FAILED',
        'gm.fromSurvival',
        'fromSurvival is a defend action’s choice.',
      );
    const action = (input.psychic ?? 'attack') as 'attack' | 'enter' | 'exit';
    const round = ctx.combat.round;
    const a = await this.numbers(ctx, ctx.actor);
    const actorId = a.c.combatant.id;
    const monk = a.archetypes.find((x) => x.archetype === 'monk');
    if (action !== 'exit' && !monk)
      throw Problem.field(
        'UNPROCESSABLE',
        'actor',
        `${a.owner.name} is no monk: psychic attacks are a monk’s.`,
      );
    const inConflict = state.get(actorId, 'psychic');
    const stun = state.get(actorId, 'stunned');
    const attacker = {
      charisma: Math.max(1, num(a.abilities.charisma)),
      reason: Math.max(1, num(a.reactions.reason)),
      monkLevel: Math.max(1, monk?.level ?? 1),
      verve: a.verve,
      ...(input.spend ? { spend: input.spend } : {}),
      ...(inConflict && inConflict.round === round && action === 'attack' ? { firstRound: true } : {}),
      ...(input.distracted || this.distractedNow(state, actorId, round) ? { distracted: true } : {}),
      ...(stun && stun.round === round ? { stun: stun.value ?? 0 } : {}),
    };
    let t: GmNumbers | null = null;
    let procedureInput: GmPsychicInput;
    if (action === 'exit') {
      if (!inConflict) throw Problem.field('CONFLICT', 'actor', `${a.owner.name} is in no psychic conflict.`);
      procedureInput = { action, attacker };
    } else {
      t = await this.numbers(ctx, this.oneTarget(ctx, 'A psychic action'), action === 'attack');
      const tIn = state.get(t.c.combatant.id, 'psychic');
      if (action === 'enter') {
        if (inConflict && tIn)
          throw Problem.field('CONFLICT', 'targets[0]', 'Both are in the psychic conflict already.');
        procedureInput = {
          action,
          attacker,
          defender: input.unwilling
            ? {
                verve: t.verve,
                survival: t.survival,
                willpower: num(t.reactions.willpower),
                charisma: Math.max(1, num(t.abilities.charisma)),
              }
            : null,
        };
      } else {
        if (!inConflict || !tIn)
          throw Problem.field(
            'CONFLICT',
            inConflict ? 'targets[0]' : 'actor',
            'Both must be in the psychic conflict (enter it first).',
          );
        const tMonk = t.archetypes.some((x) => x.archetype === 'monk');
        const tid = t.c.combatant.id;
        // The defender's own choices, kept from its defend actions: verve on defence this round, and
        // damage from survival.
        const guard = state.get(tid, 'psychic-defense');
        procedureInput = {
          action,
          attacker,
          defender: {
            intelligence: Math.max(1, num(t.abilities.intelligence)),
            monk: tMonk,
            verve: t.verve,
            survival: t.survival,
            ...(guard && guard.round === round && guard.value ? { defenseVerve: guard.value } : {}),
            ...(state.has(tid, 'from-survival') ? { fromSurvival: true } : {}),
            ...(this.distractedNow(state, tid, round) ? { distracted: true } : {}),
          },
        };
      }
    }
    // An attack is one roll with its damage on the target's sheet (combat.gm-action); enter and exit
    // harm nobody and roll combat.gm-psychic alone.
    let harmed: { action: GmActionV3Outcome; state: GmState } | null = null;
    let logged: { rolled: { procedure: string; seed: string; rng: string }; roll: { id: string } };
    let outcome: GmPsychicOutcome;
    if (action === 'attack') {
      const r = await this.harming(ctx, { psychic: procedureInput }, t!, { psychic: action });
      harmed = { action: r.outcome, state: r.state };
      outcome = r.outcome.psychic!;
      logged = r;
    } else {
      const r = await this.logRoll<GmPsychicOutcome>(
        ctx,
        COMBAT_PROCEDURES.gmPsychic,
        procedureInput,
        (o) => ({
          psychic: action,
          success: o.success,
        }),
      );
      outcome = r.outcome;
      logged = r;
    }
    const { rolled, roll } = logged;
    // The verve the actor spends, through the ledger.
    if (outcome.verveSpent > 0)
      await this.sheets.changeTracked(
        ctx.m,
        ctx.who,
        ctx.campaign,
        a.owner,
        'gm',
        [{ field: 'verve.current', delta: -outcome.verveSpent }],
        { cause: 'procedure', procedure: rolled.procedure, rollId: roll.id, reason: `psychic ${action}` },
      );
    let damage: SheetDamageResult | null = null;
    if (action === 'enter' && outcome.success) {
      if (!inConflict) state.add(actorId, { name: 'psychic', round });
      if (!state.get(t!.c.combatant.id, 'psychic')) state.add(t!.c.combatant.id, { name: 'psychic', round });
    }
    if (action === 'exit' && outcome.success) state.leavePsychic(actorId);
    if (harmed?.action.harm) {
      // From verve, then survival, then injuries (the harm core's archetypal order), computed in the
      // action's one roll and written through the ledger.
      damage = await this.writeHarm(ctx, t!, harmed.action, harmed.state, rolled, roll.id);
      const after = outcome.defender!;
      const tid = t!.c.combatant.id;
      state.remove(tid, 'stunned');
      if (after.stun > 0) state.add(tid, { name: 'stunned', round: round + 1, value: after.stun });
      if (after.leavesConflict) state.leavePsychic(tid);
    }
    return {
      rollId: roll.id,
      targets: t ? [{ id: t.c.combatant.id, damage }] : [],
      gm: this.result(
        { charisma: attacker.charisma, monkLevel: attacker.monkLevel, verve: a.verve },
        { psychic: this.withProvenance(outcome, rolled) },
      ),
    };
  }

  /**
   * PC2, PC4: a psychic defend action. Up to monk level verve (through the ledger), +2 psychic
   * defence each for the rest of the round (kept as `psychic-defense`); `fromSurvival` sets where the
   * defender's psychic damage comes from until it changes it (kept as `from-survival`).
   */
  private async psychicDefend(ctx: CombatActionContext, input: GmCombatActionInput, state: Conditions) {
    if (ctx.targets.length > 0)
      throw Problem.field('VALIDATION_FAILED', 'targets', 'A psychic defence has no targets.');
    const a = await this.numbers(ctx, ctx.actor);
    const actorId = a.c.combatant.id;
    if (!state.has(actorId, 'psychic'))
      throw Problem.field('CONFLICT', 'actor', `${a.owner.name} is in no psychic conflict.`);
    const round = ctx.combat.round;
    const monk = a.archetypes.find((x) => x.archetype === 'monk');
    const guard = state.get(actorId, 'psychic-defense');
    if (input.spend && guard && guard.round === round && guard.value)
      throw Problem.field(
        'CONFLICT',
        'gm.spend',
        `${a.owner.name}’s psychic defence is up for this round already (it stays up at no cost).`,
      );
    const procedureInput: GmPsychicDefendInput = {
      monkLevel: monk?.level ?? 0,
      verve: a.verve,
      ...(input.spend ? { spend: input.spend } : {}),
      ...(input.fromSurvival !== undefined && input.fromSurvival !== null
        ? { fromSurvival: input.fromSurvival }
        : {}),
    };
    const { rolled, outcome, roll } = await this.logRoll<GmPsychicDefendOutcome>(
      ctx,
      GM_COMBAT_PROCEDURES.psychicDefend,
      procedureInput,
      (o) => ({ psychic: 'defend', verveSpent: o.verveSpent, fromSurvival: o.fromSurvival }),
    );
    if (outcome.verveSpent > 0) {
      await this.sheets.changeTracked(
        ctx.m,
        ctx.who,
        ctx.campaign,
        a.owner,
        'gm',
        [{ field: 'verve.current', delta: -outcome.verveSpent }],
        { cause: 'procedure', procedure: rolled.procedure, rollId: roll.id, reason: 'psychic defend' },
      );
      state.add(actorId, { name: 'psychic-defense', round, value: outcome.verveSpent });
    }
    if (outcome.fromSurvival === true) state.add(actorId, { name: 'from-survival', round });
    if (outcome.fromSurvival === false) state.remove(actorId, 'from-survival');
    return {
      rollId: roll.id,
      targets: [],
      gm: this.result(
        { monkLevel: monk?.level ?? 0, verve: a.verve },
        { defend: this.withProvenance(outcome, rolled) },
      ),
    };
  }

  // cast (CB21)

  /**
   * CB21: casting (or calling) this round cuts the caster's Movement by the casting time; a round or
   * more, or more than its Movement, leaves none. Movement comes from the sheet (`gm.movement` when
   * the sheet derives none); the result is kept on the combatant as `casting` for the round.
   */
  private async cast(ctx: CombatActionContext, input: GmCombatActionInput, state: Conditions) {
    if (ctx.targets.length > 0)
      throw Problem.field('VALIDATION_FAILED', 'targets', 'Casting and Movement has no targets.');
    if (input.castingSeconds === undefined || input.castingSeconds === null)
      throw Problem.field(
        'VALIDATION_FAILED',
        'gm.castingSeconds',
        'A cast names its casting time in seconds.',
      );
    const a = await this.numbers(ctx, ctx.actor);
    const source = this.movementOf(a, input);
    if (!source)
      throw Problem.field(
        'VALIDATION_FAILED',
        'gm.movement',
        `${a.owner.name}’s sheet derives no Movement (no species): send gm.movement.`,
      );
    const movement = source.value;
    if (input.spellLevel !== undefined && input.spellLevel !== null && !input.calling) {
      // S5 (001:601): injuries cap the spell levels a sorceror can cast.
      const sorceror = a.archetypes.find((x) => x.archetype === 'sorceror');
      const highest = (sorceror?.level ?? 0) - a.injuries;
      if (!sorceror || input.spellLevel > highest)
        throw Problem.field(
          'CONFLICT',
          'gm.spellLevel',
          sorceror
            ? `${a.owner.name} can cast spells up to level ${Math.max(0, highest)} (sorceror level ${sorceror.level} less ${a.injuries} injuries).`
            : `${a.owner.name} has no sorceror levels to cast a spell with.`,
        );
    }
    const { rolled, outcome, roll } = await this.logRoll<GmCastingOutcome>(
      ctx,
      GM_COMBAT_PROCEDURES.casting,
      {
        movement,
        seconds: input.castingSeconds,
        ...(input.calling ? { calling: true } : {}),
      } satisfies GmCastingInput,
      (o) => ({ casting: o.seconds, movementLeft: o.movementLeft }),
    );
    state.add(a.c.combatant.id, { name: 'casting', round: ctx.combat.round, value: outcome.movementLeft });
    // CB20: a spell that needs concentration keeps the caster concentrating until it is broken.
    if (input.concentrate) state.add(a.c.combatant.id, { name: 'concentrating', round: ctx.combat.round });
    return {
      rollId: roll.id,
      targets: [],
      gm: this.result({ movement: source }, { casting: this.withProvenance(outcome, rolled) }),
    };
  }

  // lead (CB10)

  /**
   * CB10: a warrior who leads instead of fighting grants the warriors' cover column to up to its
   * warrior level companions (the targets, of its side) on a perception roll; kept on each as
   * `warrior-cover` (by the leader) for the round. Attacks on them read the warriors' column.
   */
  private async lead(ctx: CombatActionContext, state: Conditions) {
    if (ctx.targets.length === 0)
      throw Problem.field(
        'VALIDATION_FAILED',
        'targets',
        'A leading warrior names the companions it covers.',
      );
    const a = await this.numbers(ctx, ctx.actor);
    const warrior = a.archetypes.find((x) => x.archetype === 'warrior');
    if (!warrior)
      throw Problem.field(
        'UNPROCESSABLE',
        'actor',
        `${a.owner.name} is no warrior: leading cover is a warrior’s.`,
      );
    ctx.targets.forEach((t, i) => {
      if (t.combatant.id === a.c.combatant.id)
        throw Problem.field(
          'VALIDATION_FAILED',
          `targets[${i}]`,
          'The leader covers its companions, not itself.',
        );
      if (t.combatant.side !== ctx.actor.combatant.side)
        throw Problem.field(
          'VALIDATION_FAILED',
          `targets[${i}]`,
          `${t.owner.name} is not on the leader’s side.`,
        );
    });
    if (ctx.targets.length > Math.max(1, warrior.level))
      throw Problem.field(
        'VALIDATION_FAILED',
        'targets',
        `A warrior of level ${warrior.level} leads at most ${Math.max(1, warrior.level)} companions.`,
      );
    const perception = Math.max(
      0,
      num(a.reactions.perception) -
        a.injuries -
        (state.has(a.c.combatant.id, 'psychic') ? PSYCHIC_REAL_WORLD : 0),
    );
    const { rolled, outcome, roll } = await this.logRoll<GmLeadCoverOutcome>(
      ctx,
      GM_COMBAT_PROCEDURES.leadCover,
      { perception, level: Math.max(1, warrior.level), companions: ctx.targets.length },
      (o) => ({ granted: o.granted }),
    );
    const round = ctx.combat.round;
    if (outcome.granted)
      for (const t of ctx.targets)
        state.add(t.combatant.id, { name: 'warrior-cover', round, by: a.c.combatant.id });
    return {
      rollId: roll.id,
      targets: ctx.targets.map((t) => ({ id: t.combatant.id, damage: null })),
      gm: this.result(
        { perception: { score: num(a.reactions.perception), injuries: a.injuries }, level: warrior.level },
        { lead: this.withProvenance(outcome, rolled) },
      ),
    };
  }

  // Helpers

  private oneTarget(ctx: CombatActionContext, what: string): ResolvedCombatant {
    if (ctx.targets.length !== 1)
      throw Problem.field('VALIDATION_FAILED', 'targets', `${what} has exactly one target.`);
    const [t] = ctx.targets;
    if (t.combatant.id === ctx.actor.combatant.id)
      throw Problem.field('VALIDATION_FAILED', 'targets[0]', 'A combatant does not act on itself.');
    return t;
  }

  private refereeOnly(ctx: CombatActionContext, input: GmCombatActionInput) {
    if (input.targetSurprised && ctx.who.role !== 'referee')
      throw Problem.field('FORBIDDEN', 'gm.targetSurprised', 'Only the referee rules a combatant surprised.');
  }

  /**
   * A combatant's numbers from its stored sheet: read once (the action's sheets as the shared service
   * read them together, locked; another combatant's read here, locked when the action may harm it).
   */
  private async numbers(ctx: CombatActionContext, c: ResolvedCombatant, lock = false): Promise<GmNumbers> {
    let memo = this.read.get(ctx);
    if (!memo) this.read.set(ctx, (memo = new Map()));
    const known = memo.get(c.combatant.id);
    if (known && (!lock || known.row === c.sheetRow)) return known;
    const n = await this.readNumbers(ctx, c, lock);
    memo.set(c.combatant.id, n);
    return n;
  }

  /** PC3: the combatant moves at half speed in its psychic conflict this round (−3 psychic). */
  private distractedNow(state: Conditions, id: string, round: number): boolean {
    const kept = state.get(id, 'distracted');
    return kept !== undefined && kept.round === round;
  }

  private async readNumbers(
    ctx: CombatActionContext,
    c: ResolvedCombatant,
    lock: boolean,
  ): Promise<GmNumbers> {
    // The action's sheets were read together, locked (`ctx.sheets`); a combatant outside them
    // (a group's other members) is read here.
    const read = ctx.sheets?.get(c.owner.id) ?? (!lock ? c.sheetRow : undefined);
    const row = read?.system === 'gm' ? read : await this.sheets.requireSheet(ctx.m, c.owner, 'gm', { lock });
    if (lock) c.sheetRow = row;
    // G&M's derivation reads only the campaign's settings (no inventory reader feeds it), so the
    // sheet is derived here rather than through SheetsService.view (two queries fewer a sheet).
    const view = deriveSheet('gm', row.data, { settings: ctx.campaign.settings });
    const derived = (view.derived ?? {}) as Record<string, unknown>;
    const attack = (derived.attack ?? {}) as Record<string, number>;
    const damage = (derived.damage ?? {}) as Record<string, number>;
    const pair = (v: unknown) => num((v as { current?: number } | undefined)?.current);
    return {
      c,
      owner: c.owner,
      row,
      data: row.data,
      fightingArt: num(derived.fightingArt),
      attack: { close: num(attack.close), thrown: num(attack.thrown), propelled: num(attack.propelled) },
      damage: { close: num(damage.close), thrown: num(damage.thrown) },
      defense: num(derived.defense),
      reactions: (view.reactions ?? {}) as Record<string, number>,
      abilities: (view.abilities ?? {}) as Record<string, number>,
      archetypes: ((derived.archetypes ?? []) as { archetype: string; level: number }[]).map((x) => ({
        archetype: String(x.archetype).toLowerCase(),
        level: num(x.level),
      })),
      injuries: pair(row.data.injuries),
      verve: pair(row.data.verve),
      survival: pair(row.data.survival),
      movement: typeof derived.movement === 'number' ? derived.movement : null,
    };
  }

  /**
   * Fighting Art + the sheet's attack bonus for the kind + the extra sent (G&M CB4), − 1 while the
   * sheet wears a full helmet (M16, 001:230).
   */
  private attackBonus(n: GmNumbers, kind: 'close' | 'thrown' | 'propelled', input: GmCombatActionInput) {
    const helmet = wearsFullHelmet(n.data) ? -FULL_HELMET_PENALTY : 0;
    const parts = {
      fightingArt: n.fightingArt,
      [kind]: n.attack[kind],
      extra: input.attackBonus ?? 0,
      ...(helmet !== 0 ? { fullHelmet: helmet } : {}),
    };
    return { attackBonus: n.fightingArt + n.attack[kind] + (input.attackBonus ?? 0) + helmet, parts };
  }

  /** The weapon's dice with the sheet's damage bonus (strength major close, minor thrown). */
  private damageDice(input: GmCombatActionInput, a: GmNumbers, kind: 'close' | 'thrown' | 'propelled') {
    const base = input.unarmed ? (input.smallSpecies ? 'd2' : 'd3') : input.weapon!;
    const dice = asBadRequest(() => parseDamageDice(base, input.unarmed ? 'unarmed' : 'weapon'));
    const bonus = dice.bonus + (kind === 'propelled' ? 0 : a.damage[kind]);
    return `${dice.count > 0 ? `${dice.count}d${dice.sides}` : ''}${dice.count > 0 ? signedPlain(bonus) : String(Math.max(0, bonus))}`;
  }

  /** What every attack reads alike (cover, range, unseen …) for the core procedure. */
  private common(input: GmCombatActionInput, a: GmNumbers, _t: GmNumbers, kind: string) {
    return {
      ...{},
      ...(input.cover ? { cover: input.cover as GmAttackInput['cover'] } : {}),
      ...(input.warriorCover ? { warriorCover: true } : {}),
      ...(input.intoMelee ? { intoMelee: input.intoMelee } : {}),
      ...(input.range
        ? {
            range: {
              distance: input.range.distance,
              increment: input.range.increment,
              ...(kind === 'thrown' ? { thrownStrength: Math.max(1, num(a.abilities.strength)) } : {}),
            },
          }
        : {}),
      ...(input.bowBuiltFor
        ? { strengthBow: { builtFor: input.bowBuiltFor, wielder: Math.max(1, num(a.abilities.strength)) } }
        : {}),
      ...(input.unseen ? { unseen: input.unseen as 'close' | 'ranged' } : {}),
      ...(input.highGround ? { highGround: true } : {}),
      ...(input.nonDefending ? { nonDefending: input.nonDefending as GmAttackInput['nonDefending'] } : {}),
    };
  }

  /** CB10: a leading warrior granted this target the warriors' cover column this round. */
  private ledCover(state: Conditions, t: GmNumbers, round: number): boolean {
    const led = state.get(t.c.combatant.id, 'warrior-cover');
    return led !== undefined && led.round === round;
  }

  /** Modifiers the combat's stored conditions and the sheets' injuries put on an attack. */
  private conditionModifiers(
    state: Conditions,
    a: GmNumbers | null,
    t: GmNumbers,
    round: number,
    single: boolean,
  ): { name: string; value: number }[] {
    const out: { name: string; value: number }[] = [];
    const tid = t.c.combatant.id;
    if (a && a.injuries > 0) out.push({ name: `injuries: ${signed(-a.injuries)}`, value: -a.injuries });
    if (a && state.has(a.c.combatant.id, 'immobilised'))
      out.push({ name: `immobilised: ${signed(-IMMOBILISED)}`, value: -IMMOBILISED });
    if (single && a && state.has(a.c.combatant.id, 'broke-free', tid))
      out.push({ name: `broke free of the hold: ${signed(BROKEN_HOLD)}`, value: BROKEN_HOLD });
    if (state.has(tid, 'holding'))
      out.push({
        name: `the target holds someone: its defence ${signed(-HOLDING_DEFENSE)}`,
        value: HOLDING_DEFENSE,
      });
    if (state.has(tid, 'psychic'))
      out.push({
        name: `the target is in a psychic conflict: its defence ${signed(-PSYCHIC_REAL_WORLD)}`,
        value: PSYCHIC_REAL_WORLD,
      });
    if (state.has(tid, 'concentrating'))
      out.push({
        name: `the target is concentrating: its defence ${signed(-CONCENTRATING_DEFENSE)}`,
        value: CONCENTRATING_DEFENSE,
      });
    const called = state.get(tid, 'called-shot');
    if (called && called.round === round)
      out.push({
        name: `the target made a called shot this round: its defence ${signed(-CALLED_SHOT_DEFENSE)}`,
        value: CALLED_SHOT_DEFENSE,
      });
    return out;
  }

  /** Spends one shot of ammunition from the actor's inventory (a material in dice loses one die). */
  private async spendAmmunition(ctx: CombatActionContext, input: GmCombatActionInput, kind: string) {
    if (!input.ammunition) return null;
    if (kind === 'close')
      throw Problem.field(
        'VALIDATION_FAILED',
        'gm.ammunition',
        'Ammunition is for thrown or propelled attacks.',
      );
    const actor = ctx.actor.combatant;
    if (actor.kind !== 'character')
      throw Problem.field('UNPROCESSABLE', 'gm.ammunition', 'Only characters carry an inventory.');
    await this.inventory.lockCharacters(ctx.m, ctx.campaign.id, [actor.id]);
    const row = await ctx.m.findOne(InventoryItemEntity, {
      where: { id: input.ammunition, campaignId: ctx.campaign.id, characterId: actor.id },
    });
    if (!row)
      throw Problem.field(
        'UNPROCESSABLE',
        'gm.ammunition',
        `${input.ammunition} is not an item the actor carries.`,
      );
    if (row.dice !== null)
      await this.inventory.spendDice(ctx.m, ctx.campaign.id, actor.id, row.id, 1, 'gm.ammunition');
    else await this.inventory.removeItem(ctx.m, ctx.campaign.id, actor.id, row.id);
    return row.name;
  }

  /** Rolls a procedure on the action's seed and logs it: the one roll of the action. */
  private async logRoll<T>(
    ctx: CombatActionContext,
    procedure: { name: string; run: (input: never, dice: never) => unknown },
    procedureInput: unknown,
    effects: (outcome: T) => Record<string, unknown>,
    secret = ctx.sealed,
  ) {
    const rolled = asBadRequest(() =>
      this.rolls.roll(
        procedure as never,
        procedureInput as never,
        ctx.input.seed ?? undefined,
        diceBudget(ctx.req),
      ),
    ) as { procedure: string; outcome: T; seed: string; rng: string };
    const take = this.pending.get(ctx);
    if (take) {
      this.pending.delete(ctx);
      take();
    }
    const roll = await this.rolls.record(ctx.m, ctx.who, rolled as never, {
      campaign: ctx.campaign,
      secret,
      effects: this.effects(ctx, effects(rolled.outcome)),
    });
    return { rolled, outcome: rolled.outcome, roll };
  }

  /**
   * A harming action's one roll (`combat.gm-action.v3`): the attack (single, group or psychic) and, on
   * damage, the engine's transition on the target's state, read from its sheet (locked) with the
   * reactions the action already derived; the roll keeps the transition's events.
   */
  private async harming(
    ctx: CombatActionContext,
    part: Pick<GmActionInput, 'attack' | 'groupAttack' | 'psychic'>,
    t: GmNumbers,
    extra: Record<string, unknown> = {},
    secret = ctx.sealed,
  ) {
    const state = sheetState(
      { name: t.owner.name, id: t.owner.id, npc: t.owner.kind === 'npc' },
      'gm',
      t.row.data,
      { reactions: t.reactions },
      harmOf(t.row.data),
    ) as GmState;
    const input: GmActionV3Input = {
      ...{},
      ...part,
      state,
      // Loss to a warrior in combat is archetypal (001:583, test 4); a non-player character has no verve.
      warrior:
        t.owner.kind === 'character' && t.archetypes.some((a) => a.archetype.toLowerCase() === 'warrior'),
    };
    const tid = t.c.combatant.id;
    const r = await this.logRoll<GmActionV3Outcome>(
      ctx,
      GM_COMBAT_PROCEDURES.action,
      input,
      (o) => {
        const done = o.attack ?? o.psychic!;
        return {
          ...{},
          ...extra,
          hit: o.attack ? o.attack.hit : o.psychic!.success,
          damage: done.damage,
          ...(o.harm ? { harm: { id: tid, state: o.harm.state, changes: o.harm.changes } } : {}),
          // The engine's events of the harm (issue 42), as the transition told them in this roll.
          ...(o.harm ? { events: o.events } : {}),
        };
      },
      secret,
    );
    return { ...{}, ...r, state };
  }

  /** Writes a hit's damage, computed in the action's roll, to the target's sheet (G&M damage). */
  private async strike(
    ctx: CombatActionContext,
    t: GmNumbers,
    action: GmActionV3Outcome,
    state: GmState,
    rolled: { procedure: string; seed: string; rng: string },
    rollId: string,
  ): Promise<SheetDamageResult | null> {
    if (!action.harm) return null;
    return this.writeHarm(ctx, t, action, state, rolled, rollId);
  }

  /**
   * `SheetHarmService.applyDamage` with the transition already applied (`computed`): no second read
   * of the sheet, no second roll, no second telling of the events; the ledger entries name the
   * action's roll.
   */
  private writeHarm(
    ctx: CombatActionContext,
    t: GmNumbers,
    action: GmActionV3Outcome,
    state: GmState,
    rolled: { procedure: string; seed: string; rng: string },
    rollId: string,
  ): Promise<SheetDamageResult> {
    const settings = ctx.campaign.settings;
    const harm = action.harm!;
    return this.harm.applyDamage(
      ctx.m,
      ctx.who,
      t.owner,
      { system: 'gm', amount: harm.damage },
      {
        secret: ctx.sealed,
        req: ctx.req,
        campaign: ctx.campaign,
        computed: {
          row: t.row,
          outcome: harm,
          roll: { id: rollId, procedure: rolled.procedure, seed: rolled.seed, rng: rolled.rng },
          // G&M's derivation reads only the campaign's settings: the sheet after without a read.
          derive: (data) => deriveSheet('gm', data, { settings }),
          state,
          events: action.events,
        },
      },
    );
  }

  private effects(ctx: CombatActionContext, extra: Record<string, unknown>) {
    return {
      combatId: ctx.combat.id,
      round: ctx.combat.round,
      kind: ctx.input.kind,
      actor: ctx.actor.combatant.id,
      targets: ctx.targets.map((t) => t.combatant.id),
      ...extra,
    };
  }

  private withProvenance<T>(outcome: T, rolled: { seed: string; rng: string }) {
    return { ...{}, ...outcome, seed: rolled.seed, rng: rolled.rng } as never;
  }

  private result(read: Record<string, unknown>, part: Partial<GmCombatActionResult>): GmCombatActionResult {
    return {
      read,
      attack: null,
      group: null,
      mojo: [],
      maneuver: null,
      psychic: null,
      defend: null,
      casting: null,
      lead: null,
      ammunition: null,
      move: null,
      turn: null as never,
      memberTurns: [],
      conditions: [],
      ...part,
    };
  }
}

/**
 * The target's armour and shield defence (issue 42): `gm.armor` sent wins; else the `armor` and
 * `shield` of the target's sheet; else none. The attack's `read.defense` says which (`armorFrom`:
 * sent, sheet or none) and lists the pieces read; the logged procedure holds the sum, so a replay
 * never reads the sheet.
 */
function armorWorn(
  t: GmNumbers,
  sent: number | null | undefined,
): {
  armor: number;
  armorFrom: 'sent' | 'sheet' | 'none';
  worn: Array<{ piece: 'armor' | 'shield'; name: string; defense: number }>;
} {
  if (sent !== undefined && sent !== null) return { armor: sent, armorFrom: 'sent', worn: [] };
  const worn = (['armor', 'shield'] as const).flatMap((field) => {
    const piece = t.data[field] as { name?: string; defense?: number } | undefined;
    return piece && typeof piece.defense === 'number'
      ? [{ piece: field, name: String(piece.name ?? field), defense: piece.defense }]
      : [];
  });
  if (worn.length === 0) return { armor: 0, armorFrom: 'none', worn: [] };
  return {
    armor: worn.reduce((sum, w) => sum + w.defense, 0),
    armorFrom: 'sheet',
    worn,
  };
}

function signedPlain(n: number): string {
  if (n === 0) return '';
  return n > 0 ? `+${n}` : `${n}`;
}

const NONE: CombatCondition[] = [];

/** The combat's combatants' conditions, changed in memory and written once (G&M stored combats). */
class Conditions {
  private readonly changed = new Set<string>();
  /** Something else on the combatants changed (a G&M turn): write the combat even without a condition. */
  dirty = false;

  constructor(private readonly combat: CombatEntity) {}

  /** The combatants by id (a combat may hold many: one scan, not one a lookup). */
  private byId?: Map<string, StoredCombatant>;

  private combatant(id: string): StoredCombatant {
    this.byId ??= new Map(this.combat.combatants.map((x) => [x.id, x]));
    return this.byId.get(id)!;
  }

  private list(id: string): CombatCondition[] {
    return this.combatant(id).conditions ?? NONE;
  }

  private ensure(id: string): CombatCondition[] {
    const c = this.combatant(id);
    c.conditions ??= [];
    return c.conditions;
  }

  get(id: string, name: string, by?: string | null): CombatCondition | undefined {
    return this.list(id).find((x) => x.name === name && (by === undefined || x.by === by));
  }

  has(id: string, name: string, by?: string | null): boolean {
    return this.get(id, name, by) !== undefined;
  }

  add(id: string, condition: { name: string; round: number; by?: string | null; value?: number | null }) {
    const list = this.ensure(id);
    const at = list.findIndex((x) => x.name === condition.name);
    const full = {
      name: condition.name,
      round: condition.round,
      by: condition.by ?? null,
      value: condition.value ?? null,
    };
    if (at >= 0) list[at] = full;
    else list.push(full);
    this.changed.add(id);
  }

  remove(id: string, name: string) {
    const list = this.list(id);
    const kept = list.filter((x) => x.name !== name);
    if (kept.length !== list.length) {
      this.combatant(id).conditions = kept;
      this.changed.add(id);
    }
  }

  /** Out of the psychic conflict: everything it kept goes with it. */
  leavePsychic(id: string) {
    for (const name of ['psychic', 'stunned', 'psychic-defense', 'from-survival']) this.remove(id, name);
  }

  async save(ctx: CombatActionContext) {
    if (this.changed.size === 0 && !this.dirty) return [];
    const at = now();
    ctx.combat.updatedAt = at;
    // One plain statement (TypeORM's update builder costs more CPU than the write).
    await Database.updateRow(ctx.m, CombatEntity, ctx.combat.id, {
      combatants: ctx.combat.combatants,
      updatedAt: at,
    });
    return [...this.changed].map((id) => ({ id, conditions: this.list(id) }));
  }
}

/** Why the round's action is refused: the field named and a sentence. */
function refusalOf(why: GmTakeRefusal, id: string, field: string): [string, string] {
  switch (why) {
    case 'spent':
      return [
        field,
        `${id} has used its actions this round (one a round; two in a psychic conflict; a group’s 1 + its bonus); the referee may grant another (gm.extraAction).`,
      ];
    case 'closed':
      return [field, `${id} left its psychic conflict this round: no other action until the next.`];
    case 'dashed':
      return [field, `${id} dashed this round: no other action until the next.`];
    case 'in-group':
      return [field, `${id} acts with its group this round (group-attack with the same members).`];
    case 'other-group':
      return [field, `${id} has acted this round on its own or with another group.`];
    case 'not-first':
      return [
        'gm.psychic',
        `Leaving a psychic conflict is chosen at the start of the round: ${id} has acted already.`,
      ];
    case 'extra-attack-target':
      return ['gm.extraAttack', `${id}’s extra attack this round is against another target.`];
    case 'extra-attack-bonus-taken':
      return [
        'gm.extraAttack',
        `${id} took the +4 against an unaware target this round: the extra attack is instead of it.`,
      ];
    default:
      return [
        'gm.extraAttack',
        `${id} took another action this round: the extra attack follows attacks on the same target.`,
      ];
  }
}

/** The core's input refusals as a 400 naming the field as sent: under `gm.` (or `prefix`), some renamed. */
function asBadRequest<T>(run: () => T, prefix = 'gm'): T {
  return asProblem(run, { fieldOf: (field) => CALLER_FIELD[field] ?? `${prefix}.${field}` });
}
