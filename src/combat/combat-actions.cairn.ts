import { Injectable, OnModuleInit } from '@nestjs/common';
import { Problem } from '../common/problem';
import { CombatCampaignService } from './combat-campaign.service';
import {
  CombatActionAnswer,
  CombatActionContext,
  CombatActionsService,
  CombatSystemHandler,
} from './combat-actions.service';

/** Cairn's actions in a stored combat (docs/combat.md). */
@Injectable()
export class CairnCombatActions implements CombatSystemHandler, OnModuleInit {
  readonly system = 'cairn';
  readonly kinds = ['attack'] as const;

  constructor(
    private readonly actions: CombatActionsService,
    private readonly combats: CombatCampaignService,
  ) {}

  onModuleInit(): void {
    this.actions.register(this);
  }

  async act(ctx: CombatActionContext): Promise<CombatActionAnswer> {
    const { input, targets } = ctx;
    if (targets.length !== 1) {
      throw Problem.field('VALIDATION_FAILED', 'targets', 'A Cairn attack has exactly one target.');
    }
    const [target] = targets;
    if (target.combatant.id === ctx.actor.combatant.id) {
      throw Problem.field('VALIDATION_FAILED', 'targets[0]', 'A combatant does not attack itself.');
    }
    if (!input.cairn)
      throw Problem.field('VALIDATION_FAILED', 'cairn', 'A Cairn action needs its `cairn` inputs.');
    const struck = await this.combats.cairnStrike(ctx.m, ctx.who, ctx.req, ctx.campaign, ctx.combat, {
      attacker: { id: ctx.actor.combatant.id, owner: ctx.actor.owner },
      target: { id: target.combatant.id, owner: target.owner },
      weapon: input.cairn,
      sealed: ctx.sealed,
      seed: input.seed ?? undefined,
    });
    return {
      rollId: struck.rollId,
      targets: [{ id: target.combatant.id, damage: struck.damage }],
      cairn: struck.attack,
    };
  }
}
