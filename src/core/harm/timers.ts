import { advanceClock, CLOCK_WATCHES, type ClockPosition, type ClockWatch } from '../clock';
import { RuleError } from '../errors';
import type { SheetHarm } from './campaign';

/*
 * Harm timers (SPEC 6.2, the campaign half): what runs out with the campaign clock. Each timer is
 * kept on `sheet.harm.timers` with the clock position at which it runs out; the clock's advance
 * applies it when the clock reaches that position and the state that started it still holds.
 *
 * - `coeac-aid`: down and out, Medicine failed (`awaiting-aid`): aid by the end of the Turn (COEAC
 *   003:201), 1 turn; runs out in death.
 * - `cairn-critical`: critical damage, to be tended within the hour: 6 turns (ten-minute turns,
 *   SPEC 6.4); runs out in death.
 * - `cairn-mortal-wound`: scar 11 (out of action, `dying` among the conditions), dead in an hour
 *   without healing: 6 turns; runs out in death while the character is still `out`.
 * - `gm-death`: dying (the death roll's timer): minutes as ten-minute turns rounded up, hours as 6
 *   turns each, a timer already up as 1 turn (the end of the scene); runs out in death.
 * - `gm-unconscious`: G&M minutes unconscious (injuries, at least 1), as ten-minute turns rounded up;
 *   runs out in the roll to awaken (`gm-awaken.ts`, issue 43 S6): waking (`up`) when it passes, else
 *   another period.
 * - `gm-temporary-pool`: a temporary survival pool's effect (a spell, a spirit), in turns or rounds as
 *   granted; runs out in the pool lost (`lapses`).
 * - `gm-response-delay`: a semi-conscious character whose willpower roll failed takes d4 rounds to
 *   react or reply (000:196); rounds (10 seconds each, counted by combat rounds and the clock). Runs
 *   out in `responds`: the character can respond again (its state stays semi-conscious).
 * - `archsoul-unconscious`: rounds unconscious (`endsAt` null, `rounds` kept). Rounds are counted by
 *   the stored combat's round advance (`advanceRounds`) and by the clock: a ten-minute turn is
 *   `ROUNDS_PER_TURN` rounds (our reading of 002:93–94, where Endurance rounds of breath are half
 *   Endurance minutes: a round is 30 seconds). Runs out in waking (`up`, Disabled).
 */

/** Rounds in a ten-minute turn: a round is 30 seconds (002:93–94, our reading). */
export const ROUNDS_PER_TURN = 20;

export const HARM_TIMER_KINDS = [
  'coeac-aid',
  'cairn-critical',
  'cairn-mortal-wound',
  'gm-death',
  'gm-unconscious',
  'archsoul-unconscious',
  'coeac-bonus-hp',
  'gm-temporary-pool',
  'gm-response-delay',
] as const;
export type HarmTimerKind = (typeof HARM_TIMER_KINDS)[number];
/**
 * death; wakes (the state lifts to up); lapses (COEAC bonus HP or a G&M pool lost, the state
 * unchanged); responds (a semi-conscious character's delay is over, the state unchanged).
 */
export type TimerEffect = 'death' | 'wakes' | 'lapses' | 'responds';

export interface HarmTimer {
  kind: HarmTimerKind;
  /** Where the clock stood when the timer started. */
  startedAt: ClockPosition | null;
  /** The clock position at which it runs out; null when the clock does not count it (rounds). */
  endsAt: ClockPosition | null;
  /** Rounds, where the rule counts rounds (Archsoul unconscious), else null. */
  rounds: number | null;
  /** What happens when it runs out: `death`, or `wakes` (rounds, the referee's). */
  effect: TimerEffect;
}

/** Whether the state that started a timer still holds (a rest, aid or healing ends it). */
export function timerHolds(kind: HarmTimerKind, harm: Pick<SheetHarm, 'state' | 'conditions'>): boolean {
  switch (kind) {
    case 'coeac-aid':
      return harm.state === 'down-and-out' && harm.conditions.includes('awaiting-aid');
    case 'cairn-critical':
      return harm.state === 'critical';
    case 'cairn-mortal-wound':
      return harm.state === 'out' && harm.conditions.includes('dying');
    case 'gm-death':
      return harm.state === 'dying';
    case 'coeac-bonus-hp':
    case 'gm-temporary-pool':
      return true;
    case 'gm-unconscious':
      // Semi-consciousness (1 mojo) lasts as long as the unconsciousness would have (our reading).
      return harm.state === 'unconscious' || harm.state === 'semi-conscious';
    case 'archsoul-unconscious':
      return harm.state === 'unconscious';
    case 'gm-response-delay':
      return harm.state === 'semi-conscious';
  }
}

/** Orders two clock positions: negative when a is earlier. */
export function compareClock(a: ClockPosition, b: ClockPosition): number {
  if (a.day !== b.day) return a.day - b.day;
  const wa = CLOCK_WATCHES.indexOf(a.watch);
  const wb = CLOCK_WATCHES.indexOf(b.watch);
  if (wa !== wb) return wa - wb;
  return a.turn - b.turn;
}

/** A timer has run out when the clock stands at or past its end. */
export function timerDue(timer: HarmTimer, clock: ClockPosition): boolean {
  return timer.endsAt !== null && compareClock(clock, timer.endsAt) >= 0;
}

/** Turns a G&M death timer lasts (minutes as ten-minute turns rounded up, hours as 6 turns). */
export function gmDeathTurns(timer: { amount: number; unit: string }): number {
  if (timer.amount <= 0) return 1;
  return timer.unit === 'hours' ? timer.amount * 6 : Math.ceil(timer.amount / 10);
}

/** Turns a G&M character stays unconscious: minutes as ten-minute turns rounded up, at least 1. */
export function gmUnconsciousTurns(minutes: number): number {
  return Math.max(1, Math.ceil(minutes / 10));
}

/** What a timer of this kind does when it runs out. */
export function timerEffect(kind: HarmTimerKind): TimerEffect {
  if (kind === 'coeac-bonus-hp' || kind === 'gm-temporary-pool') return 'lapses';
  if (kind === 'gm-response-delay') return 'responds';
  return kind === 'gm-unconscious' || kind === 'archsoul-unconscious' ? 'wakes' : 'death';
}

/** Starts a timer of `turns` turns at the clock's position. */
export function startTimer(
  kind: HarmTimerKind,
  clock: ClockPosition & { nightWatch: boolean; turnsPerWatch: number },
  turns: number,
): HarmTimer {
  const at: ClockPosition = { day: clock.day, watch: clock.watch, turn: clock.turn };
  const end = advanceClock(at, { turns: Math.max(1, turns) }, clock.nightWatch, clock.turnsPerWatch).to;
  return { kind, startedAt: at, endsAt: end, rounds: null, effect: timerEffect(kind) };
}

/**
 * Rounds that pass with a clock advance: `ROUNDS_PER_TURN` a turn; a watch or a day crossed ends any
 * count of rounds (a timer holds at most 1,000).
 */
export function roundsPassed(passed: { days: number; watches: number; turns: number }): number {
  if (passed.days > 0 || passed.watches > 0) return Number.MAX_SAFE_INTEGER;
  return passed.turns * ROUNDS_PER_TURN;
}

/** A rounds timer after `rounds` rounds: the rounds left (0: it has run out). */
export function countRounds(timer: HarmTimer, rounds: number): HarmTimer {
  if (timer.rounds === null) return timer;
  return { ...{}, ...timer, rounds: Math.max(0, timer.rounds - rounds) };
}

/** A rounds timer the clock never counts (Archsoul unconscious). */
export function roundsTimer(kind: HarmTimerKind, rounds: number): HarmTimer {
  return { kind, startedAt: null, endsAt: null, rounds, effect: timerEffect(kind) };
}

function fail(field: string, message: string): never {
  throw new RuleError('VALIDATION_FAILED', message, `sheet.${field}`);
}

function position(value: unknown, field: string): ClockPosition | null {
  if (value === null || value === undefined) return null;
  const v = value as Record<string, unknown>;
  if (
    typeof v !== 'object' ||
    !Number.isInteger(v.day) ||
    (v.day as number) < 1 ||
    !Number.isInteger(v.turn) ||
    (v.turn as number) < 0 ||
    !(CLOCK_WATCHES as readonly unknown[]).includes(v.watch)
  )
    fail(field, `${field} is { day, watch, turn } or null.`);
  return { day: v.day as number, watch: v.watch as ClockWatch, turn: v.turn as number };
}

/** Validates `sheet.harm.timers` (the referee may PUT them: to extend or drop a timer). */
export function normaliseTimers(value: unknown): HarmTimer[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > HARM_TIMER_KINDS.length)
    fail('harm.timers', `harm.timers is a list of at most ${HARM_TIMER_KINDS.length} timers.`);
  const seen = new Set<string>();
  return value.map((raw, i) => {
    const field = `harm.timers[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(field, `${field} is an object.`);
    const t = raw as Record<string, unknown>;
    for (const key of Object.keys(t))
      if (!['kind', 'startedAt', 'endsAt', 'rounds', 'effect'].includes(key))
        fail(`${field}.${key}`, `A timer has no field ${key}.`);
    if (!(HARM_TIMER_KINDS as readonly unknown[]).includes(t.kind) || seen.has(t.kind as string))
      fail(`${field}.kind`, `${field}.kind is one of: ${HARM_TIMER_KINDS.join(', ')} (each once).`);
    seen.add(t.kind as string);
    const rounds = t.rounds ?? null;
    if (rounds !== null && (!Number.isInteger(rounds) || (rounds as number) < 0 || (rounds as number) > 1000))
      fail(`${field}.rounds`, `${field}.rounds is a whole number from 0 to 1000 or null.`);
    const effect = (t.effect ?? timerEffect(t.kind as HarmTimerKind)) as TimerEffect;
    if (effect !== timerEffect(t.kind as HarmTimerKind))
      fail(
        `${field}.effect`,
        `${field}.effect is ${timerEffect(t.kind as HarmTimerKind)} for ${t.kind as string}.`,
      );
    return {
      kind: t.kind as HarmTimerKind,
      startedAt: position(t.startedAt, `${field}.startedAt`),
      endsAt: position(t.endsAt, `${field}.endsAt`),
      rounds: rounds as number | null,
      effect,
    };
  });
}

/** What the `harm.timer-expired` log entry answers (no dice). */
export interface TimerExpiredInput {
  system: string;
  kind: HarmTimerKind;
  endsAt: ClockPosition;
  clock: ClockPosition;
}

export function timerExpired(input: TimerExpiredInput) {
  const words: Record<HarmTimerKind, string> = {
    'coeac-aid': 'No aid came by the end of the Turn: the character dies.',
    'cairn-critical': 'Nobody tended the critical damage within the hour: the character dies.',
    'cairn-mortal-wound': 'The Mortal Wound was not healed within the hour: the character dies.',
    'gm-death': 'The death timer ran out before the injuries were healed: the character dies.',
    'gm-unconscious': 'The minutes unconscious are over: the character comes to.',
    'archsoul-unconscious': 'The rounds unconscious are over: the character comes to, Disabled.',
    'coeac-bonus-hp': 'The bonus HP’s period is over: what is left of the pool is lost.',
    'gm-temporary-pool': 'The effect that granted the temporary survival pool has ended: the pool is gone.',
    'gm-response-delay': 'The delay is over: the semi-conscious character can react and reply again.',
  };
  return {
    kind: input.kind,
    system: input.system,
    endsAt: input.endsAt,
    clock: input.clock,
    // Waking lifts the state, death sets it; a pool lapsing or a delay ending leaves it (null).
    state: timerEffect(input.kind) === 'wakes' ? 'up' : timerEffect(input.kind) === 'death' ? 'dead' : null,
    result: words[input.kind],
    steps: [{ name: 'timer', detail: words[input.kind], faces: [], odds: null }],
  };
}
