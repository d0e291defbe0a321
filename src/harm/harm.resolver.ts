import { UseInterceptors } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PageQuery, pageInMemory } from '../common/pagination';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  ArchsoulConditionInput,
  CairnDamageInput,
  CairnDeprivationInput,
  CairnRestInput,
  CoeacDamageInput,
  CoeacEatingInput,
  CoeacRestInput,
  DownAndOutInput,
  GmDamageInput,
  GmDeathRollInput,
  GmHealingInput,
  GmHeroicEffortInput,
  GmNpcSurvivalInput,
} from './harm.inputs';
import {
  ArchsoulConditionResult,
  ArchsoulStatusList,
  CairnDamageResult,
  CairnDeprivationResult,
  CairnRestResult,
  CairnScarList,
  CoeacArmorList,
  CoeacDamageResult,
  CoeacEatingResult,
  CoeacRestResult,
  DownAndOutResult,
  DownAndOutTable,
  GmDamageResult,
  GmDeathRollResult,
  GmHealingResult,
  GmHeroicEffortResult,
  GmNpcSurvivalResult,
} from './harm.results';
import { HarmService } from './harm.service';
import { OptionalInput } from '../graphql/optional-input';

/**
 * GraphQL twins of the harm routes, each calling the same service method. Procedures that roll
 * dice are mutations; those that only compute, and the reference tables, are queries.
 */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class HarmResolver {
  constructor(private readonly harm: HarmService) {}

  @Mutation(() => CairnDamageResult, {
    description: 'Cairn damage: Armor, HP, scars, STR and the critical-damage save.',
  })
  cairnDamage(@Args('input') input: CairnDamageInput, @Context() ctx: GraphQLContext) {
    return this.harm.roll('cairnDamage', input, ctx.req);
  }

  @Query(() => CairnRestResult, { description: 'Cairn short rest, night or week.' })
  cairnRest(@Args('input') input: CairnRestInput) {
    return this.harm.cairnRest(input);
  }

  @Query(() => CairnDeprivationResult, { description: 'Cairn deprivation: Fatigue by the day.' })
  cairnDeprivation(@Args('input') input: CairnDeprivationInput) {
    return this.harm.cairnDeprivation(input);
  }

  @Query(() => CairnScarList, { description: 'The Cairn scars table.' })
  cairnScars(@Args() page: PageQuery) {
    return pageInMemory(this.harm.cairnScars(), page);
  }

  @Query(() => CoeacDamageResult, { description: 'COEAC damage: Block, bonus HP, HP, Down and Out.' })
  coeacDamage(@Args('input') input: CoeacDamageInput) {
    return this.harm.coeacDamage(input);
  }

  @Mutation(() => DownAndOutResult, { description: 'COEAC Down and Out check.' })
  downAndOut(@OptionalInput(DownAndOutInput) input: DownAndOutInput | null, @Context() ctx: GraphQLContext) {
    return this.harm.roll('downAndOut', input ?? {}, ctx.req);
  }

  @Query(() => DownAndOutTable, { description: 'The COEAC Down and Out table and its odds.' })
  downAndOutTable() {
    return this.harm.downAndOutTable();
  }

  @Query(() => CoeacRestResult, { description: 'COEAC short or long rest.' })
  coeacRest(@Args('input') input: CoeacRestInput) {
    return this.harm.coeacRest(input);
  }

  @Mutation(() => CoeacEatingResult, { description: 'COEAC Monster Menu eating effects.' })
  coeacEating(@Args('input') input: CoeacEatingInput, @Context() ctx: GraphQLContext) {
    return this.harm.roll('coeacEating', input, ctx.req);
  }

  @Query(() => CoeacArmorList, { description: 'COEAC armour kinds.' })
  coeacArmor(@Args() page: PageQuery) {
    return pageInMemory(this.harm.coeacArmor(), page);
  }

  @Mutation(() => ArchsoulConditionResult, {
    description: 'Archsoul HP thresholds, coup de grâce, rounds unconscious.',
  })
  archsoulCondition(@Args('input') input: ArchsoulConditionInput, @Context() ctx: GraphQLContext) {
    return this.harm.roll('archsoulCondition', input, ctx.req);
  }

  @Query(() => ArchsoulStatusList, { description: 'The five Archsoul statuses.' })
  archsoulStatuses(@Args() page: PageQuery) {
    return pageInMemory(this.harm.archsoulStatuses(), page);
  }

  @Mutation(() => GmDamageResult, { description: 'G&M damage.' })
  gmDamage(@Args('input') input: GmDamageInput, @Context() ctx: GraphQLContext) {
    return this.harm.roll('gmDamage', input, ctx.req);
  }

  @Mutation(() => GmDeathRollResult, { description: 'G&M death roll.' })
  gmDeathRoll(@Args('input') input: GmDeathRollInput, @Context() ctx: GraphQLContext) {
    return this.harm.roll('gmDeathRoll', input, ctx.req);
  }

  @Mutation(() => GmHeroicEffortResult, { description: 'G&M heroic last effort.' })
  gmHeroicLastEffort(@Args('input') input: GmHeroicEffortInput, @Context() ctx: GraphQLContext) {
    return this.harm.roll('gmHeroicLastEffort', input, ctx.req);
  }

  @Mutation(() => GmHealingResult, { description: 'G&M healing.' })
  gmHealing(@Args('input') input: GmHealingInput, @Context() ctx: GraphQLContext) {
    return this.harm.roll('gmHealing', input, ctx.req);
  }

  @Mutation(() => GmNpcSurvivalResult, { description: 'G&M NPC survival and endurance.' })
  gmNpcSurvival(@Args('input') input: GmNpcSurvivalInput, @Context() ctx: GraphQLContext) {
    return this.harm.roll('gmNpcSurvival', input, ctx.req);
  }
}
