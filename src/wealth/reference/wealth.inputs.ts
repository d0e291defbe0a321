import { PageQuery } from '../../common/pagination';
import { ArgsType, InputType, registerEnumType } from '@nestjs/graphql';
import { Transform, Type } from 'class-transformer';
import { In } from '../../common/schema';
import { intRename, renamedFrom } from '../../common/renamed-fields';
import {
  CATALOG_CATEGORIES,
  EXTRAVAGANT_PER_DAY,
  LIVING_STANDARDS,
  MAX_ABILITY_SCORE,
  MAX_SPAN_DAYS,
  MAX_WEALTH,
  PURCHASE_RULES,
  SIZES,
  UPKEEP_KINDS,
  type CatalogCategory,
  type LivingStandard,
  type PurchaseRule,
  type Size,
  type UpkeepKind,
} from '../../core/wealth';

/**
 * Wager and tag counts may be sent up to this; the configured dice limit is what really bounds them,
 * and it answers 422 DICE_LIMIT_EXCEEDED naming the field, as every other roll does.
 */
const BIG = 1_000_000;

/**
 * COEAC Costs: the table stops at 42 and the core only asks for a whole number; 1,000 keeps a sale
 * (Cost − Wealth dice) within the default dice limit and refuses nonsense early.
 */
const MAX_COST = 1000;

/**
 * G&M money and bulk sent to the calculators, in centisilver or hundredths. GraphQL `Int` is 32-bit,
 * so every answer must stay below 2^31: 10,000,000 (100,000 silver) doubled seven times (fine to
 * titanic) or kept up 1,200 months as a riding animal still fits.
 */
const MAX_MONEY = 10_000_000;

/** Mojo traded at creation; 1,000 (30,000 silver) keeps the answer a 32-bit integer. */
const MAX_MOJO = 1000;

/** GraphQL enum names cannot hold dashes: they use underscores and map to the same ids. */
function dashedEnum<T extends string>(ids: readonly T[]): Record<string, T> {
  return Object.fromEntries(ids.map((id) => [id.replace(/-/g, '_'), id])) as Record<string, T>;
}

export const PurchaseRuleEnum = dashedEnum(PURCHASE_RULES);
registerEnumType(PurchaseRuleEnum, {
  name: 'PurchaseRule',
  description:
    'discount: Ob = Cost − Wealth and only the wager rolls (flat 1 Cash when that is 0 or less); ' +
    'pool: Wealth dice plus the wager against Ob = Cost.',
});

export const ItemSizeEnum = dashedEnum(SIZES);
registerEnumType(ItemSizeEnum, { name: 'ItemSize', description: 'G&M creature and gear sizes.' });

export const UpkeepKindEnum = dashedEnum(UPKEEP_KINDS);
registerEnumType(UpkeepKindEnum, {
  name: 'UpkeepKind',
  description: 'What is kept up: a weapon, armor, a riding animal or another animal.',
});

export const LivingStandardEnum = dashedEnum(LIVING_STANDARDS);
registerEnumType(LivingStandardEnum, {
  name: 'LivingStandard',
  description: 'G&M standards of living (not the COEAC lifestyle grades).',
});

export const CatalogCategoryEnum = dashedEnum(CATALOG_CATEGORIES);
registerEnumType(CatalogCategoryEnum, {
  name: 'CatalogCategory',
  description: 'The tables of the G&M catalog.',
});

/**
 * Query strings carry text. `?wager=` arrives as "", which `@Type(() => Number)` would read as 0:
 * a blank parameter is treated as absent instead (so an optional one is ignored and a required one
 * is refused by its own validator). Runs after the type conversion, so it looks at the raw value.
 */
const blankAsAbsent = ({ value, key, obj }: { value: unknown; key: string; obj: Record<string, unknown> }) =>
  obj[key] === '' ? undefined : value;

/** "true"/"false" become booleans; a blank is absent; anything else is left for the validator. */
const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' ? false : value === '' ? undefined : value;

/* ---------------------------------------------------------------- COEAC Cash rolls */

@InputType({ description: 'A COEAC purchase: wager Cash dice to buy something of a given Cost.' })
export class PurchaseRollInput {
  @In.int('The Cost from the Cost table.', { min: 0, max: MAX_COST, example: 6 })
  cost: number;

  @In.int('The buyer’s Wealth.', { min: 0, max: MAX_WEALTH, example: 4 })
  wealth: number;

  @In.int('Cash dice wagered; lost whatever the result (ignored at a flat cost).', {
    min: 0,
    max: BIG,
    example: 4,
  })
  wager: number;

  @In.oneOf('Which buying procedure (default discount).', PURCHASE_RULES, PurchaseRuleEnum, {
    optional: true,
  })
  rule?: PurchaseRule;

  @In.bool('The referee rules the item scarce: its Cost goes up by 1.', { optional: true })
  scarcity?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A COEAC sale: roll Cost − Wealth dice, 1 Cash per success.' })
export class SaleRollInput {
  @In.int('The Cost of what is sold.', { min: 0, max: MAX_COST, example: 8 })
  cost: number;

  @In.int('The seller’s Wealth.', { min: 0, max: MAX_WEALTH, example: 4 })
  wealth: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'COEAC Income: Wealth dice plus one per economic tag, 1 Cash per success.' })
export class IncomeRollInput {
  @In.int('The character’s Wealth.', { min: 0, max: MAX_WEALTH, example: 5 })
  wealth: number;

  @In.int('Economic tags on the character’s strongholds (one die each).', {
    optional: true,
    min: 0,
    max: BIG,
  })
  economicTags?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'COEAC Wealth improvement: wagered Cash alone against Ob = 2 × the target rank.' })
export class ImprovementRollInput {
  @In.int('The Wealth rank sought (one above the current Wealth).', { min: 1, max: MAX_WEALTH, example: 6 })
  targetRank: number;

  @In.int('Cash dice wagered: the whole pool; lost whatever the result.', { min: 0, max: BIG, example: 28 })
  wager: number;

  @In.seed()
  seed?: string;
}

/* ---------------------------------------------------------------- reference lookups */

/** GET /v1/wealth/costs and the `wealthCosts` query. */
@ArgsType()
export class WealthCostsQuery extends PageQuery {
  @In.string('Text looked for in the line, its examples, its category and its note.', {
    optional: true,
    minLength: 0,
    maxLength: 100,
    example: 'horse',
  })
  search?: string;

  @In.int('Only lines of exactly this Cost.', { optional: true, min: 0, max: MAX_COST })
  @Type(() => Number)
  @Transform(blankAsAbsent)
  cost?: number;
}

/** GET /v1/wealth/catalog and the `catalog` query. */
@ArgsType()
export class CatalogQuery extends PageQuery {
  @In.string('Text looked for in the name and the notes.', {
    optional: true,
    minLength: 0,
    maxLength: 100,
    example: 'sword',
  })
  search?: string;

  @In.oneOf('Only this table.', CATALOG_CATEGORIES, CatalogCategoryEnum, { optional: true })
  @Transform(blankAsAbsent)
  category?: CatalogCategory;
}

/* ---------------------------------------------------------------- G&M calculators */

@InputType({ description: 'Stats of an item that is not in the catalog.' })
export class ItemStatsInput {
  @In.string('A label for the item, echoed in the answer.', { optional: true, maxLength: 100 })
  name?: string;

  @In.int('Price in centisilver, in a culture of the item’s own size.', {
    min: 0,
    max: MAX_MONEY,
    example: 2000,
  })
  cost: number;

  @In.int('Bulk in hundredths, for a creature of the item’s own size.', {
    optional: true,
    min: 0,
    max: MAX_MONEY,
  })
  bulkHundredths?: number;

  @In.string('Weapon damage: "d8", "2d6", "1" (1–100 dice of 2–100 sides, or 1–1000 flat).', {
    optional: true,
    maxLength: 10,
    // The core's own reading of damage, written out so that a bad value is a 400 on this field.
    pattern: /^(([1-9]\d?|100)?[dD]([2-9]|[1-9]\d|100)|[1-9]\d{0,2}|1000)$/,
    example: 'd8',
  })
  damage?: string;

  @In.int('Throwing or firing range in yards.', { optional: true, min: 1, max: MAX_MONEY })
  range?: number;
}

@InputType({
  description: 'G&M size scaling: an item made for one size, used by another, bought in a third.',
})
export class ScaleItemInput {
  @In.string('A catalog item by name (case-insensitive). Send this or `stats`.', {
    optional: true,
    maxLength: 100,
    example: 'Long sword',
  })
  item?: string;

  @In.nested(
    'Stats of your own, for an item not in the catalog. Send this or `item`.',
    () => ItemStatsInput,
    {
      optional: true,
    },
  )
  stats?: ItemStatsInput;

  @In.oneOf('The size the stats are for (default medium: the whole catalog is).', SIZES, ItemSizeEnum, {
    optional: true,
  })
  baseSize?: Size;

  @In.oneOf('The size of creature the item is made for.', SIZES, ItemSizeEnum)
  madeFor: Size;

  @In.oneOf('The size of creature carrying or using it (default madeFor).', SIZES, ItemSizeEnum, {
    optional: true,
  })
  usedBy?: Size;

  @In.oneOf('The size of the culture selling it (default baseSize).', SIZES, ItemSizeEnum, { optional: true })
  culture?: Size;
}

@InputType({ description: 'G&M upkeep of a weapon, armor or animal over a span of days.' })
export class UpkeepCostInput {
  @In.oneOf('What is kept up.', UPKEEP_KINDS, UpkeepKindEnum)
  kind: UpkeepKind;

  @In.int('Its price in centisilver.', { min: 0, max: MAX_MONEY, example: 20000 })
  cost: number;

  @In.int('Days of upkeep (30-day months, 360-day years).', { min: 0, max: MAX_SPAN_DAYS, example: 30 })
  days: number;
}

@InputType({ description: 'G&M living expenses over a span of days.' })
export class LivingExpensesInput {
  @In.oneOf('The standard of living.', LIVING_STANDARDS, LivingStandardEnum)
  lifestyle: LivingStandard;

  @In.int('Days lived.', { min: 0, max: MAX_SPAN_DAYS, example: 7 })
  days: number;

  @In.int('Centisilver a day, for extravagant living only (default 1,000).', {
    optional: true,
    min: EXTRAVAGANT_PER_DAY.min,
    max: EXTRAVAGANT_PER_DAY.max,
  })
  extravagantPerDay?: number;
}

@InputType({ description: 'G&M starting money of a new character.' })
export class StartingMoneyInput {
  @In.int('Required: the archetypal attribute score.', {
    optional: true,
    min: 1,
    max: MAX_ABILITY_SCORE,
    example: 18,
  })
  @renamedFrom('archetypalAbility', {
    required: true,
    description: 'The archetypal score.',
    ...intRename(1, MAX_ABILITY_SCORE),
  })
  archetypalAttribute: number;

  @In.int('Mojo traded for silver at creation (30 silver each).', { optional: true, min: 0, max: MAX_MOJO })
  mojoTraded?: number;
}

/* ---------------------------------------------------------------- wager odds */

@ArgsType()
export abstract class WagerQuestion {
  @In.number('Answer the smallest wager whose chance reaches this (above 0, at most 1).', {
    optional: true,
    min: 0.000001,
    max: 1,
  })
  @Type(() => Number)
  @Transform(blankAsAbsent)
  probability?: number;

  @In.int('Answer the exact chance of success with this many Cash dice wagered.', {
    optional: true,
    min: 0,
    max: BIG,
  })
  @Type(() => Number)
  @Transform(blankAsAbsent)
  wager?: number;
}

/** GET /v1/odds/purchase-wager and the `purchaseWagerOdds` query. */
@ArgsType()
export class PurchaseWagerQuery extends WagerQuestion {
  @In.int('The Cost from the Cost table.', { min: 0, max: MAX_COST, example: 6 })
  @Type(() => Number)
  @Transform(blankAsAbsent)
  cost: number;

  @In.int('The buyer’s Wealth.', { min: 0, max: MAX_WEALTH, example: 4 })
  @Type(() => Number)
  @Transform(blankAsAbsent)
  wealth: number;

  @In.oneOf('Which buying procedure (default discount).', PURCHASE_RULES, PurchaseRuleEnum, {
    optional: true,
  })
  @Transform(blankAsAbsent)
  rule?: PurchaseRule;

  @In.bool('The item is scarce: Cost + 1.', { optional: true })
  @Transform(toBoolean)
  scarcity?: boolean;
}

/** GET /v1/odds/improvement-wager and the `improvementWagerOdds` query. */
@ArgsType()
export class ImprovementWagerQuery extends WagerQuestion {
  @In.int('The Wealth rank sought.', { min: 1, max: MAX_WEALTH, example: 6 })
  @Type(() => Number)
  @Transform(blankAsAbsent)
  targetRank: number;
}

/** GET /v1/odds/stronghold-wager and the `strongholdWagerOdds` query. */
@ArgsType()
export class StrongholdWagerQuery extends WagerQuestion {
  @In.int('The stronghold rank sought (1 builds it).', { min: 1, max: MAX_WEALTH, example: 1 })
  @Type(() => Number)
  @Transform(blankAsAbsent)
  targetRank: number;

  @In.int('The owner’s Wealth: dice in the pool before the wager.', { min: 0, max: MAX_WEALTH, example: 5 })
  @Type(() => Number)
  @Transform(blankAsAbsent)
  wealth: number;
}
