import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  ArtifactRitualInput,
  ArtifactRitualListArgs,
  AttunementInput,
  ChannelingInput,
  CreateProjectClockInput,
  OrbIntegrationInput,
  ProjectClockListArgs,
  ProjectClockTickInput,
} from './crafting.inputs';
import {
  ArtifactRitual,
  ArtifactRitualPage,
  ArtifactRitualResult,
  AttunementResult,
  ChannelingResult,
  CharacterAttunements,
  OrbIntegrationResult,
  ProjectClock,
  ProjectClockPage,
  ProjectClockTickResult,
} from './crafting.results';
import { CraftingDowntimeService } from './downtime.service';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const characterId = () => Args('characterId', { type: () => ID, description: 'The character id.' });
const clockId = () => Args('clockId', { type: () => ID, description: 'The project clock id.' });
const ritualId = () => Args('ritualId', { type: () => ID, description: 'The Affix Spell ritual id.' });

/** GraphQL twins of the COEAC downtime routes, each calling the same service method as its REST route. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class CraftingDowntimeResolver {
  constructor(private readonly downtime: CraftingDowntimeService) {}

  @Query(() => ProjectClockPage, { description: 'The campaign’s project clocks, oldest first.' })
  projectClocks(@Args() query: ProjectClockListArgs, @CurrentPrincipal() who: Principal) {
    return this.downtime.listClocks(who, query);
  }

  @Query(() => ProjectClock, { description: 'One project clock.' })
  projectClock(@campaignId() _c: string, @clockId() id: string, @CurrentPrincipal() who: Principal) {
    return this.downtime.getClock(who, id);
  }

  @Roles('referee')
  @Mutation(() => ProjectClock, { description: 'Set up a COEAC project clock of 2–8 ticks (referee).' })
  projectClockCreate(
    @campaignId() _c: string,
    @Args('input') input: CreateProjectClockInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.downtime.createClock(who, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => ProjectClockTickResult, { description: 'Spend a character’s downtime action on one tick.' })
  projectClockTick(
    @campaignId() _c: string,
    @clockId() id: string,
    @Args('input') input: ProjectClockTickInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.downtime.tick(who, id, input, ctx.req);
  }

  @Query(() => CharacterAttunements, { description: 'The artifacts a character is attuned to.' })
  characterAttunements(
    @campaignId() _c: string,
    @characterId() id: string,
    @CurrentPrincipal() who: Principal,
  ) {
    return this.downtime.attunements(who, id);
  }

  @Roles('referee', 'player')
  @Mutation(() => AttunementResult, { description: 'Attune to an artifact by ritual or downtime action.' })
  attune(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input') input: AttunementInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.downtime.attune(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CharacterAttunements, {
    description: 'End an attunement; answers what the character is still attuned to.',
  })
  endAttunement(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('itemId', { type: () => ID, description: 'The artifact (inventory item) id.' }) itemId: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.downtime.endAttunement(who, id, itemId, ctx.req);
  }

  @Query(() => ArtifactRitualPage, { description: 'A character’s Affix Spell rituals, oldest first.' })
  artifactRituals(@Args() query: ArtifactRitualListArgs, @CurrentPrincipal() who: Principal) {
    return this.downtime.rituals(who, query.characterId, query);
  }

  @Query(() => ArtifactRitual, { description: 'One Affix Spell ritual.' })
  artifactRitual(
    @campaignId() _c: string,
    @characterId() id: string,
    @ritualId() ritual: string,
    @CurrentPrincipal() who: Principal,
  ) {
    return this.downtime.getRitual(who, id, ritual);
  }

  @Roles('referee', 'player')
  @Mutation(() => ArtifactRitualResult, {
    description: 'Begin an Affix Spell ritual (downtime action, costs paid).',
  })
  artifactRitualBegin(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input') input: ArtifactRitualInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.downtime.beginRitual(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => ChannelingResult, {
    description: 'Channel the spell onto the anchor (once per in-game day).',
  })
  artifactRitualChannel(
    @campaignId() _c: string,
    @characterId() id: string,
    @ritualId() ritual: string,
    @Args('input') input: ChannelingInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.downtime.channel(who, id, ritual, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => OrbIntegrationResult, { description: 'Integrate an orb into a staff or vestments.' })
  orbIntegrate(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input') input: OrbIntegrationInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.downtime.integrateOrb(who, id, input, ctx.req);
  }
}
