import { InputType, registerEnumType } from '@nestjs/graphql';
import { AbilitySpecInput, PoolSideInput } from '../checks/check.inputs';
import { dashedEnumType, In } from '../common/schema';
import { nestedRename, renamedFrom } from '../common/renamed-fields';
import { GM_ARCHETYPE_IDS } from '../core/characters/gm-derivation';
import { GM_SPECIES_IDS } from '../core/characters/gm-species';

const BIG = 1_000_000;

export const GmArchetypeEnum = Object.fromEntries(GM_ARCHETYPE_IDS.map((id) => [id, id])) as Record<
  string,
  string
>;
registerEnumType(GmArchetypeEnum, {
  name: 'GmArchetype',
  description: 'The five G&M archetypes of seed 001.',
});

export const GmSpeciesEnum = Object.fromEntries(GM_SPECIES_IDS.map((id) => [id, id])) as Record<
  string,
  string
>;
registerEnumType(GmSpeciesEnum, {
  name: 'GmSpecies',
  description: 'The species we ship: only what seed 001’s worked example states (the dwarf).',
});

export const FOLLOWER_KINDS = ['follower', 'animal'] as const;
export const FollowerKindEnum = { follower: 'follower', animal: 'animal' } as const;
registerEnumType(FollowerKindEnum, {
  name: 'FollowerKind',
  description: 'A follower (a person) or an animal.',
});

export const ANIMAL_TRAININGS = ['untrained', 'trained', 'companion', 'familiar'] as const;
export const AnimalTrainingEnum = Object.fromEntries(ANIMAL_TRAININGS.map((id) => [id, id])) as Record<
  string,
  string
>;
registerEnumType(AnimalTrainingEnum, {
  name: 'AnimalTraining',
  description:
    'untrained: acts as the referee decides; trained: obeys until it fails morale; companion and familiar: followers.',
});

export const FOLLOWER_SOURCES = ['feat', 'fiction'] as const;
export const FollowerSourceEnum = { feat: 'feat', fiction: 'fiction' } as const;
registerEnumType(FollowerSourceEnum, {
  name: 'FollowerSource',
  description: 'feat: granted by a Feat (refilled); fiction: gained in play (not refilled).',
});

@InputType({ description: 'The six G&M ability scores.' })
export class GmAbilitiesInput {
  @In.int('Strength.', { min: 1, max: 1000, example: 18 })
  strength: number;
  @In.int('Agility.', { min: 1, max: 1000, example: 10 })
  agility: number;
  @In.int('Endurance.', { min: 1, max: 1000, example: 15 })
  endurance: number;
  @In.int('Intelligence.', { min: 1, max: 1000, example: 12 })
  intelligence: number;
  @In.int('Wisdom.', { min: 1, max: 1000, example: 15 })
  wisdom: number;
  @In.int('Charisma.', { min: 1, max: 1000, example: 8 })
  charisma: number;
}

@InputType({ description: 'Changes to the six scores (species modifiers: referee data).' })
export class GmAbilityAdjustmentsInput {
  @In.int('Strength change.', { optional: true, min: -1000, max: 1000 })
  strength?: number;
  @In.int('Agility change.', { optional: true, min: -1000, max: 1000 })
  agility?: number;
  @In.int('Endurance change.', { optional: true, min: -1000, max: 1000 })
  endurance?: number;
  @In.int('Intelligence change.', { optional: true, min: -1000, max: 1000 })
  intelligence?: number;
  @In.int('Wisdom change.', { optional: true, min: -1000, max: 1000 })
  wisdom?: number;
  @In.int('Charisma change.', { optional: true, min: -1000, max: 1000 })
  charisma?: number;
}

@InputType({ description: 'Special contributors to each reaction (species, specialty: referee data).' })
export class GmReactionSpecialsInput {
  @In.int('Health.', { optional: true, min: -1000, max: 1000 })
  health?: number;
  @In.int('Fortitude.', { optional: true, min: -1000, max: 1000 })
  fortitude?: number;
  @In.int('Willpower.', { optional: true, min: -1000, max: 1000 })
  willpower?: number;
  @In.int('Evasion.', { optional: true, min: -1000, max: 1000 })
  evasion?: number;
  @In.int('Reason.', { optional: true, min: -1000, max: 1000 })
  reason?: number;
  @In.int('Perception.', { optional: true, min: -1000, max: 1000 })
  perception?: number;
}

@InputType({ description: 'Referee data the seed leaves to species and specialties.' })
export class GmSpecialsInput {
  @In.nested('Special contributors to reactions (a dwarf: health +2).', () => GmReactionSpecialsInput, {
    optional: true,
  })
  reactions?: GmReactionSpecialsInput;

  @In.int('The species’ base Movement (a dwarf: 8); without it Movement is not derived.', {
    optional: true,
    min: 0,
    max: 1000,
  })
  baseMovement?: number;
}

@InputType({ description: 'One band of a contributor table.' })
export class GmContributorBandInput {
  @In.int('The highest score in the band.', { min: -BIG, max: BIG })
  upTo: number;
  @In.int('The major contributor of the band.', { min: -1000, max: 1000 })
  major: number;
}

@InputType({ description: 'A contributor table replacing our default (SPEC 6.1).' })
export class GmContributorTableInput {
  @In.nestedList('Bands, rising by upTo.', () => GmContributorBandInput, { minItems: 1, maxItems: 50 })
  bands: GmContributorBandInput[];
  @In.int('Added to the last band’s major for each point above it.', { min: 0, max: 100 })
  perPointAbove: number;
}

@InputType({ description: 'Roll six G&M ability scores.' })
export class GmAbilityRollsInput {
  @In.seed()
  seed?: string;
}

@InputType({ description: 'One archetype of a character and its level.' })
export class GmArchetypeLevelInput {
  @In.oneOf('The archetype.', GM_ARCHETYPE_IDS, GmArchetypeEnum)
  archetype: string;

  @In.int('Its level.', { min: 1, max: 100 })
  level: number;
}

@InputType({ description: 'Derive a G&M character’s numbers from its scores and archetype.' })
export class GmDerivationInput {
  @In.nested(
    'Required: the six attribute scores as placed (before species adjustments, if those are sent).',
    () => GmAbilitiesInput,
    { optional: true },
  )
  @renamedFrom('abilities', {
    required: true,
    description: 'The six scores.',
    ...nestedRename(() => GmAbilitiesInput),
  })
  attributes: GmAbilitiesInput;

  @In.oneOf('The archetype (one archetype; or send `archetypes`).', GM_ARCHETYPE_IDS, GmArchetypeEnum, {
    optional: true,
  })
  archetype?: string;

  @In.nestedList(
    'Several archetypes with their levels (a specialty that allows more than one); replaces archetype and level.',
    () => GmArchetypeLevelInput,
    { optional: true, minItems: 1, maxItems: 5 },
  )
  archetypes?: GmArchetypeLevelInput[];

  @In.oneOf(
    'A shipped species: its ability adjustments, special reactions and Movement apply first.',
    GM_SPECIES_IDS,
    GmSpeciesEnum,
    { optional: true },
  )
  species?: string;

  @In.int('Archetype level (default 1).', { optional: true, min: 1, max: 100 })
  level?: number;

  @In.nested('Species attribute modifiers, added to the scores first.', () => GmAbilityAdjustmentsInput, {
    optional: true,
  })
  @renamedFrom('abilityAdjustments', {
    required: false,
    description: 'Species modifiers.',
    ...nestedRename(() => GmAbilityAdjustmentsInput),
  })
  attributeAdjustments?: GmAbilityAdjustmentsInput;

  @In.nested('Special contributors and species Movement.', () => GmSpecialsInput, { optional: true })
  specials?: GmSpecialsInput;

  @In.nested('A contributor table replacing our default.', () => GmContributorTableInput, { optional: true })
  contributors?: GmContributorTableInput;

  @In.int(
    'Silver the starting purchases cost: mojo is traded (30 silver each) when the starting silver falls short.',
    { optional: true, min: 0, max: BIG },
  )
  startingPurchases?: number;
}

@InputType({ description: 'Roll a Cairn hireling.' })
export class CairnHirelingInput {
  @In.string('A name.', { optional: true, maxLength: 100 })
  name?: string;
  @In.string('The role (the seed’s hireling table is not printed: the referee names it).', {
    optional: true,
    maxLength: 100,
    example: 'Torchbearer',
  })
  role?: string;
  @In.int('Armor from what it wears (0–3, default 0).', { optional: true, min: 0, max: 3 })
  armor?: number;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'Hire a COEAC hireling from its line of the Cost table.' })
export class CoeacHirelingInput {
  @In.string('The Cost-table line (Porter, Torchbearer/Shieldbearer, Mercenary, …), any case.', {
    maxLength: 100,
    example: 'Porter',
  })
  item: string;
  @In.string('A name.', { optional: true, maxLength: 100 })
  name?: string;
  @In.string('A Role tag replacing the line’s name.', { optional: true, maxLength: 100 })
  role?: string;
}

@InputType({ description: 'A COEAC follower or animal, from the referee’s numbers.' })
export class CoeacFollowerInput {
  @In.oneOf('follower or animal.', FOLLOWER_KINDS, FollowerKindEnum)
  kind: 'follower' | 'animal';
  @In.int('Pool: the dice it tests with.', { min: 0, max: 1000, example: 3 })
  pool: number;
  @In.int('Hit points.', { min: 1, max: 1000, example: 3 })
  hp: number;
  @In.string('Role tag.', { maxLength: 100, example: 'Squire' })
  role: string;
  @In.string('A name.', { optional: true, maxLength: 100 })
  name?: string;
  @In.oneOf('Animals only (default trained).', ANIMAL_TRAININGS, AnimalTrainingEnum, { optional: true })
  training?: 'untrained' | 'trained' | 'companion' | 'familiar';
  @In.bool('Animals only: a pack animal carries 6 slots.', { optional: true })
  packAnimal?: boolean;
}

@InputType({ description: 'A follower died, departed or was dismissed.' })
export class FollowerLossInput {
  @In.oneOf('How the follower was gained.', FOLLOWER_SOURCES, FollowerSourceEnum)
  source: 'feat' | 'fiction';
  @In.int('The number of the session in which it was lost.', { min: 1, max: BIG, example: 4 })
  lostInSession: number;
}

@InputType({ description: 'One Factor of an Objective.' })
export class ObjectiveFactorInput {
  @In.string('What the factor is.', { maxLength: 100, example: 'darkness' })
  name: string;
  @In.bool('In parentheses: the baseline, counting zero.', { optional: true })
  baseline?: boolean;
}

@InputType({ description: 'COEAC: an Objective from its Factors.' })
export class ObjectiveFromFactorsInput {
  @In.nestedList('The Factors.', () => ObjectiveFactorInput, { maxItems: 100 })
  factors: ObjectiveFactorInput[];
}

@InputType({ description: 'COEAC pool test with the critical-margin flag.' })
export class CriticalPoolCheckInput extends PoolSideInput {
  @In.int('The Objective (Ob).', { min: 0, max: BIG, example: 3 })
  objective: number;
  @In.int('Free successes (+Ns) added to a pass’s margin.', { optional: true, min: 0, max: BIG })
  freeSuccesses?: number;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'The ratio form of an extended test’s goal.' })
export class ExtendedRatioInput {
  @In.int('Passes…', { min: 1, max: 1000, example: 2 })
  passes: number;
  @In.int('…per this many failures.', { min: 0, max: 1000, example: 1 })
  failures: number;
}

@InputType({ description: 'What an extended test needs: passes, or a ratio of passes to failures.' })
export class ExtendedGoalInput {
  @In.int('Passes needed.', { optional: true, min: 1, max: 100 })
  passes?: number;
  @In.nested('Passes per failure, over all the tests.', () => ExtendedRatioInput, { optional: true })
  ratio?: ExtendedRatioInput;
}

@InputType({ description: 'COEAC extended test: several pool tests toward a goal.' })
export class ExtendedCheckInput extends PoolSideInput {
  @In.int('The Objective of each test.', { min: 0, max: BIG, example: 2 })
  objective: number;
  @In.int('Free successes (+Ns) on each test.', { optional: true, min: 0, max: BIG })
  freeSuccesses?: number;
  @In.int('How many tests the referee allows.', { min: 1, max: 100, example: 5 })
  tests: number;
  @In.nested('The goal.', () => ExtendedGoalInput)
  goal: ExtendedGoalInput;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'COEAC: halve a damage result.' })
export class DamageHalvingInput {
  @In.int('The damage rolled.', { min: 0, max: BIG, example: 4 })
  rolled: number;
  @In.int('Free successes (+Ns) added before halving.', { optional: true, min: 0, max: BIG })
  freeSuccesses?: number;
}

@InputType({ description: 'The one person granting their field bonus.' })
export class GmAssistantInput {
  @In.int('The assistant’s ability score.', { min: 0, max: BIG, example: 15 })
  score: number;
  @In.int('Their field bonus (granted on a success).', { min: -BIG, max: BIG, example: 2 })
  fieldBonus: number;
  @In.int('How many people they help: their obstacle size (default 1).', {
    optional: true,
    min: 1,
    max: 1024,
  })
  helping?: number;
  @In.int('Other bonuses to their roll.', { optional: true, min: 0, max: BIG })
  bonus?: number;
  @In.int('Penalties to their roll.', { optional: true, min: 0, max: BIG })
  penalty?: number;
}

@InputType({
  description: 'G&M ability roll with field bonus, careful attempt, assistance and failure location.',
})
export class GmTaskCheckInput extends AbilitySpecInput {
  @In.int('The roller’s own field bonus.', { optional: true, min: -BIG, max: BIG })
  fieldBonus?: number;
  @In.int('Steps of extra time along round → minute → ten minutes → hour → day: 1 gives +1, 2 or more +2.', {
    optional: true,
    min: 0,
    max: 5,
  })
  carefulSteps?: number;
  @In.nested('Someone granting their field bonus; they roll first.', () => GmAssistantInput, {
    optional: true,
  })
  assistedBy?: GmAssistantInput;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'One side of a many-sided contest.' })
export class MultiContestSideInput extends AbilitySpecInput {
  @In.string('The side’s name, unique in the contest.', { maxLength: 100, example: 'Ana' })
  name: string;
}

@InputType({ description: 'G&M contest of two to six sides racing for one goal.' })
export class MultiContestCheckInput {
  @In.nestedList('The sides.', () => MultiContestSideInput, { minItems: 2, maxItems: 6 })
  sides: MultiContestSideInput[];
  @In.int('Rounds before an undecided contest stops (default 50).', { optional: true, min: 1, max: 200 })
  maxRounds?: number;
  @In.string('The side (by name) whose player asks for doubling because none of its opponents can fail.', {
    optional: true,
    maxLength: 100,
  })
  requestDoubling?: string;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'A species’ age, height and weight numbers (referee data).' })
export class GmSpeciesBodyInput {
  @In.int('Base age in years (a dwarf: 120).', { min: 0, max: 100_000, example: 120 })
  baseAge: number;
  @In.int('d6s added to the age (a dwarf: 8).', { optional: true, min: 0, max: 100, example: 8 })
  ageDice?: number;
  @In.int('Base height in inches (a dwarf: 41).', { min: 0, max: 100_000, example: 41 })
  baseHeight: number;
  @In.int('d6s added to the height (a dwarf: 2).', { optional: true, min: 0, max: 100, example: 2 })
  heightDice?: number;
  @In.int('Base weight in pounds (a dwarf: 80).', { min: 0, max: 1_000_000, example: 80 })
  baseWeight: number;
}

@InputType({ description: 'Roll a G&M character’s age, height and weight.' })
export class GmBodyRollInput {
  @In.nested('Required: the six attribute scores.', () => GmAbilitiesInput, { optional: true })
  @renamedFrom('abilities', {
    required: true,
    description: 'The six scores.',
    ...nestedRename(() => GmAbilitiesInput),
  })
  attributes: GmAbilitiesInput;
  @In.oneOf(
    'A shipped species (its numbers are used unless speciesBody is sent).',
    GM_SPECIES_IDS,
    GmSpeciesEnum,
    {
      optional: true,
    },
  )
  species?: string;
  @In.nested('The referee’s species numbers.', () => GmSpeciesBodyInput, { optional: true })
  speciesBody?: GmSpeciesBodyInput;
  @In.seed()
  seed?: string;
}

export const MORALE_SUBJECTS = [
  'hireling',
  'follower',
  'companion-animal',
  'familiar-animal',
  'trained-animal',
  'untrained-animal',
] as const;
export const MoraleSubjectEnum = dashedEnumType(
  'NpcMoraleSubject',
  MORALE_SUBJECTS,
  'Who is checking morale.',
);

@InputType({ description: 'COEAC: an NPC’s morale by its kind.' })
export class NpcMoraleCheckInput {
  @In.oneOf('Who checks.', MORALE_SUBJECTS, MoraleSubjectEnum)
  subject: (typeof MORALE_SUBJECTS)[number];
  @In.int('Trained animals: the d6 morale rating.', { optional: true, min: 1, max: 6 })
  rating?: number;
  @In.string('Trained animals: a disposition of the encounters morale table instead of a rating.', {
    optional: true,
    maxLength: 50,
  })
  disposition?: string;
  @In.bool('Trained animals: in mortal danger the check fails unrolled.', { optional: true })
  mortalDanger?: boolean;
  @In.int('Hirelings: the controlling player’s Diplomacy or Streetwise pool.', {
    optional: true,
    min: 0,
    max: 1000,
  })
  controllerPool?: number;
  @In.int('Hirelings: their Pool.', { optional: true, min: 0, max: 1000 })
  hirelingPool?: number;
  @In.seed()
  seed?: string;
}
