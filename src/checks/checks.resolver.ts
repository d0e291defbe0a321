import { UseInterceptors } from '@nestjs/common';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import {
  AbilityCheckInput,
  ContestCheckInput,
  DamageRollInput,
  DifficultyPoolCheckInput,
  PoolCheckInput,
  PoolOddsQuery,
  SaveCheckInput,
  TableRollInput,
  VersusCheckInput,
  WagerOddsQuery,
} from './check.inputs';
import {
  AbilityCheckResult,
  ContestCheckResult,
  DamageRollResult,
  DifficultyPoolCheckResult,
  PoolCheckResult,
  PoolOdds,
  SaveCheckResult,
  TableRollResult,
  VersusCheckResult,
  WagerOdds,
} from './check.results';
import { CheckKind, ChecksService } from './checks.service';

const inCampaign = () =>
  Args('campaignId', {
    type: () => ID,
    nullable: true,
    description: 'Make the check in this campaign (needs its key): it is logged and answered with a rollId.',
  });

/**
 * GraphQL twins of the check routes. Each mutation is stateless without `campaignId` and logged in
 * the campaign with it, exactly like the two REST forms.
 */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
@Roles('referee', 'player')
export class ChecksResolver {
  constructor(private readonly checks: ChecksService) {}

  /**
   * The principal is taken only when this field names a campaign: another mutation of the same
   * document may have named one, and its principal must not make this check a logged one.
   */
  private run<K extends CheckKind>(
    kind: K,
    input: { seed?: string },
    campaignId: string | null,
    ctx: GraphQLContext,
  ) {
    const principal: Principal | undefined = campaignId ? ctx.req.principal : undefined;
    return this.checks.resolve(kind, input, ctx.req, principal);
  }

  @Mutation(() => PoolCheckResult, { description: 'COEAC pool test.' })
  poolCheck(
    @Args('input') input: PoolCheckInput,
    @inCampaign() campaignId: string | null,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('pool', input, campaignId, ctx);
  }

  @Mutation(() => VersusCheckResult, { description: 'COEAC versus test.' })
  versusCheck(
    @Args('input') input: VersusCheckInput,
    @inCampaign() campaignId: string | null,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('versus', input, campaignId, ctx);
  }

  @Mutation(() => DamageRollResult, { description: 'COEAC variable damage.' })
  damageRoll(
    @Args('input') input: DamageRollInput,
    @inCampaign() campaignId: string | null,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('damage', input, campaignId, ctx);
  }

  @Mutation(() => DifficultyPoolCheckResult, { description: 'Archsoul pool against a difficulty rating.' })
  difficultyPoolCheck(
    @Args('input') input: DifficultyPoolCheckInput,
    @inCampaign() campaignId: string | null,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('difficultyPool', input, campaignId, ctx);
  }

  @Mutation(() => SaveCheckResult, { description: 'Cairn roll-under save.' })
  saveCheck(
    @Args('input') input: SaveCheckInput,
    @inCampaign() campaignId: string | null,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('save', input, campaignId, ctx);
  }

  @Mutation(() => AbilityCheckResult, { description: 'G&M ability or reaction roll.' })
  abilityCheck(
    @Args('input') input: AbilityCheckInput,
    @inCampaign() campaignId: string | null,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('ability', input, campaignId, ctx);
  }

  @Mutation(() => ContestCheckResult, { description: 'G&M contested action.' })
  contestCheck(
    @Args('input') input: ContestCheckInput,
    @inCampaign() campaignId: string | null,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('contest', input, campaignId, ctx);
  }

  @Mutation(() => TableRollResult, { description: 'Table roll (dN, MdN, d66, d100, X-in-N).' })
  tableRoll(
    @Args('input') input: TableRollInput,
    @inCampaign() campaignId: string | null,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('table', input, campaignId, ctx);
  }

  @Query(() => PoolOdds, {
    description: 'Exact chance of at least `objective` successes on `dice` COEAC dice.',
  })
  poolOdds(@Args() query: PoolOddsQuery): PoolOdds {
    return this.checks.poolOdds(query);
  }

  @Query(() => WagerOdds, { description: 'Smallest wager whose chance reaches `probability`.' })
  wagerOdds(@Args() query: WagerOddsQuery): WagerOdds {
    return this.checks.wagerOdds(query);
  }
}
