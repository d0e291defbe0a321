import { UseInterceptors } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../common/request-context';
import {
  ArchsoulFallInput,
  ExertionInput,
  GmFallInput,
  GmJumpInput,
  GmSuffocationInput,
} from './hazard.inputs';
import {
  ArchsoulFallResult,
  ExertionResult,
  GmFallResult,
  GmJumpResult,
  GmSuffocationResult,
} from './hazard.results';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { HazardsService } from './hazards.service';

/** GraphQL twins of the stateless hazard routes, each calling the same service method. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class HazardsResolver {
  constructor(private readonly hazards: HazardsService) {}

  @Mutation(() => GmFallResult, { description: 'G&M fall: the falling table, evasion and injuries.' })
  gmFall(@Args('input') input: GmFallInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('gmFall', input, ctx.req);
  }

  @Mutation(() => GmJumpResult, { description: 'G&M jump up or leap across.' })
  gmJump(@Args('input') input: GmJumpInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('gmJump', input, ctx.req);
  }

  @Mutation(() => GmSuffocationResult, { description: 'G&M suffocation.' })
  gmSuffocation(@Args('input') input: GmSuffocationInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('gmSuffocation', input, ctx.req);
  }

  @Mutation(() => ExertionResult, { description: 'Archsoul exertion: exhaustion rolls and fatigue.' })
  archsoulExertion(@Args('input') input: ExertionInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('archsoulExertion', input, ctx.req);
  }

  @Mutation(() => ArchsoulFallResult, { description: 'Archsoul fall (or falling object).' })
  archsoulFall(@Args('input') input: ArchsoulFallInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('archsoulFall', input, ctx.req);
  }
}
