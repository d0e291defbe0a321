import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { PageQuery, pageInMemory } from '../common/pagination';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ArbiterRequest } from '../common/request-context';
import {
  ArchsoulConditionInput,
  CairnDamageInput,
  CairnDeprivationInput,
  CairnRestInput,
  CoeacDamageInput,
  CoeacEatingInput,
  CoeacRestInput,
  DownAndOutInput,
  GmDamageInput,
  GmDeathRollInput,
  GmHealingInput,
  GmHeroicEffortInput,
  GmNpcSurvivalInput,
} from './harm.inputs';
import {
  ArchsoulConditionResult,
  ArchsoulStatusList,
  CairnDamageResult,
  CairnDeprivationResult,
  CairnRestResult,
  CairnScarList,
  CoeacArmorList,
  CoeacDamageResult,
  CoeacEatingResult,
  CoeacRestResult,
  DownAndOutResult,
  DownAndOutTable,
  GmDamageResult,
  GmDeathRollResult,
  GmHealingResult,
  GmHeroicEffortResult,
  GmNpcSurvivalResult,
} from './harm.results';
import { HarmService } from './harm.service';

/** Harm and recovery, stateless: the sheet's numbers in the request, the changes in the answer. */
@ApiTags('harm')
@Controller('harm')
export class HarmController {
  constructor(private readonly harm: HarmService) {}

  // Cairn

  @Post('cairn/damage')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cairn damage: Armor, HP, scars at exactly 0, STR and the critical-damage save' })
  @ApiOkResponse({ type: CairnDamageResult })
  cairnDamage(@Body() input: CairnDamageInput, @Req() req: ArbiterRequest) {
    return this.harm.roll('cairnDamage', input, req);
  }

  @Post('cairn/rests')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cairn short rest, night or week: what comes back (nothing while Deprived)' })
  @ApiOkResponse({ type: CairnRestResult })
  cairnRest(@Body() input: CairnRestInput) {
    return this.harm.cairnRest(input);
  }

  @Post('cairn/deprivation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cairn deprivation: Fatigue by the day, and items dropped for lack of slots' })
  @ApiOkResponse({ type: CairnDeprivationResult })
  cairnDeprivation(@Body() input: CairnDeprivationInput) {
    return this.harm.cairnDeprivation(input);
  }

  @Get('cairn/scars')
  @ApiOperation({ summary: 'The Cairn scars table, in our words' })
  @ApiOkResponse({ type: CairnScarList })
  cairnScars(@Query() page: PageQuery) {
    return pageInMemory(this.harm.cairnScars(), page);
  }

  // COEAC

  @Post('coeac/damage')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC damage: Block, bonus HP, HP, and whether the character is down and out' })
  @ApiOkResponse({ type: CoeacDamageResult })
  coeacDamage(@Body() input: CoeacDamageInput) {
    return this.harm.coeacDamage(input);
  }

  @Post('coeac/down-and-out')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC Down and Out: Medicine aid (Ob 3), then 2d6 on the table, lots drawn' })
  @ApiOkResponse({ type: DownAndOutResult })
  downAndOut(@Body() input: DownAndOutInput, @Req() req: ArbiterRequest) {
    return this.harm.roll('downAndOut', input ?? {}, req);
  }

  @Get('coeac/down-and-out')
  @ApiOperation({ summary: 'The COEAC Down and Out table and its exact odds' })
  @ApiOkResponse({ type: DownAndOutTable })
  downAndOutTable() {
    return this.harm.downAndOutTable();
  }

  @Post('coeac/rests')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC short or long rest: HP, class resource, Block and per-day powers' })
  @ApiOkResponse({ type: CoeacRestResult })
  coeacRest(@Body() input: CoeacRestInput) {
    return this.harm.coeacRest(input);
  }

  @Post('coeac/eating')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC Monster Menu: eating meat, viscera, bones or a heart (or keeping meat)' })
  @ApiOkResponse({ type: CoeacEatingResult })
  coeacEating(@Body() input: CoeacEatingInput, @Req() req: ArbiterRequest) {
    return this.harm.roll('coeacEating', input, req);
  }

  @Get('coeac/armor')
  @ApiOperation({ summary: 'COEAC armour kinds: Block, uses a day, slots and penalty dice' })
  @ApiOkResponse({ type: CoeacArmorList })
  coeacArmor(@Query() page: PageQuery) {
    return pageInMemory(this.harm.coeacArmor(), page);
  }

  // Archsoul

  @Post('archsoul/condition')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul HP thresholds, a hit or coup de grâce, and rounds unconscious' })
  @ApiOkResponse({ type: ArchsoulConditionResult })
  archsoulCondition(@Body() input: ArchsoulConditionInput, @Req() req: ArbiterRequest) {
    return this.harm.roll('archsoulCondition', input, req);
  }

  @Get('archsoul/statuses')
  @ApiOperation({ summary: 'The five Archsoul statuses, in our words' })
  @ApiOkResponse({ type: ArchsoulStatusList })
  archsoulStatuses(@Query() page: PageQuery) {
    return pageInMemory(this.harm.archsoulStatuses(), page);
  }

  // G&M

  @Post('gm/damage')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M damage: temporary pool, verve, survival, injuries, consciousness' })
  @ApiOkResponse({ type: GmDamageResult })
  gmDamage(@Body() input: GmDamageInput, @Req() req: ArbiterRequest) {
    return this.harm.roll('gmDamage', input, req);
  }

  @Post('gm/death-roll')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M death roll: injuries against endurance, and the timer' })
  @ApiOkResponse({ type: GmDeathRollResult })
  gmDeathRoll(@Body() input: GmDeathRollInput, @Req() req: ArbiterRequest) {
    return this.harm.roll('gmDeathRoll', input, req);
  }

  @Post('gm/heroic-last-effort')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M heroic last effort: one roll at +level, no injury penalty' })
  @ApiOkResponse({ type: GmHeroicEffortResult })
  gmHeroicLastEffort(@Body() input: GmHeroicEffortInput, @Req() req: ArbiterRequest) {
    return this.harm.roll('gmHeroicLastEffort', input, req);
  }

  @Post('gm/healing')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M healing: a night or day of rest, a new day’s verve, an encounter, aid' })
  @ApiOkResponse({ type: GmHealingResult })
  gmHealing(@Body() input: GmHealingInput, @Req() req: ArbiterRequest) {
    return this.harm.roll('gmHealing', input, req);
  }

  @Post('gm/npc-survival')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M NPC survival (d6 a level, d10 for warriors) and estimated endurance' })
  @ApiOkResponse({ type: GmNpcSurvivalResult })
  gmNpcSurvival(@Body() input: GmNpcSurvivalInput, @Req() req: ArbiterRequest) {
    return this.harm.roll('gmNpcSurvival', input, req);
  }
}
