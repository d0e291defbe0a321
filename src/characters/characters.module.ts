import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChecksModule } from '../checks/checks.module';
import { WealthModule } from '../wealth/wealth.module';
import { HirelingPurchases } from './hireling-purchases';
import { CHARACTER_ENTITIES } from './characters.entities';
import { CharacterSheetsController, NpcsController } from './characters.controller';
import { CharactersResolver } from './characters.resolver';
import { GmSettingsController, GmSettingsResolver } from './gm-settings.controller';
import { GmSettingsService } from './gm-settings.service';
import { FollowersService } from './followers.service';
import { InventoryDerivation } from './inventory-derivation';
import { NpcsService } from './npcs.service';
import { SheetChecksService } from './sheet-checks.service';
import { SheetsService } from './sheets.service';

/**
 * Characters (SPEC 6.1): a sheet per system for characters and NPCs, the condition ledger every
 * tracked value changes through, NPCs with their secrecy, and checks that read the sheet. Other
 * domains import it and use SheetsService (read sheets, change tracked values) and
 * SheetChecksService.addModifier (their say in every sheet check).
 */
@Module({
  imports: [TypeOrmModule.forFeature(CHARACTER_ENTITIES), ChecksModule, WealthModule],
  controllers: [CharacterSheetsController, NpcsController, GmSettingsController],
  providers: [
    SheetsService,
    NpcsService,
    SheetChecksService,
    CharactersResolver,
    InventoryDerivation,
    HirelingPurchases,
    GmSettingsService,
    FollowersService,
    GmSettingsResolver,
  ],
  exports: [SheetsService, NpcsService, SheetChecksService],
})
export class CharactersModule {}
