import { CampaignPageArgs } from '../common/campaign-page-args';
import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  CreateMassConflictInput,
  MassConflictAttackInput,
  MassConflictRollInput,
} from './mass-conflicts.inputs';
import { MassConflictAttackResult, MassConflictList, MassConflictView } from './mass-conflicts.results';
import { MassConflictsService } from './mass-conflicts.service';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const massConflictId = () => Args('massConflictId', { type: () => ID, description: 'The mass conflict id.' });

/** GraphQL twins of the mass conflict routes, over the same service methods. */
@Resolver()
@UseInterceptors(IdempotencyInterceptor)
export class MassConflictsResolver {
  constructor(private readonly service: MassConflictsService) {}

  @Query(() => MassConflictList, { description: 'The campaign’s mass conflicts, newest first.' })
  massConflicts(@Args() page: CampaignPageArgs, @CurrentPrincipal() who: Principal) {
    return this.service.list(who, page);
  }

  @Query(() => MassConflictView, { description: 'One mass conflict.' })
  massConflict(@campaignId() _c: string, @massConflictId() id: string, @CurrentPrincipal() who: Principal) {
    return this.service.get(who, id);
  }

  @Roles('referee')
  @Mutation(() => MassConflictView, { description: 'A G&M mass conflict begins (referee): round 1.' })
  createMassConflict(
    @campaignId() _c: string,
    @Args('input', { type: () => CreateMassConflictInput }) input: CreateMassConflictInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.create(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => MassConflictAttackResult, { description: 'A unit attacks a unit (referee): one roll.' })
  massConflictAttack(
    @campaignId() _c: string,
    @massConflictId() id: string,
    @Args('input', { type: () => MassConflictAttackInput }) input: MassConflictAttackInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.attack(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => MassConflictView, { description: 'The next round of a mass conflict (referee): morale.' })
  nextMassConflictRound(
    @campaignId() _c: string,
    @massConflictId() id: string,
    @Args('input', { type: () => MassConflictRollInput }) input: MassConflictRollInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.nextRound(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => MassConflictView, { description: 'A mass conflict ends (referee): the aftermath.' })
  endMassConflict(
    @campaignId() _c: string,
    @massConflictId() id: string,
    @Args('input', { type: () => MassConflictRollInput }) input: MassConflictRollInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.end(who, id, input, ctx.req);
  }
}
