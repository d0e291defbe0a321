import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdvancementModule } from '../advancement/advancement.module';
import { CharactersModule } from '../characters/characters.module';
import { HarmModule } from '../harm/harm.module';
import { HazardsModule } from '../hazards/hazards.module';
import { InventoryModule } from '../inventory/inventory.module';
import { MagicModule } from '../magic/magic.module';
import { ArchsoulAttacksController } from './archsoul-attacks.controller';
import { ArchsoulAttacksResolver } from './archsoul-attacks.resolver';
import { ArchsoulAttacksService } from './archsoul-attacks.service';
import { COMBAT_ENTITIES } from './combat-campaign.entities';
import { MASS_CONFLICT_ENTITIES } from './mass-conflicts.entities';
import { MassConflictsController } from './mass-conflicts.controller';
import { MassConflictsResolver } from './mass-conflicts.resolver';
import { MassConflictsService } from './mass-conflicts.service';
import { CombatsController } from './combat-campaign.controller';
import { CombatCampaignResolver } from './combat-campaign.resolver';
import { CombatCampaignService } from './combat-campaign.service';
import { CairnCombatActions } from './combat-actions.cairn';
import { CoeacCombatActions } from './combat-actions.coeac';
import { GmCombatActions } from './combat-actions.gm';
import { CombatActionsService } from './combat-actions.service';
import { CombatController } from './combat.controller';
import { CombatResolver } from './combat.resolver';
import { CombatService } from './combat.service';

/**
 * Combat (SPEC 6.3): the stateless resolutions of COEAC, Cairn and G&M, and combats stored in a
 * campaign (CombatCampaignService), whose attacks apply harm through SheetHarmService.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([...COMBAT_ENTITIES, ...MASS_CONFLICT_ENTITIES]),
    CharactersModule,
    HarmModule,
    HazardsModule,
    InventoryModule,
    AdvancementModule,
    MagicModule,
  ],
  controllers: [CombatController, CombatsController, MassConflictsController, ArchsoulAttacksController],
  providers: [
    CombatService,
    CombatResolver,
    CombatCampaignService,
    CombatCampaignResolver,
    CombatActionsService,
    CairnCombatActions,
    CoeacCombatActions,
    GmCombatActions,
    MassConflictsService,
    MassConflictsResolver,
    ArchsoulAttacksService,
    ArchsoulAttacksResolver,
  ],
  exports: [CombatService],
})
export class CombatModule {}
