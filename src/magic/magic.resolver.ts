import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  CoeacCatastropheInput,
  CoeacChannelingInput,
  CoeacCounterspellInput,
  CoeacRandomSpellInput,
  CoeacSpellMasteryInput,
  CoeacSpellQuery,
} from './magic.inputs';
import {
  CoeacCatastropheResult,
  CoeacChannelingResult,
  CoeacCounterspellResult,
  CoeacRandomSpellResult,
  CoeacSpellInfo,
  CoeacSpellList,
  CoeacSpellMasteryResult,
} from './magic.results';
import { MagicService } from './magic.service';

/** GraphQL twins of the COEAC magic routes, each calling the same service method. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class MagicResolver {
  constructor(private readonly magic: MagicService) {}

  @Mutation(() => CoeacChannelingResult, {
    description: 'COEAC channeling: Potency, backlash, mutation save, odds.',
  })
  coeacChanneling(
    @Args('input', { type: () => CoeacChannelingInput }) input: CoeacChannelingInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.magic.resolve('channeling', input, ctx.req);
  }

  @Mutation(() => CoeacCounterspellResult, {
    description: 'COEAC counterspell: Arcane Lore at Ob = Potency + 1.',
  })
  coeacCounterspell(
    @Args('input', { type: () => CoeacCounterspellInput }) input: CoeacCounterspellInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.magic.resolve('counterspell', input, ctx.req);
  }

  @Mutation(() => CoeacSpellMasteryResult, { description: 'COEAC Spell Mastery of a wild plasmid.' })
  coeacSpellMastery(
    @Args('input', { type: () => CoeacSpellMasteryInput }) input: CoeacSpellMasteryInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.magic.resolve('spellMastery', input, ctx.req);
  }

  @Mutation(() => CoeacCatastropheResult, {
    description: 'COEAC spell catastrophe (d6), after the Discipline save, with its own numbers rolled.',
  })
  coeacCatastrophe(
    @Args('input', { type: () => CoeacCatastropheInput }) input: CoeacCatastropheInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.magic.resolve('catastropheV2', input, ctx.req);
  }

  @Mutation(() => CoeacRandomSpellResult, { description: 'A random COEAC spell (d8 family, d10 spell).' })
  coeacRandomSpell(
    @Args('input', { type: () => CoeacRandomSpellInput }) input: CoeacRandomSpellInput,
    @Context() ctx: GraphQLContext,
  ) {
    return this.magic.resolve('randomSpell', input, ctx.req);
  }

  @Query(() => CoeacSpellList, { description: 'COEAC’s 80 spells and the d8 family table, filtered.' })
  coeacSpells(@Args() query: CoeacSpellQuery): CoeacSpellList {
    return this.magic.spells(query);
  }

  @Query(() => CoeacSpellInfo, { description: 'One COEAC spell by id.' })
  coeacSpell(@Args('id', { type: () => ID }) id: string): CoeacSpellInfo {
    return this.magic.spell(id);
  }
}
