import { CombatListQuery } from '../campaigns/list-filters';
import { Body, Controller, Get, HttpCode, Param, Post, Req, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import { CombatAttackInput, CreateCombatInput } from './combat-campaign.inputs';
import { CombatAttackResult, CombatList, CombatView } from './combat-campaign.results';
import { CombatCampaignService } from './combat-campaign.service';
import { CombatActionInput } from './combat-actions.inputs';
import { CombatActionResult } from './combat-actions.results';
import { CombatActionsService } from './combat-actions.service';
import { CairnCombatActions } from './combat-actions.cairn';

/** Combats stored in a campaign (SPEC 6.3, campaign half). */
@ApiTags('combat')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/combats')
export class CombatsController {
  constructor(
    private readonly combats: CombatCampaignService,
    private readonly actions: CombatActionsService,
    private readonly cairn: CairnCombatActions,
  ) {}

  @Post()
  @Roles('referee')
  @ApiOperation({ summary: 'A combat begins (referee): its system and combatants, round 1' })
  @ApiCreatedResponse({ type: CombatView })
  create(@CurrentPrincipal() who: Principal, @Body() input: CreateCombatInput, @Req() req: ArbiterRequest) {
    return this.combats.create(who, input, req);
  }

  @Get()
  @ApiOperation({ summary: 'The campaign’s combats, newest first, as this key may see them' })
  @ApiOkResponse({ type: CombatList })
  list(@CurrentPrincipal() who: Principal, @Query() page: CombatListQuery) {
    return this.combats.list(who, page);
  }

  @Get(':combatId')
  @ApiOperation({ summary: 'One combat, as this key may see it' })
  @ApiOkResponse({ type: CombatView })
  get(@CurrentPrincipal() who: Principal, @Param('combatId') combatId: string) {
    return this.combats.get(who, combatId);
  }

  @Post(':combatId/rounds')
  @Roles('referee')
  @HttpCode(200)
  @ApiOperation({ summary: 'The next round of a combat (referee)' })
  @ApiOkResponse({ type: CombatView })
  nextRound(
    @CurrentPrincipal() who: Principal,
    @Param('combatId') combatId: string,
    @Req() req: ArbiterRequest,
  ) {
    return this.combats.nextRound(who, combatId, req);
  }

  @Post(':combatId/end')
  @Roles('referee')
  @HttpCode(200)
  @ApiOperation({ summary: 'A combat ends (referee)' })
  @ApiOkResponse({ type: CombatView })
  end(@CurrentPrincipal() who: Principal, @Param('combatId') combatId: string, @Req() req: ArbiterRequest) {
    return this.combats.end(who, combatId, req);
  }

  @Post(':combatId/attacks')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'Deprecated alias of POST …/actions with kind "attack" (Cairn): a Cairn attack in a combat, its damage applied through the ledger; sealed for a hidden NPC',
    description:
      'Kept for clients of the first combat routes. `{ attacker, target, die, … }` is run as the action ' +
      '`{ actor: attacker, kind: "attack", targets: [target], cairn: { die, … } }` of `POST …/actions` ' +
      '(one implementation, one roll), and answered in this route’s older shape. New clients send the ' +
      'action (docs/api-style.md, "One route per thing").',
    deprecated: true,
  })
  @ApiCreatedResponse({ type: CombatAttackResult })
  attack(
    @CurrentPrincipal() who: Principal,
    @Param('combatId') combatId: string,
    @Body() input: CombatAttackInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.cairn.attack(who, combatId, input, req);
  }

  @Post(':combatId/actions')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'An action in a combat (its kind and the system’s inputs): resolved on the stored sheets, one roll logged, harm applied to every target through the ledger; sealed for a hidden NPC',
  })
  @ApiCreatedResponse({ type: CombatActionResult })
  act(
    @CurrentPrincipal() who: Principal,
    @Param('combatId') combatId: string,
    @Body() input: CombatActionInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.actions.act(who, combatId, input, req);
  }
}
