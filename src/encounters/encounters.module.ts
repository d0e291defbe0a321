import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CampaignEncountersController, EncountersController } from './encounters.controller';
import { EncounterSettingsEntity, RecurringCastEntity, RefereeTableEntity } from './encounters.entities';
import { EncountersResolver } from './encounters.resolver';
import { EncountersService } from './encounters.service';
import { EncounterSettingsController, RecurringCastController, TablesController } from './tables.controller';
import { TablesResolver } from './tables.resolver';
import { TablesService } from './tables.service';

/**
 * Encounters (SPEC 5.4): stateless rolls, referee tables (import, export, draws), the recurring cast,
 * campaign encounter checks and the checks the clock makes due.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RefereeTableEntity, RecurringCastEntity, EncounterSettingsEntity])],
  controllers: [
    EncountersController,
    CampaignEncountersController,
    TablesController,
    RecurringCastController,
    EncounterSettingsController,
  ],
  providers: [EncountersService, EncountersResolver, TablesService, TablesResolver],
  exports: [EncountersService, TablesService],
})
export class EncountersModule {}
