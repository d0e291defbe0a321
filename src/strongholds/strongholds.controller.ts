import { PageQuery, pageInMemory } from '../common/pagination';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { StrongholdBonus } from '../checks/check.results';
import type { ArbiterRequest } from '../common/request-context';
import {
  AddStrongholdTagInput,
  BonusDiceQuery,
  CompanyIncomeInput,
  CreateStrongholdInput,
  StrongholdImprovementInput,
  StrongholdImprovementRollInput,
  StrongholdListQuery,
  UpdateStrongholdInput,
} from './strongholds.inputs';
import {
  CompanyIncomeResult,
  Stronghold,
  StrongholdImprovementResult,
  StrongholdImprovementRollResult,
  StrongholdPage,
  StrongholdRankList,
  SuggestedStrongholdTagList,
} from './strongholds.results';
import { StrongholdsService } from './strongholds.service';

/** Stateless stronghold rolls and reference lists: no key, nothing stored. */
@ApiTags('strongholds')
@Controller('strongholds')
export class StrongholdsReferenceController {
  constructor(private readonly strongholds: StrongholdsService) {}

  @Post('improvement-rolls')
  @HttpCode(200)
  @ApiOperation({
    summary: 'COEAC stronghold improvement: Wealth + wagered Cash against Ob = 8 + 2 × target rank',
  })
  @ApiOkResponse({ type: StrongholdImprovementRollResult })
  improvementRoll(@Body() input: StrongholdImprovementRollInput, @Req() req: ArbiterRequest) {
    return this.strongholds.improvementRoll(input, req);
  }

  @Get('ranks')
  @ApiOperation({ summary: 'The stronghold rank table: Ob to reach each rank and its tag allowance' })
  @ApiOkResponse({ type: StrongholdRankList })
  ranks(@Query() page: PageQuery): StrongholdRankList {
    return pageInMemory(this.strongholds.ranks(), page);
  }

  @Get('tags')
  @ApiOperation({ summary: 'Our suggested stronghold tags, with which are economic' })
  @ApiOkResponse({ type: SuggestedStrongholdTagList })
  tags(@Query() page: PageQuery): SuggestedStrongholdTagList {
    return pageInMemory(this.strongholds.suggestedTags(), page);
  }
}

@ApiTags('strongholds')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/strongholds')
export class CampaignStrongholdsController {
  constructor(private readonly strongholds: StrongholdsService) {}

  @Post()
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Found a stronghold at rank 0 (no owner: the company’s, referee only)' })
  @ApiCreatedResponse({ type: Stronghold })
  create(
    @CurrentPrincipal() who: Principal,
    @Body() input: CreateStrongholdInput,
    @Req() req: ArbiterRequest,
  ): Promise<Stronghold> {
    return this.strongholds.create(who, input, req);
  }

  @Get()
  @ApiOperation({ summary: 'The campaign’s strongholds, oldest first' })
  @ApiOkResponse({ type: StrongholdPage })
  list(@CurrentPrincipal() who: Principal, @Query() query: StrongholdListQuery) {
    return this.strongholds.list(who, query);
  }

  @Get('bonus-dice')
  @ApiOperation({
    summary:
      'Bonus dice a task gets from the character’s and the company’s strongholds (tags matched case-insensitively)',
  })
  @ApiOkResponse({ type: StrongholdBonus })
  bonusDice(@CurrentPrincipal() who: Principal, @Query() query: BonusDiceQuery) {
    return this.strongholds.bonusDice(who, query);
  }

  @Get(':strongholdId')
  @ApiOperation({ summary: 'One stronghold' })
  @ApiOkResponse({ type: Stronghold })
  get(@CurrentPrincipal() who: Principal, @Param('strongholdId') id: string): Promise<Stronghold> {
    return this.strongholds.get(who, id);
  }

  @Patch(':strongholdId')
  @HttpCode(200)
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Rename a stronghold or change its kind (its owner’s key or the referee)' })
  @ApiOkResponse({ type: Stronghold })
  update(
    @CurrentPrincipal() who: Principal,
    @Param('strongholdId') id: string,
    @Body() input: UpdateStrongholdInput,
    @Req() req: ArbiterRequest,
  ): Promise<Stronghold> {
    return this.strongholds.update(who, id, input, req);
  }

  @Delete(':strongholdId')
  @Roles('referee')
  @ApiOperation({ summary: 'Remove a stronghold (referee); its rolls stay in the log' })
  @ApiOkResponse({ type: Stronghold })
  remove(
    @CurrentPrincipal() who: Principal,
    @Param('strongholdId') id: string,
    @Req() req: ArbiterRequest,
  ): Promise<Stronghold> {
    return this.strongholds.remove(who, id, req);
  }

  @Post(':strongholdId/improvements')
  @Roles('referee', 'player')
  @ApiOperation({
    summary: 'Try to raise a stronghold one rank (0 → 1 builds it): once per session per stronghold',
  })
  @ApiCreatedResponse({ type: StrongholdImprovementResult })
  improve(
    @CurrentPrincipal() who: Principal,
    @Param('strongholdId') id: string,
    @Body() input: StrongholdImprovementInput,
    @Req() req: ArbiterRequest,
  ): Promise<StrongholdImprovementResult> {
    return this.strongholds.improve(who, id, input ?? {}, req);
  }

  @Post(':strongholdId/tags')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Add a tag: ordinary ones up to 2 × rank; earned ones (referee) beyond it' })
  @ApiCreatedResponse({ type: Stronghold })
  addTag(
    @CurrentPrincipal() who: Principal,
    @Param('strongholdId') id: string,
    @Body() input: AddStrongholdTagInput,
    @Req() req: ArbiterRequest,
  ): Promise<Stronghold> {
    return this.strongholds.addTag(who, id, input, req);
  }

  @Delete(':strongholdId/tags/:name')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Remove a tag (matched case-insensitively; an earned tag: referee only)' })
  @ApiOkResponse({ type: Stronghold })
  removeTag(
    @CurrentPrincipal() who: Principal,
    @Param('strongholdId') id: string,
    @Param('name') name: string,
    @Req() req: ArbiterRequest,
  ): Promise<Stronghold> {
    return this.strongholds.removeTag(who, id, name, req);
  }
}

@ApiTags('strongholds')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/treasury')
export class CompanyIncomeController {
  constructor(private readonly strongholds: StrongholdsService) {}

  @Post('income')
  @Roles('referee')
  @ApiOperation({
    summary: 'Roll the company strongholds’ economic tags into the treasury (referee, once per session)',
  })
  @ApiCreatedResponse({ type: CompanyIncomeResult })
  income(
    @CurrentPrincipal() who: Principal,
    @Body() input: CompanyIncomeInput,
    @Req() req: ArbiterRequest,
  ): Promise<CompanyIncomeResult> {
    return this.strongholds.companyIncome(who, input ?? {}, req);
  }
}
