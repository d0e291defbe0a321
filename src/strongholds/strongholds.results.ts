import { NEXT_CURSOR } from '../common/pagination';
import { ObjectType, registerEnumType } from '@nestjs/graphql';
import { TreasuryLedgerEntry } from '../campaign-state/campaign-state.results';
import { Treasury } from '../campaign-state/treasury.results';
import { Provenance, SuccessOdds } from '../checks/check.results';
import { PageOf } from '../common/pagination';
import { Out } from '../common/schema';
import { CashOdds } from '../wealth/reference/wealth.results';
import { CharacterMoney, LedgerEntry, StrongholdDiceCount } from '../wealth/wealth.results';

export const OWNER_TYPES = ['character', 'company'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];
export const StrongholdOwnerTypeEnum = { character: 'character', company: 'company' } as const;
registerEnumType(StrongholdOwnerTypeEnum, {
  name: 'StrongholdOwnerType',
  description: 'character: one character’s stronghold; company: the whole company’s.',
});

/* ---------------------------------------------------------------- stateless */

@ObjectType({ description: 'The outcome of a stronghold improvement roll.' })
export class StrongholdImprovementRollResult extends Provenance {
  @Out.int('The rank sought.')
  targetRank: number;

  @Out.int('Successes needed: 8 + 2 × the target rank.')
  objective: number;

  @Out.int('The lead character’s Wealth (dice in the pool).')
  wealth: number;

  @Out.int('Cash dice wagered in all.')
  wager: number;

  @Out.int('Dice rolled: Wealth + wager.')
  pool: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Faces of 4–6.')
  successes: number;

  @Out.bool('True when the rank is gained.')
  improved: boolean;

  @Out.int('Cash lost: the whole wager, whatever the result.')
  cashSpent: number;

  @Out.nested('Exact odds.', () => SuccessOdds)
  odds: SuccessOdds;
}

@ObjectType({ description: 'One row of the stronghold rank table.' })
export class StrongholdRank {
  @Out.int('The rank reached.')
  rank: number;

  @Out.int('Successes needed to reach it from the rank below (8 + 2 × rank).')
  objective: number;

  @Out.int('Ordinary tags a stronghold of this rank may carry (2 × rank).')
  tagAllowance: number;
}

@ObjectType({ description: 'The stronghold rank table (COEAC), rank 1 first.' })
export class StrongholdRankList {
  @Out.nestedList('Ranks 1 to 12.', () => StrongholdRank)
  items: StrongholdRank[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

@ObjectType({ description: 'A suggested stronghold tag (Arbiter’s own list; any text is a valid tag).' })
export class SuggestedStrongholdTag {
  @Out.string('The tag.')
  name: string;

  @Out.bool('True when it rolls an Income die each session.')
  economic: boolean;

  @Out.string('What it stands for and the tasks it helps.')
  description: string;
}

@ObjectType({ description: 'Suggested stronghold tags.' })
export class SuggestedStrongholdTagList {
  @Out.string('Where the list comes from: ours, since the seed’s sample list is empty.')
  source: string;

  @Out.nestedList('The tags.', () => SuggestedStrongholdTag)
  items: SuggestedStrongholdTag[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

/* ---------------------------------------------------------------- campaign */

@ObjectType({ description: 'Who owns a stronghold.' })
export class StrongholdOwner {
  @Out.oneOf('character or company.', OWNER_TYPES, StrongholdOwnerTypeEnum)
  type: OwnerType;

  @Out.id('The owning character; null for the company.', { nullable: true })
  characterId: string | null;
}

@ObjectType({ description: 'A tag (facility) of a stronghold.' })
export class StrongholdTag {
  @Out.string('The tag as written.')
  name: string;

  @Out.bool('True when it rolls an Income die each session.')
  economic: boolean;

  @Out.bool('True when the referee added it beyond the rank’s allowance.')
  earned: boolean;
}

@ObjectType({ description: 'Ordinary tags a stronghold may carry and how many it has.' })
export class TagAllowance {
  @Out.int('2 × rank.')
  total: number;

  @Out.int('Ordinary (not earned) tags it carries.')
  used: number;
}

@ObjectType({ description: 'A stronghold (COEAC).' })
export class Stronghold {
  @Out.id('The stronghold id.')
  id: string;

  @Out.string('Its name.')
  name: string;

  @Out.string('What it is (house, estate, temple, keep …); null when not said.', { nullable: true })
  kind: string | null;

  @Out.nested('Its owner.', () => StrongholdOwner)
  owner: StrongholdOwner;

  @Out.int('0 (planned, not yet built) to 12.')
  rank: number;

  @Out.nestedList('Its tags, oldest first.', () => StrongholdTag)
  tags: StrongholdTag[];

  @Out.nested('Ordinary tags allowed and used.', () => TagAllowance)
  tagAllowance: TagAllowance;

  @Out.string('When it was founded (ISO-8601, UTC).')
  createdAt: string;

  @Out.string('When it last changed (ISO-8601, UTC).')
  updatedAt: string;
}

export const StrongholdPage = PageOf(Stronghold, 'StrongholdPage');

@ObjectType({ description: 'A stronghold improvement made in a campaign.' })
export class StrongholdImprovementResult extends StrongholdImprovementRollResult {
  @Out.id('The character whose Wealth rolled.')
  leadCharacterId: string;

  @Out.nested('The stronghold after the attempt.', () => Stronghold)
  stronghold: Stronghold;

  @Out.nestedList('Tags added by a successful improvement.', () => StrongholdTag)
  tagsAdded: StrongholdTag[];

  @Out.nestedList('The paying characters after the attempt, in id order.', () => CharacterMoney)
  characters: CharacterMoney[];

  @Out.nestedList('One ledger entry per paying character.', () => LedgerEntry)
  ledgerEntries: LedgerEntry[];

  @Out.nestedList('The treasury’s ledger entry when it paid.', () => TreasuryLedgerEntry)
  treasuryEntries: TreasuryLedgerEntry[];
}

@ObjectType({ description: 'The company strongholds’ income for the session, paid into the treasury.' })
export class CompanyIncomeResult extends Provenance {
  @Out.nestedList('Economic dice of each company stronghold that rolled.', () => StrongholdDiceCount)
  strongholdDice: StrongholdDiceCount[];

  @Out.int('Dice rolled: every economic tag of the company’s strongholds.')
  pool: number;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Faces of 4–6.')
  successes: number;

  @Out.int('Cash gained by the treasury: 1 per success.')
  cashGained: number;

  @Out.nested('Exact odds.', () => CashOdds)
  odds: CashOdds;

  @Out.nested('The treasury after the income.', () => Treasury)
  treasury: Treasury;

  @Out.nested('The treasury’s ledger entry.', () => TreasuryLedgerEntry)
  ledgerEntry: TreasuryLedgerEntry;
}

@ObjectType({ description: 'The company as a whole: its strongholds and its treasury.' })
export class Company {
  @Out.nestedList('The company’s strongholds.', () => Stronghold)
  strongholds: Stronghold[];

  @Out.nested('The company treasury.', () => Treasury)
  treasury: Treasury;
}
