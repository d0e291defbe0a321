import { record, wholeNumber } from '../checks/validate';
import { CENTISILVER_PER_SILVER, mojoForSilver } from '../wealth/starting-money';
import { applyAbilityAdjustments } from './gm-abilities';
import {
  deriveGm,
  gmAbilities,
  type GmAbilities,
  type GmContributorTable,
  type GmDerivation,
  type GmArchetypeLevel,
  type GmSpecials,
} from './gm-derivation';
import { gmSpecies, type GmSpecies } from './gm-species';

/**
 * The G&M builder's one call: species (shipped or the referee's numbers) applied to the placed
 * scores, then `deriveGm`, then the starting purchases with the mojo trade (001:392–404).
 */
export interface GmBuildInput {
  abilities: GmAbilities;
  archetype?: string;
  level?: number;
  /** Several archetypes with their levels (replaces `archetype` and `level`). */
  archetypes?: GmArchetypeLevel[];
  /** The species a `species` id is looked up in (a campaign's); ours by default. */
  speciesTable?: Readonly<Record<string, GmSpecies>>;
  /** A shipped species id: its adjustments, special reactions and Movement apply first. */
  species?: string;
  /** Added to the scores (after the species' own). */
  abilityAdjustments?: Partial<GmAbilities>;
  /** Special contributors and base Movement; each one sent replaces the species' value. */
  specials?: GmSpecials;
  contributors?: GmContributorTable;
  /** Silver the starting purchases cost. */
  startingPurchases?: number;
}

export interface GmStartingMoney {
  silver: number;
  cost: number;
  mojoTraded: number;
  silverLeft: number;
  mojoLeft: number;
}

export type GmBuild = GmDerivation & {
  abilities: GmAbilities;
  species: string | null;
  startingMoney: GmStartingMoney | null;
};

export function buildGm(input: GmBuildInput): GmBuild {
  const body = record(input, 'input');
  const species =
    body.species === undefined || body.species === null
      ? null
      : gmSpecies(body.species, 'species', input.speciesTable);
  let abilities = gmAbilities(body.abilities);
  if (species) abilities = applyAbilityAdjustments(abilities, species.abilityAdjustments, 'species');
  abilities = applyAbilityAdjustments(abilities, body.abilityAdjustments);
  const sent =
    body.specials === undefined || body.specials === null
      ? {}
      : (record(body.specials, 'specials') as GmSpecials);
  const specials: GmSpecials = {
    reactions: { ...{}, ...(species?.reactions ?? {}), ...(sent.reactions ?? {}) },
    baseMovement: sent.baseMovement ?? species?.baseMovement,
  };
  const derived = deriveGm({
    abilities,
    archetype: input.archetype,
    level: input.level,
    ...(input.archetypes !== undefined && input.archetypes !== null ? { archetypes: input.archetypes } : {}),
    specials,
    contributors: input.contributors,
  });
  let startingMoney: GmStartingMoney | null = null;
  if (body.startingPurchases !== undefined && body.startingPurchases !== null) {
    const cost = wholeNumber(body.startingPurchases, 'startingPurchases', 0, 1_000_000);
    const trade = mojoForSilver({
      available: derived.startingSilver * CENTISILVER_PER_SILVER,
      cost: cost * CENTISILVER_PER_SILVER,
    });
    startingMoney = {
      silver: derived.startingSilver,
      cost,
      mojoTraded: trade.mojo,
      silverLeft: trade.remaining / CENTISILVER_PER_SILVER,
      mojoLeft: derived.mojo - trade.mojo,
    };
  }
  return { ...{}, ...derived, abilities, species: species?.id ?? null, startingMoney };
}
