import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { RuleError } from '../errors';
import {
  DEFAULT_GM_CONTRIBUTORS,
  deriveGm,
  GM_ABILITIES,
  GM_ARCHETYPE_IDS,
  GM_ARCHETYPES,
  GM_REACTIONS,
  type GmAbilities,
  type GmAbility,
  majorContributor,
  minorContributor,
} from './gm-derivation';

interface ArchetypeFixture {
  rows: {
    archetype: string;
    archetypalAbility: string;
    archetypalReaction: string;
    verveContributor: string;
    fightingArtAtLevels: Record<string, number>;
  }[];
  contributors: { major: Record<string, number>; minor: Record<string, number> };
}

const fixture = JSON.parse(
  readFileSync(join(__dirname, '../../../test/fixtures/characters/gm-archetypes.json'), 'utf8'),
) as ArchetypeFixture;

/** Toromeen as a dwarf (seed 001, 001:308–386): the final scores after +1 endurance, −1 charisma. */
const toromeen: GmAbilities = {
  strength: 18,
  agility: 10,
  endurance: 15,
  intelligence: 12,
  wisdom: 15,
  charisma: 8,
};

describe('G&M contributors', () => {
  it.each(Object.entries(fixture.contributors.major))('major of %s is %d', (score, major) => {
    expect(majorContributor(Number(score))).toBe(major);
  });
  it.each(Object.entries(fixture.contributors.minor))('minor of %s is %d', (score, minor) => {
    expect(Object.is(minorContributor(Number(score)), minor)).toBe(true);
  });

  it('takes a replacement table', () => {
    const flat = { bands: [{ upTo: 10, major: 0 }], perPointAbove: 2 };
    expect(majorContributor(14, flat)).toBe(8);
    expect(minorContributor(14, flat)).toBe(4);
    expect(majorContributor(3, flat)).toBe(0);
  });

  it('is monotone and minor is major halved toward zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (score) => {
        const major = majorContributor(score);
        expect(majorContributor(score + 1)).toBeGreaterThanOrEqual(major);
        expect(minorContributor(score)).toBe(Math.trunc(major / 2) || 0);
      }),
    );
  });
});

describe('G&M archetype table', () => {
  it.each(fixture.rows)('$archetype matches the seed', (row) => {
    const archetype = GM_ARCHETYPES[row.archetype as keyof typeof GM_ARCHETYPES];
    expect(archetype).toMatchObject({
      archetypalAbility: row.archetypalAbility,
      archetypalReaction: row.archetypalReaction,
      verveContributor: row.verveContributor,
    });
    for (const [level, bonus] of Object.entries(row.fightingArtAtLevels)) {
      expect(
        deriveGm({ abilities: toromeen, archetype: row.archetype, level: Number(level) }).fightingArt,
      ).toBe(bonus);
    }
  });
  it('has the five archetypes of the seed and no others', () => {
    expect([...GM_ARCHETYPE_IDS].sort()).toEqual(fixture.rows.map((r) => r.archetype).sort());
  });
});

describe('deriveGm', () => {
  it('reproduces Toromeen at first level (seed 001, 001:328–380)', () => {
    const derived = deriveGm({
      abilities: toromeen,
      archetype: 'warrior',
      specials: { reactions: { health: 2 }, baseMovement: 8 },
    });
    expect(derived.mojo).toBe(16);
    expect(derived.survival).toBe(7);
    expect(derived.verve).toBe(7);
    expect(derived.reactions).toEqual({
      health: 10,
      fortitude: 10,
      willpower: 6,
      evasion: 4,
      reason: 6,
      perception: 3,
    });
    expect(derived.reactionParts.health).toEqual({
      base: 4,
      major: { ability: 'endurance', value: 2 },
      minor: { ability: 'strength', value: 2 },
      level: 0,
      special: 2,
      total: 10,
    });
    expect(derived.reactionParts.fortitude.level).toBe(1); // "Warrior (+1)"
    expect(derived.reactionParts.perception.major).toEqual({ ability: 'charisma', value: -1 });
    expect(derived.defense).toBe(0);
    expect(derived.attack).toEqual({ close: 2, thrown: 0, propelled: 0 });
    expect(derived.damage).toEqual({ close: 4, thrown: 2 });
    expect(derived.thrownRangePenaltyReduction).toBe(2);
    expect(derived.movement).toBe(10);
    expect(derived.maxItemBulk).toBe(18);
    expect(derived.startingSilver).toBe(18);
    expect(derived.fightingArt).toBe(1);
    expect(derived.advancement).toEqual({
      survival: { dice: 0, sides: 10, modifierPerDie: 2 },
      verve: { dice: 0, sides: 10, modifierPerDie: 2 },
      mojo: 0,
    });
  });

  it('adds the level bonuses of 001:436–481', () => {
    const derived = deriveGm({ abilities: toromeen, archetype: 'warrior', level: 4 });
    expect(derived.reactionParts.fortitude.level).toBe(4);
    expect(derived.reactionParts.health.level).toBe(2);
    expect(derived.advancement.survival.dice).toBe(1); // level 3
    expect(derived.advancement.verve.dice).toBe(2); // levels 2 and 4
    expect(derived.advancement.mojo).toBe(12 + 13 + 14);
    expect(derived.movement).toBeNull();
  });

  it('names archetype when it is unknown', () => {
    expect(() => deriveGm({ abilities: toromeen, archetype: 'bard' })).toThrow(
      expect.objectContaining({ name: 'RuleError', field: 'archetype' }) as RuleError,
    );
  });

  it('names the bad ability, level and special', () => {
    const cases: [unknown, string][] = [
      [{ abilities: { ...toromeen, wisdom: 0 }, archetype: 'monk' }, 'abilities.wisdom'],
      [{ abilities: { ...toromeen, agility: undefined }, archetype: 'monk' }, 'abilities.agility'],
      [{ abilities: toromeen, archetype: 'monk', level: 0 }, 'level'],
      [
        { abilities: toromeen, archetype: 'monk', specials: { reactions: { luck: 1 } } },
        'specials.reactions.luck',
      ],
      [
        { abilities: toromeen, archetype: 'monk', specials: { reactions: { health: 1.5 } } },
        'specials.reactions.health',
      ],
    ];
    for (const [input, field] of cases) {
      expect(() => deriveGm(input as never)).toThrow(expect.objectContaining({ field }) as RuleError);
    }
  });

  it('rises (never falls) when any ability rises', () => {
    const score = fc.integer({ min: 1, max: 30 });
    const abilities = fc.record(
      Object.fromEntries(GM_ABILITIES.map((a) => [a, score])) as Record<GmAbility, fc.Arbitrary<number>>,
    );
    fc.assert(
      fc.property(
        abilities,
        fc.constantFrom(...GM_ABILITIES),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...GM_ARCHETYPE_IDS),
        fc.integer({ min: 1, max: 12 }),
        (base, ability, step, archetype, level) => {
          const before = deriveGm({ abilities: base, archetype, level });
          const after = deriveGm({
            abilities: { ...base, [ability]: base[ability] + step },
            archetype,
            level,
          });
          for (const r of GM_REACTIONS)
            expect(after.reactions[r]).toBeGreaterThanOrEqual(before.reactions[r]);
          for (const key of [
            'survival',
            'verve',
            'mojo',
            'defense',
            'maxItemBulk',
            'startingSilver',
          ] as const) {
            expect(after[key]).toBeGreaterThanOrEqual(before[key]);
          }
          for (const key of ['close', 'thrown', 'propelled'] as const) {
            expect(after.attack[key]).toBeGreaterThanOrEqual(before.attack[key]);
          }
          expect(after.damage.close).toBeGreaterThanOrEqual(before.damage.close);
          expect(after.damage.thrown).toBeGreaterThanOrEqual(before.damage.thrown);
        },
      ),
    );
  });

  it('uses the default table unless given one', () => {
    expect(DEFAULT_GM_CONTRIBUTORS.bands.at(-1)).toEqual({ upTo: 18, major: 4 });
    const flat = { bands: [{ upTo: 100, major: 0 }], perPointAbove: 0 };
    expect(deriveGm({ abilities: toromeen, archetype: 'warrior', contributors: flat }).mojo).toBe(12);
  });
});
