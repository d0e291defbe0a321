import { commoditySlots, defaultSlots, inventoryCapacity } from '.';

describe('inventoryCapacity', () => {
  it('T4: 12 slots, two porters and a pack animal make 24', () => {
    expect(inventoryCapacity(12, ['porter', 'porter', 'pack-animal'])).toBe(24);
    expect(inventoryCapacity(10, ['small-cart', 'large-cart', 'follower'])).toBe(22);
  });
});

describe('commoditySlots', () => {
  it('T3: one slot per started 3 Cash (Silks (3 Cash) take 1), at least 1', () => {
    expect([0, 1, 3, 4, 6, 7, 30].map(commoditySlots)).toEqual([1, 1, 1, 2, 2, 3, 10]);
    expect(defaultSlots('treasure', 40)).toBe(1);
    expect(defaultSlots('commodity', 10)).toBe(4);
  });
});
