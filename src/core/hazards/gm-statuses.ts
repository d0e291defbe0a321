import { extendSystem, type Sheet } from '../characters/sheets';
import { RuleError } from '../errors';
import type { GmAilmentOutcome } from './gm-ailments';
import type { SheetEffect } from './shared';

/*
 * G&M statuses a hazard leaves on a stored sheet (issue 21), kept in the sheet's `statuses` (a referee
 * value added with `extendSystem`, left out of a sheet that has none):
 *
 * - `asleep` (sleep gas and other sleep ailments: the minutes landed, seed 000 "Example ailments");
 * - `paralysed` (the giant spider's d4 minutes of paralysis);
 * - `shock` (an illusion's failed death roll, seed 000 "Illusions": severe unconsciousness that only a
 *   full night's rest or magic ends, so it keeps no time and the referee ends it);
 * - `ailing` (a penalty ailment not kept in `ailments`: its penalty on the scores it names; how long it
 *   lasts is unstated, so it keeps no time and the referee ends it).
 *
 * A timed status keeps `secondsLeft` (a G&M round is ten seconds) and the campaign clock counts it down;
 * it leaves the sheet when it reaches 0. The same status from the same source adds up (seed 000:
 * inescapable effects are cumulative).
 */

export const GM_STATUSES = ['asleep', 'paralysed', 'shock', 'ailing'] as const;
export type GmStatus = (typeof GM_STATUSES)[number];
export const MAX_STORED_STATUSES = 20;
/** At most this many seconds on one status (about 19 years). */
export const MAX_STATUS_SECONDS = 600_000_000;

export interface StoredStatus {
  id: string;
  status: GmStatus;
  /** What caused it: the ailment's name, or the hazard. */
  source: string;
  /** Seconds left, counted down by the clock; null when only the referee ends it. */
  secondsLeft: number | null;
  /** `ailing`: the penalty on each score named in `scores`. */
  penalty?: number;
  scores?: string[];
}

/** The abilities a concentration penalty lowers (seed 000: charisma, wisdom and intelligence rolls). */
const CONCENTRATION = ['charisma', 'wisdom', 'intelligence'];

/** What each status forbids on a sheet check, and what it changes (docs/hazards.md, Statuses). */
export interface StatusCheckEffect {
  /** The status refusing the check, or null. */
  refusedBy: GmStatus | null;
  modifiers: Array<{ source: string; amount: number }>;
}

/** Checks a paralysed character cannot make: those that need moving (agility, strength, evasion). */
export const PARALYSED_REFUSES = ['agility', 'strength', 'evasion'];
/** A sleeping character's only roll: perception (to notice an attack) at −6 (001:752). */
export const ASLEEP_PERCEPTION = -6;

/**
 * The statuses' say in a G&M sheet check rolling `names`: shock refuses every check (unconscious);
 * asleep refuses every check but perception, which it lowers by 6 (surprise while sleeping); paralysed
 * refuses agility, strength and evasion; ailing lowers the scores it names by its penalty.
 */
export function gmStatusCheck(statuses: StoredStatus[], names: string[]): StatusCheckEffect {
  const rolled = names.map((n) => n.toLowerCase());
  const has = (s: GmStatus) => statuses.some((x) => x.status === s);
  if (has('shock')) return { refusedBy: 'shock', modifiers: [] };
  if (has('asleep') && !rolled.every((n) => n === 'perception'))
    return { refusedBy: 'asleep', modifiers: [] };
  if (has('paralysed') && rolled.some((n) => PARALYSED_REFUSES.includes(n)))
    return { refusedBy: 'paralysed', modifiers: [] };
  const modifiers: Array<{ source: string; amount: number }> = [];
  if (has('asleep')) modifiers.push({ source: 'status:asleep', amount: ASLEEP_PERCEPTION });
  for (const s of statuses) {
    if (s.status !== 'ailing' || !s.penalty) continue;
    const lowered = (s.scores ?? []).flatMap((x) => (x === 'concentration' ? CONCENTRATION : [x]));
    if (rolled.some((n) => lowered.includes(n)))
      modifiers.push({ source: `status:ailing:${s.source}`, amount: -s.penalty });
  }
  return { refusedBy: null, modifiers };
}

/**
 * The statuses a G&M hazard's answer leaves on the sheet (without ids). `keptAilment`: the ailment is
 * kept in `ailments`, whose own penalty applies, so no `ailing` is added for it.
 */
export function statusesFromHazard(
  effects: SheetEffect[],
  outcome: Record<string, unknown>,
  source: string,
  keptAilment: boolean,
): Array<Omit<StoredStatus, 'id'>> {
  const out: Array<Omit<StoredStatus, 'id'>> = [];
  const ailment = outcome as Partial<GmAilmentOutcome>;
  const name = typeof ailment.name === 'string' ? ailment.name : source;
  const total = typeof ailment.total === 'number' ? ailment.total : 0;
  for (const e of effects) {
    if (e.track !== 'status' || e.change <= 0) continue;
    if (e.status === 'asleep' || e.status === 'paralysed') {
      if (total > 0) out.push({ status: e.status, source: name, secondsLeft: total * 60 });
    } else if (e.status === 'shock') {
      out.push({ status: 'shock', source, secondsLeft: null });
    } else if (e.status === 'ailing' && !keptAilment && total > 0) {
      out.push({
        status: 'ailing',
        source: name,
        secondsLeft: null,
        penalty: total,
        scores: [...(ailment.effectScores ?? [])],
      });
    }
  }
  return out;
}

/**
 * The sheet's statuses with `added` merged in: the same status from the same source adds its time
 * (or penalty) to the one kept; untimed wins. 409-worthy overflow is the caller's (`MAX_STORED_STATUSES`).
 */
export function mergeStatuses(
  kept: StoredStatus[],
  added: Array<Omit<StoredStatus, 'id'>>,
  newId: () => string,
): StoredStatus[] {
  const out = kept.map((s) => ({ ...s }));
  for (const a of added) {
    const same = out.find((s) => s.status === a.status && s.source === a.source);
    if (!same) {
      out.push({ id: newId(), ...a });
      continue;
    }
    same.secondsLeft =
      same.secondsLeft === null || a.secondsLeft === null
        ? null
        : Math.min(MAX_STATUS_SECONDS, same.secondsLeft + a.secondsLeft);
    if (a.penalty !== undefined) same.penalty = (same.penalty ?? 0) + a.penalty;
  }
  return out;
}

/** The statuses after `seconds` pass: timed ones count down and those reaching 0 end. */
export function countDownStatuses(
  statuses: StoredStatus[],
  seconds: number,
): { kept: StoredStatus[]; ended: StoredStatus[] } {
  const kept: StoredStatus[] = [];
  const ended: StoredStatus[] = [];
  for (const s of statuses) {
    if (s.secondsLeft === null || seconds <= 0) {
      kept.push(s);
      continue;
    }
    const left = s.secondsLeft - seconds;
    if (left <= 0) ended.push({ ...{}, ...s, secondsLeft: 0 });
    else kept.push({ ...{}, ...s, secondsLeft: left });
  }
  return { kept, ended };
}

function fail(field: string, message: string): never {
  throw new RuleError('VALIDATION_FAILED', message, `sheet.${field}`);
}

/** Validates G&M `sheet.statuses` (written by the hazard routes; the referee may PUT it). */
export function normaliseGmStatuses(value: unknown): StoredStatus[] {
  if (!Array.isArray(value) || value.length > MAX_STORED_STATUSES)
    fail('statuses', `statuses is a list of at most ${MAX_STORED_STATUSES}.`);
  return value.map((raw, i) => {
    const f = `statuses[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(f, `${f} is an object.`);
    const s = raw as Record<string, unknown>;
    for (const key of Object.keys(s))
      if (!['id', 'status', 'source', 'secondsLeft', 'penalty', 'scores'].includes(key))
        fail(`${f}.${key}`, `A status has no field ${key}.`);
    const text = (v: unknown, name: string, max: number) => {
      if (typeof v !== 'string' || v.length === 0 || v.length > max)
        fail(`${f}.${name}`, `${f}.${name} is a text of 1 to ${max} characters.`);
      return v;
    };
    if (!(GM_STATUSES as readonly unknown[]).includes(s.status))
      fail(`${f}.status`, `${f}.status is one of: ${GM_STATUSES.join(', ')}.`);
    const seconds = s.secondsLeft ?? null;
    if (
      seconds !== null &&
      (typeof seconds !== 'number' ||
        !Number.isInteger(seconds) ||
        seconds < 1 ||
        seconds > MAX_STATUS_SECONDS)
    )
      fail(`${f}.secondsLeft`, `${f}.secondsLeft is null or a whole number from 1 to ${MAX_STATUS_SECONDS}.`);
    const out: StoredStatus = {
      id: text(s.id, 'id', 64),
      status: s.status as GmStatus,
      source: text(s.source, 'source', 100),
      secondsLeft: seconds as number | null,
    };
    if (s.status === 'ailing') {
      const penalty = s.penalty ?? 0;
      if (typeof penalty !== 'number' || !Number.isInteger(penalty) || penalty < 0 || penalty > 1000)
        fail(`${f}.penalty`, `${f}.penalty is a whole number from 0 to 1000.`);
      const scores = s.scores ?? [];
      if (!Array.isArray(scores) || scores.length > 10) fail(`${f}.scores`, `${f}.scores is a list.`);
      out.penalty = penalty;
      out.scores = scores.map((x, j) => text(x, `scores[${j}]`, 32));
    }
    return out;
  });
}

/** The statuses a stored G&M sheet keeps ([] when none). */
export function gmStatusesOf(sheet: Sheet): StoredStatus[] {
  return Array.isArray(sheet.statuses) ? (sheet.statuses as StoredStatus[]) : [];
}

/** The sheet with its statuses replaced (the field leaves the sheet when none is left). */
export function withGmStatuses(sheet: Sheet, statuses: StoredStatus[]): Sheet {
  const out: Sheet = { ...sheet };
  if (statuses.length > 0) out.statuses = statuses;
  else delete out.statuses;
  return out;
}

let registered = false;

/** Adds G&M's `statuses` to the sheets; idempotent. */
export function registerGmStatuses(): void {
  if (registered) return;
  registered = true;
  extendSystem('gm', {
    refereeFields: ['statuses'],
    normalise: (input, sheet) => {
      const out: Sheet = { ...sheet };
      if (input.statuses !== undefined && input.statuses !== null) {
        const list = normaliseGmStatuses(input.statuses);
        if (list.length > 0) out.statuses = list;
        else delete out.statuses;
      }
      return out;
    },
  });
}

registerGmStatuses();
