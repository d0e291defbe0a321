import type { Dice } from '../random';
import { invalid, optionalWholeNumber, record } from '../checks/validate';
import { AppliedModifier } from './shared';

export type TravelMode = 'land' | 'water';
/** Watches of travel in a day (the morning and the afternoon/evening watch, seed 003). */
export const TRAVEL_WATCHES_PER_DAY = 2;
/** Hexes a day on water: "four or more" (seed 003): 4 unless the request sends another. */
export const WATER_HEXES_PER_DAY = 4;

export interface CoeacTravelInput {
  mode?: TravelMode;
  hexes?: number;
  days?: number;
  /** Water only: hexes a day in the sailing conditions (4 by default). */
  hexesPerDay?: number;
}

export interface TravelCheck {
  /** The watch (land) or day (water) it belongs to, from 1. */
  index: number;
  die: number;
  roll: number;
  /** An encounter or an omen: 1–2 on the d6 (land), 1 on the d8 (water). */
  encounter: boolean;
}

export interface CoeacTravelOutcome {
  mode: TravelMode;
  hexes: number;
  /** Watches spent travelling (land), 0 on water. */
  watches: number;
  /** Days spent (water; whole days, rounded up). */
  days: number;
  checks: TravelCheck[];
  faces: number[];
  encounters: number;
  modifiers: AppliedModifier[];
  odds: { encounterPerCheck: number; atLeastOne: number };
}

/**
 * COEAC travel (seed 003, "The overland scale", "Water voyages"): one hex a watch overland with a
 * 2-in-6 encounter check each watch; on water four (or the sent number of) hexes a day and one 1-in-8
 * check a day. Send hexes (days follow) or days (hexes follow).
 */
export function coeacTravel(spec: CoeacTravelInput, dice: Dice): CoeacTravelOutcome {
  const input = record(spec, 'input');
  const mode = (input.mode ?? 'land') as TravelMode;
  if (mode !== 'land' && mode !== 'water') throw invalid('`mode` is "land" or "water".', 'mode');
  const hasHexes = input.hexes !== undefined && input.hexes !== null;
  const hasDays = input.days !== undefined && input.days !== null;
  if (hasHexes === hasDays)
    throw invalid('Send exactly one of `hexes` and `days`.', hasHexes ? 'days' : 'hexes');
  const perDay = optionalWholeNumber(
    input.hexesPerDay,
    'hexesPerDay',
    mode === 'water' ? WATER_HEXES_PER_DAY : 2,
    1,
    100,
  );
  if (mode === 'land' && input.hexesPerDay !== undefined && input.hexesPerDay !== null)
    throw invalid('`hexesPerDay` is for water travel (overland is one hex a watch).', 'hexesPerDay');
  const hexes = hasHexes
    ? optionalWholeNumber(input.hexes, 'hexes', 0, 0, 1000)
    : optionalWholeNumber(input.days, 'days', 0, 0, 1000) * perDay;
  const days = hasDays ? optionalWholeNumber(input.days, 'days', 0, 0, 1000) : Math.ceil(hexes / perDay);
  const checks: TravelCheck[] = [];
  const count = mode === 'land' ? hexes : days;
  const die = mode === 'land' ? 6 : 8;
  const hit = mode === 'land' ? 2 : 1;
  for (let i = 1; i <= count; i++) {
    const roll = dice.pool(1, die, mode === 'land' ? 'hexes' : 'days')[0];
    checks.push({ index: i, die, roll, encounter: roll <= hit });
  }
  const per = hit / die;
  return {
    mode,
    hexes,
    watches: mode === 'land' ? hexes : 0,
    days,
    checks,
    faces: checks.map((c) => c.roll),
    encounters: checks.filter((c) => c.encounter).length,
    modifiers: mode === 'water' ? [{ name: 'hexes a day on water', value: perDay }] : [],
    odds: { encounterPerCheck: per, atLeastOne: 1 - (1 - per) ** count },
  };
}

/** Mirror Road (seed 003, Transform Ob 3): a real-world day's travel (two overland hexes) in an hour. */
export const MIRROR_ROAD_MINUTES_PER_DAY = 60;
export const MIRROR_ROAD_MINUTES_PER_HEX = MIRROR_ROAD_MINUTES_PER_DAY / TRAVEL_WATCHES_PER_DAY;
/** COEAC exploration turns are about ten minutes (seed 003, "The exploration scale"). */
export const MINUTES_PER_TURN = 10;

export interface CoeacMirrorRoadInput {
  hexes?: number;
  days?: number;
}

export interface CoeacMirrorRoadOutcome {
  hexes: number;
  /** Real-world days of travel covered (two hexes a day; half a day for an odd hex). */
  days: number;
  /** Time actually spent in the Mirrorlands. */
  minutes: number;
  /** The same time in ten-minute turns (what a campaign clock advances). */
  turns: number;
  checks: TravelCheck[];
  faces: number[];
  encounters: number;
  modifiers: AppliedModifier[];
  odds: { encounterPerCheck: number; atLeastOne: number };
}

/**
 * The Mirror Road (COEAC spell, seed 003): the caster guides companions through the Mirrorlands and
 * covers a real-world day's travel in one hour. Encounter checks with the Mirrorlands' denizens are
 * "as normal for overland travel": we read that as one 2-in-6 check for each watch the distance
 * would take overland, so one a hex (docs/hazards.md). Half an hour a hex, three ten-minute turns.
 */
export function coeacMirrorRoad(spec: CoeacMirrorRoadInput, dice: Dice): CoeacMirrorRoadOutcome {
  const input = record(spec, 'input');
  const hasHexes = input.hexes !== undefined && input.hexes !== null;
  const hasDays = input.days !== undefined && input.days !== null;
  if (hasHexes === hasDays)
    throw invalid('Send exactly one of `hexes` and `days`.', hasHexes ? 'days' : 'hexes');
  const hexes = hasHexes
    ? optionalWholeNumber(input.hexes, 'hexes', 0, 0, 1000)
    : optionalWholeNumber(input.days, 'days', 0, 0, 500) * TRAVEL_WATCHES_PER_DAY;
  const minutes = hexes * MIRROR_ROAD_MINUTES_PER_HEX;
  const checks: TravelCheck[] = [];
  for (let i = 1; i <= hexes; i++) {
    const roll = dice.pool(1, 6, 'hexes')[0];
    checks.push({ index: i, die: 6, roll, encounter: roll <= 2 });
  }
  const per = 2 / 6;
  return {
    hexes,
    days: hexes / TRAVEL_WATCHES_PER_DAY,
    minutes,
    turns: minutes / MINUTES_PER_TURN,
    checks,
    faces: checks.map((c) => c.roll),
    encounters: checks.filter((c) => c.encounter).length,
    modifiers: [{ name: 'Mirrorlands: minutes a hex', value: MIRROR_ROAD_MINUTES_PER_HEX }],
    odds: { encounterPerCheck: per, atLeastOne: 1 - (1 - per) ** hexes },
  };
}
