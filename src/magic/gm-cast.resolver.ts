import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { GmCastInput } from './gm-cast.inputs';
import { GmCastResult } from './gm-cast.results';
import { GmCastService } from './gm-cast.service';

/** GraphQL twin of `POST …/characters/{characterId}/gm-casts`, over the same service. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class GmCastResolver {
  constructor(private readonly casts: GmCastService) {}

  @Roles('referee', 'player')
  @Mutation(() => GmCastResult, {
    description:
      'G&M: a stored sorceror casts a memorised spell (marked cast on the sheet; one logged roll, no dice).',
  })
  characterGmCast(
    @Args('campaignId', { type: () => ID, description: 'The campaign id.' }) _c: string,
    @Args('characterId', { type: () => ID, description: 'The character id.' }) characterId: string,
    @Args('input', { type: () => GmCastInput }) input: GmCastInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.casts.cast(who, characterId, input, ctx.req);
  }
}
