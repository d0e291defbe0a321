import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { ArbiterRequest } from '../common/request-context';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CoeacCirclesInput,
  CoeacRecognitionInput,
  GmLevelStandingInput,
  GmLevelUpInput,
  GmMojoBidInput,
  GmMojoCostInput,
  GmManifestationInput,
  GmPooledProjectInput,
  GmPracticalMojoInput,
  GmSpellCompatibilityInput,
  GmSpellPriceInput,
  GmStudyInput,
} from './advancement.inputs';
import {
  CoeacCirclesResult,
  CoeacRecognitionResult,
  GmLevelStandingResult,
  GmLevelUpResult,
  GmMojoBidResult,
  GmMojoCostResult,
  GmManifestationResult,
  GmPooledProjectResult,
  GmPracticalMojoResult,
  GmSpellCompatibilityResult,
  GmSpellPriceResult,
  GmStudyResult,
} from './advancement.results';
import { AdvancementService } from './advancement.service';

/** Stateless advancement: G&M mojo, study and levels; COEAC Circles and recognition. No key, nothing stored. */
@ApiTags('advancement')
@Controller('advancement')
export class AdvancementController {
  constructor(private readonly advancement: AdvancementService) {}

  @Post('gm/mojo-costs')
  @HttpCode(200)
  @ApiOperation({
    summary: 'G&M: the mojo price of an ability point, field bonus, field, skill, technique or weapon skill',
  })
  @ApiOkResponse({ type: GmMojoCostResult })
  gmMojoCost(@Body() input: GmMojoCostInput) {
    return this.advancement.mojoCost(input);
  }

  @Post('gm/mojo-bids')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'G&M: a mojo bid on a failed archetypal roll: what it turns, the mojo lost, the experience and any improvement won',
  })
  @ApiOkResponse({ type: GmMojoBidResult })
  gmMojoBid(@Body() input: GmMojoBidInput) {
    return this.advancement.mojoBid(input);
  }

  @Post('gm/study')
  @HttpCode(200)
  @ApiOperation({
    summary: 'G&M: practical-mojo study: mojo per period from the resources, silver, fees and limits',
  })
  @ApiOkResponse({ type: GmStudyResult })
  gmStudy(@Body() input: GmStudyInput) {
    return this.advancement.study(input);
  }

  @Post('gm/level-ups')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'G&M: a new level: the survival or verve d10 with its distribution, reactions, Fighting Art, specialty, mojo',
  })
  @ApiOkResponse({ type: GmLevelUpResult })
  gmLevelUp(@Body() input: GmLevelUpInput, @Req() req: ArbiterRequest) {
    return this.advancement.levelUp(input, req);
  }

  @Post('gm/levels')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: the level a total of experience reaches, and the next threshold' })
  @ApiOkResponse({ type: GmLevelStandingResult })
  gmLevels(@Body() input: GmLevelStandingInput) {
    return this.advancement.levels(input);
  }

  @Post('coeac/circles')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'COEAC: a Circles check: Ob from the factors, ±1d per Reputation, willing or not, the Enmity Clause',
  })
  @ApiOkResponse({ type: CoeacCirclesResult })
  coeacCircles(@Body() input: CoeacCirclesInput, @Req() req: ArbiterRequest) {
    return this.advancement.circles(input, req);
  }

  @Post('coeac/recognition')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC: is the Company recognised by a faction (d8 ≤ |Reputation|)' })
  @ApiOkResponse({ type: CoeacRecognitionResult })
  coeacRecognition(@Body() input: CoeacRecognitionInput, @Req() req: ArbiterRequest) {
    return this.advancement.recognition(input, req);
  }

  @Post('gm/spell-prices')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: a spell bought with mojo: 3 per level, experimentation, free inscription' })
  @ApiOkResponse({ type: GmSpellPriceResult })
  gmSpellPrice(@Body() input: GmSpellPriceInput) {
    return this.advancement.spellPrice(input);
  }

  @Post('gm/spell-compatibility')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: a spell compatibility roll: d20 at or under reason + 6 − spell level' })
  @ApiOkResponse({ type: GmSpellCompatibilityResult })
  gmSpellCompatibility(@Body() input: GmSpellCompatibilityInput, @Req() req: ArbiterRequest) {
    return this.advancement.spellCompatibility(input, req);
  }

  @Post('gm/manifestations')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: the level a manifestation invented at the table is used at (guess + 2)' })
  @ApiOkResponse({ type: GmManifestationResult })
  gmManifestation(@Body() input: GmManifestationInput) {
    return this.advancement.manifestation(input);
  }

  @Post('gm/pooled-projects')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: mojo pooled on one project: the dearest cost applies' })
  @ApiOkResponse({ type: GmPooledProjectResult })
  gmPooledProject(@Body() input: GmPooledProjectInput) {
    return this.advancement.pooledProject(input);
  }

  @Post('gm/practical-mojo')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: whether practical mojo may pay for a use' })
  @ApiOkResponse({ type: GmPracticalMojoResult })
  gmPracticalMojo(@Body() input: GmPracticalMojoInput) {
    return this.advancement.practicalMojo(input);
  }
}
