import fc from 'fast-check';
import longSword from '../../../test/fixtures/wealth/long-sword-sizes.json';
import { scaleItem } from './scale-item';
import { DAMAGE_TRACK, SIZES, scaleByPowerOfTwo, stepDamage, type Size } from './sizes';

describe(stepDamage.name, () => {
  it('walks the damage progression one entry per step', () => {
    expect(DAMAGE_TRACK.map((_, index) => stepDamage('1', index))).toEqual([...DAMAGE_TRACK]);
    expect(stepDamage('d8', 2)).toBe('d12');
    expect(stepDamage('3d6', -1)).toBe('2d8');
  });

  it('adds one d6 per step beyond 4d6', () => {
    expect(stepDamage('4d6', 1)).toBe('5d6');
    expect(stepDamage('3d6', 4)).toBe('7d6');
  });

  it('never drops below 1 point', () => {
    expect(stepDamage('d2', -3)).toBe('1');
  });

  it('moves off-track damage to its neighbours: d3 between d2 and d4, 2d6 between d12 and 2d8', () => {
    expect(stepDamage('D3', 0)).toBe('d3');
    expect(stepDamage('d3', 1)).toBe('d4');
    expect(stepDamage('d3', -1)).toBe('d2');
    expect(stepDamage('2d6', 1)).toBe('2d8');
    expect(stepDamage('2d6', -1)).toBe('d12');
    expect(stepDamage('2d6', -2)).toBe('d10');
  });

  it('reads 1d8 and D8 as d8', () => {
    expect(stepDamage('1d8', 1)).toBe('d10');
    expect(stepDamage('D8', -1)).toBe('d6');
  });

  it('refuses text that is not damage', () => {
    for (const bad of ['', 'd', 'd1', '0', 'sword', '2d6+1', '101d6']) {
      expect(() => stepDamage(bad, 1)).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', field: 'damage' }),
      );
    }
  });
});

describe(scaleByPowerOfTwo.name, () => {
  it('doubles up and halves down, rounding halves up', () => {
    expect(scaleByPowerOfTwo(3, 4)).toBe(48);
    expect(scaleByPowerOfTwo(3, -1)).toBe(2);
    expect(scaleByPowerOfTwo(3, -2)).toBe(1);
    expect(scaleByPowerOfTwo(3, -3)).toBe(0);
    expect(scaleByPowerOfTwo(5, -1)).toBe(3);
  });
});

describe(scaleItem.name, () => {
  it.each(longSword.rows)('matches the seed long sword for a $size creature', (row) => {
    const scaled = scaleItem({ item: longSword.item, madeFor: row.size as Size });
    expect({ damage: scaled.damage, range: scaled.range, cost: scaled.cost }).toEqual({
      damage: row.damage,
      range: row.range,
      cost: row.cost,
    });
    expect(scaled).toMatchObject({ bulkHundredths: 800, attackPenalty: 0, culture: 'medium' });
  });

  it('gives a large creature a d10, range 6, 40-silver long sword', () => {
    expect(scaleItem({ item: 'long sword', madeFor: 'large' })).toEqual({
      name: 'Long sword',
      baseSize: 'medium',
      madeFor: 'large',
      usedBy: 'large',
      culture: 'medium',
      cost: 4000,
      bulkHundredths: 800,
      damage: 'd10',
      range: 6,
      attackPenalty: 0,
    });
  });

  it("scales Toromeen's small battleaxe to d8 and range 1 at its own culture's price", () => {
    expect(scaleItem({ item: 'Battleaxe', madeFor: 'small', culture: 'small' })).toMatchObject({
      damage: 'd8',
      range: 1,
      cost: 700,
      bulkHundredths: 1800,
    });
  });

  it('quadruples the bulk of a huge weapon carried by a medium creature and quarters the reverse', () => {
    const stats = { cost: 2000, bulkHundredths: 2000, damage: 'd8', range: 3 };
    expect(scaleItem({ item: stats, baseSize: 'huge', madeFor: 'huge', usedBy: 'medium' })).toMatchObject({
      bulkHundredths: 8000,
      attackPenalty: 2,
    });
    expect(scaleItem({ item: stats, madeFor: 'medium', usedBy: 'huge' })).toMatchObject({
      bulkHundredths: 500,
      attackPenalty: 2,
    });
  });

  it('prices tiny and huge swords at four times the medium price in a medium culture', () => {
    expect(scaleItem({ item: 'Long sword', madeFor: 'tiny' }).cost).toBe(8000);
    expect(scaleItem({ item: 'Long sword', madeFor: 'huge' }).cost).toBe(8000);
    expect(scaleItem({ item: 'Long sword', madeFor: 'tiny', culture: 'tiny' }).cost).toBe(2000);
  });

  it('keeps a tiny bulk at one hundredth at least', () => {
    expect(scaleItem({ item: 'Paper', madeFor: 'fine', usedBy: 'titanic' }).bulkHundredths).toBe(1);
  });

  it('leaves gear without damage or range with nulls', () => {
    expect(scaleItem({ item: 'Horse, war', madeFor: 'large' })).toMatchObject({
      damage: null,
      range: null,
      bulkHundredths: null,
      cost: 40000,
    });
  });

  it('refuses unknown sizes, unknown items and bad stats', () => {
    expect(() => scaleItem({ item: 'Long sword', madeFor: 'colossal' as Size })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'madeFor' }),
    );
    expect(() => scaleItem({ item: 'Vorpal blade', madeFor: 'medium' })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_ITEM' }),
    );
    expect(() => scaleItem({ item: { cost: -1, bulkHundredths: 1 }, madeFor: 'medium' })).toThrow(
      expect.objectContaining({ field: 'item.cost' }),
    );
    expect(() => scaleItem({ item: { cost: 1, bulkHundredths: 1, range: 0 }, madeFor: 'medium' })).toThrow(
      expect.objectContaining({ field: 'item.range' }),
    );
  });

  const size = fc.constantFrom(...SIZES);

  it('penalises attacks by the size gap, never lets range fall below 1, and keeps costs whole', () => {
    fc.assert(
      fc.property(size, size, size, fc.integer({ min: 1, max: 100 }), (madeFor, usedBy, culture, range) => {
        const scaled = scaleItem({
          item: { cost: 2000, bulkHundredths: 800, damage: 'd8', range },
          madeFor,
          usedBy,
          culture,
        });
        expect(scaled.attackPenalty).toBe(Math.abs(SIZES.indexOf(madeFor) - SIZES.indexOf(usedBy)));
        expect(scaled.range).toBeGreaterThanOrEqual(1);
        expect(Number.isInteger(scaled.cost)).toBe(true);
        expect(scaled.cost).toBeGreaterThanOrEqual(2000);
      }),
    );
  });
});
