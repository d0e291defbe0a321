import { PageQuery, pageInMemory } from '../common/pagination';
import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  AdversaryInput,
  CampaignEncounterCheckInput,
  ChaseInput,
  EncounterCheckInput,
  MoraleCheckInput,
  NumberAppearingInput,
  ReactionInput,
  SeedOnlyInput,
  SurpriseInput,
} from './encounters.inputs';
import {
  AdversaryResult,
  ChaseResult,
  DieOfFateResult,
  DistanceResult,
  EncounterCheckResult,
  MoraleDispositionList,
  MoraleResult,
  NumberAppearingResult,
  ReactionResult,
  SurpriseResult,
} from './encounters.results';
import { EncountersService } from './encounters.service';
import { OptionalInput } from '../graphql/optional-input';

const optionalSeed = () => OptionalInput(SeedOnlyInput, 'Optional seed.');

/** GraphQL twins of the encounter routes. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class EncountersResolver {
  constructor(private readonly encounters: EncountersService) {}

  @Mutation(() => EncounterCheckResult, { description: 'An encounter check at a scale of play.' })
  encounterCheck(@Args('input') input: EncounterCheckInput, @Context() ctx: GraphQLContext) {
    return this.encounters.check(input, ctx.req);
  }

  @Mutation(() => ReactionResult, { description: 'A reaction roll (COEAC d6 or Cairn 2d6).' })
  reactionRoll(@Args('input') input: ReactionInput, @Context() ctx: GraphQLContext) {
    return this.encounters.reaction(input, ctx.req);
  }

  @Mutation(() => DistanceResult, { description: 'How far away an encounter starts (d6).' })
  distanceRoll(@optionalSeed() input: SeedOnlyInput | null, @Context() ctx: GraphQLContext) {
    return this.encounters.distance(input ?? {}, ctx.req);
  }

  @Mutation(() => DieOfFateResult, { description: 'Cairn’s die of fate.' })
  dieOfFate(@optionalSeed() input: SeedOnlyInput | null, @Context() ctx: GraphQLContext) {
    return this.encounters.dieOfFate(input ?? {}, ctx.req);
  }

  @Mutation(() => MoraleResult, { description: 'A morale check.' })
  moraleCheck(@Args('input') input: MoraleCheckInput, @Context() ctx: GraphQLContext) {
    return this.encounters.morale(input, ctx.req);
  }

  @Query(() => MoraleDispositionList, { description: 'Our default COEAC morale ratings.' })
  moraleDispositions(@Args() page: PageQuery) {
    return pageInMemory(this.encounters.dispositions(), page);
  }

  @Query(() => AdversaryResult, { description: 'An adversary’s numbers by grade.' })
  adversary(@Args('input') input: AdversaryInput) {
    return this.encounters.adversary(input);
  }

  @Mutation(() => SurpriseResult, { description: 'A G&M surprise roll.' })
  surpriseRoll(@Args('input') input: SurpriseInput, @Context() ctx: GraphQLContext) {
    return this.encounters.surprise(input, ctx.req);
  }

  @Mutation(() => ChaseResult, { description: 'A G&M chase (agility contest).' })
  chase(@Args('input') input: ChaseInput, @Context() ctx: GraphQLContext) {
    return this.encounters.chase(input, ctx.req);
  }

  @Mutation(() => NumberAppearingResult, { description: 'Number appearing from an expression.' })
  numberAppearing(@Args('input') input: NumberAppearingInput, @Context() ctx: GraphQLContext) {
    return this.encounters.numberAppearing(input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => EncounterCheckResult, {
    description: 'An encounter check in the campaign (referee; secret by default).',
  })
  campaignEncounterCheck(
    @Args('campaignId', { type: () => ID }) _c: string,
    @OptionalInput(CampaignEncounterCheckInput)
    input: CampaignEncounterCheckInput | null,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.encounters.campaignCheck(who, input ?? {}, ctx.req);
  }
}
