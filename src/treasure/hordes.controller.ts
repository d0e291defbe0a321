import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { PageQuery } from '../common/pagination';
import type { ArbiterRequest } from '../common/request-context';
import { HordesService } from './hordes.service';
import { CreateHordeInput, DivideHordeInput, PlaceSiteHordesInput } from './treasure.inputs';
import {
  DivisionResult,
  Horde,
  HordePage,
  PlacedSiteHordes,
  TreasureConversionResult,
} from './treasure.results';

@ApiTags('treasure')
@ApiBearerAuth()
@Controller('campaigns/:campaignId')
export class HordesController {
  constructor(private readonly hordes: HordesService) {}

  @Get('hordes')
  @ApiOperation({ summary: 'Hordes, oldest first (other keys than the referee’s see discovered ones only)' })
  @ApiOkResponse({ type: HordePage })
  list(@CurrentPrincipal() who: Principal, @Query() query: PageQuery) {
    return this.hordes.list(who, query);
  }

  @Get('hordes/:hordeId')
  @ApiOperation({ summary: 'One horde (404 for other keys until it is discovered)' })
  @ApiOkResponse({ type: Horde })
  get(@CurrentPrincipal() who: Principal, @Param('hordeId') hordeId: string) {
    return this.hordes.get(who, hordeId);
  }

  @Post('hordes')
  @Roles('referee')
  @ApiOperation({
    summary: 'Place a horde (referee; secret until discovered; generate rolls a cache in secret)',
  })
  @ApiCreatedResponse({ type: Horde })
  create(@CurrentPrincipal() who: Principal, @Body() input: CreateHordeInput, @Req() req: ArbiterRequest) {
    return this.hordes.create(who, input, req);
  }

  @Post('sites/hordes')
  @Roles('referee')
  @ApiOperation({ summary: 'Place a site’s hordes by the rule (referee; secret rolls)' })
  @ApiCreatedResponse({ type: PlacedSiteHordes })
  placeSite(
    @CurrentPrincipal() who: Principal,
    @Body() input: PlaceSiteHordesInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.hordes.placeSite(who, input, req);
  }

  @Post('hordes/:hordeId/discovery')
  @HttpCode(200)
  @Roles('referee')
  @ApiOperation({ summary: 'The characters find the horde: it and its rolls are revealed (referee)' })
  @ApiOkResponse({ type: Horde })
  discover(
    @CurrentPrincipal() who: Principal,
    @Param('hordeId') hordeId: string,
    @Req() req: ArbiterRequest,
  ) {
    return this.hordes.discover(who, hordeId, req);
  }

  @Post('hordes/:hordeId/division')
  @Roles('referee')
  @ApiOperation({ summary: 'Divide a discovered horde once: Cash by shares and lot, items into inventories' })
  @ApiCreatedResponse({ type: DivisionResult })
  divide(
    @CurrentPrincipal() who: Principal,
    @Param('hordeId') hordeId: string,
    @Body() input: DivideHordeInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.hordes.divide(who, hordeId, input ?? {}, req);
  }

  @Post('characters/:characterId/treasure-conversions')
  @Roles('referee', 'player')
  @ApiOperation({ summary: 'Turn carried treasure and commodities into Cash at face value (haven only)' })
  @ApiCreatedResponse({ type: TreasureConversionResult })
  convert(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Req() req: ArbiterRequest,
  ) {
    return this.hordes.convert(who, characterId, req);
  }
}
