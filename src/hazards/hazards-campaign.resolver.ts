import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { CampaignHazardInput } from './hazard-more.inputs';
import { CampaignHazardResult } from './hazard-more.results';
import { PartyHazardInput } from './hazard-extra.inputs';
import { PartyHazardResult } from './hazard-extra.results';
import { HazardsCampaignService } from './hazards-campaign.service';
import { AilmentCureResult, GmStatusEndResult } from './hazard-ailments.results';
import { HazardsAilmentsService } from './hazards-ailments.service';

/** GraphQL twin of the campaign hazard route. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class HazardsCampaignResolver {
  constructor(
    private readonly hazards: HazardsCampaignService,
    private readonly ailments: HazardsAilmentsService,
  ) {}

  @Roles('referee')
  @Mutation(() => CampaignHazardResult, {
    description:
      'Apply a hazard to a character’s sheet (referee): rolled, logged, through the condition ledger.',
  })
  characterHazard(
    @Args('campaignId', { type: () => ID }) _c: string,
    @Args('characterId', { type: () => ID }) characterId: string,
    @Args('input', { type: () => CampaignHazardInput }) input: CampaignHazardInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.apply(who, characterId, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => PartyHazardResult, {
    description:
      'Apply a hazard to the party (referee): every roster character or those listed, one transaction, one logged roll.',
  })
  partyHazard(
    @Args('campaignId', { type: () => ID }) _c: string,
    @Args('input', { type: () => PartyHazardInput }) input: PartyHazardInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.applyParty(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => AilmentCureResult, {
    description: 'End an ailment kept on a character’s G&M sheet (referee): cured, it ticks no more.',
  })
  cureAilment(
    @Args('campaignId', { type: () => ID }) _c: string,
    @Args('characterId', { type: () => ID }) characterId: string,
    @Args('ailmentId', { type: () => ID }) ailmentId: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.ailments.cure(who, characterId, ailmentId, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => GmStatusEndResult, {
    description:
      'End a status kept on a character’s G&M sheet (referee): asleep, paralysed, shock or ailing leaves the sheet.',
  })
  endStatus(
    @Args('campaignId', { type: () => ID }) _c: string,
    @Args('characterId', { type: () => ID }) characterId: string,
    @Args('statusId', { type: () => ID }) statusId: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.ailments.endStatus(who, characterId, statusId, ctx.req);
  }
}
