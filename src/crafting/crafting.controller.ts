import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { PageQuery } from '../common/pagination';
import type { ArbiterRequest } from '../common/request-context';
import { CraftingService } from './crafting.service';
import {
  CraftingMaterialsInput,
  CraftingProjectRollInput,
  CraftingRequirementsInput,
  CraftingRollInput,
  CreateCraftingProjectInput,
} from './crafting.inputs';
import {
  CraftingProject,
  CraftingProjectPage,
  CraftingProjectRollResult,
  CraftingRequirements,
  CraftingRollResult,
} from './crafting.results';

/** Stateless Archsoul crafting: no key, nothing stored. */
@ApiTags('crafting')
@Controller('crafting')
export class CraftingReferenceController {
  constructor(private readonly crafting: CraftingService) {}

  @Post('requirements')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Archsoul crafting requirements: materials (25 % of price) and successes (0.05/copper)',
  })
  @ApiOkResponse({ type: CraftingRequirements })
  requirements(@Body() input: CraftingRequirementsInput): CraftingRequirements {
    return this.crafting.requirements(input);
  }

  @Post('rolls')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Archsoul crafting roll: Intellect + skill against complexity + circumstances (2–6)',
  })
  @ApiOkResponse({ type: CraftingRollResult })
  roll(@Body() input: CraftingRollInput, @Req() req: ArbiterRequest): CraftingRollResult {
    return this.crafting.roll(input, req);
  }
}

@ApiTags('crafting')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/crafting-projects')
export class CraftingProjectsController {
  constructor(private readonly crafting: CraftingService) {}

  @Post()
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Start a crafting project (materials for `copies` copies on hand)' })
  @ApiCreatedResponse({ type: CraftingProject })
  create(
    @CurrentPrincipal() who: Principal,
    @Body() input: CreateCraftingProjectInput,
    @Req() req: ArbiterRequest,
  ): Promise<CraftingProject> {
    return this.crafting.createProject(who, input, req);
  }

  @Get()
  @ApiOperation({ summary: 'The campaign’s crafting projects, oldest first' })
  @ApiOkResponse({ type: CraftingProjectPage })
  list(@CurrentPrincipal() who: Principal, @Query() query: PageQuery) {
    return this.crafting.listProjects(who, query);
  }

  @Get(':projectId')
  @ApiOperation({ summary: 'One crafting project' })
  @ApiOkResponse({ type: CraftingProject })
  get(@CurrentPrincipal() who: Principal, @Param('projectId') id: string): Promise<CraftingProject> {
    return this.crafting.getProject(who, id);
  }

  @Delete(':projectId')
  @Roles('referee')
  @ApiOperation({ summary: 'Abandon a crafting project (referee); its rolls stay in the log' })
  @ApiOkResponse({ type: CraftingProject })
  abandon(
    @CurrentPrincipal() who: Principal,
    @Param('projectId') id: string,
    @Req() req: ArbiterRequest,
  ): Promise<CraftingProject> {
    return this.crafting.abandonProject(who, id, req);
  }

  @Post(':projectId/rolls')
  @Roles('referee', 'player')
  @ApiOperation({
    summary: 'A character’s crafting roll toward the project (once per character per in-game day)',
  })
  @ApiCreatedResponse({ type: CraftingProjectRollResult })
  roll(
    @CurrentPrincipal() who: Principal,
    @Param('projectId') id: string,
    @Body() input: CraftingProjectRollInput,
    @Req() req: ArbiterRequest,
  ): Promise<CraftingProjectRollResult> {
    return this.crafting.rollForProject(who, id, input, req);
  }

  @Post(':projectId/materials')
  @HttpCode(200)
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Record materials bought: replace ruined ones (`amount`) and/or add copies' })
  @ApiOkResponse({ type: CraftingProject })
  materials(
    @CurrentPrincipal() who: Principal,
    @Param('projectId') id: string,
    @Body() input: CraftingMaterialsInput,
    @Req() req: ArbiterRequest,
  ): Promise<CraftingProject> {
    return this.crafting.buyMaterials(who, id, input, req);
  }
}
