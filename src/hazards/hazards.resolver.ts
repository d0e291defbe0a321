import { UseInterceptors } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../common/request-context';
import {
  ArchsoulFallInput,
  ExertionInput,
  GmFallInput,
  GmJumpInput,
  GmSuffocationInput,
} from './hazard.inputs';
import {
  ArchsoulFallResult,
  ExertionResult,
  GmFallResult,
  GmJumpResult,
  GmSuffocationResult,
} from './hazard.results';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  GmAilmentInput,
  GmAgingInput,
  GmIllusionInput,
  GmItemReactionInput,
  GmSpeedInput,
  GmForcedMarchInput,
  GmDailyMovementInput,
  GmSearchInput,
  GmTrackingInput,
  GmCoverTracksInput,
  GmTimeInput,
  ArchsoulObjectInput,
  ArchsoulBlowInput,
  ArchsoulBreathInput,
  ArchsoulSwimInput,
  ArchsoulRestInput,
  ArchsoulTrapInput,
  ArchsoulTerrainInput,
  ArchsoulUnderwaterAttackInput,
  ArchsoulUnderwaterHurtInput,
  CoeacTravelInput,
} from './hazard-more.inputs';
import {
  GmAilmentResult,
  GmAgingResult,
  GmIllusionResult,
  GmItemReactionResult,
  GmSpeedResult,
  GmForcedMarchResult,
  GmDailyMovementResult,
  GmSearchResult,
  GmTrackingResult,
  GmCoverTracksResult,
  GmTimeResult,
  ArchsoulObjectResult,
  ArchsoulBlowResult,
  ArchsoulBreathResult,
  ArchsoulSwimResult,
  ArchsoulRestResult,
  ArchsoulTrapResult,
  ArchsoulTerrainResult,
  ArchsoulUnderwaterAttackResult,
  ArchsoulUnderwaterHurtResult,
  CoeacTravelResult,
} from './hazard-more.results';
import { ArchsoulObjectAttackInput, CoeacMirrorRoadInput, GmConcentrationInput } from './hazard-extra.inputs';
import {
  ArchsoulObjectAttackResult,
  CoeacMirrorRoadResult,
  GmConcentrationResult,
} from './hazard-extra.results';
import { HazardsService } from './hazards.service';

/** GraphQL twins of the stateless hazard routes, each calling the same service method. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class HazardsResolver {
  constructor(private readonly hazards: HazardsService) {}

  @Mutation(() => GmFallResult, { description: 'G&M fall: the falling table, evasion and injuries.' })
  gmFall(@Args('input') input: GmFallInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('gmFall', input, ctx.req);
  }

  @Mutation(() => GmJumpResult, { description: 'G&M jump up or leap across.' })
  gmJump(@Args('input') input: GmJumpInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('gmJump', input, ctx.req);
  }

  @Mutation(() => GmSuffocationResult, { description: 'G&M suffocation.' })
  gmSuffocation(@Args('input') input: GmSuffocationInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('gmSuffocation', input, ctx.req);
  }

  @Mutation(() => ExertionResult, { description: 'Archsoul exertion: exhaustion rolls and fatigue.' })
  archsoulExertion(@Args('input') input: ExertionInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('archsoulExertion', input, ctx.req);
  }

  @Mutation(() => ArchsoulFallResult, { description: 'Archsoul fall (or falling object).' })
  archsoulFall(@Args('input') input: ArchsoulFallInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('archsoulFall', input, ctx.req);
  }

  @Mutation(() => GmAilmentResult, {
    description: 'G&M ailment: the contracting roll, the onset and the course.',
  })
  gmAilment(
    @Args('input', { type: () => GmAilmentInput }) input: GmAilmentInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('gmAilment', input, ctx.req);
  }

  @Mutation(() => GmAgingResult, { description: 'G&M aging: unhealable injuries from 40 + endurance.' })
  gmAging(@Args('input', { type: () => GmAgingInput }) input: GmAgingInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('gmAging', input, ctx.req);
  }

  @Mutation(() => GmIllusionResult, {
    description: 'G&M illusion: disbelief and the phantasmal damage that comes back.',
  })
  gmIllusion(
    @Args('input', { type: () => GmIllusionInput }) input: GmIllusionInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('gmIllusion', input, ctx.req);
  }

  @Mutation(() => GmItemReactionResult, {
    description: 'G&M item reaction by material, attack form and thickness.',
  })
  gmItemReaction(
    @Args('input', { type: () => GmItemReactionInput }) input: GmItemReactionInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('gmItemReaction', input, ctx.req);
  }

  @Mutation(() => GmSpeedResult, {
    description: 'G&M movement speed: distances, time base, reaction penalty, attackers’ bonus.',
  })
  gmSpeed(@Args('input', { type: () => GmSpeedInput }) input: GmSpeedInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('gmSpeed', input, ctx.req);
  }

  @Mutation(() => GmForcedMarchResult, {
    description: 'G&M forced march: health rolls for pushing on without rest.',
  })
  gmForcedMarch(
    @Args('input', { type: () => GmForcedMarchInput }) input: GmForcedMarchInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('gmForcedMarch', input, ctx.req);
  }

  @Mutation(() => GmDailyMovementResult, {
    description: 'G&M daily movement by terrain, flying, darkness and riding.',
  })
  gmDailyMovement(
    @Args('input', { type: () => GmDailyMovementInput }) input: GmDailyMovementInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('gmDailyMovement', input, ctx.req);
  }

  @Mutation(() => GmSearchResult, { description: 'G&M search: perception at the area’s obstacle size.' })
  gmSearch(
    @Args('input', { type: () => GmSearchInput }) input: GmSearchInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('gmSearch', input, ctx.req);
  }

  @Mutation(() => GmTrackingResult, {
    description: 'G&M tracking: perception at −1 a day, the group bonus and covered tracks.',
  })
  gmTracking(
    @Args('input', { type: () => GmTrackingInput }) input: GmTrackingInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('gmTracking', input, ctx.req);
  }

  @Mutation(() => GmCoverTracksResult, {
    description: 'G&M covering tracks: the margin becomes the trackers’ penalty.',
  })
  gmCoverTracks(
    @Args('input', { type: () => GmCoverTracksInput }) input: GmCoverTracksInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('gmCoverTracks', input, ctx.req);
  }

  @Mutation(() => GmTimeResult, { description: 'G&M time units: rounds, minutes, hours and days.' })
  gmTime(@Args('input', { type: () => GmTimeInput }) input: GmTimeInput, @Context() ctx: GraphQLContext) {
    return this.hazards.resolve('gmTime', input, ctx.req);
  }

  @Mutation(() => ArchsoulObjectResult, {
    description: 'Archsoul object: hardness, hit points, a blow and weapon recoil.',
  })
  archsoulObject(
    @Args('input', { type: () => ArchsoulObjectInput }) input: ArchsoulObjectInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('archsoulObject', input, ctx.req);
  }

  @Mutation(() => ArchsoulBlowResult, {
    description: 'Archsoul damage roll against an object (tool bonus, underwater).',
  })
  archsoulBlow(
    @Args('input', { type: () => ArchsoulBlowInput }) input: ArchsoulBlowInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('archsoulBlow', input, ctx.req);
  }

  @Mutation(() => ArchsoulBreathResult, { description: 'Archsoul breath and drowning.' })
  archsoulBreath(
    @Args('input', { type: () => ArchsoulBreathInput }) input: ArchsoulBreathInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('archsoulBreath', input, ctx.req);
  }

  @Mutation(() => ArchsoulSwimResult, { description: 'Archsoul swimming: speed, turbulent water, armour.' })
  archsoulSwim(
    @Args('input', { type: () => ArchsoulSwimInput }) input: ArchsoulSwimInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('archsoulSwim', input, ctx.req);
  }

  @Mutation(() => ArchsoulRestResult, { description: 'Archsoul food, water, sleep and rest.' })
  archsoulRest(
    @Args('input', { type: () => ArchsoulRestInput }) input: ArchsoulRestInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('archsoulRest', input, ctx.req);
  }

  @Mutation(() => ArchsoulTrapResult, { description: 'Archsoul trap or falling object: the dodge.' })
  archsoulTrap(
    @Args('input', { type: () => ArchsoulTrapInput }) input: ArchsoulTrapInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('archsoulTrap', input, ctx.req);
  }

  @Mutation(() => ArchsoulTerrainResult, { description: 'Archsoul difficult terrain.' })
  archsoulTerrain(
    @Args('input', { type: () => ArchsoulTerrainInput }) input: ArchsoulTerrainInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('archsoulTerrain', input, ctx.req);
  }

  @Mutation(() => ArchsoulUnderwaterAttackResult, {
    description: 'Archsoul attack underwater: what the weapon can do.',
  })
  archsoulUnderwaterAttack(
    @Args('input', { type: () => ArchsoulUnderwaterAttackInput }) input: ArchsoulUnderwaterAttackInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('archsoulUnderwaterAttack', input, ctx.req);
  }

  @Mutation(() => ArchsoulUnderwaterHurtResult, {
    description: 'Archsoul hurt underwater: the roll that keeps water out.',
  })
  archsoulUnderwaterHurt(
    @Args('input', { type: () => ArchsoulUnderwaterHurtInput }) input: ArchsoulUnderwaterHurtInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('archsoulUnderwaterHurt', input, ctx.req);
  }

  @Mutation(() => CoeacTravelResult, {
    description: 'COEAC travel: hexes, watches, days and encounter checks.',
  })
  coeacTravel(
    @Args('input', { type: () => CoeacTravelInput }) input: CoeacTravelInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('coeacTravel', input, ctx.req);
  }

  @Mutation(() => ArchsoulObjectAttackResult, {
    description: 'Archsoul attack on an object: defence 0, large objects cannot be missed.',
  })
  archsoulObjectAttack(
    @Args('input', { type: () => ArchsoulObjectAttackInput }) input: ArchsoulObjectAttackInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('archsoulObjectAttack', input, ctx.req);
  }

  @Mutation(() => CoeacMirrorRoadResult, {
    description: 'COEAC Mirror Road: a day’s travel in an hour, overland encounter checks.',
  })
  coeacMirrorRoad(
    @Args('input', { type: () => CoeacMirrorRoadInput }) input: CoeacMirrorRoadInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.resolve('coeacMirrorRoad', input, ctx.req);
  }

  @Mutation(() => GmConcentrationResult, {
    description: 'G&M concentration: its limits and the evasion roll that keeps it when hit.',
  })
  gmConcentration(
    @Args('input', { type: () => GmConcentrationInput }) input: GmConcentrationInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.hazards.gmConcentration(input, ctx.req);
  }
}
