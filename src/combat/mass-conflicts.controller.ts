import { PageQuery } from '../common/pagination';
import { Body, Controller, Get, HttpCode, Param, Post, Req, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import {
  CreateMassConflictInput,
  MassConflictAttackInput,
  MassConflictRollInput,
} from './mass-conflicts.inputs';
import { MassConflictAttackResult, MassConflictList, MassConflictView } from './mass-conflicts.results';
import { MassConflictsService } from './mass-conflicts.service';

/** Stored G&M mass conflicts (issue 20, coverage 4.6): units, rounds, losses and morale. */
@ApiTags('combat')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/mass-conflicts')
export class MassConflictsController {
  constructor(private readonly service: MassConflictsService) {}

  @Post()
  @Roles('referee')
  @ApiOperation({ summary: 'A G&M mass conflict begins (referee): its units by their medians, round 1' })
  @ApiCreatedResponse({ type: MassConflictView })
  create(
    @CurrentPrincipal() who: Principal,
    @Body() input: CreateMassConflictInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.service.create(who, input, req);
  }

  @Get()
  @ApiOperation({ summary: 'The campaign’s mass conflicts, newest first (secret ones for the referee only)' })
  @ApiOkResponse({ type: MassConflictList })
  list(@CurrentPrincipal() who: Principal, @Query() page: PageQuery) {
    return this.service.list(who, page);
  }

  @Get(':massConflictId')
  @ApiOperation({ summary: 'One mass conflict, its units and what they have left' })
  @ApiOkResponse({ type: MassConflictView })
  get(@CurrentPrincipal() who: Principal, @Param('massConflictId') id: string) {
    return this.service.get(who, id);
  }

  @Post(':massConflictId/attacks')
  @Roles('referee')
  @ApiOperation({
    summary: 'A unit attacks a unit (referee): one roll, the damage kept on the unit attacked',
  })
  @ApiCreatedResponse({ type: MassConflictAttackResult })
  attack(
    @CurrentPrincipal() who: Principal,
    @Param('massConflictId') id: string,
    @Body() input: MassConflictAttackInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.service.attack(who, id, input, req);
  }

  @Post(':massConflictId/rounds')
  @Roles('referee')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The next round (referee): morale delays count down; units hit this round check morale (one roll)',
  })
  @ApiOkResponse({ type: MassConflictView })
  nextRound(
    @CurrentPrincipal() who: Principal,
    @Param('massConflictId') id: string,
    @Body() input: MassConflictRollInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.service.nextRound(who, id, input, req);
  }

  @Post(':massConflictId/end')
  @Roles('referee')
  @HttpCode(200)
  @ApiOperation({ summary: 'The conflict ends (referee): each unit that took damage rolls its aftermath' })
  @ApiOkResponse({ type: MassConflictView })
  end(
    @CurrentPrincipal() who: Principal,
    @Param('massConflictId') id: string,
    @Body() input: MassConflictRollInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.service.end(who, id, input, req);
  }
}
