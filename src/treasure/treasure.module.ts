import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory/inventory.module';
import { WealthModule } from '../wealth/wealth.module';
import { HordesController } from './hordes.controller';
import { HordesResolver, TreasureSettingsResolver } from './hordes.resolver';
import { HordesService } from './hordes.service';
import { TreasureReferenceController } from './treasure-reference.controller';
import { TreasureReferenceResolver } from './treasure-reference.resolver';
import { TreasureReferenceService } from './treasure-reference.service';
import { HordeEntity } from './treasure.entities';
import { TreasureSettingsController } from './treasure-settings.controller';
import { TreasureSettingsService } from './treasure-settings.service';

/**
 * Treasure: the tables and stateless rolls (caches, site hordes, artifacts, harvests, spellbooks,
 * loot experience), and hordes in a campaign (secret until discovered, divided once, converted into
 * Cash in a haven). Inventories are their own module, which this one fills.
 */
@Module({
  imports: [TypeOrmModule.forFeature([HordeEntity]), WealthModule, InventoryModule],
  controllers: [TreasureReferenceController, HordesController, TreasureSettingsController],
  providers: [
    TreasureReferenceService,
    TreasureReferenceResolver,
    HordesService,
    HordesResolver,
    TreasureSettingsService,
    TreasureSettingsResolver,
  ],
})
export class TreasureModule {}
