import type { Dice } from '../random';
import { applyChange, type Applied } from './apply';
import type { CoeacChange, CoeacState } from './state';

/** The coeac transition (issue 39): `apply(state, change, dice) → { state, events }` (./apply.ts). */
export function apply(state: CoeacState, change: CoeacChange, dice: Dice): Applied<CoeacState> {
  if (state.system !== 'coeac') throw new TypeError('Not a coeac state.');
  return applyChange(state, change, dice);
}

export { apply as applyCoeac };
