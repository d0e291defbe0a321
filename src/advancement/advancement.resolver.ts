import { UseInterceptors } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  CoeacCirclesInput,
  CoeacRecognitionInput,
  GmLevelStandingInput,
  GmLevelUpInput,
  GmMojoBidInput,
  GmMojoCostInput,
  GmStudyInput,
} from './advancement.inputs';
import {
  CoeacCirclesResult,
  CoeacRecognitionResult,
  GmLevelStandingResult,
  GmLevelUpResult,
  GmMojoBidResult,
  GmMojoCostResult,
  GmStudyResult,
} from './advancement.results';
import { AdvancementService } from './advancement.service';

/** GraphQL twins of the advancement routes: pure answers are queries. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class AdvancementResolver {
  constructor(private readonly advancement: AdvancementService) {}

  @Query(() => GmMojoCostResult, { description: 'G&M: the mojo price of one improvement.' })
  gmMojoCost(@Args('input') input: GmMojoCostInput) {
    return this.advancement.mojoCost(input);
  }

  @Query(() => GmMojoBidResult, {
    description: 'G&M: what a mojo bid on a failed archetypal roll turns and earns.',
  })
  gmMojoBid(@Args('input') input: GmMojoBidInput) {
    return this.advancement.mojoBid(input);
  }

  @Query(() => GmStudyResult, {
    description: 'G&M: what a stretch of practical-mojo study yields and costs.',
  })
  gmStudy(@Args('input') input: GmStudyInput) {
    return this.advancement.study(input);
  }

  @Mutation(() => GmLevelUpResult, { description: 'G&M: roll a new level’s gains.' })
  gmLevelUp(@Args('input') input: GmLevelUpInput, @Context() ctx: GraphQLContext) {
    return this.advancement.levelUp(input, ctx.req);
  }

  @Query(() => GmLevelStandingResult, { description: 'G&M: the level a total of experience reaches.' })
  gmLevelStanding(@Args('input') input: GmLevelStandingInput) {
    return this.advancement.levels(input);
  }

  @Mutation(() => CoeacCirclesResult, { description: 'COEAC: a Circles check.' })
  coeacCircles(@Args('input') input: CoeacCirclesInput, @Context() ctx: GraphQLContext) {
    return this.advancement.circles(input, ctx.req);
  }

  @Mutation(() => CoeacRecognitionResult, { description: 'COEAC: a recognition roll.' })
  coeacRecognition(@Args('input') input: CoeacRecognitionInput, @Context() ctx: GraphQLContext) {
    return this.advancement.recognition(input, ctx.req);
  }
}
