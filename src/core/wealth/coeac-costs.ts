import { optionalSearch, requireObject, wholeNumber } from './validation';

/** What kind of thing a Cost-table line prices; our grouping, the seed lists lines by Cost only. */
export const COEAC_COST_CATEGORIES = [
  'expendable',
  'weapon',
  'armor',
  'tool',
  'household',
  'lodging',
  'animal',
  'vehicle',
  'hireling',
  'travel',
  'delivery',
  'property',
  'military',
] as const;

export type CoeacCostCategory = (typeof COEAC_COST_CATEGORIES)[number];

/** One line of the COEAC goods and services Cost table. */
export interface CoeacCostEntry {
  /** The Cost (purchase Objective before Wealth) of the line. */
  readonly cost: number;
  /** The good or service. */
  readonly item: string;
  readonly category: CoeacCostCategory;
  /** Things the table gives as examples of the line; empty when it names none. */
  readonly examples: readonly string[];
  /** For hired people: their dice pool and hit points; null otherwise. */
  readonly hireling: { readonly pool: number; readonly hp: number } | null;
  /** A short note in our words; null when there is nothing to add. */
  readonly note: string | null;
}

const line = (
  cost: number,
  item: string,
  category: CoeacCostCategory,
  extra: { examples?: string[]; hireling?: { pool: number; hp: number }; note?: string } = {},
): CoeacCostEntry => ({
  cost,
  item,
  category,
  examples: extra.examples ?? [],
  hireling: extra.hireling ?? null,
  note: extra.note ?? null,
});

/**
 * COEAC, Equipment: Costs for Goods and Services (Cost 1 to 42), one entry per line of the table.
 * The seed's single Cost 6 line "Expert Craftsman/Professional or Veteran Mercenary" is split in
 * two so that each hireling keeps its own pool and hit points.
 */
export const COEAC_COSTS: readonly CoeacCostEntry[] = [
  line(1, 'Basic Expendable', 'expendable', {
    examples: ['torches', 'lantern oil', 'rations', 'arrows', 'bullets', 'iron spikes'],
  }),
  line(1, 'Simple Weapon', 'weapon', { examples: ['club', 'sling'] }),
  line(1, 'Household Good', 'household'),
  line(1, 'Bed and a Warm Meal', 'lodging'),

  line(2, 'Quality Expendable', 'expendable', { examples: ['military-grade oil', 'gunpowder'] }),
  line(2, 'Basic Tool', 'tool', { examples: ['hammer'] }),
  line(2, 'Small Animal', 'animal', { examples: ['chicken', 'cat'] }),

  line(3, 'Quality Tool', 'tool', { examples: ['crowbar', 'lantern'] }),
  line(3, 'Crude Weapon', 'weapon', { examples: ['spear', 'shield', 'bow'] }),
  line(3, 'Medium Animal', 'animal', { examples: ['dog'] }),
  line(3, 'Small Livestock', 'animal', { examples: ['sheep', 'goat', 'pig'] }),
  line(3, 'Porter', 'hireling', { hireling: { pool: 2, hp: 2 } }),
  line(3, 'Cheap, Local Passage/Travel', 'travel', { note: 'Cost +1 for a group of several people.' }),
  line(3, 'Regional Parcel/Delivery', 'delivery'),

  line(4, 'Specialty Tool', 'tool', { examples: ['alembic'] }),
  line(4, 'Quality Weapon', 'weapon', { examples: ['sword', 'battleax', 'polearm', 'firearm'] }),
  line(4, 'Shield', 'armor'),
  line(4, 'Pack Animal', 'animal', { examples: ['horse', 'camel', 'mule'] }),
  line(4, 'Large Livestock', 'animal', { examples: ['cow', 'ox', 'buffalo'] }),
  line(4, 'Horse-Drawn Cart', 'vehicle'),
  line(4, 'Simple Rowboat', 'vehicle'),
  line(4, 'Torchbearer/Shieldbearer', 'hireling', { hireling: { pool: 4, hp: 2 } }),
  line(4, 'Regional Passage/Travel', 'travel', { note: 'One tier dearer for a group of several people.' }),
  line(4, 'Long-Distance Parcel/Delivery', 'delivery'),

  line(5, 'Hut, Hovel, or Tenement Unit', 'property'),
  line(5, 'Mercenary', 'hireling', { hireling: { pool: 4, hp: 4 } }),
  line(5, 'Long-distance Passage/Travel', 'travel', {
    note: 'One tier dearer for a group of several people.',
  }),

  line(6, 'Ceremonial/Heirloom Weapon', 'weapon'),
  line(6, 'Armor', 'armor'),
  line(6, 'Warhorse', 'animal'),
  line(6, 'Cabin or Apartment', 'property'),
  line(6, 'Expert Craftsman/Professional', 'hireling', { hireling: { pool: 5, hp: 3 } }),
  line(6, 'Veteran Mercenary', 'hireling', { hireling: { pool: 5, hp: 5 } }),

  line(7, 'Small Sailing Vessel', 'vehicle'),
  line(7, 'Modest House', 'property'),
  line(7, 'Rural Shrine', 'property'),

  line(8, 'Seasoned Adventurer', 'hireling', { hireling: { pool: 6, hp: 6 } }),
  line(8, 'Sorcerous Adept', 'hireling', {
    hireling: { pool: 6, hp: 4 },
    note: 'Can channel two spells, both of one family.',
  }),
  line(8, 'Exotic Mount', 'animal', { examples: ['riding lizard', 'giant bird'] }),

  line(9, 'Exotic Warbeast', 'animal', { examples: ['elephant', 'rhino'] }),
  line(9, 'Urban Shrine', 'property'),

  line(10, 'Large Building', 'property', { examples: ['inn', 'warehouse'] }),
  line(10, 'Large Sailing Ship', 'vehicle'),

  line(14, 'Small Complex/Estate and Land', 'property'),
  line(14, 'Private Security Company', 'military'),

  line(18, 'Fortified Manor House or Tower', 'property'),
  line(18, 'Small Militia', 'military'),

  line(24, 'Professional Mercenary Company', 'military', { note: 'Dozens of soldiers.' }),

  line(30, 'Small (Baronal) Castle/Fort', 'property'),

  line(42, 'Large (Royal) Castle/Palace', 'property'),
  line(42, 'Standing Professional Army', 'military', { note: 'Hundreds of soldiers and their support.' }),
];

/** Filters for `searchCosts`; both optional, both must match when given. */
export interface CostSearch {
  /** Case-insensitive text looked for in the item, its examples, its category and its note. */
  readonly search?: string;
  /** Only lines with exactly this Cost. */
  readonly cost?: number;
}

/**
 * COEAC, Equipment: Costs for Goods and Services. Lines of the Cost table matching a text search
 * and/or an exact Cost, in table order.
 */
export function searchCosts(
  query: CostSearch = {},
  table: readonly CoeacCostEntry[] = COEAC_COSTS,
): CoeacCostEntry[] {
  requireObject(query, 'query');
  const text = optionalSearch(query.search);
  const cost = query.cost === undefined ? null : wholeNumber(query.cost, 'cost', 0);
  return table.filter(
    (entry) =>
      (cost === null || entry.cost === cost) &&
      (text === null ||
        [entry.item, entry.category, entry.note ?? '', ...entry.examples].some((field) =>
          field.toLowerCase().includes(text),
        )),
  );
}
