import { Module } from '@nestjs/common';
import { WealthOddsController, WealthReferenceController } from './wealth-reference.controller';
import { WealthReferenceResolver } from './wealth-reference.resolver';
import { WealthReferenceService } from './wealth-reference.service';
import { WealthRollsService } from './wealth-rolls.service';

/**
 * Stateless wealth: COEAC Cash rolls and their wager odds, reference tables, G&M money calculators.
 * Rolls, the registry and the random service come from the global RollsModule.
 */
@Module({
  controllers: [WealthReferenceController, WealthOddsController],
  providers: [WealthRollsService, WealthReferenceService, WealthReferenceResolver],
  exports: [WealthRollsService, WealthReferenceService],
})
export class WealthReferenceModule {}
