import { Injectable } from '@nestjs/common';
import {
  gmCarving,
  gmFullHelmet,
  gmItemTask,
  gmLight,
  gmLoad,
  gmLock,
  gmRiding,
  gmStrengthBow,
} from '../core/wealth/gm-equipment-rules';
import { gmVerveTest } from '../core/harm/gm-verve-tests';
import { withoutNulls } from '../wealth/reference/without-nulls';
import type {
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

/**
 * G&M's last stateless rules (issue 43): the equipment side rules that carry numbers and the four
 * verve tests. Nothing rolls and nothing is stored; the REST controllers and the GraphQL resolver both
 * call these methods.
 */
@Injectable()
export class GmRulesService {
  carving(input: GmCarvingInput) {
    return gmCarving(withoutNulls(input) as never);
  }

  lock(input: GmLockInput) {
    return gmLock(withoutNulls(input) as never);
  }

  light(input: GmLightInput) {
    return gmLight(withoutNulls(input) as never);
  }

  itemTask(input: GmItemTaskInput) {
    return gmItemTask(withoutNulls(input) as never);
  }

  fullHelmet(input: GmFullHelmetInput) {
    return gmFullHelmet(withoutNulls(input) as never);
  }

  strengthBow(input: GmStrengthBowPriceInput) {
    return gmStrengthBow(withoutNulls(input) as never);
  }

  load(input: GmLoadInput) {
    return gmLoad(withoutNulls(input) as never);
  }

  riding(input: GmRidingInput) {
    return gmRiding(withoutNulls(input) as never);
  }

  verveTest(input: GmVerveTestInput) {
    return gmVerveTest(withoutNulls(input) as never);
  }
}
