import type { Dice } from '../random';
import { applyChange, type AppliedTo } from './apply';
import type { CoeacChange, CoeacState } from './state';

/** The coeac transition (issue 39): `apply(state, change, dice) → { state, events }` (./apply.ts). */
export function apply<C extends CoeacChange>(
  state: CoeacState,
  change: C,
  dice: Dice,
): AppliedTo<CoeacState, C> {
  if (state.system !== 'coeac') throw new TypeError('Not a coeac state.');
  return applyChange(state, change, dice);
}

export { apply as applyCoeac };
