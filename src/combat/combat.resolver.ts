import { UseInterceptors } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  ArchsoulAttackInput,
  CairnAttackInput,
  CairnDexSavesInput,
  CairnStruggleInput,
  CoeacAmbushInput,
  CoeacExchangeInput,
  GmAttackInput,
  GmGroupEffortInput,
  GmManeuverInput,
  GmMassConflictInput,
  GmPsychicInput,
} from './combat.inputs';
import {
  ArchsoulAttackResult,
  CairnAttackResult,
  CairnDexSavesResult,
  CairnStruggleResult,
  CoeacAmbushResult,
  CoeacExchangeResult,
  GmAttackResult,
  GmGroupEffortResult,
  GmManeuverResult,
  GmMassConflictResult,
  GmPsychicResult,
} from './combat.results';
import { CombatService } from './combat.service';

/** GraphQL twins of the stateless combat routes, each calling the same service method. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class CombatResolver {
  constructor(private readonly combat: CombatService) {}

  @Mutation(() => CoeacExchangeResult, { description: 'COEAC combat exchange.' })
  coeacExchange(
    @Args('input', { type: () => CoeacExchangeInput }) input: CoeacExchangeInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.combat.roll('coeacExchange', input, ctx.req);
  }

  @Mutation(() => CoeacAmbushResult, { description: 'COEAC ambush test.' })
  coeacAmbush(
    @Args('input', { type: () => CoeacAmbushInput }) input: CoeacAmbushInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.combat.roll('coeacAmbush', input, ctx.req);
  }

  @Mutation(() => CairnAttackResult, { description: 'Cairn attack.' })
  cairnAttack(
    @Args('input', { type: () => CairnAttackInput }) input: CairnAttackInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.combat.roll('cairnAttack', input, ctx.req);
  }

  @Mutation(() => CairnDexSavesResult, { description: 'Cairn DEX saves: first round or retreat.' })
  cairnDexSaves(
    @Args('input', { type: () => CairnDexSavesInput }) input: CairnDexSavesInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.combat.roll('cairnDexSaves', input, ctx.req);
  }

  @Mutation(() => CairnStruggleResult, {
    description: 'Cairn struggle (CA-02): the side most at risk saves.',
  })
  cairnStruggle(
    @Args('input', { type: () => CairnStruggleInput }) input: CairnStruggleInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.combat.roll('cairnStruggle', input, ctx.req);
  }

  @Mutation(() => GmAttackResult, { description: 'G&M attack.' })
  gmAttack(
    @Args('input', { type: () => GmAttackInput }) input: GmAttackInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.combat.roll('gmAttack', input, ctx.req);
  }

  @Mutation(() => GmGroupEffortResult, { description: 'G&M group effort.' })
  gmGroupEffort(
    @Args('input', { type: () => GmGroupEffortInput }) input: GmGroupEffortInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.combat.roll('gmGroupEffort', input, ctx.req);
  }

  @Mutation(() => GmMassConflictResult, { description: 'G&M mass conflict unit and aftermath.' })
  gmMassConflict(
    @Args('input', { type: () => GmMassConflictInput }) input: GmMassConflictInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.combat.roll('gmMassConflict', input, ctx.req);
  }

  @Mutation(() => GmPsychicResult, { description: 'G&M psychic conflict action.' })
  gmPsychicAttack(
    @Args('input', { type: () => GmPsychicInput }) input: GmPsychicInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.combat.roll('gmPsychic', input, ctx.req);
  }

  @Mutation(() => GmManeuverResult, { description: 'G&M special conflict manoeuvre.' })
  gmManeuver(
    @Args('input', { type: () => GmManeuverInput }) input: GmManeuverInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.combat.roll('gmManeuver', input, ctx.req);
  }

  @Mutation(() => ArchsoulAttackResult, {
    description: 'Archsoul attack against someone as the statuses of both sides rule it (AS-26).',
  })
  archsoulAttack(
    @Args('input', { type: () => ArchsoulAttackInput }) input: ArchsoulAttackInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.combat.roll('archsoulAttack', input, ctx.req);
  }
}
