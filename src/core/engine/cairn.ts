import type { Dice } from '../random';
import { applyChange, type AppliedTo } from './apply';
import type { CairnChange, CairnState } from './state';

/** The cairn transition (issue 39): `apply(state, change, dice) → { state, events }` (./apply.ts). */
export function apply<C extends CairnChange>(
  state: CairnState,
  change: C,
  dice: Dice,
): AppliedTo<CairnState, C> {
  if (state.system !== 'cairn') throw new TypeError('Not a cairn state.');
  return applyChange(state, change, dice);
}

export { apply as applyCairn };
