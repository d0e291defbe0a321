import { Module } from '@nestjs/common';
import { GmEquipmentController, GmRidingController, GmVerveTestsController } from './gm-rules.controller';
import { GmRulesResolver } from './gm-rules.resolver';
import { GmRulesService } from './gm-rules.service';

/** G&M's last stateless rules (issue 43): equipment side rules, riding, the verve tests. */
@Module({
  controllers: [GmEquipmentController, GmRidingController, GmVerveTestsController],
  providers: [GmRulesService, GmRulesResolver],
})
export class GmRulesModule {}
