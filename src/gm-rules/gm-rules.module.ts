import { Module } from '@nestjs/common';
import { GmEquipmentController, GmRidingController, GmVerveTestsController } from './gm-rules.controller';
import { GmRulesResolver } from './gm-rules.resolver';
import { GmRulesService } from './gm-rules.service';
import { CharactersModule } from '../characters/characters.module';
import { GmGroupTasksController, GmGroupTasksResolver, GmGroupTasksService } from './gm-group-tasks';
import {
  GmStartingPurchasesController,
  GmStartingPurchasesResolver,
  GmStartingPurchasesService,
} from './gm-starting-purchases';
import { WealthModule } from '../wealth/wealth.module';
import { GmGearChecks } from './gm-gear-checks';

/** G&M's last rules (issue 43): equipment side rules, riding, the verve tests, group attempts at tasks. */
@Module({
  imports: [CharactersModule, WealthModule],
  controllers: [
    GmEquipmentController,
    GmRidingController,
    GmVerveTestsController,
    GmGroupTasksController,
    GmStartingPurchasesController,
  ],
  providers: [
    GmRulesService,
    GmRulesResolver,
    GmGroupTasksService,
    GmGroupTasksResolver,
    GmStartingPurchasesService,
    GmStartingPurchasesResolver,
    GmGearChecks,
  ],
})
export class GmRulesModule {}
