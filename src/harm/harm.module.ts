import { Module } from '@nestjs/common';
import { HarmController } from './harm.controller';
import { HarmResolver } from './harm.resolver';
import { HarmService } from './harm.service';

/**
 * Harm and recovery (SPEC 6.2): the stateless procedures of all four systems. The campaign half
 * (applying the changes to stored sheets through the condition ledger) builds on HarmService.
 */
@Module({
  controllers: [HarmController],
  providers: [HarmService, HarmResolver],
  exports: [HarmService],
})
export class HarmModule {}
