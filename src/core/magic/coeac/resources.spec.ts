import {
  classResourceCurrent,
  classResourceKey,
  coeacMagicResources,
  isCoeacMagicResource,
} from './resources';

const sheet = {
  classResources: {
    control: { current: 2, max: 3 },
    'Black Mark': { current: 0, max: 1 },
    fell_blast: { current: 1, max: 1 },
    Luck: { current: 1, max: 2 },
    EMPOWER: { current: 1, max: 1 },
  },
};

describe('COEAC class resources by name', () => {
  it('finds a resource in any case, trying each name in turn', () => {
    expect(classResourceKey(sheet, 'Control')).toBe('control');
    expect(classResourceKey(sheet, 'black-mark', 'black mark')).toBe('Black Mark');
    expect(classResourceKey(sheet, 'empower')).toBe('EMPOWER');
    expect(classResourceKey(sheet, 'Steel')).toBeNull();
    expect(classResourceKey({}, 'Control')).toBeNull();
  });

  it('reads what is left, 0 for a resource the sheet lacks', () => {
    expect(classResourceCurrent(sheet, 'control')).toBe(2);
    expect(classResourceCurrent(sheet, 'Steel')).toBe(0);
  });

  it("keeps magic's resources only: Control, Empower and catalogue spells", () => {
    expect(isCoeacMagicResource('Zombify')).toBe(true);
    expect(isCoeacMagicResource('zombify')).toBe(true);
    expect(isCoeacMagicResource('Luck')).toBe(false);
    expect(Object.keys(coeacMagicResources(sheet)).sort()).toEqual(['Black Mark', 'EMPOWER', 'control']);
  });
});
