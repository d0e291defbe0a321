import fc from 'fast-check';
import {
  CAIRN_MOVE_FEET,
  cairnFeetLimit,
  cairnMove,
  cairnTurnLeft,
  cairnTurnOf,
  takeCairnAction,
  type CairnTurn,
} from './cairn-turn';

const fresh = (round = 1): CairnTurn => ({ round, moved: 0, action: null, extra: 0 });

describe('Cairn turn allowance (CA-17: a move of 40 ft and one action a turn)', () => {
  it('a turn kept for an earlier round has lapsed; the current one is kept', () => {
    const kept: CairnTurn = { round: 2, moved: 30, action: 'attack', extra: 1 };
    expect(cairnTurnOf(3, kept)).toEqual(fresh(3));
    expect(cairnTurnOf(2, kept)).toEqual(kept);
    expect(cairnTurnOf(1, undefined)).toEqual(fresh(1));
  });

  it('one action a turn; a second only when the referee grants it, counted', () => {
    const attacked = takeCairnAction(fresh(), 'attack', false)!;
    expect(attacked).toEqual({ round: 1, moved: 0, action: 'attack', extra: 0 });
    expect(takeCairnAction(attacked, 'blast', false)).toBeNull();
    expect(takeCairnAction(attacked, 'attack', true)).toEqual({ ...attacked, extra: 1 });
    // Granting an extra action on an unused turn takes the turn's own action.
    expect(takeCairnAction(fresh(), 'attack', true)).toEqual({ ...fresh(), action: 'attack' });
  });

  it('40 ft are the move; past them the move is the action (80 ft in all); after an attack, 40 ft', () => {
    const thirty = cairnMove(fresh(), 30)!;
    expect(cairnTurnLeft(thirty)).toMatchObject({ moved: 30, action: null, feetLeft: 50, actionLeft: true });
    const forty = cairnMove(thirty, 10)!;
    expect(forty.action).toBeNull();
    const sixty = cairnMove(forty, 20)!;
    expect(sixty).toMatchObject({ moved: 60, action: 'move' });
    expect(cairnTurnLeft(sixty)).toMatchObject({ feetLeft: 20, actionLeft: false });
    expect(cairnMove(sixty, 21)).toBeNull();
    expect(cairnMove(sixty, 20)).toMatchObject({ moved: 80, action: 'move' });
    expect(takeCairnAction(sixty, 'attack', false)).toBeNull();
    const attacked = takeCairnAction(fresh(), 'attack', false)!;
    expect(cairnMove(attacked, 40)).toMatchObject({ moved: 40, action: 'attack' });
    expect(cairnMove(attacked, 41)).toBeNull();
    expect(cairnMove(fresh(), 81)).toBeNull();
  });

  it('never more than 80 ft, never more than 40 with an action other than a second move; feet left never negative (property)', () => {
    const step = fc.oneof(
      fc.record({ move: fc.integer({ min: 1, max: 80 }) }),
      fc.record({ act: fc.constantFrom('attack', 'blast', 'retreat'), extra: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        let turn = fresh();
        let actions = 0;
        for (const s of steps) {
          const next = 'move' in s ? cairnMove(turn, s.move) : takeCairnAction(turn, s.act, s.extra);
          if (!next) continue;
          if ('act' in s) actions += 1;
          turn = next;
          const left = cairnTurnLeft(turn);
          expect(turn.moved).toBeLessThanOrEqual(cairnFeetLimit(turn));
          expect(turn.moved).toBeLessThanOrEqual(2 * CAIRN_MOVE_FEET);
          if (turn.action !== null && turn.action !== 'move')
            expect(turn.moved).toBeLessThanOrEqual(CAIRN_MOVE_FEET);
          expect(left.feetLeft).toBeGreaterThanOrEqual(0);
          expect(left.moved + left.feetLeft).toBeLessThanOrEqual(2 * CAIRN_MOVE_FEET);
        }
        // Every action taken beyond the first was an extra one.
        const own = turn.action !== null && turn.action !== 'move' ? 1 : 0;
        expect(turn.extra).toBe(Math.max(0, actions - own));
      }),
    );
  });
});
