import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CharactersModule } from '../../characters/characters.module';
import { HarmModule } from '../../harm/harm.module';
import { InventoryModule } from '../../inventory/inventory.module';
import { CairnCampaignMagicController, CairnMagicController } from './cairn-magic.controller';
import { CairnMagicItemEntity } from './cairn-magic.entities';
import { CairnMagicResolver } from './cairn-magic.resolver';
import { CairnMagicService } from './cairn-magic.service';

/**
 * Cairn magic (SPEC 6.5, the Cairn half; docs/magic-cairn.md): the 100 spells as data, stateless
 * casts, and stored characters casting from the spellbooks, scrolls and relics of their inventory,
 * with Fatigue as inventory items. CairnMagicService.clearFatigue is the hook a rest uses.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CairnMagicItemEntity]), CharactersModule, InventoryModule, HarmModule],
  controllers: [CairnMagicController, CairnCampaignMagicController],
  providers: [CairnMagicService, CairnMagicResolver],
  exports: [CairnMagicService],
})
export class CairnMagicModule {}
