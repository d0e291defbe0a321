import { Module } from '@nestjs/common';
import { CharactersModule } from '../characters/characters.module';
import { HarmModule } from '../harm/harm.module';
import {
  CharacterAilmentsController,
  CharacterStatusesController,
  HazardsCampaignController,
  PartyHazardsController,
} from './hazards-campaign.controller';
import { HazardsAilmentsService } from './hazards-ailments.service';
import { HazardsCampaignResolver } from './hazards-campaign.resolver';
import { HazardsCampaignService } from './hazards-campaign.service';
import { HazardsSheetChecks } from './hazards-checks';
import { HazardsController } from './hazards.controller';
import { HazardsResolver } from './hazards.resolver';
import { HazardsService } from './hazards.service';

/**
 * Hazards (SPEC 6.4): the stateless procedures with the numbers in the request, and the campaign
 * route that applies one to a stored sheet. Rolls and the procedure registry come from global modules.
 */
@Module({
  imports: [CharactersModule, HarmModule],
  controllers: [
    HazardsController,
    HazardsCampaignController,
    PartyHazardsController,
    CharacterAilmentsController,
    CharacterStatusesController,
  ],
  providers: [
    HazardsService,
    HazardsResolver,
    HazardsCampaignService,
    HazardsCampaignResolver,
    HazardsSheetChecks,
    HazardsAilmentsService,
  ],
  // Stored combats count G&M statuses down by their rounds.
  exports: [HazardsAilmentsService],
})
export class HazardsModule {}
