import { NpcListQuery } from '../campaigns/list-filters';
import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { PageQuery } from '../common/pagination';
import type { ArbiterRequest } from '../common/request-context';
import { SHEET_SYSTEMS } from '../core/characters/sheets';
import { Database } from '../database/database.service';
import {
  CairnHirelingNpcInput,
  CoeacNpcMakeInput,
  ConditionAdjustmentInput,
  CreateNpcInput,
  NpcLossInput,
  NpcMoraleInput,
  PutSheetInput,
  SheetCheckInput,
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

const systemParam = () =>
  applyDecorators(
    ApiParam({ name: 'system', enum: [...SHEET_SYSTEMS], description: 'The game system of the sheet.' }),
    ApiBadRequestResponse({ description: 'VALIDATION_FAILED: not a system.' }),
    ApiUnprocessableEntityResponse({ description: 'SHEET_MISSING: no sheet in that system.' }),
  );

@ApiTags('characters')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/characters/:characterId')
export class CharacterSheetsController {
  constructor(
    private readonly db: Database,
    private readonly sheets: SheetsService,
    private readonly checks: SheetChecksService,
  ) {}

  @Get('sheets/:system')
  @systemParam()
  @ApiOperation({ summary: 'One sheet of a character, with what the server derives' })
  @ApiOkResponse({ type: SheetAnswer })
  async getSheet(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('system') system: string,
  ): Promise<SheetAnswer> {
    const owner = await this.sheets.characterOwner(this.db.manager, who.campaignId, characterId);
    return this.sheets.sheetAnswer(this.db.manager, owner, SheetsService.system(system));
  }

  @Put('sheets/:system')
  @Roles('referee', 'player')
  @systemParam()
  @ApiOperation({
    summary:
      'Create or replace a character’s sheet (the referee sets anything; its player only base values); tracked changes go to the ledger',
  })
  @ApiOkResponse({ type: SheetAnswer })
  putSheet(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('system') system: string,
    @Body() input: PutSheetInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetAnswer> {
    return this.sheets.putSheet(
      who,
      { kind: 'character', id: characterId },
      SheetsService.system(system),
      input.sheet,
      req,
    );
  }

  @Delete('sheets/:system')
  @Roles('referee')
  @systemParam()
  @ApiOperation({ summary: 'Delete a character’s sheet (referee); its tracked values close on the ledger' })
  @ApiOkResponse({ type: SheetAnswer })
  deleteSheet(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Param('system') system: string,
    @Req() req: ArbiterRequest,
  ): Promise<SheetAnswer> {
    return this.sheets.deleteSheet(
      who,
      { kind: 'character', id: characterId },
      SheetsService.system(system),
      req,
    );
  }

  @Get('conditions')
  @ApiOperation({ summary: 'The character’s condition ledger, oldest first' })
  @ApiOkResponse({ type: ConditionEntryPage })
  async conditions(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Query() query: PageQuery,
  ) {
    const owner = await this.sheets.characterOwner(this.db.manager, who.campaignId, characterId);
    return this.sheets.conditions(this.db.manager, owner, query);
  }

  @Post('condition-adjustments')
  @Roles('referee')
  @ApiOperation({ summary: 'Change one tracked value of a character directly, with a reason (referee)' })
  @ApiCreatedResponse({ type: ConditionAdjustmentResult })
  adjust(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: ConditionAdjustmentInput,
    @Req() req: ArbiterRequest,
  ): Promise<ConditionAdjustmentResult> {
    return this.sheets.adjust(who, { kind: 'character', id: characterId }, input, req);
  }

  @Post('checks')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'A check that reads the rating from the character’s sheet' })
  @ApiCreatedResponse({ type: SheetCheckResult })
  check(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: SheetCheckInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetCheckResult> {
    return this.checks.characterCheck(who, characterId, input, req);
  }
}

@ApiTags('npcs')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/npcs')
export class NpcsController {
  constructor(
    private readonly db: Database,
    private readonly npcs: NpcsService,
    private readonly sheets: SheetsService,
    private readonly checks: SheetChecksService,
    private readonly followers: FollowersService,
  ) {}

  @Post(':npcId/losses')
  @Roles('referee')
  @ApiOperation({
    summary:
      'Record a follower’s loss (referee): a Feat-granted one comes back at the start of the next session; logged',
  })
  @ApiCreatedResponse({ type: FollowerLossRecord })
  lose(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Body() input: NpcLossInput,
    @Req() req: ArbiterRequest,
  ): Promise<FollowerLossRecord> {
    return this.followers.lose(who, npcId, input, req);
  }

  @Post(':npcId/morale-checks')
  @Roles('referee')
  @ApiOperation({
    summary: 'A stored hireling’s, follower’s or animal’s morale check by its kind (referee); logged',
  })
  @ApiCreatedResponse({ type: NpcMoraleRecord })
  morale(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Body() input: NpcMoraleInput,
    @Req() req: ArbiterRequest,
  ): Promise<NpcMoraleRecord> {
    return this.followers.morale(who, npcId, input, req);
  }

  @Post()
  @Roles('referee')
  @ApiOperation({ summary: 'Create an NPC (referee); a COEAC adversary from a grade and tag' })
  @ApiCreatedResponse({ type: Npc })
  create(@CurrentPrincipal() who: Principal, @Body() input: CreateNpcInput, @Req() req: ArbiterRequest) {
    return this.npcs.create(who, input, req);
  }

  @Post('cairn-hirelings')
  @Roles('referee')
  @ApiOperation({ summary: 'Roll a Cairn hireling into an NPC (referee): 3d6 STR, DEX, WIL, 1d6 HP, logged' })
  @ApiCreatedResponse({ type: CairnHirelingNpcResult })
  cairnHireling(
    @CurrentPrincipal() who: Principal,
    @Body() input: CairnHirelingNpcInput,
    @Req() req: ArbiterRequest,
  ): Promise<CairnHirelingNpcResult> {
    return this.npcs.cairnHireling(who, input, req);
  }

  @Post('coeac')
  @Roles('referee')
  @ApiOperation({
    summary:
      'Make a COEAC hireling, follower or animal with the NPC maker and store it (referee): Pool, Role, HP',
  })
  @ApiCreatedResponse({ type: Npc })
  coeacNpc(
    @CurrentPrincipal() who: Principal,
    @Body() input: CoeacNpcMakeInput,
    @Req() req: ArbiterRequest,
  ): Promise<Npc> {
    return this.npcs.coeacNpc(who, input, req);
  }

  @Get()
  @ApiOperation({ summary: 'The NPCs this key may see, oldest first' })
  @ApiOkResponse({ type: NpcPage })
  list(@CurrentPrincipal() who: Principal, @Query() query: NpcListQuery) {
    return this.npcs.list(who, query);
  }

  @Get(':npcId')
  @ApiOperation({ summary: 'One NPC, as this key may see it' })
  @ApiOkResponse({ type: Npc })
  get(@CurrentPrincipal() who: Principal, @Param('npcId') npcId: string) {
    return this.npcs.get(who, npcId);
  }

  @Patch(':npcId')
  @Roles('referee')
  @ApiOperation({ summary: 'Change an NPC (referee): name, kind, binding, who sees it' })
  @ApiOkResponse({ type: Npc })
  update(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Body() input: UpdateNpcInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.npcs.update(who, npcId, input, req);
  }

  @Delete(':npcId')
  @Roles('referee')
  @ApiOperation({ summary: 'Delete an NPC and its sheets (referee)' })
  @ApiOkResponse({ type: Npc })
  remove(@CurrentPrincipal() who: Principal, @Param('npcId') npcId: string, @Req() req: ArbiterRequest) {
    return this.npcs.remove(who, npcId, req);
  }

  @Get(':npcId/sheets/:system')
  @systemParam()
  @ApiOperation({ summary: 'One sheet of an NPC (other keys: only when its numbers are shown)' })
  @ApiOkResponse({ type: SheetAnswer })
  async getSheet(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Param('system') system: string,
  ): Promise<SheetAnswer> {
    const owner = await this.npcs.withNumbers(this.db.manager, who, npcId);
    return this.sheets.sheetAnswer(this.db.manager, owner, SheetsService.system(system));
  }

  @Put(':npcId/sheets/:system')
  @Roles('referee')
  @systemParam()
  @ApiOperation({ summary: 'Create or replace an NPC’s sheet (referee); tracked changes go to the ledger' })
  @ApiOkResponse({ type: SheetAnswer })
  putSheet(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Param('system') system: string,
    @Body() input: PutSheetInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetAnswer> {
    return this.sheets.putSheet(
      who,
      { kind: 'npc', id: npcId },
      SheetsService.system(system),
      input.sheet,
      req,
    );
  }

  @Delete(':npcId/sheets/:system')
  @Roles('referee')
  @systemParam()
  @ApiOperation({ summary: 'Delete an NPC’s sheet (referee)' })
  @ApiOkResponse({ type: SheetAnswer })
  deleteSheet(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Param('system') system: string,
    @Req() req: ArbiterRequest,
  ): Promise<SheetAnswer> {
    return this.sheets.deleteSheet(who, { kind: 'npc', id: npcId }, SheetsService.system(system), req);
  }

  @Get(':npcId/conditions')
  @ApiOperation({ summary: 'An NPC’s condition ledger (other keys: only when its numbers are shown)' })
  @ApiOkResponse({ type: ConditionEntryPage })
  async conditions(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Query() query: PageQuery,
  ) {
    const owner = await this.npcs.withNumbers(this.db.manager, who, npcId);
    return this.sheets.conditions(this.db.manager, owner, query);
  }

  @Post(':npcId/condition-adjustments')
  @Roles('referee')
  @ApiOperation({ summary: 'Change one tracked value of an NPC directly, with a reason (referee)' })
  @ApiCreatedResponse({ type: ConditionAdjustmentResult })
  adjust(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Body() input: ConditionAdjustmentInput,
    @Req() req: ArbiterRequest,
  ): Promise<ConditionAdjustmentResult> {
    return this.sheets.adjust(who, { kind: 'npc', id: npcId }, input, req);
  }

  @Post(':npcId/checks')
  @Roles('referee')
  @ApiOperation({
    summary: 'A check that reads the NPC’s sheet (referee); sealed unless the NPC’s numbers are shown',
  })
  @ApiCreatedResponse({ type: SheetCheckResult })
  check(
    @CurrentPrincipal() who: Principal,
    @Param('npcId') npcId: string,
    @Body() input: SheetCheckInput,
    @Req() req: ArbiterRequest,
  ): Promise<SheetCheckResult> {
    return this.checks.npcCheck(who, npcId, input, req);
  }
}
