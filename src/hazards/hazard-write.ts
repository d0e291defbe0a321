import type { EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal';
import { CharacterSheetEntity, ConditionEntryEntity } from '../characters/characters.entities';
import type { ConditionCause, SheetOwner, SheetsService } from '../characters/sheets.service';
import type { Sheet } from '../core/characters/sheets';
import { deriveSheet } from '../core/characters/sheets-derived';
import { hazardSheetState, withHarm, type HazardApplied } from '../core/engine';
import { harmOf } from '../core/harm/sheet-harm';
import { ailmentsOf, withGmStatuses, type StoredAilment } from '../core/hazards';
import type { CampaignEntity } from '../database/entities';
import type { EngineEventResult } from '../harm/engine-events.results';
import type { SheetHarmService } from '../harm/sheet-harm.service';
import type { HazardState } from './hazard-change';

/*
 * What a hazard applied through the engine (issue 39) writes to a stored sheet, shared by the campaign
 * hazards (`hazard.campaign.v3`, `hazard.party.v4`) and the G&M ailments' ticks on the clock
 * (`hazard.gm.ailment-ticks.v3`): the engine's state read from the sheet, and the one write of it.
 */

export interface AppliedChange {
  field: string;
  delta: number;
  after: number;
}

/**
 * What the harm transition made of a hazard's loss and the state it left. `rollId` is the hazard's own
 * roll (`hazard.campaign.v3`, `hazard.party.v4`, `hazard.gm.ailment-ticks.v3`): the harm is part of it.
 */
export interface HazardHarmView {
  rollId: string;
  stateBefore: string;
  state: string;
  pending: string[];
  /** The engine's events of the harm (issue 42). */
  events?: EngineEventResult[];
}

/**
 * The engine's state of a sheet for a hazard: G&M reads its consciousness reaction as derived from the
 * campaign's settings alone. An Archsoul sheet without Endurance is read leniently (a harmless hazard
 * still applies; the campaign hazard refuses one that harms).
 */
export function hazardStateOf(
  owner: SheetOwner,
  row: CharacterSheetEntity,
  campaign: CampaignEntity,
  system: 'gm' | 'archsoul',
): HazardState {
  const data = row.data;
  const view = system === 'gm' ? deriveSheet('gm', data, { settings: campaign.settings }) : data;
  const stats = (data.stats ?? {}) as Record<string, unknown>;
  const lenient = system === 'archsoul' && !Object.keys(stats).some((k) => k.toLowerCase() === 'endurance');
  return hazardSheetState(sheetOwner(owner), system, data, view, harmOf(data), lenient);
}

export function sheetOwner(owner: SheetOwner) {
  return { name: owner.name, id: owner.id, npc: owner.kind === 'npc' };
}

/** The sheet with its ailments replaced (the field leaves the sheet when none is left). */
export function withAilments(sheet: Sheet, ailments: StoredAilment[]): Sheet {
  const out: Sheet = { ...sheet };
  if (ailments.length > 0) out.ailments = ailments;
  else delete out.ailments;
  return out;
}

/** The sheet with the lists a hazard changes (statuses, a kept ailment) and its new tracked values at 0. */
function hazardSheetLists(sheet: Sheet, engine: HazardApplied<HazardState>): Sheet {
  let out = sheet;
  for (const field of engine.zeroed) if (typeof out[field] !== 'number') out = { ...{}, ...out, [field]: 0 };
  if (engine.statuses !== null) out = { ...{}, ...out, statuses: engine.statuses };
  if (engine.ailment !== null) out = withAilments(out, [...ailmentsOf(out), engine.ailment]);
  if (engine.gmStatuses !== null) out = withGmStatuses(out, engine.gmStatuses);
  return out;
}

/** How a caller's hazard is written besides the transition's answer. */
export interface HazardWriteOptions {
  /** The reason of the plain step's entries (`hazard` unless said). */
  reason?: string;
  /** What the caller changes on the sheet besides (after the transition's lists): a plain step always. */
  lists?: (sheet: Sheet) => Sheet;
}

/**
 * The one place a hazard changes a stored sheet: what the transition answered, through
 * `SheetsService.openTracked` (the condition ledger), clamped to each value's bounds, in ONE write of
 * the sheet row already read and locked. Two steps of that write, in order: the plain changes (cause:
 * the roll, reason `hazard` or the caller's; statuses cleared or added, a kept ailment and the caller's
 * `lists` in the same step), then the harm's (cause: the procedure, as every harm entry; the harm state
 * and its timers on the sheet). The harm answer's `rollId` is the hazard's own roll: there is no second
 * roll.
 */
export async function writeHazard(
  deps: { sheets: SheetsService; harm: SheetHarmService },
  m: EntityManager,
  who: Principal,
  campaign: CampaignEntity,
  owner: SheetOwner,
  row: CharacterSheetEntity,
  system: 'gm' | 'archsoul',
  state: HazardState,
  engine: HazardApplied<HazardState>,
  cause: { procedure: string; rollId: string },
  options: HazardWriteOptions = {},
): Promise<{ applied: AppliedChange[]; harm: HazardHarmView | null }> {
  const outcome = engine.outcome;
  const lists = options.lists;
  const plain =
    engine.plain.length > 0 ||
    engine.statuses !== null ||
    engine.ailment !== null ||
    engine.gmStatuses !== null ||
    lists !== undefined;
  if (!plain && outcome === null) return { applied: [], harm: null };
  const steps: Array<{
    changes: Array<{ field: string; delta: number }>;
    cause: ConditionCause;
    base: (sheet: Sheet) => Sheet;
  }> = [];
  if (plain)
    steps.push({
      changes: engine.plain,
      cause: {
        cause: 'roll',
        procedure: cause.procedure,
        rollId: cause.rollId,
        reason: options.reason ?? 'hazard',
      },
      base: (sheet) => {
        const out = hazardSheetLists(sheet, engine);
        return lists ? lists(out) : out;
      },
    });
  let harm: HazardHarmView | null = null;
  if (outcome !== null) {
    const after = await deps.harm.harmAfter(m, campaign.id, system, state, state.harm, outcome);
    steps.push({
      changes: engine.harmLedger,
      cause: { cause: 'procedure', procedure: cause.procedure, rollId: cause.rollId },
      base: (sheet) => withHarm(system, sheet, after.harm, after.emptied),
    });
    harm = {
      rollId: cause.rollId,
      stateBefore: outcome.stateBefore,
      state: outcome.state,
      pending: outcome.pending,
      events: [...engine.events, ...after.events],
    };
  }
  // One step (most hazards: harm only, or plain only) is one `changeTracked`; both are two steps of
  // one `openTracked` write. Either way the sheet row is written once, the entries inserted once.
  let entries: ConditionEntryEntity[];
  if (steps.length === 1) {
    const [step] = steps;
    ({ entries } = await deps.sheets.changeTracked(
      m,
      who,
      campaign,
      owner,
      system,
      step.changes,
      step.cause,
      {
        clamp: true,
        base: step.base,
        row,
      },
    ));
  } else {
    const tracked = await deps.sheets.openTracked(m, who, campaign, owner, system, row);
    for (const step of steps) tracked.apply(step.changes, step.cause, { clamp: true, base: step.base });
    ({ entries } = await tracked.write(m));
  }
  return { applied: entries.map((e) => ({ field: e.field, delta: e.delta, after: e.valueAfter })), harm };
}
