import { pageInMemory } from '../../common/pagination';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../../auth/principal';
import type { ArbiterRequest } from '../../common/request-context';
import {
  AddCairnMagicItemInput,
  CairnCampaignCastInput,
  CairnCastInput,
  CairnRelicRechargeInput,
  CairnSpellQuery,
} from './cairn-magic.inputs';
import {
  CairnCampaignCastResult,
  CairnCastResult,
  CairnMagicItem,
  CairnMagicState,
  CairnSpellCatalogue,
  CairnSpellEntry,
} from './cairn-magic.results';
import { CairnMagicService } from './cairn-magic.service';

/** Cairn magic without stored state: the 100 spells and a cast with the caster's numbers. */
@ApiTags('magic')
@Controller('magic/cairn')
export class CairnMagicController {
  constructor(private readonly magic: CairnMagicService) {}

  @Post('casts')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cairn cast from a spellbook, scroll or relic: Fatigue to place (or the drop it forces), the risky WIL save and its odds, charges',
  })
  @ApiOkResponse({ type: CairnCastResult })
  cast(@Body() input: CairnCastInput, @Req() req: ArbiterRequest): CairnCastResult {
    return this.magic.cast(input, req);
  }

  @Get('spells')
  @ApiOperation({ summary: 'Cairn’s 100 spells with what each does (our words), searched by q' })
  @ApiOkResponse({ type: CairnSpellCatalogue })
  spells(@Query() query: CairnSpellQuery): CairnSpellCatalogue {
    return pageInMemory(this.magic.spells(query.q), query);
  }

  @Get('spells/:spell')
  @ApiOperation({ summary: 'One Cairn spell by d100 number, id or name' })
  @ApiOkResponse({ type: CairnSpellEntry })
  spell(@Param('spell') spell: string): CairnSpellEntry {
    return this.magic.spell(spell);
  }
}

/** A stored character's Cairn magic: its spellbooks, scrolls and relics, and casting from them. */
@ApiTags('magic')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId/magic/cairn')
export class CairnCampaignMagicController {
  constructor(private readonly magic: CairnMagicService) {}

  @Get()
  @ApiOperation({ summary: 'A character’s spellbooks, scrolls and relics, its Fatigue and free slots' })
  @ApiOkResponse({ type: CairnMagicState })
  view(@CurrentPrincipal() who: Principal, @Param('characterId') characterId: string) {
    return this.magic.state(who, characterId);
  }

  @Post('items')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'Put a spellbook, scroll or relic into the inventory (or mark an item as one); 409 when it does not fit',
  })
  @ApiCreatedResponse({ type: CairnMagicItem })
  addItem(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: AddCairnMagicItemInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.magic.addItem(who, characterId, input, req);
  }

  @Post('items/:itemId/recharges')
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({ summary: 'A relic’s recharge condition was met: charges back (referee)' })
  @ApiOkResponse({ type: CairnMagicItem })
  recharge(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('itemId') itemId: string,
    @Body() input: CairnRelicRechargeInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.magic.recharge(who, characterId, itemId, input ?? {}, req);
  }

  @Post('casts')
  @Roles('referee', 'player')
  @ApiOperation({
    summary:
      'Cast from a carried spellbook, scroll or relic: Fatigue into the inventory (409 naming drop when none fits), the risky save and its harm, one logged roll',
  })
  @ApiCreatedResponse({ type: CairnCampaignCastResult })
  cast(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: CairnCampaignCastInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.magic.castFor(who, characterId, input, req);
  }
}
