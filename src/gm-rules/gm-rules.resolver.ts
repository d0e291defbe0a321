import { Args, Query, Resolver } from '@nestjs/graphql';
import {
  GmCarvingInput,
  GmFullHelmetInput,
  GmItemTaskInput,
  GmLightInput,
  GmLoadInput,
  GmLockInput,
  GmRidingInput,
  GmStrengthBowPriceInput,
  GmVerveTestInput,
} from './gm-rules.inputs';
import {
  GmCarvingResult,
  GmFullHelmetResult,
  GmItemTaskResult,
  GmLightResult,
  GmLoadResult,
  GmLockResult,
  GmRidingResult,
  GmStrengthBowPriceResult,
  GmVerveTestResult,
} from './gm-rules.results';
import { GmRulesService } from './gm-rules.service';

/** The GraphQL twins of the G&M last-rules routes (no dice: queries, like the other calculators). */
@Resolver()
export class GmRulesResolver {
  constructor(private readonly rules: GmRulesService) {}

  @Query(() => GmCarvingResult, { description: 'G&M: a carving in bone, metal or stone.' })
  gmCarving(@Args('input') input: GmCarvingInput) {
    return this.rules.carving(input);
  }

  @Query(() => GmLockResult, { description: 'G&M: a better lock and its penalty to picking.' })
  gmLock(@Args('input') input: GmLockInput) {
    return this.rules.lock(input);
  }

  @Query(() => GmLightResult, { description: 'G&M: a candle, torch or lantern.' })
  gmLightSource(@Args('input') input: GmLightInput) {
    return this.rules.light(input);
  }

  @Query(() => GmItemTaskResult, { description: 'G&M: rounds a task with an item takes.' })
  gmItemTask(@Args('input') input: GmItemTaskInput) {
    return this.rules.itemTask(input);
  }

  @Query(() => GmFullHelmetResult, { description: 'G&M: a full helmet.' })
  gmFullHelmet(@Args('input') input: GmFullHelmetInput) {
    return this.rules.fullHelmet(input);
  }

  @Query(() => GmStrengthBowPriceResult, { description: 'G&M: a weapon built for strength.' })
  gmStrengthBow(@Args('input') input: GmStrengthBowPriceInput) {
    return this.rules.strengthBow(input);
  }

  @Query(() => GmLoadResult, { description: 'G&M: what a character carries.' })
  gmLoad(@Args('input') input: GmLoadInput) {
    return this.rules.load(input);
  }

  @Query(() => GmRidingResult, { description: 'G&M: riding on a blanket or bareback.' })
  gmRiding(@Args('input') input: GmRidingInput) {
    return this.rules.riding(input);
  }

  @Query(() => GmVerveTestResult, { description: 'G&M: the four tests of an archetypal loss.' })
  gmVerveTest(@Args('input') input: GmVerveTestInput) {
    return this.rules.verveTest(input);
  }
}
