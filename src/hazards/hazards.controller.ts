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
import {
  GmAilmentInput,
  GmAgingInput,
  GmIllusionInput,
  GmItemReactionInput,
  GmSpeedInput,
  GmForcedMarchInput,
  GmDailyMovementInput,
  GmSearchInput,
  GmTrackingInput,
  GmCoverTracksInput,
  GmTimeInput,
  ArchsoulObjectInput,
  ArchsoulBlowInput,
  ArchsoulBreathInput,
  ArchsoulSwimInput,
  ArchsoulRestInput,
  ArchsoulTrapInput,
  ArchsoulTerrainInput,
  ArchsoulUnderwaterAttackInput,
  ArchsoulUnderwaterHurtInput,
  CoeacTravelInput,
} from './hazard-more.inputs';
import {
  GmAilmentResult,
  GmAgingResult,
  GmIllusionResult,
  GmItemReactionResult,
  GmSpeedResult,
  GmForcedMarchResult,
  GmDailyMovementResult,
  GmSearchResult,
  GmTrackingResult,
  GmCoverTracksResult,
  GmTimeResult,
  ArchsoulObjectResult,
  ArchsoulBlowResult,
  ArchsoulBreathResult,
  ArchsoulSwimResult,
  ArchsoulRestResult,
  ArchsoulTrapResult,
  ArchsoulTerrainResult,
  ArchsoulUnderwaterAttackResult,
  ArchsoulUnderwaterHurtResult,
  CoeacTravelResult,
} from './hazard-more.results';
import { ArchsoulObjectAttackInput, CoeacMirrorRoadInput, GmConcentrationInput } from './hazard-extra.inputs';
import {
  ArchsoulObjectAttackResult,
  CoeacMirrorRoadResult,
  GmConcentrationResult,
} from './hazard-extra.results';
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

  @Post('gm/ailments')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M ailment: the contracting roll, the onset and the course' })
  @ApiOkResponse({ type: GmAilmentResult })
  gmAilment(@Body() input: GmAilmentInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmAilment', input, req);
  }

  @Post('gm/aging')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M aging: unhealable injuries from 40 + endurance' })
  @ApiOkResponse({ type: GmAgingResult })
  gmAging(@Body() input: GmAgingInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmAging', input, req);
  }

  @Post('gm/illusions')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M illusion: disbelief and the phantasmal damage that comes back' })
  @ApiOkResponse({ type: GmIllusionResult })
  gmIllusion(@Body() input: GmIllusionInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmIllusion', input, req);
  }

  @Post('gm/item-reactions')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M item reaction by material, attack form and thickness' })
  @ApiOkResponse({ type: GmItemReactionResult })
  gmItemReaction(@Body() input: GmItemReactionInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmItemReaction', input, req);
  }

  @Post('gm/speeds')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M movement speed: distances, time base, reaction penalty, attackers’ bonus' })
  @ApiOkResponse({ type: GmSpeedResult })
  gmSpeed(@Body() input: GmSpeedInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmSpeed', input, req);
  }

  @Post('gm/forced-march')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M forced march: health rolls for pushing on without rest' })
  @ApiOkResponse({ type: GmForcedMarchResult })
  gmForcedMarch(@Body() input: GmForcedMarchInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmForcedMarch', input, req);
  }

  @Post('gm/daily-movement')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M daily movement by terrain, flying, darkness and riding' })
  @ApiOkResponse({ type: GmDailyMovementResult })
  gmDailyMovement(@Body() input: GmDailyMovementInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmDailyMovement', input, req);
  }

  @Post('gm/searches')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M search: perception at the area’s obstacle size' })
  @ApiOkResponse({ type: GmSearchResult })
  gmSearch(@Body() input: GmSearchInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmSearch', input, req);
  }

  @Post('gm/tracking')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M tracking: perception at −1 a day, the group bonus and covered tracks' })
  @ApiOkResponse({ type: GmTrackingResult })
  gmTracking(@Body() input: GmTrackingInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmTracking', input, req);
  }

  @Post('gm/cover-tracks')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M covering tracks: the margin becomes the trackers’ penalty' })
  @ApiOkResponse({ type: GmCoverTracksResult })
  gmCoverTracks(@Body() input: GmCoverTracksInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmCoverTracks', input, req);
  }

  @Post('gm/time')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M time units: rounds, minutes, hours and days' })
  @ApiOkResponse({ type: GmTimeResult })
  gmTime(@Body() input: GmTimeInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('gmTime', input, req);
  }

  @Post('archsoul/objects')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul object: hardness, hit points, a blow and weapon recoil' })
  @ApiOkResponse({ type: ArchsoulObjectResult })
  archsoulObject(@Body() input: ArchsoulObjectInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulObject', input, req);
  }

  @Post('archsoul/blows')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul damage roll against an object (tool bonus, underwater)' })
  @ApiOkResponse({ type: ArchsoulBlowResult })
  archsoulBlow(@Body() input: ArchsoulBlowInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulBlow', input, req);
  }

  @Post('archsoul/breath')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul breath and drowning' })
  @ApiOkResponse({ type: ArchsoulBreathResult })
  archsoulBreath(@Body() input: ArchsoulBreathInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulBreath', input, req);
  }

  @Post('archsoul/swims')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul swimming: speed, turbulent water, armour' })
  @ApiOkResponse({ type: ArchsoulSwimResult })
  archsoulSwim(@Body() input: ArchsoulSwimInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulSwim', input, req);
  }

  @Post('archsoul/rest')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul food, water, sleep and rest' })
  @ApiOkResponse({ type: ArchsoulRestResult })
  archsoulRest(@Body() input: ArchsoulRestInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulRest', input, req);
  }

  @Post('archsoul/traps')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul trap or falling object: the dodge' })
  @ApiOkResponse({ type: ArchsoulTrapResult })
  archsoulTrap(@Body() input: ArchsoulTrapInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulTrap', input, req);
  }

  @Post('archsoul/terrain')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul difficult terrain' })
  @ApiOkResponse({ type: ArchsoulTerrainResult })
  archsoulTerrain(@Body() input: ArchsoulTerrainInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulTerrain', input, req);
  }

  @Post('archsoul/underwater-attacks')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul attack underwater: what the weapon can do' })
  @ApiOkResponse({ type: ArchsoulUnderwaterAttackResult })
  archsoulUnderwaterAttack(@Body() input: ArchsoulUnderwaterAttackInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulUnderwaterAttack', input, req);
  }

  @Post('archsoul/underwater-hurts')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul hurt underwater: the roll that keeps water out' })
  @ApiOkResponse({ type: ArchsoulUnderwaterHurtResult })
  archsoulUnderwaterHurt(@Body() input: ArchsoulUnderwaterHurtInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulUnderwaterHurt', input, req);
  }

  @Post('coeac/travel')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC travel: hexes, watches, days and encounter checks' })
  @ApiOkResponse({ type: CoeacTravelResult })
  coeacTravel(@Body() input: CoeacTravelInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('coeacTravel', input, req);
  }

  @Post('archsoul/object-attacks')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul attack on an object: defence 0, large objects cannot be missed' })
  @ApiOkResponse({ type: ArchsoulObjectAttackResult })
  archsoulObjectAttack(@Body() input: ArchsoulObjectAttackInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('archsoulObjectAttack', input, req);
  }

  @Post('coeac/mirror-road')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC Mirror Road: a day’s travel in an hour, overland encounter checks' })
  @ApiOkResponse({ type: CoeacMirrorRoadResult })
  coeacMirrorRoad(@Body() input: CoeacMirrorRoadInput, @Req() req: ArbiterRequest) {
    return this.hazards.resolve('coeacMirrorRoad', input, req);
  }

  @Post('gm/concentration')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M concentration: its limits and the evasion roll that keeps it when hit' })
  @ApiOkResponse({ type: GmConcentrationResult })
  gmConcentration(@Body() input: GmConcentrationInput, @Req() req: ArbiterRequest) {
    return this.hazards.gmConcentration(input, req);
  }
}
