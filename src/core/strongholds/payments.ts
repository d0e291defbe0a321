import { RuleError } from '../errors';
import { requireObject, wholeNumber } from '../wealth/validation';

/** The account name of the company treasury among a stronghold improvement's payers. */
export const TREASURY_ACCOUNT = 'treasury';

export interface StrongholdPaymentsInput {
  /** The character whose Wealth rolls: it pays `wager`. */
  leadCharacterId: string;
  /** Cash from the lead character. */
  wager?: number;
  /** Cash from the company treasury. */
  fromTreasury?: number;
  /** Cash from other characters, one entry each. */
  contributions?: ReadonlyArray<{ characterId: string; cash: number }>;
}

export interface StrongholdDebit {
  /** A character id, or `treasury`. */
  account: string;
  cash: number;
  /** The input field a shortfall of this payer is blamed on. */
  field: string;
}

export interface StrongholdPayments {
  /** Every Cash die wagered: the pool's Cash part. */
  total: number;
  /** One debit per payer that pays anything: characters in id order, then the treasury. */
  debits: StrongholdDebit[];
}

/**
 * COEAC, Town Statistics: Spending Cash (seed 003), as SPEC 5.2 extends it to strongholds: the Cash
 * wagered on an improvement may come from the lead character, the company treasury and contributing
 * characters, each paying from its own account. Returns who pays what, in the order accounts must be
 * locked (characters by id, then the treasury), so that the debits always add up to the wager.
 */
export function strongholdPayments(input: StrongholdPaymentsInput): StrongholdPayments {
  requireObject(input);
  const lead = input.leadCharacterId;
  const wager = input.wager === undefined ? 0 : wholeNumber(input.wager, 'wager', 0);
  const fromTreasury =
    input.fromTreasury === undefined ? 0 : wholeNumber(input.fromTreasury, 'fromTreasury', 0);
  const characters: StrongholdDebit[] = [];
  if (wager > 0) characters.push({ account: lead, cash: wager, field: 'wager' });
  const seen = new Set<string>([lead]);
  (input.contributions ?? []).forEach((contribution, i) => {
    const field = `contributions[${i}]`;
    requireObject(contribution, field);
    const id = contribution.characterId;
    if (typeof id !== 'string' || id.length === 0) {
      throw new RuleError('INVALID_INPUT', 'A contribution names a character.', `${field}.characterId`);
    }
    if (seen.has(id)) {
      throw new RuleError(
        'INVALID_INPUT',
        id === lead
          ? 'The lead character pays through `wager`, not as a contribution.'
          : `Character ${id} contributes twice; send one contribution per character.`,
        `${field}.characterId`,
      );
    }
    seen.add(id);
    const cash = wholeNumber(contribution.cash, `${field}.cash`, 0);
    if (cash > 0) characters.push({ account: id, cash, field: `${field}.cash` });
  });
  characters.sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  const debits =
    fromTreasury > 0
      ? [...characters, { account: TREASURY_ACCOUNT, cash: fromTreasury, field: 'fromTreasury' }]
      : characters;
  return { total: debits.reduce((sum, d) => sum + d.cash, 0), debits };
}
