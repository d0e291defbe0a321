import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import { CampaignHazardInput } from './hazard-more.inputs';
import { CampaignHazardResult } from './hazard-more.results';
import { PartyHazardInput } from './hazard-extra.inputs';
import { PartyHazardResult } from './hazard-extra.results';
import { HazardsCampaignService } from './hazards-campaign.service';
import { AilmentCureResult, GmStatusEndResult } from './hazard-ailments.results';
import { HazardsAilmentsService } from './hazards-ailments.service';

@ApiTags('hazards')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId/hazards')
export class HazardsCampaignController {
  constructor(private readonly hazards: HazardsCampaignService) {}

  @Post()
  @Roles('referee')
  @ApiOperation({
    summary:
      'Apply a hazard to a character’s sheet (referee): rolled, logged, and its changes written through the condition ledger',
  })
  @ApiCreatedResponse({ type: CampaignHazardResult })
  apply(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CampaignHazardInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.hazards.apply(who, characterId, input, req);
  }
}

@ApiTags('hazards')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/party/hazards')
export class PartyHazardsController {
  constructor(private readonly hazards: HazardsCampaignService) {}

  @Post()
  @Roles('referee')
  @ApiOperation({
    summary:
      'Apply a hazard to the party (referee): every roster character or those listed, one transaction, one logged roll',
  })
  @ApiCreatedResponse({ type: PartyHazardResult })
  apply(@CurrentPrincipal() who: Principal, @Body() input: PartyHazardInput, @Req() req: ArbiterRequest) {
    return this.hazards.applyParty(who, input, req);
  }
}

@ApiTags('hazards')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId/ailments')
export class CharacterAilmentsController {
  constructor(private readonly ailments: HazardsAilmentsService) {}

  @Post(':ailmentId/cure')
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({
    summary: 'End an ailment kept on a character’s G&M sheet (referee): cured, it ticks no more',
  })
  @ApiOkResponse({ type: AilmentCureResult })
  cure(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('ailmentId') ailmentId: string,
    @Req() req: ArbiterRequest,
  ) {
    return this.ailments.cure(who, characterId, ailmentId, req);
  }
}

@ApiTags('hazards')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId/statuses')
export class CharacterStatusesController {
  constructor(private readonly ailments: HazardsAilmentsService) {}

  @Post(':statusId/end')
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({
    summary:
      'End a status kept on a character’s G&M sheet (referee): asleep, paralysed, shock or ailing leaves the sheet',
  })
  @ApiOkResponse({ type: GmStatusEndResult })
  end(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('statusId') statusId: string,
    @Req() req: ArbiterRequest,
  ) {
    return this.ailments.endStatus(who, characterId, statusId, req);
  }
}
