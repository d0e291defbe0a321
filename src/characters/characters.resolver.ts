import { NpcListArgs } from '../campaigns/list-filters';
import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { CharacterPageArgs } from '../wealth/wealth.inputs';
import type { GraphQLContext } from '../common/request-context';
import { Database } from '../database/database.service';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  CairnHirelingNpcInput,
  CoeacNpcMakeInput,
  ConditionAdjustmentInput,
  CreateNpcGraphqlInput,
  NpcLossInput,
  NpcMoraleInput,
  NpcPageArgs,
  PutSheetGraphqlInput,
  SheetCheckInput,
  SheetSystemEnum,
  UpdateNpcInput,
} from './characters.inputs';
import {
  CairnHirelingNpcResult,
  ConditionAdjustmentResult,
  ConditionEntryPage,
  FollowerLossRecord,
  Npc,
  NpcMoraleRecord,
  NpcPage,
  SheetAnswer,
  SheetCheckResult,
} from './characters.results';
import { FollowersService } from './followers.service';
import { NpcsService } from './npcs.service';
import { SheetChecksService } from './sheet-checks.service';
import { SheetsService } from './sheets.service';
import { namedAs, sheetFromInput, systemsSet } from './sheet-inputs';
import { Problem, validationProblem } from '../common/problem';
import type { SheetSystem } from '../core/characters/sheets';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const characterId = () => Args('characterId', { type: () => ID, description: 'The character id.' });
const npcId = () => Args('npcId', { type: () => ID, description: 'The NPC id.' });
const system = () => Args('system', { type: () => SheetSystemEnum, description: 'The sheet’s system.' });

/** GraphQL twins of the sheet, ledger, NPC and sheet-check routes. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class CharactersResolver {
  constructor(
    private readonly db: Database,
    private readonly sheets: SheetsService,
    private readonly npcService: NpcsService,
    private readonly checks: SheetChecksService,
    private readonly followers: FollowersService,
  ) {}

  @Roles('referee')
  @Mutation(() => FollowerLossRecord, {
    description:
      'Record a follower’s loss (referee): a Feat-granted one comes back at the next session’s start.',
  })
  loseFollower(
    @campaignId() _c: string,
    @npcId() id: string,
    @Args('input', { type: () => NpcLossInput }) input: NpcLossInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<FollowerLossRecord> {
    return this.followers.lose(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => NpcMoraleRecord, {
    description: 'A stored hireling’s, follower’s or animal’s morale check by its kind (referee).',
  })
  campaignNpcMoraleCheck(
    @campaignId() _c: string,
    @npcId() id: string,
    @Args('input', { type: () => NpcMoraleInput }) input: NpcMoraleInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<NpcMoraleRecord> {
    return this.followers.morale(who, id, input, ctx.req);
  }

  // Character sheets

  @Query(() => SheetAnswer, { description: 'One sheet of a character, with what the server derives.' })
  async characterSheet(
    @campaignId() _c: string,
    @characterId() id: string,
    @system() sys: string,
    @CurrentPrincipal() who: Principal,
  ): Promise<SheetAnswer> {
    const owner = await this.sheets.characterOwner(this.db.manager, who.campaignId, id);
    return this.sheets.sheetAnswer(this.db.manager, owner, SheetsService.system(sys));
  }

  @Roles('referee', 'player')
  @Mutation(() => SheetAnswer, {
    description:
      'Create or replace a character’s sheet (the referee sets anything; its player only base values).',
  })
  putCharacterSheet(
    @campaignId() _c: string,
    @characterId() id: string,
    @system() sys: string,
    @Args('input') input: PutSheetGraphqlInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetAnswer> {
    const system = SheetsService.system(sys);
    const { sheet, from, to } = graphqlSheet(input, system);
    return namedAs(from, to, () =>
      this.sheets.putSheet(who, { kind: 'character', id }, system, sheet, ctx.req),
    );
  }

  @Roles('referee')
  @Mutation(() => SheetAnswer, { description: 'Delete a character’s sheet (referee).' })
  deleteCharacterSheet(
    @campaignId() _c: string,
    @characterId() id: string,
    @system() sys: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetAnswer> {
    return this.sheets.deleteSheet(who, { kind: 'character', id }, SheetsService.system(sys), ctx.req);
  }

  @Query(() => ConditionEntryPage, { description: 'The character’s condition ledger, oldest first.' })
  async characterConditions(@Args() page: CharacterPageArgs, @CurrentPrincipal() who: Principal) {
    const owner = await this.sheets.characterOwner(this.db.manager, who.campaignId, page.characterId);
    return this.sheets.conditions(this.db.manager, owner, page);
  }

  @Roles('referee')
  @Mutation(() => ConditionAdjustmentResult, {
    description: 'Change one tracked value of a character directly, with a reason (referee).',
  })
  characterConditionAdjustment(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input') input: ConditionAdjustmentInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<ConditionAdjustmentResult> {
    return this.sheets.adjust(who, { kind: 'character', id }, input, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => SheetCheckResult, {
    description: 'A check that reads the rating from the character’s sheet.',
  })
  characterCheck(
    @campaignId() _c: string,
    @characterId() id: string,
    @Args('input') input: SheetCheckInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetCheckResult> {
    return this.checks.characterCheck(who, id, input, ctx.req);
  }

  // NPCs

  @Roles('referee')
  @Mutation(() => Npc, { description: 'Create an NPC (referee); a COEAC adversary from a grade and tag.' })
  createNpc(
    @campaignId() _c: string,
    @Args('input') input: CreateNpcGraphqlInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<Npc> {
    const { systemSheets, ...rest } = input;
    if (!systemSheets) return this.npcService.create(who, rest, ctx.req);
    if (rest.sheets) throw sentBoth('sheets', 'systemSheets');
    const sheets = Object.fromEntries(
      systemsSet(systemSheets).map((s) => [s, sheetFromInput(s, systemSheets[s], `systemSheets.${s}`)]),
    );
    return namedAs('sheets', 'systemSheets', () =>
      this.npcService.create(who, { ...{}, ...rest, sheets }, ctx.req),
    );
  }

  @Roles('referee')
  @Mutation(() => CairnHirelingNpcResult, {
    description: 'Roll a Cairn hireling into an NPC (referee): 3d6 STR, DEX, WIL, 1d6 HP, logged.',
  })
  createCairnHireling(
    @campaignId() _c: string,
    @Args('input') input: CairnHirelingNpcInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<CairnHirelingNpcResult> {
    return this.npcService.cairnHireling(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => Npc, {
    description: 'Make a COEAC hireling, follower or animal with the NPC maker and store it (referee).',
  })
  createCoeacNpc(
    @campaignId() _c: string,
    @Args('input') input: CoeacNpcMakeInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<Npc> {
    return this.npcService.coeacNpc(who, input, ctx.req);
  }

  @Query(() => NpcPage, { description: 'The NPCs this key may see, oldest first.' })
  npcs(@Args() page: NpcListArgs, @CurrentPrincipal() who: Principal) {
    return this.npcService.list(who, page);
  }

  @Query(() => Npc, { description: 'One NPC, as this key may see it.' })
  npc(@campaignId() _c: string, @npcId() id: string, @CurrentPrincipal() who: Principal): Promise<Npc> {
    return this.npcService.get(who, id);
  }

  @Roles('referee')
  @Mutation(() => Npc, { description: 'Change an NPC (referee).' })
  updateNpc(
    @campaignId() _c: string,
    @npcId() id: string,
    @Args('input') input: UpdateNpcInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<Npc> {
    return this.npcService.update(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => Npc, { description: 'Delete an NPC and its sheets (referee).' })
  deleteNpc(
    @campaignId() _c: string,
    @npcId() id: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<Npc> {
    return this.npcService.remove(who, id, ctx.req);
  }

  @Query(() => SheetAnswer, {
    description: 'One sheet of an NPC (other keys: only when its numbers are shown).',
  })
  async npcSheet(
    @campaignId() _c: string,
    @npcId() id: string,
    @system() sys: string,
    @CurrentPrincipal() who: Principal,
  ): Promise<SheetAnswer> {
    const owner = await this.npcService.withNumbers(this.db.manager, who, id);
    return this.sheets.sheetAnswer(this.db.manager, owner, SheetsService.system(sys));
  }

  @Roles('referee')
  @Mutation(() => SheetAnswer, { description: 'Create or replace an NPC’s sheet (referee).' })
  putNpcSheet(
    @campaignId() _c: string,
    @npcId() id: string,
    @system() sys: string,
    @Args('input') input: PutSheetGraphqlInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetAnswer> {
    const system = SheetsService.system(sys);
    const { sheet, from, to } = graphqlSheet(input, system);
    return namedAs(from, to, () => this.sheets.putSheet(who, { kind: 'npc', id }, system, sheet, ctx.req));
  }

  @Roles('referee')
  @Mutation(() => SheetAnswer, { description: 'Delete an NPC’s sheet (referee).' })
  deleteNpcSheet(
    @campaignId() _c: string,
    @npcId() id: string,
    @system() sys: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetAnswer> {
    return this.sheets.deleteSheet(who, { kind: 'npc', id }, SheetsService.system(sys), ctx.req);
  }

  @Query(() => ConditionEntryPage, {
    description: 'An NPC’s condition ledger (other keys: only when shown).',
  })
  async npcConditions(@Args() page: NpcPageArgs, @CurrentPrincipal() who: Principal) {
    const owner = await this.npcService.withNumbers(this.db.manager, who, page.npcId);
    return this.sheets.conditions(this.db.manager, owner, page);
  }

  @Roles('referee')
  @Mutation(() => ConditionAdjustmentResult, {
    description: 'Change one tracked value of an NPC directly, with a reason (referee).',
  })
  npcConditionAdjustment(
    @campaignId() _c: string,
    @npcId() id: string,
    @Args('input') input: ConditionAdjustmentInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<ConditionAdjustmentResult> {
    return this.sheets.adjust(who, { kind: 'npc', id }, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => SheetCheckResult, { description: 'A check that reads the NPC’s sheet (referee).' })
  npcCheck(
    @campaignId() _c: string,
    @npcId() id: string,
    @Args('input') input: SheetCheckInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<SheetCheckResult> {
    return this.checks.npcCheck(who, id, input, ctx.req);
  }
}

/** A deprecated JSON member sent beside its typed replacement: refused naming the old one. */
function sentBoth(old: string, typed: string): Problem {
  return validationProblem([
    { field: old, message: `${old} is deprecated: send ${typed} or ${old}, not both` },
  ]);
}

/**
 * The sheet of a GraphQL PUT in the REST body's shape, and how to rename the fields the service names
 * (`sheet.hp`) to where the client put them (`systemSheet.coeac.hp`).
 */
function graphqlSheet(
  input: PutSheetGraphqlInput,
  system: SheetSystem,
): { sheet: Record<string, unknown>; from: string; to: string } {
  const typed = input.systemSheet;
  if (!typed) {
    if (!input.sheet) throw validationProblem([{ field: 'systemSheet', message: 'systemSheet is required' }]);
    return { sheet: input.sheet, from: 'sheet', to: 'sheet' };
  }
  if (input.sheet) throw sentBoth('sheet', 'systemSheet');
  const [set] = systemsSet(typed);
  if (set !== system) {
    const field = set ? `systemSheet.${set}` : `systemSheet.${system}`;
    throw validationProblem([
      set
        ? {
            field,
            message: `${field} is not the sheet of the system argument (${system})`,
            reason: 'invalid',
          }
        : { field, message: `${field} is required` },
    ]);
  }
  const to = `systemSheet.${system}`;
  return { sheet: sheetFromInput(system, typed[system], to), from: 'sheet', to };
}
