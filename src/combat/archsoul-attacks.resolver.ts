import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { ArchsoulCampaignAttackInput } from './archsoul-attacks.inputs';
import { ArchsoulCampaignAttackResult } from './archsoul-attacks.results';
import { ArchsoulAttacksService } from './archsoul-attacks.service';

/** The GraphQL twin of the stored Archsoul attack route, over the same service method. */
@Resolver()
@UseInterceptors(IdempotencyInterceptor)
export class ArchsoulAttacksResolver {
  constructor(private readonly service: ArchsoulAttacksService) {}

  @Roles('referee')
  @Mutation(() => ArchsoulCampaignAttackResult, {
    description:
      'An Archsoul attack in a campaign (referee): statuses from the sheets, the roll logged, the harm applied.',
  })
  archsoulCampaignAttack(
    @Args('campaignId', { type: () => ID, description: 'The campaign id.' }) _c: string,
    @Args('input', { type: () => ArchsoulCampaignAttackInput }) input: ArchsoulCampaignAttackInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.attack(who, input, ctx.req);
  }
}
