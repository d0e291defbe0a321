import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { CraftingService } from './crafting.service';
import {
  CraftingMaterialsInput,
  CraftingProjectListArgs,
  CraftingProjectRollInput,
  CraftingRequirementsInput,
  CraftingRollInput,
  CreateCraftingProjectInput,
} from './crafting.inputs';
import {
  CraftingProject,
  CraftingProjectPage,
  CraftingProjectRollResult,
  CraftingRequirements,
  CraftingRollResult,
} from './crafting.results';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const projectId = () => Args('projectId', { type: () => ID, description: 'The crafting project id.' });

/** GraphQL twins of the crafting routes, each calling the same service method as its REST route. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class CraftingResolver {
  constructor(private readonly crafting: CraftingService) {}

  // Stateless

  @Query(() => CraftingRequirements, {
    description: 'Archsoul crafting requirements: materials (25 % of price) and successes (0.05 per copper).',
  })
  craftingRequirements(@Args('input') input: CraftingRequirementsInput): CraftingRequirements {
    return this.crafting.requirements(input);
  }

  @Mutation(() => CraftingRollResult, {
    description: 'Archsoul crafting roll: Intellect + skill against complexity + circumstances.',
  })
  craftingRoll(@Args('input') input: CraftingRollInput, @Context() ctx: GraphQLContext): CraftingRollResult {
    return this.crafting.roll(input, ctx.req);
  }

  // Campaign

  @Query(() => CraftingProjectPage, { description: 'The campaign’s crafting projects, oldest first.' })
  craftingProjects(@Args() query: CraftingProjectListArgs, @CurrentPrincipal() who: Principal) {
    return this.crafting.listProjects(who, query);
  }

  @Query(() => CraftingProject, { description: 'One crafting project.' })
  craftingProject(@campaignId() _c: string, @projectId() id: string, @CurrentPrincipal() who: Principal) {
    return this.crafting.getProject(who, id);
  }

  @Roles('referee', 'player')
  @Mutation(() => CraftingProject, { description: 'Start a crafting project.' })
  craftingProjectCreate(
    @campaignId() _c: string,
    @Args('input') input: CreateCraftingProjectInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.crafting.createProject(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => CraftingProject, { description: 'Abandon a crafting project (referee).' })
  craftingProjectAbandon(
    @campaignId() _c: string,
    @projectId() id: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.crafting.abandonProject(who, id, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CraftingProjectRollResult, {
    description: 'A character’s crafting roll toward a project (once per character per in-game day).',
  })
  craftingProjectRoll(
    @campaignId() _c: string,
    @projectId() id: string,
    @Args('input') input: CraftingProjectRollInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.crafting.rollForProject(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CraftingProject, { description: 'Record materials bought for a project.' })
  craftingProjectMaterials(
    @campaignId() _c: string,
    @projectId() id: string,
    @Args('input') input: CraftingMaterialsInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.crafting.buyMaterials(who, id, input, ctx.req);
  }
}
