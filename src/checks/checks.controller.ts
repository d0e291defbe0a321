import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import {
  AbilityCheckInput,
  ContestCheckInput,
  DamageRollInput,
  DifficultyPoolCheckInput,
  PoolCheckInput,
  PoolOddsQuery,
  SaveCheckInput,
  TableRollInput,
  VersusCheckInput,
  WagerOddsQuery,
  StatelessPoolCheckInput,
  StatelessVersusCheckInput,
  StatelessDamageRollInput,
  StatelessDifficultyPoolCheckInput,
  StatelessSaveCheckInput,
  StatelessAbilityCheckInput,
  StatelessContestCheckInput,
  StatelessTableRollInput,
} from './check.inputs';
import {
  AbilityCheckResult,
  ContestCheckResult,
  DamageRollResult,
  DifficultyPoolCheckResult,
  PoolCheckResult,
  PoolOdds,
  SaveCheckResult,
  TableRollResult,
  VersusCheckResult,
  WagerOdds,
} from './check.results';
import { ChecksService } from './checks.service';
import { ReceiptQueryDoc, ReceiptWanted } from '../receipts/receipt-query';

/** Stateless checks: no key, nothing stored, rate-limited per client address. */
@ApiTags('checks')
@Controller('checks')
export class ChecksController {
  constructor(private readonly checks: ChecksService) {}

  @Post('pool')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC pool test' })
  @ApiOkResponse({ type: PoolCheckResult })
  @ReceiptQueryDoc()
  pool(
    @Body() input: StatelessPoolCheckInput,
    @Req() req: ArbiterRequest,
    @ReceiptWanted() receipt: boolean,
  ) {
    return this.checks.resolve('pool', input, req, undefined, { receipt });
  }

  @Post('versus')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC versus test' })
  @ApiOkResponse({ type: VersusCheckResult })
  @ReceiptQueryDoc()
  versus(
    @Body() input: StatelessVersusCheckInput,
    @Req() req: ArbiterRequest,
    @ReceiptWanted() receipt: boolean,
  ) {
    return this.checks.resolve('versus', input, req, undefined, { receipt });
  }

  @Post('damage')
  @HttpCode(200)
  @ApiOperation({ summary: 'COEAC variable damage' })
  @ApiOkResponse({ type: DamageRollResult })
  @ReceiptQueryDoc()
  damage(
    @Body() input: StatelessDamageRollInput,
    @Req() req: ArbiterRequest,
    @ReceiptWanted() receipt: boolean,
  ) {
    return this.checks.resolve('damage', input, req, undefined, { receipt });
  }

  @Post('difficulty-pool')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archsoul pool against a difficulty rating' })
  @ApiOkResponse({ type: DifficultyPoolCheckResult })
  @ReceiptQueryDoc()
  difficultyPool(
    @Body() input: StatelessDifficultyPoolCheckInput,
    @Req() req: ArbiterRequest,
    @ReceiptWanted() receipt: boolean,
  ) {
    return this.checks.resolve('difficultyPool', input, req, undefined, { receipt });
  }

  @Post('save')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cairn roll-under save' })
  @ApiOkResponse({ type: SaveCheckResult })
  @ReceiptQueryDoc()
  save(
    @Body() input: StatelessSaveCheckInput,
    @Req() req: ArbiterRequest,
    @ReceiptWanted() receipt: boolean,
  ) {
    return this.checks.resolve('save', input, req, undefined, { receipt });
  }

  @Post('ability')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M ability or reaction roll' })
  @ApiOkResponse({ type: AbilityCheckResult })
  @ReceiptQueryDoc()
  ability(
    @Body() input: StatelessAbilityCheckInput,
    @Req() req: ArbiterRequest,
    @ReceiptWanted() receipt: boolean,
  ) {
    return this.checks.resolve('ability', input, req, undefined, { receipt });
  }

  @Post('contest')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M contested action' })
  @ApiOkResponse({ type: ContestCheckResult })
  @ReceiptQueryDoc()
  contest(
    @Body() input: StatelessContestCheckInput,
    @Req() req: ArbiterRequest,
    @ReceiptWanted() receipt: boolean,
  ) {
    return this.checks.resolve('contest', input, req, undefined, { receipt });
  }

  @Post('table')
  @HttpCode(200)
  @ApiOperation({ summary: 'Table roll (dN, MdN, d66, d100, X-in-N)' })
  @ApiOkResponse({ type: TableRollResult })
  @ReceiptQueryDoc()
  table(
    @Body() input: StatelessTableRollInput,
    @Req() req: ArbiterRequest,
    @ReceiptWanted() receipt: boolean,
  ) {
    return this.checks.resolve('table', input, req, undefined, { receipt });
  }
}

/** The same checks made inside a campaign: stored in its roll log and answered with a rollId. */
@ApiTags('checks')
@ApiBearerAuth()
@Roles('referee', 'player')
@Controller('campaigns/:campaignId/checks')
export class CampaignChecksController {
  constructor(private readonly checks: ChecksService) {}

  @Post('pool')
  @ApiOperation({ summary: 'COEAC pool test, logged in the campaign' })
  @ApiCreatedResponse({ type: PoolCheckResult })
  pool(@Body() input: PoolCheckInput, @Req() req: ArbiterRequest, @CurrentPrincipal() who: Principal) {
    return this.checks.resolve('pool', input, req, who);
  }

  @Post('versus')
  @ApiOperation({ summary: 'COEAC versus test, logged in the campaign' })
  @ApiCreatedResponse({ type: VersusCheckResult })
  versus(@Body() input: VersusCheckInput, @Req() req: ArbiterRequest, @CurrentPrincipal() who: Principal) {
    return this.checks.resolve('versus', input, req, who);
  }

  @Post('damage')
  @ApiOperation({ summary: 'COEAC variable damage, logged in the campaign' })
  @ApiCreatedResponse({ type: DamageRollResult })
  damage(@Body() input: DamageRollInput, @Req() req: ArbiterRequest, @CurrentPrincipal() who: Principal) {
    return this.checks.resolve('damage', input, req, who);
  }

  @Post('difficulty-pool')
  @ApiOperation({ summary: 'Archsoul difficulty pool, logged in the campaign' })
  @ApiCreatedResponse({ type: DifficultyPoolCheckResult })
  difficultyPool(
    @Body() input: DifficultyPoolCheckInput,
    @Req() req: ArbiterRequest,
    @CurrentPrincipal() who: Principal,
  ) {
    return this.checks.resolve('difficultyPool', input, req, who);
  }

  @Post('save')
  @ApiOperation({ summary: 'Cairn save, logged in the campaign' })
  @ApiCreatedResponse({ type: SaveCheckResult })
  save(@Body() input: SaveCheckInput, @Req() req: ArbiterRequest, @CurrentPrincipal() who: Principal) {
    return this.checks.resolve('save', input, req, who);
  }

  @Post('ability')
  @ApiOperation({ summary: 'G&M ability or reaction roll, logged in the campaign' })
  @ApiCreatedResponse({ type: AbilityCheckResult })
  ability(@Body() input: AbilityCheckInput, @Req() req: ArbiterRequest, @CurrentPrincipal() who: Principal) {
    return this.checks.resolve('ability', input, req, who);
  }

  @Post('contest')
  @ApiOperation({ summary: 'G&M contested action, logged in the campaign' })
  @ApiCreatedResponse({ type: ContestCheckResult })
  contest(@Body() input: ContestCheckInput, @Req() req: ArbiterRequest, @CurrentPrincipal() who: Principal) {
    return this.checks.resolve('contest', input, req, who);
  }

  @Post('table')
  @ApiOperation({ summary: 'Table roll, logged in the campaign' })
  @ApiCreatedResponse({ type: TableRollResult })
  table(@Body() input: TableRollInput, @Req() req: ArbiterRequest, @CurrentPrincipal() who: Principal) {
    return this.checks.resolve('table', input, req, who);
  }
}

/** Exact odds without rolling. */
@ApiTags('odds')
@Controller('odds')
export class OddsController {
  constructor(private readonly checks: ChecksService) {}

  @Get('pool')
  @ApiOperation({ summary: 'Exact chance of at least `objective` successes on `dice` COEAC dice' })
  @ApiOkResponse({ type: PoolOdds })
  pool(@Query() query: PoolOddsQuery): PoolOdds {
    return this.checks.poolOdds(query);
  }

  @Get('wager')
  @ApiOperation({ summary: 'Smallest wager whose chance reaches `probability` (422 when none can)' })
  @ApiOkResponse({ type: WagerOdds })
  wager(@Query() query: WagerOddsQuery): WagerOdds {
    return this.checks.wagerOdds(query);
  }
}
