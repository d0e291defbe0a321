import type { Dice } from '../random';
import { applyChange, type AppliedTo } from './apply';
import type { GmChange, GmState } from './state';

/** The gm transition (issue 39): `apply(state, change, dice) → { state, events }` (./apply.ts). */
export function apply<C extends GmChange>(state: GmState, change: C, dice: Dice): AppliedTo<GmState, C> {
  if (state.system !== 'gm') throw new TypeError('Not a gm state.');
  return applyChange(state, change, dice);
}

export { apply as applyGm };
