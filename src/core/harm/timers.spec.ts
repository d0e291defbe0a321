import fc from 'fast-check';
import { advanceClock, CLOCK_WATCHES, type ClockPosition } from '../clock';
import {
  countRounds,
  roundsTimer,
  gmUnconsciousTurns,
  roundsPassed,
  ROUNDS_PER_TURN,
  timerEffect,
  compareClock,
  gmDeathTurns,
  normaliseTimers,
  startTimer,
  timerDue,
  timerExpired,
  timerHolds,
} from './timers';

const at = (day: number, watch: 'morning' | 'afternoon' | 'night', turn: number): ClockPosition => ({
  day,
  watch,
  turn,
});

describe('harm timers', () => {
  it('a COEAC aid window of one turn runs out at the next turn, not before', () => {
    const timer = startTimer(
      'coeac-aid',
      { ...at(1, 'morning', 5), nightWatch: false, turnsPerWatch: 24 },
      1,
    );
    expect(timer).toEqual({
      kind: 'coeac-aid',
      startedAt: at(1, 'morning', 5),
      endsAt: at(1, 'morning', 6),
      rounds: null,
      effect: 'death',
    });
    expect(timerDue(timer, at(1, 'morning', 5))).toBe(false);
    expect(timerDue(timer, at(1, 'morning', 6))).toBe(true);
    expect(timerDue(timer, at(1, 'afternoon', 0))).toBe(true);
  });

  it('the Cairn critical hour crosses into the next watch with the campaign’s turns', () => {
    const timer = startTimer(
      'cairn-critical',
      { ...at(2, 'afternoon', 22), nightWatch: false, turnsPerWatch: 24 },
      6,
    );
    expect(timer.endsAt).toEqual(at(3, 'morning', 4));
  });

  it('G&M death timers: minutes as ten-minute turns rounded up, hours as 6 turns, time up as 1', () => {
    expect(gmDeathTurns({ amount: 7, unit: 'minutes' })).toBe(1);
    expect(gmDeathTurns({ amount: 11, unit: 'minutes' })).toBe(2);
    expect(gmDeathTurns({ amount: 3, unit: 'hours' })).toBe(18);
    expect(gmDeathTurns({ amount: 0, unit: 'minutes' })).toBe(1);
    expect(gmDeathTurns({ amount: -2, unit: 'hours' })).toBe(1);
  });

  it('a timer holds only while the state that started it holds', () => {
    expect(timerHolds('coeac-aid', { state: 'down-and-out', conditions: ['awaiting-aid'] })).toBe(true);
    expect(timerHolds('coeac-aid', { state: 'down-and-out', conditions: [] })).toBe(false);
    expect(timerHolds('coeac-aid', { state: 'up', conditions: ['awaiting-aid'] })).toBe(false);
    expect(timerHolds('cairn-critical', { state: 'critical', conditions: [] })).toBe(true);
    expect(timerHolds('gm-death', { state: 'dying', conditions: [] })).toBe(true);
    expect(timerHolds('cairn-mortal-wound', { state: 'out', conditions: ['out-of-action', 'dying'] })).toBe(
      true,
    );
    expect(timerHolds('cairn-mortal-wound', { state: 'up', conditions: ['dying'] })).toBe(false);
    expect(timerHolds('archsoul-unconscious', { state: 'unconscious', conditions: [] })).toBe(true);
    expect(timerHolds('gm-death', { state: 'unconscious', conditions: [] })).toBe(false);
  });

  it('the expiry entry rolls no dice and says death', () => {
    const out = timerExpired({
      system: 'coeac',
      kind: 'coeac-aid',
      endsAt: at(1, 'morning', 1),
      clock: at(1, 'morning', 2),
    });
    expect(out).toMatchObject({ state: 'dead', kind: 'coeac-aid' });
    expect(out.steps.every((s) => s.faces.length === 0)).toBe(true);
  });

  it('G&M minutes unconscious: ten-minute turns rounded up, at least one; the timer wakes', () => {
    expect([0, 1, 10, 11, 25].map(gmUnconsciousTurns)).toEqual([1, 1, 1, 2, 3]);
    expect(timerEffect('gm-unconscious')).toBe('wakes');
    expect(timerEffect('archsoul-unconscious')).toBe('wakes');
    expect(timerEffect('gm-death')).toBe('death');
    expect(timerHolds('gm-unconscious', { state: 'unconscious', conditions: [] })).toBe(true);
    expect(timerHolds('gm-unconscious', { state: 'dying', conditions: [] })).toBe(false);
    expect(
      timerExpired({
        system: 'gm',
        kind: 'gm-unconscious',
        endsAt: at(1, 'morning', 1),
        clock: at(1, 'morning', 1),
      }).state,
    ).toBe('up');
  });

  it('COEAC bonus HP: a timer that always holds and lapses; a PUT with another effect is refused', () => {
    expect(timerEffect('coeac-bonus-hp')).toBe('lapses');
    expect(timerHolds('coeac-bonus-hp', { state: 'down-and-out', conditions: [] })).toBe(true);
    expect(
      timerExpired({
        system: 'coeac',
        kind: 'coeac-bonus-hp',
        endsAt: at(1, 'morning', 2),
        clock: at(1, 'morning', 2),
      }).state,
    ).toBeNull();
    expect(() => normaliseTimers([{ kind: 'coeac-bonus-hp', endsAt: null, effect: 'death' }])).toThrow(
      expect.objectContaining({ field: 'sheet.harm.timers[0].effect' }),
    );
    expect(normaliseTimers([{ kind: 'coeac-bonus-hp', endsAt: null }])).toEqual([
      { kind: 'coeac-bonus-hp', startedAt: null, endsAt: null, rounds: null, effect: 'lapses' },
    ]);
  });

  it('rounds: 20 a turn (a round is 30 seconds); a watch or a day ends every rounds timer', () => {
    expect(ROUNDS_PER_TURN).toBe(20);
    expect(roundsPassed({ days: 0, watches: 0, turns: 2 })).toBe(40);
    expect(roundsPassed({ days: 0, watches: 1, turns: 0 })).toBeGreaterThan(1000);
    const timer = roundsTimer('archsoul-unconscious', 4);
    expect(countRounds(timer, 1).rounds).toBe(3);
    expect(countRounds(timer, 9).rounds).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (r, n) => {
        const left = countRounds(roundsTimer('archsoul-unconscious', r), n).rounds!;
        expect(left).toBe(Math.max(0, r - n));
      }),
    );
  });

  it('validates stored timers, naming the field', () => {
    expect(() =>
      normaliseTimers([{ kind: 'coeac-aid', endsAt: { day: 0, watch: 'morning', turn: 0 } }]),
    ).toThrow(expect.objectContaining({ field: 'sheet.harm.timers[0].endsAt' }));
    expect(() => normaliseTimers([{ kind: 'gm-death' }, { kind: 'gm-death' }])).toThrow(
      expect.objectContaining({ field: 'sheet.harm.timers[1].kind' }),
    );
    expect(normaliseTimers([{ kind: 'gm-death', endsAt: at(1, 'night', 3) }])).toEqual([
      { kind: 'gm-death', startedAt: null, endsAt: at(1, 'night', 3), rounds: null, effect: 'death' },
    ]);
  });

  const position = fc.record({
    day: fc.integer({ min: 1, max: 400 }),
    watch: fc.constantFrom(...CLOCK_WATCHES.slice(0, 2)),
    turn: fc.integer({ min: 0, max: 23 }),
  });

  it('property: a timer of n turns is due exactly once the clock has moved n turns', () => {
    fc.assert(
      fc.property(
        position,
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 400 }),
        (p, n, step) => {
          const clock = { ...p, nightWatch: false, turnsPerWatch: 24 };
          const timer = startTimer('gm-death', clock, n);
          const moved = advanceClock(p, { turns: step }, false, 24).to;
          expect(timerDue(timer, moved)).toBe(step >= n);
        },
      ),
    );
  });

  it('property: compareClock orders positions the way advancing the clock does', () => {
    fc.assert(
      fc.property(position, fc.integer({ min: 1, max: 1000 }), (p, step) => {
        const later = advanceClock(p, { turns: step }, false, 24).to;
        expect(compareClock(p, later)).toBeLessThan(0);
        expect(compareClock(later, p)).toBeGreaterThan(0);
        expect(compareClock(p, p)).toBe(0);
      }),
    );
  });
});
