/**
 * Gods & Monsters price/bulk catalog (seed 001, "Money and Equipment").
 *
 * Units: `cost` is in centisilver, whole hundredths of a silver coin (the seed's ".2" silver is 20),
 * so money never touches floating point. `bulkHundredths` is the seed's bulk in hundredths (its ".3"
 * is 30, its "10" is 1000): the smallest bulk the seed lists is .01, so every row is a whole number of
 * hundredths and loads can be added up exactly. Blank cells in the seed are null.
 */
export type CatalogCategory =
  | 'food-and-lodging'
  | 'ingredients'
  | 'animals-and-containers'
  | 'miscellaneous'
  | 'weapons'
  | 'ammunition'
  | 'armor';

export const CATALOG_CATEGORIES: readonly CatalogCategory[] = [
  'food-and-lodging',
  'ingredients',
  'animals-and-containers',
  'miscellaneous',
  'weapons',
  'ammunition',
  'armor',
];

/** Fields every catalog row has. */
export interface CatalogItemBase {
  name: string;
  category: CatalogCategory;
  /** Price in centisilver (hundredths of a silver coin). */
  cost: number;
  /** Bulk in hundredths of the seed's bulk unit; null where the seed gives none (rooms, animals). */
  bulkHundredths: number | null;
  /** What one price buys when it is not one item: "night", "yard", "flask"…; null for one item. */
  per: string | null;
  /** True when the cost and bulk are where prices start (books, a full helmet's minimum). */
  atLeast: boolean;
  /** A short note in our words; null when there is nothing to add. */
  notes: string | null;
}

/** How a tool or a piece of ammunition fares when swung as a makeshift hand weapon. */
export interface ImprovisedWeapon {
  /** Damage, e.g. "d6" or "1". */
  damage: string;
  /** Penalty to attack rolls (a positive number to subtract). */
  attackPenalty: number;
  /** Bulk while kept as a weapon, in hundredths; null when the seed does not say. */
  bulkHundredths: number | null;
}

/** Which upkeep rate an animal pays (seed 000, "Upkeep and living expenses"). */
export type AnimalUpkeepKind = 'riding-animal' | 'animal';

export interface AnimalStats {
  /** Movement while carrying `carryBulk`. */
  movement: number;
  /** Bulk the animal carries when packed properly (whole bulk units). */
  carryBulk: number;
  /** Our reading of which upkeep rate applies: mounts are riding animals, beasts of burden are not. */
  upkeepKind: AnimalUpkeepKind;
}

/** Extra price and bulk for every ten pages of a book or journal. */
export interface PerTenPages {
  cost: number;
  bulkHundredths: number;
}

/** A row of the food, ingredients, animals and containers, miscellaneous or ammunition tables. */
export interface GearItem extends CatalogItemBase {
  category: Exclude<CatalogCategory, 'weapons' | 'armor'>;
  improvisedWeapon: ImprovisedWeapon | null;
  animal: AnimalStats | null;
  perTenPages: PerTenPages | null;
}

/** Who may learn a weapon: anyone, warriors and basic-weapon Fighting Art users, or warriors only. */
export type WeaponClass = 'simple' | 'basic' | 'warrior';

export interface WeaponItem extends CatalogItemBase {
  category: 'weapons';
  weaponClass: WeaponClass;
  /** Damage for a medium-sized weapon, e.g. "d8", "2d6". */
  damage: string;
  /** Actions to throw or fire it; null when the seed leaves it blank. */
  fireActions: number | null;
  /** Range in yards; null when blank. */
  range: number | null;
  /** Hands needed; null when blank. */
  hands: number | null;
  /** Yards of room needed on either side; null when blank. */
  space: number | null;
}

export interface ArmorItem extends CatalogItemBase {
  category: 'armor';
  /** Defense bonus. */
  defense: number;
  /** Bulk is listed as worn; multiply by this when the armor is carried instead. */
  carriedBulkMultiplier: number;
  /** Lowest warrior level that can use it; null if warriors cannot. */
  warriorLevel: number | null;
  /** Lowest thief, prophet or monk level that can use it; null if they cannot. */
  thiefProphetMonkLevel: number | null;
}

export type CatalogItem = GearItem | WeaponItem | ArmorItem;
