import { Module } from '@nestjs/common';
import { CampaignChecksController, ChecksController, OddsController } from './checks.controller';
import { ChecksResolver } from './checks.resolver';
import { ChecksService } from './checks.service';

@Module({
  controllers: [ChecksController, CampaignChecksController, OddsController],
  providers: [ChecksService, ChecksResolver],
  exports: [ChecksService],
})
export class ChecksModule {}
