import { PageQuery, pageInMemory } from '../../common/pagination';
import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ArbiterRequest } from '../../common/request-context';
import { WealthReferenceService } from './wealth-reference.service';
import { WealthRollsService } from './wealth-rolls.service';
import {
  CatalogQuery,
  ImprovementRollInput,
  ImprovementWagerQuery,
  IncomeRollInput,
  LivingExpensesInput,
  PurchaseRollInput,
  PurchaseWagerQuery,
  SaleRollInput,
  ScaleItemInput,
  StartingMoneyInput,
  StrongholdWagerQuery,
  UpkeepCostInput,
  WealthCostsQuery,
} from './wealth.inputs';
import {
  CatalogItemList,
  ImprovementRollResult,
  IncomeRollResult,
  LifestyleList,
  LivingExpenses,
  ProcedureWagerOdds,
  PurchaseRollResult,
  SaleRollResult,
  ScaledItem,
  StartingMoney,
  UpkeepCost,
  WealthCostList,
} from './wealth.results';

/** Stateless Cash rolls, wealth reference data and G&M money calculators: no key, nothing stored. */
@ApiTags('wealth')
@Controller('wealth')
export class WealthReferenceController {
  constructor(
    private readonly rolls: WealthRollsService,
    private readonly reference: WealthReferenceService,
  ) {}

  @Post('purchase-rolls')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC purchase: wager Cash to buy something of a given Cost' })
  @ApiOkResponse({ type: PurchaseRollResult })
  purchaseRoll(@Body() input: PurchaseRollInput, @Req() req: ArbiterRequest) {
    return this.rolls.roll('purchase', input, req);
  }

  @Post('sale-rolls')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC sale: Cost − Wealth dice, 1 Cash per success' })
  @ApiOkResponse({ type: SaleRollResult })
  saleRoll(@Body() input: SaleRollInput, @Req() req: ArbiterRequest) {
    return this.rolls.roll('sale', input, req);
  }

  @Post('income-rolls')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC Income: Wealth dice plus economic tags, 1 Cash per success' })
  @ApiOkResponse({ type: IncomeRollResult })
  incomeRoll(@Body() input: IncomeRollInput, @Req() req: ArbiterRequest) {
    return this.rolls.roll('income', input, req);
  }

  @Post('improvement-rolls')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC Wealth improvement: wagered Cash against Ob = 2 × target rank' })
  @ApiOkResponse({ type: ImprovementRollResult })
  improvementRoll(@Body() input: ImprovementRollInput, @Req() req: ArbiterRequest) {
    return this.rolls.roll('improvement', input, req);
  }

  @Get('lifestyles')
  @ApiOperation({ summary: 'The default COEAC lifestyle grades and the Wealth each covers' })
  @ApiOkResponse({ type: LifestyleList })
  lifestyles(@Query() page: PageQuery): LifestyleList {
    return pageInMemory(this.reference.lifestyles(), page);
  }

  @Get('costs')
  @ApiOperation({ summary: 'Search the COEAC goods and services Cost table' })
  @ApiOkResponse({ type: WealthCostList })
  costs(@Query() query: WealthCostsQuery): WealthCostList {
    return pageInMemory(this.reference.costs(query), query);
  }

  @Get('catalog')
  @ApiOperation({ summary: 'Search the G&M price/bulk catalog' })
  @ApiOkResponse({ type: CatalogItemList })
  catalog(@Query() query: CatalogQuery): CatalogItemList {
    return pageInMemory(this.reference.catalog(query), query);
  }

  @Post('item-scalings')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M size scaling of an item' })
  @ApiOkResponse({ type: ScaledItem })
  scaleItem(@Body() input: ScaleItemInput): ScaledItem {
    return this.reference.scaleItem(input);
  }

  @Post('upkeep-costs')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M upkeep of a weapon, armor or animal over a span of days' })
  @ApiOkResponse({ type: UpkeepCost })
  upkeepCost(@Body() input: UpkeepCostInput): UpkeepCost {
    return this.reference.upkeepCost(input);
  }

  @Post('living-expenses')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M living expenses over a span of days' })
  @ApiOkResponse({ type: LivingExpenses })
  livingExpenses(@Body() input: LivingExpensesInput): LivingExpenses {
    return this.reference.livingExpenses(input);
  }

  @Post('starting-money')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M starting silver, plus silver from mojo traded at creation' })
  @ApiOkResponse({ type: StartingMoney })
  startingMoney(@Body() input: StartingMoneyInput): StartingMoney {
    return this.reference.startingMoney(input);
  }
}

/** Wager odds of the wealth and stronghold rolls, without rolling. */
@ApiTags('odds')
@Controller('odds')
export class WealthOddsController {
  constructor(private readonly rolls: WealthRollsService) {}

  @Get('purchase-wager')
  @ApiOperation({
    summary: 'Smallest wager reaching `probability` and/or the chance of `wager`, for a purchase',
  })
  @ApiOkResponse({ type: ProcedureWagerOdds })
  purchaseWager(@Query() query: PurchaseWagerQuery): ProcedureWagerOdds {
    return this.rolls.purchaseWagerOdds(query);
  }

  @Get('improvement-wager')
  @ApiOperation({
    summary: 'Smallest wager reaching `probability` and/or the chance of `wager`, for improving Wealth',
  })
  @ApiOkResponse({ type: ProcedureWagerOdds })
  improvementWager(@Query() query: ImprovementWagerQuery): ProcedureWagerOdds {
    return this.rolls.improvementWagerOdds(query);
  }

  @Get('stronghold-wager')
  @ApiOperation({
    summary: 'Smallest wager reaching `probability` and/or the chance of `wager`, for improving a stronghold',
  })
  @ApiOkResponse({ type: ProcedureWagerOdds })
  strongholdWager(@Query() query: StrongholdWagerQuery): ProcedureWagerOdds {
    return this.rolls.strongholdWagerOdds(query);
  }
}
