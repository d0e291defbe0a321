import { PageQuery, pageInMemory } from '../common/pagination';
import { UseInterceptors } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  CairnHirelingInput,
  CoeacFollowerInput,
  CoeacHirelingInput,
  CriticalPoolCheckInput,
  DamageHalvingInput,
  ExtendedCheckInput,
  FollowerLossInput,
  GmAbilityRollsInput,
  GmBodyRollInput,
  GmDerivationInput,
  GmTaskCheckInput,
  MultiContestCheckInput,
  NpcMoraleCheckInput,
  ObjectiveFromFactorsInput,
} from './builder.inputs';
import {
  CairnHirelingResult,
  CoeacNpcResult,
  CriticalPoolCheckResult,
  DamageHalvingResult,
  ExtendedCheckResult,
  FollowerLossResult,
  GmAbilityRollsResult,
  GmBodyRollResult,
  GmDerivationResult,
  GmSpeciesList,
  GmTaskCheckResult,
  MultiContestCheckResult,
  NpcMoraleCheckResult,
  ObjectiveResult,
} from './builder.results';
import { CharactersBuilderService } from './builder.service';
import { OptionalInput } from '../graphql/optional-input';

/** GraphQL twins of the builder and helper routes: rolls are mutations, pure answers queries. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class CharactersBuilderResolver {
  constructor(private readonly builder: CharactersBuilderService) {}

  @Mutation(() => GmAbilityRollsResult, { description: 'G&M: six ability scores, 4d6 keep 3.' })
  gmAbilityRolls(
    @OptionalInput(GmAbilityRollsInput) input: GmAbilityRollsInput | null,
    @Context() ctx: GraphQLContext,
  ) {
    return this.builder.roll('gmAbilityRolls', input ?? {}, ctx.req);
  }

  @Query(() => GmSpeciesList, { description: 'G&M: the species we ship.' })
  gmSpecies(@Args() page: PageQuery) {
    return pageInMemory(this.builder.species(), page);
  }

  @Query(() => GmDerivationResult, { description: 'G&M: a character’s derived numbers.' })
  gmDerivation(@Args('input') input: GmDerivationInput) {
    return this.builder.derive(input);
  }

  @Mutation(() => GmBodyRollResult, { description: 'G&M: age, height and weight.' })
  gmBodyRoll(@Args('input') input: GmBodyRollInput, @Context() ctx: GraphQLContext) {
    return this.builder.roll('gmBody', input, ctx.req);
  }

  @Mutation(() => CairnHirelingResult, { description: 'Cairn: roll a hireling.' })
  cairnHireling(
    @OptionalInput(CairnHirelingInput) input: CairnHirelingInput | null,
    @Context() ctx: GraphQLContext,
  ) {
    return this.builder.roll('cairnHireling', input ?? {}, ctx.req);
  }

  @Query(() => CoeacNpcResult, { description: 'COEAC: a hireling from its Cost-table line.' })
  coeacHireling(@Args('input') input: CoeacHirelingInput) {
    return this.builder.coeacHireling(input);
  }

  @Query(() => CoeacNpcResult, { description: 'COEAC: a follower or animal.' })
  coeacFollower(@Args('input') input: CoeacFollowerInput) {
    return this.builder.coeacFollower(input);
  }

  @Mutation(() => NpcMoraleCheckResult, { description: 'COEAC: an NPC’s morale by its kind.' })
  npcMoraleCheck(@Args('input') input: NpcMoraleCheckInput, @Context() ctx: GraphQLContext) {
    return this.builder.roll('npcMorale', input, ctx.req);
  }

  @Query(() => FollowerLossResult, { description: 'COEAC: replacing a lost follower.' })
  followerLoss(@Args('input') input: FollowerLossInput) {
    return this.builder.followerLoss(input);
  }

  @Query(() => ObjectiveResult, { description: 'COEAC: an Objective from its Factors.' })
  coeacObjective(@Args('input') input: ObjectiveFromFactorsInput) {
    return this.builder.objective(input);
  }

  @Mutation(() => CriticalPoolCheckResult, { description: 'COEAC pool test with the critical flag.' })
  criticalPoolCheck(@Args('input') input: CriticalPoolCheckInput, @Context() ctx: GraphQLContext) {
    return this.builder.roll('criticalPool', input, ctx.req);
  }

  @Mutation(() => ExtendedCheckResult, { description: 'COEAC extended test.' })
  extendedCheck(@Args('input') input: ExtendedCheckInput, @Context() ctx: GraphQLContext) {
    return this.builder.roll('extended', input, ctx.req);
  }

  @Query(() => DamageHalvingResult, { description: 'COEAC: halve a damage result after +Ns.' })
  damageHalving(@Args('input') input: DamageHalvingInput) {
    return this.builder.halveDamage(input);
  }

  @Mutation(() => GmTaskCheckResult, { description: 'G&M roll with its extensions.' })
  gmTaskCheck(@Args('input') input: GmTaskCheckInput, @Context() ctx: GraphQLContext) {
    return this.builder.roll('gmTask', input, ctx.req);
  }

  @Mutation(() => MultiContestCheckResult, { description: 'G&M contest of many sides.' })
  gmMultiContestCheck(@Args('input') input: MultiContestCheckInput, @Context() ctx: GraphQLContext) {
    return this.builder.roll('multiContest', input, ctx.req);
  }
}
