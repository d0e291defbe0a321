import { PageQuery, pageInMemory } from '../common/pagination';
import { Body, Controller, Get, Param, Post, Query, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import { AdvancementCampaignService } from './advancement-campaign.service';
import {
  BoonsAwardInput,
  CampaignCirclesInput,
  ClassResourceSpendInput,
  ExperienceAwardInput,
  LootExperienceAwardInput,
  MojoBidOnRollInput,
  MojoSpendInput,
  ReputationChangeInput,
  RetirementInput,
  SpecialtyClassInput,
  StudyPeriodsInput,
  StudyProjectInput,
} from './advancement-campaign.inputs';
import {
  BoonsAwardResult,
  CampaignCirclesResult,
  ClassResourceSpendResult,
  ExperienceAwardResult,
  GmAdvancementStanding,
  LootExperienceAwardResult,
  MojoBidOnRollResult,
  MojoSpendResult,
  ReputationChangeResult,
  ReputationHistory,
  ReputationList,
  RetirementList,
  RetirementResult,
  SpecialtyClassList,
  SpecialtyClassResult,
  StudyPeriodsResult,
  StudyProject,
} from './advancement-campaign.results';

/** A character's advancement in a campaign (docs/advancement.md). */
@ApiTags('advancement')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId')
export class CharacterAdvancementController {
  constructor(private readonly advancement: AdvancementCampaignService) {}

  @Get('advancement')
  @ApiOperation({ summary: 'G&M: experience, level and what level-ups and study left to spend' })
  @ApiOkResponse({ type: GmAdvancementStanding })
  @ApiUnprocessableEntityResponse({ description: 'SHEET_MISSING: the character has no G&M sheet.' })
  standing(@CurrentPrincipal() who: Principal, @Param('characterId') characterId: string) {
    return this.advancement.standing(who, characterId);
  }

  @Post('experience')
  @Roles('referee')
  @ApiOperation({ summary: 'G&M: award experience (referee); every level reached is rolled and applied' })
  @ApiCreatedResponse({ type: ExperienceAwardResult })
  experience(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: ExperienceAwardInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.advancement.awardExperience(who, characterId, input, req);
  }

  @Post('mojo-spends')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'G&M: spend mojo (or practical mojo) on an improvement, at its price' })
  @ApiCreatedResponse({ type: MojoSpendResult })
  mojoSpend(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: MojoSpendInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.advancement.spendMojo(who, characterId, input, req);
  }

  @Post('mojo-bids')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'G&M: bid mojo on the character’s latest failed archetypal roll (logged anew)' })
  @ApiCreatedResponse({ type: MojoBidOnRollResult })
  mojoBid(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: MojoBidOnRollInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.advancement.bidMojo(who, characterId, input, req);
  }

  @Post('study-projects')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'G&M: start a study project for practical mojo' })
  @ApiCreatedResponse({ type: StudyProject })
  startStudy(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: StudyProjectInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.advancement.startStudy(who, characterId, input, req);
  }

  @Post('study-projects/:projectId/periods')
  @Roles('referee', 'player')
  @ApiOperation({
    summary: 'G&M: study periods on a project: practical mojo, days off, silver paid from the purse (Cash)',
  })
  @ApiCreatedResponse({ type: StudyPeriodsResult })
  @ApiUnprocessableEntityResponse({
    description:
      'INSUFFICIENT_CASH (field periods): the purse cannot pay the study and fees; nothing changes.',
  })
  studyPeriods(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('projectId') projectId: string,
    @Body() input: StudyPeriodsInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.advancement.studyPeriods(who, characterId, projectId, input, req);
  }

  @Post('class-resource-spends')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'COEAC: spend class resources on one action, one point of each kind at most' })
  @ApiCreatedResponse({ type: ClassResourceSpendResult })
  classResources(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: ClassResourceSpendInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.advancement.spendClassResources(who, characterId, input, req);
  }

  @Post('retirement')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'COEAC: retire the character: its score (Wealth, Boons) and the faction roll' })
  @ApiCreatedResponse({ type: RetirementResult })
  retire(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: RetirementInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.advancement.retire(who, characterId, input, req);
  }
}

/** The company's advancement in a campaign: loot experience, Boons, Reputation, specialty classes. */
@ApiTags('advancement')
@ApiBearerAuth()
@Controller('campaigns/:campaignId')
export class CampaignAdvancementController {
  constructor(private readonly advancement: AdvancementCampaignService) {}

  @Post('loot-experience-awards')
  @Roles('referee')
  @ApiOperation({ summary: 'G&M: loot experience shared into the characters’ stored totals (referee)' })
  @ApiCreatedResponse({ type: LootExperienceAwardResult })
  lootExperience(
    @CurrentPrincipal() who: Principal,
    @Body() input: LootExperienceAwardInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.advancement.awardLootExperience(who, input, req);
  }

  @Post('boons')
  @Roles('referee')
  @ApiOperation({ summary: 'COEAC: Boons at the end of a session, once per rostered character (referee)' })
  @ApiCreatedResponse({ type: BoonsAwardResult })
  boons(@CurrentPrincipal() who: Principal, @Body() input: BoonsAwardInput, @Req() req: ArbiterRequest) {
    return this.advancement.awardBoons(who, input, req);
  }

  @Get('retirements')
  @ApiOperation({ summary: 'COEAC: the retired characters and their scores' })
  @ApiOkResponse({ type: RetirementList })
  async retirements(@CurrentPrincipal() who: Principal, @Query() page: PageQuery) {
    return pageInMemory(await this.advancement.retirements(who), page);
  }

  @Post('specialty-classes')
  @Roles('referee')
  @ApiOperation({ summary: 'COEAC: unlock a specialty class in the fiction (referee)' })
  @ApiCreatedResponse({ type: SpecialtyClassResult })
  unlock(@CurrentPrincipal() who: Principal, @Body() input: SpecialtyClassInput, @Req() req: ArbiterRequest) {
    return this.advancement.unlockSpecialtyClass(who, input, req);
  }

  @Get('specialty-classes')
  @ApiOperation({ summary: 'COEAC: the specialty classes unlocked' })
  @ApiOkResponse({ type: SpecialtyClassList })
  async specialtyClasses(@CurrentPrincipal() who: Principal, @Query() page: PageQuery) {
    return pageInMemory(await this.advancement.specialtyClasses(who), page);
  }

  @Get('reputation')
  @ApiOperation({ summary: 'COEAC: every faction’s Reputation (−6 to +6)' })
  @ApiOkResponse({ type: ReputationList })
  async reputation(@CurrentPrincipal() who: Principal, @Query() page: PageQuery) {
    return pageInMemory(await this.advancement.reputations(who), page);
  }

  @Get('reputation/history')
  @ApiOperation({ summary: 'COEAC: every Reputation change, oldest first' })
  @ApiOkResponse({ type: ReputationHistory })
  async reputationHistory(@CurrentPrincipal() who: Principal, @Query() page: PageQuery) {
    return pageInMemory(await this.advancement.reputationHistory(who), page);
  }

  @Post('reputation-changes')
  @Roles('referee')
  @ApiOperation({ summary: 'COEAC: change a faction’s Reputation (referee), within ±6' })
  @ApiCreatedResponse({ type: ReputationChangeResult })
  changeReputation(
    @CurrentPrincipal() who: Principal,
    @Body() input: ReputationChangeInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.advancement.changeReputation(who, input, req);
  }

  @Post('circles')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'COEAC: a Circles test; the faction’s stored Reputation adds or takes dice' })
  @ApiCreatedResponse({ type: CampaignCirclesResult })
  circles(
    @CurrentPrincipal() who: Principal,
    @Body() input: CampaignCirclesInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.advancement.circles(who, input, req);
  }
}
