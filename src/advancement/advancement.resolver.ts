import { Args, Query, Resolver } from '@nestjs/graphql';
import { GmMojoBidInput, GmMojoCostInput, GmStudyInput } from './advancement.inputs';
import { GmMojoBidResult, GmMojoCostResult, GmStudyResult } from './advancement.results';
import { AdvancementService } from './advancement.service';

/** GraphQL twins of the advancement routes: pure answers are queries. */
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
}
