import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryController, InventorySettingsController } from './inventory.controller';
import { InventoryCarrierEntity, InventoryItemEntity } from './inventory.entities';
import { CharacterInventoryResolver, InventoryResolver } from './inventory.resolver';
import { InventoryService } from './inventory.service';

/**
 * COEAC inventories: slots, carriers, depletion and materials in dice. Other domains (treasure,
 * crafting) put things in and take them out through InventoryService in their own transactions.
 */
@Module({
  imports: [TypeOrmModule.forFeature([InventoryItemEntity, InventoryCarrierEntity])],
  controllers: [InventoryController, InventorySettingsController],
  providers: [InventoryService, InventoryResolver, CharacterInventoryResolver],
  exports: [InventoryService, TypeOrmModule],
})
export class InventoryModule {}
