import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import { ArchsoulCampaignAttackInput } from './archsoul-attacks.inputs';
import { ArchsoulCampaignAttackResult } from './archsoul-attacks.results';
import { ArchsoulAttacksService } from './archsoul-attacks.service';

/** Stored Archsoul attacks (issue 43, AS-26): the statuses read from the sheets, the roll logged. */
@ApiTags('combat')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/archsoul-attacks')
export class ArchsoulAttacksController {
  constructor(private readonly service: ArchsoulAttacksService) {}

  @Post()
  @Roles('referee')
  @ApiOperation({
    summary:
      'An Archsoul attack in a campaign (referee): both sheets’ statuses rule it, the roll is logged and a hit’s damage (doubled by a coup de grâce) goes to the target',
  })
  @ApiCreatedResponse({ type: ArchsoulCampaignAttackResult })
  attack(
    @CurrentPrincipal() who: Principal,
    @Body() input: ArchsoulCampaignAttackInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.service.attack(who, input, req);
  }
}
