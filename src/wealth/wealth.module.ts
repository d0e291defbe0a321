import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory/inventory.module';
import { LedgerEntryEntity, SessionUseEntity } from './wealth.entities';
import { CharacterWealthController, WealthSettingsController } from './wealth.controller';
import { WealthResolver } from './wealth.resolver';
import { WealthService } from './wealth.service';

/** COEAC Cash and Wealth in a campaign: the ledger, purchases, sales, income and improving Wealth. */
@Module({
  imports: [TypeOrmModule.forFeature([LedgerEntryEntity, SessionUseEntity]), InventoryModule],
  controllers: [CharacterWealthController, WealthSettingsController],
  providers: [WealthService, WealthResolver],
  exports: [WealthService],
})
export class WealthModule {}
