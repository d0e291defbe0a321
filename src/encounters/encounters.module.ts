import { Module } from '@nestjs/common';
import { CampaignEncountersController, EncountersController } from './encounters.controller';
import { EncountersResolver } from './encounters.resolver';
import { EncountersService } from './encounters.service';

/** Encounter procedures: stateless rolls, campaign encounter checks, and the checks the clock makes due. */
@Module({
  controllers: [EncountersController, CampaignEncountersController],
  providers: [EncountersService, EncountersResolver],
})
export class EncountersModule {}
