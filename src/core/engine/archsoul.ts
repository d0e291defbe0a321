import type { Dice } from '../random';
import { applyChange, type AppliedTo } from './apply';
import type { ArchsoulChange, ArchsoulState } from './state';

/** The archsoul transition (issue 39): `apply(state, change, dice) → { state, events }` (./apply.ts). */
export function apply<C extends ArchsoulChange>(
  state: ArchsoulState,
  change: C,
  dice: Dice,
): AppliedTo<ArchsoulState, C> {
  if (state.system !== 'archsoul') throw new TypeError('Not a archsoul state.');
  return applyChange(state, change, dice);
}

export { apply as applyArchsoul };
