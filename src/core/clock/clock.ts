import { RuleError } from '../errors';

export const CLOCK_WATCHES = ['morning', 'afternoon', 'night'] as const;
export type ClockWatch = (typeof CLOCK_WATCHES)[number];
export const CLOCK_SCALES = ['haven', 'overland', 'exploration', 'water', 'combat'] as const;
export type ClockScale = (typeof CLOCK_SCALES)[number];

/** Where the campaign stands in game time. */
export interface ClockPosition {
  day: number;
  watch: ClockWatch;
  turn: number;
}

/** How much time one advance moves the clock: applied as days, then watches, then turns. */
export interface ClockStep {
  days?: number;
  watches?: number;
  turns?: number;
}

export interface ClockPassage {
  from: ClockPosition;
  to: ClockPosition;
  /** Day boundaries crossed, watch boundaries crossed and turns played. */
  passed: { days: number; watches: number; turns: number };
}

/** The most one advance may move the clock, per unit. */
export const CLOCK_LIMITS = { days: 366, watches: 1000, turns: 1000 } as const;

/** Turns a watch for new campaigns: ten-minute turns, four-hour watches (SPEC 6.4). */
export const DEFAULT_TURNS_PER_WATCH = 24;
export const MAX_TURNS_PER_WATCH = 1000;
export const HAVEN_KINDS = ['town', 'camp'] as const;

/** Watches in a day: morning and afternoon, plus the night when the campaign keeps a night watch. */
export function watchesPerDay(nightWatch: boolean): number {
  return nightWatch ? 3 : 2;
}

/**
 * Advances the in-game clock (COEAC scales of play; SPEC 5.6). Days land on the morning of the new
 * day; watches roll past the last watch of the day into the next morning; turns count inside the
 * current watch and go back to 0 whenever the watch or the day changes. Refuses negative, fractional
 * or oversized steps and a step that moves nothing, naming the field. With `turnsPerWatch` above 0,
 * every that many turns fill a watch (the turn count keeps the remainder).
 */
export function advanceClock(
  from: ClockPosition,
  step: ClockStep,
  nightWatch: boolean,
  turnsPerWatch = 0,
): ClockPassage {
  const days = stepPart(step, 'days');
  const watches = stepPart(step, 'watches');
  const turns = stepPart(step, 'turns');
  if (days + watches + turns === 0) {
    throw new RuleError('VALIDATION_FAILED', 'Advance the clock by at least one day, watch or turn.', 'days');
  }
  const perDay = watchesPerDay(nightWatch);
  // A clock left on the night watch after the night watch was turned off counts as the last watch.
  let index = Math.min(CLOCK_WATCHES.indexOf(from.watch), perDay - 1);
  let day = from.day;
  let turn = from.turn;
  let passedWatches = 0;
  let passedDays = 0;
  if (days > 0) {
    passedWatches += perDay - index + (days - 1) * perDay;
    passedDays += days;
    day += days;
    index = 0;
    turn = 0;
  }
  if (watches > 0) {
    const total = index + watches;
    const rolled = Math.floor(total / perDay);
    passedWatches += watches;
    passedDays += rolled;
    day += rolled;
    index = total % perDay;
    turn = 0;
  }
  turn += turns;
  // Turns fill watches when the campaign sets how many make one (SPEC 6.4); 0 keeps them apart.
  if (turnsPerWatch > 0 && turn >= turnsPerWatch) {
    const filled = Math.floor(turn / turnsPerWatch);
    turn %= turnsPerWatch;
    const total = index + filled;
    const rolled = Math.floor(total / perDay);
    passedWatches += filled;
    passedDays += rolled;
    day += rolled;
    index = total % perDay;
  }
  return {
    from: { ...from },
    to: { day, watch: CLOCK_WATCHES[index], turn },
    passed: { days: passedDays, watches: passedWatches, turns },
  };
}

/**
 * Encounter checks that the time passed makes due at a scale (COEAC encounter checks): one a watch
 * overland, one a turn in exploration, one a day on the water, none in a haven or in combat.
 */
export function dueEncounterChecks(scale: ClockScale, passed: ClockPassage['passed']): number {
  switch (scale) {
    case 'overland':
      return passed.watches;
    case 'exploration':
      return passed.turns;
    case 'water':
      return passed.days;
    default:
      return 0;
  }
}

function stepPart(step: ClockStep, field: keyof ClockStep): number {
  const value = step[field] ?? 0;
  if (!Number.isInteger(value) || value < 0) {
    throw new RuleError('VALIDATION_FAILED', `${field} must be a whole number of 0 or more.`, field);
  }
  if (value > CLOCK_LIMITS[field]) {
    throw new RuleError(
      'UNPROCESSABLE',
      `One advance moves the clock at most ${CLOCK_LIMITS[field]} ${field}.`,
      field,
    );
  }
  return value;
}
