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
  GmManifestationInput,
  GmPooledProjectInput,
  GmPracticalMojoInput,
  GmSpellCompatibilityInput,
  GmSpellPriceInput,
  GmStudyInput,
} from './advancement.inputs';
import {
  CoeacCirclesResult,
  CoeacRecognitionResult,
  GmLevelStandingResult,
  GmLevelUpResult,
  GmMojoBidResult,
  GmMojoCostResult,
  GmManifestationResult,
  GmPooledProjectResult,
  GmPracticalMojoResult,
  GmSpellCompatibilityResult,
  GmSpellPriceResult,
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

  @Query(() => GmSpellPriceResult, { description: 'G&M: the price of a spell bought with mojo.' })
  gmSpellPrice(@Args('input', { type: () => GmSpellPriceInput }) input: GmSpellPriceInput) {
    return this.advancement.spellPrice(input);
  }

  @Mutation(() => GmSpellCompatibilityResult, { description: 'G&M: a spell compatibility roll.' })
  gmSpellCompatibility(
    @Args('input', { type: () => GmSpellCompatibilityInput }) input: GmSpellCompatibilityInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.spellCompatibility(input, ctx.req);
  }

  @Query(() => GmManifestationResult, { description: 'G&M: the level an invented manifestation is used at.' })
  gmManifestation(@Args('input', { type: () => GmManifestationInput }) input: GmManifestationInput) {
    return this.advancement.manifestation(input);
  }

  @Query(() => GmPooledProjectResult, { description: 'G&M: mojo pooled on one project.' })
  gmPooledProject(@Args('input', { type: () => GmPooledProjectInput }) input: GmPooledProjectInput) {
    return this.advancement.pooledProject(input);
  }

  @Query(() => GmPracticalMojoResult, { description: 'G&M: whether practical mojo may pay for a use.' })
  gmPracticalMojo(@Args('input', { type: () => GmPracticalMojoInput }) input: GmPracticalMojoInput) {
    return this.advancement.practicalMojo(input);
  }
}
