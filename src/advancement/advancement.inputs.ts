import { InputType, registerEnumType } from '@nestjs/graphql';
import { dashedEnumType, In } from '../common/schema';
import { nestedRename, renamedFrom } from '../common/renamed-fields';
import { MOJO_COST_KINDS, TECHNIQUE_SCOPES } from '../core/advancement/gm-mojo';
import { RESOURCE_TYPES, STUDY_MODES } from '../core/advancement/gm-study';
import { GM_ARCHETYPE_IDS } from '../core/characters/gm-derivation';
import {
  GmAbilitiesInput,
  GmArchetypeEnum,
  ObjectiveFactorInput,
} from '../characters-builder/builder.inputs';
import { CIRCLES_SKILLS } from '../core/advancement/coeac-circles';
import { PRACTICAL_USES } from '../core/advancement/gm-extras';

const BIG = 1_000_000;

export const MojoCostKindEnum = Object.fromEntries(
  MOJO_COST_KINDS.map((k) => [k.replace('-', '_'), k]),
) as Record<string, string>;
registerEnumType(MojoCostKindEnum, {
  name: 'GmMojoCostKind',
  description:
    'What mojo buys: an ability point, a field bonus, a new field, a skill, a monk technique, a weapon skill.',
});

export const TechniqueScopeEnum = dashedEnumType(
  'GmTechniqueScope',
  TECHNIQUE_SCOPES,
  'A monk technique for one skill, for a whole field, or widening a one- or two-skill technique.',
);

@InputType({ description: 'Price one G&M improvement in mojo.' })
export class GmMojoCostInput {
  @In.oneOf('What is bought.', MOJO_COST_KINDS, MojoCostKindEnum)
  kind: string;
  @In.int('The current ability score (ability) or field bonus (field); needed for those two.', {
    optional: true,
    min: 1,
    max: BIG,
    example: 17,
  })
  current?: number;
  @In.bool('Ability: the archetypal ability (2 × the score instead of 3 ×).', { optional: true })
  archetypal?: boolean;
  @In.bool('Ability: this one point alone keeps the character from a specialty (1 × the score).', {
    optional: true,
  })
  onlyBlocksSpecialty?: boolean;
  @In.bool('Skill: the character is outside the field’s preferred archetype (7 instead of 5).', {
    optional: true,
  })
  outsideArchetype?: boolean;
  @In.bool('Weapon skill: the character is a warrior (5 instead of 7).', { optional: true })
  warrior?: boolean;
  @In.oneOf('Technique: what is bought (default one-skill).', TECHNIQUE_SCOPES, TechniqueScopeEnum, {
    optional: true,
  })
  techniqueScope?: string;
}

@InputType({ description: 'A mojo bid on a failed G&M archetypal roll.' })
export class GmMojoBidInput {
  @In.int('The d20 face rolled.', { min: 1, max: 20, example: 14 })
  roll: number;
  @In.int('The modified target: a d20 at or under it passes.', { min: -BIG, max: BIG, example: 10 })
  target: number;
  @In.int('The mojo bid.', { min: 1, max: BIG, example: 6 })
  bid: number;
  @In.int('Mojo the character holds; a bid above it is refused.', { optional: true, min: 0, max: BIG })
  mojo?: number;
  @In.int('Experience before the bid; the new total and levels follow.', {
    optional: true,
    min: 0,
    max: 2_000_000_000,
  })
  experience?: number;
  @In.int('The price of the next bonus, skill or field that applies to the roll.', {
    optional: true,
    min: 1,
    max: BIG,
  })
  nextImprovementCost?: number;
  @In.int('The current bonus of the field that applies (its next bonus costs 4 + it).', {
    optional: true,
    min: 1,
    max: BIG,
  })
  fieldBonus?: number;
}

export const StudyModeEnum = dashedEnumType(
  'GmStudyMode',
  STUDY_MODES,
  'normal (1 mojo a week), free-time (1 a month) or intensive (1 every two days, needs a resource).',
);

export const ResourceTypeEnum = dashedEnumType(
  'GmMojoResourceType',
  RESOURCE_TYPES,
  'A mojo resource type: books, immersion, libraries, tutor, school.',
);

@InputType({ description: 'One mojo resource used in study.' })
export class GmStudyResourceInput {
  @In.oneOf('The resource type.', RESOURCE_TYPES, ResourceTypeEnum)
  type: string;
  @In.int('Its level (a tutor’s field bonus); not for immersion.', {
    optional: true,
    min: 1,
    max: 1000,
    example: 5,
  })
  level?: number;
}

@InputType({ description: 'A stretch of G&M practical-mojo study.' })
export class GmStudyInput {
  @In.oneOf('The study mode.', STUDY_MODES, StudyModeEnum)
  mode: string;
  @In.nestedList('Mojo resources, at most one of each type.', () => GmStudyResourceInput, {
    optional: true,
    maxItems: 7,
  })
  resources?: GmStudyResourceInput[];
  @In.int('The student’s field bonus or level in the subject (default 0).', {
    optional: true,
    min: 0,
    max: 1000,
  })
  studentBonus?: number;
  @In.int('Periods studied (default 1).', { optional: true, min: 1, max: 10_000 })
  periods?: number;
  @In.int('Projects at once (free-time allows 3; default 1).', { optional: true, min: 1, max: 3 })
  projects?: number;
  @In.int('Intelligence: its major contributor shifts the mojo-bonus row when a resource is used.', {
    optional: true,
    min: 1,
    max: 1000,
  })
  intelligence?: number;
  @In.int('Charisma: the total of immersion.', { optional: true, min: 1, max: 1000 })
  charisma?: number;
  @In.int('Wisdom: intensive study lasts at most half of it in days.', { optional: true, min: 1, max: 1000 })
  wisdom?: number;
  @In.int('Silver per resource mojo granted (0–10, all fees together).', { optional: true, min: 0, max: 10 })
  feePerMojo?: number;
}

@InputType({ description: 'A G&M character reaching a new level.' })
export class GmLevelUpInput {
  @In.oneOf('The archetype that gains the level.', GM_ARCHETYPE_IDS, GmArchetypeEnum)
  archetype: string;
  @In.int('The level reached (2 or more).', { min: 2, max: 100, example: 2 })
  level: number;
  @In.nested('Required: the six attribute scores.', () => GmAbilitiesInput, { optional: true })
  @renamedFrom('abilities', {
    required: true,
    description: 'The six scores.',
    ...nestedRename(() => GmAbilitiesInput),
  })
  attributes: GmAbilitiesInput;
  @In.int(
    'Multiple archetypes: the level reached in the gaining archetype (reactions, Fighting Art, extras); default level.',
    { optional: true, min: 1, max: 100 },
  )
  archetypeLevel?: number;
  @In.oneOf(
    'Multiple archetypes: the archetype with the highest level after the gain (verve modifiers); default archetype.',
    GM_ARCHETYPE_IDS,
    GmArchetypeEnum,
    { optional: true },
  )
  verveArchetype?: string;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'A G&M character’s experience.' })
export class GmLevelStandingInput {
  @In.int('Total experience.', { min: 0, max: 2_000_000_000, example: 3500 })
  experience: number;
}

export const CirclesSkillEnum = { diplomacy: 'diplomacy', streetwise: 'streetwise' } as const;
registerEnumType(CirclesSkillEnum, {
  name: 'CoeacCirclesSkill',
  description: 'Diplomacy for high-status targets, Streetwise for low-status ones.',
});

@InputType({ description: 'A COEAC Circles check: find someone.' })
export class CoeacCirclesInput {
  @In.nestedList('The Factors, counted and shared before the roll.', () => ObjectiveFactorInput, {
    maxItems: 100,
  })
  factors: ObjectiveFactorInput[];
  @In.int('Reputation with a faction that might help (±6): ±1d per point.', {
    optional: true,
    min: -6,
    max: 6,
  })
  reputation?: number;
  @In.oneOf('The skill tested.', CIRCLES_SKILLS, CirclesSkillEnum)
  skill: string;
  @In.int('The base pool (2 + the skill).', { min: 0, max: 1000, example: 4 })
  pool: number;
  @In.int('Other bonus dice.', { optional: true, min: 0, max: 1000 })
  bonusDice?: number;
  @In.int('Other penalty dice.', { optional: true, min: 0, max: 1000 })
  penaltyDice?: number;
  @In.int('Helpers, one die each.', { optional: true, min: 0, max: 1000 })
  helpers?: number;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'A COEAC recognition roll.' })
export class CoeacRecognitionInput {
  @In.int('Reputation with the faction (±6).', { min: -6, max: 6, example: 3 })
  reputation: number;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'A G&M spell bought with mojo.' })
export class GmSpellPriceInput {
  @In.int('The spell level.', { min: 1, max: 20, example: 2 })
  spellLevel: number;
  @In.int('The basic components, in centisilver (default 0).', { optional: true, min: 0, max: 1_000_000_000 })
  components?: number;
  @In.int('Archetypal mojo among the mojo spent.', { optional: true, min: 0, max: 100_000 })
  archetypalMojo?: number;
  @In.bool('A new try after an incompatible roll, at a later level.', { optional: true })
  retry?: boolean;
}

@InputType({ description: 'A G&M spell compatibility roll.' })
export class GmSpellCompatibilityInput {
  @In.int('The sorceror’s reason reaction.', { min: 0, max: 1000, example: 12 })
  reason: number;
  @In.int('The spell level.', { min: 1, max: 20, example: 3 })
  spellLevel: number;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'A spirit manifestation invented at the table.' })
export class GmManifestationInput {
  @In.int('The level the Guide guesses.', { min: 0, max: 20, example: 3 })
  guessedLevel: number;
}

@InputType({ description: 'One contributor to a pooled mojo project.' })
export class GmPooledShareInput {
  @In.string('Who (echoed).', { maxLength: 100 })
  who: string;
  @In.int('This contributor’s mojo cost for the task.', { min: 0, max: 100_000 })
  cost: number;
  @In.int('Applicable mojo this contributor puts in.', { min: 1, max: 100_000 })
  mojo: number;
}

@InputType({ description: 'Several characters pooling mojo on one project.' })
export class GmPooledProjectInput {
  @In.nestedList('The contributors.', () => GmPooledShareInput, { maxItems: 100 })
  shares: GmPooledShareInput[];
}

export const PracticalUseEnum = dashedEnumType(
  'GmPracticalMojoUse',
  PRACTICAL_USES,
  'What practical mojo would pay for.',
);

@InputType({ description: 'What practical mojo would pay for.' })
export class GmPracticalMojoInput {
  @In.oneOf('The use.', PRACTICAL_USES, PracticalUseEnum)
  use: string;
}
