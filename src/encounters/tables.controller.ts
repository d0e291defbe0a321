import { TableListQuery } from '../campaigns/list-filters';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { PageQuery } from '../common/pagination';
import type { ArbiterRequest } from '../common/request-context';
import {
  CreateTableInput,
  DrawTableInput,
  EncounterSettingsInput,
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
} from './encounters.results';
import { TablesService } from './tables.service';

@ApiTags('encounters')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/tables')
export class TablesController {
  constructor(private readonly tables: TablesService) {}

  @Get()
  @ApiOperation({ summary: 'Referee tables, oldest first (other keys see only tables shared with players)' })
  @ApiOkResponse({ type: RefereeTablePage })
  list(@CurrentPrincipal() who: Principal, @Query() query: TableListQuery) {
    return this.tables.list(who, query);
  }

  @Post()
  @Roles('referee')
  @ApiOperation({ summary: 'Create a table (referee; referee-only unless visibility is players)' })
  @ApiCreatedResponse({ type: RefereeTable })
  create(@CurrentPrincipal() who: Principal, @Body() input: CreateTableInput, @Req() req: ArbiterRequest) {
    return this.tables.create(who, input, req);
  }

  @Post('import')
  @Roles('referee')
  @ApiOperation({
    summary:
      'Import tables from Foundry VTT RollTable JSON or YAML (several tables linked into subtables), simple JSON or YAML, or CSV; the body may be as large as IMPORT_MAX_BODY_BYTES',
  })
  @ApiCreatedResponse({ type: RefereeTableImport })
  import(@CurrentPrincipal() who: Principal, @Body() input: ImportTableInput, @Req() req: ArbiterRequest) {
    return this.tables.import(who, input, req);
  }

  @Get(':tableId')
  @ApiOperation({
    summary: 'One table with its entries’ exact probabilities (404 for other keys on referee tables)',
  })
  @ApiOkResponse({ type: RefereeTable })
  get(@CurrentPrincipal() who: Principal, @Param('tableId') tableId: string) {
    return this.tables.get(who, tableId);
  }

  @Get(':tableId/export')
  @ApiOperation({ summary: 'The table as a document another tool imports (format=foundry)' })
  @ApiQuery({ name: 'format', required: false, enum: ['foundry'] })
  @ApiOkResponse({ schema: { type: 'object', additionalProperties: true } })
  async export(
    @CurrentPrincipal() who: Principal,
    @Param('tableId') tableId: string,
    @Query('format') format?: string,
  ) {
    return (await this.tables.export(who, tableId, format ?? 'foundry')).document;
  }

  @Put(':tableId')
  @Roles('referee')
  @ApiOperation({ summary: 'Replace a table (referee)' })
  @ApiOkResponse({ type: RefereeTable })
  update(
    @CurrentPrincipal() who: Principal,
    @Param('tableId') tableId: string,
    @Body() input: CreateTableInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.tables.update(who, tableId, input, req);
  }

  @Delete(':tableId')
  @Roles('referee')
  @ApiOperation({ summary: 'Delete a table (referee; refused while another table draws on it)' })
  @ApiOkResponse({ type: RefereeTable })
  remove(@CurrentPrincipal() who: Principal, @Param('tableId') tableId: string, @Req() req: ArbiterRequest) {
    return this.tables.remove(who, tableId, req);
  }

  @Post(':tableId/draws')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Draw on a table, through nested subtables (logged; sealed on referee tables)' })
  @ApiCreatedResponse({ type: TableDrawResult })
  draw(
    @CurrentPrincipal() who: Principal,
    @Param('tableId') tableId: string,
    @Body() input: DrawTableInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.tables.draw(who, tableId, input ?? {}, req);
  }
}

@ApiTags('encounters')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/recurring')
export class RecurringCastController {
  constructor(private readonly tables: TablesService) {}

  @Get()
  @Roles('referee')
  @ApiOperation({ summary: 'The recurring cast (referee)' })
  @ApiOkResponse({ type: RecurringCastPage })
  list(@CurrentPrincipal() who: Principal, @Query() query: PageQuery) {
    return this.tables.listCast(who, query);
  }

  @Post()
  @Roles('referee')
  @ApiOperation({ summary: 'Add a recurring character or monster (referee)' })
  @ApiCreatedResponse({ type: RecurringCastMember })
  add(@CurrentPrincipal() who: Principal, @Body() input: RecurringInput, @Req() req: ArbiterRequest) {
    return this.tables.addToCast(who, input, req);
  }

  @Delete(':memberId')
  @Roles('referee')
  @ApiOperation({ summary: 'Remove a recurring character or monster (referee)' })
  @ApiOkResponse({ type: RecurringCastMember })
  remove(
    @CurrentPrincipal() who: Principal,
    @Param('memberId') memberId: string,
    @Req() req: ArbiterRequest,
  ) {
    return this.tables.removeFromCast(who, memberId, req);
  }
}

@ApiTags('encounters')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/encounter-settings')
export class EncounterSettingsController {
  constructor(private readonly tables: TablesService) {}

  @Get()
  @Roles('referee')
  @ApiOperation({ summary: 'Default table per scale and the recurring chance (referee)' })
  @ApiOkResponse({ type: EncounterSettings })
  get(@CurrentPrincipal() who: Principal) {
    return this.tables.settings(who);
  }

  @Put()
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({
    summary: 'Set the default table per scale (the clock checks with it) and the recurring chance',
  })
  @ApiOkResponse({ type: EncounterSettings })
  set(@CurrentPrincipal() who: Principal, @Body() input: EncounterSettingsInput, @Req() req: ArbiterRequest) {
    return this.tables.setSettings(who, input ?? {}, req);
  }
}
