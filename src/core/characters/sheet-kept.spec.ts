import { normaliseSheet, playerSheet, SHEET_SYSTEMS } from './sheets';

describe('notes and portraitUrl on every system (issue 42)', () => {
  const base = (system: string) =>
    system === 'cairn' ? { str: { max: 8 }, dex: { max: 8 }, wil: { max: 8 } } : {};

  it.each(SHEET_SYSTEMS)('%s: kept as sent, left out when absent or cleared', (system) => {
    const kept = { notes: 'Owes a debt.', portraitUrl: 'https://img.example.org/a.png' };
    expect(normaliseSheet(system, { ...base(system), ...kept })).toMatchObject(kept);
    const none = normaliseSheet(system, { ...base(system), notes: '', portraitUrl: null });
    expect(none).not.toHaveProperty('notes');
    expect(none).not.toHaveProperty('portraitUrl');
  });

  it.each([
    'http://a.org/p.png',
    'a.org/p.png',
    'https://',
    ' https://a.org/p.png',
    `https://a.org/${'x'.repeat(2040)}`,
    7,
  ])('refuses the portrait %p naming sheet.portraitUrl', (portraitUrl) => {
    expect(() => normaliseSheet('coeac', { portraitUrl })).toThrow(
      expect.objectContaining({ field: 'sheet.portraitUrl', code: 'VALIDATION_FAILED' }),
    );
  });

  it('refuses notes past 4000 characters, takes 4000', () => {
    expect(normaliseSheet('gm', { notes: 'n'.repeat(4000) }).notes).toHaveLength(4000);
    expect(() => normaliseSheet('gm', { notes: 'n'.repeat(4001) })).toThrow(
      expect.objectContaining({ field: 'sheet.notes' }),
    );
  });

  it('a bound player sets them over the current sheet', () => {
    const current = normaliseSheet('archsoul', { maxHp: 5, statuses: ['Prone'] });
    const next = playerSheet('archsoul', current, { notes: 'Mine.', portraitUrl: 'https://a.org/me.png' });
    expect(next).toMatchObject({
      maxHp: 5,
      statuses: ['Prone'],
      notes: 'Mine.',
      portraitUrl: 'https://a.org/me.png',
    });
  });
});
