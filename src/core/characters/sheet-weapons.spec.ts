import { RuleError } from '../errors';
import { carriedAmmunition, pickWeapon, sheetWeapons } from './sheet-weapons';
import { normaliseSheet, playerSheet } from './sheets';

function ruleError(work: () => unknown): RuleError {
  try {
    work();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('expected a RuleError');
}

const cairnBase = { str: { max: 10 }, dex: { max: 10 }, wil: { max: 10 }, maxHp: 4 };

describe('sheet weapons', () => {
  describe('Cairn', () => {
    it('keeps each weapon with its die and only the properties that are set', () => {
      const sheet = normaliseSheet('cairn', {
        ...cairnBase,
        weapons: [
          { name: ' Longsword ', die: 'd8', bulky: false },
          { name: 'Warhammer', die: 'd10', bulky: true, itemId: 'item-7' },
          { name: 'Fire pot', die: 'd6', blast: true },
        ],
      });
      expect(sheet.weapons).toEqual([
        { name: 'Longsword', die: 'd8' },
        { name: 'Warhammer', die: 'd10', bulky: true, itemId: 'item-7' },
        { name: 'Fire pot', die: 'd6', blast: true },
      ]);
    });

    it('leaves the list out when the sheet holds no weapon', () => {
      expect(normaliseSheet('cairn', cairnBase)).not.toHaveProperty('weapons');
      expect(normaliseSheet('cairn', { ...cairnBase, weapons: [] })).not.toHaveProperty('weapons');
    });

    it.each([
      [{ weapons: [{ name: 'Axe' }] }, 'sheet.weapons[0].die'],
      [{ weapons: [{ name: 'Axe', die: 'd20' }] }, 'sheet.weapons[0].die'],
      [{ weapons: [{ name: '', die: 'd6' }] }, 'sheet.weapons[0].name'],
      [{ weapons: [{ name: 'x'.repeat(65), die: 'd6' }] }, 'sheet.weapons[0].name'],
      [{ weapons: [{ name: 'Axe', die: 'd6', bulky: 'yes' }] }, 'sheet.weapons[0].bulky'],
      [{ weapons: [{ name: 'Axe', die: 'd6', blast: 1 }] }, 'sheet.weapons[0].blast'],
      [{ weapons: [{ name: 'Axe', die: 'd6', itemId: '' }] }, 'sheet.weapons[0].itemId'],
      [{ weapons: [{ name: 'Axe', die: 'd6', dice: 'd6' }] }, 'sheet.weapons[0].dice'],
      [
        {
          weapons: [
            { name: 'Axe', die: 'd6' },
            { name: 'AXE', die: 'd8' },
          ],
        },
        'sheet.weapons[1].name',
      ],
      [{ weapons: 'Axe' }, 'sheet.weapons'],
      [{ weapons: ['Axe'] }, 'sheet.weapons[0]'],
    ])('refuses %j naming %s', (extra, field) => {
      expect(ruleError(() => normaliseSheet('cairn', { ...cairnBase, ...extra })).field).toBe(field);
    });

    it('lets the bound player set the weapons (a base value)', () => {
      const current = normaliseSheet('cairn', cairnBase);
      const next = playerSheet('cairn', current, { weapons: [{ name: 'Dagger', die: 'd6' }] });
      expect(next.weapons).toEqual([{ name: 'Dagger', die: 'd6' }]);
    });
  });

  describe('COEAC', () => {
    it('defaults the skill to Fighting and keeps traits as free names', () => {
      const sheet = normaliseSheet('coeac', {
        weapons: [
          { name: 'Spear' },
          { name: 'Longbow', skill: 'Archery', ranged: true, traits: ['two-handed', 'Monster horn'] },
        ],
      });
      expect(sheet.weapons).toEqual([
        { name: 'Spear', skill: 'Fighting' },
        { name: 'Longbow', skill: 'Archery', ranged: true, traits: ['two-handed', 'Monster horn'] },
      ]);
    });

    it.each([
      [{ weapons: [{ name: 'Spear', skill: '' }] }, 'sheet.weapons[0].skill'],
      [{ weapons: [{ name: 'Spear', ranged: 'no' }] }, 'sheet.weapons[0].ranged'],
      [{ weapons: [{ name: 'Spear', traits: 'sharp' }] }, 'sheet.weapons[0].traits'],
      [{ weapons: [{ name: 'Spear', traits: [''] }] }, 'sheet.weapons[0].traits[0]'],
      [{ weapons: [{ name: 'Spear', traits: ['x'.repeat(65)] }] }, 'sheet.weapons[0].traits[0]'],
      [
        { weapons: [{ name: 'Spear', traits: Array.from({ length: 17 }, (_, i) => `t${i}`) }] },
        'sheet.weapons[0].traits',
      ],
      [{ weapons: [{ name: 'Spear', die: 'd6' }] }, 'sheet.weapons[0].die'],
      [{ weapons: [{ skill: 'Fighting' }] }, 'sheet.weapons[0].name'],
    ])('refuses %j naming %s', (extra, field) => {
      expect(ruleError(() => normaliseSheet('coeac', extra)).field).toBe(field);
    });
  });

  describe('G&M', () => {
    it('keeps the dice (lower case) and defaults the kind to close', () => {
      const sheet = normaliseSheet('gm', {
        weapons: [
          { name: 'Mace', dice: 'D8' },
          { name: 'Javelin', dice: '2d6', kind: 'thrown', attackBonus: 1 },
          { name: 'Flaming sword', dice: 'd8+1', attackBonus: 0 },
        ],
      });
      expect(sheet.weapons).toEqual([
        { name: 'Mace', dice: 'd8', kind: 'close' },
        { name: 'Javelin', dice: '2d6', kind: 'thrown', attackBonus: 1 },
        { name: 'Flaming sword', dice: 'd8+1', kind: 'close' },
      ]);
    });

    it.each([
      [{ weapons: [{ name: 'Mace' }] }, 'sheet.weapons[0].dice'],
      [{ weapons: [{ name: 'Mace', dice: 'eight' }] }, 'sheet.weapons[0].dice'],
      [{ weapons: [{ name: 'Mace', dice: '0d6' }] }, 'sheet.weapons[0].dice'],
      [{ weapons: [{ name: 'Mace', dice: '21d6' }] }, 'sheet.weapons[0].dice'],
      [{ weapons: [{ name: 'Mace', dice: 'd1' }] }, 'sheet.weapons[0].dice'],
      [{ weapons: [{ name: 'Mace', dice: '4' }] }, 'sheet.weapons[0].dice'],
      [{ weapons: [{ name: 'Mace', dice: 'd8', kind: 'thrust' }] }, 'sheet.weapons[0].kind'],
      [{ weapons: [{ name: 'Mace', dice: 'd8', attackBonus: 1.5 }] }, 'sheet.weapons[0].attackBonus'],
      [{ weapons: [{ name: 'Mace', dice: 'd8', attackBonus: 101 }] }, 'sheet.weapons[0].attackBonus'],
    ])('refuses %j naming %s', (extra, field) => {
      expect(ruleError(() => normaliseSheet('gm', extra)).field).toBe(field);
    });
  });

  it('keeps no weapons on an Archsoul sheet', () => {
    expect(ruleError(() => normaliseSheet('archsoul', { weapons: [] })).field).toBe('sheet.weapons');
  });

  describe(pickWeapon.name, () => {
    const sheet = normaliseSheet('cairn', {
      ...cairnBase,
      weapons: [
        { name: 'Longsword', die: 'd8' },
        { name: 'Dagger', die: 'd6' },
      ],
    });

    it('finds a weapon by its name, ignoring case', () => {
      expect(pickWeapon(sheet, 'dAgGeR', 'weapon', { fallback: true })).toEqual({
        name: 'Dagger',
        die: 'd6',
      });
    });

    it('falls back to the first weapon only when asked', () => {
      expect(pickWeapon(sheet, undefined, 'weapon', { fallback: true })?.name).toBe('Longsword');
      expect(pickWeapon(sheet, undefined, 'weapon', { fallback: false })).toBeNull();
      expect(pickWeapon(normaliseSheet('cairn', cairnBase), null, 'weapon', { fallback: true })).toBeNull();
    });

    it('refuses an unknown name, naming the field and listing the weapons', () => {
      const error = ruleError(() =>
        pickWeapon(sheet, 'Halberd', 'cairn.weapon', { fallback: true, owner: 'Osk' }),
      );
      expect(error.code).toBe('UNPROCESSABLE');
      expect(error.field).toBe('cairn.weapon');
      expect(error.message).toContain('Longsword, Dagger');
      expect(error.message).toContain('Osk');
      const none = ruleError(() =>
        pickWeapon(normaliseSheet('cairn', cairnBase), 'Halberd', 'weapon', { fallback: true }),
      );
      expect(none.field).toBe('weapon');
      expect(none.message).toContain('no weapon');
    });

    it('reads no weapons from a sheet without a list', () => {
      expect(sheetWeapons(null)).toEqual([]);
      expect(sheetWeapons({ weapons: 'x' })).toEqual([]);
    });
  });
});

describe('G&M armour and shield on the sheet', () => {
  it('reads a row of the armour list (ignoring case) for its defence; a defence given wins', () => {
    const sheet = normaliseSheet('gm', {
      armor: { kind: 'banded leather' },
      shield: { name: 'Buckler of Dawn', kind: 'small shield', defense: 2 },
    });
    expect(sheet.armor).toEqual({ name: 'Banded Leather', kind: 'Banded Leather', defense: 3 });
    expect(sheet.shield).toEqual({ name: 'Buckler of Dawn', kind: 'Small Shield', defense: 2 });
    expect(normaliseSheet('gm', { armor: { name: 'Hide', defense: 1 } }).armor).toEqual({
      name: 'Hide',
      defense: 1,
    });
    // Left out: none worn, and the sheet answers without them.
    const plain = normaliseSheet('gm', {});
    expect(plain).not.toHaveProperty('armor');
    expect(plain).not.toHaveProperty('shield');
  });

  it('refuses a bad piece naming the field', () => {
    expect(ruleError(() => normaliseSheet('gm', { armor: { kind: 'Large Shield' } })).field).toBe(
      'sheet.armor.kind',
    );
    expect(ruleError(() => normaliseSheet('gm', { shield: { kind: 'Leather' } })).field).toBe(
      'sheet.shield.kind',
    );
    expect(ruleError(() => normaliseSheet('gm', { armor: { name: 'Hide' } })).field).toBe(
      'sheet.armor.defense',
    );
    expect(ruleError(() => normaliseSheet('gm', { shield: { defense: 1 } })).field).toBe('sheet.shield.name');
    expect(ruleError(() => normaliseSheet('gm', { armor: 'plate' })).field).toBe('sheet.armor');
  });

  it('is a base value: the bound player sets it', () => {
    const before = normaliseSheet('gm', {});
    const after = playerSheet('gm', before, { armor: { kind: 'Leather' } });
    expect(after.armor).toEqual({ name: 'Leather', kind: 'Leather', defense: 2 });
  });
});

describe('carriedAmmunition (003:807)', () => {
  const bow = { name: 'Longbow', skill: 'Archery', ranged: true, ammunition: ' Quiver ' };
  it('finds the item named as the ammunition, ignoring case and outer spaces', () => {
    const items = [
      { id: 'a', name: 'Rope', kind: 'gear', dice: null },
      { id: 'b', name: 'QUIVER', kind: 'gear', dice: null },
    ];
    expect(carriedAmmunition(bow, items)?.id).toBe('b');
  });
  it('skips a material whose usage dice are spent, and answers null when nothing fits', () => {
    const spent = { id: 'c', name: 'quiver', kind: 'material', dice: 0 };
    const full = { id: 'd', name: 'quiver', kind: 'material', dice: 2 };
    expect(carriedAmmunition(bow, [spent, full])?.id).toBe('d');
    expect(carriedAmmunition(bow, [spent])).toBeNull();
    expect(carriedAmmunition({ ...bow, ammunition: undefined }, [full])).toBeNull();
  });
});
