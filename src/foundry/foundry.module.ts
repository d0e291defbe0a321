import { Module } from '@nestjs/common';
import { CharactersModule } from '../characters/characters.module';
import { InventoryModule } from '../inventory/inventory.module';
import { FoundryCairnController } from './foundry-cairn.controller';
import { FoundryCairnResolver } from './foundry-cairn.resolver';
import { FoundryCairnService } from './foundry-cairn.service';

/** Foundry VTT's Cairn actors in and out of a campaign's characters and NPCs (issue 40). */
@Module({
  imports: [CharactersModule, InventoryModule],
  controllers: [FoundryCairnController],
  providers: [FoundryCairnService, FoundryCairnResolver],
})
export class FoundryModule {}
