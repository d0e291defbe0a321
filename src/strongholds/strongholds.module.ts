import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChecksModule } from '../checks/checks.module';
import { WealthModule } from '../wealth/wealth.module';
import {
  CampaignStrongholdsController,
  CompanyIncomeController,
  StrongholdsReferenceController,
} from './strongholds.controller';
import {
  CompanyIncomeEntity,
  StrongholdEntity,
  StrongholdImprovementEntity,
  StrongholdTagEntity,
} from './strongholds.entities';
import {
  CampaignStrongholdsResolver,
  CharacterStrongholdsResolver,
  StrongholdsResolver,
} from './strongholds.resolver';
import { StrongholdsService } from './strongholds.service';

/**
 * COEAC strongholds: the stateless improvement roll and reference lists, and strongholds in a
 * campaign (improvements paid by characters and the treasury, tags, tag dice, company income). It
 * plugs its dice into wealth's income and the campaign pool check through their hooks, so neither
 * of them depends on it.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      StrongholdEntity,
      StrongholdTagEntity,
      StrongholdImprovementEntity,
      CompanyIncomeEntity,
    ]),
    WealthModule,
    ChecksModule,
  ],
  controllers: [StrongholdsReferenceController, CampaignStrongholdsController, CompanyIncomeController],
  providers: [
    StrongholdsService,
    StrongholdsResolver,
    CharacterStrongholdsResolver,
    CampaignStrongholdsResolver,
  ],
})
export class StrongholdsModule {}
