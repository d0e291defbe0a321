import { Body, Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import { TreasureSettingsService } from './treasure-settings.service';
import { CampaignLootExperienceInput, TreasureSettingsInput } from './treasure.inputs';
import { LootExperienceResult, TreasureSettings } from './treasure.results';

@ApiTags('treasure')
@ApiBearerAuth()
@Controller('campaigns/:campaignId')
export class TreasureSettingsController {
  constructor(private readonly treasure: TreasureSettingsService) {}

  @Get('treasure-settings')
  @ApiOperation({ summary: 'The campaign’s treasure settings (how loot experience is shared)' })
  @ApiOkResponse({ type: TreasureSettings })
  get(@CurrentPrincipal() who: Principal) {
    return this.treasure.settings(who);
  }

  @Patch('treasure-settings')
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({ summary: 'Change the campaign’s treasure settings (referee)' })
  @ApiOkResponse({ type: TreasureSettings })
  update(
    @CurrentPrincipal() who: Principal,
    @Body() input: TreasureSettingsInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.treasure.updateSettings(who, input, req);
  }

  @Post('loot-experience')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M loot experience of the group by the campaign’s rule (nothing stored)' })
  @ApiOkResponse({ type: LootExperienceResult })
  lootExperience(@CurrentPrincipal() who: Principal, @Body() input: CampaignLootExperienceInput) {
    return this.treasure.lootExperience(who, input);
  }
}
