import { Module } from '@nestjs/common';
import { HazardsController } from './hazards.controller';
import { HazardsResolver } from './hazards.resolver';
import { HazardsService } from './hazards.service';

/**
 * Hazards (SPEC 6.4), stateless half: falls, jumps, suffocation and exertion with the numbers in the
 * request. Rolls and the procedure registry come from global modules.
 */
@Module({
  controllers: [HazardsController],
  providers: [HazardsService, HazardsResolver],
})
export class HazardsModule {}
