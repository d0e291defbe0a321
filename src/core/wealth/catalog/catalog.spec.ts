import { fullHelmetCost } from './armor';
import { findCatalogItem, GM_CATALOG, searchCatalog } from './catalog';
import { CATALOG_CATEGORIES, type CatalogItem } from './types';

const all: CatalogItem[] = CATALOG_CATEGORIES.flatMap((category) => GM_CATALOG[category]);

describe('GM_CATALOG', () => {
  it('holds every row of the seed tables', () => {
    expect(
      Object.fromEntries(CATALOG_CATEGORIES.map((category) => [category, GM_CATALOG[category].length])),
    ).toEqual({
      'food-and-lodging': 11,
      ingredients: 8,
      'animals-and-containers': 20,
      miscellaneous: 29,
      weapons: 30,
      ammunition: 9,
      armor: 13,
    });
  });

  it('prices every row in whole centisilver, zero or more, with whole-hundredth bulk', () => {
    for (const item of all) {
      expect(Number.isInteger(item.cost) && item.cost >= 0).toBe(true);
      if (item.bulkHundredths !== null)
        expect(Number.isInteger(item.bulkHundredths) && item.bulkHundredths > 0).toBe(true);
    }
  });

  it('files every row under its own table and names it once in the whole catalog', () => {
    for (const category of CATALOG_CATEGORIES) {
      for (const item of GM_CATALOG[category]) expect(item.category).toBe(category);
    }
    const names = all.map((item) => item.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps the seed figures for sample rows', () => {
    expect(findCatalogItem('Beer, pint')).toMatchObject({ cost: 20, bulkHundredths: 300 });
    expect(findCatalogItem('Parchment')).toMatchObject({ cost: 100, bulkHundredths: 1, per: 'square foot' });
    expect(findCatalogItem('Horse, war')).toMatchObject({ cost: 20000, bulkHundredths: null });
    expect(findCatalogItem('Club')).toMatchObject({
      damage: 'd4',
      fireActions: 2,
      range: 2,
      hands: null,
      space: 1,
      bulkHundredths: 1000,
      cost: 10,
      weaponClass: 'simple',
    });
    expect(findCatalogItem('Sling')).toMatchObject({
      range: 10,
      hands: 2,
      space: 2,
      bulkHundredths: 400,
      cost: 200,
    });
    expect(findCatalogItem('Great sword')).toMatchObject({
      damage: '2d6',
      space: 2,
      cost: 4000,
      weaponClass: 'warrior',
    });
    expect(findCatalogItem('Chain Mail')).toMatchObject({
      defense: 5,
      cost: 8000,
      bulkHundredths: 1500,
      warriorLevel: 1,
      thiefProphetMonkLevel: 2,
      carriedBulkMultiplier: 2,
    });
    expect(findCatalogItem('Ceremonial Plate')).toMatchObject({
      defense: 9,
      cost: 200000,
      carriedBulkMultiplier: 3,
    });
  });

  it('splits the weapons into 9 simple, 8 basic and 13 warrior weapons with valid dice', () => {
    const weapons = GM_CATALOG.weapons.filter((item) => item.category === 'weapons');
    const count = (weaponClass: string) => weapons.filter((item) => item.weaponClass === weaponClass).length;
    expect([count('simple'), count('basic'), count('warrior')]).toEqual([9, 8, 13]);
    for (const item of weapons) expect(item.damage).toMatch(/^(\d*d\d+|\d+)$/);
  });

  it('gives every animal a movement, a load and an upkeep rate', () => {
    const animals = all.filter((item) => item.category === 'animals-and-containers' && item.animal !== null);
    expect(animals.map((item) => item.name)).toEqual([
      'Donkey',
      'Horse, pack',
      'Horse, riding',
      'Horse, war',
      'Mule',
      'Ox',
      'Pony',
    ]);
  });
});

describe(searchCatalog.name, () => {
  it('returns every row without filters', () => {
    expect(searchCatalog()).toHaveLength(120);
  });

  it('finds rows by name or note, ignoring case', () => {
    expect(searchCatalog({ search: 'CROSSBOW' }).map((item) => item.name)).toEqual([
      'Crossbow',
      'Heavy Crossbow',
      'Crossbow Bolt',
      'Crossbow Bolt, heavy',
    ]);
  });

  it('filters by category', () => {
    expect(searchCatalog({ category: 'armor', search: 'shield' }).map((item) => item.name)).toEqual([
      'Shield',
      'Large Shield',
      'Small Shield',
    ]);
    expect(searchCatalog({ category: 'ingredients', search: 'sword' })).toEqual([]);
  });

  it('refuses an unknown category', () => {
    expect(() => searchCatalog({ category: 'potions' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'category' }),
    );
  });
});

describe(findCatalogItem.name, () => {
  it('refuses an unknown name', () => {
    expect(() => findCatalogItem('Lightsaber')).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_ITEM', field: 'item' }),
    );
  });
});

describe(fullHelmetCost.name, () => {
  it('costs 10 silver or a tenth of the other armor, whichever is more', () => {
    expect(fullHelmetCost(0)).toBe(1000);
    expect(fullHelmetCost(8000)).toBe(1000);
    expect(fullHelmetCost(30000)).toBe(3000);
    expect(fullHelmetCost(200001)).toBe(20001);
  });
});
