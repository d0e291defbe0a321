import { applyHazard, type GmState, type HazardApplied, type HazardChange } from '../core/engine';
import {
  gmAilmentTicks,
  type AilmentTickInput,
  type AilmentTicksOutcome,
  type SheetEffect,
  type StoredStatus,
} from '../core/hazards';
import type { Dice } from '../core/random';
import {
  loggedApplied,
  loggedAppliedV4,
  loggedProcedure,
  type LoggedHazardApplied,
  type LoggedHazardAppliedV4,
} from './hazard-logged';

/*
 * A G&M sheet's chronic ailments ticking on the clock (issue 39, `hazard.gm.ailment-ticks.v2`): the
 * course of each ailment whose action times fell due, then the engine's `hazard` change applied once
 * on the same dice, one logged roll. The change holds the course's injuries (harm: the consciousness
 * and death rolls follow) and the sleep or paralysis it landed (statuses); the ailments' own progress
 * is read from the course by the caller. `hazard.gm.ailment-ticks` (the course alone, its injuries
 * logged as a second roll, `harm.sheet-damage`) still replays. New ticks log
 * `hazard.gm.ailment-ticks.v3` (below): the same roll, the state logged once.
 */

/** One ailment due in this batch: the course's input and the name a status it lands takes as source. */
export interface AilmentTickV2Input extends AilmentTickInput {
  name: string;
}

export interface AilmentTicksV2Input {
  ailments: AilmentTickV2Input[];
  /** The engine's state of the sheet (`hazardSheetState`), its statuses already counted down. */
  state: GmState;
  /** Ids minted for the statuses the batch may add (one an ailment), so the roll replays. */
  ids: string[];
}

export interface AilmentTicksV2Outcome {
  /** The course, as `hazard.gm.ailment-ticks` answers it. */
  course: AilmentTicksOutcome;
  /** The engine's transition of the batch: harm, statuses, events. */
  applied: HazardApplied<GmState>;
}

/** The statuses a batch lands: each sleep or paralysis minute it rolled, for as many minutes. */
export function landedStatuses(
  ailments: readonly AilmentTickV2Input[],
  course: AilmentTicksOutcome,
): Array<Omit<StoredStatus, 'id'>> {
  const landed: Array<Omit<StoredStatus, 'id'>> = [];
  for (const a of ailments) {
    const r = course.ailments.find((x) => x.id === a.id);
    if (r && r.amount > 0 && (a.effect === 'sleep-minutes' || a.effect === 'paralysis-minutes'))
      landed.push({
        status: a.effect === 'sleep-minutes' ? 'asleep' : 'paralysed',
        source: a.name,
        secondsLeft: r.amount * 60,
      });
  }
  return landed;
}

/** The engine's change of a batch's course: its injuries (forced) and the statuses it lands. */
export function ailmentTicksChange(
  ailments: readonly AilmentTickV2Input[],
  course: AilmentTicksOutcome,
  ids: readonly string[],
): HazardChange {
  const effects: SheetEffect[] =
    course.injuries > 0 ? [{ track: 'injuries', change: course.injuries, status: null }] : [];
  const statuses = landedStatuses(ailments, course);
  return {
    kind: 'hazard',
    effects,
    source: 'hazard:ailment',
    ...(statuses.length > 0 ? { statuses, ids: [...ids] } : {}),
  };
}

/** The batch's course, then its change applied once, on one dice stream. */
export function runAilmentTicks(input: AilmentTicksV2Input, dice: Dice): AilmentTicksV2Outcome {
  const course = gmAilmentTicks({ ailments: input.ailments }, dice);
  const change = ailmentTicksChange(input.ailments, course, input.ids);
  return { course, applied: applyHazard(input.state, change)(dice) };
}

/** The course and the transition in one logged roll: never rename. */
export const AILMENT_TICKS_V2_PROCEDURE = { name: 'hazard.gm.ailment-ticks.v2', run: runAilmentTicks };

/** What `hazard.gm.ailment-ticks.v3` logs: the course whole, the transition without the state. */
export interface AilmentTicksV3Logged {
  course: AilmentTicksOutcome;
  applied: LoggedHazardApplied;
}

/**
 * `hazard.gm.ailment-ticks.v3` (issue 39): v2's roll on the same input and dice, with a smaller log:
 * the state once (in the input), the transition as `loggedApplied` keeps it. `whole` is the same roll
 * answered whole, for the service, which logs what `run` (the replay) gives. Never rename.
 */
export const AILMENT_TICKS_V3_PROCEDURE = loggedProcedure(
  'hazard.gm.ailment-ticks.v3',
  runAilmentTicks,
  loggedTicks,
);

export function loggedTicks(whole: AilmentTicksV2Outcome): AilmentTicksV3Logged {
  return { course: whole.course, applied: loggedApplied(whole.applied) };
}

/** What `hazard.gm.ailment-ticks.v4` logs: the course whole, the transition as `loggedAppliedV4` keeps it. */
export interface AilmentTicksV4Logged {
  course: AilmentTicksOutcome;
  applied: LoggedHazardAppliedV4;
}

/**
 * `hazard.gm.ailment-ticks.v4` (issue 39): v2's and v3's roll on the same input and dice, the
 * transition logged as `hazard.campaign.v4` logs it (its events are the roll's `effects.events`, as
 * they already were). Never rename.
 */
export const AILMENT_TICKS_V4_PROCEDURE = loggedProcedure(
  'hazard.gm.ailment-ticks.v4',
  runAilmentTicks,
  loggedTicksV4,
);

export function loggedTicksV4(whole: AilmentTicksV2Outcome): AilmentTicksV4Logged {
  return { course: whole.course, applied: loggedAppliedV4(whole.applied) };
}
