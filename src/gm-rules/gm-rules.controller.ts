import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  GmCarvingInput,
  GmFullHelmetInput,
  GmItemTaskInput,
  GmLightInput,
  GmLoadInput,
  GmLockInput,
  GmRidingInput,
  GmStrengthBowPriceInput,
  GmVerveTestInput,
} from './gm-rules.inputs';
import {
  GmCarvingResult,
  GmFullHelmetResult,
  GmItemTaskResult,
  GmLightResult,
  GmLoadResult,
  GmLockResult,
  GmRidingResult,
  GmStrengthBowPriceResult,
  GmVerveTestResult,
} from './gm-rules.results';
import { GmRulesService } from './gm-rules.service';

/** G&M equipment side rules that carry numbers (issue 43: M6, M10, M16, M21, M22): no key, nothing stored. */
@ApiTags('wealth')
@Controller('wealth/gm')
export class GmEquipmentController {
  constructor(private readonly rules: GmRulesService) {}

  @Post('carvings')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: a carving in bone, metal or stone (cost and bulk multipliers)' })
  @ApiOkResponse({ type: GmCarvingResult })
  carving(@Body() input: GmCarvingInput) {
    return this.rules.carving(input);
  }

  @Post('locks')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: a better lock: −1 to picking for each doubling of the price' })
  @ApiOkResponse({ type: GmLockResult })
  lock(@Body() input: GmLockInput) {
    return this.rules.lock(input);
  }

  @Post('light-sources')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: a candle, torch or lantern: radius, burn time, lighting it' })
  @ApiOkResponse({ type: GmLightResult })
  light(@Body() input: GmLightInput) {
    return this.rules.light(input);
  }

  @Post('item-tasks')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: rounds to strike a fire, light a torch or lantern, reach into a backpack' })
  @ApiOkResponse({ type: GmItemTaskResult })
  itemTask(@Body() input: GmItemTaskInput) {
    return this.rules.itemTask(input);
  }

  @Post('full-helmets')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: a full helmet’s cost and its −1 to perception and attack' })
  @ApiOkResponse({ type: GmFullHelmetResult })
  fullHelmet(@Body() input: GmFullHelmetInput) {
    return this.rules.fullHelmet(input);
  }

  @Post('strength-bows')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: the price multiple of a weapon built for strength' })
  @ApiOkResponse({ type: GmStrengthBowPriceResult })
  strengthBow(@Body() input: GmStrengthBowPriceInput) {
    return this.rules.strengthBow(input);
  }

  @Post('loads')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: items against strength, hands by bulk, half bulk, containers as one item' })
  @ApiOkResponse({ type: GmLoadResult })
  load(@Body() input: GmLoadInput) {
    return this.rules.load(input);
  }
}

/** G&M riding without a saddle (issue 43: M23). */
@ApiTags('hazards')
@Controller('hazards/gm')
export class GmRidingController {
  constructor(private readonly rules: GmRulesService) {}

  @Post('riding')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: riding on a blanket or bareback: riding-roll and daily Movement penalties' })
  @ApiOkResponse({ type: GmRidingResult })
  riding(@Body() input: GmRidingInput) {
    return this.rules.riding(input);
  }
}

/** G&M: the four tests of an archetypal loss (issue 43: S2). */
@ApiTags('harm')
@Controller('harm/gm')
export class GmVerveTestsController {
  constructor(private readonly rules: GmRulesService) {}

  @Post('verve-tests')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M: may verve take this loss? The four tests, decided from what caused it' })
  @ApiOkResponse({ type: GmVerveTestResult })
  verveTest(@Body() input: GmVerveTestInput) {
    return this.rules.verveTest(input);
  }
}
