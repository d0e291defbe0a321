import { findGmSkill, findGmSpecialty } from './gm-lore';
import { planSheetCheck } from './sheets-checks';
import { normaliseSheet, playerSheet } from './sheets';

/** The field a refusal names, or null when the sheet is accepted. */
function refused(sheet: object): string | null {
  try {
    normaliseSheet('gm', sheet);
  } catch (e) {
    return (e as { field: string }).field;
  }
  return null;
}

const SORCEROR = {
  archetypes: [{ archetype: 'sorceror', level: 3 }],
  fields: [
    { name: 'History', bonus: 2, skills: ['Old Empires', 'Heraldry'] },
    { name: 'Arcane Lore', skills: ['Spell Lore'] },
  ],
  specialties: [{ name: 'Exceptional Ability', bonus: 1 }, { name: 'Dwarf' }],
  spellBook: [
    { name: 'Sleepfall', level: 1 },
    { name: 'Fighting Prowess', level: 2 },
  ],
  memorizedSpells: [{ name: 'sleepfall' }, { name: 'Fighting Prowess', level: 2, cast: true }],
};

describe('G&M fields, skills, specialties and spells on the sheet (issue 42)', () => {
  it('keeps them in the sheet’s words: a field at +1 unless given, a specialty at 0, memorised spells from the book', () => {
    const sheet = normaliseSheet('gm', SORCEROR);
    expect(sheet.fields).toEqual([
      { name: 'History', bonus: 2, skills: ['Old Empires', 'Heraldry'] },
      { name: 'Arcane Lore', bonus: 1, skills: ['Spell Lore'] },
    ]);
    expect(sheet.specialties).toEqual([
      { name: 'Exceptional Ability', bonus: 1 },
      { name: 'Dwarf', bonus: 0 },
    ]);
    expect(sheet.memorizedSpells).toEqual([
      { name: 'Sleepfall', level: 1, cast: false },
      { name: 'Fighting Prowess', level: 2, cast: true },
    ]);
    const bare = normaliseSheet('gm', { fields: [], specialties: null });
    for (const key of ['fields', 'specialties', 'spellBook', 'memorizedSpells'])
      expect(bare).not.toHaveProperty(key);
  });

  it('refuses what the rules cannot read, naming the member', () => {
    expect(refused({ fields: {} })).toBe('sheet.fields');
    expect(refused({ fields: [{ name: 'History', bonus: 21 }] })).toBe('sheet.fields[0].bonus');
    expect(refused({ fields: [{ name: 'History', bonus: -1 }] })).toBe('sheet.fields[0].bonus');
    expect(refused({ fields: [{ name: 'History' }, { name: 'history' }] })).toBe('sheet.fields[1].name');
    expect(
      refused({
        fields: [
          { name: 'A', skills: ['X'] },
          { name: 'B', skills: ['x'] },
        ],
      }),
    ).toBe('sheet.fields[1].skills[0]');
    expect(refused({ fields: [{ name: 'A', skills: [''] }] })).toBe('sheet.fields[0].skills[0]');
    expect(refused({ fields: [{ name: 'A', rank: 2 }] })).toBe('sheet.fields[0].rank');
    expect(refused({ specialties: [{ name: 'Dwarf', bonus: 1.5 }] })).toBe('sheet.specialties[0].bonus');
    expect(refused({ specialties: [{ name: 'Dwarf' }, { name: 'DWARF' }] })).toBe(
      'sheet.specialties[1].name',
    );
    expect(refused({ spellBook: [{ name: 'Sleepfall' }] })).toBe('sheet.spellBook[0].level');
    expect(refused({ spellBook: [{ name: 'Sleepfall', level: 0 }] })).toBe('sheet.spellBook[0].level');
    expect(
      refused({
        spellBook: [
          { name: 'Sleepfall', level: 1 },
          { name: 'sleepfall', level: 1 },
        ],
      }),
    ).toBe('sheet.spellBook[1].name');
    expect(refused({ memorizedSpells: [{ name: 'Sleepfall' }] })).toBe('sheet.memorizedSpells[0].name');
    expect(refused({ ...SORCEROR, memorizedSpells: [{ name: 'Sleepfall', level: 2 }] })).toBe(
      'sheet.memorizedSpells[0].level',
    );
    expect(refused({ ...SORCEROR, memorizedSpells: [{ name: 'Sleepfall', cast: 'no' }] })).toBe(
      'sheet.memorizedSpells[0].cast',
    );
    expect(refused(SORCEROR)).toBeNull();
  });

  it('lets a bound player write fields, specialties and the spell book, but not memorised spells (the referee’s)', () => {
    const stored = normaliseSheet('gm', SORCEROR);
    const more = playerSheet('gm', stored, { fields: [{ name: 'War Craft', skills: ['Weaponsmith'] }] });
    expect(more.fields).toEqual([{ name: 'War Craft', bonus: 1, skills: ['Weaponsmith'] }]);
    expect(() =>
      playerSheet('gm', stored, { memorizedSpells: [{ name: 'Fighting Prowess', cast: false }] }),
    ).toThrow(expect.objectContaining({ code: 'FORBIDDEN', field: 'sheet.memorizedSpells' }));
  });

  it('finds a skill by name with its field, and a specialty, ignoring case', () => {
    const sheet = normaliseSheet('gm', SORCEROR);
    expect(findGmSkill(sheet, 'heraldry')).toEqual({
      skill: 'Heraldry',
      field: { name: 'History', bonus: 2, skills: ['Old Empires', 'Heraldry'] },
    });
    expect(findGmSkill(sheet, 'Swimming')).toBeNull();
    expect(findGmSpecialty(sheet, 'exceptional ability')).toEqual({ name: 'Exceptional Ability', bonus: 1 });
    expect(findGmSpecialty(sheet, 'Elf')).toBeNull();
  });
});

describe('G&M sheet checks read skills and specialties (001:714, 978)', () => {
  const sheet = { ...normaliseSheet('gm', SORCEROR), reactions: { reason: 11 } };

  it('adds the field bonus of a skill that applies, and the specialty’s bonus, each named in modifiers', () => {
    const plan = planSheetCheck(
      'gm',
      sheet,
      { attribute: 'intelligence', skill: 'old empires', specialty: 'Exceptional Ability', modifier: -1 },
      { npc: false },
    );
    expect(plan.modifiers).toEqual([
      { source: 'ability:intelligence', amount: 10 },
      { source: 'skill:Old Empires (field History)', amount: 2 },
      { source: 'specialty:Exceptional Ability', amount: 1 },
      { source: 'modifier', amount: -1 },
    ]);
    expect(plan.input).toEqual({ score: 10, bonus: 2 });
  });

  it('names a specialty whose bonus is 0 (the roll involves it all the same)', () => {
    const plan = planSheetCheck('gm', sheet, { reaction: 'reason', specialty: 'dwarf' }, { npc: false });
    expect(plan.modifiers).toContainEqual({ source: 'specialty:Dwarf', amount: 0 });
    expect(plan.input).toEqual({ score: 11 });
  });

  it('refuses a skill or specialty the sheet lacks, naming it', () => {
    expect(() =>
      planSheetCheck('gm', sheet, { reaction: 'reason', skill: 'Swimming' }, { npc: false }),
    ).toThrow(expect.objectContaining({ field: 'skill' }));
    expect(() =>
      planSheetCheck('gm', sheet, { reaction: 'reason', specialty: 'Elf' }, { npc: false }),
    ).toThrow(expect.objectContaining({ field: 'specialty' }));
    expect(() =>
      planSheetCheck(
        'coeac',
        { skills: { Fighter: 2 } },
        { skill: 'Fighter', specialty: 'x' },
        { npc: false },
      ),
    ).toThrow(expect.objectContaining({ field: 'specialty' }));
  });
});
