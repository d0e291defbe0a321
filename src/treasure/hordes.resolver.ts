import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { HordesService } from './hordes.service';
import { TreasureSettingsService } from './treasure-settings.service';
import {
  CampaignLootExperienceInput,
  CreateHordeInput,
  DivideHordeInput,
  HordeListArgs,
  PlaceSiteHordesInput,
  TreasureSettingsInput,
} from './treasure.inputs';
import {
  DivisionResult,
  Horde,
  HordePage,
  LootExperienceResult,
  PlacedSiteHordes,
  TreasureConversionResult,
  TreasureSettings,
} from './treasure.results';
import { OptionalInput } from '../graphql/optional-input';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const hordeId = () => Args('hordeId', { type: () => ID, description: 'The horde id.' });

/** GraphQL twins of the horde routes. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class HordesResolver {
  constructor(private readonly service: HordesService) {}

  @Query(() => HordePage, { description: 'Hordes, oldest first (other keys see discovered ones only).' })
  hordes(@Args() args: HordeListArgs, @CurrentPrincipal() who: Principal) {
    return this.service.list(who, args);
  }

  @Query(() => Horde, { description: 'One horde (NOT_FOUND for other keys until discovered).' })
  horde(@campaignId() _c: string, @hordeId() id: string, @CurrentPrincipal() who: Principal) {
    return this.service.get(who, id);
  }

  @Roles('referee')
  @Mutation(() => Horde, { description: 'Place a horde (referee; secret until discovered).' })
  hordeCreate(
    @campaignId() _c: string,
    @Args('input') input: CreateHordeInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.create(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => PlacedSiteHordes, { description: 'Place a site’s hordes by the rule (referee).' })
  siteHordesPlace(
    @campaignId() _c: string,
    @Args('input') input: PlaceSiteHordesInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.placeSite(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => Horde, { description: 'The characters find a horde: it and its rolls are revealed.' })
  hordeDiscover(
    @campaignId() _c: string,
    @hordeId() id: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.discover(who, id, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => DivisionResult, { description: 'Divide a discovered horde, once.' })
  hordeDivide(
    @campaignId() _c: string,
    @hordeId() id: string,
    @OptionalInput(DivideHordeInput) input: DivideHordeInput | null,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.divide(who, id, input ?? {}, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => TreasureConversionResult, {
    description: 'Turn carried treasure and commodities into Cash at face value (haven only).',
  })
  treasureConversion(
    @campaignId() _c: string,
    @Args('characterId', { type: () => ID, description: 'The character id.' }) characterId: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.convert(who, characterId, ctx.req);
  }
}

/** GraphQL twins of the campaign's treasure settings and loot experience. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class TreasureSettingsResolver {
  constructor(private readonly service: TreasureSettingsService) {}

  @Query(() => TreasureSettings, { description: 'The campaign’s treasure settings.' })
  treasureSettings(@campaignId() _c: string, @CurrentPrincipal() who: Principal) {
    return this.service.settings(who);
  }

  @Roles('referee')
  @Mutation(() => TreasureSettings, { description: 'Change the campaign’s treasure settings (referee).' })
  updateTreasureSettings(
    @campaignId() _c: string,
    @Args('input') input: TreasureSettingsInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.updateSettings(who, input, ctx.req);
  }

  @Query(() => LootExperienceResult, {
    description: 'G&M loot experience of the group by the campaign’s rule.',
  })
  campaignLootExperience(
    @campaignId() _c: string,
    @Args('input') input: CampaignLootExperienceInput,
    @CurrentPrincipal() who: Principal,
  ) {
    return this.service.lootExperience(who, input);
  }
}
