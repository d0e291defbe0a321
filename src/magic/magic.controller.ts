import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ArbiterRequest } from '../common/request-context';
import {
  CoeacCatastropheInput,
  CoeacChannelingInput,
  CoeacCounterspellInput,
  CoeacRandomSpellInput,
  CoeacSpellMasteryInput,
  CoeacSpellQuery,
} from './magic.inputs';
import {
  CoeacCatastropheResult,
  CoeacChannelingResult,
  CoeacCounterspellResult,
  CoeacRandomSpellResult,
  CoeacSpellInfo,
  CoeacSpellList,
  CoeacSpellMasteryResult,
} from './magic.results';
import { MagicService } from './magic.service';

/** COEAC magic, stateless: the numbers in the request, no key, nothing stored; and the catalogue. */
@ApiTags('magic')
@Controller('magic/coeac')
export class MagicController {
  constructor(private readonly magic: MagicService) {}

  @Post('channelings')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'COEAC channeling: one Control, Potency = successes, backlash below the Ob, the zero-success mutation save, duration, save Ob',
  })
  @ApiOkResponse({ type: CoeacChannelingResult })
  channeling(@Body() input: CoeacChannelingInput, @Req() req: ArbiterRequest) {
    return this.magic.resolve('channeling', input, req);
  }

  @Post('counterspells')
  @HttpCode(200)
  @ApiOperation({
    summary: 'COEAC counterspell: Arcane Lore at Ob = Potency + 1; damage = margin of failure',
  })
  @ApiOkResponse({ type: CoeacCounterspellResult })
  counterspell(@Body() input: CoeacCounterspellInput, @Req() req: ArbiterRequest) {
    return this.magic.resolve('counterspell', input, req);
  }

  @Post('spell-masteries')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC Spell Mastery: the blind cast, then the skill at the spell’s Ob + 1' })
  @ApiOkResponse({ type: CoeacSpellMasteryResult })
  spellMastery(@Body() input: CoeacSpellMasteryInput, @Req() req: ArbiterRequest) {
    return this.magic.resolve('spellMastery', input, req);
  }

  @Post('catastrophes')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'COEAC spell catastrophe: the Discipline save (Ob = damage), the d6, then the entry’s own numbers',
  })
  @ApiOkResponse({ type: CoeacCatastropheResult })
  catastrophe(@Body() input: CoeacCatastropheInput, @Req() req: ArbiterRequest) {
    return this.magic.resolve('catastropheV2', input, req);
  }

  @Post('random-spells')
  @HttpCode(200)
  @ApiOperation({ summary: 'A random COEAC spell: d8 family (unless named), d10 spell' })
  @ApiOkResponse({ type: CoeacRandomSpellResult })
  randomSpell(@Body() input: CoeacRandomSpellInput, @Req() req: ArbiterRequest) {
    return this.magic.resolve('randomSpell', input, req);
  }

  @Get('spells')
  @ApiOperation({
    summary: 'COEAC’s 80 spells and the d8 family table, filtered by family, skill, Ob or text',
  })
  @ApiOkResponse({ type: CoeacSpellList })
  spells(@Query() query: CoeacSpellQuery): CoeacSpellList {
    return this.magic.spells(query);
  }

  @Get('spells/:spellId')
  @ApiOperation({ summary: 'One COEAC spell by id' })
  @ApiOkResponse({ type: CoeacSpellInfo })
  spell(@Param('spellId') spellId: string): CoeacSpellInfo {
    return this.magic.spell(spellId);
  }
}
