import { coeacFollower, coeacHireling } from './hirelings';
import { normaliseSheet } from './sheets';

describe('COEAC NPC sheet: Pool, Role and HP (003:912–920)', () => {
  it('stores the NPC maker’s answer as it is: Role and carried slots kept', () => {
    const porter = coeacHireling({ item: 'Porter', name: 'Bodo' }).sheets.coeac;
    const sheet = normaliseSheet('coeac', porter);
    expect(sheet).toMatchObject({ pool: 2, hp: 2, maxHp: 2, role: 'Porter', carrierSlots: 3 });
    const wolf = coeacFollower({ kind: 'animal', pool: 3, hp: 4, role: 'Wolf', training: 'companion' });
    expect(normaliseSheet('coeac', wolf.sheets.coeac)).toMatchObject({ pool: 3, hp: 4, role: 'Wolf' });
  });

  it('refuses a bad Role or slot count, naming the field; a sheet without them has none', () => {
    expect(() => normaliseSheet('coeac', { role: '' })).toThrow(
      expect.objectContaining({ field: 'sheet.role' }),
    );
    expect(() => normaliseSheet('coeac', { role: 'x'.repeat(101) })).toThrow(
      expect.objectContaining({ field: 'sheet.role' }),
    );
    expect(() => normaliseSheet('coeac', { carrierSlots: -1 })).toThrow(
      expect.objectContaining({ field: 'sheet.carrierSlots' }),
    );
    const plain = normaliseSheet('coeac', { maxHp: 5 });
    expect(plain.role).toBeUndefined();
    expect(plain.carrierSlots).toBeUndefined();
  });
});
