import { COEAC_COSTS, searchCosts } from './coeac-costs';

describe('COEAC_COSTS', () => {
  it('holds every line of the Cost table, Cost 1 to 42, in rising order', () => {
    expect(COEAC_COSTS).toHaveLength(51);
    expect([...new Set(COEAC_COSTS.map((entry) => entry.cost))]).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 18, 24, 30, 42,
    ]);
    const costs = COEAC_COSTS.map((entry) => entry.cost);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
  });

  it('names each line once', () => {
    const names = COEAC_COSTS.map((entry) => entry.item.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every hireling a pool and hit points and nothing else one', () => {
    for (const entry of COEAC_COSTS) {
      expect(entry.hireling !== null).toBe(entry.category === 'hireling');
    }
    expect(COEAC_COSTS.find((entry) => entry.item === 'Veteran Mercenary')?.hireling).toEqual({
      pool: 5,
      hp: 5,
    });
  });
});

describe(searchCosts.name, () => {
  it('returns the whole table without filters', () => {
    expect(searchCosts()).toEqual(COEAC_COSTS);
  });

  it('finds the warhorse at Cost 6', () => {
    expect(searchCosts({ search: 'WARHORSE' })).toEqual([
      expect.objectContaining({ item: 'Warhorse', cost: 6 }),
    ]);
  });

  it('matches the examples of a line', () => {
    expect(searchCosts({ search: 'crowbar' }).map((entry) => entry.item)).toEqual(['Quality Tool']);
  });

  it('filters by exact Cost and combines with the text', () => {
    expect(searchCosts({ cost: 42 }).map((entry) => entry.item)).toEqual([
      'Large (Royal) Castle/Palace',
      'Standing Professional Army',
    ]);
    expect(searchCosts({ cost: 6, search: 'mercenary' }).map((entry) => entry.item)).toEqual([
      'Veteran Mercenary',
    ]);
    expect(searchCosts({ cost: 11 })).toEqual([]);
  });

  it('refuses a negative or fractional Cost and non-text search', () => {
    expect(() => searchCosts({ cost: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'cost' }),
    );
    expect(() => searchCosts({ cost: 1.5 })).toThrow(expect.objectContaining({ field: 'cost' }));
    expect(() => searchCosts({ search: 3 as never })).toThrow(expect.objectContaining({ field: 'search' }));
  });
});
