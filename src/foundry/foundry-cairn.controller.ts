import { Body, Controller, Get, Param, Post, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import { FoundryCairnImportInput, FoundryCairnNpcImportInput } from './foundry-cairn.inputs';
import { FoundryCairnCharacterImport, FoundryCairnNpcImport } from './foundry-cairn.results';
import { FoundryCairnService } from './foundry-cairn.service';

const ACTOR = { schema: { type: 'object', additionalProperties: true } } as const;
const NO_SHEET = { description: 'SHEET_MISSING: it has no Cairn sheet to export.' };

/** Foundry VTT Cairn actors in and out, under the characters and NPCs of a campaign (issue 40). */
@ApiTags('characters')
@ApiBearerAuth()
@Controller('campaigns/:campaignId')
export class FoundryCairnController {
  constructor(private readonly foundry: FoundryCairnService) {}

  @Post('characters/import/foundry-cairn')
  @Roles('referee')
  @ApiOperation({
    summary:
      'Import Foundry VTT Cairn actors (one export or a folder’s list) as characters with a Cairn sheet and inventory (referee); names what does not map',
  })
  @ApiCreatedResponse({ type: FoundryCairnCharacterImport })
  importCharacters(
    @CurrentPrincipal() who: Principal,
    @Body() input: FoundryCairnImportInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.foundry.importCharacters(who, input, req);
  }

  @Get('characters/:characterId/export/foundry-cairn')
  @ApiOperation({ summary: 'The character as a Foundry VTT Cairn actor, ready to import in Foundry' })
  @ApiOkResponse(ACTOR)
  @ApiUnprocessableEntityResponse(NO_SHEET)
  async exportCharacter(@CurrentPrincipal() who: Principal, @Param('characterId') characterId: string) {
    return (await this.foundry.exportCharacter(who, characterId)).document;
  }

  @Post('npcs/import/foundry-cairn')
  @Roles('referee')
  @ApiOperation({
    summary:
      'Import Foundry VTT Cairn actors (one export or a folder’s list) as NPCs with a Cairn sheet (referee); names what does not map',
  })
  @ApiCreatedResponse({ type: FoundryCairnNpcImport })
  importNpcs(
    @CurrentPrincipal() who: Principal,
    @Body() input: FoundryCairnNpcImportInput,
    @Req() req: ArbiterRequest,
  ) {
    return this.foundry.importNpcs(who, input, req);
  }

  @Get('npcs/:npcId/export/foundry-cairn')
  @ApiOperation({
    summary: 'The NPC as a Foundry VTT Cairn actor (the referee; other keys when its numbers are shown)',
  })
  @ApiOkResponse(ACTOR)
  @ApiUnprocessableEntityResponse(NO_SHEET)
  async exportNpc(@CurrentPrincipal() who: Principal, @Param('npcId') npcId: string) {
    return (await this.foundry.exportNpc(who, npcId)).document;
  }
}
