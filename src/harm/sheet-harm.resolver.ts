import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { pageInMemory } from '../common/pagination';
import { NpcPageArgs } from '../characters/characters.inputs';
import { CharacterPageArgs } from '../wealth/wealth.inputs';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  CairnAidInput,
  CairnDeprivationApplyInput,
  DownAndOutAidInput,
  HeroicEffortInput,
  TemporaryPoolInput,
  EndOfSessionCheckInput,
  SheetDamageInput,
  SheetEatingInput,
  SheetRestInput,
} from './harm-campaign.inputs';
import {
  ArchsoulStandUpResult,
  SheetAidResult,
  SheetHeroicEffortResult,
  SheetSemiConsciousResult,
  SheetTemporaryPoolResult,
  CairnDeprivationApplied,
  EndOfSessionCheckResult,
  HarmTimerPage,
  PartyRestResult,
  SheetDamageResult,
  SheetEatingResult,
  SheetRestResult,
} from './harm-campaign.results';
import { SheetHarmService } from './sheet-harm.service';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const characterId = () => Args('characterId', { type: () => ID, description: 'The character id.' });
const npcId = () => Args('npcId', { type: () => ID, description: 'The NPC id.' });

/** GraphQL twins of the campaign harm routes, over the same service methods. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class SheetHarmResolver {
  constructor(private readonly harm: SheetHarmService) {}

  @Roles('referee', 'player')
  @Mutation(() => SheetDamageResult, {
    description: 'Damage applied to a character’s sheet with everything that follows, through the ledger.',
  })
  damageCharacter(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => SheetDamageInput }) input: SheetDamageInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetDamageResult> {
    return this.harm.damageCharacter(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => SheetDamageResult, {
    description:
      'COEAC Medicine aid after the blow for a down-and-out character awaiting aid: Medicine Ob 3, then the Down and Out table; a success stops the aid timer. The referee, a player whose key binds aiderId, or with a medicine pool the fallen character’s player.',
  })
  aidDownAndOut(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => DownAndOutAidInput }) input: DownAndOutAidInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetDamageResult> {
    return this.harm.aidDownAndOut(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => SheetDamageResult, {
    description: 'Damage applied to an NPC’s sheet (referee); sealed while its numbers are hidden.',
  })
  damageNpc(
    @campaignId() _c: string,
    @npcId() id: string,
    @Args('input', { type: () => SheetDamageInput }) input: SheetDamageInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetDamageResult> {
    return this.harm.damageNpc(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => SheetTemporaryPoolResult, {
    description: 'A G&M temporary survival pool granted to a character (referee); amount 0 removes it.',
  })
  grantTemporarySurvival(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => TemporaryPoolInput }) input: TemporaryPoolInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetTemporaryPoolResult> {
    return this.harm.temporaryPool(who, { kind: 'character', id }, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => SheetTemporaryPoolResult, {
    description: 'A G&M temporary survival pool granted to an NPC (referee); amount 0 removes it.',
  })
  grantNpcTemporarySurvival(
    @campaignId() _c: string,
    @npcId() id: string,
    @Args('input', { type: () => TemporaryPoolInput }) input: TemporaryPoolInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetTemporaryPoolResult> {
    return this.harm.temporaryPool(who, { kind: 'npc', id }, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => SheetAidResult, {
    description:
      'Cairn aid: a character dying after a failed critical-damage save is stabilised, or a Mortal Wound is tended; the hour stops.',
  })
  aidCharacter(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => CairnAidInput }) input: CairnAidInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetAidResult> {
    return this.harm.aid(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => ArchsoulStandUpResult, {
    description: 'Archsoul: a Knocked Down character stands up for 1 action point.',
  })
  standUp(
    @campaignId() _c: string,
    @characterId() id: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<ArchsoulStandUpResult> {
    return this.harm.standUp(who, id, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => SheetSemiConsciousResult, {
    description:
      'G&M: 1 mojo makes an unconscious character semi-conscious until the unconsciousness ends; its willpower roll says whether it can respond at once or after d4 rounds.',
  })
  becomeSemiConscious(
    @campaignId() _c: string,
    @characterId() id: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetSemiConsciousResult> {
    return this.harm.semiConscious(who, id, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => SheetHeroicEffortResult, {
    description:
      'A dying G&M character’s heroic last effort: +level, no injury penalty, mojo from anyone; each contributor’s named improvement is gained when all the mojo reaches its price (MJ7).',
  })
  heroicLastEffort(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => HeroicEffortInput }) input: HeroicEffortInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetHeroicEffortResult> {
    return this.harm.heroicEffort(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => SheetRestResult, { description: 'A rest or healing on a character’s sheet.' })
  restCharacter(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => SheetRestInput }) input: SheetRestInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetRestResult> {
    return this.harm.restCharacter(who, id, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => SheetEatingResult, {
    description: 'A Monster Menu cut eaten (or kept) by a character, applied to its COEAC sheet.',
  })
  eatMonsterPart(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => SheetEatingInput }) input: SheetEatingInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetEatingResult> {
    return this.harm.eat(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => SheetRestResult, { description: 'A rest or healing on an NPC’s sheet (referee).' })
  restNpc(
    @campaignId() _c: string,
    @npcId() id: string,
    @Args('input', { type: () => SheetRestInput }) input: SheetRestInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetRestResult> {
    return this.harm.restNpc(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => PartyRestResult, {
    description: 'A party rest over the roster (referee); the clock moves once.',
  })
  restParty(
    @campaignId() _c: string,
    @Args('input', { type: () => SheetRestInput }) input: SheetRestInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<PartyRestResult> {
    return this.harm.restParty(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => CairnDeprivationApplied, {
    description: 'Cairn deprivation (referee): Fatigue items into the inventory, the sheet marked Deprived.',
  })
  applyCairnDeprivation(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input', { type: () => CairnDeprivationApplyInput }) input: CairnDeprivationApplyInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<CairnDeprivationApplied> {
    return this.harm.deprivation(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => EndOfSessionCheckResult, {
    description: 'COEAC end-of-session check (referee): Down and Out checks for the party away from a haven.',
  })
  endOfSessionChecks(
    @campaignId() _c: string,
    @Args('input', { type: () => EndOfSessionCheckInput }) input: EndOfSessionCheckInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<EndOfSessionCheckResult> {
    return this.harm.endOfSessionChecks(who, input, ctx.req);
  }
}

/** GraphQL twins of the harm-timer reads. */
@Resolver()
export class SheetHarmTimersResolver {
  constructor(private readonly harm: SheetHarmService) {}

  @Query(() => HarmTimerPage, { description: 'The harm timers running on a character’s sheets.' })
  async characterHarmTimers(
    @Args() page: CharacterPageArgs,
    @CurrentPrincipal() who: Principal,
  ): Promise<HarmTimerPage> {
    return pageInMemory({ items: await this.harm.characterTimers(who, page.characterId) }, page);
  }

  @Query(() => HarmTimerPage, {
    description: 'The harm timers running on an NPC’s sheets (hidden NPCs: not found).',
  })
  async npcHarmTimers(@Args() page: NpcPageArgs, @CurrentPrincipal() who: Principal): Promise<HarmTimerPage> {
    return pageInMemory({ items: await this.harm.npcTimers(who, page.npcId) }, page);
  }
}
