import type { Dice } from '../random';
import { invalid, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import {
  DEFAULT_GM_CONTRIBUTORS,
  gmAbilities,
  type GmAbilities,
  majorContributor,
  minorContributor,
} from './gm-derivation';
import { gmSpecies } from './gm-species';

/**
 * G&M age, height and weight (seed 001, Toromeen, 001:382–388). The species numbers are referee data
 * (the species table is not in the documents); the formulas are read off the one worked example:
 *   age    = base age + (age dice)d6
 *   height = base height + (height dice)d6 + endurance (minor) + strength (major)   [inches]
 *   weight = base weight + 10 × (the height dice rolled + endurance (major) + strength (minor))   [pounds]
 * Toromeen: 120 + 31 = 151; 41 + 10 + 1 + 4 = 56; 80 + 10 × (10 + 2 + 2) = 220.
 */
export interface GmSpeciesBody {
  baseAge: number;
  ageDice: number;
  baseHeight: number;
  heightDice: number;
  baseWeight: number;
}

export interface GmBodyOutcome {
  age: number;
  height: number;
  weight: number;
  rolls: { age: number[]; height: number[] };
  parts: {
    height: { base: number; dice: number; endurance: number; strength: number };
    weight: { base: number; heightDice: number; endurance: number; strength: number };
  };
  faces: number[];
}

function species(value: unknown): GmSpeciesBody {
  const s = record(value, 'speciesBody');
  return {
    baseAge: wholeNumber(s.baseAge, 'speciesBody.baseAge', 0, 100_000),
    ageDice: optionalWholeNumber(s.ageDice, 'speciesBody.ageDice', 0, 0, 100),
    baseHeight: wholeNumber(s.baseHeight, 'speciesBody.baseHeight', 0, 100_000),
    heightDice: optionalWholeNumber(s.heightDice, 'speciesBody.heightDice', 0, 0, 100),
    baseWeight: wholeNumber(s.baseWeight, 'speciesBody.baseWeight', 0, 1_000_000),
  };
}

/** The formulas, given the dice totals (or numbers the player chose instead). */
export function gmBody(
  speciesData: GmSpeciesBody,
  abilities: GmAbilities,
  rolled: { age: number; height: number },
): Pick<GmBodyOutcome, 'age' | 'height' | 'weight' | 'parts'> {
  const table = DEFAULT_GM_CONTRIBUTORS;
  const height = {
    base: speciesData.baseHeight,
    dice: rolled.height,
    endurance: minorContributor(abilities.endurance, table),
    strength: majorContributor(abilities.strength, table),
  };
  const weight = {
    base: speciesData.baseWeight,
    heightDice: rolled.height,
    endurance: majorContributor(abilities.endurance, table),
    strength: minorContributor(abilities.strength, table),
  };
  return {
    age: speciesData.baseAge + rolled.age,
    height: height.base + height.dice + height.endurance + height.strength,
    weight: weight.base + 10 * (weight.heightDice + weight.endurance + weight.strength),
    parts: { height, weight },
  };
}

/** Rolls the age and height dice and applies the formulas. */
export function rollGmBody(
  input: { abilities: GmAbilities; species?: string; speciesBody?: GmSpeciesBody },
  dice: Dice,
): GmBodyOutcome {
  const body = record(input, 'input');
  let s: GmSpeciesBody;
  if (body.speciesBody !== undefined && body.speciesBody !== null) s = species(body.speciesBody);
  else if (body.species !== undefined && body.species !== null) s = gmSpecies(body.species).body;
  else
    throw invalid('Send `species` (a shipped species) or `speciesBody` (the referee’s numbers).', 'species');
  const abilities = gmAbilities(body.abilities);
  const age = dice.pool(s.ageDice, 6, 'speciesBody.ageDice');
  const height = dice.pool(s.heightDice, 6, 'speciesBody.heightDice');
  const sum = (faces: number[]) => faces.reduce((a, b) => a + b, 0);
  return {
    ...{},
    ...gmBody(s, abilities, { age: sum(age), height: sum(height) }),
    rolls: { age, height },
    faces: [...age, ...height],
  };
}
