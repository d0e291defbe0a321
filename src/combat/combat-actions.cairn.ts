import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { Problem } from '../common/problem';
import { diceBudget, type ArbiterRequest } from '../common/request-context';
import { now } from '../common/time';
import {
  cairnMove,
  cairnTurnLeft,
  cairnTurnOf,
  takeCairnAction,
  type CairnDexSaveOutcome,
  type CairnTurn,
} from '../core/combat';
import { Database } from '../database/database.service';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { CharacterSheetEntity } from '../characters/characters.entities';
import { SheetsService } from '../characters/sheets.service';
import { CombatEntity, type StoredCombatant } from './combat-campaign.entities';
import type { CombatAttackInput } from './combat-campaign.inputs';
import type { CombatAttackResult } from './combat-campaign.results';
import { CombatCampaignService } from './combat-campaign.service';
import type { CairnCombatActionOutcome } from './combat-actions.cairn.results';
import type { CombatActionInput } from './combat-actions.inputs';
import {
  CombatActionAnswer,
  CombatActionContext,
  CombatActionsService,
  CombatSystemHandler,
  ResolvedCombatant,
} from './combat-actions.service';
import type { CairnDexSavesResult } from './combat.results';
import { COMBAT_PROCEDURES } from './combat-procedures';
import { cairnWeaponOf, weaponUsed } from './combat-weapons';
import type { CairnSheetWeapon } from '../core/characters/sheet-weapons';
import type { SheetOwner } from '../characters/sheets.service';
import { InventoryItemEntity } from '../inventory/inventory.entities';

const dexOf = (data: Record<string, unknown>): number => {
  const v = (data.dex ?? {}) as { current?: unknown };
  return typeof v.current === 'number' ? v.current : 0;
};

/** A move rolls nothing; it is logged so the feed and the log show every action (as COEAC's declare). */
export const CAIRN_MOVE_PROCEDURE = {
  name: 'combat.cairn-move',
  run: (input: { feet: number; movedBefore: number; actionBefore: string | null }) => {
    const after = cairnMove(
      { round: 0, moved: input.movedBefore, action: input.actionBefore, extra: 0 },
      input.feet,
    );
    return {
      feet: input.feet,
      moved: after?.moved ?? null,
      secondMove: after?.action === 'move' && input.actionBefore === null,
    };
  },
};

type Turn = CairnTurn;

/** The route's field for an action's field (the `…/attacks` route names its own inputs). */
function routeField(field: string): string {
  if (field === 'actor') return 'attacker';
  if (field === 'targets' || field.startsWith('targets[')) return 'target';
  if (field.startsWith('cairn.')) return field.slice('cairn.'.length);
  return field;
}

/**
 * Cairn's actions in a stored combat (docs/combat.md, "Cairn actions"): `attack` (one target, or
 * several attackers on it keeping the highest die; a detachment's attack on individuals is a blast),
 * `blast` (every target its own die; the target-count roll when asked or when no target is listed),
 * `retreat` (a DEX save; passed, the combatant has fled) and `move`. One logged roll per action; the
 * turn allowance (CA-17: a move of 40 ft and one action a round) is kept on the combatants and
 * written with the action's other changes to the combat, in one statement.
 */
@Injectable()
export class CairnCombatActions implements CombatSystemHandler, OnModuleInit {
  readonly system = 'cairn';
  readonly kinds = ['attack', 'blast', 'retreat', 'move', 'struggle'] as const;

  constructor(
    private readonly db: Database,
    private readonly actions: CombatActionsService,
    private readonly combats: CombatCampaignService,
    private readonly sheets: SheetsService,
    private readonly rolls: RollsService,
    registry: ProcedureRegistry,
  ) {
    registry.register(CAIRN_MOVE_PROCEDURE as never);
  }

  onModuleInit(): void {
    this.actions.register(this);
  }

  /**
   * `POST …/combats/{combatId}/attacks` (`Mutation.combatAttack`): the `attack` action under the
   * route's own names (`attacker`, `target`, the weapon at the top level) and answer shape. One
   * implementation: the action's code path, errors renamed to the route's fields.
   */
  attack(
    who: Principal,
    combatId: string,
    input: CombatAttackInput,
    req: ArbiterRequest,
  ): Promise<CombatAttackResult> {
    if (input.secret && who.role !== 'referee') {
      throw Problem.field('FORBIDDEN', 'secret', 'Only the referee seals a roll.');
    }
    const action: CombatActionInput = {
      actor: input.attacker,
      kind: 'attack',
      targets: [input.target],
      cairn: {
        ...{},
        ...(input.weapon != null ? { weapon: input.weapon } : {}),
        ...(input.die != null ? { die: input.die } : {}),
        ...(input.secondDie ? { secondDie: input.secondDie } : {}),
        ...(input.impaired ? { impaired: true } : {}),
        ...(input.enhanced ? { enhanced: true } : {}),
        ...(input.unarmed ? { unarmed: true } : {}),
        ...(input.range ? { range: input.range } : {}),
        ...(input.position ? { position: input.position } : {}),
        ...(input.shield ? { shield: true } : {}),
        ...(input.extraAction ? { extraAction: true } : {}),
      },
      ...(input.secret ? { secret: true } : {}),
      ...(input.seed != null ? { seed: input.seed } : {}),
    };
    return this.db.mutation(req, async (m) => {
      let done;
      try {
        done = await this.actions.actIn(m, who, combatId, action, req, {
          system: 'cairn',
          systemMessage: `Combat ${combatId} is not a Cairn combat: use its actions (…/combats/{combatId}/actions).`,
        });
      } catch (error) {
        if (error instanceof Problem && error.errors?.length) {
          throw new Problem(
            error.code,
            error.message,
            error.errors.map((e) => ({ ...{}, ...e, field: routeField(e.field) })),
          );
        }
        throw error;
      }
      return {
        combatId: done.combatId,
        round: done.round,
        rollId: done.rollId,
        sealed: done.sealed,
        attack: done.cairn?.attack ?? null,
        damage: done.targets[0]?.damage ?? null,
        // The route names its inputs without the action's `cairn.` prefix.
        weapon: done.weapon
          ? { ...{}, ...done.weapon, overridden: done.weapon.overridden.map(routeField) }
          : null,
        events: done.events ?? [],
      };
    });
  }

  async act(ctx: CombatActionContext): Promise<CombatActionAnswer> {
    const { input } = ctx;
    const cairn = input.cairn ?? {};
    if (cairn.extraAction && ctx.who.role !== 'referee')
      throw Problem.field(
        'FORBIDDEN',
        'cairn.extraAction',
        'Only the referee grants an action beyond the turn.',
      );
    if (input.kind === 'move') return this.move(ctx);
    if (cairn.feet !== undefined && cairn.feet !== null)
      throw Problem.field('VALIDATION_FAILED', 'cairn.feet', 'Only a move takes `feet`.');
    if (input.kind === 'retreat') return this.retreat(ctx);
    if (input.kind === 'struggle') return this.struggle(ctx);
    for (const key of ['attribute', 'atRisk'] as const) {
      if (cairn[key] !== undefined && cairn[key] !== null)
        throw Problem.field('VALIDATION_FAILED', `cairn.${key}`, `Only a struggle takes \`${key}\`.`);
    }
    const actorId = ctx.actor.combatant.id;
    let targets = ctx.targets;
    ctx.targets.forEach((t, i) => {
      if (t.combatant.id === actorId)
        throw Problem.field('VALIDATION_FAILED', `targets[${i}]`, 'A combatant does not attack itself.');
    });
    // The actor's weapon from its sheet (issue 42): named, or the first, unless a die is sent.
    const actorSheet = (ctx.actorSheet ?? ctx.actor.sheetRow)?.data;
    const own = cairnWeaponOf(actorSheet, cairn, 'cairn.', ctx.actor.owner.name);
    await this.carried(ctx, ctx.actor.owner, own.used, 'cairn.weapon');
    const blastWeapon = input.kind === 'attack' && own.used?.blast === true;
    const attackers = [
      {
        combatant: ctx.actor.combatant,
        owner: ctx.actor.owner,
        weapon: { ...{}, ...cairn, die: own.die },
        field: 'actor',
      },
    ];
    const joinedAt: Array<{ combatant: StoredCombatant; field: string }> = [];
    let sealed = ctx.sealed;
    let listed = true;
    if (input.kind === 'attack') {
      if (targets.length < 1 || (targets.length > 1 && !ctx.actor.combatant.detachment))
        throw Problem.field(
          'VALIDATION_FAILED',
          'targets',
          'A Cairn attack has exactly one target (a detachment’s attack may list several; or use a blast).',
        );
      if (cairn.countTargets)
        throw Problem.field('VALIDATION_FAILED', 'cairn.countTargets', 'Only a blast rolls for its targets.');
      const seen = new Set([actorId, ...targets.map((t) => t.combatant.id)]);
      for (const [i, w] of (cairn.withAttackers ?? []).entries()) {
        const field = `cairn.withAttackers[${i}]`;
        if (seen.has(w.id))
          throw Problem.field('VALIDATION_FAILED', `${field}.id`, `${w.id} is already in this attack.`);
        seen.add(w.id);
        const joined = await this.actions.joining(ctx.m, ctx.who, ctx.combat, w.id, `${field}.id`);
        joinedAt.push({ combatant: joined.combatant, field: `${field}.id` });
        sealed ||= joined.hidden;
        const theirs = cairnWeaponOf(joined.sheetRow?.data, w, `${field}.`, joined.owner.name);
        await this.carried(ctx, joined.owner, theirs.used, `${field}.weapon`);
        if (theirs.used?.blast || blastWeapon)
          throw Problem.field(
            'UNPROCESSABLE',
            theirs.used?.blast ? `${field}.weapon` : 'cairn.weapon',
            `${(theirs.used?.blast ? theirs.used : own.used)!.name} is a blast weapon: a blast strikes from one attacker alone.`,
          );
        attackers.push({
          combatant: joined.combatant,
          owner: joined.owner,
          weapon: { ...{}, ...w, die: theirs.die },
          field,
        });
      }
    } else {
      if (cairn.withAttackers?.length)
        throw Problem.field('VALIDATION_FAILED', 'cairn.withAttackers', 'A blast comes from one attacker.');
      if (targets.length === 0) {
        // Not listed: every combatant of the other sides still in the fight, the die setting how many.
        listed = false;
        const side = ctx.actor.combatant.side;
        const candidates = ctx.combat.combatants.filter((c) => c.side !== side && !c.fled && !c.destroyed);
        if (candidates.length === 0)
          throw Problem.field('UNPROCESSABLE', 'targets', 'No combatant of another side is left to catch.');
        targets = await this.actions.resolveAll(ctx.m, ctx.who, candidates);
        sealed ||= targets.some((t: ResolvedCombatant) => t.hidden);
        // Their sheets in one read (locked), as the listed targets' were.
        const rows = await Database.selectRows(
          ctx.m,
          CharacterSheetEntity,
          { ownerId: targets.map((t) => t.owner.id), system: 'cairn' },
          { lock: true },
        );
        ctx.sheets ??= new Map();
        for (const r of rows) ctx.sheets.set(r.ownerId, r);
      }
    }
    // CA-17: the actor's action, and each joining attacker's.
    const actorTurn = this.takeAction(ctx, ctx.actor.combatant, 'actor', input.kind);
    const joinedTurns = joinedAt.map((j) => this.takeAction(ctx, j.combatant, j.field, input.kind));
    const struck = await this.combats.cairnResolve(ctx.m, ctx.who, ctx.req, ctx.campaign, ctx.combat, {
      attackers,
      targets: targets.map((t) => {
        const row = ctx.sheets?.get(t.owner.id);
        return { combatant: t.combatant, owner: t.owner, ...(row ? { row } : {}) };
      }),
      shield: cairn.shield ?? false,
      // A blast weapon's attack is a blast on its one target (004: each target rolls its own die; no
      // detachment impairs it).
      blast: input.kind === 'blast' || blastWeapon,
      countTargets: input.kind === 'blast' && (!listed || (cairn.countTargets ?? false)),
      sealed,
      seed: input.seed ?? undefined,
    });
    await this.writeCombat(ctx);
    const routed: string[] = [];
    const destroyed: string[] = [];
    for (const t of struck.attack.targets) {
      const id = targets[t.index].combatant.id;
      if (t.detachment?.destroyed) destroyed.push(id);
      else if (t.detachment?.routed) routed.push(id);
    }
    const outcome: CairnCombatActionOutcome = {
      attack: struck.attack,
      retreat: null,
      struggle: null,
      routed,
      destroyed,
      fled: [],
      turn: cairnTurnLeft(actorTurn),
      joinedTurns: joinedTurns.map(cairnTurnLeft),
    };
    return {
      rollId: struck.rollId,
      sealed,
      targets: struck.damages.map((d, i) => ({ id: d.id, damage: d.damage, hidden: targets[i].hidden })),
      cairn: outcome,
      weapon: own.used ? weaponUsed('cairn', own.used, own.overridden) : null,
    };
  }

  /**
   * CA-17: the combatant's one action of the round, taken by `kind` (409 naming `field` once it is
   * used, unless the referee's `extraAction` grants another). Kept on the stored combatant; the
   * action writes the combat once.
   */
  private takeAction(ctx: CombatActionContext, c: StoredCombatant, field: string, kind: string): Turn {
    const before = cairnTurnOf(ctx.combat.round, c.cairn);
    const turn = takeCairnAction(before, kind, ctx.input.cairn?.extraAction ?? false);
    if (!turn)
      throw Problem.field(
        'CONFLICT',
        field,
        `${c.id} has taken its action this round (${before.action}); a turn is a move and one action (the referee may grant another: cairn.extraAction).`,
      );
    c.cairn = turn;
    return turn;
  }

  private async writeCombat(ctx: CombatActionContext): Promise<void> {
    ctx.combat.updatedAt = now();
    await Database.updateRow(ctx.m, CombatEntity, ctx.combat.id, {
      combatants: ctx.combat.combatants,
      updatedAt: ctx.combat.updatedAt,
    });
  }

  /**
   * CA-17: a move of `feet`. Up to 40 ft a turn; a move past that takes the action as a second move
   * (another 40 ft) when it is unused; beyond is 409 naming `cairn.feet`. Rolls nothing; logged as
   * `combat.cairn-move`.
   */
  private async move(ctx: CombatActionContext): Promise<CombatActionAnswer> {
    if (ctx.targets.length > 0) throw Problem.field('VALIDATION_FAILED', 'targets', 'A move has no targets.');
    const feet = ctx.input.cairn?.feet;
    if (feet === undefined || feet === null)
      throw Problem.field('VALIDATION_FAILED', 'cairn.feet', 'A move needs the feet moved (1 to 80).');
    for (const key of [
      'weapon',
      'die',
      'secondDie',
      'withAttackers',
      'countTargets',
      'extraAction',
      'range',
      'position',
      'attribute',
      'atRisk',
    ] as const) {
      if (ctx.input.cairn?.[key] !== undefined && ctx.input.cairn?.[key] !== null)
        throw Problem.field('VALIDATION_FAILED', `cairn.${key}`, `A move takes no \`${key}\`.`);
    }
    const stored = ctx.actor.combatant;
    const before = cairnTurnOf(ctx.combat.round, stored.cairn);
    const turn = cairnMove(before, feet);
    if (!turn) {
      const left = cairnTurnLeft(before).feetLeft;
      throw Problem.field(
        'CONFLICT',
        'cairn.feet',
        `${stored.id} may move ${left} ft more this round (40 ft a turn, 40 more as its action).`,
      );
    }
    const rolled = this.rolls.roll(
      CAIRN_MOVE_PROCEDURE,
      { feet, movedBefore: before.moved, actionBefore: before.action },
      ctx.input.seed ?? undefined,
      diceBudget(ctx.req),
    );
    stored.cairn = turn;
    const roll = await this.rolls.record(ctx.m, ctx.who, rolled as never, {
      campaign: ctx.campaign,
      secret: ctx.sealed,
      effects: { combatId: ctx.combat.id, round: ctx.combat.round, actor: stored.id },
    });
    await this.writeCombat(ctx);
    return {
      rollId: roll.id,
      targets: [],
      cairn: {
        attack: null,
        retreat: null,
        struggle: null,
        routed: [],
        destroyed: [],
        fled: [],
        turn: cairnTurnLeft(turn),
        joinedTurns: [],
      },
    };
  }

  /**
   * CA-02 in a struggle: the actor tries to overcome one target (push past, wrest a weapon, pin); the
   * side most at risk saves on its current attribute (our reading: the target, unless
   * `cairn.atRisk: "actor"`). One logged roll `combat.cairn-struggle`; it is the actor's action (CA-17).
   */
  private async struggle(ctx: CombatActionContext): Promise<CombatActionAnswer> {
    const cairn = ctx.input.cairn ?? {};
    if (ctx.targets.length !== 1)
      throw Problem.field('VALIDATION_FAILED', 'targets', 'A struggle has exactly one target.');
    const [target] = ctx.targets;
    if (target.combatant.id === ctx.actor.combatant.id)
      throw Problem.field('VALIDATION_FAILED', 'targets[0]', 'A combatant does not struggle with itself.');
    if (!cairn.attribute)
      throw Problem.field(
        'VALIDATION_FAILED',
        'cairn.attribute',
        'A struggle names the attribute it tests (str, dex or wil).',
      );
    for (const key of [
      'weapon',
      'die',
      'secondDie',
      'withAttackers',
      'countTargets',
      'feet',
      'range',
      'position',
    ] as const) {
      if (cairn[key] !== undefined && cairn[key] !== null)
        throw Problem.field('VALIDATION_FAILED', `cairn.${key}`, `A struggle takes no \`${key}\`.`);
    }
    const turn = this.takeAction(ctx, ctx.actor.combatant, 'actor', 'struggle');
    const attribute = cairn.attribute as 'str' | 'dex' | 'wil';
    const scoreOf = async (c: ResolvedCombatant) => {
      const row = ctx.sheets?.get(c.owner.id) ?? (await this.sheets.requireSheet(ctx.m, c.owner, 'cairn'));
      const v = (row.data[attribute] ?? {}) as { current?: unknown };
      return typeof v.current === 'number' ? Math.max(0, Math.min(30, v.current)) : 0;
    };
    const rolled = this.rolls.roll(
      COMBAT_PROCEDURES.cairnStruggle,
      {
        attribute,
        actor: { name: ctx.actor.owner.name, score: await scoreOf(ctx.actor) },
        target: { name: target.owner.name, score: await scoreOf(target) },
        ...(cairn.atRisk ? { atRisk: cairn.atRisk as 'actor' | 'target' } : {}),
      },
      ctx.input.seed ?? undefined,
      diceBudget(ctx.req),
    );
    const outcome = rolled.outcome;
    const roll = await this.rolls.record(ctx.m, ctx.who, rolled as never, {
      campaign: ctx.campaign,
      secret: ctx.sealed,
      effects: {
        combatId: ctx.combat.id,
        round: ctx.combat.round,
        actor: ctx.actor.combatant.id,
        targets: [target.combatant.id],
        saver: outcome.saver === 'actor' ? ctx.actor.combatant.id : target.combatant.id,
        passed: outcome.passed,
        prevails: outcome.prevails === 'actor' ? ctx.actor.combatant.id : target.combatant.id,
      },
    });
    await this.writeCombat(ctx);
    return {
      rollId: roll.id,
      targets: [{ id: target.combatant.id, damage: null }],
      cairn: {
        attack: null,
        retreat: null,
        struggle: { ...{}, ...outcome, seed: rolled.seed, rng: rolled.rng } as never,
        routed: [],
        destroyed: [],
        fled: [],
        turn: cairnTurnLeft(turn),
        joinedTurns: [],
      },
    };
  }

  /** CA-28: a retreat needs a DEX save (the combatant's action); passed, it has fled and acts no more. */
  private async retreat(ctx: CombatActionContext): Promise<CombatActionAnswer> {
    if (ctx.targets.length > 0)
      throw Problem.field('VALIDATION_FAILED', 'targets', 'A retreat has no targets.');
    const turn = this.takeAction(ctx, ctx.actor.combatant, 'actor', 'retreat');
    const sheet =
      ctx.sheets?.get(ctx.actor.owner.id) ??
      (await this.sheets.requireSheet(ctx.m, ctx.actor.owner, 'cairn'));
    const rolled = this.rolls.roll(
      COMBAT_PROCEDURES.cairnDexSaves,
      { kind: 'retreat', characters: [{ name: ctx.actor.owner.name, dex: dexOf(sheet.data) }] } as never,
      ctx.input.seed ?? undefined,
      diceBudget(ctx.req),
    );
    const roll = await this.rolls.record(ctx.m, ctx.who, rolled as never, {
      campaign: ctx.campaign,
      secret: ctx.sealed,
      effects: { combatId: ctx.combat.id, round: ctx.combat.round, actor: ctx.actor.combatant.id },
    });
    const outcome = rolled.outcome as CairnDexSaveOutcome;
    const passed = outcome.results[0].passed;
    if (passed) ctx.actor.combatant.fled = true;
    await this.writeCombat(ctx);
    const retreat = {
      ...{},
      ...outcome,
      seed: rolled.seed,
      rng: rolled.rng,
    } as unknown as CairnDexSavesResult;
    return {
      rollId: roll.id,
      targets: [],
      cairn: {
        attack: null,
        retreat,
        struggle: null,
        routed: [],
        destroyed: [],
        fled: passed ? [ctx.actor.combatant.id] : [],
        turn: cairnTurnLeft(turn),
        joinedTurns: [],
      },
    };
  }

  /**
   * A sheet weapon that names its inventory item strikes only while the character carries it (issue
   * 42: the weapon and the item are one thing): 409 naming the weapon field when the item is gone.
   */
  private async carried(
    ctx: CombatActionContext,
    owner: SheetOwner,
    used: CairnSheetWeapon | null,
    field: string,
  ): Promise<void> {
    if (!used?.itemId || owner.kind !== 'character') return;
    const item = await ctx.m.findOne(InventoryItemEntity, {
      where: { id: used.itemId, characterId: owner.id, campaignId: owner.campaignId },
    });
    if (!item)
      throw Problem.field(
        'CONFLICT',
        field,
        `${owner.name} no longer carries ${used.name} (its inventory item is gone): strike with another weapon or bare hands.`,
      );
  }
}
