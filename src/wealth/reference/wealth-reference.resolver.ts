import { PageQuery, pageInMemory } from '../../common/pagination';
import { UseInterceptors } from '@nestjs/common';
import { IdempotencyInterceptor } from '../../idempotency/idempotency.interceptor';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../../common/request-context';
import { WealthReferenceService } from './wealth-reference.service';
import { WealthRollsService } from './wealth-rolls.service';
import {
  CatalogQuery,
  ImprovementRollInput,
  ImprovementWagerQuery,
  IncomeRollInput,
  LivingExpensesInput,
  PurchaseRollInput,
  PurchaseWagerQuery,
  SaleRollInput,
  ScaleItemInput,
  StartingMoneyInput,
  StrongholdWagerQuery,
  UpkeepCostInput,
  WealthCostsQuery,
} from './wealth.inputs';
import {
  CatalogItemList,
  ImprovementRollResult,
  IncomeRollResult,
  LifestyleList,
  LivingExpenses,
  ProcedureWagerOdds,
  PurchaseRollResult,
  SaleRollResult,
  ScaledItem,
  StartingMoney,
  UpkeepCost,
  WealthCostList,
} from './wealth.results';

/**
 * GraphQL twins of the stateless wealth routes, each calling the same service method as its REST
 * route. Rolls are mutations (they draw dice); lookups, calculators and odds are queries, since they
 * read and compute without drawing anything, even where REST takes their input as a POST body.
 */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class WealthReferenceResolver {
  constructor(
    private readonly rolls: WealthRollsService,
    private readonly reference: WealthReferenceService,
  ) {}

  @Mutation(() => PurchaseRollResult, { description: 'COEAC purchase: wager Cash to buy something.' })
  purchaseRoll(@Args('input') input: PurchaseRollInput, @Context() ctx: GraphQLContext) {
    return this.rolls.roll('purchase', input, ctx.req);
  }

  @Mutation(() => SaleRollResult, { description: 'COEAC sale: Cost − Wealth dice, 1 Cash per success.' })
  saleRoll(@Args('input') input: SaleRollInput, @Context() ctx: GraphQLContext) {
    return this.rolls.roll('sale', input, ctx.req);
  }

  @Mutation(() => IncomeRollResult, { description: 'COEAC Income: Wealth dice plus economic tags.' })
  incomeRoll(@Args('input') input: IncomeRollInput, @Context() ctx: GraphQLContext) {
    return this.rolls.roll('income', input, ctx.req);
  }

  @Mutation(() => ImprovementRollResult, { description: 'COEAC Wealth improvement roll.' })
  improvementRoll(@Args('input') input: ImprovementRollInput, @Context() ctx: GraphQLContext) {
    return this.rolls.roll('improvement', input, ctx.req);
  }

  @Query(() => LifestyleList, { description: 'The default COEAC lifestyle grades.' })
  lifestyles(@Args() page: PageQuery): LifestyleList {
    return pageInMemory(this.reference.lifestyles(), page);
  }

  @Query(() => WealthCostList, { description: 'Search the COEAC goods and services Cost table.' })
  wealthCosts(@Args() query: WealthCostsQuery): WealthCostList {
    return pageInMemory(this.reference.costs(query), query);
  }

  @Query(() => CatalogItemList, { description: 'Search the G&M price/bulk catalog.' })
  catalog(@Args() query: CatalogQuery): CatalogItemList {
    return pageInMemory(this.reference.catalog(query), query);
  }

  @Query(() => ScaledItem, { description: 'G&M size scaling of an item.' })
  scaleItem(@Args('input') input: ScaleItemInput): ScaledItem {
    return this.reference.scaleItem(input);
  }

  @Query(() => UpkeepCost, { description: 'G&M upkeep over a span of days.' })
  upkeepCost(@Args('input') input: UpkeepCostInput): UpkeepCost {
    return this.reference.upkeepCost(input);
  }

  @Query(() => LivingExpenses, { description: 'G&M living expenses over a span of days.' })
  livingExpenses(@Args('input') input: LivingExpensesInput): LivingExpenses {
    return this.reference.livingExpenses(input);
  }

  @Query(() => StartingMoney, { description: 'G&M starting silver plus silver from mojo traded.' })
  startingMoney(@Args('input') input: StartingMoneyInput): StartingMoney {
    return this.reference.startingMoney(input);
  }

  @Query(() => ProcedureWagerOdds, { description: 'Wager odds of a COEAC purchase.' })
  purchaseWagerOdds(@Args() query: PurchaseWagerQuery): ProcedureWagerOdds {
    return this.rolls.purchaseWagerOdds(query);
  }

  @Query(() => ProcedureWagerOdds, { description: 'Wager odds of improving Wealth.' })
  improvementWagerOdds(@Args() query: ImprovementWagerQuery): ProcedureWagerOdds {
    return this.rolls.improvementWagerOdds(query);
  }

  @Query(() => ProcedureWagerOdds, { description: 'Wager odds of improving (or building) a stronghold.' })
  strongholdWagerOdds(@Args() query: StrongholdWagerQuery): ProcedureWagerOdds {
    return this.rolls.strongholdWagerOdds(query);
  }
}
