import { Module } from '@nestjs/common';
import { AdvancementController } from './advancement.controller';
import { AdvancementResolver } from './advancement.resolver';
import { AdvancementService } from './advancement.service';

/** Stateless advancement (G&M mojo costs and bids). See docs/advancement.md. */
@Module({
  controllers: [AdvancementController],
  providers: [AdvancementService, AdvancementResolver],
})
export class AdvancementModule {}
