import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CharactersModule } from '../characters/characters.module';
import { WealthModule } from '../wealth/wealth.module';
import {
  CampaignAdvancementController,
  CharacterAdvancementController,
} from './advancement-campaign.controller';
import { AdvancementCampaignResolver } from './advancement-campaign.resolver';
import { AdvancementCampaignService } from './advancement-campaign.service';
import { AdvancementController } from './advancement.controller';
import { ADVANCEMENT_ENTITIES } from './advancement.entities';
import { AdvancementResolver } from './advancement.resolver';
import { AdvancementService } from './advancement.service';

/**
 * Advancement (SPEC 6.6): the stateless G&M mojo, study and level answers and COEAC Circles and
 * recognition, and the campaign half over the stored sheets. See docs/advancement.md.
 */
@Module({
  imports: [TypeOrmModule.forFeature(ADVANCEMENT_ENTITIES), CharactersModule, WealthModule],
  controllers: [AdvancementController, CharacterAdvancementController, CampaignAdvancementController],
  providers: [
    AdvancementService,
    AdvancementResolver,
    AdvancementCampaignService,
    AdvancementCampaignResolver,
  ],
  exports: [AdvancementCampaignService],
})
export class AdvancementModule {}
