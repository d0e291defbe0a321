import fixture from '../../../test/fixtures/hazards/archsoul-hardness.json';
import { archsoulObject, hardnessOf, ObjectMaterial } from './archsoul-objects';

describe(archsoulObject.name, () => {
  it.each(fixture.rows)('$material at $thickness cm has hardness $hardness', (row) => {
    expect(hardnessOf(row.material as ObjectMaterial, row.thickness)).toBe(row.hardness);
  });

  it('gives 1 hit point per centimetre, doubled when reinforced, and fixed values for items', () => {
    expect(archsoulObject({ material: 'wood', thickness: 5 }).hitPoints).toBe(5);
    expect(archsoulObject({ material: 'stone', thickness: 30, reinforced: true }).hitPoints).toBe(60);
    expect(archsoulObject({ material: 'steel', thickness: 1, kind: 'weapon' }).hitPoints).toBe(5);
    expect(archsoulObject({ material: 'wood', thickness: 2, kind: 'shield' }).hitPoints).toBe(8);
  });

  it('takes hardness off a blow', () => {
    expect(archsoulObject({ material: 'wood', thickness: 5, damage: 7, weaponHardness: 6 }).blow).toEqual({
      damage: 7,
      objectDamage: 3,
      recoil: false,
      weaponDamage: 0,
      attackerDamage: 0,
      ineffective: false,
    });
  });

  it('turns a blow below the hardness onto the weapon, less its own hardness', () => {
    expect(
      archsoulObject({ material: 'stone', thickness: 40, damage: 9, weaponHardness: 6 }).blow,
    ).toMatchObject({
      objectDamage: 0,
      recoil: true,
      weaponDamage: 3,
    });
  });

  it('costs an unarmed attacker hit points', () => {
    const outcome = archsoulObject({ material: 'wood', thickness: 5, damage: 3, unarmed: true });
    expect(outcome.blow).toMatchObject({ recoil: true, attackerDamage: 3 });
    expect(outcome.effects).toEqual([{ track: 'hit-points', change: -3, status: null }]);
  });

  it('lets a blunt blow do nothing to rope', () => {
    expect(archsoulObject({ material: 'rope', thickness: 2, damage: 9, blunt: true }).blow).toMatchObject({
      ineffective: true,
      objectDamage: 0,
      recoil: false,
    });
  });

  it('refuses an unknown material, naming the field', () => {
    expect(() => archsoulObject({ material: 'cheese' as ObjectMaterial, thickness: 1 })).toThrow(
      expect.objectContaining({ field: 'material' }),
    );
  });
});
