import fc from 'fast-check';
import { economicDice, SUGGESTED_TAGS, tagBonusDice, tagKey, tagName } from './tags';

const keep = {
  id: 'keep',
  rank: 2,
  tags: [
    { name: 'Library', economic: false },
    { name: 'research  wing', economic: false },
    { name: 'Market stall', economic: true },
  ],
};
const company = {
  id: 'hall',
  rank: 1,
  tags: [
    { name: 'library', economic: false },
    { name: 'Mine', economic: true },
  ],
};
const planned = { id: 'plan', rank: 0, tags: [{ name: 'library', economic: true }] };

describe(tagBonusDice.name, () => {
  it('gives one die per matching tag of each stronghold, case-insensitively (S6: two tags, +2d)', () => {
    expect(tagBonusDice([keep], ['LIBRARY', 'Research Wing'])).toEqual({
      bonusDice: 2,
      applied: [
        { strongholdId: 'keep', tag: 'Library' },
        { strongholdId: 'keep', tag: 'research  wing' },
      ],
    });
  });

  it('counts the company’s strongholds too, and not strongholds still at rank 0', () => {
    expect(tagBonusDice([keep, company, planned], ['library'])).toEqual({
      bonusDice: 2,
      applied: [
        { strongholdId: 'keep', tag: 'Library' },
        { strongholdId: 'hall', tag: 'library' },
      ],
    });
  });

  it('gives nothing without matching tags', () => {
    expect(tagBonusDice([keep], ['stealth', ' '])).toEqual({ bonusDice: 0, applied: [] });
    expect(tagBonusDice([], ['library'])).toEqual({ bonusDice: 0, applied: [] });
  });

  it('never gives more dice than the strongholds have tags', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (taskTags) => {
        const { bonusDice, applied } = tagBonusDice([keep, company], taskTags);
        expect(bonusDice).toBe(applied.length);
        expect(bonusDice).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe(economicDice.name, () => {
  it('gives one die per economic tag of each built stronghold (S5)', () => {
    expect(economicDice([keep, company, planned])).toEqual([
      { strongholdId: 'keep', dice: 1 },
      { strongholdId: 'hall', dice: 1 },
    ]);
  });
});

describe(tagName.name, () => {
  it('trims and collapses spaces, and refuses empty or long names', () => {
    expect(tagName('  secret   passage ')).toBe('secret passage');
    expect(tagKey(' Secret   Passage')).toBe('secret passage');
    expect(() => tagName('   ', 'newTags[0].name')).toThrow(
      expect.objectContaining({ field: 'newTags[0].name' }),
    );
    expect(() => tagName('x'.repeat(41))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });
});

describe('SUGGESTED_TAGS', () => {
  it('has unique names, some economic and some not', () => {
    const keys = SUGGESTED_TAGS.map((t) => tagKey(t.name));
    expect(new Set(keys).size).toBe(keys.length);
    expect(SUGGESTED_TAGS.some((t) => t.economic)).toBe(true);
    expect(SUGGESTED_TAGS.some((t) => !t.economic)).toBe(true);
  });
});
