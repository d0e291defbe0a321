import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { GameSession } from '../campaigns/campaign.model';
import type { ArbiterRequest } from '../common/request-context';
import {
  ClockAdvanceInput,
  ClockUpdateInput,
  DowntimeInput,
  RosterInput,
  RosterMemberInput,
  TravelInput,
} from './campaign-state.inputs';
import { CampaignTravel, ClockAdvance, ClockView, DowntimeAction } from './campaign-state.results';
import { CampaignStateService } from './campaign-state.service';

@ApiTags('clock')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/clock')
export class ClockController {
  constructor(private readonly state: CampaignStateService) {}

  @Get()
  @ApiOperation({ summary: 'The in-game clock: day, watch, turn, scale of play' })
  @ApiOkResponse({ type: ClockView })
  get(@CurrentPrincipal() who: Principal): Promise<ClockView> {
    return this.state.readClock(who);
  }

  @Post('advance')
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({
    summary: 'Move the clock on by days, watches or turns (referee); says which checks fell due',
  })
  @ApiOkResponse({ type: ClockAdvance })
  advance(@CurrentPrincipal() who: Principal, @Body() input: ClockAdvanceInput, @Req() req: ArbiterRequest) {
    return this.state.advance(who, advanceStep(input), req);
  }

  @Patch()
  @Roles('referee')
  @ApiOperation({ summary: 'Change the scale of play or the night watch setting (referee)' })
  @ApiOkResponse({ type: ClockView })
  update(
    @CurrentPrincipal() who: Principal,
    @Body() input: ClockUpdateInput,
    @Req() req: ArbiterRequest,
  ): Promise<ClockView> {
    return this.state.updateClock(who, input, req);
  }
}

@ApiTags('sessions')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/sessions/current/roster')
export class RosterController {
  constructor(private readonly state: CampaignStateService) {}

  @Put()
  @Roles('referee')
  @ApiOperation({ summary: 'Set the roster of the session in progress (referee)' })
  @ApiOkResponse({ type: GameSession })
  set(
    @CurrentPrincipal() who: Principal,
    @Body() input: RosterInput,
    @Req() req: ArbiterRequest,
  ): Promise<GameSession> {
    return this.state.setRoster(who, input.characterIds, req);
  }

  @Post()
  @HttpCode(200)
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Activate a character for the session in progress (a player: its own)' })
  @ApiOkResponse({ type: GameSession })
  add(
    @CurrentPrincipal() who: Principal,
    @Body() input: RosterMemberInput,
    @Req() req: ArbiterRequest,
  ): Promise<GameSession> {
    return this.state.addToRoster(who, input.characterId, req);
  }

  @Delete(':characterId')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Take a character off the roster (a player: its own)' })
  @ApiOkResponse({ type: GameSession })
  remove(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Req() req: ArbiterRequest,
  ): Promise<GameSession> {
    return this.state.removeFromRoster(who, characterId, req);
  }
}

@ApiTags('characters')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId/downtime')
export class DowntimeController {
  constructor(private readonly state: CampaignStateService) {}

  @Post()
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Spend the character’s downtime action of the session on a free-form activity' })
  @ApiCreatedResponse({ type: DowntimeAction })
  spend(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: DowntimeInput,
    @Req() req: ArbiterRequest,
  ): Promise<DowntimeAction> {
    return this.state.spendDowntime(who, characterId, input, req);
  }
}

/** The clock step and the options domains read (the encounter table, the seed). */
@ApiTags('clock')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/travel')
export class TravelController {
  constructor(private readonly state: CampaignStateService) {}

  @Post()
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({
    summary:
      'Travel by hexes or days, overland or on water (referee): the clock moves by the time it takes and the due encounter checks are made',
  })
  @ApiOkResponse({ type: CampaignTravel })
  travel(@CurrentPrincipal() who: Principal, @Body() input: TravelInput, @Req() req: ArbiterRequest) {
    return this.state.travel(who, input, req);
  }
}

export function advanceStep(input: ClockAdvanceInput) {
  const { days, watches, turns, ...options } = input;
  return { days, watches, turns, options };
}
