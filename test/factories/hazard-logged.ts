import type { HazardApplied } from '../../src/core/engine';
import type { HazardState } from '../../src/hazards/hazard-change';

/**
 * What a v4 hazard roll (`hazard.campaign.v4`, `hazard.party.v5`, `hazard.gm.ailment-ticks.v4`) must log
 * of a transition answered whole, spelled out here apart from `loggedAppliedV4`: the harm's states and
 * what it left to do, then the ledger changes and the lists; no events, steps, detail or odds.
 */
export function expectedV4Applied(applied: HazardApplied<HazardState>) {
  const harm = applied.outcome;
  return {
    kind: 'damage',
    harm: harm && {
      stateBefore: harm.stateBefore,
      state: harm.state,
      pending: harm.pending,
      conditionsAdded: harm.conditionsAdded,
      conditionsRemoved: harm.conditionsRemoved,
    },
    plain: applied.plain,
    harmLedger: applied.harmLedger,
    zeroed: applied.zeroed,
    statuses: applied.statuses,
    gmStatuses: applied.gmStatuses,
    ailment: applied.ailment,
  };
}
