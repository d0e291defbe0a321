import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ArbiterRequest } from '../common/request-context';
import {
  ArchsoulFallInput,
  ExertionInput,
  GmFallInput,
  GmJumpInput,
  GmSuffocationInput,
} from './hazard.inputs';
import {
  ArchsoulFallResult,
  ExertionResult,
  GmFallResult,
  GmJumpResult,
  GmSuffocationResult,
} from './hazard.results';
import { HazardsService } from './hazards.service';

/** Stateless hazards: the numbers in the request, no key, nothing stored. */
@ApiTags('hazards')
@Controller('hazards')
export class HazardsController {
  constructor(private readonly hazards: HazardsService) {}

  @Post('gm/falls')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M fall: the falling table, evasion and injuries' })
  @ApiOkResponse({ type: GmFallResult })
  gmFall(@Body() input: GmFallInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmFall', input, req);
  }

  @Post('gm/jumps')
  @HttpCode(200)
  @ApiOperation({
    summary: 'G&M jump up or leap across: agility + strength (major) + 8 less the distance penalty',
  })
  @ApiOkResponse({ type: GmJumpResult })
  gmJump(@Body() input: GmJumpInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmJump', input, req);
  }

  @Post('gm/suffocation')
  @HttpCode(200)
  @ApiOperation({
    summary: 'G&M suffocation: the buffer, then a health roll each minute at a growing penalty',
  })
  @ApiOkResponse({ type: GmSuffocationResult })
  gmSuffocation(@Body() input: GmSuffocationInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmSuffocation', input, req);
  }

  @Post('archsoul/exertion')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Archsoul exertion: the exhaustion rolls an activity calls for and the fatigue after',
  })
  @ApiOkResponse({ type: ExertionResult })
  archsoulExertion(@Body() input: ExertionInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulExertion', input, req);
  }

  @Post('archsoul/falls')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul fall: one die per metre past the first at difficulty 4' })
  @ApiOkResponse({ type: ArchsoulFallResult })
  archsoulFall(@Body() input: ArchsoulFallInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulFall', input, req);
  }
}
