import { Module } from '@nestjs/common';
import { GmEquipmentController, GmRidingController, GmVerveTestsController } from './gm-rules.controller';
import { GmRulesResolver } from './gm-rules.resolver';
import { GmRulesService } from './gm-rules.service';
import { CharactersModule } from '../characters/characters.module';
import { GmGroupTasksController, GmGroupTasksResolver, GmGroupTasksService } from './gm-group-tasks';

/** G&M's last rules (issue 43): equipment side rules, riding, the verve tests, group attempts at tasks. */
@Module({
  imports: [CharactersModule],
  controllers: [GmEquipmentController, GmRidingController, GmVerveTestsController, GmGroupTasksController],
  providers: [GmRulesService, GmRulesResolver, GmGroupTasksService, GmGroupTasksResolver],
})
export class GmRulesModule {}
