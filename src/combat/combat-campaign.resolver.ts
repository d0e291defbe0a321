import { CombatListArgs } from '../campaigns/list-filters';
import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { CombatAttackInput, CreateCombatInput } from './combat-campaign.inputs';
import { CombatAttackResult, CombatList, CombatView } from './combat-campaign.results';
import { CombatCampaignService } from './combat-campaign.service';
import { CombatActionInput } from './combat-actions.inputs';
import { CombatActionResult } from './combat-actions.results';
import { CombatActionsService } from './combat-actions.service';
import { CairnCombatActions } from './combat-actions.cairn';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const combatId = () => Args('combatId', { type: () => ID, description: 'The combat id.' });

/** GraphQL twins of the campaign combat routes, over the same service methods. */
@Resolver()
@UseInterceptors(IdempotencyInterceptor)
export class CombatCampaignResolver {
  constructor(
    private readonly service: CombatCampaignService,
    private readonly actions: CombatActionsService,
    private readonly cairn: CairnCombatActions,
  ) {}

  @Query(() => CombatList, { description: 'The campaign’s combats, newest first, as this key may see them.' })
  combats(@Args() page: CombatListArgs, @CurrentPrincipal() who: Principal) {
    return this.service.list(who, page);
  }

  @Query(() => CombatView, { description: 'One combat, as this key may see it.' })
  combat(@campaignId() _c: string, @combatId() id: string, @CurrentPrincipal() who: Principal) {
    return this.service.get(who, id);
  }

  @Roles('referee')
  @Mutation(() => CombatView, { description: 'A combat begins (referee): round 1.' })
  createCombat(
    @campaignId() _c: string,
    @Args('input', { type: () => CreateCombatInput }) input: CreateCombatInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.create(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => CombatView, { description: 'The next round of a combat (referee).' })
  nextCombatRound(
    @campaignId() _c: string,
    @combatId() id: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.nextRound(who, id, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => CombatView, { description: 'A combat ends (referee).' })
  endCombat(
    @campaignId() _c: string,
    @combatId() id: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.end(who, id, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CombatAttackResult, {
    description:
      'A Cairn attack in a combat, its damage applied through the ledger; sealed for a hidden NPC. An alias of combatAction with kind "attack".',
    deprecationReason:
      'Use combatAction with kind "attack" and cairn: { die, … } (the same action, one shape for every system).',
  })
  combatAttack(
    @campaignId() _c: string,
    @combatId() id: string,
    @Args('input', { type: () => CombatAttackInput }) input: CombatAttackInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<CombatAttackResult> {
    return this.cairn.attack(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CombatActionResult, {
    description:
      'An action in a combat: resolved on the stored sheets, one roll logged, harm applied to every target through the ledger; sealed for a hidden NPC.',
  })
  combatAction(
    @campaignId() _c: string,
    @combatId() id: string,
    @Args('input', { type: () => CombatActionInput }) input: CombatActionInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<CombatActionResult> {
    return this.actions.act(who, id, input, ctx.req);
  }
}
