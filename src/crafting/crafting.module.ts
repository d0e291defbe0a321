import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChecksModule } from '../checks/checks.module';
import { InventoryModule } from '../inventory/inventory.module';
import { MagicModule } from '../magic/magic.module';
import { WealthModule } from '../wealth/wealth.module';
import { CraftingProjectsController, CraftingReferenceController } from './crafting.controller';
import { CRAFTING_ENTITIES } from './crafting.entities';
import { CraftingResolver } from './crafting.resolver';
import { CraftingService } from './crafting.service';
import { CharacterDowntimeController, ProjectClocksController } from './downtime.controller';
import { CraftingDowntimeResolver } from './downtime.resolver';
import { CraftingDowntimeService } from './downtime.service';

/**
 * Crafting (SPEC 5.5): Archsoul requirements, crafting rolls and crafting projects in a campaign,
 * and COEAC downtime projects (project clocks, attunement, artifact rituals, orbs). Rolls, the
 * registry, campaigns and campaign state come from global modules.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature(CRAFTING_ENTITIES),
    WealthModule,
    ChecksModule,
    InventoryModule,
    MagicModule,
  ],
  controllers: [
    CraftingReferenceController,
    CraftingProjectsController,
    ProjectClocksController,
    CharacterDowntimeController,
  ],
  providers: [CraftingService, CraftingResolver, CraftingDowntimeService, CraftingDowntimeResolver],
})
export class CraftingModule {}
