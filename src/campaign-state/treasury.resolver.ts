import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { Campaign } from '../campaigns/campaign.model';
import { CampaignPageArgs } from '../campaigns/campaign.dto';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { TreasuryLedgerEntry, TreasuryLedgerPage } from './campaign-state.results';
import { CampaignStateService } from './campaign-state.service';
import { TreasuryAdjustmentInput, TreasuryTransferInput } from './treasury.inputs';
import { Treasury, TreasuryAdjustmentResult, TreasuryTransferResult } from './treasury.results';
import { TreasuryService } from './treasury.service';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });

/** GraphQL twins of the treasury routes, and the treasury as a campaign field. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver(() => Treasury)
export class TreasuryResolver {
  constructor(
    private readonly treasuryService: TreasuryService,
    private readonly state: CampaignStateService,
  ) {}

  @Query(() => Treasury, { description: 'The company treasury’s Cash.' })
  treasury(@campaignId() _c: string, @CurrentPrincipal() who: Principal): Promise<Treasury> {
    return this.treasuryService.treasury(who);
  }

  @ResolveField(() => [TreasuryLedgerEntry], { description: 'The newest treasury entries, newest first.' })
  recentLedger(
    @Parent() _t: Treasury,
    @Args('limit', { type: () => Int, defaultValue: 5, description: '1 to 20.' }) limit: number,
    @CurrentPrincipal() who: Principal,
  ): Promise<TreasuryLedgerEntry[]> {
    return this.state.recentTreasuryLedger(who.campaignId, Math.min(Math.max(limit, 1), 20));
  }

  @Query(() => TreasuryLedgerPage, { description: 'The treasury’s ledger, oldest first.' })
  treasuryLedger(@Args() page: CampaignPageArgs, @CurrentPrincipal() who: Principal) {
    return this.state.treasuryLedger(who, page);
  }

  @Roles('referee', 'player')
  @Mutation(() => TreasuryTransferResult, {
    description: 'Move Cash between the treasury and characters (a player: from its own character in).',
  })
  treasuryTransfer(
    @campaignId() _c: string,
    @Args('input') input: TreasuryTransferInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<TreasuryTransferResult> {
    return this.treasuryService.transfer(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => TreasuryAdjustmentResult, {
    description: 'Grant or correct the treasury’s Cash (referee).',
  })
  treasuryAdjustment(
    @campaignId() _c: string,
    @Args('input') input: TreasuryAdjustmentInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<TreasuryAdjustmentResult> {
    return this.treasuryService.adjust(who, input, ctx.req);
  }
}

/** The treasury as a field of the campaign, so one query reads clock, roster and treasury together. */
@Resolver(() => Campaign)
export class CampaignTreasuryResolver {
  constructor(private readonly treasuryService: TreasuryService) {}

  @ResolveField(() => Treasury, { description: 'The company treasury.' })
  treasury(@Parent() _c: Campaign, @CurrentPrincipal() who: Principal): Promise<Treasury> {
    return this.treasuryService.treasury(who);
  }
}
