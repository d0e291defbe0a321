import { Body, Controller, Get, Param, Post, Query, Req } from '@nestjs/common';
import { PageQuery, pageInMemory } from '../common/pagination';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import {
  CairnAidInput,
  CairnDeprivationApplyInput,
  DownAndOutAidInput,
  HeroicEffortInput,
  TemporaryPoolInput,
  EndOfSessionCheckInput,
  SheetDamageInput,
  SheetEatingInput,
  SheetRestInput,
} from './harm-campaign.inputs';
import {
  ArchsoulStandUpResult,
  SheetAidResult,
  SheetHeroicEffortResult,
  SheetSemiConsciousResult,
  SheetTemporaryPoolResult,
  CairnDeprivationApplied,
  EndOfSessionCheckResult,
  PartyRestResult,
  SheetDamageResult,
  SheetEatingResult,
  SheetRestResult,
  HarmTimerPage,
} from './harm-campaign.results';
import { SheetHarmService } from './sheet-harm.service';

/** Harm and recovery on a character's stored sheets (SPEC 6.2, campaign half). */
@ApiTags('harm')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId')
export class CharacterHarmController {
  constructor(private readonly harm: SheetHarmService) {}

  @Get('harm-timers')
  @ApiOperation({
    summary: 'The harm timers running on a character’s sheets (Down and Out aid, critical hour, death timer)',
  })
  @ApiOkResponse({ type: HarmTimerPage })
  async timers(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Query() page: PageQuery,
  ): Promise<HarmTimerPage> {
    return pageInMemory({ items: await this.harm.characterTimers(who, characterId) }, page);
  }

  @Post('damage')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'Damage applied to a character’s sheet with everything that follows (Block, Armor, scars, Down and Out, thresholds, injuries), through the condition ledger, one logged roll',
  })
  @ApiCreatedResponse({ type: SheetDamageResult })
  damage(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: SheetDamageInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetDamageResult> {
    return this.harm.damageCharacter(who, characterId, input, req);
  }

  @Post('down-and-out-aid')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'COEAC Medicine aid after the blow for a down-and-out character awaiting aid (a second aider, or at the end of the scene): Medicine Ob 3, then the Down and Out table; a success stops the aid timer. The referee, a player whose key binds aiderId (else 403 naming aiderId), or with a medicine pool the fallen character’s player. Events open with aided (the test and the table). One logged roll (harm.sheet-damage)',
  })
  @ApiCreatedResponse({ type: SheetDamageResult })
  aidDownAndOut(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: DownAndOutAidInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetDamageResult> {
    return this.harm.aidDownAndOut(who, characterId, input, req);
  }

  @Post('rests')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'A rest or healing on a character’s sheet: COEAC Rations eaten and checked, Cairn Fatigue cleared, G&M healing; the clock advances by the rest’s length',
  })
  @ApiCreatedResponse({ type: SheetRestResult })
  rest(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: SheetRestInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetRestResult> {
    return this.harm.restCharacter(who, characterId, input, req);
  }

  @Post('eating')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'A Monster Menu cut eaten (or kept) by a character: meat heals 1d4, bones +1 max HP, a heart +1 Skill and Save by lot, applied to its COEAC sheet through the ledger',
  })
  @ApiCreatedResponse({ type: SheetEatingResult })
  eat(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: SheetEatingInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetEatingResult> {
    return this.harm.eat(who, characterId, input, req);
  }

  @Post('deprivation')
  @Roles('referee')
  @ApiOperation({
    summary:
      'Cairn deprivation (referee): Fatigue items into the inventory (items named in drop make room), the sheet marked Deprived',
  })
  @ApiCreatedResponse({ type: CairnDeprivationApplied })
  deprivation(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CairnDeprivationApplyInput,
    @Req() req: ArbiterRequest,
  ): Promise<CairnDeprivationApplied> {
    return this.harm.deprivation(who, characterId, input, req);
  }

  @Post('temporary-survival')
  @Roles('referee')
  @ApiOperation({
    summary:
      'G&M temporary survival pool (referee): granted with its source and length (turns or rounds), taken first by damage, lost when its effect ends; amount 0 removes it',
  })
  @ApiCreatedResponse({ type: SheetTemporaryPoolResult })
  temporarySurvival(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: TemporaryPoolInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetTemporaryPoolResult> {
    return this.harm.temporaryPool(who, { kind: 'character', id: characterId }, input, req);
  }

  @Post('aid')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'Cairn aid (CA-24): a character dying after a failed critical-damage save is stabilised (out of the fight until a rest, the hour stopped), or a Mortal Wound is tended (the hour stopped; out of action and deprived until a week of rest); 409 naming characterId when nothing needs stopping; one logged roll (harm.sheet-aid, no dice)',
  })
  @ApiCreatedResponse({ type: SheetAidResult })
  aid(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CairnAidInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetAidResult> {
    return this.harm.aid(who, characterId, input, req);
  }

  @Post('stand-up')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'Archsoul (AS-26): a Knocked Down character stands up for 1 action point (Knocked Down leaves its statuses; its speed comes back); 409 naming characterId when it is not Knocked Down, is Restrained or cannot act; one logged roll (harm.archsoul-stand-up, no dice)',
  })
  @ApiCreatedResponse({ type: ArchsoulStandUpResult })
  standUp(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Req() req: ArbiterRequest,
  ): Promise<ArchsoulStandUpResult> {
    return this.harm.standUp(who, characterId, req);
  }

  @Post('semi-consciousness')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'G&M: 1 mojo (through the ledger) makes an unconscious character semi-conscious until the unconsciousness ends (movement only; no agility bonus to defense; unconscious for death rolls); its willpower roll (at −injuries, exact odds) says whether it can respond at once or after d4 rounds (the gm-response-delay timer)',
  })
  @ApiCreatedResponse({ type: SheetSemiConsciousResult })
  semiConsciousness(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Req() req: ArbiterRequest,
  ): Promise<SheetSemiConsciousResult> {
    return this.harm.semiConscious(who, characterId, req);
  }

  @Post('heroic-last-effort')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'G&M heroic last effort of a dying character: one roll at +level with no injury penalty, mojo from any contributor (each gains experience for all of it, and the improvement it names when all the mojo reaches its price, MJ7); the character dies at its end',
  })
  @ApiCreatedResponse({ type: SheetHeroicEffortResult })
  heroicLastEffort(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: HeroicEffortInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetHeroicEffortResult> {
    return this.harm.heroicEffort(who, characterId, input, req);
  }
}

/** Harm and recovery on an NPC's stored sheets (referee). */
@ApiTags('harm')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/npcs/:npcId')
export class NpcHarmController {
  constructor(private readonly harm: SheetHarmService) {}

  @Get('harm-timers')
  @ApiOperation({
    summary:
      'The harm timers running on an NPC’s sheets (404 when hidden from this key, 403 without its numbers)',
  })
  @ApiOkResponse({ type: HarmTimerPage })
  async timers(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Query() page: PageQuery,
  ): Promise<HarmTimerPage> {
    return pageInMemory({ items: await this.harm.npcTimers(who, npcId) }, page);
  }

  @Post('damage')
  @Roles('referee')
  @ApiOperation({
    summary:
      'Damage applied to an NPC’s sheet (referee); the roll is sealed while the NPC’s numbers are hidden',
  })
  @ApiCreatedResponse({ type: SheetDamageResult })
  damage(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Body() input: SheetDamageInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetDamageResult> {
    return this.harm.damageNpc(who, npcId, input, req);
  }

  @Post('rests')
  @Roles('referee')
  @ApiOperation({ summary: 'A rest or healing on an NPC’s sheet (referee)' })
  @ApiCreatedResponse({ type: SheetRestResult })
  rest(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Body() input: SheetRestInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetRestResult> {
    return this.harm.restNpc(who, npcId, input, req);
  }

  @Post('temporary-survival')
  @Roles('referee')
  @ApiOperation({
    summary: 'G&M temporary survival pool on an NPC’s sheet (referee); amount 0 removes it',
  })
  @ApiCreatedResponse({ type: SheetTemporaryPoolResult })
  temporarySurvival(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Body() input: TemporaryPoolInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetTemporaryPoolResult> {
    return this.harm.temporaryPool(who, { kind: 'npc', id: npcId }, input, req);
  }
}

/** A rest the whole party takes (referee). */
@ApiTags('harm')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/party')
export class PartyRestsController {
  constructor(private readonly harm: SheetHarmService) {}

  @Post('rests')
  @Roles('referee')
  @ApiOperation({
    summary:
      'A party rest (referee): every character on the roster (all with a sheet in the system when none is set) rests; the clock moves once',
  })
  @ApiCreatedResponse({ type: PartyRestResult })
  rest(
    @CurrentPrincipal() who: Principal,
    @Body() input: SheetRestInput,
    @Req() req: ArbiterRequest,
  ): Promise<PartyRestResult> {
    return this.harm.restParty(who, input, req);
  }

  @Post('end-of-session-checks')
  @Roles('referee')
  @ApiOperation({
    summary:
      'COEAC end-of-session check (referee): away from a haven, a Down and Out check for each COEAC character of the party, applied to the sheets',
  })
  @ApiCreatedResponse({ type: EndOfSessionCheckResult })
  endOfSessionChecks(
    @CurrentPrincipal() who: Principal,
    @Body() input: EndOfSessionCheckInput,
    @Req() req: ArbiterRequest,
  ): Promise<EndOfSessionCheckResult> {
    return this.harm.endOfSessionChecks(who, input, req);
  }
}
