import { fullHelmetCheckModifiers, GM_FULL_HELMET, wearsFullHelmet } from './gm-gear';
import { normaliseSheet } from './sheets';

describe('G&M full helmet on the sheet (issue 43, M16)', () => {
  it('is kept when true, left out otherwise, and checked', () => {
    expect(normaliseSheet('gm', { [GM_FULL_HELMET]: true })[GM_FULL_HELMET]).toBe(true);
    expect(normaliseSheet('gm', { [GM_FULL_HELMET]: false })).not.toHaveProperty(GM_FULL_HELMET);
    expect(normaliseSheet('gm', {})).not.toHaveProperty(GM_FULL_HELMET);
    expect(() => normaliseSheet('gm', { [GM_FULL_HELMET]: 1 })).toThrow(
      expect.objectContaining({ field: `sheet.${GM_FULL_HELMET}` }),
    );
  });

  it('gives −1 to perception checks only, and only while worn', () => {
    expect(wearsFullHelmet({ fullHelmet: true })).toBe(true);
    expect(fullHelmetCheckModifiers({ fullHelmet: true }, ['Perception'])).toEqual([
      { source: 'full helmet', amount: -1 },
    ]);
    expect(fullHelmetCheckModifiers({ fullHelmet: true }, ['fortitude'])).toEqual([]);
    expect(fullHelmetCheckModifiers({}, ['perception'])).toEqual([]);
  });
});
