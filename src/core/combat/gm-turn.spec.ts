import fc from 'fast-check';
import { createRng, Dice } from '../random';
import {
  gmMove,
  gmMovementLimit,
  gmTurnLeft,
  gmTurnOf,
  takeGmAction,
  type GmAllowanceContext,
  type GmTurn,
} from './gm-turn';

const dice = () => new Dice(createRng('move'));
const none: GmAllowanceContext = { psychicSince: null };
const take = (turn: GmTurn, a: Parameters<typeof takeGmAction>[2], ctx: GmAllowanceContext = none) =>
  takeGmAction(turn, ctx, a);
const ok = (r: ReturnType<typeof takeGmAction>) => {
  if ('refused' in r) throw new Error(`refused: ${r.refused}`);
  return r.turn;
};

describe('G&M round allowance (CB4, CB17, G2, PC1)', () => {
  it('one action a round (001:768); the second is refused; the referee may grant another', () => {
    const first = ok(take(gmTurnOf(3, null), { kind: 'attack', target: 'yeti' }));
    expect(take(first, { kind: 'cast' })).toEqual({ refused: 'spent' });
    const granted = ok(take(first, { kind: 'cast', referee: true }));
    expect(granted.extra).toBe(1);
    // A referee's many extra actions are a count: the stored turn does not grow.
    let many = granted;
    for (let i = 0; i < 50; i++) many = ok(take(many, { kind: 'attack', target: 'yeti', referee: true }));
    expect(JSON.stringify(many).length).toBeLessThan(300);
    expect(many).toMatchObject({ actions: 52, extra: 51, only: null });
    expect(gmTurnLeft(granted, none)).toMatchObject({ actions: 2, allowance: 1, actionsLeft: 0, extra: 1 });
  });

  it('a turn kept from an earlier round has lapsed', () => {
    const used = ok(take(gmTurnOf(1, null), { kind: 'attack', target: 'x' }));
    expect(gmTurnOf(2, used)).toMatchObject({ round: 2, actions: 0, only: null, moved: 0 });
    expect(gmTurnOf(1, used)).toMatchObject({ actions: 1, only: 'attack:x' });
  });

  it('a psychic conflict gives two actions a round, one in the round it was entered; exit is the whole round', () => {
    const entered = { psychicSince: 4 };
    const r4 = ok(take(gmTurnOf(4, null), { kind: 'psychic-attack' }, entered));
    expect(take(r4, { kind: 'psychic-attack' }, entered)).toEqual({ refused: 'spent' });
    const r5 = ok(take(gmTurnOf(5, null), { kind: 'psychic-attack' }, entered));
    const r5b = ok(take(r5, { kind: 'psychic-attack' }, entered));
    expect(take(r5b, { kind: 'attack', target: 'x' }, entered)).toEqual({ refused: 'spent' });
    expect(take(r5, { kind: 'psychic-attack', alone: true }, entered)).toEqual({ refused: 'not-first' });
    const exit = ok(take(gmTurnOf(6, null), { kind: 'psychic-attack', alone: true }, entered));
    expect(take(exit, { kind: 'attack', target: 'x' }, entered)).toEqual({ refused: 'closed' });
    expect(gmTurnLeft(exit, entered).actionsLeft).toBe(0);
  });

  it('a group has 1 + its bonus actions (G2), shared; a member that acted alone cannot join', () => {
    const group = { key: 'a,b,c,d', allowance: 3 };
    let turn = gmTurnOf(1, null);
    for (let i = 0; i < 3; i++) turn = ok(take(turn, { kind: 'group-attack', target: 'ogre', group }));
    expect(take(turn, { kind: 'group-attack', target: 'ogre', group })).toEqual({ refused: 'spent' });
    expect(take(turn, { kind: 'attack', target: 'ogre' })).toEqual({ refused: 'in-group' });
    const alone = ok(take(gmTurnOf(1, null), { kind: 'attack', target: 'ogre' }));
    expect(take(alone, { kind: 'group-attack', target: 'ogre', group })).toEqual({ refused: 'other-group' });
    expect(take(turn, { kind: 'group-attack', target: 'ogre', group: { key: 'a,b', allowance: 2 } })).toEqual(
      {
        refused: 'other-group',
      },
    );
  });

  it('a warrior’s extra attack instead of the +4 (CB17): two attacks on that target, none after taking the +4', () => {
    const first = ok(take(gmTurnOf(2, null), { kind: 'attack', target: 'guard', extraAttack: true }));
    expect(first.extraAttack).toBe('guard');
    const second = ok(take(first, { kind: 'attack', target: 'guard', extraAttack: true }));
    expect(take(second, { kind: 'attack', target: 'guard', extraAttack: true })).toEqual({
      refused: 'spent',
    });
    expect(take(first, { kind: 'attack', target: 'other' })).toEqual({ refused: 'spent' });
    expect(take(first, { kind: 'attack', target: 'other', extraAttack: true })).toEqual({
      refused: 'extra-attack-target',
    });
    const plus4 = ok(take(gmTurnOf(2, null), { kind: 'attack', target: 'guard', unawareBonus: true }));
    expect(take(plus4, { kind: 'attack', target: 'guard', extraAttack: true })).toEqual({
      refused: 'extra-attack-bonus-taken',
    });
    const cast = ok(take(gmTurnOf(2, null), { kind: 'cast' }));
    expect(take(cast, { kind: 'attack', target: 'guard', extraAttack: true })).toEqual({
      refused: 'extra-attack-not-only-attacks',
    });
    expect(gmTurnLeft(first, none)).toMatchObject({ allowance: 2, actionsLeft: 1 });
  });

  it('never allows more actions than the allowance without the referee (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('attack', 'cast', 'lead', 'psychic-attack'), { maxLength: 8 }),
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        (kinds, since) => {
          const ctx = { psychicSince: since };
          let turn = gmTurnOf(5, null);
          for (const kind of kinds) {
            const r = takeGmAction(turn, ctx, { kind, target: 't' });
            if ('turn' in r) turn = r.turn;
          }
          const left = gmTurnLeft(turn, ctx);
          expect(left.actions).toBeLessThanOrEqual(left.allowance);
          expect(left.allowance).toBe(since === null ? 1 : since === 5 ? 1 : 2);
        },
      ),
    );
  });
});

describe('G&M Movement a round (001:1210; CB20, CB21, PC3, semi-conscious)', () => {
  it('Movement whole without a cut; the smallest cut counts; halves and quarters round down', () => {
    expect(gmMovementLimit(10, {})).toEqual({ limit: 10, cuts: [] });
    expect(gmMovementLimit(11, { concentrating: true }).limit).toBe(5);
    expect(gmMovementLimit(11, { psychic: true }).limit).toBe(2);
    expect(gmMovementLimit(11, { psychic: true, distracted: true }).limit).toBe(5);
    expect(gmMovementLimit(11, { semiConscious: true }).limit).toBe(5);
    expect(gmMovementLimit(10, { castingLeft: 7 }).limit).toBe(7);
    const both = gmMovementLimit(12, { castingLeft: 8, psychic: true });
    expect(both.limit).toBe(3);
    expect(both.cuts.map((c) => c.name)).toEqual(['casting', 'psychic-conflict']);
  });

  it('a cut never raises the limit above Movement (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (movement, castingLeft, concentrating, psychic, semiConscious) => {
          const { limit, cuts } = gmMovementLimit(movement, {
            castingLeft,
            concentrating,
            psychic,
            semiConscious,
          });
          expect(limit).toBeLessThanOrEqual(movement);
          expect(limit).toBeGreaterThanOrEqual(0);
          for (const c of cuts) expect(limit).toBeLessThanOrEqual(c.limit);
        },
      ),
    );
  });

  it('combat.gm-move: feet up to the limit, a dash up to Movement yards; no dice', () => {
    const out = gmMove({ movement: 10, feet: 6, movedBefore: 3, limit: 10 }, dice());
    expect(out).toMatchObject({ feet: 6, moved: 9, limit: 10, left: 1, dash: false, faces: [] });
    expect(() => gmMove({ movement: 10, feet: 8, movedBefore: 3, limit: 10 }, dice())).toThrow(
      expect.objectContaining({ field: 'feet' }),
    );
    const dash = gmMove({ movement: 10, feet: 30, movedBefore: 0, limit: 10, dash: true }, dice());
    expect(dash).toMatchObject({ moved: 30, limit: 30, left: 0, dash: true });
    expect(dash.modifiers.map((m) => m.name)).toEqual(['movement', 'dash']);
  });

  it('the turn answers Movement left after a move', () => {
    const turn = { ...gmTurnOf(1, null), moved: 4 };
    const left = gmTurnLeft(turn, none, { movement: 10, ...gmMovementLimit(10, { concentrating: true }) });
    expect(left).toMatchObject({ movement: 10, movementLimit: 5, feetLeft: 1 });
    expect(left.cuts[0].name).toBe('concentrating');
  });
});
