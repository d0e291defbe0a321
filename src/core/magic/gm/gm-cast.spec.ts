import { decideGmCast, GM_CAST_PROCEDURE, markCast, type GmCastInput } from './gm-cast';

const SPELLS = [
  { name: 'Sleepfall', level: 1, cast: true },
  { name: 'Sleepfall', level: 1, cast: false },
  { name: 'Fighting Prowess', level: 2, cast: false },
  { name: 'Fireball', level: 5, cast: false },
];
const base: GmCastInput = {
  spell: 'sleepfall',
  archetypes: [{ archetype: 'Sorceror', level: 5 }],
  injuries: 0,
  memorizedSpells: SPELLS,
};

/** The refusal's code and field, or null when the cast is allowed. */
function refusal(input: Partial<GmCastInput>): { code: string; field: string } | null {
  try {
    decideGmCast({ ...base, ...input });
  } catch (e) {
    const { code, field } = e as { code: string; field: string };
    return { code, field };
  }
  return null;
}

describe('G&M cast of a memorised spell (001:517, 601)', () => {
  it('spends the first uncast slot of the spell, named as the sheet names it', () => {
    expect(decideGmCast(base)).toEqual({
      spell: 'Sleepfall',
      level: 1,
      slot: 1,
      casterLevel: 5,
      injuries: 0,
      highestLevel: 5,
    });
    expect(markCast(SPELLS, 1)[1]).toEqual({ name: 'Sleepfall', level: 1, cast: true });
    expect(markCast(SPELLS, 1).filter((s) => s.cast)).toHaveLength(2);
  });

  it('refuses a spell not memorised, or cast already since it was memorised', () => {
    expect(refusal({ spell: 'Lightning' })).toEqual({ code: 'UNPROCESSABLE', field: 'spell' });
    expect(refusal({ memorizedSpells: [SPELLS[0]] })).toEqual({ code: 'UNPROCESSABLE', field: 'spell' });
    expect(refusal({ memorizedSpells: [] })).toEqual({ code: 'UNPROCESSABLE', field: 'spell' });
  });

  it('casts up to its level less its injuries (a 5th-level sorceror with 2 injuries: up to 3rd)', () => {
    expect(refusal({ spell: 'Fireball' })).toBeNull();
    expect(refusal({ spell: 'Fireball', injuries: 2 })).toEqual({ code: 'UNPROCESSABLE', field: 'spell' });
    expect(decideGmCast({ ...base, spell: 'Fighting Prowess', injuries: 3 }).highestLevel).toBe(2);
    expect(refusal({ spell: 'Fighting Prowess', injuries: 4 })).toEqual({
      code: 'UNPROCESSABLE',
      field: 'spell',
    });
  });

  it('reads the overall level of a character with several archetypes (001:447)', () => {
    const archetypes = [
      { archetype: 'warrior', level: 2 },
      { archetype: 'sorceror', level: 3 },
    ];
    expect(decideGmCast({ ...base, archetypes, spell: 'Fireball' }).casterLevel).toBe(5);
  });

  it('refuses a character who is no sorceror, naming the character', () => {
    expect(refusal({ archetypes: [{ archetype: 'warrior', level: 9 }] })).toEqual({
      code: 'UNPROCESSABLE',
      field: 'characterId',
    });
  });

  it('is logged as magic.gm.cast.v1, which replays the same decision from its inputs', () => {
    expect(GM_CAST_PROCEDURE.name).toBe('magic.gm.cast.v1');
    expect(GM_CAST_PROCEDURE.run(base)).toEqual(decideGmCast(base));
    expect(() => GM_CAST_PROCEDURE.run({ ...base, spell: 'Lightning' })).toThrow();
  });
});
