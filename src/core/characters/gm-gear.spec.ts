import { fullHelmetCheckModifiers, GM_FULL_HELMET, GM_HELMET, helmetOf, wearsFullHelmet } from './gm-gear';
import { deriveSheet, withoutDerived } from './sheets-derived';
import { normaliseSheet, playerSheet } from './sheets';

describe('G&M helmet on the sheet (issue 43, M16; issue 42)', () => {
  it('keeps a helmet { name, kind }, full by default, named after its kind when unnamed', () => {
    expect(normaliseSheet('gm', { helmet: {} })[GM_HELMET]).toEqual({ name: 'Full Helmet', kind: 'full' });
    expect(normaliseSheet('gm', { helmet: { kind: 'open' } })[GM_HELMET]).toEqual({
      name: 'Open Helmet',
      kind: 'open',
    });
    expect(normaliseSheet('gm', { helmet: { name: ' Visored sallet ', kind: 'full' } })[GM_HELMET]).toEqual({
      name: 'Visored sallet',
      kind: 'full',
    });
    expect(normaliseSheet('gm', {})).not.toHaveProperty(GM_HELMET);
  });

  it('refuses a malformed helmet, naming the member', () => {
    const field = (sheet: object) => {
      try {
        normaliseSheet('gm', sheet);
      } catch (e) {
        return (e as { field: string }).field;
      }
      return null;
    };
    expect(field({ helmet: { kind: 'great' } })).toBe('sheet.helmet.kind');
    expect(field({ helmet: { name: '' } })).toBe('sheet.helmet.name');
    expect(field({ helmet: { defense: 1 } })).toBe('sheet.helmet.defense');
    expect(field({ helmet: 'full' })).toBe('sheet.helmet');
  });

  it('still takes the deprecated fullHelmet boolean, stored as the helmet', () => {
    expect(normaliseSheet('gm', { [GM_FULL_HELMET]: true })).toMatchObject({
      helmet: { name: 'Full Helmet', kind: 'full' },
    });
    expect(normaliseSheet('gm', { [GM_FULL_HELMET]: true })).not.toHaveProperty(GM_FULL_HELMET);
    expect(normaliseSheet('gm', { [GM_FULL_HELMET]: false })).not.toHaveProperty(GM_HELMET);
    // Both, agreeing: kept; disagreeing: refused naming the old name.
    expect(
      normaliseSheet('gm', { [GM_FULL_HELMET]: true, helmet: { name: 'Sallet', kind: 'full' } })[GM_HELMET],
    ).toEqual({ name: 'Sallet', kind: 'full' });
    expect(() => normaliseSheet('gm', { [GM_FULL_HELMET]: true, helmet: { kind: 'open' } })).toThrow(
      expect.objectContaining({ field: `sheet.${GM_FULL_HELMET}` }),
    );
    expect(() => normaliseSheet('gm', { [GM_FULL_HELMET]: 1 })).toThrow(
      expect.objectContaining({ field: `sheet.${GM_FULL_HELMET}` }),
    );
  });

  it('answers the helmet with the deprecated boolean beside it, and a read-edit-write of the answer keeps it', () => {
    const stored = normaliseSheet('gm', { helmet: { kind: 'full' } });
    const view = deriveSheet('gm', stored);
    expect(view).toMatchObject({ helmet: { name: 'Full Helmet', kind: 'full' }, fullHelmet: true });
    const back = normaliseSheet('gm', withoutDerived('gm', view, stored));
    expect(back.helmet).toEqual({ name: 'Full Helmet', kind: 'full' });
    expect(back).not.toHaveProperty(GM_FULL_HELMET);
    // A player writing the whole answer back changes nothing.
    expect(playerSheet('gm', stored, withoutDerived('gm', view, stored)).helmet).toEqual(stored.helmet);
    // An open helmet answers no fullHelmet.
    expect(deriveSheet('gm', normaliseSheet('gm', { helmet: { kind: 'open' } }))).not.toHaveProperty(
      GM_FULL_HELMET,
    );
    // A sheet stored before the helmet (fullHelmet: true) reads as wearing one.
    expect(deriveSheet('gm', { ...stored, helmet: undefined, fullHelmet: true })).toMatchObject({
      helmet: { kind: 'full' },
      fullHelmet: true,
    });
  });

  it('gives −1 to perception checks only, and only while a full helmet is worn', () => {
    expect(wearsFullHelmet({ fullHelmet: true })).toBe(true);
    expect(wearsFullHelmet({ helmet: { name: 'Sallet', kind: 'full' } })).toBe(true);
    expect(wearsFullHelmet({ helmet: { name: 'Cap', kind: 'open' } })).toBe(false);
    expect(helmetOf({})).toBeNull();
    expect(fullHelmetCheckModifiers({ helmet: { name: 'x', kind: 'full' } }, ['Perception'])).toEqual([
      { source: 'full helmet', amount: -1 },
    ]);
    expect(fullHelmetCheckModifiers({ helmet: { name: 'x', kind: 'open' } }, ['perception'])).toEqual([]);
    expect(fullHelmetCheckModifiers({ fullHelmet: true }, ['fortitude'])).toEqual([]);
    expect(fullHelmetCheckModifiers({}, ['perception'])).toEqual([]);
  });
});
