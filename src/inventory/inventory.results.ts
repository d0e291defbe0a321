import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { CARRIER_KINDS, ITEM_KINDS, type CarrierKind, type ItemKind } from '../core/treasure';
import { CarrierKindEnum, ItemKindEnum } from './inventory.inputs';

@ObjectType({ description: 'Something a character carries.' })
export class InventoryItem {
  @Out.id('The item id.')
  id: string;

  @Out.id('Who carries it.')
  characterId: string;

  @Out.string('What it is.')
  name: string;

  @Out.oneOf('Its kind.', ITEM_KINDS, ItemKindEnum)
  kind: ItemKind;

  @Out.int('Slots it takes.')
  slots: number;

  @Out.int('Value in Cash (treasure, commodities).', { optional: true })
  cash?: number;

  @Out.int('Depletion score.', { optional: true })
  depletion?: number;

  @Out.bool('One use left (items with a depletion score).', { optional: true })
  lastUse?: boolean;

  @Out.int('Dice of a material.', { optional: true })
  dice?: number;

  @Out.string('Notes.', { optional: true })
  notes?: string;

  @Out.bool('Broken (COEAC Broken Gear) until repaired: it gives no Armor.')
  broken: boolean;

  @Out.string('When it was added.')
  createdAt: string;
}

@ObjectType({ description: 'A carrier the character keeps.' })
export class Carrier {
  @Out.id('The carrier id.')
  id: string;

  @Out.oneOf('The kind.', CARRIER_KINDS, CarrierKindEnum)
  kind: CarrierKind;

  @Out.string('Its name.', { nullable: true })
  name: string | null;

  @Out.int('Slots it adds.')
  slots: number;
}

@ObjectType({ description: 'A character’s inventory in COEAC slots.' })
export class Inventory {
  @Out.id('The character.')
  characterId: string;

  @Out.int('Slots in all: the campaign’s base plus carriers.')
  capacity: number;

  @Out.int('Slots the items take.')
  used: number;

  @Out.int('Slots still free.')
  free: number;

  @Out.int('The campaign’s base slots.')
  baseSlots: number;

  @Out.nestedList('Carriers kept.', () => Carrier)
  carriers: Carrier[];

  @Out.nestedList('Items, oldest first.', () => InventoryItem)
  items: InventoryItem[];
}

@ObjectType({ description: 'Odds of a depletion check.' })
export class DepletionOdds {
  @Out.number('Chance that the item is down to its last use after this check.')
  lastUse: number;
}

@ObjectType({ description: 'A depletion check.' })
export class DepletionCheckResult {
  @Out.nested('The item after the check; null when it was spent and removed.', () => InventoryItem, {
    nullable: true,
  })
  item: InventoryItem | null;

  @Out.int('The item’s score.')
  score: number;

  @Out.int('The d20; null when the item was on its last use (no roll).', { nullable: true })
  roll: number | null;

  @Out.bool('One use left now.')
  lastUse: boolean;

  @Out.bool('The item was spent and removed.')
  spent: boolean;

  @Out.nested('Odds.', () => DepletionOdds)
  odds: DepletionOdds;

  @Out.id('The roll-log entry.')
  rollId: string;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;
}

@ObjectType({ description: 'Dice spent from a material.' })
export class SpendMaterialResult {
  @Out.int('Dice spent.')
  spent: number;

  @Out.int('Dice left (0: the item is gone).')
  remaining: number;

  @Out.nested('The item after; null when used up.', () => InventoryItem, { nullable: true })
  item: InventoryItem | null;
}

@ObjectType({ description: 'Inventory settings of the campaign.' })
export class InventorySettings {
  @Out.int('Slots a character carries before carriers.')
  inventorySlots: number;
}
