import { PageQuery, pageInMemory } from '../common/pagination';
import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ArbiterRequest } from '../common/request-context';
import { TreasureReferenceService } from './treasure-reference.service';
import {
  ArtifactRollInput,
  CacheRollInput,
  HarvestInput,
  LootExperienceInput,
  SiteHordesInput,
  SpellbookInput,
  SpellSearchQuery,
} from './treasure.inputs';
import {
  ArtifactRollResult,
  ArtifactTypeList,
  CacheList,
  CacheRollResult,
  CairnSpellList,
  GmLevelList,
  HarvestResult,
  LootExperienceResult,
  MonsterMenu,
  SiteHordesResult,
  SpellbookResult,
} from './treasure.results';

/** Treasure tables and stateless treasure rolls: no key, nothing stored. */
@ApiTags('treasure')
@Controller('treasure')
export class TreasureReferenceController {
  constructor(private readonly treasure: TreasureReferenceService) {}

  @Get('caches')
  @ApiOperation({ summary: 'COEAC caches by difficulty: nominal Cash, range, example dangers' })
  @ApiOkResponse({ type: CacheList })
  caches(@Query() page: PageQuery): CacheList {
    return pageInMemory(this.treasure.caches(), page);
  }

  @Get('artifact-types')
  @ApiOperation({ summary: 'The random artifact subtable (d10)' })
  @ApiOkResponse({ type: ArtifactTypeList })
  artifactTypes(@Query() page: PageQuery): ArtifactTypeList {
    return pageInMemory(this.treasure.artifactTypes(), page);
  }

  @Get('monster-menu')
  @ApiOperation({ summary: 'The Monster Menu, its Rare Organ subtable and the grade offsets' })
  @ApiOkResponse({ type: MonsterMenu })
  monsterMenu(): MonsterMenu {
    return this.treasure.monsterMenu();
  }

  @Get('spells')
  @ApiOperation({ summary: 'Cairn’s 100 spells (d100), optionally searched by name' })
  @ApiOkResponse({ type: CairnSpellList })
  spells(@Query() query: SpellSearchQuery): CairnSpellList {
    return pageInMemory(this.treasure.spells(query), query);
  }

  @Get('levels')
  @ApiOperation({ summary: 'G&M levels 1–20: 500 × L × (L − 1) experience' })
  @ApiOkResponse({ type: GmLevelList })
  levels(@Query() page: PageQuery): GmLevelList {
    return pageInMemory(this.treasure.levels(), page);
  }

  @Post('cache-rolls')
  @HttpCode(200)
  @ApiOperation({ summary: 'A cache’s Cash: a uniform whole number in the difficulty’s range' })
  @ApiOkResponse({ type: CacheRollResult })
  cacheRoll(@Body() input: CacheRollInput, @Req() req: ArbiterRequest) {
    return this.treasure.roll('cache', input, req);
  }

  @Post('site-hordes')
  @HttpCode(200)
  @ApiOperation({ summary: 'A site’s hordes: half the average players, rounded at random, each a cache' })
  @ApiOkResponse({ type: SiteHordesResult })
  siteHordes(@Body() input: SiteHordesInput, @Req() req: ArbiterRequest) {
    return this.treasure.roll('siteHordes', input, req);
  }

  @Post('artifact-rolls')
  @HttpCode(200)
  @ApiOperation({ summary: 'Which artifact subtable (d10)' })
  @ApiOkResponse({ type: ArtifactRollResult })
  artifactRoll(@Body() input: ArtifactRollInput, @Req() req: ArbiterRequest) {
    return this.treasure.roll('artifact', input ?? {}, req);
  }

  @Post('harvests')
  @HttpCode(200)
  @ApiOperation({ summary: 'Harvest a monster: three Monster Menu rolls of d6 + the grade’s offset' })
  @ApiOkResponse({ type: HarvestResult })
  harvest(@Body() input: HarvestInput, @Req() req: ArbiterRequest) {
    return this.treasure.roll('harvest', input, req);
  }

  @Post('spellbooks')
  @HttpCode(200)
  @ApiOperation({ summary: 'A found spellbook or scroll: a random Cairn spell (d100)' })
  @ApiOkResponse({ type: SpellbookResult })
  spellbook(@Body() input: SpellbookInput, @Req() req: ArbiterRequest) {
    return this.treasure.roll('spellbook', input ?? {}, req);
  }

  @Post('loot-experience')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M loot experience: 2 per silver, divided (default) or each' })
  @ApiOkResponse({ type: LootExperienceResult })
  lootExperience(@Body() input: LootExperienceInput): LootExperienceResult {
    return this.treasure.lootExperience(input);
  }
}
