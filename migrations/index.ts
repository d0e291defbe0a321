import { Foundation1763700000000 } from './1763700000000-Foundation';
import { Wealth1763800000000 } from './1763800000000-Wealth';
import { CampaignState1763900000000 } from './1763900000000-CampaignState';
import { Strongholds1764000000000 } from './1764000000000-Strongholds';
import { Treasure1764100000000 } from './1764100000000-Treasure';
import { Crafting1764300000000 } from './1764300000000-Crafting';
import { Receipts1764400000000 } from './1764400000000-Receipts';
import { Encounters1764500000000 } from './1764500000000-Encounters';
import { RollLogScale1764620000000 } from './1764620000000-RollLogScale';
import { TableGaps1764630000000 } from './1764630000000-TableGaps';
import { Characters1764650000000 } from './1764650000000-Characters';
import { RecurringCastNpc1764660000000 } from './1764660000000-RecurringCastNpc';
import { CoeacMagic1764720000000 } from './1764720000000-CoeacMagic';
import { CairnMagic1764725000000 } from './1764725000000-CairnMagic';
import { HazardsClock1764730000000 } from './1764730000000-HazardsClock';
import { Advancement1764740000000 } from './1764740000000-Advancement';
import { CharactersCampaign1764750000000 } from './1764750000000-CharactersCampaign';
import { CampaignCombats1764760000000 } from './1764760000000-CampaignCombats';
import { MagicSettings1764770000000 } from './1764770000000-MagicSettings';
import { BrokenItems1764800000000 } from './1764800000000-BrokenItems';
import { MassConflicts1764850000000 } from './1764850000000-MassConflicts';
import { ConditionLedgerIdIndex1764900000000 } from './1764900000000-ConditionLedgerIdIndex';
import { StoredReceipts1765000000000 } from './1765000000000-StoredReceipts';
import { ListIndexes1765010000000 } from './1765010000000-ListIndexes';
import { FoundryCairnItems1765020000000 } from './1765020000000-FoundryCairnItems';
import { NameIndexes1765030000000 } from './1765030000000-NameIndexes';
import { DowntimeClockDay1765031430000 } from './1765031430000-DowntimeClockDay';
import { SealedAnswerBytes1765041100000 } from './1765041100000-SealedAnswerBytes';

/**
 * Every migration, oldest first (TypeORM runs pending ones by timestamp). Listed by class so that
 * compiled and test builds find them alike.
 */
export const MIGRATIONS = [
  Foundation1763700000000,
  Wealth1763800000000,
  CampaignState1763900000000,
  Strongholds1764000000000,
  Treasure1764100000000,
  Crafting1764300000000,
  Receipts1764400000000,
  Encounters1764500000000,
  RollLogScale1764620000000,
  TableGaps1764630000000,
  Characters1764650000000,
  RecurringCastNpc1764660000000,
  CoeacMagic1764720000000,
  CairnMagic1764725000000,
  HazardsClock1764730000000,
  Advancement1764740000000,
  CharactersCampaign1764750000000,
  CampaignCombats1764760000000,
  MagicSettings1764770000000,
  BrokenItems1764800000000,
  MassConflicts1764850000000,
  ConditionLedgerIdIndex1764900000000,
  StoredReceipts1765000000000,
  ListIndexes1765010000000,
  FoundryCairnItems1765020000000,
  NameIndexes1765030000000,
  DowntimeClockDay1765031430000,
  SealedAnswerBytes1765041100000,
];
