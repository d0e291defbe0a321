import { PageQuery, pageInMemory } from '../common/pagination';
import { Body, Controller, Get, HttpCode, Post, Req, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ArbiterRequest } from '../common/request-context';
import {
  CairnHirelingInput,
  CoeacFollowerInput,
  CoeacHirelingInput,
  CriticalPoolCheckInput,
  DamageHalvingInput,
  ExtendedCheckInput,
  FollowerLossInput,
  GmAbilityRollsInput,
  GmBodyRollInput,
  GmDerivationInput,
  GmTaskCheckInput,
  MultiContestCheckInput,
  NpcMoraleCheckInput,
  ObjectiveFromFactorsInput,
} from './builder.inputs';
import {
  CairnHirelingResult,
  CoeacNpcResult,
  CriticalPoolCheckResult,
  DamageHalvingResult,
  ExtendedCheckResult,
  FollowerLossResult,
  GmAbilityRollsResult,
  GmBodyRollResult,
  GmDerivationResult,
  GmSpeciesList,
  GmTaskCheckResult,
  MultiContestCheckResult,
  NpcMoraleCheckResult,
  ObjectiveResult,
} from './builder.results';
import { CharactersBuilderService } from './builder.service';

/** Stateless character building and NPC making: no key, nothing stored. */
@ApiTags('characters')
@Controller('characters')
export class CharactersBuilderController {
  constructor(private readonly builder: CharactersBuilderService) {}

  @Post('gm/ability-rolls')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: six ability scores, each 4d6 keeping the highest three' })
  @ApiOkResponse({ type: GmAbilityRollsResult })
  gmAbilityRolls(@Body() input: GmAbilityRollsInput, @Req() req: ArbiterRequest) {
    return this.builder.roll('gmAbilityRolls', input, req);
  }

  @Get('gm/species')
  @ApiOperation({ summary: 'G&M: the species we ship (only what the worked example states)' })
  @ApiOkResponse({ type: GmSpeciesList })
  gmSpecies(@Query() page: PageQuery) {
    return pageInMemory(this.builder.species(), page);
  }

  @Post('gm/derivations')
  @HttpCode(200)
  @ApiOperation({
    summary: 'G&M: reactions, survival, verve, mojo, attack, defense and damage from scores and archetype',
  })
  @ApiOkResponse({ type: GmDerivationResult })
  gmDerivation(@Body() input: GmDerivationInput) {
    return this.builder.derive(input);
  }

  @Post('gm/body-rolls')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: age, height and weight from species numbers (referee data) and the scores' })
  @ApiOkResponse({ type: GmBodyRollResult })
  gmBodyRoll(@Body() input: GmBodyRollInput, @Req() req: ArbiterRequest) {
    return this.builder.roll('gmBody', input, req);
  }

  @Post('cairn/hirelings')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cairn: a hireling (3d6 STR, DEX, WIL; 1d6 HP) as an NPC sheet' })
  @ApiOkResponse({ type: CairnHirelingResult })
  cairnHireling(@Body() input: CairnHirelingInput, @Req() req: ArbiterRequest) {
    return this.builder.roll('cairnHireling', input, req);
  }

  @Post('coeac/hirelings')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC: a hireling from its Cost-table line (Pool, HP, Role, carrier slots)' })
  @ApiOkResponse({ type: CoeacNpcResult })
  coeacHireling(@Body() input: CoeacHirelingInput) {
    return this.builder.coeacHireling(input);
  }

  @Post('coeac/followers')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC: a follower or animal as an NPC sheet, with its morale rule' })
  @ApiOkResponse({ type: CoeacNpcResult })
  coeacFollower(@Body() input: CoeacFollowerInput) {
    return this.builder.coeacFollower(input);
  }

  @Post('coeac/morale-checks')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'COEAC: an NPC’s morale by its kind (followers exempt, hirelings contested, trained animals rated)',
  })
  @ApiOkResponse({ type: NpcMoraleCheckResult })
  npcMorale(@Body() input: NpcMoraleCheckInput, @Req() req: ArbiterRequest) {
    return this.builder.roll('npcMorale', input, req);
  }

  @Post('coeac/follower-losses')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC: whether a lost follower is replaced, and from which session' })
  @ApiOkResponse({ type: FollowerLossResult })
  followerLoss(@Body() input: FollowerLossInput) {
    return this.builder.followerLoss(input);
  }
}

/** Stateless check helpers beside the checks: no key, nothing stored. */
@ApiTags('checks')
@Controller('checks')
export class CheckHelpersController {
  constructor(private readonly builder: CharactersBuilderService) {}

  @Post('objective')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC: an Objective from its Factors, with its label' })
  @ApiOkResponse({ type: ObjectiveResult })
  objective(@Body() input: ObjectiveFromFactorsInput) {
    return this.builder.objective(input);
  }

  @Post('pool-critical')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC pool test with the critical flag (margin of 3 or more)' })
  @ApiOkResponse({ type: CriticalPoolCheckResult })
  poolCritical(@Body() input: CriticalPoolCheckInput, @Req() req: ArbiterRequest) {
    return this.builder.roll('criticalPool', input, req);
  }

  @Post('extended')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC extended test: pool tests toward a count or ratio of passes' })
  @ApiOkResponse({ type: ExtendedCheckResult })
  extended(@Body() input: ExtendedCheckInput, @Req() req: ArbiterRequest) {
    return this.builder.roll('extended', input, req);
  }

  @Post('damage-halving')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC: halve a damage result after adding +Ns, rounding up' })
  @ApiOkResponse({ type: DamageHalvingResult })
  damageHalving(@Body() input: DamageHalvingInput) {
    return this.builder.halveDamage(input);
  }

  @Post('gm-task')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M roll with field bonus, careful attempt, assistance and failure location' })
  @ApiOkResponse({ type: GmTaskCheckResult })
  gmTask(@Body() input: GmTaskCheckInput, @Req() req: ArbiterRequest) {
    return this.builder.roll('gmTask', input, req);
  }

  @Post('gm-multi-contest')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M contest of two to six sides racing for one goal' })
  @ApiOkResponse({ type: MultiContestCheckResult })
  gmMultiContest(@Body() input: MultiContestCheckInput, @Req() req: ArbiterRequest) {
    return this.builder.roll('multiContest', input, req);
  }
}
