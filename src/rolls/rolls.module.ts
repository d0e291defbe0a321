import { Global, Module } from '@nestjs/common';
import { RandomService } from '../common/random.service';
import { ProcedureRegistry } from './procedures';
import { RollsController } from './rolls.controller';
import { RollsResolver } from './rolls.resolver';
import { RollsService } from './rolls.service';

/** The roll log and the procedure registry every domain module rolls through. */
@Global()
@Module({
  controllers: [RollsController],
  providers: [RollsService, RollsResolver, ProcedureRegistry, RandomService],
  exports: [RollsService, ProcedureRegistry, RandomService],
})
export class RollsModule {}
