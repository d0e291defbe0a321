import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import { Roll, RollLogQuery, RollPage, RollReplay } from './roll.model';
import { RollsService } from './rolls.service';

@ApiTags('rolls')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/rolls')
export class RollsController {
  constructor(private readonly rolls: RollsService) {}

  @Get()
  @ApiOperation({
    summary: 'The roll log, oldest first (or newest first with order=desc), paged with limit and after',
    description:
      'Filters: procedure, characterId, since. A bot’s last five rolls: ?order=desc&limit=5. Rolls on ' +
      'referee tables refer to the table versions they used; GET …/rolls/{rollId} answers the tables.',
  })
  @ApiOkResponse({ type: RollPage })
  list(@CurrentPrincipal() principal: Principal, @Query() query: RollLogQuery) {
    return this.rolls.list(principal, query);
  }

  @Get(':rollId')
  @ApiOperation({ summary: 'One roll of the log (with the referee tables it used, in `tables`)' })
  @ApiOkResponse({ type: Roll })
  get(@CurrentPrincipal() principal: Principal, @Param('rollId') rollId: string): Promise<Roll> {
    return this.rolls.get(principal, rollId);
  }

  @Get(':rollId/replay')
  @ApiOperation({ summary: 'Resolve a stored roll again from its inputs and seed, and compare' })
  @ApiOkResponse({ type: RollReplay })
  replay(@CurrentPrincipal() principal: Principal, @Param('rollId') rollId: string): Promise<RollReplay> {
    return this.rolls.replay(principal, rollId);
  }

  @Post(':rollId/reveal')
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({ summary: 'Reveal a secret roll to every key of the campaign (referee)' })
  @ApiOkResponse({ type: Roll })
  reveal(
    @CurrentPrincipal() principal: Principal,
    @Param('rollId') rollId: string,
    @Req() req: ArbiterRequest,
  ): Promise<Roll> {
    return this.rolls.revealOne(principal, rollId, req);
  }
}
