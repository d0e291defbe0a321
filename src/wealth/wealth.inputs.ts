import { ArgsType, InputType } from '@nestjs/graphql';
import { PageQuery } from '../common/pagination';
import { In } from '../common/schema';
import { PURCHASE_RULES } from '../core/wealth';
import { PurchaseRuleEnum } from './reference/wealth.inputs';

const MAX_CASH = 1_000_000;

@InputType({ description: 'Buy something: the wagered Cash is spent whatever the dice say.' })
export class CharacterPurchaseInput {
  @In.int('The item’s Cost (see GET /v1/wealth/costs).', { min: 0, max: 100, example: 6 })
  cost: number;

  @In.int('Cash dice wagered (at most the character’s Cash).', { min: 0, max: MAX_CASH, example: 4 })
  wager: number;

  @In.bool('The item is scarce here: its Cost rises by 1.', { optional: true })
  scarcity?: boolean;

  @In.string('What is being bought (kept in the ledger).', { optional: true, maxLength: 200 })
  item?: string;

  @In.bool(
    'Put the item, named by `item` (at most 100 characters), into the buyer’s inventory when it is ' +
      'acquired. It must fit before anything is wagered: a full inventory is a 409 INVENTORY_FULL and ' +
      'nothing is spent.',
    { optional: true },
  )
  addToInventory?: boolean;

  @In.int('With addToInventory: the inventory slots the item takes (default 1).', {
    optional: true,
    min: 0,
    max: 100,
  })
  inventorySlots?: number;

  @In.seed()
  seed?: string;
}

@InputType({
  description: 'Sell something: Cost − Wealth dice, 1 Cash a success; nothing when Cost ≤ Wealth.',
})
export class CharacterSaleInput {
  @In.int('The item’s Cost.', { min: 0, max: 100, example: 8 })
  cost: number;

  @In.string('What is being sold (kept in the ledger).', { optional: true, maxLength: 200 })
  item?: string;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'The session’s income roll: Wealth dice, 1 Cash a success; once per session.' })
export class CharacterIncomeInput {
  @In.seed()
  seed?: string;
}

@InputType({ description: 'Try to raise Wealth by one rank: wagered Cash only, Ob = 2 × the new rank.' })
export class WealthImprovementInput {
  @In.int('Cash dice wagered (at most the character’s Cash); spent whatever the dice say.', {
    min: 0,
    max: MAX_CASH,
    example: 12,
  })
  wager: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A referee grant or correction of Cash.' })
export class CashAdjustmentInput {
  @In.int('Cash to add (positive) or take away (negative); never below zero in the end.', {
    min: -MAX_CASH,
    max: MAX_CASH,
    example: 5,
  })
  delta: number;

  @In.string('Why (kept in the ledger).', { maxLength: 200, example: 'Reward for the marsh job' })
  reason: string;
}

@InputType({ description: 'One grade of a lifestyle mapping.' })
export class LifestyleGradeInput {
  @In.int('Grade, 1 (lowest) to 5.', { min: 1, max: 5 })
  grade: number;

  @In.string('The grade’s name.', { maxLength: 50 })
  name: string;

  @In.int('Lowest Wealth of the grade.', { min: 0, max: 12 })
  minWealth: number;

  @In.int('Highest Wealth of the grade.', { min: 0, max: 12 })
  maxWealth: number;

  @In.string('What living at this grade looks like.', { optional: true, maxLength: 500 })
  description?: string;
}

@InputType({ description: 'The campaign’s wealth settings; fields left out keep their value.' })
export class WealthSettingsInput {
  @In.oneOf('Which buying procedure the campaign uses.', PURCHASE_RULES, PurchaseRuleEnum, {
    optional: true,
  })
  purchaseRule?: 'discount' | 'pool';

  @In.nestedList(
    'A replacement lifestyle mapping: five grades covering Wealth 0–12 without gaps. An empty list restores the default.',
    () => LifestyleGradeInput,
    { optional: true, maxItems: 5 },
  )
  lifestyles?: LifestyleGradeInput[];
}

/** GraphQL arguments of a character's paged ledger. */
@ArgsType()
export class CharacterPageArgs extends PageQuery {
  @In.id('The campaign id.')
  campaignId: string;

  @In.id('The character id.', { names: 'character' })
  characterId: string;
}
