import { Problem } from '../common/problem';
import { normaliseSheet } from '../core/characters/sheets';
import { cairnWeaponOf, coeacWeaponOf, gmWeaponOf, weaponUsed } from './combat-weapons';

function problem(work: () => unknown): Problem {
  try {
    work();
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
  throw new Error('expected a Problem');
}

const cairn = normaliseSheet('cairn', {
  str: { max: 10 },
  dex: { max: 10 },
  wil: { max: 10 },
  weapons: [
    { name: 'Longsword', die: 'd8' },
    { name: 'Maul', die: 'd10', bulky: true },
  ],
});
const gm = normaliseSheet('gm', {
  weapons: [
    { name: 'Mace', dice: 'd8' },
    { name: 'Javelin', dice: 'd6', kind: 'thrown', attackBonus: 1 },
  ],
});
const coeac = normaliseSheet('coeac', { skills: { Melee: 2 }, weapons: [{ name: 'Spear', skill: 'Melee' }] });

describe('combat weapons', () => {
  describe(cairnWeaponOf.name, () => {
    it('takes the die sent over the weapon and says so', () => {
      expect(cairnWeaponOf(cairn, { weapon: 'maul', die: 'd4' }, 'cairn.', 'Osk')).toEqual({
        die: 'd4',
        used: { name: 'Maul', die: 'd10', bulky: true },
        overridden: ['cairn.die'],
      });
      expect(cairnWeaponOf(cairn, { die: 'd6' }, 'cairn.', 'Osk')).toEqual({
        die: 'd6',
        used: null,
        overridden: [],
      });
    });

    it('falls back to the first weapon, and to d4 only for bare hands', () => {
      expect(cairnWeaponOf(cairn, {}, '', 'Osk').die).toBe('d8');
      expect(cairnWeaponOf(null, { unarmed: true }, '', 'Osk')).toEqual({
        die: 'd4',
        used: null,
        overridden: [],
      });
      const none = problem(() => cairnWeaponOf(null, {}, 'cairn.withAttackers[0].', 'Bare'));
      expect(none.status).toBe(422);
      expect(none.errors?.[0].field).toBe('cairn.withAttackers[0].die');
    });

    it('refuses a second die with a bulky weapon', () => {
      expect(
        problem(() => cairnWeaponOf(cairn, { weapon: 'Maul', secondDie: 'd6' }, 'cairn.', 'Osk')).errors,
      ).toEqual([expect.objectContaining({ field: 'cairn.secondDie' })]);
    });
  });

  describe(gmWeaponOf.name, () => {
    it('reads dice, kind and attack bonus from the weapon, the ones sent winning', () => {
      const named = gmWeaponOf(gm, { weapon: 'JAVELIN' }, 'Hero');
      expect(named.input).toMatchObject({ weapon: 'd6', attack: 'thrown', attackBonus: 1 });
      expect(named.overridden).toEqual([]);
      const over = gmWeaponOf(gm, { weapon: 'Javelin', dice: '2d4', attack: 'close' }, 'Hero');
      expect(over.input).toMatchObject({ weapon: '2d4', attack: 'close', attackBonus: 1 });
      expect(over.overridden).toEqual(['gm.dice', 'gm.attack']);
      expect(gmWeaponOf(gm, {}, 'Hero').used?.name).toBe('Mace');
    });

    it('still reads dice sent in gm.weapon when no weapon has that name', () => {
      const legacy = gmWeaponOf(gm, { weapon: 'd10' }, 'Hero');
      expect(legacy).toEqual({ input: { weapon: 'd10' }, used: null, overridden: [] });
      expect(problem(() => gmWeaponOf(gm, { weapon: 'd10', dice: 'd4' }, 'Hero')).errors?.[0].field).toBe(
        'gm.weapon',
      );
    });

    it('refuses an unknown weapon, bad dice and no weapon at all, naming the field', () => {
      const unknown = problem(() => gmWeaponOf(gm, { weapon: 'Halberd' }, 'Hero'));
      expect(unknown.status).toBe(422);
      expect(unknown.errors?.[0].field).toBe('gm.weapon');
      expect(unknown.message).toContain('Mace, Javelin');
      expect(problem(() => gmWeaponOf(gm, { dice: 'lots' }, 'Hero')).errors?.[0].field).toBe('gm.dice');
      expect(problem(() => gmWeaponOf(null, {}, 'Hero')).status).toBe(422);
      expect(gmWeaponOf(null, { unarmed: true }, 'Hero').used).toBeNull();
    });
  });

  describe(coeacWeaponOf.name, () => {
    it('tests the weapon’s skill unless one is sent', () => {
      expect(coeacWeaponOf(coeac, {}, 'Hero', false)).toMatchObject({
        input: { skill: 'Melee' },
        skillField: 'coeac.weapon',
        overridden: [],
      });
      expect(coeacWeaponOf(coeac, { weapon: 'spear', skill: 'Lore' }, 'Hero', false)).toMatchObject({
        input: { skill: 'Lore' },
        skillField: 'coeac.skill',
        overridden: ['coeac.skill'],
      });
    });

    it('lets an NPC without weapons roll its Pool and refuses a character with neither', () => {
      expect(coeacWeaponOf(null, {} as { skill?: string }, 'Orc', true).input.skill).toBeUndefined();
      expect(problem(() => coeacWeaponOf(null, {}, 'Hero', false)).errors?.[0].field).toBe('coeac.skill');
    });
  });

  it('answers only the fields of the weapon’s system', () => {
    expect(weaponUsed('gm', { name: 'Mace', dice: 'd8', kind: 'close' }, [])).toEqual({
      name: 'Mace',
      overridden: [],
      die: null,
      bulky: null,
      blast: null,
      itemId: null,
      skill: null,
      ranged: null,
      traits: null,
      dice: 'd8',
      kind: 'close',
      attackBonus: 0,
    });
  });
});
