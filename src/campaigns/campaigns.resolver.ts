import { CharacterListQuery } from './list-filters';
import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { assertMayActFor, assertReferee, CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { Page, PageQuery } from '../common/pagination';
import { Roll, RollLogQuery, RollPage } from '../rolls/roll.model';
import { RollsService } from '../rolls/rolls.service';
import {
  CampaignPageArgs,
  CreateCampaignInput,
  CreateCharacterInput,
  CreateKeyInput,
  StartSessionInput,
  UpdateCharacterInput,
} from './campaign.dto';
import {
  ApiKey,
  ApiKeyPage,
  Campaign,
  Character,
  CharacterPage,
  CreatedCampaign,
  CreatedKey,
  GameSession,
  GameSessionPage,
} from './campaign.model';
import { CampaignsService } from './campaigns.service';
import { OptionalInput } from '../graphql/optional-input';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });

/** GraphQL twins of the campaign, key, character and session routes; same service, same rules. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver(() => Campaign)
export class CampaignsResolver {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly rollLog: RollsService,
  ) {}

  @Mutation(() => CreatedCampaign, {
    description: 'Create a campaign; the answer holds its referee key, shown once.',
  })
  createCampaign(
    @Args('input') input: CreateCampaignInput,
    @Context() ctx: GraphQLContext,
  ): Promise<CreatedCampaign> {
    return this.campaigns.create(input, ctx.req);
  }

  @Query(() => Campaign, { description: 'A campaign, with its characters, sessions and roll log as fields.' })
  campaign(@campaignId() _id: string, @CurrentPrincipal() principal: Principal): Promise<Campaign> {
    return this.campaigns.get(principal);
  }

  @ResolveField(() => CharacterPage)
  characters(
    @Parent() _c: Campaign,
    @Args() page: CharacterListQuery,
    @CurrentPrincipal() principal: Principal,
  ) {
    return this.campaigns.listCharacters(principal, page);
  }

  @ResolveField(() => GameSession, { nullable: true, description: 'The session in progress, or null.' })
  currentSession(@Parent() _c: Campaign, @CurrentPrincipal() principal: Principal) {
    return this.campaigns.findCurrentSession(principal);
  }

  @ResolveField(() => GameSessionPage)
  sessions(@Parent() _c: Campaign, @Args() page: PageQuery, @CurrentPrincipal() principal: Principal) {
    return this.campaigns.listSessions(principal, page);
  }

  @ResolveField(() => ApiKeyPage, { description: 'The campaign’s keys (referee only).' })
  keys(@Parent() _c: Campaign, @Args() page: PageQuery, @CurrentPrincipal() principal: Principal) {
    assertReferee(principal);
    return this.campaigns.listKeys(principal, page);
  }

  @ResolveField(() => RollPage, {
    description: 'The roll log, oldest first (order: desc for newest first), filtered like Query.rolls.',
  })
  rolls(
    @Parent() _c: Campaign,
    @Args() page: RollLogQuery,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Page<Roll>> {
    return this.rollLog.list(principal, page);
  }

  @Roles('referee')
  @Mutation(() => CreatedKey, { description: 'Create a key (referee); the secret is shown once.' })
  createKey(
    @campaignId() _id: string,
    @Args('input') input: CreateKeyInput,
    @CurrentPrincipal() principal: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<CreatedKey> {
    return this.campaigns.createKey(principal, input, ctx.req);
  }

  @Roles('referee')
  @Query(() => ApiKeyPage, {
    name: 'keys',
    description: 'The campaign’s keys, never their secrets (referee).',
  })
  keys_(@Args() page: CampaignPageArgs, @CurrentPrincipal() principal: Principal) {
    return this.campaigns.listKeys(principal, page);
  }

  @Roles('referee')
  @Mutation(() => ApiKey, { description: 'Revoke a key (referee).' })
  revokeKey(
    @campaignId() _id: string,
    @Args('keyId', { type: () => ID }) keyId: string,
    @CurrentPrincipal() principal: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<ApiKey> {
    return this.campaigns.revokeKey(principal, keyId, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => Character, { description: 'Create a character (referee).' })
  createCharacter(
    @campaignId() _id: string,
    @Args('input') input: CreateCharacterInput,
    @CurrentPrincipal() principal: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<Character> {
    return this.campaigns.createCharacter(principal, input, ctx.req);
  }

  @Query(() => CharacterPage, { name: 'characters', description: 'The campaign’s characters.' })
  characterList(@Args() page: CampaignPageArgs, @CurrentPrincipal() principal: Principal) {
    return this.campaigns.listCharacters(principal, page);
  }

  @Query(() => Character, { description: 'One character.' })
  character(
    @campaignId() _id: string,
    @Args('characterId', { type: () => ID }) characterId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Character> {
    return this.campaigns.getCharacter(principal, characterId);
  }

  @Mutation(() => Character, { description: 'Update a character (referee, or the player key bound to it).' })
  updateCharacter(
    @campaignId() _id: string,
    @Args('characterId', { type: () => ID }) characterId: string,
    @Args('input') input: UpdateCharacterInput,
    @CurrentPrincipal() principal: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<Character> {
    assertMayActFor(principal, characterId);
    return this.campaigns.updateCharacter(principal, characterId, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => GameSession, {
    description:
      'Start a game session (referee). While one is in progress: SESSION_IN_PROGRESS unless ' +
      '`input.endCurrent` is true, which ends it first.',
  })
  startSession(
    @campaignId() _id: string,
    @OptionalInput(StartSessionInput) input: StartSessionInput | null,
    @CurrentPrincipal() principal: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<GameSession> {
    return this.campaigns.startSession(principal, input ?? {}, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => GameSession, { description: 'End the session in progress (referee).' })
  endSession(
    @campaignId() _id: string,
    @CurrentPrincipal() principal: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<GameSession> {
    return this.campaigns.endSession(principal, ctx.req);
  }

  @Query(() => GameSession, {
    name: 'currentSession',
    description: 'The session in progress (NO_SESSION_IN_PROGRESS when none).',
  })
  currentSession_(@campaignId() _id: string, @CurrentPrincipal() principal: Principal): Promise<GameSession> {
    return this.campaigns.currentSession(principal);
  }

  @Query(() => GameSessionPage, { name: 'sessions', description: 'The campaign’s sessions, oldest first.' })
  sessionList(@Args() page: CampaignPageArgs, @CurrentPrincipal() principal: Principal) {
    return this.campaigns.listSessions(principal, page);
  }
}
