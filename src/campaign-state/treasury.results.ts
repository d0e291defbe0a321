import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { CharacterMoney, LedgerEntry } from '../wealth/wealth.results';
import { TreasuryLedgerEntry } from './campaign-state.results';

@ObjectType({ description: 'The company treasury: Cash the whole company holds.' })
export class Treasury {
  @Out.int('Cash, in dice.')
  cash: number;
}

@ObjectType({ description: 'A transfer of Cash, with the entry it wrote on each side.' })
export class TreasuryTransferResult {
  @Out.int('Cash moved.')
  amount: number;

  @Out.string('"treasury" or the paying character’s id.')
  from: string;

  @Out.string('"treasury" or the receiving character’s id.')
  to: string;

  @Out.nested('The treasury after the transfer.', () => Treasury)
  treasury: Treasury;

  @Out.nestedList(
    'The treasury’s ledger entry (none for a transfer between two characters).',
    () => TreasuryLedgerEntry,
  )
  treasuryEntries: TreasuryLedgerEntry[];

  @Out.nestedList('The characters on either side, after the transfer.', () => CharacterMoney)
  characters: CharacterMoney[];

  @Out.nestedList('The characters’ ledger entries.', () => LedgerEntry)
  ledgerEntries: LedgerEntry[];
}

@ObjectType({ description: 'A referee’s change of the treasury.' })
export class TreasuryAdjustmentResult {
  @Out.nested('The treasury after the change.', () => Treasury)
  treasury: Treasury;

  @Out.nested('Its ledger entry.', () => TreasuryLedgerEntry)
  ledgerEntry: TreasuryLedgerEntry;
}
