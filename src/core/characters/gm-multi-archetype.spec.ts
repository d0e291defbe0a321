import fc from 'fast-check';
import { RuleError } from '../errors';
import { deriveGm, GM_ARCHETYPE_IDS, GM_REACTIONS, type GmAbilities } from './gm-derivation';
import { gmDerivation } from './sheets-derived';

/** Toromeen's final scores (001:308–386). */
const toromeen: GmAbilities = {
  strength: 18,
  agility: 10,
  endurance: 15,
  intelligence: 12,
  wisdom: 15,
  charisma: 8,
};

describe('G&M: several archetypes on one character (001:447, 503–505)', () => {
  it('one archetype in the list derives exactly as archetype and level', () => {
    const single = deriveGm({ abilities: toromeen, archetype: 'warrior', level: 3 });
    const listed = deriveGm({ abilities: toromeen, archetypes: [{ archetype: 'warrior', level: 3 }] });
    expect(listed).toEqual(single);
    expect(single.archetypes).toEqual([{ archetype: 'warrior', level: 3, fightingArt: 3 }]);
    expect(single.verveArchetype).toBe('warrior');
  });

  it('warrior 3 / thief 2: reactions and Fighting Art by archetype level, the rest by overall level', () => {
    const d = deriveGm({
      abilities: toromeen,
      archetypes: [
        { archetype: 'warrior', level: 3 },
        { archetype: 'thief', level: 2 },
      ],
    });
    expect(d.level).toBe(5);
    // fortitude: warrior +3, thief +1; evasion: thief +2, warrior +1; the others +1 +1.
    expect(d.reactionParts.fortitude.level).toBe(4);
    expect(d.reactionParts.evasion.level).toBe(3);
    for (const r of ['health', 'willpower', 'reason', 'perception'] as const) {
      expect(d.reactionParts[r].level).toBe(2);
    }
    // Toromeen's first-level reactions (10, 10, 6, 4, 6, 3 without the dwarf's +2 health and the
    // warrior's +1 fortitude): health 8, fortitude 9, willpower 6, evasion 4, reason 6, perception 3.
    expect(d.reactions).toEqual({
      health: 8 + 2,
      fortitude: 9 + 4,
      willpower: 6 + 2,
      evasion: 4 + 3,
      reason: 6 + 2,
      perception: 3 + 2,
    });
    // Fighting Art: warrior ⌊3/1⌋ + thief ⌊2/2⌋.
    expect(d.fightingArt).toBe(4);
    expect(d.archetypes).toEqual([
      { archetype: 'warrior', level: 3, fightingArt: 3 },
      { archetype: 'thief', level: 2, fightingArt: 1 },
    ]);
    // Survival and verve dice by the overall level (5): survival at 3 and 5, verve at 2 and 4.
    expect(d.advancement.survival.dice).toBe(2);
    expect(d.advancement.verve.dice).toBe(2);
    // Verve modifier from the highest archetype (warrior: strength minor +2, intelligence minor 0).
    expect(d.verveArchetype).toBe('warrior');
    expect(d.advancement.verve.modifierPerDie).toBe(2);
    expect(d.verve).toBe(7);
    // Mojo gained at levels 2..5: 12 + 13 + 14 + 15.
    expect(d.advancement.mojo).toBe(54);
  });

  it('the verve modifier reads the highest archetype; a tie takes the first listed', () => {
    const higherThief = deriveGm({
      abilities: toromeen,
      archetypes: [
        { archetype: 'warrior', level: 1 },
        { archetype: 'thief', level: 2 },
      ],
    });
    expect(higherThief.verveArchetype).toBe('thief');
    // thief: agility minor 0 + wisdom minor +1
    expect(higherThief.advancement.verve.modifierPerDie).toBe(1);
    expect(higherThief.startingSilver).toBe(18); // the first listed: warrior, strength
    const tie = deriveGm({
      abilities: toromeen,
      archetypes: [
        { archetype: 'thief', level: 2 },
        { archetype: 'warrior', level: 2 },
      ],
    });
    expect(tie.verveArchetype).toBe('thief');
  });

  it('refuses a repeated archetype, an unknown one and levels past 100, naming the entry', () => {
    const field = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as RuleError).field;
      }
      return null;
    };
    expect(
      field(() =>
        deriveGm({
          abilities: toromeen,
          archetypes: [
            { archetype: 'monk', level: 1 },
            { archetype: 'monk', level: 2 },
          ],
        }),
      ),
    ).toBe('archetypes[1].archetype');
    expect(
      field(() => deriveGm({ abilities: toromeen, archetypes: [{ archetype: 'bard', level: 1 }] })),
    ).toBe('archetypes[0].archetype');
    expect(
      field(() =>
        deriveGm({
          abilities: toromeen,
          archetypes: [
            { archetype: 'monk', level: 60 },
            { archetype: 'thief', level: 60 },
          ],
        }),
      ),
    ).toBe('archetypes');
    expect(
      field(() =>
        deriveGm({ abilities: toromeen, archetype: 'monk', archetypes: [{ archetype: 'monk', level: 1 }] }),
      ),
    ).toBe('archetype');
  });

  it('property: the reaction level bonuses add up over the archetypes, each as a single archetype would give', () => {
    const entry = fc.record({
      archetype: fc.constantFrom(...GM_ARCHETYPE_IDS),
      level: fc.integer({ min: 1, max: 20 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { minLength: 1, maxLength: 5, selector: (e) => e.archetype }),
        (list) => {
          const multi = deriveGm({ abilities: toromeen, archetypes: list });
          for (const reaction of GM_REACTIONS) {
            const sum = list.reduce(
              (acc, a) =>
                acc +
                deriveGm({ abilities: toromeen, archetype: a.archetype, level: a.level }).reactionParts[
                  reaction
                ].level,
              0,
            );
            expect(multi.reactionParts[reaction].level).toBe(sum);
          }
          expect(multi.level).toBe(list.reduce((acc, a) => acc + a.level, 0));
        },
      ),
    );
  });

  it('a sheet derives all its archetypes and its species from the campaign’s table, else ours', () => {
    const sheet = {
      abilities: toromeen,
      archetypes: [
        { archetype: 'Warrior', level: 1 },
        { archetype: 'prophet', level: 1 },
      ],
      species: 'Dwarf',
    };
    const ours = gmDerivation(sheet)!;
    expect(ours.level).toBe(2);
    expect(ours.reactionParts.health.special).toBe(2);
    expect(ours.movement).toBe(8 + 2);
    const campaign = gmDerivation(sheet, {
      settings: {
        gmSpecies: [
          {
            id: 'dwarf',
            name: 'Deep dwarf',
            abilityAdjustments: {},
            reactions: { health: 3 },
            baseMovement: 6,
          },
        ],
      },
    })!;
    expect(campaign.reactionParts.health.special).toBe(3);
    expect(campaign.movement).toBe(6 + 2);
    const unknown = gmDerivation({ ...sheet, species: 'elf' })!;
    expect(unknown.reactionParts.health.special).toBe(0);
    expect(unknown.movement).toBeNull();
  });
});
