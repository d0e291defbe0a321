import { Module } from '@nestjs/common';
import { CombatController } from './combat.controller';
import { CombatResolver } from './combat.resolver';
import { CombatService } from './combat.service';

/** Combat (SPEC 6.3): the stateless resolutions of COEAC, Cairn and G&M. */
@Module({
  controllers: [CombatController],
  providers: [CombatService, CombatResolver],
  exports: [CombatService],
})
export class CombatModule {}
