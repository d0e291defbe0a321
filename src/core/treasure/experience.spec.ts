import fc from 'fast-check';
import { experienceForLevel, levelForExperience, lootExperience } from '.';

describe('levelForExperience', () => {
  it('T13: 999 → 1, 1,000 → 2, 2,999 → 2, 3,000 → 3, 45,000 → 10, 55,000 → 11', () => {
    expect([999, 1000, 2999, 3000, 45000, 55000].map(levelForExperience)).toEqual([1, 2, 2, 3, 10, 11]);
  });

  it('is the inverse of experienceForLevel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (xp) => {
        const level = levelForExperience(xp);
        expect(experienceForLevel(level)).toBeLessThanOrEqual(xp);
        expect(experienceForLevel(level + 1)).toBeGreaterThan(xp);
      }),
    );
  });
});

describe('lootExperience', () => {
  it('T9: 150 silver given away is 300 experience, divided among 4 as 75 each', () => {
    expect(lootExperience({ silver: 15000, members: 4 })).toMatchObject({
      totalExperience: 300,
      each: 75,
      remainder: 0,
      rule: 'divided',
    });
  });

  it('reports the remainder of an uneven split, and gives the full amount under `each`', () => {
    expect(lootExperience({ silver: 15000, members: 7 })).toMatchObject({ each: 42, remainder: 6 });
    expect(lootExperience({ silver: 15000, members: 7, rule: 'each' })).toMatchObject({
      each: 300,
      remainder: 0,
    });
  });

  it('drops a fraction of a point from odd coppers (1.01 silver → 2)', () => {
    expect(lootExperience({ silver: 101, members: 1 }).totalExperience).toBe(2);
  });

  it('reports each member’s levels', () => {
    const outcome = lootExperience({ silver: 100000, members: 2, currentExperience: [0, 2500] });
    expect(outcome.perMember).toEqual([
      { member: 1, before: 0, gained: 1000, after: 1000, levelBefore: 1, levelAfter: 2, levelsGained: 1 },
      { member: 2, before: 2500, gained: 1000, after: 3500, levelBefore: 2, levelAfter: 3, levelsGained: 1 },
    ]);
    expect(() => lootExperience({ silver: 100, members: 2, currentExperience: [0] })).toThrow(
      /currentExperience/,
    );
  });

  it('conserves experience when divided', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 100 }), (silver, members) => {
        const o = lootExperience({ silver, members });
        expect(o.each * members + o.remainder).toBe(o.totalExperience);
        expect(o.remainder).toBeLessThan(members);
      }),
    );
  });
});
