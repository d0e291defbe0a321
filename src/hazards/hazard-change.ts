import {
  applyHazard,
  type ArchsoulState,
  type GmState,
  type HazardApplied,
  type HazardChange,
} from '../core/engine';
import {
  statusesFromHazard,
  type GmAilmentOutcome,
  type SheetEffect,
  type StoredAilment,
} from '../core/hazards';
import type { Dice } from '../core/random';
import { HazardsAilmentsService } from './hazards-ailments.service';
import {
  loggedApplied,
  loggedAppliedV4,
  type LoggedHazardApplied,
  type LoggedHazardAppliedV4,
} from './hazard-logged';

/*
 * The engine's change for a campaign hazard (issue 39, `hazard.campaign.v2`): what the hazard's
 * answer says to a stored sheet, found from the answer and the engine's state alone (no sheet, no
 * I/O), so that the logged roll replays from its input.
 */

/** The state a campaign hazard reads: G&M or Archsoul, with the hazard's fields (`hazardSheetState`). */
export type HazardState = GmState | ArchsoulState;

/** How many status ids a hazard's caller mints ahead (a hazard adds at most one of each of four). */
export const HAZARD_STATUS_IDS = 4;

/**
 * The change of a hazard's answer `outcome` on `state`. `hazard` is the campaign's name for it (the
 * source of a shock status); `input` what the procedure was given (a kept ailment's numbers); `ids`
 * the ids a kept ailment (the first) and added statuses (the rest) take.
 */
export function hazardChange(
  state: HazardState,
  kind: string,
  hazard: string,
  outcome: Record<string, unknown>,
  input: Record<string, unknown>,
  ids: readonly string[],
): HazardChange {
  const effects = [...((outcome.effects as SheetEffect[] | undefined) ?? [])];
  if (state.system === 'archsoul') {
    const restored: Array<{ field: string; delta: number }> = [];
    if (kind === 'archsoulRest') {
      // A full night gives back a point of every reduced attribute (002:48): Endurance as an effect,
      // the others by `attributeReductionsAfter`, and exhaustion's point once no longer exhausted.
      const after = (outcome.attributeReductionsAfter as Record<string, number> | undefined) ?? {};
      const loss = state.values.enduranceLoss;
      if (loss > 0 && typeof after.Endurance === 'number' && after.Endurance < loss)
        effects.push({ track: 'endurance', change: loss - after.Endurance, status: null });
      for (const [name, points] of Object.entries(state.hazard?.attributeLoss ?? {})) {
        const left = after[name];
        if (points > 0 && typeof left === 'number' && left < points)
          restored.push({ field: `attributeLoss.${name}`, delta: left - points });
      }
      const atStart = Number(outcome.fatigueBefore ?? 0) + Number(outcome.deprivationFatigue ?? 0);
      if ((state.hazard?.exhaustionKept ?? 0) > 0 && outcome.fullNight === true && atStart < 2)
        restored.push({ field: 'exhaustionLoss', delta: -1 });
    }
    return { kind: 'hazard', effects, ...(restored.length > 0 ? { restored } : {}) };
  }
  const [ailmentId, ...statusIds] = ids;
  let ailment: StoredAilment | null = null;
  if (kind === 'gmAilment') {
    const kept = HazardsAilmentsService.toStore(outcome as unknown as GmAilmentOutcome, input);
    ailment = kept && { ...{}, ...kept, id: ailmentId ?? kept.id };
  }
  const statuses = statusesFromHazard(effects, outcome, hazard, ailment !== null);
  return {
    kind: 'hazard',
    effects,
    ...(ailment ? { ailment } : {}),
    ...(statuses.length > 0 ? { statuses, ids: statusIds } : {}),
  };
}

/** What `hazard.campaign.v2` answers for one character: the hazard's answer and the transition's. */
export interface HazardV2Outcome {
  hazard: Record<string, unknown>;
  applied: HazardApplied<HazardState>;
}

/**
 * What `hazard.campaign.v3` logs for one character: the hazard's answer without its `odds` (exact
 * chances, worked out again by the replay, not what the dice gave; the answer still carries them) and
 * the transition as `loggedApplied` keeps it.
 */
export interface HazardV3Logged {
  hazard: Record<string, unknown>;
  applied: LoggedHazardApplied;
}

export function loggedHazard(whole: HazardV2Outcome): HazardV3Logged {
  return { hazard: withoutOdds(whole.hazard), applied: loggedApplied(whole.applied) };
}

/** What `hazard.campaign.v4` logs for one character: the hazard's answer as v3, the transition as `loggedAppliedV4`. */
export interface HazardV4Logged {
  hazard: Record<string, unknown>;
  applied: LoggedHazardAppliedV4;
}

export function loggedHazardV4(whole: HazardV2Outcome): HazardV4Logged {
  return { hazard: withoutOdds(whole.hazard), applied: loggedAppliedV4(whole.applied) };
}

function withoutOdds(hazard: Record<string, unknown>): Record<string, unknown> {
  const { odds: _odds, ...rest } = hazard;
  return rest;
}

/** The hazard rolled, its change found and applied once, on one dice stream. */
export function runCampaignHazard(
  procedure: { run: (input: unknown, dice: Dice) => Record<string, unknown> },
  member: { kind: string; name: string; hazard: Record<string, unknown>; state: HazardState; ids: string[] },
  dice: Dice,
): HazardV2Outcome {
  const hazard = procedure.run(member.hazard, dice);
  const change = hazardChange(member.state, member.kind, member.name, hazard, member.hazard, member.ids);
  return { hazard, applied: applyHazard(member.state, change)(dice) };
}
