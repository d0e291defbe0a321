import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ArbiterRequest } from '../common/request-context';
import {
  ArchsoulAttackInput,
  CairnAttackInput,
  CairnDexSavesInput,
  CairnStruggleInput,
  CoeacAmbushInput,
  CoeacExchangeInput,
  GmAttackInput,
  GmGroupEffortInput,
  GmManeuverInput,
  GmMassConflictInput,
  GmPsychicInput,
} from './combat.inputs';
import {
  ArchsoulAttackResult,
  CairnAttackResult,
  CairnDexSavesResult,
  CairnStruggleResult,
  CoeacAmbushResult,
  CoeacExchangeResult,
  GmAttackResult,
  GmGroupEffortResult,
  GmManeuverResult,
  GmMassConflictResult,
  GmPsychicResult,
} from './combat.results';
import { CombatService } from './combat.service';

/** Combat, stateless: every number in the request, seeded dice, every modifier named, exact odds. */
@ApiTags('combat')
@Controller('combat')
export class CombatController {
  constructor(private readonly combat: CombatService) {}

  @Post('coeac/exchanges')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'COEAC combat exchange: two combat checks, damage from the margin, ties, +Ns, full defence, helpless, ganging up, firing into melee',
  })
  @ApiOkResponse({ type: CoeacExchangeResult })
  coeacExchange(@Body() input: CoeacExchangeInput, @Req() req: ArbiterRequest) {
    return this.combat.roll('coeacExchange', input, req);
  }

  @Post('coeac/ambushes')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'COEAC ambush: Bushcraft or Streetwise for the group; a failure gives the ambushers a free round',
  })
  @ApiOkResponse({ type: CoeacAmbushResult })
  coeacAmbush(@Body() input: CoeacAmbushInput, @Req() req: ArbiterRequest) {
    return this.combat.roll('coeacAmbush', input, req);
  }

  @Post('cairn/attacks')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cairn attack: the kept die past Armor into HP and STR; several attackers, two weapons, blasts, detachments',
  })
  @ApiOkResponse({ type: CairnAttackResult })
  cairnAttack(@Body() input: CairnAttackInput, @Req() req: ArbiterRequest) {
    return this.combat.roll('cairnAttack', input, req);
  }

  @Post('cairn/dex-saves')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cairn DEX saves: the first round, or a retreat; the lowest DEX for a joint effort',
  })
  @ApiOkResponse({ type: CairnDexSavesResult })
  cairnDexSaves(@Body() input: CairnDexSavesInput, @Req() req: ArbiterRequest) {
    return this.combat.roll('cairnDexSaves', input, req);
  }

  @Post('cairn/struggles')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cairn struggle (CA-02): two opponents each trying to overcome the other; the side most at risk saves',
  })
  @ApiOkResponse({ type: CairnStruggleResult })
  cairnStruggle(@Body() input: CairnStruggleInput, @Req() req: ArbiterRequest) {
    return this.combat.roll('cairnStruggle', input, req);
  }

  @Post('gm/attacks')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'G&M attack: d20 against 11 + attack bonus − defence, cover, called shots, range, strength, killing and knockout blows',
  })
  @ApiOkResponse({ type: GmAttackResult })
  gmAttack(@Body() input: GmAttackInput, @Req() req: ArbiterRequest) {
    return this.combat.roll('gmAttack', input, req);
  }

  @Post('gm/group-efforts')
  @HttpCode(200)
  @ApiOperation({
    summary: 'G&M group effort: the median number plus the group bonus, delays, morale and the leader',
  })
  @ApiOkResponse({ type: GmGroupEffortResult })
  gmGroupEffort(@Body() input: GmGroupEffortInput, @Req() req: ArbiterRequest) {
    return this.combat.roll('gmGroupEffort', input, req);
  }

  @Post('gm/mass-conflicts')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M mass conflict: a unit as one combatant, and its aftermath' })
  @ApiOkResponse({ type: GmMassConflictResult })
  gmMassConflict(@Body() input: GmMassConflictInput, @Req() req: ArbiterRequest) {
    return this.combat.roll('gmMassConflict', input, req);
  }

  @Post('gm/psychic-attacks')
  @HttpCode(200)
  @ApiOperation({ summary: 'G&M psychic conflict: enter, attack (verve, damage, stun) or exit' })
  @ApiOkResponse({ type: GmPsychicResult })
  gmPsychic(@Body() input: GmPsychicInput, @Req() req: ArbiterRequest) {
    return this.combat.roll('gmPsychic', input, req);
  }

  @Post('gm/maneuvers')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'G&M manoeuvres: grapples, surprise recovery, quickdraw, items, concentration, covered targets, order of events, multi-action weapons',
  })
  @ApiOkResponse({ type: GmManeuverResult })
  gmManeuver(@Body() input: GmManeuverInput, @Req() req: ArbiterRequest) {
    return this.combat.roll('gmManeuver', input, req);
  }

  @Post('archsoul/attacks')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Archsoul attack against someone: what the statuses of both sides rule (refusals, Knocked Down, unaware, arcs, coup de grâce, the grapple roll) and the roll on the referee’s numbers',
  })
  @ApiOkResponse({ type: ArchsoulAttackResult })
  archsoulAttack(@Body() input: ArchsoulAttackInput, @Req() req: ArbiterRequest) {
    return this.combat.roll('archsoulAttack', input, req);
  }
}
