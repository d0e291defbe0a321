import { HarmModule } from '../harm/harm.module';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CharactersModule } from '../characters/characters.module';
import { WealthModule } from '../wealth/wealth.module';
import { EncountersModule } from '../encounters/encounters.module';
import { MagicCampaignController, MagicSettingsController } from './magic-campaign.controller';
import { MagicCampaignResolver } from './magic-campaign.resolver';
import { MagicCampaignService } from './magic-campaign.service';
import { GmCastController } from './gm-cast.controller';
import { GmCastResolver } from './gm-cast.resolver';
import { GmCastService } from './gm-cast.service';
import { MagicController } from './magic.controller';
import { MAGIC_ENTITIES } from './magic.entities';
import { MagicResolver } from './magic.resolver';
import { MagicService } from './magic.service';

/**
 * Magic (SPEC 6.5), COEAC: channeling, counterspells, Spell Mastery, catastrophes, the 80-spell
 * catalogue and a random spell, stateless; and a stored character's casts, live and bound spells and
 * counterspells; a stored G&M sorceror's cast of a memorised spell (gm-cast.*). (Cairn casting has
 * its own CairnMagicModule under ./cairn.)
 */
@Module({
  imports: [
    TypeOrmModule.forFeature(MAGIC_ENTITIES),
    CharactersModule,
    WealthModule,
    EncountersModule,
    HarmModule,
  ],
  controllers: [MagicController, MagicCampaignController, MagicSettingsController, GmCastController],
  providers: [
    MagicService,
    MagicResolver,
    MagicCampaignService,
    MagicCampaignResolver,
    GmCastService,
    GmCastResolver,
  ],
  exports: [MagicService, MagicCampaignService],
})
export class MagicModule {}
