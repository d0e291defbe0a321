import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { scripted } from '../../../test/factories/dice';
import {
  beforeRollBonus,
  inventedManifestationLevel,
  pooledProject,
  practicalMojoAllowed,
  spellCompatibility,
  spellPrice,
} from './gm-extras';
import { gmLevelUp } from './gm-level-up';

const dice = (seed: string) => new Dice(createRng(seed));
const abilities = { strength: 18, agility: 10, endurance: 15, intelligence: 16, wisdom: 15, charisma: 12 };

describe('G&M spells bought with mojo (L12, 001:519–529)', () => {
  it('a 3rd-level spell: 9 mojo and 10 × its components; with 3 archetypal mojo, no experimentation and inscribed free', () => {
    expect(spellPrice({ spellLevel: 3, components: 500 })).toMatchObject({
      mojo: 9,
      experimentation: 5000,
      experimentationWaived: false,
      inscribedFree: false,
      compatibilityRoll: true,
    });
    expect(spellPrice({ spellLevel: 3, components: 500, archetypalMojo: 3 })).toMatchObject({
      mojo: 9,
      experimentation: 0,
      experimentationWaived: true,
      inscribedFree: true,
      compatibilityRoll: false,
    });
  });

  it('a retry after an incompatible roll costs 2 mojo and 5 × the components (001:535)', () => {
    expect(spellPrice({ spellLevel: 4, components: 100, retry: true })).toMatchObject({
      mojo: 2,
      experimentation: 500,
    });
  });

  it('the price grows with the spell level', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 19 }),
        fc.integer({ min: 0, max: 10_000 }),
        (level, components) => {
          const a = spellPrice({ spellLevel: level, components });
          const b = spellPrice({ spellLevel: level + 1, components });
          return b.mojo > a.mojo && b.experimentation >= a.experimentation;
        },
      ),
    );
  });
});

describe('G&M spell compatibility (L13, 001:531–535)', () => {
  it('reason 12, a 3rd-level spell: d20 ≤ 15, 15 in 20', () => {
    const pass = spellCompatibility({ reason: 12, spellLevel: 3 }, scripted(15));
    expect(pass).toMatchObject({ target: 15, roll: 15, compatible: true, odds: { success: 0.75 } });
    const fail = spellCompatibility({ reason: 12, spellLevel: 3 }, scripted(16));
    expect(fail.compatible).toBe(false);
  });

  it('is seeded', () => {
    expect(spellCompatibility({ reason: 10, spellLevel: 1 }, dice('s'))).toEqual(
      spellCompatibility({ reason: 10, spellLevel: 1 }, dice('s')),
    );
  });
});

describe('G&M odds and ends (L16, MJ3, MJ8, MJ9)', () => {
  it('an invented manifestation is used at the guess + 2 (001:1320)', () => {
    expect(inventedManifestationLevel(3)).toEqual({ guessedLevel: 3, level: 5 });
  });

  it('pooled mojo pays the dearest cost among the contributors (001:489)', () => {
    expect(
      pooledProject([
        { who: 'A', cost: 9, mojo: 5 },
        { who: 'B', cost: 12, mojo: 4 },
      ]),
    ).toEqual({ cost: 12, pooled: 9, complete: false, missing: 3 });
  });

  it('practical mojo buys fields, skills, spells and specialties, never abilities, the Fighting Art or roll bonuses', () => {
    expect(practicalMojoAllowed('skill').allowed).toBe(true);
    expect(practicalMojoAllowed('spell').allowed).toBe(true);
    expect(practicalMojoAllowed('ability').allowed).toBe(false);
    expect(practicalMojoAllowed('fighting-art').allowed).toBe(false);
    expect(practicalMojoAllowed('thief-field').allowed).toBe(false);
    expect(practicalMojoAllowed('roll-bonus').allowed).toBe(false);
  });

  it('a skill or field bought just before the roll adds its cost to that roll (001:964)', () => {
    expect(beforeRollBonus('skill', 5)).toBe(5);
    expect(beforeRollBonus('field', 6)).toBe(6);
    expect(beforeRollBonus('ability', 32)).toBe(0);
  });
});

describe('G&M multiple archetypes (L9, 001:503–505)', () => {
  it('the archetype level sets reactions and the Fighting Art; the character level sets the pool', () => {
    // Character level 4 (even: verve), the sorceror part reaching its 3rd level (odd).
    const r = gmLevelUp(
      { archetype: 'sorceror', level: 4, archetypeLevel: 3, verveArchetype: 'warrior', abilities },
      dice('multi'),
    );
    expect(r.roll.pool).toBe('verve');
    // Verve modifiers from the warrior (strength 18 minor +2, intelligence 16 minor +1).
    expect(r.roll.modifier).toBe(3);
    // Archetype level 3: only the archetypal reaction; the sorceror's Fighting Art every 3 levels.
    expect(r.reactions).toMatchObject({ reason: 1, health: 0, fortitude: 0 });
    expect(r.fightingArt).toBe(1);
    expect(r.spellSlots).toBe(3);
    expect(r.archetypeLevel).toBe(3);
  });

  it('one archetype answers as before (no archetypeLevel in the answer)', () => {
    const r = gmLevelUp({ archetype: 'warrior', level: 2, abilities }, dice('one'));
    expect(r.archetypeLevel).toBeUndefined();
    expect(r.reactions.health).toBe(1);
  });
});
