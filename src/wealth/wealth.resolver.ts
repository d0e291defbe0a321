import { UseInterceptors } from '@nestjs/common';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { Character } from '../campaigns/campaign.model';
import type { GraphQLContext } from '../common/request-context';
import {
  CashAdjustmentInput,
  CharacterIncomeInput,
  CharacterPageArgs,
  CharacterPurchaseInput,
  CharacterSaleInput,
  WealthImprovementInput,
  WealthSettingsInput,
} from './wealth.inputs';
import {
  CashAdjustmentResult,
  CharacterIncomeResult,
  CharacterPurchaseResult,
  CharacterSaleResult,
  LedgerEntry,
  LedgerPage,
  WealthImprovementResult,
  WealthSettings,
} from './wealth.results';
import { WealthService } from './wealth.service';
import { OptionalInput } from '../graphql/optional-input';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const characterId = () => Args('characterId', { type: () => ID, description: 'The character id.' });

/** GraphQL twins of the campaign wealth routes, and each character's recent ledger as a field. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver(() => Character)
export class WealthResolver {
  constructor(private readonly wealth: WealthService) {}

  @ResolveField(() => [LedgerEntry], { description: 'The newest ledger entries, newest first.' })
  recentLedger(
    @Parent() character: Character,
    @Args('limit', { type: () => Int, defaultValue: 5, description: '1 to 20.' }) limit: number,
  ): Promise<LedgerEntry[]> {
    return this.wealth.recentLedger(character.id, Math.min(Math.max(limit, 1), 20));
  }

  @Roles('referee', 'player')
  @Mutation(() => CharacterPurchaseResult, { description: 'Buy something with wagered Cash.' })
  characterPurchase(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input') input: CharacterPurchaseInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.wealth.purchase(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CharacterSaleResult, { description: 'Sell something for Cash.' })
  characterSale(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input') input: CharacterSaleInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.wealth.sale(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CharacterIncomeResult, { description: 'Roll the session’s income (once per session).' })
  characterIncome(
    @campaignId() _c: string,
    @characterId() id: string,
    @OptionalInput(CharacterIncomeInput) input: CharacterIncomeInput | null,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.wealth.income(who, id, input ?? {}, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => WealthImprovementResult, {
    description: 'Try to raise Wealth one rank (once per session).',
  })
  characterWealthImprovement(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input') input: WealthImprovementInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.wealth.improveWealth(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => CashAdjustmentResult, { description: 'Grant or correct Cash (referee).' })
  characterCashAdjustment(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input') input: CashAdjustmentInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.wealth.adjustCash(who, id, input, ctx.req);
  }

  @Query(() => LedgerPage, { description: 'A character’s cash ledger, oldest first.' })
  ledger(@Args() args: CharacterPageArgs, @CurrentPrincipal() who: Principal) {
    return this.wealth.ledger(who, args.characterId, args);
  }

  @Query(() => WealthSettings, { description: 'The campaign’s wealth settings.' })
  wealthSettings(@campaignId() _c: string, @CurrentPrincipal() who: Principal): Promise<WealthSettings> {
    return this.wealth.settings(who);
  }

  @Roles('referee')
  @Mutation(() => WealthSettings, { description: 'Change the campaign’s wealth settings (referee).' })
  updateWealthSettings(
    @campaignId() _c: string,
    @Args('input') input: WealthSettingsInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<WealthSettings> {
    return this.wealth.updateSettings(who, input, ctx.req);
  }
}
