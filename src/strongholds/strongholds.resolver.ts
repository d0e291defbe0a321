import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { Campaign, Character } from '../campaigns/campaign.model';
import { StrongholdBonus } from '../checks/check.results';
import { PageQuery, pageInMemory } from '../common/pagination';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  AddStrongholdTagInput,
  BonusDiceArgs,
  CompanyIncomeInput,
  CreateStrongholdInput,
  StrongholdImprovementInput,
  StrongholdImprovementRollInput,
  StrongholdListArgs,
  UpdateStrongholdInput,
} from './strongholds.inputs';
import {
  Company,
  CompanyIncomeResult,
  Stronghold,
  StrongholdImprovementResult,
  StrongholdImprovementRollResult,
  StrongholdPage,
  StrongholdRankList,
  SuggestedStrongholdTagList,
} from './strongholds.results';
import { StrongholdsService } from './strongholds.service';
import { OptionalInput } from '../graphql/optional-input';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const strongholdId = () => Args('strongholdId', { type: () => ID, description: 'The stronghold id.' });

/** GraphQL twins of the stronghold routes, each calling the same service method as its REST route. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class StrongholdsResolver {
  constructor(private readonly service: StrongholdsService) {}

  // Stateless

  @Mutation(() => StrongholdImprovementRollResult, {
    description: 'COEAC stronghold improvement roll: Wealth + wagered Cash against Ob = 8 + 2 × target rank.',
  })
  strongholdImprovementRoll(
    @Args('input') input: StrongholdImprovementRollInput,
    @Context() ctx: GraphQLContext,
  ): StrongholdImprovementRollResult {
    return this.service.improvementRoll(input, ctx.req);
  }

  @Query(() => StrongholdRankList, { description: 'The stronghold rank table.' })
  strongholdRanks(@Args() page: PageQuery): StrongholdRankList {
    return pageInMemory(this.service.ranks(), page);
  }

  @Query(() => SuggestedStrongholdTagList, { description: 'Our suggested stronghold tags.' })
  strongholdTags(@Args() page: PageQuery): SuggestedStrongholdTagList {
    return pageInMemory(this.service.suggestedTags(), page);
  }

  // Campaign

  @Query(() => StrongholdPage, { description: 'The campaign’s strongholds, oldest first.' })
  strongholds(@Args() query: StrongholdListArgs, @CurrentPrincipal() who: Principal) {
    return this.service.list(who, query);
  }

  @Query(() => Stronghold, { description: 'One stronghold.' })
  stronghold(@campaignId() _c: string, @strongholdId() id: string, @CurrentPrincipal() who: Principal) {
    return this.service.get(who, id);
  }

  @Query(() => StrongholdBonus, {
    description: 'Bonus dice a task gets from the character’s and the company’s strongholds.',
  })
  strongholdBonusDice(@Args() query: BonusDiceArgs, @CurrentPrincipal() who: Principal) {
    return this.service.bonusDice(who, query);
  }

  @Roles('referee', 'player')
  @Mutation(() => Stronghold, { description: 'Found a stronghold at rank 0 (no owner: the company’s).' })
  strongholdCreate(
    @campaignId() _c: string,
    @Args('input') input: CreateStrongholdInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.create(who, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => Stronghold, { description: 'Rename a stronghold or change its kind.' })
  strongholdUpdate(
    @campaignId() _c: string,
    @strongholdId() id: string,
    @Args('input') input: UpdateStrongholdInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.update(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => Stronghold, { description: 'Remove a stronghold (referee).' })
  strongholdRemove(
    @campaignId() _c: string,
    @strongholdId() id: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.remove(who, id, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => StrongholdImprovementResult, {
    description: 'Try to raise a stronghold one rank (once per session per stronghold).',
  })
  strongholdImprove(
    @campaignId() _c: string,
    @strongholdId() id: string,
    @OptionalInput(StrongholdImprovementInput)
    input: StrongholdImprovementInput | null,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.improve(who, id, input ?? {}, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => Stronghold, { description: 'Add a tag to a stronghold.' })
  strongholdTagAdd(
    @campaignId() _c: string,
    @strongholdId() id: string,
    @Args('input') input: AddStrongholdTagInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.addTag(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => Stronghold, { description: 'Remove a tag from a stronghold.' })
  strongholdTagRemove(
    @campaignId() _c: string,
    @strongholdId() id: string,
    @Args('name', { description: 'The tag (any case).' }) name: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.removeTag(who, id, name, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => CompanyIncomeResult, {
    description: 'Roll the company strongholds’ economic tags into the treasury (once per session).',
  })
  companyIncome(
    @campaignId() _c: string,
    @OptionalInput(CompanyIncomeInput) input: CompanyIncomeInput | null,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.service.companyIncome(who, input ?? {}, ctx.req);
  }
}

/** Each character's strongholds as a field. */
@Resolver(() => Character)
export class CharacterStrongholdsResolver {
  constructor(private readonly service: StrongholdsService) {}

  @ResolveField(() => [Stronghold], { description: 'The character’s strongholds, oldest first.' })
  strongholds(@Parent() character: Character, @CurrentPrincipal() who: Principal): Promise<Stronghold[]> {
    return this.service.ofCharacter(who.campaignId, character.id);
  }
}

/** The campaign's strongholds, and the company (its strongholds and treasury), as fields. */
@Resolver(() => Campaign)
export class CampaignStrongholdsResolver {
  constructor(private readonly service: StrongholdsService) {}

  @ResolveField(() => StrongholdPage, { description: 'Every stronghold of the campaign, oldest first.' })
  strongholds(@Parent() _c: Campaign, @Args() page: PageQuery, @CurrentPrincipal() who: Principal) {
    return this.service.list(who, page);
  }

  @ResolveField(() => Company, { description: 'The company as a whole: its strongholds and its treasury.' })
  company(@Parent() _c: Campaign, @CurrentPrincipal() who: Principal): Promise<Company> {
    return this.service.company(who.campaignId);
  }
}
