import { Module } from '@nestjs/common';
import { RollsModule } from '../rolls/rolls.module';
import { AuditController } from './audit.controller';
import { AuditResolver } from './audit.resolver';
import { AuditService } from './audit.service';

/** The campaign audit (issue 39): the roll log replayed and the sheets against their ledgers. */
@Module({
  imports: [RollsModule],
  controllers: [AuditController],
  providers: [AuditService, AuditResolver],
})
export class AuditModule {}
