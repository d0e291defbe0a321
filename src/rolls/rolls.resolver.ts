import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { CampaignRollLogArgs, Roll, RollPage, RollReplay } from './roll.model';
import { RollsService } from './rolls.service';

@UseInterceptors(IdempotencyInterceptor)
@Resolver(() => Roll)
export class RollsResolver {
  constructor(private readonly log: RollsService) {}

  @Query(() => RollPage, {
    description:
      'The roll log, oldest first (order: desc for newest first), filtered by procedure, characterId and since ' +
      '(twin of GET /v1/campaigns/{campaignId}/rolls).',
  })
  rolls(@Args() page: CampaignRollLogArgs, @CurrentPrincipal() principal: Principal) {
    return this.log.list(principal, page);
  }

  @Query(() => Roll, { description: 'One roll of the log.' })
  roll(
    @Args('campaignId', { type: () => ID }) _campaignId: string,
    @Args('rollId', { type: () => ID }) rollId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Roll> {
    return this.log.get(principal, rollId);
  }

  @Query(() => RollReplay, { description: 'Resolve a stored roll again and compare.' })
  replayRoll(
    @Args('campaignId', { type: () => ID }) _campaignId: string,
    @Args('rollId', { type: () => ID }) rollId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RollReplay> {
    return this.log.replay(principal, rollId);
  }

  @Roles('referee')
  @Mutation(() => Roll, { description: 'Reveal a secret roll to every key of the campaign (referee).' })
  revealRoll(
    @Args('campaignId', { type: () => ID }) _campaignId: string,
    @Args('rollId', { type: () => ID }) rollId: string,
    @CurrentPrincipal() principal: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<Roll> {
    return this.log.revealOne(principal, rollId, ctx.req);
  }
}
