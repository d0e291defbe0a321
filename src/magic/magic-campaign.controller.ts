import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { PageQuery } from '../common/pagination';
import type { ArbiterRequest } from '../common/request-context';
import {
  CoeacCampaignCatastropheInput,
  CoeacCampaignCounterspellInput,
  CoeacCampaignSpellMasteryInput,
  CoeacCastInput,
  CoeacReleaseInput,
  MagicSettingsInput,
} from './magic.inputs';
import {
  CoeacCampaignCatastropheResult,
  CoeacCampaignCounterspellResult,
  CoeacCampaignSpellMasteryResult,
  CoeacCastResult,
  CoeacReleaseResult,
  CoeacSpellInstanceList,
  MagicSettings,
} from './magic.results';
import { MagicCampaignService } from './magic-campaign.service';

/** COEAC magic of a stored character: casts, the live and bound spells, releases, counterspells. */
@ApiTags('magic')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId')
export class MagicCampaignController {
  constructor(private readonly magic: MagicCampaignService) {}

  @Post('coeac-casts')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'A character channels a COEAC spell it controls: Control, Empower, ritual HP and Cash, backlash, the lost plasmid, the mutation save; one roll',
  })
  @ApiCreatedResponse({ type: CoeacCastResult })
  cast(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CoeacCastInput,
    @Req() req: ArbiterRequest,
  ): Promise<CoeacCastResult> {
    return this.magic.cast(who, characterId, input, req);
  }

  @Post('coeac-spell-masteries')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'Spell Mastery of a wild plasmid by a character (F12): the blind cast (1 Control, backlash through the harm transition), the mastery check at Ob + 1; learned onto the sheet, or barred for ever with a Down and Out check; one roll',
  })
  @ApiCreatedResponse({ type: CoeacCampaignSpellMasteryResult })
  spellMastery(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CoeacCampaignSpellMasteryInput,
    @Req() req: ArbiterRequest,
  ): Promise<CoeacCampaignSpellMasteryResult> {
    return this.magic.spellMastery(who, characterId, input, req);
  }

  @Get('coeac-spells')
  @ApiOperation({ summary: 'The COEAC spells a character has live in the world, and the one it holds bound' })
  @ApiOkResponse({ type: CoeacSpellInstanceList })
  instances(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Query() page: PageQuery,
  ): Promise<CoeacSpellInstanceList> {
    return this.magic.instances(who, characterId, page);
  }

  @Post('coeac-bound-releases')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Release the bound spell: Block 1 against a blow, or +Ob dice on one test' })
  @ApiCreatedResponse({ type: CoeacReleaseResult })
  release(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CoeacReleaseInput,
    @Req() req: ArbiterRequest,
  ): Promise<CoeacReleaseResult> {
    return this.magic.release(who, characterId, input, req);
  }

  @Post('coeac-counterspells')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Counter a logged COEAC channeling: Control, Arcane Lore at Ob = Potency + 1' })
  @ApiCreatedResponse({ type: CoeacCampaignCounterspellResult })
  counterspell(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CoeacCampaignCounterspellInput,
    @Req() req: ArbiterRequest,
  ): Promise<CoeacCampaignCounterspellResult> {
    return this.magic.counterspell(who, characterId, input, req);
  }

  @Post('coeac-catastrophes')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'A stored COEAC caster suffers a spell catastrophe: the save and d6, then its own numbers applied (Vigor and Discipline saves, 6d through the harm transition, the mutation draw, the wild cast)',
  })
  @ApiCreatedResponse({ type: CoeacCampaignCatastropheResult })
  catastrophe(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CoeacCampaignCatastropheInput,
    @Req() req: ArbiterRequest,
  ): Promise<CoeacCampaignCatastropheResult> {
    return this.magic.catastrophe(who, characterId, input, req);
  }
}

/** A campaign's magic settings: the referee table a COEAC mutation is rolled on. */
@ApiTags('magic')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/magic-settings')
export class MagicSettingsController {
  constructor(private readonly magic: MagicCampaignService) {}

  @Get()
  @Roles('referee')
  @ApiOperation({ summary: 'The table a COEAC mutation is rolled on (referee)' })
  @ApiOkResponse({ type: MagicSettings })
  get(@CurrentPrincipal() who: Principal): Promise<MagicSettings> {
    return this.magic.settings(who);
  }

  @Put()
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({ summary: 'Name the referee table a COEAC mutation is rolled on (null: a note instead)' })
  @ApiOkResponse({ type: MagicSettings })
  set(
    @CurrentPrincipal() who: Principal,
    @Body() input: MagicSettingsInput,
    @Req() req: ArbiterRequest,
  ): Promise<MagicSettings> {
    return this.magic.setSettings(who, input ?? {}, req);
  }
}
