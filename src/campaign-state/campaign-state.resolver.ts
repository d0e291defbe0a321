import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { Campaign, GameSession } from '../campaigns/campaign.model';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { advanceStep } from './campaign-state.controller';
import {
  ClockAdvanceInput,
  ClockUpdateInput,
  DowntimeInput,
  RosterInput,
  RosterMemberInput,
  TravelInput,
} from './campaign-state.inputs';
import { CampaignTravel, ClockAdvance, ClockView, DowntimeAction } from './campaign-state.results';
import { CampaignStateService } from './campaign-state.service';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });

/** GraphQL twins of the clock, roster and downtime routes, and the clock as a campaign field. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver(() => Campaign)
export class CampaignStateResolver {
  constructor(private readonly state: CampaignStateService) {}

  @ResolveField(() => ClockView, { description: 'The in-game clock.' })
  clock(@Parent() _c: Campaign, @CurrentPrincipal() who: Principal): Promise<ClockView> {
    return this.state.readClock(who);
  }

  @Query(() => ClockView, { name: 'clock', description: 'The in-game clock of a campaign.' })
  clock_(@campaignId() _c: string, @CurrentPrincipal() who: Principal): Promise<ClockView> {
    return this.state.readClock(who);
  }

  @Roles('referee')
  @Mutation(() => ClockAdvance, { description: 'Move the clock on (referee); says which checks fell due.' })
  advanceClock(
    @campaignId() _c: string,
    @Args('input') input: ClockAdvanceInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.state.advance(who, advanceStep(input), ctx.req);
  }

  @Roles('referee')
  @Mutation(() => CampaignTravel, {
    description: 'Travel by hexes or days (referee): the clock moves and the due encounter checks are made.',
  })
  travel(
    @campaignId() _c: string,
    @Args('input', { type: () => TravelInput }) input: TravelInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.state.travel(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => ClockView, {
    description: 'Change the scale of play, the night watch, turns a watch or the haven’s kind (referee).',
  })
  updateClock(
    @campaignId() _c: string,
    @Args('input') input: ClockUpdateInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<ClockView> {
    return this.state.updateClock(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => GameSession, { description: 'Set the roster of the session in progress (referee).' })
  setRoster(
    @campaignId() _c: string,
    @Args('input') input: RosterInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<GameSession> {
    return this.state.setRoster(who, input.characterIds, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => GameSession, { description: 'Activate a character for the session (a player: its own).' })
  addToRoster(
    @campaignId() _c: string,
    @Args('input') input: RosterMemberInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<GameSession> {
    return this.state.addToRoster(who, input.characterId, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => GameSession, { description: 'Take a character off the roster (a player: its own).' })
  removeFromRoster(
    @campaignId() _c: string,
    @Args('characterId', { type: () => ID }) characterId: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<GameSession> {
    return this.state.removeFromRoster(who, characterId, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => DowntimeAction, {
    description: 'Spend a character’s downtime action on a free-form activity.',
  })
  spendDowntime(
    @campaignId() _c: string,
    @Args('characterId', { type: () => ID }) characterId: string,
    @Args('input') input: DowntimeInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<DowntimeAction> {
    return this.state.spendDowntime(who, characterId, input, ctx.req);
  }
}
