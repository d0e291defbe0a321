import type { SheetChange, SheetHarm } from '../harm/campaign';
import { gmAwaken, type GmAwakenInput, type GmAwakenOutcome } from '../harm/gm-awaken';
import { TEMPORARY_SOURCE, TEMPORARY_SURVIVAL } from '../harm/sheet-harm';
import {
  gmUnconsciousTurns,
  startTimer,
  timerExpired,
  timerHolds,
  type HarmTimer,
  type TimerEffect,
  type TimerExpiredInput,
} from '../harm/timers';
import type { Dice } from '../random';
import { timerExpiryEvents, type EngineEvent } from './events';
import { changedValues, conditionsIn, valueAt, type EngineState, type TimerChange } from './state';

/*
 * A harm timer's end as a change of the engine (issue 39): the clock hook hands each timer whose time
 * has come to the system's transition, which decides what it does to the owner, and answers the state
 * after, the events and the logged procedure's input and outcome (the ones the hook logged before:
 * `harm.timer-expired`, no dice; `harm.gm-awaken` for a G&M unconsciousness, the roll to awaken), so
 * rolls logged before replay as they were.
 *
 * - The state that started the timer no longer holds (the wound was tended, the character was aided
 *   or healed, is already dead): nothing happens and nothing is logged.
 * - `death` (coeac-aid, cairn-critical, cairn-mortal-wound, gm-death): dead; `awaiting-aid`, `dying`
 *   and `critical` go (a dead character holds none of them).
 * - `wakes`: Archsoul wakes `up` and Disabled (002:80); G&M rolls to awaken (gm-awaken.ts): `up`, or
 *   the state stays and the timer starts again for the injuries' minutes from where it ended
 *   (`sleeps-on`; from where the clock stands when no face can wake the character).
 * - `lapses` (coeac-bonus-hp, gm-temporary-pool): what is left of the pool is lost (the ledger).
 * - `responds` (gm-response-delay): the semi-conscious character can react again; the state stays.
 *
 * The NPC rules are the state's (`npc`); no timer's end differs for an NPC today.
 */

/** What a timer's end did: a timer effect, or `sleeps-on` (a G&M roll to awaken failed). */
export type TimerApplication = TimerEffect | 'sleeps-on';

export const TIMER_PROCEDURES = {
  expired: 'harm.timer-expired',
  awaken: 'harm.gm-awaken',
} as const;

export interface TimerApplied<S extends EngineState> {
  kind: 'timer';
  state: S;
  events: EngineEvent[];
  /** Every change to write, by the sheet's path (a pool lost). */
  changes: SheetChange[];
  /** The timer that ran out. */
  timer: HarmTimer;
  /** What it did; null when the state that started it no longer holds (nothing happened). */
  effect: TimerApplication | null;
  /** The procedure to log (null when nothing happened). */
  procedure: (typeof TIMER_PROCEDURES)[keyof typeof TIMER_PROCEDURES] | null;
  input: TimerExpiredInput | GmAwakenInput | null;
  outcome: ReturnType<typeof timerExpired> | GmAwakenOutcome | null;
  /** A pool lapsing: which, and what was lost (0 when it was already empty). */
  lapsed: { pool: 'bonusHp' | 'temporarySurvival'; amount: number } | null;
  /** Sheet fields the write removes (a lapsed G&M pool's source). */
  unset: string[];
}

/** The order timers that run out together apply in: the gravest first. */
export const TIMER_EFFECT_ORDER: readonly TimerEffect[] = ['death', 'wakes', 'lapses', 'responds'];

/**
 * The next timer to hand to the transition among `timers`: those `due` (the clock's or the rounds'
 * say) and not in `skip` (already handed over without effect), the gravest first.
 */
export function nextExpiring(
  timers: readonly HarmTimer[],
  due: (t: HarmTimer) => boolean,
  skip: ReadonlySet<string> = new Set(),
): HarmTimer | undefined {
  return timers
    .filter((t) => due(t) && !skip.has(t.kind))
    .sort((a, b) => TIMER_EFFECT_ORDER.indexOf(a.effect) - TIMER_EFFECT_ORDER.indexOf(b.effect))[0];
}

const WAKING_PENDING = /^(unconscious|semi-conscious|cannot respond)/i;

function withTimers(harm: SheetHarm, timers: HarmTimer[]): SheetHarm {
  const next = { ...{}, ...harm };
  if (timers.length > 0) next.timers = timers;
  else delete next.timers;
  return next;
}

/** The headline of a timer's end, in our words. */
function headline(state: EngineState, timer: HarmTimer, lost: number): string {
  const name = state.name;
  switch (timer.kind) {
    case 'coeac-aid':
      return `No aid reached ${name} by the end of the Turn: ${name} dies.`;
    case 'cairn-critical':
      return `Nobody tended ${name}'s critical wounds within the hour: ${name} dies.`;
    case 'cairn-mortal-wound':
      return `${name}'s Mortal Wound was never tended: ${name} dies.`;
    case 'gm-death':
      return `${name}'s time ran out before the injuries were healed: ${name} dies.`;
    case 'archsoul-unconscious':
      return `${name} comes to, Disabled.`;
    case 'coeac-bonus-hp':
      return `${name}'s bonus HP run out${lost > 0 ? ` (${lost} lost)` : ''}.`;
    case 'gm-temporary-pool':
      return `${name}'s temporary survival pool ends${lost > 0 ? ` (${lost} lost)` : ''}.`;
    case 'gm-response-delay':
      return `${name} can react and reply again.`;
    case 'gm-unconscious':
      return `${name} comes to.`;
  }
}

function awakenHeadline(state: EngineState, o: GmAwakenOutcome): string {
  const name = state.name;
  if (o.reaction === null) return `${name}'s minutes unconscious are over: ${name} comes to.`;
  const roll = `${o.reaction} ${o.score} at −${o.injuries}: rolled ${o.roll} against ${o.target}`;
  return o.awake
    ? `${name} wakes (${roll}).`
    : `${name} does not wake (${roll}) and stays out ${o.nextMinutes} more minute(s).`;
}

function awakenInput(state: Extract<EngineState, { system: 'gm' }>): GmAwakenInput {
  const reaction = (key: string) => (typeof state.reactions[key] === 'number' ? state.reactions[key] : null);
  return {
    fortitude: reaction('fortitude'),
    willpower: reaction('willpower'),
    injuries: state.values['injuries.current'],
  };
}

function clockAt(change: TimerChange) {
  return { day: change.clock.day, watch: change.clock.watch, turn: change.clock.turn };
}

/**
 * The procedure a timer's end logs and its input (what the clock hook logged before the engine), or
 * null when the state that started the timer no longer holds (nothing happens, nothing is logged).
 */
export function timerInput(
  state: EngineState,
  change: TimerChange,
):
  | { procedure: typeof TIMER_PROCEDURES.awaken; input: GmAwakenInput }
  | { procedure: typeof TIMER_PROCEDURES.expired; input: TimerExpiredInput }
  | null {
  const timer = change.timer;
  if (!timerHolds(timer.kind, state.harm)) return null;
  if (timer.kind === 'gm-unconscious' && state.system === 'gm')
    return { procedure: TIMER_PROCEDURES.awaken, input: awakenInput(state) };
  const at = clockAt(change);
  return {
    procedure: TIMER_PROCEDURES.expired,
    input: { system: state.system, kind: timer.kind, endsAt: timer.endsAt ?? at, clock: at },
  };
}

/** The transition's answer for a timer's end on `state` (every system's). */
export function applyTimer<S extends EngineState>(
  state: S,
  change: TimerChange,
  dice: Dice,
): TimerApplied<S> {
  const timer = change.timer;
  const harm = state.harm;
  const none: TimerApplied<S> = {
    kind: 'timer',
    state,
    events: [],
    changes: [],
    timer,
    effect: null,
    procedure: null,
    input: null,
    outcome: null,
    lapsed: null,
    unset: [],
  };
  // The wound was tended, the character aided, healed or woken: the timer ends in nothing.
  const logged = timerInput(state, change);
  if (logged === null) return none;
  const at = clockAt(change);
  const endsAt = timer.endsAt ?? at;
  const others = (harm.timers ?? []).filter((t) => t !== timer && t.kind !== timer.kind);

  if (logged.procedure === TIMER_PROCEDURES.awaken) {
    const input = logged.input;
    const outcome = gmAwaken(input, dice);
    let next: SheetHarm;
    if (outcome.awake) {
      const woken: SheetHarm = {
        ...{},
        ...harm,
        state: 'up',
        conditions: harm.conditions.filter((c) => c !== 'awaiting-aid'),
        pending: harm.pending.filter((p) => !WAKING_PENDING.test(p)),
      };
      next = withTimers(
        woken,
        others.filter((t) => timerHolds(t.kind, woken)),
      );
    } else {
      // Another period from where this one ended (from the clock when no face can wake the character).
      const from = outcome.odds.awake > 0 ? endsAt : at;
      const again = startTimer(
        'gm-unconscious',
        { ...{}, ...change.clock, ...from },
        gmUnconsciousTurns(outcome.nextMinutes ?? 1),
      );
      next = withTimers({ ...{}, ...harm }, [...others, again]);
    }
    const after = { ...{}, ...state, harm: next };
    const effect: TimerApplication = outcome.awake ? 'wakes' : 'sleeps-on';
    return {
      ...{},
      ...none,
      state: after,
      events: timerExpiryEvents(state, after, {
        timer: timer.kind,
        effect,
        text: awakenHeadline(state, outcome),
        changes: [],
      }),
      effect,
      procedure: TIMER_PROCEDURES.awaken,
      input,
      outcome,
    };
  }

  const input = logged.input;
  const outcome = timerExpired(input);
  const effect = timer.effect;
  // COEAC bonus HP or a G&M temporary pool whose period is over: what is left is lost (the ledger).
  const pool = timer.kind === 'gm-temporary-pool' ? TEMPORARY_SURVIVAL : 'bonusHp';
  const lost = effect === 'lapses' ? Math.max(0, valueAt(state, pool) ?? 0) : 0;
  const changes: SheetChange[] = lost > 0 ? [{ path: pool, delta: -lost, via: 'ledger' }] : [];
  // Waking lifts the state; a pool lapsing or a delay ending leaves it; else death.
  const to = effect === 'wakes' ? 'up' : effect === 'lapses' || effect === 'responds' ? harm.state : 'dead';
  // A death ends dying (Cairn's untended Mortal Wound) and awaiting aid (`conditionsIn`).
  const conditions =
    effect === 'lapses' || effect === 'responds'
      ? [...harm.conditions]
      : conditionsIn(
          state.system,
          to,
          harm.conditions.filter((c) => c !== 'awaiting-aid'),
        );
  // Archsoul wakes Disabled (002:80); the status's effects are the referee's (docs/harm.md).
  if (timer.kind === 'archsoul-unconscious' && !conditions.includes('disabled')) conditions.push('disabled');
  const changed: SheetHarm = {
    ...{},
    ...harm,
    state: to,
    conditions,
    pending:
      to === 'up'
        ? harm.pending.filter((p) => !WAKING_PENDING.test(p))
        : effect === 'responds'
          ? harm.pending.filter((p) => !/^cannot respond/i.test(p))
          : harm.pending,
  };
  const next = withTimers(
    changed,
    (harm.timers ?? []).filter((t) => t !== timer && t.kind !== timer.kind && timerHolds(t.kind, changed)),
  );
  const after = { ...{}, ...state, values: changedValues(state, changes), harm: next };
  return {
    ...{},
    ...none,
    state: after,
    events: timerExpiryEvents(state, after, {
      timer: timer.kind,
      effect,
      text: headline(state, timer, lost),
      changes,
    }),
    changes,
    effect,
    procedure: TIMER_PROCEDURES.expired,
    input,
    outcome,
    lapsed: effect === 'lapses' ? { pool, amount: lost } : null,
    unset: timer.kind === 'gm-temporary-pool' ? [TEMPORARY_SOURCE] : [],
  };
}
