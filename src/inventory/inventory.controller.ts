import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import {
  AddCarrierInput,
  AddInventoryItemInput,
  DepletionCheckInput,
  InventorySettingsInput,
  MoveInventoryItemInput,
  SpendMaterialInput,
  UpdateInventoryItemInput,
} from './inventory.inputs';
import {
  DepletionCheckResult,
  Inventory,
  InventoryItem,
  InventorySettings,
  SpendMaterialResult,
} from './inventory.results';
import { InventoryService } from './inventory.service';

@ApiTags('inventory')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId/inventory')
export class InventoryController {
  constructor(private readonly inventory: InventoryService) {}

  @Get()
  @ApiOperation({ summary: 'A character’s inventory: slots, carriers and items' })
  @ApiOkResponse({ type: Inventory })
  view(@CurrentPrincipal() who: Principal, @Param('characterId') characterId: string) {
    return this.inventory.view(who, characterId);
  }

  @Post()
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Add an item (409 INVENTORY_FULL when it does not fit)' })
  @ApiCreatedResponse({ type: InventoryItem })
  add(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: AddInventoryItemInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.inventory.add(who, characterId, input, req);
  }

  @Post('carriers')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Keep a carrier (porter, follower, pack animal, cart): more slots' })
  @ApiCreatedResponse({ type: Inventory })
  addCarrier(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: AddCarrierInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.inventory.addCarrier(who, characterId, input, req);
  }

  @Delete('carriers/:carrierId')
  @HttpCode(200)
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Let a carrier go (409 INVENTORY_FULL when the items would no longer fit)' })
  @ApiOkResponse({ type: Inventory })
  removeCarrier(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('carrierId') carrierId: string,
    @Req() req: ArbiterRequest,
  ) {
    return this.inventory.removeCarrier(who, characterId, carrierId, req);
  }

  @Patch(':itemId')
  @HttpCode(200)
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Change an item (more slots must fit)' })
  @ApiOkResponse({ type: InventoryItem })
  update(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('itemId') itemId: string,
    @Body() input: UpdateInventoryItemInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.inventory.update(who, characterId, itemId, input, req);
  }

  @Delete(':itemId')
  @HttpCode(200)
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Drop an item; answers the inventory after' })
  @ApiOkResponse({ type: Inventory })
  remove(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('itemId') itemId: string,
    @Req() req: ArbiterRequest,
  ) {
    return this.inventory.remove(who, characterId, itemId, req);
  }

  @Post(':itemId/moves')
  @HttpCode(200)
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Hand an item to another character (it must fit there)' })
  @ApiOkResponse({ type: InventoryItem })
  move(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('itemId') itemId: string,
    @Body() input: MoveInventoryItemInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.inventory.move(who, characterId, itemId, input, req);
  }

  @Post(':itemId/depletion-checks')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'd20 after a scene of use: at or above the score, one use left (logged)' })
  @ApiCreatedResponse({ type: DepletionCheckResult })
  depletionCheck(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('itemId') itemId: string,
    @Body() input: DepletionCheckInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.inventory.depletionCheck(who, characterId, itemId, input ?? {}, req);
  }

  @Post(':itemId/spend')
  @HttpCode(200)
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Spend some dice of a material (Cybalt ore, monster parts)' })
  @ApiOkResponse({ type: SpendMaterialResult })
  spend(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('itemId') itemId: string,
    @Body() input: SpendMaterialInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.inventory.spend(who, characterId, itemId, input, req);
  }
}

@ApiTags('inventory')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/inventory-settings')
export class InventorySettingsController {
  constructor(private readonly inventory: InventoryService) {}

  @Get()
  @ApiOperation({ summary: 'The campaign’s inventory settings (base slots)' })
  @ApiOkResponse({ type: InventorySettings })
  get(@CurrentPrincipal() who: Principal) {
    return this.inventory.settings(who);
  }

  @Patch()
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({ summary: 'Change the base slots of every character (referee)' })
  @ApiOkResponse({ type: InventorySettings })
  update(
    @CurrentPrincipal() who: Principal,
    @Body() input: InventorySettingsInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.inventory.updateSettings(who, input, req);
  }
}
