import { ObjectType } from '@nestjs/graphql';
import { PageOf } from '../common/pagination';
import { InventoryItem } from '../inventory/inventory.results';
import { Out } from '../common/schema';
import { PURCHASE_RULES } from '../core/wealth';
import { PurchaseRuleEnum } from './reference/wealth.inputs';
import {
  ImprovementRollResult,
  IncomeRollResult,
  LifestyleGrade,
  PurchaseRollResult,
  SaleRollResult,
} from './reference/wealth.results';

@ObjectType({ description: 'A character’s money after the operation.' })
export class CharacterMoney {
  @Out.id('The character id.')
  id: string;

  @Out.int('Cash, in dice.')
  cash: number;

  @Out.int('Wealth rating, 0–12.')
  wealth: number;

  @Out.string('The lifestyle grade that Wealth gives.')
  lifestyle: string;
}

@ObjectType({ description: 'One change of a character’s Cash or Wealth.' })
export class LedgerEntry {
  @Out.id('The entry id.')
  id: string;

  @Out.id('The character.')
  characterId: string;

  @Out.int('Change of Cash.')
  cashDelta: number;

  @Out.int('Change of Wealth.')
  wealthDelta: number;

  @Out.int('Cash after the change.')
  cashAfter: number;

  @Out.int('Wealth after the change.')
  wealthAfter: number;

  @Out.string('opening, purchase, sale, income, wealth-improvement or adjustment.')
  reason: string;

  @Out.string('The item, or the referee’s reason.', { nullable: true })
  note: string | null;

  @Out.id('The roll behind the change, if any.', { nullable: true })
  rollId: string | null;

  @Out.id('The game session in progress at the time, if any.', { nullable: true })
  sessionId: string | null;

  @Out.id('The key that made the change.')
  keyId: string;

  @Out.string('When (ISO-8601, UTC).')
  createdAt: string;
}

export const LedgerPage = PageOf(LedgerEntry, 'LedgerPage');

@ObjectType({ description: 'A purchase made by a character.' })
export class CharacterPurchaseResult extends PurchaseRollResult {
  @Out.nested('The character’s new Cash and Wealth.', () => CharacterMoney)
  character: CharacterMoney;

  @Out.nested('The ledger entry written.', () => LedgerEntry)
  ledgerEntry: LedgerEntry;

  @Out.id(
    'A COEAC hireling bought by its Cost line (item "Porter", "Mercenary", …): the NPC made for it, bound to the buyer (characters domain).',
    { optional: true },
  )
  hirelingNpcId?: string;

  @Out.nested(
    'The item put into the buyer’s inventory (with addToInventory, when it was acquired); else null.',
    () => InventoryItem,
    { nullable: true },
  )
  inventoryItem: InventoryItem | null;
}

@ObjectType({ description: 'A sale made by a character.' })
export class CharacterSaleResult extends SaleRollResult {
  @Out.nested('The character’s new Cash and Wealth.', () => CharacterMoney)
  character: CharacterMoney;

  @Out.nested('The ledger entry written.', () => LedgerEntry)
  ledgerEntry: LedgerEntry;
}

@ObjectType({ description: 'Economic dice of one stronghold.' })
export class StrongholdDiceCount {
  @Out.id('The stronghold.')
  strongholdId: string;

  @Out.int('Its economic tags: one die each.')
  dice: number;
}

@ObjectType({ description: 'A character’s income for the session.' })
export class CharacterIncomeResult extends IncomeRollResult {
  @Out.int('Dice of the pool from Wealth.')
  wealthDice: number;

  @Out.nestedList(
    'Dice of the pool from the economic tags of each of the character’s strongholds.',
    () => StrongholdDiceCount,
  )
  strongholdDice: StrongholdDiceCount[];

  @Out.nested('The character’s new Cash and Wealth.', () => CharacterMoney)
  character: CharacterMoney;

  @Out.nested('The ledger entry written.', () => LedgerEntry)
  ledgerEntry: LedgerEntry;
}

@ObjectType({ description: 'A character’s attempt to raise Wealth.' })
export class WealthImprovementResult extends ImprovementRollResult {
  @Out.nested('The character’s new Cash and Wealth.', () => CharacterMoney)
  character: CharacterMoney;

  @Out.nested('The ledger entry written.', () => LedgerEntry)
  ledgerEntry: LedgerEntry;
}

@ObjectType({ description: 'A referee adjustment of Cash.' })
export class CashAdjustmentResult {
  @Out.nested('The character’s new Cash and Wealth.', () => CharacterMoney)
  character: CharacterMoney;

  @Out.nested('The ledger entry written.', () => LedgerEntry)
  ledgerEntry: LedgerEntry;
}

@ObjectType({ description: 'The campaign’s wealth settings.' })
export class WealthSettings {
  @Out.oneOf('Which buying procedure the campaign uses.', PURCHASE_RULES, PurchaseRuleEnum)
  purchaseRule: string;

  @Out.nestedList('The lifestyle mapping in force.', () => LifestyleGrade)
  lifestyles: LifestyleGrade[];

  @Out.bool('True when the mapping is the default one.')
  defaultLifestyles: boolean;
}
