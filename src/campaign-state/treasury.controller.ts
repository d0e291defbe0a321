import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { PageQuery } from '../common/pagination';
import type { ArbiterRequest } from '../common/request-context';
import { TreasuryLedgerPage } from './campaign-state.results';
import { CampaignStateService } from './campaign-state.service';
import { TreasuryAdjustmentInput, TreasuryTransferInput } from './treasury.inputs';
import { Treasury, TreasuryAdjustmentResult, TreasuryTransferResult } from './treasury.results';
import { TreasuryService } from './treasury.service';

@ApiTags('treasury')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/treasury')
export class TreasuryController {
  constructor(
    private readonly treasury: TreasuryService,
    private readonly state: CampaignStateService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The company treasury’s Cash' })
  @ApiOkResponse({ type: Treasury })
  get(@CurrentPrincipal() who: Principal): Promise<Treasury> {
    return this.treasury.treasury(who);
  }

  @Get('ledger')
  @ApiOperation({ summary: 'The treasury’s ledger, oldest first' })
  @ApiOkResponse({ type: TreasuryLedgerPage })
  ledger(@CurrentPrincipal() who: Principal, @Query() query: PageQuery) {
    return this.state.treasuryLedger(who, query);
  }

  @Post('transfers')
  @Roles('referee', 'player')
  @ApiOperation({
    summary: 'Move Cash between the treasury and characters (a player: from its own character in)',
  })
  @ApiCreatedResponse({ type: TreasuryTransferResult })
  transfer(
    @CurrentPrincipal() who: Principal,
    @Body() input: TreasuryTransferInput,
    @Req() req: ArbiterRequest,
  ): Promise<TreasuryTransferResult> {
    return this.treasury.transfer(who, input, req);
  }

  @Post('adjustments')
  @Roles('referee')
  @ApiOperation({ summary: 'Grant or correct the treasury’s Cash (referee)' })
  @ApiCreatedResponse({ type: TreasuryAdjustmentResult })
  adjust(
    @CurrentPrincipal() who: Principal,
    @Body() input: TreasuryAdjustmentInput,
    @Req() req: ArbiterRequest,
  ): Promise<TreasuryAdjustmentResult> {
    return this.treasury.adjust(who, input, req);
  }
}
