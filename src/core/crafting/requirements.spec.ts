import fc from 'fast-check';
import fixture from '../../../test/fixtures/crafting/requirements.json';
import { craftingRequirements, successesForPrice } from './requirements';
import { copperToEighths, eighthsToCopper } from './money';

describe(craftingRequirements.name, () => {
  it('gives the 6c shield 1.5c of materials and 1 success, and a 100c item 25c and 5', () => {
    expect(craftingRequirements({ price: 6 })).toEqual({
      price: 6,
      effectivePrice: 6,
      materialCostEighths: 12,
      successesNeeded: 1,
      complexity: 5,
    });
    expect(craftingRequirements({ price: 100, complexity: 4 })).toEqual({
      price: 100,
      effectivePrice: 100,
      materialCostEighths: 200,
      successesNeeded: 5,
      complexity: 4,
    });
  });

  it.each(fixture.cases)('matches the fixture: $id', ({ input, materialCost, successesNeeded }) => {
    const r = craftingRequirements(input);
    expect(eighthsToCopper(r.materialCostEighths)).toBe(materialCost);
    expect(r.successesNeeded).toBe(successesNeeded);
  });

  it('lets scavenging cut the successes by half at most (rounding the half that remains up)', () => {
    expect(craftingRequirements({ price: 100, scavengedValue: 100 }).successesNeeded).toBe(3);
    expect(craftingRequirements({ price: 100, scavengedValue: 40 }).successesNeeded).toBe(3);
    expect(craftingRequirements({ price: 100, prebuiltValue: 100 }).successesNeeded).toBe(1);
    expect(craftingRequirements({ price: 100, prebuiltValue: 100 }).materialCostEighths).toBe(0);
  });

  it('refuses parts worth more than the item and bad numbers, naming the field', () => {
    const cases: [unknown, string][] = [
      [{ price: 10, prebuiltValue: 11 }, 'prebuiltValue'],
      [{ price: 10, prebuiltValue: 5, scavengedValue: 6 }, 'scavengedValue'],
      [{ price: -1 }, 'price'],
      [{ price: 1.5 }, 'price'],
      [{ price: 10, complexity: 21 }, 'complexity'],
      [{}, 'price'],
    ];
    for (const [input, field] of cases) {
      expect(() => craftingRequirements(input as never)).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', field }),
      );
    }
  });

  it('keeps every amount a whole number of eighths and the successes at least the scavenging floor', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (price, a, b) => {
          const prebuiltValue = Math.min(a, price);
          const scavengedValue = Math.min(b, price - prebuiltValue);
          const r = craftingRequirements({ price, prebuiltValue, scavengedValue });
          expect(Number.isInteger(r.materialCostEighths)).toBe(true);
          expect(r.materialCostEighths % 2).toBe(0); // half of it is whole eighths too
          expect(r.successesNeeded).toBeGreaterThanOrEqual(1);
          expect(r.successesNeeded).toBeGreaterThanOrEqual(
            Math.ceil(successesForPrice(price - prebuiltValue) / 2),
          );
          expect(r.successesNeeded).toBeLessThanOrEqual(Math.max(1, successesForPrice(price)));
        },
      ),
    );
  });
});

describe(copperToEighths.name, () => {
  it('reads multiples of 0.125 exactly and refuses anything finer', () => {
    expect(copperToEighths(1.5, 'amount')).toBe(12);
    expect(copperToEighths(0.125, 'amount')).toBe(1);
    expect(eighthsToCopper(100)).toBe(12.5);
    expect(() => copperToEighths(0.1, 'amount')).toThrow(expect.objectContaining({ field: 'amount' }));
    expect(() => copperToEighths(-1, 'amount')).toThrow(expect.objectContaining({ field: 'amount' }));
    expect(() => copperToEighths('1', 'amount')).toThrow(expect.objectContaining({ field: 'amount' }));
  });
});
