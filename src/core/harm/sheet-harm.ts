import { extendSystem, MAX_TRACKED, SHEET_SYSTEMS, type Sheet } from '../characters/sheets';
import { RuleError } from '../errors';
import { normaliseTimers } from './timers';
import {
  DEFERRED_TIMINGS,
  HARM_STATES,
  type DeferredScarRoll,
  type DeferredTiming,
  type HarmState,
  type SheetHarm,
} from './campaign';

/*
 * What harm keeps on a stored sheet (SPEC 6.2, the campaign half), added with `extendSystem`:
 *
 * - `harm` on every system: `{ state, conditions, pending }`, a referee value outside the ledger (the
 *   harm routes write it; the referee may PUT it, to stabilise a character say). Left out of a sheet
 *   that never took harm, so existing sheets read as before.
 * - `temporarySurvival` on G&M: a tracked value, a temporary survival pool (001:641–645) that damage
 *   takes first; `temporarySurvivalSource` names what granted it (a referee value).
 * - `belowZero` on Archsoul: a tracked value (through the ledger), the HP below 0 as a positive number,
 *   since the ledger keeps `hp` at 0 and up while Archsoul counts down to −2 × Endurance.
 */

const MAX_NOTES = 64;

/** G&M: the temporary survival pool (tracked) and what granted it (a referee value). */
export const TEMPORARY_SURVIVAL = 'temporarySurvival';
export const TEMPORARY_SOURCE = 'temporarySurvivalSource';

function fail(field: string, message: string): never {
  throw new RuleError('VALIDATION_FAILED', message, `sheet.${field}`);
}

function notes(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_NOTES)
    fail(field, `${field} is a list of at most ${MAX_NOTES} texts.`);
  return value.map((v, i) => {
    if (typeof v !== 'string' || v.length === 0 || v.length > 200)
      fail(`${field}[${i}]`, `${field}[${i}] is a text of 1 to 200 characters.`);
    return v;
  });
}

/** Validates `sheet.harm`. */
export function normaliseHarm(value: unknown): SheetHarm {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('harm', 'harm is an object.');
  const body = value as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!['state', 'conditions', 'pending', 'timers', 'deferred'].includes(key))
      fail(`harm.${key}`, `harm has no field ${key}.`);
  }
  const state = body.state ?? 'up';
  if (typeof state !== 'string' || !(HARM_STATES as readonly string[]).includes(state)) {
    fail('harm.state', `harm.state is one of: ${HARM_STATES.join(', ')}.`);
  }
  return {
    state: state as HarmState,
    conditions: notes(body.conditions, 'harm.conditions'),
    pending: notes(body.pending, 'harm.pending'),
    ...timersOf(body.timers),
    ...deferredOf(body.deferred),
  };
}

/** Validates `harm.deferred` (the referee may PUT it: to drop a roll, or apply it by hand). */
function deferredOf(value: unknown): Pick<SheetHarm, 'deferred'> {
  if (value === undefined || value === null) return {};
  if (!Array.isArray(value) || value.length > 16)
    fail('harm.deferred', 'harm.deferred is a list of at most 16 rolls.');
  const out: DeferredScarRoll[] = value.map((raw, i) => {
    const field = `harm.deferred[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(field, `${field} is an object.`);
    const r = raw as Record<string, unknown>;
    for (const key of Object.keys(r))
      if (!['scar', 'timing', 'result', 'path', 'delta'].includes(key))
        fail(`${field}.${key}`, `A deferred roll has no field ${key}.`);
    for (const key of ['scar', 'result'])
      if (typeof r[key] !== 'string' || (r[key] as string).length === 0 || (r[key] as string).length > 200)
        fail(`${field}.${key}`, `${field}.${key} is a text of 1 to 200 characters.`);
    if (!(DEFERRED_TIMINGS as readonly unknown[]).includes(r.timing))
      fail(`${field}.timing`, `${field}.timing is one of: ${DEFERRED_TIMINGS.join(', ')}.`);
    if (
      !['hp', 'maxHp', 'str.max', 'dex.max', 'wil.max', 'str.current', 'dex.current', 'wil.current'].includes(
        r.path as string,
      )
    )
      fail(`${field}.path`, `${field}.path is a Cairn tracked value (maxHp, str.max …).`);
    if (typeof r.delta !== 'number' || !Number.isInteger(r.delta) || Math.abs(r.delta) > MAX_TRACKED)
      fail(`${field}.delta`, `${field}.delta is a whole number.`);
    return {
      scar: r.scar as string,
      timing: r.timing as DeferredTiming,
      result: r.result as string,
      path: r.path as string,
      delta: r.delta,
    };
  });
  return out.length > 0 ? { deferred: out } : {};
}

function timersOf(value: unknown): Pick<SheetHarm, 'timers'> {
  const timers = normaliseTimers(value);
  return timers.length > 0 ? { timers } : {};
}

/** The harm a stored sheet keeps (up, nothing pending, when it never took harm). */
export function harmOf(sheet: Sheet): SheetHarm {
  const value = sheet.harm;
  if (typeof value !== 'object' || value === null) return { state: 'up', conditions: [], pending: [] };
  return normaliseHarm(value);
}

/**
 * COEAC `perDay`: the class resources that are per-day powers (003:222, "e.g. Empower"), refilled by
 * a long rest; each names one of the sheet's class resources, at most once.
 */
function perDay(value: unknown, sheet: Sheet): string[] {
  const resources = Object.keys((sheet.classResources ?? {}) as object);
  if (!Array.isArray(value) || value.length > 64)
    fail('perDay', 'perDay is a list of at most 64 class resource names.');
  const out: string[] = [];
  value.forEach((name, i) => {
    if (typeof name !== 'string' || !resources.includes(name))
      fail(`perDay[${i}]`, `perDay[${i}] names none of the sheet's class resources.`);
    if (!out.includes(name)) out.push(name);
  });
  return out;
}

/** G&M `verveEncounters`: the encounters that restored verve in the adventure (the session) named. */
function verveEncounters(value: unknown): { adventure: string | null; encounters: string[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('verveEncounters', 'verveEncounters is { adventure, encounters }.');
  const body = value as Record<string, unknown>;
  for (const key of Object.keys(body))
    if (!['adventure', 'encounters'].includes(key))
      fail(`verveEncounters.${key}`, `verveEncounters has no field ${key}.`);
  const adventure = body.adventure ?? null;
  if (adventure !== null && (typeof adventure !== 'string' || adventure.length > 100))
    fail('verveEncounters.adventure', 'verveEncounters.adventure is a session id or null.');
  return {
    adventure: adventure as string | null,
    encounters: notes(body.encounters, 'verveEncounters.encounters'),
  };
}

let registered = false;

/** Adds `harm` (and Archsoul's `belowZero`) to the sheets; idempotent. */
export function registerSheetHarm(): void {
  if (registered) return;
  registered = true;
  for (const system of SHEET_SYSTEMS) {
    const archsoul = system === 'archsoul';
    const coeac = system === 'coeac';
    const gm = system === 'gm';
    extendSystem(system, {
      refereeFields: archsoul
        ? ['harm', 'belowZero']
        : gm
          ? ['harm', 'verveEncounters', TEMPORARY_SURVIVAL, TEMPORARY_SOURCE]
          : ['harm'],
      baseFields: coeac ? ['perDay'] : [],
      tracked: archsoul
        ? [{ path: 'belowZero', initial: 0, description: 'HP below 0, as a positive number (harm)' }]
        : gm
          ? [
              {
                path: TEMPORARY_SURVIVAL,
                initial: 0,
                description:
                  'A temporary survival pool (a spell, a spirit): damage comes off it first (harm)',
              },
            ]
          : [],
      normalise: (input, sheet) => {
        const out: Sheet = { ...sheet };
        if (input.harm !== undefined && input.harm !== null) out.harm = normaliseHarm(input.harm);
        if (archsoul && input.belowZero !== undefined && input.belowZero !== null) {
          const v = input.belowZero;
          if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_TRACKED)
            fail('belowZero', `belowZero is a whole number from 0 to ${MAX_TRACKED}.`);
          out.belowZero = v;
        }
        if (coeac && input.perDay !== undefined && input.perDay !== null)
          out.perDay = perDay(input.perDay, out);
        if (gm && input.verveEncounters !== undefined && input.verveEncounters !== null)
          out.verveEncounters = verveEncounters(input.verveEncounters);
        if (gm && input[TEMPORARY_SURVIVAL] !== undefined && input[TEMPORARY_SURVIVAL] !== null) {
          const v = input[TEMPORARY_SURVIVAL];
          if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_TRACKED)
            fail(TEMPORARY_SURVIVAL, `${TEMPORARY_SURVIVAL} is a whole number from 0 to ${MAX_TRACKED}.`);
          out[TEMPORARY_SURVIVAL] = v;
        }
        if (gm && input[TEMPORARY_SOURCE] !== undefined && input[TEMPORARY_SOURCE] !== null) {
          const v = input[TEMPORARY_SOURCE];
          if (typeof v !== 'string' || v.length === 0 || v.length > 100)
            fail(TEMPORARY_SOURCE, `${TEMPORARY_SOURCE} is a text of 1 to 100 characters.`);
          out[TEMPORARY_SOURCE] = v;
        }
        return out;
      },
    });
  }
}

registerSheetHarm();
