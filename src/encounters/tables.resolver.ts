import { TableListArgs } from '../campaigns/list-filters';
import { UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { CampaignPageArgs } from '../campaigns/campaign.dto';
import type { GraphQLContext } from '../common/request-context';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import {
  CreateTableInput,
  DrawTableInput,
  EncounterSettingsInput,
  ExportFormatEnum,
  ImportTableInput,
  RecurringInput,
} from './encounters.inputs';
import {
  EncounterSettings,
  RecurringCastMember,
  RecurringCastPage,
  RefereeTable,
  RefereeTableImport,
  RefereeTablePage,
  TableDrawResult,
  TableExport,
} from './encounters.results';
import { TablesService } from './tables.service';
import { OptionalInput } from '../graphql/optional-input';

const campaignId = () => Args('campaignId', { type: () => ID, description: 'The campaign id.' });
const tableId = () => Args('tableId', { type: () => ID, description: 'The table id.' });

/** GraphQL twins of the referee-table, recurring-cast and encounter-settings routes. */
@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class TablesResolver {
  constructor(private readonly tables: TablesService) {}

  @Query(() => RefereeTablePage, {
    description: 'Referee tables (other keys see only tables shared with players).',
  })
  refereeTables(@Args() args: TableListArgs, @CurrentPrincipal() who: Principal) {
    return this.tables.list(who, args);
  }

  @Query(() => RefereeTable, { description: 'One table (NOT_FOUND for other keys on referee tables).' })
  refereeTable(@campaignId() _c: string, @tableId() id: string, @CurrentPrincipal() who: Principal) {
    return this.tables.get(who, id);
  }

  @Query(() => TableExport, { description: 'The table as a document another tool imports.' })
  refereeTableExport(
    @campaignId() _c: string,
    @tableId() id: string,
    @Args('format', { type: () => ExportFormatEnum, nullable: true, description: 'foundry (default).' })
    format: string | null,
    @CurrentPrincipal() who: Principal,
  ) {
    return this.tables.export(who, id, format ?? 'foundry');
  }

  @Roles('referee')
  @Mutation(() => RefereeTable, { description: 'Create a table (referee).' })
  refereeTableCreate(
    @campaignId() _c: string,
    @Args('input') input: CreateTableInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.tables.create(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => RefereeTableImport, {
    description:
      'Import tables from Foundry (JSON or YAML, several linked into subtables), simple JSON or YAML, or CSV (referee).',
  })
  refereeTableImport(
    @campaignId() _c: string,
    @Args('input') input: ImportTableInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.tables.import(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => RefereeTable, { description: 'Replace a table (referee).' })
  refereeTableUpdate(
    @campaignId() _c: string,
    @tableId() id: string,
    @Args('input') input: CreateTableInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.tables.update(who, id, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => RefereeTable, { description: 'Delete a table (referee).' })
  refereeTableDelete(
    @campaignId() _c: string,
    @tableId() id: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.tables.remove(who, id, ctx.req);
  }

  @Roles('referee', 'player')
  @Mutation(() => TableDrawResult, { description: 'Draw on a table (logged; sealed on referee tables).' })
  refereeTableDraw(
    @campaignId() _c: string,
    @tableId() id: string,
    @OptionalInput(DrawTableInput) input: DrawTableInput | null,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.tables.draw(who, id, input ?? {}, ctx.req);
  }

  @Roles('referee')
  @Query(() => RecurringCastPage, { description: 'The recurring cast (referee).' })
  recurringCast(@Args() args: CampaignPageArgs, @CurrentPrincipal() who: Principal) {
    return this.tables.listCast(who, args);
  }

  @Roles('referee')
  @Mutation(() => RecurringCastMember, { description: 'Add a recurring character or monster (referee).' })
  recurringAdd(
    @campaignId() _c: string,
    @Args('input') input: RecurringInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.tables.addToCast(who, input, ctx.req);
  }

  @Roles('referee')
  @Mutation(() => RecurringCastMember, { description: 'Remove a recurring character or monster (referee).' })
  recurringRemove(
    @campaignId() _c: string,
    @Args('memberId', { type: () => ID }) memberId: string,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.tables.removeFromCast(who, memberId, ctx.req);
  }

  @Roles('referee')
  @Query(() => EncounterSettings, {
    description: 'Default table per scale and the recurring chance (referee).',
  })
  encounterSettings(@campaignId() _c: string, @CurrentPrincipal() who: Principal) {
    return this.tables.settings(who);
  }

  @Roles('referee')
  @Mutation(() => EncounterSettings, {
    description: 'Set the default table per scale and the recurring chance.',
  })
  encounterSettingsSet(
    @campaignId() _c: string,
    @OptionalInput(EncounterSettingsInput)
    input: EncounterSettingsInput | null,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ) {
    return this.tables.setSettings(who, input ?? {}, ctx.req);
  }
}
