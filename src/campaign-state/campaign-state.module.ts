import { Global, Module } from '@nestjs/common';
import { WealthModule } from '../wealth/wealth.module';
import {
  ClockController,
  DowntimeController,
  RosterController,
  TravelController,
} from './campaign-state.controller';
import { CampaignStateResolver } from './campaign-state.resolver';
import { CampaignStateService } from './campaign-state.service';
import { TreasuryController } from './treasury.controller';
import { CampaignTreasuryResolver, TreasuryResolver } from './treasury.resolver';
import { TreasuryService } from './treasury.service';

/**
 * Campaign state every rule domain shares (SPEC 5.6): clock, roster, downtime actions and the
 * company treasury. Global, so domain modules inject CampaignStateService without importing it.
 */
@Global()
@Module({
  providers: [CampaignStateService, CampaignStateResolver],
  controllers: [ClockController, RosterController, DowntimeController, TravelController],
  exports: [CampaignStateService],
})
export class CampaignStateModule {}

/** The treasury's routes: they move characters' Cash too, so they sit beside the wealth module. */
@Module({
  imports: [WealthModule],
  providers: [TreasuryService, TreasuryResolver, CampaignTreasuryResolver],
  controllers: [TreasuryController],
})
export class TreasuryModule {}
