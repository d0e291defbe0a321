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
@Resolver()
@Roles('referee', 'player')
export class ChecksResolver {
  constructor(private readonly checks: ChecksService) {}

  private run<K extends CheckKind>(kind: K, input: { seed?: string }, ctx: GraphQLContext) {
    const principal: Principal | undefined = ctx.req.principal;
    return this.checks.resolve(kind, input, ctx.req, principal);
  }

  @Mutation(() => PoolCheckResult, { description: 'COEAC pool test.' })
  poolCheck(@Args('input') input: PoolCheckInput, @inCampaign() _c: string, @Context() ctx: GraphQLContext) {
    return this.run('pool', input, ctx);
  }

  @Mutation(() => VersusCheckResult, { description: 'COEAC versus test.' })
  versusCheck(
    @Args('input') input: VersusCheckInput,
    @inCampaign() _c: string,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('versus', input, ctx);
  }

  @Mutation(() => DamageRollResult, { description: 'COEAC variable damage.' })
  damageRoll(
    @Args('input') input: DamageRollInput,
    @inCampaign() _c: string,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('damage', input, ctx);
  }

  @Mutation(() => DifficultyPoolCheckResult, { description: 'Archsoul pool against a difficulty rating.' })
  difficultyPoolCheck(
    @Args('input') input: DifficultyPoolCheckInput,
    @inCampaign() _c: string,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('difficultyPool', input, ctx);
  }

  @Mutation(() => SaveCheckResult, { description: 'Cairn roll-under save.' })
  saveCheck(@Args('input') input: SaveCheckInput, @inCampaign() _c: string, @Context() ctx: GraphQLContext) {
    return this.run('save', input, ctx);
  }

  @Mutation(() => AbilityCheckResult, { description: 'G&M ability or reaction roll.' })
  abilityCheck(
    @Args('input') input: AbilityCheckInput,
    @inCampaign() _c: string,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('ability', input, ctx);
  }

  @Mutation(() => ContestCheckResult, { description: 'G&M contested action.' })
  contestCheck(
    @Args('input') input: ContestCheckInput,
    @inCampaign() _c: string,
    @Context() ctx: GraphQLContext,
  ) {
    return this.run('contest', input, ctx);
  }

  @Mutation(() => TableRollResult, { description: 'Table roll (dN, MdN, d66, d100, X-in-N).' })
  tableRoll(@Args('input') input: TableRollInput, @inCampaign() _c: string, @Context() ctx: GraphQLContext) {
    return this.run('table', input, ctx);
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
