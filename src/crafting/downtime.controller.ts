import { Body, Controller, Delete, Get, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { PageQuery } from '../common/pagination';
import type { ArbiterRequest } from '../common/request-context';
import {
  ArtifactRitualInput,
  AttunementInput,
  ChannelingInput,
  CreateProjectClockInput,
  OrbIntegrationInput,
  ProjectClockTickInput,
} from './crafting.inputs';
import {
  ArtifactRitual,
  ArtifactRitualPage,
  ArtifactRitualResult,
  AttunementResult,
  ChannelingResult,
  CharacterAttunements,
  OrbIntegrationResult,
  ProjectClock,
  ProjectClockPage,
  ProjectClockTickResult,
} from './crafting.results';
import { CraftingDowntimeService } from './downtime.service';

@ApiTags('crafting')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/project-clocks')
export class ProjectClocksController {
  constructor(private readonly downtime: CraftingDowntimeService) {}

  @Post()
  @Roles('referee')
  @ApiOperation({ summary: 'Set up a COEAC project clock of 2–8 ticks (referee)' })
  @ApiCreatedResponse({ type: ProjectClock })
  create(
    @CurrentPrincipal() who: Principal,
    @Body() input: CreateProjectClockInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.downtime.createClock(who, input, req);
  }

  @Get()
  @ApiOperation({
    summary: 'The campaign’s project clocks, oldest first (referee-only ones for the referee)',
  })
  @ApiOkResponse({ type: ProjectClockPage })
  list(@CurrentPrincipal() who: Principal, @Query() query: PageQuery) {
    return this.downtime.listClocks(who, query);
  }

  @Get(':clockId')
  @ApiOperation({ summary: 'One project clock' })
  @ApiOkResponse({ type: ProjectClock })
  get(@CurrentPrincipal() who: Principal, @Param('clockId') id: string) {
    return this.downtime.getClock(who, id);
  }

  @Post(':clockId/ticks')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Spend a character’s downtime action of the session to fill one tick' })
  @ApiCreatedResponse({ type: ProjectClockTickResult })
  tick(
    @CurrentPrincipal() who: Principal,
    @Param('clockId') id: string,
    @Body() input: ProjectClockTickInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.downtime.tick(who, id, input, req);
  }
}

@ApiTags('crafting')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId')
export class CharacterDowntimeController {
  constructor(private readonly downtime: CraftingDowntimeService) {}

  @Get('attunements')
  @ApiOperation({ summary: 'The artifacts a character is attuned to, and the penalty dice beyond three' })
  @ApiOkResponse({ type: CharacterAttunements })
  attunements(@CurrentPrincipal() who: Principal, @Param('characterId') characterId: string) {
    return this.downtime.attunements(who, characterId);
  }

  @Post('attunements')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'Attune to an artifact: an Ob 3 Discipline ritual (once per item per day) or the downtime action',
  })
  @ApiCreatedResponse({ type: AttunementResult })
  attune(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: AttunementInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.downtime.attune(who, characterId, input, req);
  }

  @Delete('attunements/:itemId')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'End an attunement (the character lets the artifact go); the answer is what the character is still attuned to',
  })
  @ApiOkResponse({ type: CharacterAttunements })
  endAttunement(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('itemId') itemId: string,
    @Req() req: ArbiterRequest,
  ) {
    return this.downtime.endAttunement(who, characterId, itemId, req);
  }

  @Post('artifact-rituals')
  @Roles('referee', 'player')
  @ApiOperation({
    summary: 'Begin an Affix Spell ritual: the downtime action, 5 Cash and 5 Cybalt per point of Ob',
  })
  @ApiCreatedResponse({ type: ArtifactRitualResult })
  beginRitual(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: ArtifactRitualInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.downtime.beginRitual(who, characterId, input, req);
  }

  @Get('artifact-rituals')
  @ApiOperation({ summary: 'A character’s Affix Spell rituals, oldest first' })
  @ApiOkResponse({ type: ArtifactRitualPage })
  rituals(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Query() query: PageQuery,
  ) {
    return this.downtime.rituals(who, characterId, query);
  }

  @Get('artifact-rituals/:ritualId')
  @ApiOperation({ summary: 'One Affix Spell ritual' })
  @ApiOkResponse({ type: ArtifactRitual })
  ritual(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('ritualId') ritualId: string,
  ) {
    return this.downtime.getRitual(who, characterId, ritualId);
  }

  @Post('artifact-rituals/:ritualId/channelings')
  @Roles('referee', 'player')
  @ApiOperation({
    summary: 'Channel the spell onto the anchor (once per in-game day; three passing days in a row)',
  })
  @ApiCreatedResponse({ type: ChannelingResult })
  channel(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('ritualId') ritualId: string,
    @Body() input: ChannelingInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.downtime.channel(who, characterId, ritualId, input, req);
  }

  @Post('orb-integrations')
  @Roles('referee', 'player')
  @ApiOperation({
    summary: 'Integrate an orb: the downtime action, Ob 5 Arcane Lore; a pass pays 10 Cash and 10 Cybalt',
  })
  @ApiCreatedResponse({ type: OrbIntegrationResult })
  integrateOrb(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: OrbIntegrationInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.downtime.integrateOrb(who, characterId, input, req);
  }
}
