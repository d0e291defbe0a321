import { pageInMemory } from '../../common/pagination';
import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../../auth/principal';
import type { GraphQLContext } from '../../common/request-context';
import { IdempotencyInterceptor } from '../../idempotency/idempotency.interceptor';
import {
  AddCairnMagicItemInput,
  CairnCampaignCastInput,
  CairnCastInput,
  CairnRelicRechargeInput,
  CairnSpellKeyArgs,
  CairnSpellQuery,
} from './cairn-magic.inputs';
import {
  CairnCampaignCastResult,
  CairnCastResult,
  CairnMagicItem,
  CairnMagicState,
  CairnSpellCatalogue,
  CairnSpellEntry,
} from './cairn-magic.results';
import { CairnMagicService } from './cairn-magic.service';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const characterId = () => Args('characterId', { type: () => ID, description: 'The character id.' });
const itemId = () => Args('itemId', { type: () => ID, description: 'The relic’s inventory item id.' });

/** GraphQL twins of the Cairn magic routes, over the same service methods. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class CairnMagicResolver {
  constructor(private readonly magic: CairnMagicService) {}

  @Mutation(() => CairnCastResult, {
    description: 'Cairn cast: Fatigue and drops, the risky WIL save with its odds, relic charges.',
  })
  cairnCast(
    @Args('input', { type: () => CairnCastInput }) input: CairnCastInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.magic.cast(input, ctx.req);
  }

  @Query(() => CairnSpellCatalogue, { description: 'Cairn’s 100 spells with what each does, searched by q.' })
  cairnSpellCatalogue(@Args() query: CairnSpellQuery): CairnSpellCatalogue {
    return pageInMemory(this.magic.spells(query.q), query);
  }

  @Query(() => CairnSpellEntry, { description: 'One Cairn spell by d100 number, id or name.' })
  cairnSpell(@Args() args: CairnSpellKeyArgs): CairnSpellEntry {
    return this.magic.spell(args.spell);
  }

  @Query(() => CairnMagicState, {
    description: 'A character’s spellbooks, scrolls, relics, Fatigue and free slots.',
  })
  characterCairnMagic(
    @campaignId() _c: string,
    @characterId() id: string,
    @CurrentPrincipal() who: Principal,
  ) {
    return this.magic.state(who, id);
  }

  @Roles('referee', 'player')
  @Mutation(() => CairnMagicItem, {
    description: 'Put a spellbook, scroll or relic into a character’s inventory.',
  })
  cairnMagicItemAdd(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => AddCairnMagicItemInput }) input: AddCairnMagicItemInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.magic.addItem(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => CairnMagicItem, { description: 'A relic’s recharge condition was met (referee).' })
  cairnRelicRecharge(
    @campaignId() _c: string,
    @characterId() id: string,
    @itemId() item: string,
    @Args('input', { type: () => CairnRelicRechargeInput }) input: CairnRelicRechargeInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.magic.recharge(who, id, item, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => CairnCampaignCastResult, {
    description: 'A stored character casts from a carried spellbook, scroll or relic (one logged roll).',
  })
  characterCairnCast(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => CairnCampaignCastInput }) input: CairnCampaignCastInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.magic.castFor(who, id, input, ctx.req);
  }
}
