import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import { GmCastInput } from './gm-cast.inputs';
import { GmCastResult } from './gm-cast.results';
import { GmCastService } from './gm-cast.service';

/** A stored G&M sorceror casts a memorised spell. */
@ApiTags('magic')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId/gm-casts')
export class GmCastController {
  constructor(private readonly casts: GmCastService) {}

  @Post()
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'G&M: cast a memorised spell: refused (422 naming spell) when not memorised, already cast or above level less injuries, (409 naming characterId) when surprised, down or dead; marks it cast on the sheet; one logged roll (magic.gm.cast.v1, no dice) with its events for the live feed',
  })
  @ApiCreatedResponse({ type: GmCastResult })
  cast(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: GmCastInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.casts.cast(who, characterId, input, req);
  }
}
