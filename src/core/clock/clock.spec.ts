import fc from 'fast-check';
import { RuleError } from '../errors';
import { advanceClock, ClockPosition, CLOCK_WATCHES, dueEncounterChecks } from './clock';

const start: ClockPosition = { day: 1, watch: 'morning', turn: 0 };

describe('advanceClock', () => {
  it('moves from morning to afternoon and on to the next morning', () => {
    expect(advanceClock(start, { watches: 1 }, false).to).toEqual({ day: 1, watch: 'afternoon', turn: 0 });
    expect(advanceClock(start, { watches: 2 }, false).to).toEqual({ day: 2, watch: 'morning', turn: 0 });
    expect(advanceClock(start, { watches: 5 }, false)).toEqual({
      from: start,
      to: { day: 3, watch: 'afternoon', turn: 0 },
      passed: { days: 2, watches: 5, turns: 0 },
    });
  });

  it('has a third, night watch when the campaign keeps one', () => {
    expect(advanceClock(start, { watches: 2 }, true).to).toEqual({ day: 1, watch: 'night', turn: 0 });
    expect(advanceClock(start, { watches: 3 }, true).to).toEqual({ day: 2, watch: 'morning', turn: 0 });
  });

  it('lands on the morning of the day when advancing by days', () => {
    const afternoon: ClockPosition = { day: 4, watch: 'afternoon', turn: 7 };
    expect(advanceClock(afternoon, { days: 1 }, false)).toEqual({
      from: afternoon,
      to: { day: 5, watch: 'morning', turn: 0 },
      passed: { days: 1, watches: 1, turns: 0 },
    });
    expect(advanceClock(start, { days: 2 }, true).passed).toEqual({ days: 2, watches: 6, turns: 0 });
  });

  it('counts turns within the watch and resets them when the watch changes', () => {
    const t = advanceClock(start, { turns: 5 }, false);
    expect(t.to).toEqual({ day: 1, watch: 'morning', turn: 5 });
    expect(advanceClock(t.to, { watches: 1 }, false).to.turn).toBe(0);
    expect(advanceClock(t.to, { watches: 1, turns: 2 }, false).to).toEqual({
      day: 1,
      watch: 'afternoon',
      turn: 2,
    });
  });

  it('treats a night watch left over after the night watch was turned off as the last watch', () => {
    const night: ClockPosition = { day: 2, watch: 'night', turn: 0 };
    expect(advanceClock(night, { watches: 1 }, false).to).toEqual({ day: 3, watch: 'morning', turn: 0 });
  });

  it('refuses bad steps, naming the field', () => {
    const refused = (step: Record<string, number>) => {
      try {
        advanceClock(start, step, false);
        return null;
      } catch (e) {
        return { code: (e as RuleError).code, field: (e as RuleError).field };
      }
    };
    expect(refused({})).toEqual({ code: 'VALIDATION_FAILED', field: 'days' });
    expect(refused({ watches: -1 })).toEqual({ code: 'VALIDATION_FAILED', field: 'watches' });
    expect(refused({ turns: 1.5 })).toEqual({ code: 'VALIDATION_FAILED', field: 'turns' });
    expect(refused({ days: 367 })).toEqual({ code: 'UNPROCESSABLE', field: 'days' });
    expect(refused({ watches: 1001 })).toEqual({ code: 'UNPROCESSABLE', field: 'watches' });
    expect(refused({ days: 366, watches: 1000, turns: 1000 })).toBeNull();
  });

  const position = fc.record({
    day: fc.integer({ min: 1, max: 10_000 }),
    watch: fc.constantFrom(...CLOCK_WATCHES.slice(0, 2)),
    turn: fc.integer({ min: 0, max: 50 }),
  });

  it('advancing a watches then b watches equals advancing a + b watches', () => {
    fc.assert(
      fc.property(
        position,
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        fc.boolean(),
        (from, a, b, night) => {
          const twice = advanceClock(advanceClock(from, { watches: a }, night).to, { watches: b }, night);
          const once = advanceClock(from, { watches: a + b }, night);
          expect(twice.to).toEqual(once.to);
          expect(once.passed.watches).toBe(a + b);
        },
      ),
    );
  });

  it('counts exactly the day boundaries crossed', () => {
    fc.assert(
      fc.property(
        position,
        fc.integer({ min: 0, max: 366 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.boolean(),
        (from, days, watches, night) => {
          fc.pre(days + watches > 0);
          const p = advanceClock(from, { days, watches }, night);
          expect(p.to.day - from.day).toBe(p.passed.days);
          expect(p.to.day).toBeGreaterThanOrEqual(from.day);
        },
      ),
    );
  });
});

describe('dueEncounterChecks', () => {
  const passed = { days: 2, watches: 5, turns: 7 };
  it('makes one check a watch overland, a turn in exploration, a day on water, none otherwise', () => {
    expect(dueEncounterChecks('overland', passed)).toBe(5);
    expect(dueEncounterChecks('exploration', passed)).toBe(7);
    expect(dueEncounterChecks('water', passed)).toBe(2);
    expect(dueEncounterChecks('haven', passed)).toBe(0);
    expect(dueEncounterChecks('combat', passed)).toBe(0);
  });
});

describe('turns into watches (SPEC 6.4)', () => {
  const start = { day: 1, watch: 'morning' as const, turn: 0 };
  it('keeps turns apart at 0, as before', () => {
    expect(advanceClock(start, { turns: 30 }, false, 0).to).toEqual({ day: 1, watch: 'morning', turn: 30 });
  });

  it('fills a watch every turnsPerWatch turns and rolls the day', () => {
    expect(advanceClock(start, { turns: 30 }, false, 24)).toEqual({
      from: start,
      to: { day: 1, watch: 'afternoon', turn: 6 },
      passed: { days: 0, watches: 1, turns: 30 },
    });
    expect(advanceClock(start, { turns: 48 }, false, 24).to).toEqual({ day: 2, watch: 'morning', turn: 0 });
  });

  it('conserves time: turns into watches then back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.boolean(),
        (turns, per, night) => {
          fc.pre(turns > 0);
          const p = advanceClock(start, { turns }, night, per);
          const perDay = night ? 3 : 2;
          const watchIndex = ['morning', 'afternoon', 'night'].indexOf(p.to.watch);
          expect(((p.to.day - 1) * perDay + watchIndex) * per + p.to.turn).toBe(turns);
        },
      ),
    );
  });
});
