/**
 * Cairn's turn allowance (CA-17, seed 004 "Actions"): on its turn a combatant may move up to 40 ft
 * and take up to one action (casting, attacking, a second move, or another reasonable action). A
 * stored combat keeps what each combatant used in the current round; the round advance resets it.
 */

/** Feet a turn's move covers; a second move (the action) covers as many again. */
export const CAIRN_MOVE_FEET = 40;

/** What a combatant used of its turn in round `round`. */
export interface CairnTurn {
  round: number;
  /** Feet moved this round (up to 40, up to 80 when the action was a second move). */
  moved: number;
  /** The action taken this round (`move` for a second move), or null. */
  action: string | null;
  /** Actions beyond the one allowed, granted by the referee this round. */
  extra: number;
}

/** What the turn leaves, as answered. */
export interface CairnTurnLeft extends CairnTurn {
  feetLeft: number;
  actionLeft: boolean;
}

/** The combatant's turn in the current round; a turn kept from an earlier round has lapsed. */
export function cairnTurnOf(round: number, kept: CairnTurn | null | undefined): CairnTurn {
  return kept && kept.round === round ? { ...kept } : { round, moved: 0, action: null, extra: 0 };
}

/** The most feet the turn allows in all: 80 while the action is unused or was a second move, else 40. */
export function cairnFeetLimit(turn: CairnTurn): number {
  return turn.action === null || turn.action === 'move' ? 2 * CAIRN_MOVE_FEET : CAIRN_MOVE_FEET;
}

export function cairnTurnLeft(turn: CairnTurn): CairnTurnLeft {
  return {
    ...{},
    ...turn,
    feetLeft: Math.max(0, cairnFeetLimit(turn) - turn.moved),
    actionLeft: turn.action === null,
  };
}

/**
 * Takes the turn's action (`kind`). Null when the action is already used and no extra action is
 * granted (the caller refuses it); with `extra`, an action beyond the one is counted.
 */
export function takeCairnAction(turn: CairnTurn, kind: string, extra: boolean): CairnTurn | null {
  if (turn.action === null) return { ...{}, ...turn, action: kind };
  if (!extra) return null;
  return { ...{}, ...turn, extra: turn.extra + 1 };
}

/**
 * A move of `feet`: within the first 40 ft it is the turn's move; past them it takes the unused
 * action as a second move. Null when the turn does not allow that many feet.
 */
export function cairnMove(turn: CairnTurn, feet: number): CairnTurn | null {
  const moved = turn.moved + feet;
  if (feet < 0 || moved > cairnFeetLimit(turn)) return null;
  return { ...{}, ...turn, moved, action: turn.action ?? (moved > CAIRN_MOVE_FEET ? 'move' : null) };
}
