import { applyDecorators } from '@nestjs/common';
import { ArgsType, Field, InputType, registerEnumType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import { fastField, stringSchema } from '../common/fast-validation';
import { PageQuery } from '../common/pagination';
import { In } from '../common/schema';
import {
  CIRCUMSTANCE_IDS,
  FATIGUE_STATES,
  MAX_CHANNELING_OB,
  MAX_CLOCK_TICKS,
  MAX_COMPLEXITY,
  MAX_COPPER,
  MIN_CHANNELING_OB,
  MIN_CLOCK_TICKS,
  PROJECT_STATUSES,
  type Circumstance,
  type Fatigue,
  type ProjectStatus,
} from '../core/crafting';

/** Ratings and dice sent to a roll; the configured dice limits bound the pool itself. */
const MAX_RATING = 1000;
/** Copies of one project whose materials may be on hand. */
export const MAX_COPIES = 10_000;

/** GraphQL enum names cannot hold dashes: they use underscores and map to the same ids. */
function dashedEnum<T extends string>(ids: readonly T[]): Record<string, T> {
  return Object.fromEntries(ids.map((id) => [id.replace(/-/g, '_'), id])) as Record<string, T>;
}

export const CraftingCircumstanceEnum = dashedEnum(CIRCUMSTANCE_IDS);
registerEnumType(CraftingCircumstanceEnum, {
  name: 'CraftingCircumstance',
  description:
    'improvised-tools +2, no-workspace +1, interrupted (or juggling several projects) +1, ' +
    'exceptional-tools −1, familiar (significant familiarity with the exact item) −1.',
});

export const CraftingFatigueEnum = dashedEnum(FATIGUE_STATES);
registerEnumType(CraftingFatigueEnum, {
  name: 'CraftingFatigue',
  description: 'fatigued: +1 difficulty; exhausted: +1 difficulty and one Intellect die fewer.',
});

export const CraftingProjectStatusEnum = dashedEnum(PROJECT_STATUSES);
registerEnumType(CraftingProjectStatusEnum, {
  name: 'CraftingProjectStatus',
  description:
    'in-progress: rolls count; materials-needed: ruined materials must be replaced first; ' +
    'complete: every paid copy is made.',
});

export const ATTUNEMENT_METHODS = ['ritual', 'downtime'] as const;
export type AttunementMethod = (typeof ATTUNEMENT_METHODS)[number];
export const AttunementMethodEnum = dashedEnum(ATTUNEMENT_METHODS);
registerEnumType(AttunementMethodEnum, {
  name: 'AttunementMethod',
  description:
    'ritual: an Ob 3 Discipline test, once per item per day; downtime: the downtime action, certain.',
});

export const CLOCK_VISIBILITIES = ['public', 'referee'] as const;
export type ClockVisibility = (typeof CLOCK_VISIBILITIES)[number];
export const ClockVisibilityEnum = dashedEnum(CLOCK_VISIBILITIES);
registerEnumType(ClockVisibilityEnum, {
  name: 'ProjectClockVisibility',
  description: 'public: every key of the campaign sees it; referee: only the referee’s key.',
});

/** A list of strings (names or ids from a fixed list), validated on the fast path too. */
export function stringList(
  description: string,
  o: {
    optional?: boolean;
    minItems?: number;
    maxItems: number;
    maxLength: number;
    values?: readonly string[];
  },
  enumRef?: object,
): PropertyDecorator {
  const rules = [
    ...(o.optional ? [IsOptional()] : []),
    IsArray(),
    ArrayMinSize(o.minItems ?? 0),
    ArrayMaxSize(o.maxItems),
    IsString({ each: true }),
    MinLength(1, { each: true }),
    MaxLength(o.maxLength, { each: true }),
    ...(o.values ? [IsIn([...o.values], { each: true })] : []),
  ];
  const items = o.values
    ? { type: 'string', enum: [...o.values] }
    : { type: 'string', minLength: 1, maxLength: o.maxLength };
  return applyDecorators(
    Field(() => [enumRef ?? String], { description, nullable: o.optional }),
    ApiProperty({
      type: 'array',
      items,
      minItems: o.minItems,
      maxItems: o.maxItems,
      description,
      required: !o.optional,
    }),
    ...rules,
    fastField({
      schema: {
        type: 'array',
        items: o.values ? { enum: [...o.values] } : stringSchema({ minLength: 1, maxLength: o.maxLength }),
        minItems: o.minItems ?? 0,
        maxItems: o.maxItems,
      },
      optional: !!o.optional,
      validators: rules.length,
    }),
  );
}

const price = () =>
  In.int('The item’s price in whole copper (100 copper = 1 platinum).', {
    min: 0,
    max: MAX_COPPER,
    example: 6,
  });
const complexity = () =>
  In.int('The item’s complexity rating (typical items: 5).', { optional: true, min: 0, max: MAX_COMPLEXITY });
const prebuilt = () =>
  In.int('Value in copper of ready-made parts built in: off the price for materials and successes.', {
    optional: true,
    min: 0,
    max: MAX_COPPER,
  });
const scavenged = () =>
  In.int('Value in copper of similar items taken apart: like parts, but halving the successes at most.', {
    optional: true,
    min: 0,
    max: MAX_COPPER,
  });

/* ---------------------------------------------------------------- stateless */

@InputType({ description: 'What an Archsoul item takes to craft.' })
export class CraftingRequirementsInput {
  @price()
  price: number;

  @complexity()
  complexity?: number;

  @prebuilt()
  prebuiltValue?: number;

  @scavenged()
  scavengedValue?: number;
}

/** The crafter's side of a crafting roll, shared by the stateless and the campaign roll. */
@InputType({ isAbstract: true })
export abstract class CrafterInput {
  @In.int('Extra dice; negative takes dice away.', { optional: true, min: -MAX_RATING, max: MAX_RATING })
  bonusDice?: number;

  @stringList(
    'Circumstances that apply; each adjusts the difficulty.',
    { optional: true, maxItems: CIRCUMSTANCE_IDS.length, maxLength: 40, values: CIRCUMSTANCE_IDS },
    CraftingCircumstanceEnum,
  )
  circumstances?: Circumstance[];

  @In.oneOf(
    'The crafter’s fatigue, if any. A campaign roll reads it from the crafter’s Archsoul sheet (fatigue 1: fatigued, 2: exhausted) when left out; sent, it overrides the sheet.',
    FATIGUE_STATES,
    CraftingFatigueEnum,
    { optional: true },
  )
  fatigue?: Fatigue;

  @In.seed()
  seed?: string;
}

@InputType({
  description: 'An Archsoul crafting roll: Intellect + skill against complexity and circumstances.',
})
export class CraftingRollInput extends CrafterInput {
  @In.int('The crafter’s Intellect (dice).', { min: 0, max: MAX_RATING, example: 3 })
  intellect: number;

  @In.int('The crafter’s relevant skill (dice).', { min: 0, max: MAX_RATING, example: 2 })
  skill: number;

  @complexity()
  complexity?: number;
}

/* ---------------------------------------------------------------- projects */

@InputType({ description: 'A crafting project in a campaign.' })
export class CreateCraftingProjectInput {
  @In.string('What is being made.', { maxLength: 100, example: 'Kite shield' })
  item: string;

  @price()
  price: number;

  @complexity()
  complexity?: number;

  @stringList('The skill it is made with, or two for an interdisciplinary project.', {
    minItems: 1,
    maxItems: 2,
    maxLength: 50,
  })
  skills: string[];

  @prebuilt()
  prebuiltValue?: number;

  @scavenged()
  scavengedValue?: number;

  @In.int('Copies whose materials are on hand (default 1).', { optional: true, min: 1, max: MAX_COPIES })
  copies?: number;
}

@InputType({ description: 'A character’s crafting roll toward a project (once per in-game day).' })
export class CraftingProjectRollInput extends CrafterInput {
  @In.id('The character rolling.', { names: 'character' })
  characterId: string;

  @In.string('Which of the project’s skills the roll is made with.', { maxLength: 50, example: 'smithing' })
  skillName: string;

  @In.int(
    'The crafter’s Intellect (dice). Read from its Archsoul sheet (stats.Intellect) when left out; sent, it overrides the sheet and is named in the answer’s modifiers. Required when the crafter has no Archsoul sheet.',
    { optional: true, min: 0, max: MAX_RATING, example: 3 },
  )
  intellect?: number;

  @In.int(
    'The crafter’s relevant skill (dice). Read from its Archsoul sheet (the stat named as skillName, ignoring case) when left out; sent, it overrides the sheet. Required when the crafter has no Archsoul sheet.',
    { optional: true, min: 0, max: MAX_RATING, example: 2 },
  )
  skill?: number;
}

@InputType({ description: 'Materials bought for a project.' })
export class CraftingMaterialsInput {
  @In.number('Copper paid toward ruined materials owed (a multiple of 0.125, at most what is owed).', {
    optional: true,
    min: 0,
    max: MAX_COPPER,
  })
  amount?: number;

  @In.int('Materials for this many more copies.', { optional: true, min: 0, max: MAX_COPIES })
  copies?: number;
}

/** The `craftingProjects` query: a page, with the campaign named. */
@ArgsType()
export class CraftingProjectListArgs extends PageQuery {
  @In.id('The campaign id.')
  campaignId: string;
}

/* ---------------------------------------------------------------- COEAC downtime */

@InputType({ description: 'A COEAC project clock.' })
export class CreateProjectClockInput {
  @In.string('The project.', { maxLength: 100, example: 'Restore the chapel' })
  name: string;

  @In.int('Ticks to fill: 2–4 for a modest project, 4–8 for a serious one.', {
    min: MIN_CLOCK_TICKS,
    max: MAX_CLOCK_TICKS,
    example: 4,
  })
  ticks: number;

  @In.idList('Characters working on it (informational).', {
    optional: true,
    maxItems: 50,
    names: 'character',
  })
  characterIds?: string[];

  @In.oneOf('Who sees it (default public).', CLOCK_VISIBILITIES, ClockVisibilityEnum, { optional: true })
  visibility?: ClockVisibility;
}

@InputType({ description: 'A character spends its downtime action on a project clock.' })
export class ProjectClockTickInput {
  @In.id('The character spending its downtime action.', { names: 'character' })
  characterId: string;
}

@InputType({ description: 'Attune a character to an artifact in its inventory.' })
export class AttunementInput {
  @In.id('The artifact (an inventory item of the character).')
  itemId: string;

  @In.oneOf(
    'ritual: Ob 3 Discipline test; downtime: spends the downtime action, certain.',
    ATTUNEMENT_METHODS,
    AttunementMethodEnum,
  )
  method: AttunementMethod;

  @In.int('The character’s Discipline rating (ritual only).', { optional: true, min: 0, max: MAX_RATING })
  discipline?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Begin an Affix Spell ritual (create an artifact): a downtime action.' })
export class ArtifactRitualInput {
  @In.string('The spell to make permanent.', { maxLength: 100, example: 'Light' })
  spell: string;

  @In.int('The spell’s channeling Ob for this artifact (the cost is 5 Cash and 5 Cybalt per point).', {
    min: MIN_CHANNELING_OB,
    max: MAX_CHANNELING_OB,
    example: 3,
  })
  channelingObjective: number;

  @In.id('The material anchor, if it is already an inventory item.', { optional: true })
  anchorItemId?: string;

  @In.id('The Cybalt material item paying the Cybalt.')
  cybaltItemId: string;
}

@InputType({ description: 'One day’s channeling onto the anchor.' })
export class ChannelingInput {
  @In.int('The sorcerer’s Sorcery Skill rating.', { min: 0, max: MAX_RATING, example: 3 })
  sorcerySkill: number;

  @In.int('Bonus dice (Empower, materials, …).', { optional: true, min: 0, max: MAX_RATING })
  bonusDice?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Integrate an orb into a staff or vestments: a downtime action.' })
export class OrbIntegrationInput {
  @In.id('The orb (an inventory item).')
  orbItemId: string;

  @In.id('The staff or vestments it goes into (an inventory item).')
  intoItemId: string;

  @In.int('The character’s Arcane Lore rating.', { min: 0, max: MAX_RATING, example: 3 })
  arcaneLore: number;

  @In.id('The Cybalt material item paying the Cybalt.')
  cybaltItemId: string;

  @In.seed()
  seed?: string;
}

export type { ProjectStatus };

/** The `projectClocks` query: a page, with the campaign named. */
@ArgsType()
export class ProjectClockListArgs extends PageQuery {
  @In.id('The campaign id.')
  campaignId: string;
}

/** The `artifactRituals` query: a page of one character's rituals. */
@ArgsType()
export class ArtifactRitualListArgs extends PageQuery {
  @In.id('The campaign id.')
  campaignId: string;

  @In.id('The character.', { names: 'character' })
  characterId: string;
}
