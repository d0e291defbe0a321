import type { HazardApplied } from '../core/engine';
import type { StoredAilment } from '../core/hazards';
import type { Dice } from '../core/random';
import type { HazardState } from './hazard-change';

/** What every logged version keeps of a transition besides the harm: the ledger changes and the lists. */
interface LoggedHazardLists {
  plain: HazardApplied<HazardState>['plain'];
  harmLedger: HazardApplied<HazardState>['harmLedger'];
  zeroed: string[];
  statuses: string[] | null;
  gmStatuses: HazardApplied<HazardState>['gmStatuses'];
  ailment: StoredAilment | null;
}

/** The lists, picked field by field (in the order v3 logged them). */
function loggedLists(applied: HazardApplied<HazardState>): LoggedHazardLists {
  return {
    plain: applied.plain,
    harmLedger: applied.harmLedger,
    zeroed: applied.zeroed,
    statuses: applied.statuses,
    gmStatuses: applied.gmStatuses,
    ailment: applied.ailment,
  };
}

/**
 * What a v3 roll (`hazard.campaign.v3`, `hazard.gm.ailment-ticks.v3`) logs of a transition: what the
 * dice decided, and nothing its input already holds. Left out: the state after (the state before is in
 * the input, `plain` and `harmLedger` its changes), the harm procedure's input (built from that state)
 * and `changes` (the harm outcome's own changes, copied). Picked field by field, so a field added to
 * `HazardApplied` later never changes what an old v3 roll replays to.
 */
export interface LoggedHazardApplied extends LoggedHazardLists {
  kind: 'damage';
  events: HazardApplied<HazardState>['events'];
  outcome: HazardApplied<HazardState>['outcome'];
}

export function loggedApplied(applied: HazardApplied<HazardState>): LoggedHazardApplied {
  return { kind: applied.kind, events: applied.events, outcome: applied.outcome, ...loggedLists(applied) };
}

/** What a v4 roll logs of the harm transition's answer: the states it joined, and what it left to do. */
export interface LoggedHarmV4 {
  stateBefore: string;
  state: string;
  pending: string[];
  conditionsAdded: string[];
  conditionsRemoved: string[];
}

/**
 * What a v4 roll (`hazard.campaign.v4`, `hazard.party.v5`, `hazard.gm.ailment-ticks.v4`) logs of a
 * transition: the ledger changes it wrote, the lists it set and the states it joined. Besides what v3
 * leaves out, v4 leaves to the replay the harm answer's steps, its per-procedure detail and odds, and
 * its `fieldChanges` and `changes` (the numbers of `harmLedger` again). The events move out of the
 * outcome to the roll's `effects.events`, where a logged `harm.sheet-damage` and an ailment's tick keep
 * theirs (the log's and the feed's `events`); effects are not signed, so the receipt covers less text.
 * The roll's `faces` still hold every die. Picked field by field, as v3's are.
 */
export interface LoggedHazardAppliedV4 extends LoggedHazardLists {
  kind: 'damage';
  harm: LoggedHarmV4 | null;
}

export function loggedAppliedV4(applied: HazardApplied<HazardState>): LoggedHazardAppliedV4 {
  const harm = applied.outcome;
  return {
    kind: applied.kind,
    harm:
      harm === null
        ? null
        : {
            stateBefore: harm.stateBefore,
            state: harm.state,
            pending: harm.pending,
            conditionsAdded: harm.conditionsAdded,
            conditionsRemoved: harm.conditionsRemoved,
          },
    ...loggedLists(applied),
  };
}

/**
 * A roll answered whole to the service and logged smaller, under one name on the same dice: `whole`
 * (not registered; the service rolls it, writes the sheet and answers from it, and logs `log` of it)
 * and `run` (registered: what the replay and the audit run), `log` of `whole` by construction.
 */
export function loggedProcedure<I, W, L>(
  name: string,
  whole: (input: I, dice: Dice) => W,
  log: (whole: W) => L,
): {
  name: string;
  run: (input: I, dice: Dice) => L;
  whole: { name: string; run: (input: I, dice: Dice) => W };
} {
  return { name, run: (input, dice) => log(whole(input, dice)), whole: { name, run: whole } };
}
