import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { FoundryCairnImportInput, FoundryCairnNpcImportInput } from './foundry-cairn.inputs';
import {
  FoundryActorExport,
  FoundryCairnCharacterImport,
  FoundryCairnNpcImport,
} from './foundry-cairn.results';
import { FoundryCairnService } from './foundry-cairn.service';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });

/** GraphQL twins of the Foundry VTT Cairn actor routes. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class FoundryCairnResolver {
  constructor(private readonly foundry: FoundryCairnService) {}

  @Roles('referee')
  @Mutation(() => FoundryCairnCharacterImport, {
    description: 'Import Foundry VTT Cairn actors as characters with a Cairn sheet and inventory (referee).',
  })
  importFoundryCairnCharacters(
    @campaignId() _c: string,
    @Args('input') input: FoundryCairnImportInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.foundry.importCharacters(who, input, ctx.req);
  }

  @Query(() => FoundryActorExport, { description: 'A character as a Foundry VTT Cairn actor.' })
  foundryCairnCharacterExport(
    @campaignId() _c: string,
    @Args('characterId', { type: () => ID, description: 'The character id.' }) characterId: string,
    @CurrentPrincipal() who: Principal,
  ) {
    return this.foundry.exportCharacter(who, characterId);
  }

  @Roles('referee')
  @Mutation(() => FoundryCairnNpcImport, {
    description: 'Import Foundry VTT Cairn actors as NPCs with a Cairn sheet (referee).',
  })
  importFoundryCairnNpcs(
    @campaignId() _c: string,
    @Args('input') input: FoundryCairnNpcImportInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.foundry.importNpcs(who, input, ctx.req);
  }

  @Query(() => FoundryActorExport, {
    description: 'An NPC as a Foundry VTT Cairn actor (the referee; other keys when its numbers are shown).',
  })
  foundryCairnNpcExport(
    @campaignId() _c: string,
    @Args('npcId', { type: () => ID, description: 'The NPC id.' }) npcId: string,
    @CurrentPrincipal() who: Principal,
  ) {
    return this.foundry.exportNpc(who, npcId);
  }
}
