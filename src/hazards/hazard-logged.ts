import type { HazardApplied } from '../core/engine';
import type { StoredAilment } from '../core/hazards';
import type { HazardState } from './hazard-change';

/**
 * What a v3 roll (`hazard.campaign.v3`, `hazard.gm.ailment-ticks.v3`) logs of a transition: what the
 * dice decided, and nothing its input already holds. Left out: the state after (the state before is in
 * the input, `plain` and `harmLedger` its changes), the harm procedure's input (built from that state)
 * and `changes` (the harm outcome's own changes, copied). Picked field by field, so a field added to
 * `HazardApplied` later never changes what an old v3 roll replays to.
 */
export interface LoggedHazardApplied {
  kind: 'damage';
  events: HazardApplied<HazardState>['events'];
  outcome: HazardApplied<HazardState>['outcome'];
  plain: HazardApplied<HazardState>['plain'];
  harmLedger: HazardApplied<HazardState>['harmLedger'];
  zeroed: string[];
  statuses: string[] | null;
  gmStatuses: HazardApplied<HazardState>['gmStatuses'];
  ailment: StoredAilment | null;
}

export function loggedApplied(applied: HazardApplied<HazardState>): LoggedHazardApplied {
  return {
    kind: applied.kind,
    events: applied.events,
    outcome: applied.outcome,
    plain: applied.plain,
    harmLedger: applied.harmLedger,
    zeroed: applied.zeroed,
    statuses: applied.statuses,
    gmStatuses: applied.gmStatuses,
    ailment: applied.ailment,
  };
}
