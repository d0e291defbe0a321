import { RuleError } from '../errors';
import type { SheetHarm } from '../harm/campaign';
import { unhealableOf } from '../harm/gm-unhealable';
import { TEMPORARY_SOURCE, TEMPORARY_SURVIVAL } from '../harm/sheet-harm';
import { enduranceLossOf, exhaustionLossOf } from '../hazards/sheet-hazards';
import { ailmentsOf } from '../hazards/gm-ailment-course';
import { gmStatusesOf } from '../hazards/gm-statuses';
import {
  ATTRIBUTE_LOSS,
  ENDURANCE_LOSS,
  EXHAUSTION_LOSS,
  exhaustionKept,
} from '../characters/archsoul-losses';
import { UNHEALABLE_INJURIES } from '../harm/gm-unhealable';
import type { ArchsoulState, EngineState, EngineSystem, GmState } from './state';

/*
 * A stored sheet read as the engine's typed state (issue 39): the one place that says which of a
 * sheet's numbers a system's transition reads. The harm service loads a sheet, reads it here, calls
 * the system's `apply` once and writes what comes back; the model tests drive `apply` through the
 * same reading, so a sheet means the same to both.
 */

type Sheet = Record<string, unknown>;

/** Who holds the sheet: its name and id (for the events' sentences) and whether it is an NPC. */
export interface SheetStateOwner {
  name: string;
  id?: string | null;
  npc: boolean;
}

const num = (value: unknown, fallback = 0): number => (typeof value === 'number' ? value : fallback);
const pair = (value: unknown) => {
  const v = (value ?? {}) as { current?: number; max?: number };
  return { current: num(v.current), max: num(v.max) };
};

/** Archsoul Disabled: among the harm conditions (waking) or the sheet's statuses (any case). */
export function archsoulDisabled(data: Sheet, harm: SheetHarm): boolean {
  if (harm.conditions.includes('disabled')) return true;
  const statuses = Array.isArray(data.statuses) ? (data.statuses as unknown[]) : [];
  return statuses.some((x) => String(x).toLowerCase() === 'disabled');
}

/**
 * A G&M character's level: its overall level, the sum of its archetype levels (001:447, 503: the
 * overall level serves everything but reactions and the Fighting Arts); 1 without archetypes.
 */
export function gmLevel(data: Sheet): number {
  const archetypes = (data.archetypes ?? []) as Array<{ level: number }>;
  return Math.max(
    1,
    archetypes.reduce((sum, a) => sum + a.level, 0),
  );
}

/**
 * The engine's state of a stored sheet: `data` as stored, `view` with what the server derives
 * (Cairn Armor from what is worn, G&M reactions), `harm` the sheet's harm. `lenient`: for the events
 * of an outcome already computed, so nothing the transition did not need is refused.
 */
export function sheetState(
  owner: SheetStateOwner,
  system: EngineSystem,
  data: Sheet,
  view: Sheet,
  harm: SheetHarm,
  lenient = false,
): EngineState {
  const base = { name: owner.name, ownerId: owner.id ?? null, npc: owner.npc, harm };
  switch (system) {
    case 'coeac': {
      const armor = (data.armor ?? {}) as { blockUses?: number; shieldBlockUses?: number };
      return {
        ...{},
        ...base,
        system,
        values: {
          hp: num(data.hp),
          maxHp: num(data.maxHp),
          bonusHp: num(data.bonusHp),
          ...(typeof armor.blockUses === 'number' ? { 'armor.blockUses': armor.blockUses } : {}),
          ...(typeof armor.shieldBlockUses === 'number'
            ? { 'armor.shieldBlockUses': armor.shieldBlockUses }
            : {}),
          ...(typeof data.boons === 'number' ? { boons: data.boons } : {}),
        },
        saves: Object.keys((data.saves ?? {}) as object),
        skills: Object.keys((data.skills ?? {}) as object),
      };
    }
    case 'cairn': {
      const str = pair(data.str);
      const dex = pair(data.dex);
      const wil = pair(data.wil);
      return {
        ...{},
        ...base,
        system,
        values: {
          hp: num(data.hp),
          maxHp: num(data.maxHp),
          'str.current': str.current,
          'str.max': str.max,
          'dex.current': dex.current,
          'dex.max': dex.max,
          'wil.current': wil.current,
          'wil.max': wil.max,
        },
        armor: num(view.armor),
        fatigue: 0,
        deprived: data.deprived === true,
      };
    }
    case 'archsoul': {
      const stats = (data.stats ?? {}) as Record<string, number>;
      const key = Object.keys(stats).find((k) => k.toLowerCase() === 'endurance');
      if (key === undefined && !lenient)
        throw new RuleError(
          'UNPROCESSABLE',
          `${owner.name}’s Archsoul sheet has no Endurance in stats: the death threshold needs it.`,
          'system',
        );
      return {
        ...{},
        ...base,
        system,
        values: {
          hp: num(data.hp),
          belowZero: num(data.belowZero),
          maxHp: num(data.maxHp),
          fatigue: num(data.fatigue),
          enduranceLoss: enduranceLossOf(data),
        },
        // The Endurance the character has now: less what hazards took and exhaustion's point.
        endurance:
          key === undefined ? 0 : Math.max(0, stats[key] - enduranceLossOf(data) - exhaustionLossOf(data)),
        disabled: archsoulDisabled(data, harm),
      };
    }
    default: {
      const abilities = (data.abilities ?? {}) as Record<string, number>;
      const injuries = pair(data.injuries);
      return {
        ...{},
        ...base,
        system: 'gm',
        values: {
          'survival.current': pair(data.survival).current,
          'survival.max': pair(data.survival).max,
          'verve.current': pair(data.verve).current,
          'verve.max': pair(data.verve).max,
          'injuries.current': injuries.current,
          'injuries.max': injuries.max,
          temporarySurvival: num(data[TEMPORARY_SURVIVAL]),
        },
        level: gmLevel(data),
        reactions: { ...((view.reactions ?? {}) as Record<string, number>) },
        endurance: num(abilities.endurance, 10),
        temporarySource:
          typeof data[TEMPORARY_SOURCE] === 'string' ? (data[TEMPORARY_SOURCE] as string) : null,
        unhealable: unhealableOf(data, injuries.current),
      };
    }
  }
}

/**
 * The engine's state of a G&M or Archsoul sheet for a hazard (issue 39, `hazard.campaign.v2`):
 * `sheetState` with what a hazard reads besides (statuses, kept ailments, Archsoul's attribute and
 * exhaustion losses). `lenient` as for `sheetState` (an Archsoul sheet without Endurance: a hazard
 * that does no harm still applies; one that harms is refused by the caller).
 */
export function hazardSheetState(
  owner: SheetStateOwner,
  system: 'gm' | 'archsoul',
  data: Sheet,
  view: Sheet,
  harm: SheetHarm,
  lenient = false,
): ArchsoulState | GmState {
  const state = sheetState(owner, system, data, view, harm, lenient) as ArchsoulState | GmState;
  if (state.system === 'gm')
    return {
      ...{},
      ...state,
      hazard: {
        statuses: gmStatusesOf(data),
        ailments: ailmentsOf(data).length,
        hasUnhealable: typeof data[UNHEALABLE_INJURIES] === 'number',
      },
    };
  const loss = data[ATTRIBUTE_LOSS];
  return {
    ...{},
    ...state,
    hazard: {
      statuses: Array.isArray(data.statuses) ? (data.statuses as unknown[]).map(String) : [],
      exhaustionKept: exhaustionKept(data),
      attributeLoss:
        typeof loss === 'object' && loss !== null && !Array.isArray(loss)
          ? { ...(loss as Record<string, number>) }
          : {},
      has: {
        enduranceLoss: typeof data[ENDURANCE_LOSS] === 'number',
        exhaustionLoss: typeof data[EXHAUSTION_LOSS] === 'number',
      },
    },
  };
}
