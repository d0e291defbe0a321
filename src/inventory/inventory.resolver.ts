import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { Character } from '../campaigns/campaign.model';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
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
import { OptionalInput } from '../graphql/optional-input';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const characterId = () => Args('characterId', { type: () => ID, description: 'The character id.' });
const itemId = () => Args('itemId', { type: () => ID, description: 'The item id.' });

/** GraphQL twins of the inventory routes. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class InventoryResolver {
  constructor(private readonly service: InventoryService) {}

  @Query(() => Inventory, { description: 'A character’s inventory: slots, carriers and items.' })
  inventory(@campaignId() _c: string, @characterId() id: string, @CurrentPrincipal() who: Principal) {
    return this.service.view(who, id);
  }

  @Query(() => InventorySettings, { description: 'The campaign’s inventory settings.' })
  inventorySettings(@campaignId() _c: string, @CurrentPrincipal() who: Principal) {
    return this.service.settings(who);
  }

  @Roles('referee')
  @Mutation(() => InventorySettings, { description: 'Change the base slots of every character (referee).' })
  updateInventorySettings(
    @campaignId() _c: string,
    @Args('input') input: InventorySettingsInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.updateSettings(who, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => InventoryItem, { description: 'Add an item (INVENTORY_FULL when it does not fit).' })
  inventoryItemAdd(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input') input: AddInventoryItemInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.add(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => InventoryItem, { description: 'Change an item.' })
  inventoryItemUpdate(
    @campaignId() _c: string,
    @characterId() id: string,
    @itemId() item: string,
    @Args('input') input: UpdateInventoryItemInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.update(who, id, item, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => Inventory, { description: 'Drop an item.' })
  inventoryItemRemove(
    @campaignId() _c: string,
    @characterId() id: string,
    @itemId() item: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.remove(who, id, item, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => InventoryItem, { description: 'Hand an item to another character.' })
  inventoryItemMove(
    @campaignId() _c: string,
    @characterId() id: string,
    @itemId() item: string,
    @Args('input') input: MoveInventoryItemInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.move(who, id, item, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => DepletionCheckResult, { description: 'Depletion check after a scene of use (logged).' })
  inventoryDepletionCheck(
    @campaignId() _c: string,
    @characterId() id: string,
    @itemId() item: string,
    @OptionalInput(DepletionCheckInput) input: DepletionCheckInput | null,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.depletionCheck(who, id, item, input ?? {}, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => SpendMaterialResult, { description: 'Spend some dice of a material.' })
  inventoryMaterialSpend(
    @campaignId() _c: string,
    @characterId() id: string,
    @itemId() item: string,
    @Args('input') input: SpendMaterialInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.spend(who, id, item, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => Inventory, { description: 'Keep a carrier: more slots.' })
  inventoryCarrierAdd(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input') input: AddCarrierInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.addCarrier(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => Inventory, { description: 'Let a carrier go.' })
  inventoryCarrierRemove(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('carrierId', { type: () => ID, description: 'The carrier id.' }) carrierId: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.removeCarrier(who, id, carrierId, ctx.req);
  }
}

/** Each character's inventory as a field. */
@Resolver(() => Character)
export class CharacterInventoryResolver {
  constructor(private readonly service: InventoryService) {}

  @ResolveField(() => Inventory, { description: 'The character’s inventory in COEAC slots.' })
  inventory(@Parent() character: Character, @CurrentPrincipal() who: Principal): Promise<Inventory> {
    return this.service.view(who, character.id);
  }
}
