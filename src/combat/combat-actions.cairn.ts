import { Injectable, OnModuleInit } from '@nestjs/common';
import { SheetsService } from '../characters/sheets.service';
import { Problem } from '../common/problem';
import { diceBudget } from '../common/request-context';
import { now } from '../common/time';
import type { CairnDexSaveOutcome } from '../core/combat';
import { RollsService } from '../rolls/rolls.service';
import { CombatEntity } from './combat-campaign.entities';
import { CombatCampaignService } from './combat-campaign.service';
import type { CairnCombatActionOutcome } from './combat-actions.cairn.results';
import {
  CombatActionAnswer,
  CombatActionContext,
  CombatActionsService,
  CombatSystemHandler,
  ResolvedCombatant,
} from './combat-actions.service';
import type { CairnDexSavesResult } from './combat.results';
import { COMBAT_PROCEDURES } from './combat-procedures';

const dexOf = (data: Record<string, unknown>): number => {
  const v = (data.dex ?? {}) as { current?: unknown };
  return typeof v.current === 'number' ? v.current : 0;
};

/**
 * Cairn's actions in a stored combat (docs/combat.md, "Cairn actions"): `attack` (one target, or
 * several attackers on it keeping the highest die; a detachment's attack on individuals is a blast),
 * `blast` (every target its own die; the target-count roll when asked or when no target is listed)
 * and `retreat` (a DEX save; passed, the combatant has fled). One logged roll per action.
 */
@Injectable()
export class CairnCombatActions implements CombatSystemHandler, OnModuleInit {
  readonly system = 'cairn';
  readonly kinds = ['attack', 'blast', 'retreat'] as const;

  constructor(
    private readonly actions: CombatActionsService,
    private readonly combats: CombatCampaignService,
    private readonly sheets: SheetsService,
    private readonly rolls: RollsService,
  ) {}

  onModuleInit(): void {
    this.actions.register(this);
  }

  async act(ctx: CombatActionContext): Promise<CombatActionAnswer> {
    const { input } = ctx;
    const cairn = input.cairn ?? {};
    if (input.kind === 'retreat') return this.retreat(ctx);
    if (!input.cairn)
      throw Problem.field('VALIDATION_FAILED', 'cairn', 'A Cairn attack needs its `cairn` inputs.');
    const actorId = ctx.actor.combatant.id;
    let targets = ctx.targets;
    ctx.targets.forEach((t, i) => {
      if (t.combatant.id === actorId)
        throw Problem.field('VALIDATION_FAILED', `targets[${i}]`, 'A combatant does not attack itself.');
    });
    const attackers = [
      { combatant: ctx.actor.combatant, owner: ctx.actor.owner, weapon: cairn, field: 'actor' },
    ];
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
        sealed ||= joined.hidden;
        attackers.push({ combatant: joined.combatant, owner: joined.owner, weapon: w, field });
      }
    } else {
      if (cairn.withAttackers?.length)
        throw Problem.field('VALIDATION_FAILED', 'cairn.withAttackers', 'A blast comes from one attacker.');
      if (targets.length === 0) {
        // Not listed: every combatant of the other sides still in the fight, the die setting how many.
        listed = false;
        const side = ctx.actor.combatant.side;
        targets = [];
        for (const c of ctx.combat.combatants) {
          if (c.side === side || c.fled || c.destroyed) continue;
          const r: ResolvedCombatant = await this.actions.resolveCombatant(ctx.m, ctx.who, c);
          sealed ||= r.hidden;
          targets.push(r);
        }
        if (targets.length === 0)
          throw Problem.field('UNPROCESSABLE', 'targets', 'No combatant of another side is left to catch.');
      }
    }
    const struck = await this.combats.cairnResolve(ctx.m, ctx.who, ctx.req, ctx.campaign, ctx.combat, {
      attackers,
      targets: targets.map((t) => ({ combatant: t.combatant, owner: t.owner })),
      shield: cairn.shield ?? false,
      blast: input.kind === 'blast',
      countTargets: input.kind === 'blast' && (!listed || (cairn.countTargets ?? false)),
      sealed,
      seed: input.seed ?? undefined,
    });
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
      routed,
      destroyed,
      fled: [],
    };
    return {
      rollId: struck.rollId,
      sealed,
      targets: struck.damages.map((d, i) => ({ id: d.id, damage: d.damage, hidden: targets[i].hidden })),
      cairn: outcome,
    };
  }

  /** CA-28: a retreat needs a DEX save; passed, the combatant has fled and acts no more. */
  private async retreat(ctx: CombatActionContext): Promise<CombatActionAnswer> {
    if (ctx.targets.length > 0)
      throw Problem.field('VALIDATION_FAILED', 'targets', 'A retreat has no targets.');
    const sheet = await this.sheets.requireSheet(ctx.m, ctx.actor.owner, 'cairn');
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
    if (passed) {
      const stored = ctx.combat.combatants.find((c) => c.id === ctx.actor.combatant.id)!;
      stored.fled = true;
      ctx.combat.updatedAt = now();
      await ctx.m.update(
        CombatEntity,
        { id: ctx.combat.id },
        { combatants: ctx.combat.combatants as never, updatedAt: ctx.combat.updatedAt },
      );
    }
    const retreat = { ...outcome, seed: rolled.seed, rng: rolled.rng } as unknown as CairnDexSavesResult;
    return {
      rollId: roll.id,
      targets: [],
      cairn: {
        attack: null,
        retreat,
        routed: [],
        destroyed: [],
        fled: passed ? [ctx.actor.combatant.id] : [],
      },
    };
  }
}
