import { PageQuery, pageInMemory } from '../common/pagination';
import { UseInterceptors } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { TreasureReferenceService } from './treasure-reference.service';
import {
  ArtifactRollInput,
  CacheRollInput,
  HarvestInput,
  LootExperienceInput,
  SiteHordesInput,
  SpellbookInput,
  SpellSearchQuery,
} from './treasure.inputs';
import {
  ArtifactRollResult,
  ArtifactTypeList,
  CacheList,
  CacheRollResult,
  CairnSpellList,
  GmLevelList,
  HarvestResult,
  LootExperienceResult,
  MonsterMenu,
  SiteHordesResult,
  SpellbookResult,
} from './treasure.results';
import { OptionalInput } from '../graphql/optional-input';

/** GraphQL twins of the stateless treasure routes: rolls are mutations, tables and sums queries. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class TreasureReferenceResolver {
  constructor(private readonly treasure: TreasureReferenceService) {}

  @Query(() => CacheList, { description: 'COEAC caches by difficulty.' })
  treasureCaches(@Args() page: PageQuery): CacheList {
    return pageInMemory(this.treasure.caches(), page);
  }

  @Query(() => ArtifactTypeList, { description: 'The random artifact subtable (d10).' })
  artifactTypes(@Args() page: PageQuery): ArtifactTypeList {
    return pageInMemory(this.treasure.artifactTypes(), page);
  }

  @Query(() => MonsterMenu, { description: 'The Monster Menu, Rare Organs and grade offsets.' })
  monsterMenu(): MonsterMenu {
    return this.treasure.monsterMenu();
  }

  @Query(() => CairnSpellList, { description: 'Cairn’s 100 spells, optionally searched by name.' })
  cairnSpells(@Args() query: SpellSearchQuery): CairnSpellList {
    return pageInMemory(this.treasure.spells(query), query);
  }

  @Query(() => GmLevelList, { description: 'G&M levels 1–20.' })
  gmLevels(@Args() page: PageQuery): GmLevelList {
    return pageInMemory(this.treasure.levels(), page);
  }

  @Query(() => LootExperienceResult, { description: 'G&M loot experience: 2 per silver.' })
  lootExperience(@Args('input') input: LootExperienceInput): LootExperienceResult {
    return this.treasure.lootExperience(input);
  }

  @Mutation(() => CacheRollResult, { description: 'A cache’s Cash, uniform in its range.' })
  cacheRoll(@Args('input') input: CacheRollInput, @Context() ctx: GraphQLContext) {
    return this.treasure.roll('cache', input, ctx.req);
  }

  @Mutation(() => SiteHordesResult, { description: 'A site’s hordes by the randomised-rounding rule.' })
  siteHordesRoll(@Args('input') input: SiteHordesInput, @Context() ctx: GraphQLContext) {
    return this.treasure.roll('siteHordes', input, ctx.req);
  }

  @Mutation(() => ArtifactRollResult, { description: 'Which artifact subtable (d10).' })
  artifactRoll(
    @OptionalInput(ArtifactRollInput) input: ArtifactRollInput | null,
    @Context() ctx: GraphQLContext,
  ) {
    return this.treasure.roll('artifact', input ?? {}, ctx.req);
  }

  @Mutation(() => HarvestResult, { description: 'Harvest a monster: three Monster Menu rolls.' })
  harvest(@Args('input') input: HarvestInput, @Context() ctx: GraphQLContext) {
    return this.treasure.roll('harvest', input, ctx.req);
  }

  @Mutation(() => SpellbookResult, { description: 'A found spellbook or scroll.' })
  spellbookRoll(@OptionalInput(SpellbookInput) input: SpellbookInput | null, @Context() ctx: GraphQLContext) {
    return this.treasure.roll('spellbook', input ?? {}, ctx.req);
  }
}
