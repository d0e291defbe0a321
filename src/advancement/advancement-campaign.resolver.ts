import { pageInMemory } from '../common/pagination';
import { CampaignPageArgs } from '../common/campaign-page-args';
import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { AdvancementCampaignService } from './advancement-campaign.service';
import {
  BoonsAwardInput,
  CampaignCirclesInput,
  ClassResourceSpendInput,
  ExperienceAwardInput,
  LootExperienceAwardInput,
  MojoBidOnRollInput,
  MojoSpendInput,
  ReputationChangeInput,
  RetirementInput,
  SpecialtyClassInput,
  StudyPeriodsInput,
  StudyProjectInput,
} from './advancement-campaign.inputs';
import {
  BoonsAwardResult,
  CampaignCirclesResult,
  ClassResourceSpendResult,
  ExperienceAwardResult,
  GmAdvancementStanding,
  LootExperienceAwardResult,
  MojoBidOnRollResult,
  MojoSpendResult,
  ReputationChangeResult,
  ReputationHistory,
  ReputationList,
  RetirementList,
  RetirementResult,
  SpecialtyClassList,
  SpecialtyClassResult,
  StudyPeriodsResult,
  StudyProject,
} from './advancement-campaign.results';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const characterId = () => Args('characterId', { type: () => ID, description: 'The character id.' });

/** GraphQL twins of the campaign's advancement routes. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class AdvancementCampaignResolver {
  constructor(private readonly advancement: AdvancementCampaignService) {}

  @Query(() => GmAdvancementStanding, {
    description: 'G&M: experience, level and what level-ups and study left to spend.',
  })
  characterAdvancement(
    @campaignId() _c: string,
    @characterId() id: string,
    @CurrentPrincipal() who: Principal,
  ) {
    return this.advancement.standing(who, id);
  }

  @Roles('referee')
  @Mutation(() => ExperienceAwardResult, {
    description: 'G&M: award experience (referee); every level reached is rolled and applied.',
  })
  awardExperience(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => ExperienceAwardInput }) input: ExperienceAwardInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.awardExperience(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => MojoSpendResult, { description: 'G&M: spend mojo on an improvement, at its price.' })
  spendMojo(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => MojoSpendInput }) input: MojoSpendInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.spendMojo(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => MojoBidOnRollResult, {
    description: 'G&M: bid mojo on the character’s latest failed archetypal roll (logged anew).',
  })
  bidMojo(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => MojoBidOnRollInput }) input: MojoBidOnRollInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.bidMojo(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => StudyProject, { description: 'G&M: start a study project for practical mojo.' })
  startStudyProject(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => StudyProjectInput }) input: StudyProjectInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.startStudy(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => StudyPeriodsResult, {
    description: 'G&M: study periods on a project; the silver is paid from the purse (the character’s Cash).',
  })
  studyPeriods(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('projectId', { type: () => ID, description: 'The study project.' }) projectId: string,
    @Args('input', { type: () => StudyPeriodsInput }) input: StudyPeriodsInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.studyPeriods(who, id, projectId, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => ClassResourceSpendResult, {
    description: 'COEAC: spend class resources on one action, one point of each kind at most.',
  })
  spendClassResources(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => ClassResourceSpendInput }) input: ClassResourceSpendInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.spendClassResources(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => RetirementResult, { description: 'COEAC: retire the character, with its score.' })
  retireCharacter(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => RetirementInput }) input: RetirementInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.retire(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => LootExperienceAwardResult, {
    description: 'G&M: loot experience shared into the characters’ stored totals (referee).',
  })
  awardLootExperience(
    @campaignId() _c: string,
    @Args('input', { type: () => LootExperienceAwardInput }) input: LootExperienceAwardInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.awardLootExperience(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => BoonsAwardResult, { description: 'COEAC: Boons at the end of a session (referee).' })
  awardBoons(
    @campaignId() _c: string,
    @Args('input', { type: () => BoonsAwardInput }) input: BoonsAwardInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.awardBoons(who, input, ctx.req);
  }

  @Query(() => RetirementList, { description: 'COEAC: the retired characters and their scores.' })
  async retirements(@Args() page: CampaignPageArgs, @CurrentPrincipal() who: Principal) {
    return pageInMemory(await this.advancement.retirements(who), page);
  }

  @Roles('referee')
  @Mutation(() => SpecialtyClassResult, { description: 'COEAC: unlock a specialty class (referee).' })
  unlockSpecialtyClass(
    @campaignId() _c: string,
    @Args('input', { type: () => SpecialtyClassInput }) input: SpecialtyClassInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.unlockSpecialtyClass(who, input, ctx.req);
  }

  @Query(() => SpecialtyClassList, { description: 'COEAC: the specialty classes unlocked.' })
  async specialtyClasses(@Args() page: CampaignPageArgs, @CurrentPrincipal() who: Principal) {
    return pageInMemory(await this.advancement.specialtyClasses(who), page);
  }

  @Query(() => ReputationList, { description: 'COEAC: every faction’s Reputation.' })
  async reputation(@Args() page: CampaignPageArgs, @CurrentPrincipal() who: Principal) {
    return pageInMemory(await this.advancement.reputations(who), page);
  }

  @Query(() => ReputationHistory, { description: 'COEAC: every Reputation change, oldest first.' })
  async reputationHistory(@Args() page: CampaignPageArgs, @CurrentPrincipal() who: Principal) {
    return pageInMemory(await this.advancement.reputationHistory(who), page);
  }

  @Roles('referee')
  @Mutation(() => ReputationChangeResult, { description: 'COEAC: change a faction’s Reputation (referee).' })
  changeReputation(
    @campaignId() _c: string,
    @Args('input', { type: () => ReputationChangeInput }) input: ReputationChangeInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.changeReputation(who, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CampaignCirclesResult, {
    description: 'COEAC: a Circles test; the faction’s stored Reputation adds or takes dice.',
  })
  campaignCircles(
    @campaignId() _c: string,
    @Args('input', { type: () => CampaignCirclesInput }) input: CampaignCirclesInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.advancement.circles(who, input, ctx.req);
  }
}
