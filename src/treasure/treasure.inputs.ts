import { ArgsType, InputType, registerEnumType } from '@nestjs/graphql';
import { In } from '../common/schema';
import { PageQuery } from '../common/pagination';
import {
  CACHE_DIFFICULTIES,
  DIVISION_MODES,
  HARVEST_GRADES,
  LOOT_RULES,
  MAX_HARVEST_OFFSET,
  SPELL_CARRIERS,
  type CacheDifficulty,
  type DivisionMode,
  type HarvestGrade,
  type LootRule,
  type SpellCarrier,
} from '../core/treasure';

export const CacheDifficultyEnum = Object.fromEntries(CACHE_DIFFICULTIES.map((d) => [d, d]));
registerEnumType(CacheDifficultyEnum, {
  name: 'CacheDifficulty',
  description:
    'COEAC cache difficulty: minor 8–12, moderate 16–24, major 35–45, severe 70–90, legendary 140–180 Cash.',
});
export const HarvestGradeEnum = Object.fromEntries(HARVEST_GRADES.map((d) => [d, d]));
registerEnumType(HarvestGradeEnum, {
  name: 'HarvestGrade',
  description: 'A monster’s grade for harvesting: the Monster Menu roll is d6 + 0, 3, 6 or 9.',
});
export const SpellCarrierEnum = Object.fromEntries(SPELL_CARRIERS.map((d) => [d, d]));
registerEnumType(SpellCarrierEnum, {
  name: 'SpellCarrier',
  description: 'spellbook: kept, 1 Fatigue a casting; scroll: gone after one reading, no Fatigue.',
});
export const LootRuleEnum = Object.fromEntries(LOOT_RULES.map((d) => [d, d]));
registerEnumType(LootRuleEnum, {
  name: 'LootRule',
  description:
    'divided: the group’s loot experience split evenly in whole points; each: every member gets it all.',
});
export const DivisionModeEnum = Object.fromEntries(DIVISION_MODES.map((d) => [d, d]));
registerEnumType(DivisionModeEnum, {
  name: 'DivisionMode',
  description: 'even: equal shares; shares: weighted shares (1, 0.5, …); explicit: the players’ own split.',
});

/* ---------------------------------------------------------------- stateless */

@InputType({ description: 'Roll the Cash of a COEAC cache.' })
export class CacheRollInput {
  @In.oneOf('The cache’s difficulty.', CACHE_DIFFICULTIES, CacheDifficultyEnum)
  difficulty: CacheDifficulty;

  @In.bool('Take the table’s nominal value instead of rolling (default false).', { optional: true })
  nominal?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Place a site’s hordes: half the average players, rounded at random.' })
export class SiteHordesInput {
  @In.oneOf('The site’s difficulty (each horde is a cache of it).', CACHE_DIFFICULTIES, CacheDifficultyEnum)
  difficulty: CacheDifficulty;

  @In.number('The average number of players, above 0 and at most 100, to the hundredth (e.g. 4.5).', {
    min: 0.01,
    max: 100,
  })
  averagePlayers: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Roll the random artifact subtable (d10).' })
export class ArtifactRollInput {
  @In.seed()
  seed?: string;
}

@InputType({ description: 'Harvest a monster: three rolls on the Monster Menu.' })
export class HarvestInput {
  @In.oneOf('The monster’s grade (sets the offset).', HARVEST_GRADES, HarvestGradeEnum)
  grade: HarvestGrade;

  @In.int('Replaces the grade’s offset (the referee’s override).', {
    optional: true,
    min: 0,
    max: MAX_HARVEST_OFFSET,
  })
  offset?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A found spellbook or scroll: a random spell of Cairn’s d100 table.' })
export class SpellbookInput {
  @In.oneOf('What was found (default spellbook).', SPELL_CARRIERS, SpellCarrierEnum, { optional: true })
  kind?: SpellCarrier;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'G&M experience for loot given away or lost without hope of gain.' })
export class LootExperienceInput {
  @In.int('The loot in centisilver (hundredths of a silver coin), as the G&M catalog counts it.', {
    min: 0,
    max: 2_000_000_000,
    example: 15000,
  })
  silver: number;

  @In.int('Members of the group.', { min: 1, max: 100, example: 4 })
  members: number;

  @In.oneOf('How the group shares it (default divided).', LOOT_RULES, LootRuleEnum, { optional: true })
  rule?: LootRule;

  @In.intList('Each member’s experience before the award, in member order (as many as members).', {
    optional: true,
    min: 0,
    max: 1_000_000_000,
    maxItems: 100,
  })
  currentExperience?: number[];
}

@ArgsType()
export class SpellSearchQuery extends PageQuery {
  @In.string('Only spells whose name contains this (any case).', { optional: true, maxLength: 60 })
  search?: string;
}

/* ---------------------------------------------------------------- hordes in a campaign */

export const HORDE_ITEM_KINDS = ['treasure', 'commodity', 'artifact'] as const;
export type HordeItemKind = (typeof HORDE_ITEM_KINDS)[number];
export const HordeItemKindEnum = Object.fromEntries(HORDE_ITEM_KINDS.map((d) => [d, d]));
registerEnumType(HordeItemKindEnum, {
  name: 'HordeItemKind',
  description:
    'treasure: one item rated in Cash, 1 slot; commodity: ceil(Cash / 3) slots; artifact: priceless, 1 slot.',
});

@InputType({ description: 'An item of a horde.' })
export class HordeItemInput {
  @In.string('What it is ("Silks", "gemstone statuette").', { maxLength: 100 })
  name: string;

  @In.oneOf('treasure, commodity or artifact.', HORDE_ITEM_KINDS, HordeItemKindEnum)
  kind: HordeItemKind;

  @In.int('Its value in Cash (none for an artifact).', { optional: true, min: 0, max: 1_000_000 })
  cash?: number;

  @In.int('Slots it takes (default: 1, or ceil(cash / 3) for a commodity).', {
    optional: true,
    min: 0,
    max: 100,
  })
  slots?: number;
}

@InputType({ description: 'A horde the referee places (secret until discovered).' })
export class CreateHordeInput {
  @In.string('Where it lies.', { maxLength: 200, example: 'Ruined keep, crypt' })
  site: string;

  @In.oneOf('Its difficulty (needed with generate).', CACHE_DIFFICULTIES, CacheDifficultyEnum, {
    optional: true,
  })
  difficulty?: CacheDifficulty;

  @In.int('Its Cash, set by hand (not with generate).', { optional: true, min: 0, max: 1_000_000 })
  cash?: number;

  @In.bool('Roll its Cash as a cache of the difficulty (a secret roll).', { optional: true })
  generate?: boolean;

  @In.nestedList('Items and commodities in it.', () => HordeItemInput, { optional: true, maxItems: 100 })
  items?: HordeItemInput[];

  @In.bool('Placed in plain sight: discovered at once (default false).', { optional: true })
  discovered?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Place a site’s hordes by the rule: half the average players, each a cache.' })
export class PlaceSiteHordesInput {
  @In.string('The site.', { maxLength: 200 })
  site: string;

  @In.oneOf('The site’s difficulty.', CACHE_DIFFICULTIES, CacheDifficultyEnum)
  difficulty: CacheDifficulty;

  @In.number('Average players (default: the roster’s size, else the campaign’s characters).', {
    optional: true,
    min: 0.01,
    max: 100,
  })
  averagePlayers?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A weighted share.' })
export class DivisionShareInput {
  @In.id('The character.', { names: 'character' })
  characterId: string;

  @In.number('The weight: 1 a full share, 0.5 a half share (to the hundredth).', { min: 0.01, max: 100 })
  share: number;
}

@InputType({ description: 'An agreed amount.' })
export class DivisionAllocationInput {
  @In.id('The character.', { names: 'character' })
  characterId: string;

  @In.int('Cash it takes.', { min: 0, max: 1_000_000 })
  cash: number;
}

@InputType({ description: 'Where one item of the horde goes.' })
export class DivisionItemInput {
  @In.id('The horde item.')
  itemId: string;

  @In.id('The character who carries it.', { names: 'character' })
  characterId: string;
}

@InputType({ description: 'Divide a discovered horde.' })
export class DivideHordeInput {
  @In.oneOf('even (default), shares or explicit.', DIVISION_MODES, DivisionModeEnum, { optional: true })
  mode?: DivisionMode;

  @In.idList('Characters present (default: the session roster).', {
    optional: true,
    maxItems: 100,
    names: 'character',
  })
  characterIds?: string[];

  @In.nestedList('Weights of shares (mode shares); unlisted characters weigh 1.', () => DivisionShareInput, {
    optional: true,
    maxItems: 100,
  })
  shares?: DivisionShareInput[];

  @In.idList('Absent regulars’ characters: a share each, kept in the company treasury for them.', {
    optional: true,
    maxItems: 100,
    names: 'character',
  })
  setAside?: string[];

  @In.nestedList(
    'The players’ own split (mode explicit); must add up to the horde.',
    () => DivisionAllocationInput,
    {
      optional: true,
      maxItems: 100,
    },
  )
  allocations?: DivisionAllocationInput[];

  @In.nestedList('Who carries each item (every item of the horde, once).', () => DivisionItemInput, {
    optional: true,
    maxItems: 100,
  })
  items?: DivisionItemInput[];

  @In.seed()
  seed?: string;
}

@ArgsType()
export class HordeListArgs extends PageQuery {
  @In.id('The campaign id.')
  campaignId: string;
}

/* ---------------------------------------------------------------- campaign settings and loot */

@InputType({ description: 'Treasure settings of the campaign.' })
export class TreasureSettingsInput {
  @In.oneOf('How the group shares loot experience (SPEC: divided by default).', LOOT_RULES, LootRuleEnum)
  lootExperienceRule: LootRule;
}

@InputType({ description: 'G&M loot experience for the group, by the campaign’s rule.' })
export class CampaignLootExperienceInput {
  @In.int('The loot in centisilver (hundredths of a silver coin).', { min: 0, max: 2_000_000_000 })
  silver: number;

  @In.int('Members of the group (default: the roster’s size, else the campaign’s characters).', {
    optional: true,
    min: 1,
    max: 100,
  })
  members?: number;

  @In.intList('Each member’s experience before the award, in member order (as many as members).', {
    optional: true,
    min: 0,
    max: 1_000_000_000,
    maxItems: 100,
  })
  currentExperience?: number[];
}
