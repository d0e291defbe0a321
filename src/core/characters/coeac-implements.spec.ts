import { isCoeacMagicResource } from '../magic/coeac/resources';
import { COEAC_ORB_EMPOWER, implementResourceName, normaliseSheet } from './sheets';

describe('COEAC sorcerous implements and orbs on the sheet (003:442–456)', () => {
  it('an orb names two families and grants Empower 2; a relic Empower 1; each gets one activation a day', () => {
    const sheet = normaliseSheet('coeac', {
      implements: [{ itemId: 'orb-1', families: ['psychomancy', 'naturecraft'] }, { itemId: 'rod-1' }],
    });
    expect(sheet.implements).toEqual([
      { itemId: 'orb-1', empower: COEAC_ORB_EMPOWER, families: ['psychomancy', 'naturecraft'] },
      { itemId: 'rod-1', empower: 1, families: null },
    ]);
    const resources = sheet.classResources as Record<string, unknown>;
    expect(resources[implementResourceName('orb-1')]).toEqual({ current: 1, max: 1 });
    // The long rest refills it with the day's magic.
    expect(isCoeacMagicResource(implementResourceName('orb-1'))).toBe(true);
  });

  it('refuses one family, the same family twice, an unknown family or a repeated item, naming the field', () => {
    for (const families of [['psychomancy'], ['psychomancy', 'psychomancy'], ['psychomancy', 'cooking']]) {
      expect(() => normaliseSheet('coeac', { implements: [{ itemId: 'o', families }] })).toThrow(
        expect.objectContaining({ field: 'sheet.implements[0].families' }),
      );
    }
    expect(() => normaliseSheet('coeac', { implements: [{ itemId: 'o' }, { itemId: 'o' }] })).toThrow(
      expect.objectContaining({ field: 'sheet.implements[1].itemId' }),
    );
  });
});
