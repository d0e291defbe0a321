import { NEXT_CURSOR } from '../../common/pagination';
import { ObjectType, registerEnumType } from '@nestjs/graphql';
import { Provenance, SuccessOdds } from '../../checks/check.results';
import { Out } from '../../common/schema';
import {
  CATALOG_CATEGORIES,
  COEAC_COST_CATEGORIES,
  LIVING_STANDARDS,
  PURCHASE_RULES,
  SIZES,
  UPKEEP_KINDS,
  WAGER_PROCEDURES,
  type CatalogCategory,
  type CoeacCostCategory,
  type LivingStandard,
  type PurchaseRule,
  type Size,
  type UpkeepKind,
  type WagerProcedure,
  type WeaponClass,
} from '../../core/wealth';
import {
  CatalogCategoryEnum,
  ItemSizeEnum,
  LivingStandardEnum,
  PurchaseRuleEnum,
  UpkeepKindEnum,
} from './wealth.inputs';

/* ---------------------------------------------------------------- COEAC Cash rolls */

@ObjectType({ description: 'Exact Cash odds of a roll that gains 1 Cash per success.' })
export class CashOdds {
  @Out.number('Expected Cash gained (half the pool).')
  expected: number;

  @Out.number('Probability of gaining at least 1 Cash, in [0, 1].')
  atLeastOne: number;
}

@ObjectType({ description: 'The outcome of a COEAC purchase.' })
export class PurchaseRollResult extends Provenance {
  @Out.oneOf('The buying procedure used.', PURCHASE_RULES, PurchaseRuleEnum)
  rule: PurchaseRule;

  @Out.int('The Cost, after scarcity.')
  cost: number;

  @Out.int('Successes needed; null at a flat cost (no roll).', { nullable: true })
  objective: number | null;

  @Out.int('Cash dice wagered, as sent.')
  wager: number;

  @Out.int('Dice rolled: the wager, plus Wealth under the pool rule; 0 at a flat cost.')
  pool: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Faces of 4–6; null when no roll is made.', { nullable: true })
  successes: number | null;

  @Out.bool('True when the item is bought.')
  acquired: boolean;

  @Out.int('Cash lost: the whole wager, or 1 at a flat cost.')
  cashSpent: number;

  @Out.bool('True when Cost − Wealth ≤ 0 under the discount rule: 1 Cash, no roll.')
  flatCost: boolean;

  @Out.nested('Exact odds.', () => SuccessOdds)
  odds: SuccessOdds;
}

@ObjectType({ description: 'The outcome of a COEAC sale.' })
export class SaleRollResult extends Provenance {
  @Out.int('Dice rolled: Cost − Wealth, or 0 when the sale is not worth counting.')
  pool: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Faces of 4–6; null when no roll is made.', { nullable: true })
  successes: number | null;

  @Out.int('Cash gained: 1 per success.')
  cashGained: number;

  @Out.bool('True when Cost ≤ Wealth: the proceeds are pocket change and nothing is rolled.')
  nothingGained: boolean;

  @Out.nested('Exact odds.', () => CashOdds)
  odds: CashOdds;
}

@ObjectType({ description: 'The outcome of a COEAC Income roll.' })
export class IncomeRollResult extends Provenance {
  @Out.int('Dice rolled: Wealth plus economic tags.')
  pool: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Faces of 4–6.')
  successes: number;

  @Out.int('Cash gained: 1 per success.')
  cashGained: number;

  @Out.nested('Exact odds.', () => CashOdds)
  odds: CashOdds;
}

@ObjectType({ description: 'The outcome of a COEAC Wealth improvement roll.' })
export class ImprovementRollResult extends Provenance {
  @Out.int('The Wealth rank sought.')
  targetRank: number;

  @Out.int('Successes needed: 2 × the target rank.')
  objective: number;

  @Out.int('Dice rolled: the wager alone.')
  pool: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Faces of 4–6.')
  successes: number;

  @Out.bool('True when the rank is gained.')
  improved: boolean;

  @Out.int('Cash lost: the whole wager.')
  cashSpent: number;

  @Out.nested('Exact odds.', () => SuccessOdds)
  odds: SuccessOdds;
}

/* ---------------------------------------------------------------- wager odds */

export const WagerProcedureEnum = Object.fromEntries(WAGER_PROCEDURES.map((p) => [p, p])) as Record<
  WagerProcedure,
  WagerProcedure
>;
registerEnumType(WagerProcedureEnum, {
  name: 'WagerProcedure',
  description: 'A roll the player wagers Cash on.',
});

@ObjectType({ description: 'A wager and its exact chance of success.' })
export class WagerChance {
  @Out.int('Cash dice wagered.')
  wager: number;

  @Out.number('Exact probability of success with that wager, in [0, 1].')
  probability: number;
}

@ObjectType({ description: 'What a wagered roll needs, and the wager odds asked for.' })
export class ProcedureWagerOdds {
  @Out.oneOf('The roll asked about.', WAGER_PROCEDURES, WagerProcedureEnum)
  procedure: WagerProcedure;

  @Out.int('Dice in the pool whatever the wager (Wealth under the pool rule and for strongholds).')
  baseDice: number;

  @Out.int('Successes needed; null for a flat-cost purchase.', { nullable: true })
  objective: number | null;

  @Out.bool('True for a discount-rule purchase at Cost − Wealth ≤ 0: 1 Cash, no roll, certain.')
  flatCost: boolean;

  @Out.nested(
    'The smallest wager reaching `probability`; null when `probability` was not asked.',
    () => WagerChance,
    {
      nullable: true,
    },
  )
  smallest: WagerChance | null;

  @Out.nested('The exact chance of the `wager` sent; null when `wager` was not asked.', () => WagerChance, {
    nullable: true,
  })
  forWager: WagerChance | null;
}

/* ---------------------------------------------------------------- reference data */

@ObjectType({ description: 'A COEAC lifestyle grade and the Wealth scores it covers.' })
export class LifestyleGrade {
  @Out.int('1 (lowest) to 5 (highest).')
  grade: number;

  @Out.string('The grade’s name.')
  name: string;

  @Out.int('Lowest Wealth of the grade.')
  minWealth: number;

  @Out.int('Highest Wealth of the grade.')
  maxWealth: number;

  @Out.string('How people of this grade live.')
  description: string;
}

@ObjectType({ description: 'The default lifestyle grades, lowest first.' })
export class LifestyleList {
  @Out.nestedList('The five grades.', () => LifestyleGrade)
  items: LifestyleGrade[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

const COST_CATEGORIES: readonly CoeacCostCategory[] = COEAC_COST_CATEGORIES;
export const CostCategoryEnum = Object.fromEntries(COST_CATEGORIES.map((c) => [c, c])) as Record<
  CoeacCostCategory,
  CoeacCostCategory
>;
registerEnumType(CostCategoryEnum, {
  name: 'CostCategory',
  description: 'Our grouping of the COEAC Cost table’s lines.',
});

@ObjectType({ description: 'A hired person’s dice pool and hit points.' })
export class CostHireling {
  @Out.int('Dice pool.')
  pool: number;

  @Out.int('Hit points.')
  hp: number;
}

@ObjectType({ description: 'One line of the COEAC goods and services Cost table.' })
export class WealthCost {
  @Out.int('The Cost: the purchase Ob before Wealth.')
  cost: number;

  @Out.string('The good or service.')
  item: string;

  @Out.oneOf('What kind of thing it is.', COST_CATEGORIES, CostCategoryEnum)
  category: CoeacCostCategory;

  @Out.stringList('The table’s own examples; empty when it names none.')
  examples: string[];

  @Out.nested('Pool and hit points for hired people; null otherwise.', () => CostHireling, { nullable: true })
  hireling: CostHireling | null;

  @Out.string('A short note; null when there is nothing to add.', { nullable: true })
  note: string | null;
}

@ObjectType({ description: 'Cost-table lines, in table order.' })
export class WealthCostList {
  @Out.nestedList('The matching lines.', () => WealthCost)
  items: WealthCost[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

const WEAPON_CLASSES: readonly WeaponClass[] = ['simple', 'basic', 'warrior'];
export const WeaponClassEnum = Object.fromEntries(WEAPON_CLASSES.map((c) => [c, c])) as Record<
  WeaponClass,
  WeaponClass
>;
registerEnumType(WeaponClassEnum, {
  name: 'WeaponClass',
  description: 'simple: anyone; basic: warriors and the basic-weapons Fighting Art; warrior: warriors only.',
});

@ObjectType({ description: 'How a tool or a piece of ammunition does as a makeshift weapon.' })
export class ImprovisedWeaponStats {
  @Out.string('Damage, e.g. "d6" or "1".')
  damage: string;

  @Out.int('Penalty to attack rolls.')
  attackPenalty: number;

  @Out.int('Bulk in hundredths while kept as a weapon; null when the seed does not say.', { nullable: true })
  bulkHundredths: number | null;
}

@ObjectType({ description: 'A riding or pack animal’s movement and load.' })
export class CatalogAnimal {
  @Out.int('Movement while carrying its load.')
  movement: number;

  @Out.int('Bulk carried when packed properly (whole units).')
  carryBulk: number;

  @Out.oneOf('Which upkeep rate it pays (our reading).', ['riding-animal', 'animal'], UpkeepKindEnum)
  upkeepKind: UpkeepKind;
}

@ObjectType({ description: 'Extra price and bulk for every ten pages.' })
export class PerTenPages {
  @Out.int('Centisilver per ten pages.')
  cost: number;

  @Out.int('Bulk in hundredths per ten pages.')
  bulkHundredths: number;
}

/**
 * One row of any G&M catalog table. Weapon and armor columns are null on rows of other tables, so
 * REST and GraphQL share one flat item type.
 */
@ObjectType({
  description: 'One row of the G&M price/bulk catalog (money in centisilver, bulk in hundredths).',
})
export class CatalogItem {
  @Out.string('The item’s name.')
  name: string;

  @Out.oneOf('The table it comes from.', CATALOG_CATEGORIES, CatalogCategoryEnum)
  category: CatalogCategory;

  @Out.int('Price in centisilver (hundredths of a silver coin).')
  cost: number;

  @Out.int('Bulk in hundredths; null where the seed gives none.', { nullable: true })
  bulkHundredths: number | null;

  @Out.string('What one price buys when it is not one item ("night", "yard" …); null for one item.', {
    nullable: true,
  })
  per: string | null;

  @Out.bool('True when cost and bulk are where prices start.')
  atLeast: boolean;

  @Out.string('A short note; null when there is nothing to add.', { nullable: true })
  notes: string | null;

  @Out.nested(
    'Makeshift-weapon stats of tools and ammunition; null otherwise.',
    () => ImprovisedWeaponStats,
    {
      nullable: true,
    },
  )
  improvisedWeapon: ImprovisedWeaponStats | null;

  @Out.nested('Movement and load of animals; null otherwise.', () => CatalogAnimal, { nullable: true })
  animal: CatalogAnimal | null;

  @Out.nested('Price and bulk per ten pages of books and journals; null otherwise.', () => PerTenPages, {
    nullable: true,
  })
  perTenPages: PerTenPages | null;

  @Out.oneOf('Weapons: who may learn it; null for other rows.', WEAPON_CLASSES, WeaponClassEnum, {
    nullable: true,
  })
  weaponClass: WeaponClass | null;

  @Out.string('Weapons: damage of a medium weapon; null for other rows.', { nullable: true })
  damage: string | null;

  @Out.int('Weapons: actions to throw or fire it; null when blank or not a weapon.', { nullable: true })
  fireActions: number | null;

  @Out.int('Weapons: range in yards; null when blank or not a weapon.', { nullable: true })
  range: number | null;

  @Out.int('Weapons: hands needed; null when blank or not a weapon.', { nullable: true })
  hands: number | null;

  @Out.int('Weapons: yards of room needed either side; null when blank or not a weapon.', { nullable: true })
  space: number | null;

  @Out.int('Armor: defense bonus; null for other rows.', { nullable: true })
  defense: number | null;

  @Out.int('Armor: bulk multiplier when carried rather than worn; null for other rows.', { nullable: true })
  carriedBulkMultiplier: number | null;

  @Out.int('Armor: lowest warrior level that can use it; null if warriors cannot or not armor.', {
    nullable: true,
  })
  warriorLevel: number | null;

  @Out.int('Armor: lowest thief, prophet or monk level that can use it; null if they cannot or not armor.', {
    nullable: true,
  })
  thiefProphetMonkLevel: number | null;
}

@ObjectType({ description: 'Catalog rows, in the seed’s order.' })
export class CatalogItemList {
  @Out.nestedList('The matching rows.', () => CatalogItem)
  items: CatalogItem[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

/* ---------------------------------------------------------------- G&M calculators */

@ObjectType({ description: 'An item scaled to another size.' })
export class ScaledItem {
  @Out.string('The catalog name or the label sent; null when none.', { nullable: true })
  name: string | null;

  @Out.oneOf('The size the stats were for.', SIZES, ItemSizeEnum)
  baseSize: Size;

  @Out.oneOf('The size of creature it is made for.', SIZES, ItemSizeEnum)
  madeFor: Size;

  @Out.oneOf('The size of creature using it.', SIZES, ItemSizeEnum)
  usedBy: Size;

  @Out.oneOf('The size of the culture selling it.', SIZES, ItemSizeEnum)
  culture: Size;

  @Out.int('Centisilver: doubled per size between madeFor and culture.')
  cost: number;

  @Out.int('Hundredths: doubled per size madeFor is above usedBy, halved per size below.', { nullable: true })
  bulkHundredths: number | null;

  @Out.string('One step along the damage track per size between baseSize and madeFor.', { nullable: true })
  damage: string | null;

  @Out.int('Yards, doubled or halved per size between baseSize and madeFor, at least 1.', { nullable: true })
  range: number | null;

  @Out.int('Attack penalty: one per size between madeFor and usedBy.')
  attackPenalty: number;
}

export const UPKEEP_PERIODS = ['year', 'month'] as const;
export const UpkeepPeriodEnum = { year: 'year', month: 'month' } as const;
registerEnumType(UpkeepPeriodEnum, { name: 'UpkeepPeriod' });

@ObjectType({ description: 'An upkeep rate.' })
export class UpkeepRate {
  @Out.int('Percent of the price per period.')
  percent: number;

  @Out.oneOf('The period the rate is for.', UPKEEP_PERIODS, UpkeepPeriodEnum)
  period: 'year' | 'month';

  @Out.int('Days in that period (30 or 360).')
  periodDays: number;
}

@ObjectType({ description: 'G&M upkeep over a span of days.' })
export class UpkeepCost {
  @Out.oneOf('What is kept up.', UPKEEP_KINDS, UpkeepKindEnum)
  kind: UpkeepKind;

  @Out.int('Its price in centisilver.')
  cost: number;

  @Out.int('Days of upkeep.')
  days: number;

  @Out.nested('The rate applied.', () => UpkeepRate)
  rate: UpkeepRate;

  @Out.int('Centisilver for one whole period, rounded up.')
  perPeriod: number;

  @Out.int('Centisilver for the span, rounded up once.')
  upkeep: number;
}

@ObjectType({ description: 'A living-expenses rate: `amount` centisilver per `periodDays` days.' })
export class LivingRate {
  @Out.int('Centisilver per period.')
  amount: number;

  @Out.int('Days in the period (7 for poor living, else 1).')
  periodDays: number;
}

@ObjectType({ description: 'G&M living expenses over a span of days.' })
export class LivingExpenses {
  @Out.oneOf('The standard of living.', LIVING_STANDARDS, LivingStandardEnum)
  lifestyle: LivingStandard;

  @Out.int('Days lived.')
  days: number;

  @Out.nested('The rate applied.', () => LivingRate)
  rate: LivingRate;

  @Out.int('Centisilver for the span, rounded up once.')
  total: number;
}

@ObjectType({ description: 'A new G&M character’s purse, in centisilver.' })
export class StartingMoney {
  @Out.int('The archetypal attribute score.')
  archetypalAttribute: number;

  @Out.int('Deprecated: the old name of `archetypalAttribute`.', {
    deprecated: 'Renamed `archetypalAttribute` (docs/api-style.md); answered too until /v2.',
  })
  archetypalAbility: number;

  @Out.int('Mojo traded at creation.')
  mojoTraded: number;

  @Out.int('Centisilver from the attribute score (one silver per point).')
  startingSilver: number;

  @Out.int('Centisilver from the mojo traded (30 silver each).')
  silverFromMojo: number;

  @Out.int('Centisilver in all.')
  total: number;
}
