import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { PageQuery } from '../common/pagination';
import type { ArbiterRequest } from '../common/request-context';
import {
  CashAdjustmentInput,
  CharacterIncomeInput,
  CharacterPurchaseInput,
  CharacterSaleInput,
  WealthImprovementInput,
  WealthSettingsInput,
} from './wealth.inputs';
import {
  CashAdjustmentResult,
  CharacterIncomeResult,
  CharacterPurchaseResult,
  CharacterSaleResult,
  LedgerPage,
  WealthImprovementResult,
  WealthSettings,
} from './wealth.results';
import { WealthService } from './wealth.service';

@ApiTags('wealth')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId')
export class CharacterWealthController {
  constructor(private readonly wealth: WealthService) {}

  @Post('purchases')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Buy something with wagered Cash (the campaign’s purchase rule)' })
  @ApiCreatedResponse({ type: CharacterPurchaseResult })
  purchase(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CharacterPurchaseInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.wealth.purchase(who, characterId, input, req);
  }

  @Post('sales')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Sell something for Cash' })
  @ApiCreatedResponse({ type: CharacterSaleResult })
  sale(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CharacterSaleInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.wealth.sale(who, characterId, input, req);
  }

  @Post('income')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Roll the session’s income (once per session; needs a session in progress)' })
  @ApiCreatedResponse({ type: CharacterIncomeResult })
  income(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CharacterIncomeInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.wealth.income(who, characterId, input ?? {}, req);
  }

  @Post('wealth-improvements')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Try to raise Wealth one rank (once per session; needs a session in progress)' })
  @ApiCreatedResponse({ type: WealthImprovementResult })
  improve(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: WealthImprovementInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.wealth.improveWealth(who, characterId, input, req);
  }

  @Post('cash-adjustments')
  @Roles('referee')
  @ApiOperation({ summary: 'Grant or correct Cash (referee)' })
  @ApiCreatedResponse({ type: CashAdjustmentResult })
  adjust(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CashAdjustmentInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.wealth.adjustCash(who, characterId, input, req);
  }

  @Get('ledger')
  @ApiOperation({ summary: 'The character’s cash ledger, oldest first' })
  @ApiOkResponse({ type: LedgerPage })
  ledger(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Query() query: PageQuery,
  ) {
    return this.wealth.ledger(who, characterId, query);
  }
}

@ApiTags('wealth')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/wealth-settings')
export class WealthSettingsController {
  constructor(private readonly wealth: WealthService) {}

  @Get()
  @ApiOperation({ summary: 'The campaign’s wealth settings (purchase rule, lifestyle mapping)' })
  @ApiOkResponse({ type: WealthSettings })
  get(@CurrentPrincipal() who: Principal): Promise<WealthSettings> {
    return this.wealth.settings(who);
  }

  @Patch()
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({ summary: 'Change the campaign’s wealth settings (referee)' })
  @ApiOkResponse({ type: WealthSettings })
  update(
    @CurrentPrincipal() who: Principal,
    @Body() input: WealthSettingsInput,
    @Req() req: ArbiterRequest,
  ): Promise<WealthSettings> {
    return this.wealth.updateSettings(who, input, req);
  }
}
