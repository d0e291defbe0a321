import { RuleError } from '../../errors';
import { oneOf, optionalSearch, requireObject } from '../validation';
import { AMMUNITION } from './ammunition';
import { ANIMALS_AND_CONTAINERS } from './animals-and-containers';
import { ARMOR } from './armor';
import { FOOD_AND_LODGING } from './food-and-lodging';
import { INGREDIENTS } from './ingredients';
import { MISCELLANEOUS } from './miscellaneous';
import { CATALOG_CATEGORIES, type CatalogCategory, type CatalogItem } from './types';
import { WEAPONS } from './weapons';

/** The whole G&M catalog (seed 001), table by table in the seed's order. */
export const GM_CATALOG: Readonly<Record<CatalogCategory, readonly CatalogItem[]>> = {
  'food-and-lodging': FOOD_AND_LODGING,
  ingredients: INGREDIENTS,
  'animals-and-containers': ANIMALS_AND_CONTAINERS,
  miscellaneous: MISCELLANEOUS,
  weapons: WEAPONS,
  ammunition: AMMUNITION,
  armor: ARMOR,
};

const ALL_ITEMS: readonly CatalogItem[] = CATALOG_CATEGORIES.flatMap((category) => GM_CATALOG[category]);

export interface CatalogSearch {
  /** Case-insensitive text looked for in the name and the notes. */
  search?: string;
  /** Only this table. */
  category?: CatalogCategory;
}

/**
 * G&M, Money and Equipment: the price/bulk catalog (seed 001). Rows matching a text search and/or a
 * category, in the seed's order.
 */
export function searchCatalog(query: CatalogSearch = {}): CatalogItem[] {
  requireObject(query, 'query');
  const text = optionalSearch(query.search);
  const category =
    query.category === undefined ? null : oneOf(query.category, CATALOG_CATEGORIES, 'category');
  return ALL_ITEMS.filter(
    (item) =>
      (category === null || item.category === category) &&
      (text === null ||
        item.name.toLowerCase().includes(text) ||
        (item.notes ?? '').toLowerCase().includes(text)),
  );
}

/** The catalog row called `name` (case-insensitive, exact), or UNKNOWN_ITEM on field `field`. */
export function findCatalogItem(name: string, field = 'item'): CatalogItem {
  const key = typeof name === 'string' ? name.trim().toLowerCase() : '';
  const found = ALL_ITEMS.find((item) => item.name.toLowerCase() === key);
  if (!found) throw new RuleError('UNKNOWN_ITEM', `The catalog has no item called "${String(name)}".`, field);
  return found;
}
