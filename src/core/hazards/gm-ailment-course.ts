import type { Dice } from '../random';
import { passingFaces } from '../checks/ability-roll';
import { extendSystem, type Sheet } from '../characters/sheets';
import { RuleError } from '../errors';
import { AILMENT_EFFECTS, type ActionTimeUnit, type AilmentEffectKind } from './gm-ailments';

/*
 * G&M ailments that stay on a stored sheet (issue 21): a chronic ailment still running when the
 * campaign hazard route resolved it is kept in the sheet's `ailments` (a referee value), and its
 * course (seed 000, "Chronic ailments") goes on as the campaign clock advances: each action time a
 * health roll at −(strength − action times since onset) throws it off; each failure lands the effect
 * again. It leaves the sheet when thrown off or cured.
 */

/** Seconds in each action-time unit (a G&M round is ten seconds). */
export const ACTION_TIME_SECONDS: Readonly<Record<ActionTimeUnit, number>> = {
  round: 10,
  minute: 60,
  hour: 3600,
  day: 86_400,
};
/** At most this many action times are rolled for one ailment in one clock advance. */
export const MAX_TICKS_PER_ADVANCE = 1000;
export const MAX_STORED_AILMENTS = 20;

export interface StoredAilment {
  id: string;
  ailment: string | null;
  name: string;
  kind: 'chronic' | 'chronic-inescapable';
  strength: number;
  /** The health score the throw-off rolls are made against. */
  health: number;
  effect: AilmentEffectKind;
  effectDice: number;
  effectSides: number;
  /** The scores a penalty lowers. */
  scores: string[];
  actionTime: { amount: number; unit: ActionTimeUnit };
  /** Action times of the course already rolled. */
  courseTimes: number;
  /** Seconds carried toward the next action time. */
  carriedSeconds: number;
  /** The effect's total so far (injuries, minutes, or the penalty to each score). */
  total: number;
}

export interface AilmentTickInput {
  id: string;
  strength: number;
  health: number;
  /** The first action time of the course this batch rolls (courseTimes + 1). */
  from: number;
  count: number;
  effect: AilmentEffectKind;
  effectDice: number;
  effectSides: number;
}

export interface AilmentTickStep {
  actionTime: number;
  strength: number;
  target: number;
  roll: number;
  passed: boolean;
  amount: number;
  effectFaces: number[];
  odds: { success: number };
}

export interface AilmentTicksOutcome {
  ailments: Array<{
    id: string;
    steps: AilmentTickStep[];
    /** Thrown off in this batch. */
    ended: boolean;
    /** The effect landed this batch, summed. */
    amount: number;
  }>;
  faces: number[];
  /** Injuries landed this batch, over every ailment. */
  injuries: number;
}

/** The course of each ailment for the action times that fell due (one logged roll per batch). */
export function gmAilmentTicks(spec: { ailments: AilmentTickInput[] }, dice: Dice): AilmentTicksOutcome {
  const faces: number[] = [];
  let injuries = 0;
  const ailments = spec.ailments.map((a) => {
    const steps: AilmentTickStep[] = [];
    let ended = false;
    let amount = 0;
    for (let i = a.from; i < a.from + a.count && !ended; i++) {
      const strength = a.strength - i;
      const target = a.health - strength;
      const roll = dice.pool(1, 20, 'health')[0];
      faces.push(roll);
      const passed = roll <= target;
      let landed = 0;
      let effectFaces: number[] = [];
      if (!passed) {
        if (a.effectSides === 1) landed = a.effectDice;
        else {
          effectFaces = dice.pool(a.effectDice, a.effectSides, 'effectDice');
          faces.push(...effectFaces);
          landed = effectFaces.reduce((x, y) => x + y, 0);
        }
      }
      amount += landed;
      steps.push({
        actionTime: i,
        strength,
        target,
        roll,
        passed,
        amount: landed,
        effectFaces,
        odds: { success: passingFaces(target) / 20 },
      });
      if (passed) ended = true;
    }
    if (a.effect === 'injuries') injuries += amount;
    return { id: a.id, steps, ended, amount };
  });
  return { ailments, faces, injuries };
}

/** How many action times `seconds` more make due, and the seconds then carried. */
export function ailmentTicksDue(
  ailment: Pick<StoredAilment, 'actionTime' | 'carriedSeconds'>,
  seconds: number,
): { ticks: number; carried: number } {
  const unit = ailment.actionTime.amount * ACTION_TIME_SECONDS[ailment.actionTime.unit];
  const total = ailment.carriedSeconds + seconds;
  const ticks = Math.min(MAX_TICKS_PER_ADVANCE, Math.floor(total / unit));
  return { ticks, carried: ticks === MAX_TICKS_PER_ADVANCE ? 0 : total - ticks * unit };
}

function fail(field: string, message: string): never {
  throw new RuleError('VALIDATION_FAILED', message, `sheet.${field}`);
}

function int(v: unknown, field: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    fail(field, `${field} is a whole number from ${min} to ${max}.`);
  return v;
}

/** Validates `sheet.ailments` (written by the hazard routes; the referee may PUT it). */
export function normaliseAilments(value: unknown): StoredAilment[] {
  if (!Array.isArray(value) || value.length > MAX_STORED_AILMENTS)
    fail('ailments', `ailments is a list of at most ${MAX_STORED_AILMENTS}.`);
  return value.map((raw, i) => {
    const f = `ailments[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(f, `${f} is an object.`);
    const a = raw as Record<string, unknown>;
    const text = (v: unknown, name: string, max = 64) => {
      if (typeof v !== 'string' || v.length === 0 || v.length > max)
        fail(`${f}.${name}`, `${f}.${name} is a text of 1 to ${max} characters.`);
      return v;
    };
    const kind = a.kind;
    if (kind !== 'chronic' && kind !== 'chronic-inescapable')
      fail(`${f}.kind`, `${f}.kind is chronic or chronic-inescapable.`);
    if (!AILMENT_EFFECTS.includes(a.effect as AilmentEffectKind))
      fail(`${f}.effect`, `${f}.effect is one of: ${AILMENT_EFFECTS.join(', ')}.`);
    const at = (a.actionTime ?? {}) as Record<string, unknown>;
    if (!Object.keys(ACTION_TIME_SECONDS).includes(at.unit as string))
      fail(`${f}.actionTime.unit`, `${f}.actionTime.unit is round, minute, hour or day.`);
    if (!Array.isArray(a.scores) || a.scores.length > 10) fail(`${f}.scores`, `${f}.scores is a list.`);
    return {
      id: text(a.id, 'id'),
      ailment: a.ailment === null || a.ailment === undefined ? null : text(a.ailment, 'ailment'),
      name: text(a.name, 'name', 100),
      kind,
      strength: int(a.strength, `${f}.strength`, -20, 20),
      health: int(a.health, `${f}.health`, 0, 1000),
      effect: a.effect as AilmentEffectKind,
      effectDice: int(a.effectDice, `${f}.effectDice`, 0, 100),
      effectSides: int(a.effectSides, `${f}.effectSides`, 1, 100),
      scores: (a.scores as unknown[]).map((s, j) => text(s, `scores[${j}]`, 32)),
      actionTime: {
        amount: int(at.amount, `${f}.actionTime.amount`, 1, 1000),
        unit: at.unit as ActionTimeUnit,
      },
      courseTimes: int(a.courseTimes, `${f}.courseTimes`, 0, 1_000_000),
      carriedSeconds: int(a.carriedSeconds, `${f}.carriedSeconds`, 0, 100_000_000),
      total: int(a.total, `${f}.total`, 0, 1_000_000),
    };
  });
}

/** The ailments a stored sheet keeps ([] when none). */
export function ailmentsOf(sheet: Sheet): StoredAilment[] {
  return Array.isArray(sheet.ailments) ? (sheet.ailments as StoredAilment[]) : [];
}

let registered = false;

/** Adds G&M's `ailments` to the sheets; idempotent. */
export function registerSheetAilments(): void {
  if (registered) return;
  registered = true;
  extendSystem('gm', {
    refereeFields: ['ailments'],
    normalise: (input, sheet) => {
      const out: Sheet = { ...sheet };
      if (input.ailments !== undefined && input.ailments !== null) {
        const list = normaliseAilments(input.ailments);
        if (list.length > 0) out.ailments = list;
        else delete out.ailments;
      }
      return out;
    },
  });
}

registerSheetAilments();
