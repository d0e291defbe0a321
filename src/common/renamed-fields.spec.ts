import 'reflect-metadata';
import { GmDerivationInput } from '../characters-builder/builder.inputs';
import { GmSettingsInput } from '../characters/gm-settings.types';
import { Problem } from './problem';
import { applyRenames, requiredRenamedFields } from './renamed-fields';

const SCORES = { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 };

function refusal(f: () => unknown) {
  try {
    f();
  } catch (e) {
    return (e as Problem).errors;
  }
  throw new Error('not refused');
}

describe('renamed input fields (docs/api-style.md: abilities → attributes)', () => {
  it('moves an old name to its new one, on a copy', () => {
    const body = { abilities: SCORES, abilityAdjustments: { strength: 1 }, archetype: 'warrior' };
    expect(applyRenames(GmDerivationInput, body)).toEqual({
      attributes: SCORES,
      attributeAdjustments: { strength: 1 },
      archetype: 'warrior',
    });
    expect(body).toHaveProperty('abilities'); // the input is left as it was
  });

  it('leaves a body with new names alone (the same object), and drops a null old name', () => {
    const body = { attributes: SCORES, archetype: 'warrior' };
    expect(applyRenames(GmDerivationInput, body)).toBe(body);
    expect(applyRenames(GmDerivationInput, { ...body, abilities: null })).toEqual(body);
  });

  it('refuses both names (naming the old) and neither where required (the new is missing)', () => {
    expect(refusal(() => applyRenames(GmDerivationInput, { attributes: SCORES, abilities: SCORES }))).toEqual(
      [
        {
          field: 'abilities',
          message: 'abilities is the deprecated name of attributes: send one of them',
          reason: 'invalid',
        },
      ],
    );
    expect(refusal(() => applyRenames(GmDerivationInput, { archetype: 'warrior' }))).toEqual([
      { field: 'attributes', message: 'attributes is required', reason: 'missing' },
    ]);
    expect(requiredRenamedFields(GmDerivationInput)).toEqual(['attributes']);
  });

  it('renames inside nested inputs and lists, naming their paths', () => {
    expect(
      applyRenames(GmSettingsInput, {
        species: [
          { id: 'elf', name: 'Elf', abilityAdjustments: { agility: 1 } },
          { id: 'orc', name: 'Orc', attributeAdjustments: { strength: 2 } },
        ],
      }),
    ).toEqual({
      species: [
        { id: 'elf', name: 'Elf', attributeAdjustments: { agility: 1 } },
        { id: 'orc', name: 'Orc', attributeAdjustments: { strength: 2 } },
      ],
    });
    expect(
      refusal(() =>
        applyRenames(GmSettingsInput, {
          species: [{ id: 'elf', name: 'Elf', abilityAdjustments: {}, attributeAdjustments: {} }],
        }),
      ),
    ).toEqual([expect.objectContaining({ field: 'species[0].abilityAdjustments', reason: 'invalid' })]);
  });
});
