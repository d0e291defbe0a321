import { PageQuery, pageInMemory } from '../common/pagination';
import { Body, Controller, Get, HttpCode, Post, Req, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import {
  AdversaryInput,
  CampaignEncounterCheckInput,
  ChaseInput,
  EncounterCheckInput,
  MoraleCheckInput,
  NumberAppearingInput,
  ReactionInput,
  SeedOnlyInput,
  SurpriseInput,
} from './encounters.inputs';
import {
  AdversaryResult,
  ChaseResult,
  DieOfFateResult,
  DistanceResult,
  EncounterCheckResult,
  MoraleDispositionList,
  MoraleResult,
  NumberAppearingResult,
  ReactionResult,
  SurpriseResult,
} from './encounters.results';
import { EncountersService } from './encounters.service';

@ApiTags('encounters')
@Controller('encounters')
export class EncountersController {
  constructor(private readonly encounters: EncountersService) {}

  @Post('checks')
  @HttpCode(200)
  @ApiOperation({ summary: 'An encounter check at a scale of play, and what the encounter is' })
  @ApiOkResponse({ type: EncounterCheckResult })
  check(@Body() input: EncounterCheckInput, @Req() req: ArbiterRequest) {
    return this.encounters.check(input, req);
  }

  @Post('reactions')
  @HttpCode(200)
  @ApiOperation({ summary: 'A reaction roll (COEAC d6 or Cairn 2d6)' })
  @ApiOkResponse({ type: ReactionResult })
  reaction(@Body() input: ReactionInput, @Req() req: ArbiterRequest) {
    return this.encounters.reaction(input, req);
  }

  @Post('distances')
  @HttpCode(200)
  @ApiOperation({ summary: 'How far away an encounter starts (d6)' })
  @ApiOkResponse({ type: DistanceResult })
  distance(@Body() input: SeedOnlyInput, @Req() req: ArbiterRequest) {
    return this.encounters.distance(input ?? {}, req);
  }

  @Post('die-of-fate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cairn’s die of fate (d6, 4+ favours the characters)' })
  @ApiOkResponse({ type: DieOfFateResult })
  dieOfFate(@Body() input: SeedOnlyInput, @Req() req: ArbiterRequest) {
    return this.encounters.dieOfFate(input ?? {}, req);
  }

  @Post('morale-checks')
  @HttpCode(200)
  @ApiOperation({ summary: 'A morale check (COEAC rating, COEAC hirelings, Cairn WIL)' })
  @ApiOkResponse({ type: MoraleResult })
  morale(@Body() input: MoraleCheckInput, @Req() req: ArbiterRequest) {
    return this.encounters.morale(input, req);
  }

  @Get('morale-dispositions')
  @ApiOperation({ summary: 'Our default COEAC morale ratings by disposition' })
  @ApiOkResponse({ type: MoraleDispositionList })
  dispositions(@Query() page: PageQuery) {
    return pageInMemory(this.encounters.dispositions(), page);
  }

  @Post('adversaries')
  @HttpCode(200)
  @ApiOperation({ summary: 'An adversary’s pool, hit points and save Objective by grade' })
  @ApiOkResponse({ type: AdversaryResult })
  adversary(@Body() input: AdversaryInput) {
    return this.encounters.adversary(input);
  }

  @Post('surprise')
  @HttpCode(200)
  @ApiOperation({ summary: 'A G&M surprise roll (perception)' })
  @ApiOkResponse({ type: SurpriseResult })
  surprise(@Body() input: SurpriseInput, @Req() req: ArbiterRequest) {
    return this.encounters.surprise(input, req);
  }

  @Post('chases')
  @HttpCode(200)
  @ApiOperation({ summary: 'A G&M chase: an agility contest, +1 per full 3 points of movement difference' })
  @ApiOkResponse({ type: ChaseResult })
  chase(@Body() input: ChaseInput, @Req() req: ArbiterRequest) {
    return this.encounters.chase(input, req);
  }

  @Post('number-appearing')
  @HttpCode(200)
  @ApiOperation({ summary: 'Number appearing from an expression of the number of players' })
  @ApiOkResponse({ type: NumberAppearingResult })
  numberAppearing(@Body() input: NumberAppearingInput, @Req() req: ArbiterRequest) {
    return this.encounters.numberAppearing(input, req);
  }
}

@ApiTags('encounters')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/encounter-checks')
export class CampaignEncountersController {
  constructor(private readonly encounters: EncountersService) {}

  @Post()
  @Roles('referee')
  @ApiOperation({ summary: 'An encounter check in the campaign (referee; secret by default)' })
  @ApiCreatedResponse({ type: EncounterCheckResult })
  check(
    @CurrentPrincipal() who: Principal,
    @Body() input: CampaignEncounterCheckInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.encounters.campaignCheck(who, input ?? {}, req);
  }
}
