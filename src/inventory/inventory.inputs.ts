import { InputType, registerEnumType } from '@nestjs/graphql';
import { dashedEnumType, In } from '../common/schema';
import { CARRIER_KINDS, ITEM_KINDS, type CarrierKind, type ItemKind } from '../core/treasure';

export const ItemKindEnum = Object.fromEntries(ITEM_KINDS.map((k) => [k, k]));
registerEnumType(ItemKindEnum, {
  name: 'ItemKind',
  description:
    'gear, treasure (rated in Cash), commodity (Cash, ceil(Cash / 3) slots), artifact, material (dice).',
});
export const CarrierKindEnum = dashedEnumType(
  'CarrierKind',
  CARRIER_KINDS,
  'porter or follower +3 slots, pack_animal +6, small_cart +3, large_cart +6.',
);

export const MAX_ITEM_SLOTS = 100;
export const MAX_ITEM_CASH = 1_000_000;
export const MAX_MATERIAL_DICE = 1000;

@InputType({ description: 'Something a character now carries.' })
export class AddInventoryItemInput {
  @In.string('What it is.', { maxLength: 100, example: 'Torches' })
  name: string;

  @In.oneOf('Its kind.', ITEM_KINDS, ItemKindEnum)
  kind: ItemKind;

  @In.int('Slots it takes (default: 1, or ceil(cash / 3) for a commodity).', {
    optional: true,
    min: 0,
    max: MAX_ITEM_SLOTS,
  })
  slots?: number;

  @In.int('Value in Cash (required for treasure and commodities).', {
    optional: true,
    min: 0,
    max: MAX_ITEM_CASH,
  })
  cash?: number;

  @In.int('Depletion score, 1 to 20 ("Torches (15+)" is 15).', { optional: true, min: 1, max: 20 })
  depletion?: number;

  @In.int('Dice of a material (required for kind material).', {
    optional: true,
    min: 1,
    max: MAX_MATERIAL_DICE,
  })
  dice?: number;

  @In.string('Notes.', { optional: true, maxLength: 500 })
  notes?: string;
}

@InputType({ description: 'Changes to an item; fields left out stay as they are.' })
export class UpdateInventoryItemInput {
  @In.string('What it is.', { optional: true, maxLength: 100 })
  name?: string;

  @In.int('Slots it takes.', { optional: true, min: 0, max: MAX_ITEM_SLOTS })
  slots?: number;

  @In.int('Value in Cash.', { optional: true, min: 0, max: MAX_ITEM_CASH })
  cash?: number;

  @In.int('Depletion score, 1 to 20.', { optional: true, min: 1, max: 20 })
  depletion?: number;

  @In.bool('One use left.', { optional: true })
  lastUse?: boolean;

  @In.int('Dice of a material.', { optional: true, min: 1, max: MAX_MATERIAL_DICE })
  dice?: number;

  @In.string('Notes.', { optional: true, maxLength: 500 })
  notes?: string;

  @In.bool('Broken: false repairs it (true marks it broken by hand).', { optional: true })
  broken?: boolean;
}

@InputType({ description: 'Hand an item to another character.' })
export class MoveInventoryItemInput {
  @In.id('The character who takes it.', { names: 'character' })
  characterId: string;
}

@InputType({ description: 'A depletion check after a scene of use.' })
export class DepletionCheckInput {
  @In.bool('Log the roll sealed until the referee reveals it (referee only).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Spend some dice of a material.' })
export class SpendMaterialInput {
  @In.int('Dice spent.', { min: 1, max: MAX_MATERIAL_DICE })
  dice: number;
}

@InputType({ description: 'A carrier the character keeps.' })
export class AddCarrierInput {
  @In.oneOf('The kind of carrier.', CARRIER_KINDS, CarrierKindEnum)
  kind: CarrierKind;

  @In.string('A name ("Old Bess").', { optional: true, maxLength: 100 })
  name?: string;
}

@InputType({ description: 'Inventory settings of the campaign.' })
export class InventorySettingsInput {
  @In.int('Slots a character carries before carriers (COEAC: 12).', { min: 1, max: 100 })
  inventorySlots: number;
}
