import { CharacterListQuery } from './list-filters';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { assertMayActFor, CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { PageQuery } from '../common/pagination';
import type { ArbiterRequest } from '../common/request-context';
import {
  CreateCampaignInput,
  CreateCharacterInput,
  CreateKeyInput,
  StartSessionInput,
  UpdateCharacterInput,
} from './campaign.dto';
import {
  ApiKey,
  ApiKeyPage,
  Campaign,
  Character,
  CharacterPage,
  CreatedCampaign,
  CreatedKey,
  GameSession,
  GameSessionPage,
} from './campaign.model';
import { CampaignsService } from './campaigns.service';

@ApiTags('campaigns')
@Controller('campaigns')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Post()
  @ApiOperation({ summary: 'Create a campaign; the answer holds its referee key, shown once' })
  @ApiCreatedResponse({ type: CreatedCampaign })
  create(@Body() input: CreateCampaignInput, @Req() req: ArbiterRequest): Promise<CreatedCampaign> {
    return this.campaigns.create(input, req);
  }

  @Get(':campaignId')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Read the campaign' })
  @ApiOkResponse({ type: Campaign })
  get(@CurrentPrincipal() principal: Principal): Promise<Campaign> {
    return this.campaigns.get(principal);
  }
}

@ApiTags('keys')
@ApiBearerAuth()
@Roles('referee')
@Controller('campaigns/:campaignId/keys')
export class KeysController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Post()
  @ApiOperation({ summary: 'Create a player, viewer or referee key; the secret is shown once' })
  @ApiCreatedResponse({ type: CreatedKey })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() input: CreateKeyInput,
    @Req() req: ArbiterRequest,
  ): Promise<CreatedKey> {
    return this.campaigns.createKey(principal, input, req);
  }

  @Get()
  @ApiOperation({ summary: 'List the campaign’s keys (never their secrets)' })
  @ApiOkResponse({ type: ApiKeyPage })
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    return this.campaigns.listKeys(principal, query);
  }

  @Delete(':keyId')
  @ApiOperation({ summary: 'Revoke a key; it answers 401 from then on' })
  @ApiOkResponse({ type: ApiKey })
  revoke(
    @CurrentPrincipal() principal: Principal,
    @Param('keyId') keyId: string,
    @Req() req: ArbiterRequest,
  ): Promise<ApiKey> {
    return this.campaigns.revokeKey(principal, keyId, req);
  }
}

@ApiTags('characters')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters')
export class CharactersController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Post()
  @Roles('referee')
  @ApiOperation({ summary: 'Create a character (referee)' })
  @ApiCreatedResponse({ type: Character })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() input: CreateCharacterInput,
    @Req() req: ArbiterRequest,
  ): Promise<Character> {
    return this.campaigns.createCharacter(principal, input, req);
  }

  @Get()
  @ApiOperation({ summary: 'List the campaign’s characters' })
  @ApiOkResponse({ type: CharacterPage })
  list(@CurrentPrincipal() principal: Principal, @Query() query: CharacterListQuery) {
    return this.campaigns.listCharacters(principal, query);
  }

  @Get(':characterId')
  @ApiOperation({ summary: 'Read a character' })
  @ApiOkResponse({ type: Character })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('characterId') characterId: string,
  ): Promise<Character> {
    return this.campaigns.getCharacter(principal, characterId);
  }

  @Patch(':characterId')
  @ApiOperation({ summary: 'Update a character (referee, or the player key bound to it)' })
  @ApiOkResponse({ type: Character })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('characterId') characterId: string,
    @Body() input: UpdateCharacterInput,
    @Req() req: ArbiterRequest,
  ): Promise<Character> {
    assertMayActFor(principal, characterId);
    return this.campaigns.updateCharacter(principal, characterId, input, req);
  }
}

@ApiTags('sessions')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/sessions')
export class SessionsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Post()
  @Roles('referee')
  @ApiOperation({
    summary:
      'Start a game session (referee); 409 SESSION_IN_PROGRESS while one is in progress unless ' +
      '`endCurrent: true`, which ends it first. The body is optional.',
  })
  @ApiBody({ type: StartSessionInput, required: false })
  @ApiCreatedResponse({ type: GameSession })
  start(
    @CurrentPrincipal() principal: Principal,
    @Body() input: StartSessionInput,
    @Req() req: ArbiterRequest,
  ): Promise<GameSession> {
    return this.campaigns.startSession(principal, input ?? {}, req);
  }

  @Get()
  @ApiOperation({ summary: 'List the campaign’s game sessions, oldest first' })
  @ApiOkResponse({ type: GameSessionPage })
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    return this.campaigns.listSessions(principal, query);
  }

  @Get('current')
  @ApiOperation({ summary: 'The session in progress (409 problem when there is none)' })
  @ApiOkResponse({ type: GameSession })
  @ApiConflictResponse({ description: 'No session is in progress (NO_SESSION_IN_PROGRESS).' })
  current(@CurrentPrincipal() principal: Principal): Promise<GameSession> {
    return this.campaigns.currentSession(principal);
  }

  @Post('current/end')
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({ summary: 'End the session in progress (referee)' })
  @ApiOkResponse({ type: GameSession })
  end(@CurrentPrincipal() principal: Principal, @Req() req: ArbiterRequest): Promise<GameSession> {
    return this.campaigns.endSession(principal, req);
  }
}
