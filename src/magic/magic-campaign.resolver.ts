import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { CharacterPageArgs } from '../wealth/wealth.inputs';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  CoeacCampaignCatastropheInput,
  CoeacCampaignCounterspellInput,
  CoeacCampaignSpellMasteryInput,
  CoeacCastInput,
  CoeacReleaseInput,
  MagicSettingsInput,
} from './magic.inputs';
import { OptionalInput } from '../graphql/optional-input';
import {
  CoeacCampaignCatastropheResult,
  CoeacCampaignCounterspellResult,
  CoeacCampaignSpellMasteryResult,
  CoeacCastResult,
  CoeacReleaseResult,
  CoeacSpellInstanceList,
  MagicSettings,
} from './magic.results';
import { MagicCampaignService } from './magic-campaign.service';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const characterId = () => Args('characterId', { type: () => ID, description: 'The character id.' });

/** GraphQL twins of the COEAC campaign magic routes. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class MagicCampaignResolver {
  constructor(private readonly magic: MagicCampaignService) {}

  @Roles('referee', 'player')
  @Mutation(() => CoeacCastResult, { description: 'A character channels a COEAC spell it controls.' })
  coeacCast(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => CoeacCastInput }) input: CoeacCastInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<CoeacCastResult> {
    return this.magic.cast(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CoeacCampaignSpellMasteryResult, {
    description:
      'Spell Mastery of a wild plasmid by a character: the blind cast, the mastery check; learned, or barred for ever with a Down and Out check.',
  })
  coeacCampaignSpellMastery(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => CoeacCampaignSpellMasteryInput }) input: CoeacCampaignSpellMasteryInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<CoeacCampaignSpellMasteryResult> {
    return this.magic.spellMastery(who, id, input, ctx.req);
  }

  @Query(() => CoeacSpellInstanceList, { description: 'A character’s live and bound COEAC spells.' })
  coeacSpellInstances(
    @Args() page: CharacterPageArgs,
    @CurrentPrincipal() who: Principal,
  ): Promise<CoeacSpellInstanceList> {
    return this.magic.instances(who, page.characterId, page);
  }

  @Roles('referee', 'player')
  @Mutation(() => CoeacReleaseResult, { description: 'Release a character’s bound COEAC spell.' })
  coeacReleaseBound(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => CoeacReleaseInput }) input: CoeacReleaseInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<CoeacReleaseResult> {
    return this.magic.release(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CoeacCampaignCounterspellResult, { description: 'Counter a logged COEAC channeling.' })
  coeacCampaignCounterspell(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => CoeacCampaignCounterspellInput }) input: CoeacCampaignCounterspellInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<CoeacCampaignCounterspellResult> {
    return this.magic.counterspell(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CoeacCampaignCatastropheResult, {
    description: 'A stored COEAC caster suffers a spell catastrophe, its own numbers applied.',
  })
  coeacCampaignCatastrophe(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => CoeacCampaignCatastropheInput }) input: CoeacCampaignCatastropheInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<CoeacCampaignCatastropheResult> {
    return this.magic.catastrophe(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Query(() => MagicSettings, { description: 'The table a COEAC mutation is rolled on (referee).' })
  magicSettings(@campaignId() _c: string, @CurrentPrincipal() who: Principal): Promise<MagicSettings> {
    return this.magic.settings(who);
  }

  @Roles('referee')
  @Mutation(() => MagicSettings, {
    description: 'Name the referee table a COEAC mutation is rolled on (null: a note instead).',
  })
  magicSettingsSet(
    @campaignId() _c: string,
    @OptionalInput(MagicSettingsInput) input: MagicSettingsInput | null,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<MagicSettings> {
    return this.magic.setSettings(who, input ?? {}, ctx.req);
  }
}
