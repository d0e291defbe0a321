import { Injectable } from '@nestjs/common';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { Problem } from '../common/problem';
import { Database, MutationCall } from '../database/database.service';
import { WealthService } from '../wealth/wealth.service';
import { CampaignStateService } from './campaign-state.service';
import { TreasuryAdjustmentInput, TreasuryTransferInput } from './treasury.inputs';
import { Treasury, TreasuryAdjustmentResult, TreasuryTransferResult } from './treasury.results';

const TREASURY = 'treasury';

/** The company treasury's routes: its balance, its ledger, transfers and referee adjustments. */
@Injectable()
export class TreasuryService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly state: CampaignStateService,
    private readonly wealth: WealthService,
  ) {}

  async treasury(who: Principal): Promise<Treasury> {
    return { cash: await this.state.treasuryCash(this.db.manager, who.campaignId) };
  }

  /**
   * Moves Cash in one transaction with an entry on each side's ledger. The referee moves Cash
   * anywhere; a player only from its own character into the treasury. Characters are locked before
   * the treasury, and two characters in id order, so concurrent transfers cannot deadlock.
   */
  transfer(
    who: Principal,
    input: TreasuryTransferInput,
    call: MutationCall,
  ): Promise<TreasuryTransferResult> {
    if (input.from === input.to) {
      throw Problem.field('VALIDATION_FAILED', 'to', 'A transfer needs two different accounts.');
    }
    if (who.role !== 'referee') {
      if (input.to !== TREASURY || input.from === TREASURY) {
        throw new Problem('FORBIDDEN', 'A player may only pay from its own character into the treasury.');
      }
      assertMayActFor(who, input.from);
    }
    return this.db.mutation(call, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      for (const [side, id] of [
        ['from', input.from],
        ['to', input.to],
      ] as const) {
        if (id !== TREASURY) await this.characterOrField(m, who.campaignId, id, side);
      }
      const note = input.reason ?? null;
      const counterpart = (id: string) => (id === TREASURY ? null : id);
      const moves = [
        { account: input.from, delta: -input.amount, other: input.to },
        { account: input.to, delta: input.amount, other: input.from },
      ];
      // Characters first (sorted by id), then the treasury: the lock order every domain keeps.
      const characterMoves = moves
        .filter((mv) => mv.account !== TREASURY)
        .sort((a, b) => a.account.localeCompare(b.account));
      const result: TreasuryTransferResult = {
        amount: input.amount,
        from: input.from,
        to: input.to,
        treasury: { cash: 0 },
        treasuryEntries: [],
        characters: [],
        ledgerEntries: [],
      };
      for (const mv of characterMoves) {
        const { character, ledgerEntry } = await this.wealth.changeCash(
          m,
          who,
          campaign,
          mv.account,
          { cashDelta: mv.delta, reason: 'treasury-transfer', note },
          { field: 'amount' },
        );
        result.characters.push(character);
        result.ledgerEntries.push(ledgerEntry);
      }
      const treasuryMove = moves.find((mv) => mv.account === TREASURY);
      if (treasuryMove) {
        const entry = await this.state.changeTreasury(m, who, campaign, {
          delta: treasuryMove.delta,
          reason: 'transfer',
          note,
          characterId: counterpart(treasuryMove.other),
        });
        result.treasuryEntries.push(entry);
        result.treasury.cash = entry.cashAfter;
      } else {
        result.treasury.cash = await this.state.treasuryCash(m, campaign.id);
      }
      return result;
    });
  }

  adjust(
    who: Principal,
    input: TreasuryAdjustmentInput,
    call: MutationCall,
  ): Promise<TreasuryAdjustmentResult> {
    if (input.delta === 0) throw Problem.field('VALIDATION_FAILED', 'delta', 'delta must not be zero.');
    return this.db.mutation(call, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const entry = await this.state.changeTreasury(
        m,
        who,
        campaign,
        { delta: input.delta, reason: 'adjustment', note: input.reason },
        'delta',
      );
      return { treasury: { cash: entry.cashAfter }, ledgerEntry: entry };
    });
  }

  private async characterOrField(
    m: Parameters<CampaignsService['character']>[0],
    campaignId: string,
    id: string,
    field: 'from' | 'to',
  ) {
    try {
      await this.campaigns.character(m, campaignId, id);
    } catch {
      throw Problem.field('VALIDATION_FAILED', field, `No character ${id} in this campaign (or "treasury").`);
    }
  }
}
