import { invalid } from '../checks/validate';
import type { GmAbility, GmReaction } from './gm-derivation';
import type { GmSpeciesBody } from './gm-body';

/**
 * G&M species as referee data. The species tables are not in the documents, so we ship only what
 * the worked example states (the dwarf of 001:318–388) and nothing we would have to invent; a
 * campaign or a request supplies the rest.
 */
export interface GmSpecies {
  readonly id: string;
  readonly name: string;
  /** Added to the rolled scores (001:318). */
  readonly abilityAdjustments: Readonly<Partial<Record<GmAbility, number>>>;
  /** Special contributors to reactions (001:364). */
  readonly reactions: Readonly<Partial<Record<GmReaction, number>>>;
  /** Base Movement (001:354). */
  readonly baseMovement: number;
  /** Age, height and weight numbers (001:384–386). */
  readonly body: Readonly<GmSpeciesBody>;
  /** What the example states that we do not compute, in our words. */
  readonly notes: readonly string[];
}

export const GM_SPECIES: Readonly<Record<string, GmSpecies>> = {
  dwarf: {
    id: 'dwarf',
    name: 'Dwarf',
    abilityAdjustments: { endurance: 1, charisma: -1 },
    reactions: { health: 2 },
    baseMovement: 8,
    body: { baseAge: 120, ageDice: 8, baseHeight: 41, heightDice: 2, baseWeight: 80 },
    notes: [
      'Ages eight times as fast as a human (base age 120, 8d6).',
      'A bonus on reactions against magic that depends on endurance (+4 at endurance 15); the rule behind it is not given.',
      'Small: items do less damage and have shorter ranges.',
      'Specialty skill Spelunking in the native culture.',
    ],
  },
};

export const GM_SPECIES_IDS = Object.keys(GM_SPECIES);

/** The species for an id, or a RuleError naming `field`. */
export function gmSpecies(
  id: unknown,
  field = 'species',
  table: Readonly<Record<string, GmSpecies>> = GM_SPECIES,
): GmSpecies {
  if (typeof id !== 'string' || !Object.prototype.hasOwnProperty.call(table, id)) {
    throw invalid(`\`${field}\` is one of: ${Object.keys(table).join(', ')}.`, field);
  }
  return table[id];
}

/**
 * The species a campaign uses: ours with the campaign's added, a campaign species with one of our
 * ids replacing ours (SPEC 6.1: species are referee data, a campaign setting).
 */
export function speciesTable(campaign: readonly GmSpecies[] | undefined): Record<string, GmSpecies> {
  const out: Record<string, GmSpecies> = { ...GM_SPECIES };
  for (const row of campaign ?? []) out[row.id] = row;
  return out;
}
