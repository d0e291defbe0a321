import { Body, Controller, Get, HttpCode, Post, Put, Req, UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { GmDerivationResult } from '../characters-builder/builder.results';
import type { ArbiterRequest, GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { GmSettingsService } from './gm-settings.service';
import { CampaignGmDerivationInput, GmSettings, GmSettingsInput } from './gm-settings.types';

@ApiTags('characters')
@ApiBearerAuth()
@Controller('campaigns/:campaignId')
export class GmSettingsController {
  constructor(private readonly settings: GmSettingsService) {}

  @Get('gm-settings')
  @ApiOperation({ summary: 'The campaign’s G&M contributor table and species (any key of the campaign)' })
  @ApiOkResponse({ type: GmSettings })
  get(@CurrentPrincipal() who: Principal): Promise<GmSettings> {
    return this.settings.get(who);
  }

  @Put('gm-settings')
  @Roles('referee')
  @ApiOperation({ summary: 'Set the campaign’s G&M contributor table and species (referee)' })
  @ApiOkResponse({ type: GmSettings })
  update(
    @CurrentPrincipal() who: Principal,
    @Body() input: GmSettingsInput,
    @Req() req: ArbiterRequest,
  ): Promise<GmSettings> {
    return this.settings.update(who, input, req);
  }

  @Post('gm-derivations')
  @HttpCode(200)
  @ApiOperation({
    summary: 'G&M derivation with the campaign’s contributor table and species (nothing stored)',
  })
  @ApiOkResponse({ type: GmDerivationResult })
  derive(@CurrentPrincipal() who: Principal, @Body() input: CampaignGmDerivationInput) {
    return this.settings.derive(who, input);
  }
}

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });

/** GraphQL twins of the G&M settings routes. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class GmSettingsResolver {
  constructor(private readonly settings: GmSettingsService) {}

  @Query(() => GmSettings, { description: 'The campaign’s G&M contributor table and species.' })
  gmSettings(@campaignId() _c: string, @CurrentPrincipal() who: Principal): Promise<GmSettings> {
    return this.settings.get(who);
  }

  @Roles('referee')
  @Mutation(() => GmSettings, {
    description: 'Set the campaign’s G&M contributor table and species (referee).',
  })
  updateGmSettings(
    @campaignId() _c: string,
    @Args('input', { type: () => GmSettingsInput }) input: GmSettingsInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<GmSettings> {
    return this.settings.update(who, input, ctx.req);
  }

  @Query(() => GmDerivationResult, {
    description: 'G&M derivation with the campaign’s contributor table and species.',
  })
  campaignGmDerivation(
    @campaignId() _c: string,
    @Args('input', { type: () => CampaignGmDerivationInput }) input: CampaignGmDerivationInput,
    @CurrentPrincipal() who: Principal,
  ) {
    return this.settings.derive(who, input);
  }
}
