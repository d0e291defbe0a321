import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GmMojoBidInput, GmMojoCostInput, GmStudyInput } from './advancement.inputs';
import { GmMojoBidResult, GmMojoCostResult, GmStudyResult } from './advancement.results';
import { AdvancementService } from './advancement.service';

/** Stateless advancement: mojo prices and bids. No key, nothing stored. */
@ApiTags('advancement')
@Controller('advancement')
export class AdvancementController {
  constructor(private readonly advancement: AdvancementService) {}

  @Post('gm/mojo-costs')
  @HttpCode(200)
  @ApiOperation({
    summary: 'G&M: the mojo price of an ability point, field bonus, field, skill, technique or weapon skill',
  })
  @ApiOkResponse({ type: GmMojoCostResult })
  gmMojoCost(@Body() input: GmMojoCostInput) {
    return this.advancement.mojoCost(input);
  }

  @Post('gm/mojo-bids')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'G&M: a mojo bid on a failed archetypal roll: what it turns, the mojo lost, the experience and any improvement won',
  })
  @ApiOkResponse({ type: GmMojoBidResult })
  gmMojoBid(@Body() input: GmMojoBidInput) {
    return this.advancement.mojoBid(input);
  }

  @Post('gm/study')
  @HttpCode(200)
  @ApiOperation({
    summary: 'G&M: practical-mojo study: mojo per period from the resources, silver, fees and limits',
  })
  @ApiOkResponse({ type: GmStudyResult })
  gmStudy(@Body() input: GmStudyInput) {
    return this.advancement.study(input);
  }
}
