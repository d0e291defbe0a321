import { InputType } from '@nestjs/graphql';
import { In } from '../common/schema';
import { oneOfRename, renamedFrom } from '../common/renamed-fields';
import { CIRCLES_SKILLS } from '../core/advancement/coeac-circles';
import { MOJO_COST_KINDS, TECHNIQUE_SCOPES } from '../core/advancement/gm-mojo';
import { STUDY_MODES } from '../core/advancement/gm-study';
import { GM_ABILITIES } from '../core/characters/gm-derivation';
import { ObjectiveFactorInput } from '../characters-builder/builder.inputs';
import {
  CirclesSkillEnum,
  GmStudyResourceInput,
  MojoCostKindEnum,
  StudyModeEnum,
  TechniqueScopeEnum,
} from './advancement.inputs';
import { registerEnumType } from '@nestjs/graphql';

export const GmAbilityNameEnum = Object.fromEntries(GM_ABILITIES.map((a) => [a, a])) as Record<
  string,
  string
>;
registerEnumType(GmAbilityNameEnum, { name: 'GmAbilityName', description: 'One of the six G&M abilities.' });

const BIG = 1_000_000;

@InputType({ description: 'The referee’s experience award to a G&M character.' })
export class ExperienceAwardInput {
  @In.int('Experience points to add.', { min: 1, max: 100_000_000, example: 1000 })
  amount: number;
  @In.string('Why, for the ledger.', { optional: true, maxLength: 500 })
  reason?: string;
  @In.string('With several archetypes: the one that gains any level reached (default the first).', {
    optional: true,
    maxLength: 64,
  })
  archetype?: string;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'G&M loot experience added to the characters’ stored totals.' })
export class LootExperienceAwardInput {
  @In.int('The loot given away or lost, in centisilver (2 experience per silver).', {
    min: 0,
    max: 2_000_000_000,
    example: 150_000,
  })
  silver: number;
  @In.idList('The characters who share it (the campaign’s loot rule: divided or each).', {
    maxItems: 100,
    names: 'character',
  })
  characterIds: string[];
  @In.string('Why, for the ledger.', { optional: true, maxLength: 500 })
  reason?: string;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'Mojo spent on an improvement of a stored G&M character.' })
export class MojoSpendInput {
  @In.oneOf('What is bought.', MOJO_COST_KINDS, MojoCostKindEnum)
  kind: string;
  @In.oneOf('The attribute raised by one (kind `ability`).', GM_ABILITIES, GmAbilityNameEnum, {
    optional: true,
  })
  @renamedFrom('ability', {
    required: false,
    description: 'The attribute raised.',
    ...oneOfRename(GM_ABILITIES, GmAbilityNameEnum),
  })
  attribute?: string;
  @In.string('What is bought, in the table’s words (a field, a skill, a technique, a weapon).', {
    optional: true,
    maxLength: 100,
  })
  subject?: string;
  @In.int('Field: the current bonus of the field.', { optional: true, min: 0, max: BIG })
  current?: number;
  @In.bool('Ability: this one point alone keeps the character from a specialty.', { optional: true })
  onlyBlocksSpecialty?: boolean;
  @In.bool('Skill: the character is outside the field’s preferred archetype.', { optional: true })
  outsideArchetype?: boolean;
  @In.oneOf('Technique: what is bought.', TECHNIQUE_SCOPES, TechniqueScopeEnum, { optional: true })
  techniqueScope?: string;
  @In.bool('Bought just before a roll it helps: the mojo spent is a bonus on that roll (fields, skills).', {
    optional: true,
  })
  beforeRoll?: boolean;
  @In.bool('Pay with the practical mojo studied for this subject instead of mojo.', { optional: true })
  practical?: boolean;
}

@InputType({ description: 'A mojo bid on the character’s latest failed G&M roll.' })
export class MojoBidOnRollInput {
  @In.id('The logged roll (check.ability) the bid tries to turn.')
  rollId: string;
  @In.int('The mojo bid.', { min: 1, max: BIG, example: 6 })
  bid: number;
  @In.int('The price of the next improvement that applies to the roll (MJ7).', {
    optional: true,
    min: 1,
    max: BIG,
  })
  nextImprovementCost?: number;
  @In.int('Or the current bonus of the field that applies: its next bonus costs 4 + it.', {
    optional: true,
    min: 0,
    max: BIG,
  })
  fieldBonus?: number;
  @In.string(
    'Referee only: why a roll on another rating is archetypal (an archetypal field, a warrior in combat).',
    { optional: true, maxLength: 200 },
  )
  archetypalBecause?: string;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'A G&M study project: practical mojo for one subject over time.' })
export class StudyProjectInput {
  @In.string('The field, skill, spell or specialty studied.', { maxLength: 100, example: 'Alchemy' })
  subject: string;
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
  @In.int('Intelligence: its major contributor shifts the mojo-bonus row when a resource is used.', {
    optional: true,
    min: 1,
    max: 1000,
  })
  intelligence?: number;
  @In.int('Charisma: the total of immersion.', { optional: true, min: 1, max: 1000 })
  charisma?: number;
  @In.int('Silver per resource mojo granted (0–10, all fees together).', { optional: true, min: 0, max: 10 })
  feePerMojo?: number;
}

@InputType({ description: 'Periods of study on a project.' })
export class StudyPeriodsInput {
  @In.int('Periods studied now (weeks, months or two-day stretches by the mode).', {
    min: 1,
    max: 1000,
    example: 2,
  })
  periods: number;
}

@InputType({ description: 'Boons for one character.' })
export class BoonAwardInput {
  @In.id('The character.', { names: 'character' })
  characterId: string;
  @In.int('Boons awarded (default 1: one per session; more for a successful expedition).', {
    optional: true,
    min: 1,
    max: 100,
    example: 1,
  })
  boons?: number;
  @In.string('Why, for the ledger.', { optional: true, maxLength: 500 })
  reason?: string;
}

@InputType({ description: 'COEAC Boons at the end of a session.' })
export class BoonsAwardInput {
  @In.nestedList('One award per rostered character.', () => BoonAwardInput, { maxItems: 100 })
  awards: BoonAwardInput[];
}

@InputType({ description: 'A COEAC character retires.' })
export class RetirementInput {
  @In.string('A faction the character belonged to: the retirement roll may raise its Reputation.', {
    optional: true,
    maxLength: 100,
  })
  faction?: string;
  @In.seed()
  seed?: string;
}

@InputType({ description: 'A specialty class unlocked in the fiction.' })
export class SpecialtyClassInput {
  @In.string('The class.', { maxLength: 100, example: 'Witch Hunter' })
  className: string;
  @In.id('The character who unlocked it, when one did.', { optional: true, names: 'character' })
  characterId?: string;
  @In.string('A note.', { optional: true, maxLength: 500 })
  note?: string;
}

@InputType({ description: 'A change of a faction’s Reputation (−6 to +6).' })
export class ReputationChangeInput {
  @In.string('The faction (matched case-insensitively).', { maxLength: 100, example: 'Thieves’ Guild' })
  faction: string;
  @In.int('The change.', { min: -12, max: 12, example: 1 })
  delta: number;
  @In.string('Why.', { optional: true, maxLength: 500 })
  reason?: string;
}

@InputType({ description: 'A COEAC Circles test in a campaign: the faction’s Reputation adds its dice.' })
export class CampaignCirclesInput {
  @In.nestedList('The Factors, counted and shared before the roll.', () => ObjectiveFactorInput, {
    maxItems: 100,
  })
  factors: ObjectiveFactorInput[];
  @In.string('The faction whose Reputation counts (none: 0).', { optional: true, maxLength: 100 })
  faction?: string;
  @In.id('The character testing, when one does.', { optional: true, names: 'character' })
  characterId?: string;
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

@InputType({ description: 'COEAC class resources spent on one action: at most one point of each kind.' })
export class ClassResourceSpendInput {
  @In.stringList('The class resources spent (Luck, Steel, Control…), one point each, each kind once.', {
    maxItems: 20,
    maxLength: 100,
  })
  resources: string[];
  @In.string('The action, for the ledger.', { optional: true, maxLength: 500 })
  reason?: string;
}
