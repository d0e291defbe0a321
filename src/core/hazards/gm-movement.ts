import type { Dice } from '../random';
import { passingFaces } from '../checks/ability-roll';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { groupBonus } from '../combat/gm-group';
import { AppliedModifier, SheetEffect } from './shared';

/** The one group-effort bonus (issue 43): tracking reads the same table as group efforts. */
export { groupBonus };

/** A G&M round is ten seconds, six to a minute (seed 001, "Time"). */
export const SECONDS_PER_ROUND = 10;

export type GmSpeed = 'semi-conscious' | 'combat' | 'dash' | 'explore' | 'walk' | 'jog' | 'run' | 'sprint';
export const GM_SPEEDS: readonly GmSpeed[] = [
  'semi-conscious',
  'combat',
  'dash',
  'explore',
  'walk',
  'jog',
  'run',
  'sprint',
];

/**
 * The speed table (seed 000, "Movement"): yards a minute and feet a round as multiples of Movement
 * (semi-conscious: half; the yards column halved, rounded down), the time base (endurance × rounds,
 * minutes, 10, 30 or 5 minutes, in rounds per point of endurance), and the reaction penalty and the
 * attackers' bonus. The blank cells (semi-conscious, combat, explore) are 0.
 */
export const SPEED_TABLE: Readonly<
  Record<
    GmSpeed,
    { yardsPerMinute: number; feetPerRound: number; timeBaseRounds: number; reaction: number; attack: number }
  >
> = {
  'semi-conscious': { yardsPerMinute: 1, feetPerRound: 0.5, timeBaseRounds: 1, reaction: 0, attack: 0 },
  combat: { yardsPerMinute: 2, feetPerRound: 1, timeBaseRounds: 6, reaction: 0, attack: 0 },
  dash: { yardsPerMinute: 6, feetPerRound: 3, timeBaseRounds: 6, reaction: -1, attack: 4 },
  explore: { yardsPerMinute: 4, feetPerRound: 2, timeBaseRounds: 60, reaction: 0, attack: 0 },
  walk: { yardsPerMinute: 10, feetPerRound: 5, timeBaseRounds: 180, reaction: -2, attack: 2 },
  jog: { yardsPerMinute: 20, feetPerRound: 10, timeBaseRounds: 30, reaction: -4, attack: 4 },
  run: { yardsPerMinute: 30, feetPerRound: 15, timeBaseRounds: 6, reaction: -8, attack: 8 },
  sprint: { yardsPerMinute: 50, feetPerRound: 25, timeBaseRounds: 1, reaction: -16, attack: 16 },
};

/** Order of the reaction-penalty steps, for the outdoor shift. */
const PENALTY_STEPS: readonly GmSpeed[] = ['walk', 'jog', 'run', 'sprint'];

export type Darkness = 'none' | 'night' | 'total';
export const DARKNESS: readonly Darkness[] = ['none', 'night', 'total'];

export interface GmSpeedInput {
  movement: number;
  speed: GmSpeed;
  endurance: number;
  /** Outdoors away from danger: the penalties shift one step lighter. */
  outdoors?: boolean;
  darkness?: Darkness;
  /** Can see in the dark (special vision or a light). */
  canSee?: boolean;
  /** A horse, pony, mule or donkey: jog, run and sprint at twice the distance. */
  equine?: boolean;
  /** An animal's load as a percentage of its listed load (100 = the listed load). */
  loadPercent?: number;
}

export interface GmSpeedOutcome {
  speed: GmSpeed;
  /** Movement after load and darkness. */
  movement: number;
  yardsPerMinute: number;
  feetPerRound: number;
  /** Rounds before a ten-minute rest is due. */
  timeBaseRounds: number;
  reactionPenalty: number;
  attackBonus: number;
  modifiers: AppliedModifier[];
}

/** Darkness divides Movement by 2 (night without a full moon) or 4 (total), rounding down. */
export function darkMovement(movement: number, darkness: Darkness, canSee: boolean): number {
  if (canSee || darkness === 'none') return movement;
  return Math.floor(movement / (darkness === 'night' ? 2 : 4));
}

/** An animal loses 1 Movement per whole 10 % of load past the listed load (our rounding). */
export function loadPenalty(loadPercent: number): number {
  return loadPercent <= 100 ? 0 : Math.floor((loadPercent - 100) / 10);
}

/**
 * G&M movement speeds (seed 000, "Movement"): the speed table, the outdoor shift (the reaction penalty
 * and the attackers' bonus both move one step lighter; walking outdoors costs nothing), darkness and an
 * animal's load.
 */
export function gmSpeed(spec: GmSpeedInput): GmSpeedOutcome {
  const input = record(spec, 'input');
  const base = wholeNumber(input.movement, 'movement', 0, 1000);
  const speed = input.speed as GmSpeed;
  if (!GM_SPEEDS.includes(speed)) throw invalid(`\`speed\` is one of: ${GM_SPEEDS.join(', ')}.`, 'speed');
  const endurance = wholeNumber(input.endurance, 'endurance', 0, 1000);
  const outdoors = optionalFlag(input.outdoors, 'outdoors');
  const darkness = (input.darkness ?? 'none') as Darkness;
  if (!DARKNESS.includes(darkness)) throw invalid('`darkness` is "none", "night" or "total".', 'darkness');
  const canSee = optionalFlag(input.canSee, 'canSee');
  const equine = optionalFlag(input.equine, 'equine');
  const loadPercent = optionalWholeNumber(input.loadPercent, 'loadPercent', 100, 0, 10_000);
  const modifiers: AppliedModifier[] = [];
  const load = loadPenalty(loadPercent);
  if (load > 0) modifiers.push({ name: 'load past the listed load', value: -load });
  let movement = Math.max(0, base - load);
  const dark = darkMovement(movement, darkness, canSee);
  if (dark !== movement) modifiers.push({ name: `darkness (${darkness})`, value: dark - movement });
  movement = dark;
  const row = SPEED_TABLE[speed];
  const fast = equine && (speed === 'jog' || speed === 'run' || speed === 'sprint');
  if (fast) modifiers.push({ name: 'equine: twice the distance', value: 2 });
  const factor = fast ? 2 : 1;
  let reaction = row.reaction;
  let attack = row.attack;
  if (outdoors) {
    const step = PENALTY_STEPS.indexOf(speed);
    if (step >= 0) {
      const lighter = step === 0 ? null : SPEED_TABLE[PENALTY_STEPS[step - 1]];
      reaction = lighter ? lighter.reaction : 0;
      attack = lighter ? lighter.attack : 0;
    } else if (speed === 'dash') {
      reaction = 0;
      attack = 0;
    }
    modifiers.push({ name: 'outdoors: penalties one step lighter', value: reaction - row.reaction });
  }
  return {
    speed,
    movement,
    yardsPerMinute: Math.floor(row.yardsPerMinute * movement * factor),
    feetPerRound: Math.floor(row.feetPerRound * movement * factor),
    timeBaseRounds: row.timeBaseRounds * endurance,
    reactionPenalty: reaction,
    attackBonus: attack,
    modifiers,
  };
}

// Rest and forced march

export interface GmForcedMarchInput {
  health: number;
  /** Time bases pushed on without the ten-minute rest (each calls for a health roll). */
  periods: number;
  /** Points of Movement given up for the whole period (+2 each). */
  movementGivenUp?: number;
  /** Too little water or salt (up to −4). */
  thirst?: number;
  /** Movement health rolls already made since the last rest (−2 each). */
  previousRolls?: number;
}

export interface MarchRoll {
  index: number;
  target: number;
  roll: number;
  passed: boolean;
  odds: { success: number };
}

export interface GmForcedMarchOutcome {
  rolls: MarchRoll[];
  injuries: number;
  faces: number[];
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
  odds: { injuries: { value: number; probability: number }[] };
}

/**
 * G&M forced march (seed 000, "Movement: rest"): going on past a time base without rest is a health
 * roll, +2 per point of Movement given up, −2 per movement health roll since the last rest, up to −4
 * for thirst; a failure is an injury point. Also used for a +50 % day of travel.
 */
export function gmForcedMarch(spec: GmForcedMarchInput, dice: Dice): GmForcedMarchOutcome {
  const input = record(spec, 'input');
  const health = wholeNumber(input.health, 'health', 0, 1000);
  const periods = wholeNumber(input.periods, 'periods', 0, 1000);
  const given = optionalWholeNumber(input.movementGivenUp, 'movementGivenUp', 0, 0, 1000);
  const thirst = optionalWholeNumber(input.thirst, 'thirst', 0, 0, 4);
  const previous = optionalWholeNumber(input.previousRolls, 'previousRolls', 0, 0, 1000);
  return marchRolls(health, periods, given, thirst, previous, dice);
}

export function marchRolls(
  health: number,
  periods: number,
  given: number,
  thirst: number,
  previous: number,
  dice: Dice,
): GmForcedMarchOutcome {
  const modifiers: AppliedModifier[] = [];
  if (given > 0) modifiers.push({ name: 'Movement given up', value: 2 * given });
  if (thirst > 0) modifiers.push({ name: 'too little water or salt', value: -thirst });
  if (previous > 0) modifiers.push({ name: 'earlier movement health rolls', value: -2 * previous });
  const rolls: MarchRoll[] = [];
  let dist = [1];
  for (let i = 0; i < periods; i++) {
    const target = health + 2 * given - thirst - 2 * (previous + i);
    const roll = dice.pool(1, 20, 'health')[0];
    const success = passingFaces(target) / 20;
    rolls.push({ index: i + 1, target, roll, passed: roll <= target, odds: { success } });
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((p, k) => {
      next[k] += p * success;
      next[k + 1] += p * (1 - success);
    });
    dist = next;
  }
  const injuries = rolls.filter((r) => !r.passed).length;
  return {
    rolls,
    injuries,
    faces: rolls.map((r) => r.roll),
    modifiers,
    effects: injuries > 0 ? [{ track: 'injuries', change: injuries, status: null }] : [],
    odds: {
      injuries: dist.map((probability, value) => ({ value, probability })).filter((c) => c.probability > 0),
    },
  };
}

// Daily movement

export type GmTerrain = 'easy' | 'rough' | 'difficult';
export const GM_TERRAINS: readonly GmTerrain[] = ['easy', 'rough', 'difficult'];
/** Miles a day per point of Movement, in quarters (easy 2, forest or hills 1, bog or undergrowth ½). */
const TERRAIN_QUARTERS: Readonly<Record<GmTerrain, number>> = { easy: 8, rough: 4, difficult: 2 };
export type Riding = 'none' | 'saddle' | 'blanket' | 'bareback';

export interface GmDailyMovementInput {
  movement: number;
  endurance: number;
  health: number;
  days: number;
  terrain?: GmTerrain;
  /** Days pushed 50 % further (each calls for a health roll). */
  pushedDays?: number;
  /** Days already walked since the last day of rest. */
  daysSinceRest?: number;
  flying?: boolean;
  /** Hours aloft a day for fliers (16 by default: the seed's "eight times further"). */
  flyingHours?: number;
  darkness?: Darkness;
  canSee?: boolean;
  riding?: Riding;
  loadPercent?: number;
}

export interface GmDailyMovementOutcome {
  movement: number;
  /** Miles a normal day, rounded down. */
  milesPerDay: number;
  /** Miles over the whole span (pushed days 50 % further, each rounded down). */
  miles: number;
  days: number;
  /** Days of travel after which a rest day is due (half endurance, at least 1). */
  restEvery: number;
  /** Rest days due within the span (not taken: pushing on needs the forced-march rolls). */
  restDaysDue: number;
  march: GmForcedMarchOutcome;
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
}

/**
 * G&M daily movement (seed 000, "Daily movement"): 2 × Movement miles a day on easy ground, Movement in
 * forest or hills, half Movement in bog or undergrowth; fliers go Movement miles an hour. Darkness
 * halves or quarters Movement (our reading: daily too). Riding on a blanket costs 1 Movement a day,
 * bareback 3 (our reading: Movement points). A rest day is due after half endurance days; a day pushed
 * 50 % further is a health roll at the forced-march modifiers or an injury point.
 */
export function gmDailyMovement(spec: GmDailyMovementInput, dice: Dice): GmDailyMovementOutcome {
  const input = record(spec, 'input');
  const base = wholeNumber(input.movement, 'movement', 0, 1000);
  const endurance = wholeNumber(input.endurance, 'endurance', 0, 1000);
  const health = wholeNumber(input.health, 'health', 0, 1000);
  const days = wholeNumber(input.days, 'days', 0, 1000);
  const terrain = (input.terrain ?? 'easy') as GmTerrain;
  if (!GM_TERRAINS.includes(terrain))
    throw invalid('`terrain` is "easy", "rough" or "difficult".', 'terrain');
  const pushed = optionalWholeNumber(input.pushedDays, 'pushedDays', 0, 0, 1000);
  if (pushed > days) throw invalid('`pushedDays` is at most `days`.', 'pushedDays');
  const since = optionalWholeNumber(input.daysSinceRest, 'daysSinceRest', 0, 0, 1000);
  const flying = optionalFlag(input.flying, 'flying');
  const hours = optionalWholeNumber(input.flyingHours, 'flyingHours', 16, 1, 24);
  const darkness = (input.darkness ?? 'none') as Darkness;
  if (!DARKNESS.includes(darkness)) throw invalid('`darkness` is "none", "night" or "total".', 'darkness');
  const canSee = optionalFlag(input.canSee, 'canSee');
  const riding = (input.riding ?? 'none') as Riding;
  if (!['none', 'saddle', 'blanket', 'bareback'].includes(riding))
    throw invalid('`riding` is "none", "saddle", "blanket" or "bareback".', 'riding');
  const loadPercent = optionalWholeNumber(input.loadPercent, 'loadPercent', 100, 0, 10_000);
  const modifiers: AppliedModifier[] = [];
  let movement = base;
  const load = loadPenalty(loadPercent);
  if (load > 0) modifiers.push({ name: 'load past the listed load', value: -load });
  const ridingCost = riding === 'blanket' ? 1 : riding === 'bareback' ? 3 : 0;
  if (ridingCost > 0)
    modifiers.push({
      name: `riding on ${riding === 'blanket' ? 'a blanket' : 'bareback'}`,
      value: -ridingCost,
    });
  movement = Math.max(0, movement - load - ridingCost);
  const dark = darkMovement(movement, darkness, canSee);
  if (dark !== movement) modifiers.push({ name: `darkness (${darkness})`, value: dark - movement });
  movement = dark;
  let milesPerDay: number;
  if (flying) {
    modifiers.push({ name: 'flying: Movement miles an hour', value: hours });
    milesPerDay = movement * hours;
  } else {
    modifiers.push({
      name: `terrain (${terrain}), quarters of a mile per Movement`,
      value: TERRAIN_QUARTERS[terrain],
    });
    milesPerDay = Math.floor((movement * TERRAIN_QUARTERS[terrain]) / 4);
  }
  const pushedMiles = Math.floor((milesPerDay * 3) / 2);
  const miles = milesPerDay * (days - pushed) + pushedMiles * pushed;
  const restEvery = Math.max(1, Math.floor(endurance / 2));
  const restDaysDue = Math.floor((since + days) / restEvery) - Math.floor(since / restEvery);
  const march = marchRolls(health, pushed, 0, 0, 0, dice);
  return {
    movement,
    milesPerDay,
    miles,
    days,
    restEvery,
    restDaysDue,
    march,
    modifiers,
    effects: march.effects,
  };
}

// Searching and tracking

/**
 * The group-effort bonus `hazard.gm.tracking` (version 1) used: capped at +10. Since issue 43 the
 * tracker reads the one group-effort table of `combat/gm-group` (see docs/decisions.md); this copy
 * stays only so that version 1 answers replay.
 */
function cappedGroupBonusV1(count: number): number {
  if (count < 2) return 0;
  return Math.min(10, Math.floor(Math.log2(count)));
}

export interface GmSearchInput {
  perception: number;
  /** The area's sides in feet. */
  widthFeet: number;
  lengthFeet: number;
  /** The referee's penalty for how well the thing is hidden. */
  penalty?: number;
}

export interface GmSearchOutcome {
  /** Obstacle size: the side of a square of the same area, in tens of feet, rounded down. */
  obstacleSize: number;
  obstaclePenalty: number;
  /** Two minutes per started 10 × 10 ft square. */
  minutes: number;
  target: number;
  roll: number;
  passed: boolean;
  faces: number[];
  modifiers: AppliedModifier[];
  odds: { success: number };
}

function doublingPenalty(size: number): number {
  let penalty = 0;
  for (let s = 2; s <= size; s *= 2) penalty++;
  return penalty;
}

/**
 * G&M searching (seed 000, "Searching"; 001 "Obstacle size"): a perception roll at the hiding penalty
 * and the area's obstacle penalty (10 × 10 ft is size 1; 20 × 20 ft size 2, −1; 40 × 40 ft −2), taking
 * two minutes per 10 × 10 ft square (our reading: by area).
 */
export function gmSearch(spec: GmSearchInput, dice: Dice): GmSearchOutcome {
  const input = record(spec, 'input');
  const perception = wholeNumber(input.perception, 'perception', 0, 1000);
  const width = wholeNumber(input.widthFeet, 'widthFeet', 1, 1_000_000);
  const length = wholeNumber(input.lengthFeet, 'lengthFeet', 1, 1_000_000);
  const penalty = optionalWholeNumber(input.penalty, 'penalty', 0, 0, 1000);
  const side = Math.floor(Math.sqrt(width * length) / 10 + 1e-9);
  const obstacleSize = Math.max(1, side);
  const obstacle = doublingPenalty(obstacleSize);
  const minutes = 2 * Math.ceil(width / 10) * Math.ceil(length / 10);
  const modifiers: AppliedModifier[] = [];
  if (obstacle > 0) modifiers.push({ name: 'obstacle size', value: -obstacle });
  if (penalty > 0) modifiers.push({ name: 'hidden', value: -penalty });
  const target = perception - obstacle - penalty;
  const roll = dice.pool(1, 20, 'perception')[0];
  return {
    obstacleSize,
    obstaclePenalty: obstacle,
    minutes,
    target,
    roll,
    passed: roll <= target,
    faces: [roll],
    modifiers,
    odds: { success: passingFaces(target) / 20 },
  };
}

export interface GmTrackingInput {
  perception: number;
  /** Whole days since the quarry passed (−1 each). */
  days: number;
  /** How many creatures passed (the group-effort bonus). */
  quarry?: number;
  /** The margin the quarry made its covering-tracks roll by (a penalty). */
  covered?: number;
  urban?: boolean;
  /** Distance followed, in yards, for the obstacle size (one obstacle by default). */
  yards?: number;
}

export interface GmTrackingOutcome {
  target: number;
  roll: number;
  passed: boolean;
  /** Yards per obstacle: a quarter mile in the wild, 100 yards in town. */
  obstacleYards: number;
  obstaclePenalty: number;
  faces: number[];
  modifiers: AppliedModifier[];
  odds: { success: number };
}

/**
 * G&M tracking (seed 000, "Tracking"): perception at −1 per day since the quarry passed, + its group
 * bonus, − the margin of its covering roll; the obstacle is a quarter mile (440 yards) in the wild,
 * 100 yards in town.
 */
export function gmTracking(spec: GmTrackingInput, dice: Dice): GmTrackingOutcome {
  return tracking(spec, dice, groupBonus);
}

/** Version 1 of {@link gmTracking}: the quarry's group bonus capped at +10 (replay only). */
export function gmTrackingV1(spec: GmTrackingInput, dice: Dice): GmTrackingOutcome {
  return tracking(spec, dice, cappedGroupBonusV1);
}

function tracking(
  spec: GmTrackingInput,
  dice: Dice,
  groupBonus: (count: number) => number,
): GmTrackingOutcome {
  const input = record(spec, 'input');
  const perception = wholeNumber(input.perception, 'perception', 0, 1000);
  const days = wholeNumber(input.days, 'days', 0, 10_000);
  const quarry = optionalWholeNumber(input.quarry, 'quarry', 1, 1, 1_000_000);
  const covered = optionalWholeNumber(input.covered, 'covered', 0, 0, 1000);
  const urban = optionalFlag(input.urban, 'urban');
  const obstacleYards = urban ? 100 : 440;
  const yards = optionalWholeNumber(input.yards, 'yards', obstacleYards, 1, 100_000_000);
  const obstacle = doublingPenalty(Math.floor(yards / obstacleYards));
  const bonus = groupBonus(quarry);
  const modifiers: AppliedModifier[] = [];
  if (days > 0) modifiers.push({ name: 'days since the quarry passed', value: -days });
  if (bonus > 0) modifiers.push({ name: 'size of the group tracked', value: bonus });
  if (covered > 0) modifiers.push({ name: 'tracks covered', value: -covered });
  if (obstacle > 0) modifiers.push({ name: 'obstacle size', value: -obstacle });
  const target = perception - days + bonus - covered - obstacle;
  const roll = dice.pool(1, 20, 'perception')[0];
  return {
    target,
    roll,
    passed: roll <= target,
    obstacleYards,
    obstaclePenalty: obstacle,
    faces: [roll],
    modifiers,
    odds: { success: passingFaces(target) / 20 },
  };
}

export interface GmCoverTracksInput {
  perception: number;
  penalty?: number;
}

export interface GmCoverTracksOutcome {
  target: number;
  roll: number;
  passed: boolean;
  /** The penalty the trackers take: what the roll was made by (0 on an exact roll: our reading). */
  trackerPenalty: number;
  /** Covering tracks halves Movement. */
  movementFactor: number;
  faces: number[];
  modifiers: AppliedModifier[];
  odds: { success: number; trackerPenalty: { value: number; probability: number }[] };
}

/** Covering tracks (seed 000, "Tracking"): a perception roll whose margin the trackers take as a penalty. */
export function gmCoverTracks(spec: GmCoverTracksInput, dice: Dice): GmCoverTracksOutcome {
  const input = record(spec, 'input');
  const perception = wholeNumber(input.perception, 'perception', 0, 1000);
  const penalty = optionalWholeNumber(input.penalty, 'penalty', 0, 0, 1000);
  const target = perception - penalty;
  const roll = dice.pool(1, 20, 'perception')[0];
  const passed = roll <= target;
  const dist = new Map<number, number>();
  for (let face = 1; face <= 20; face++) {
    const margin = face <= target ? target - face : 0;
    dist.set(margin, (dist.get(margin) ?? 0) + 1 / 20);
  }
  return {
    target,
    roll,
    passed,
    trackerPenalty: passed ? target - roll : 0,
    movementFactor: 0.5,
    faces: [roll],
    modifiers: penalty > 0 ? [{ name: 'penalty', value: -penalty }] : [],
    odds: {
      success: passingFaces(target) / 20,
      trackerPenalty: [...dist.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([value, probability]) => ({ value, probability })),
    },
  };
}

// Time units

export interface GmTimeInput {
  rounds?: number;
  minutes?: number;
  hours?: number;
  days?: number;
}

export interface GmTimeOutcome {
  seconds: number;
  rounds: number;
  minutes: number;
  hours: number;
  days: number;
}

/** G&M time units: a round is 10 seconds, a minute 6 rounds; everything sent is added up. */
export function gmTime(spec: GmTimeInput): GmTimeOutcome {
  const input = record(spec, 'input');
  const rounds = optionalWholeNumber(input.rounds, 'rounds', 0, 0, 100_000_000);
  const minutes = optionalWholeNumber(input.minutes, 'minutes', 0, 0, 10_000_000);
  const hours = optionalWholeNumber(input.hours, 'hours', 0, 0, 1_000_000);
  const days = optionalWholeNumber(input.days, 'days', 0, 0, 100_000);
  const seconds = rounds * 10 + minutes * 60 + hours * 3600 + days * 86_400;
  return {
    seconds,
    rounds: seconds / SECONDS_PER_ROUND,
    minutes: seconds / 60,
    hours: seconds / 3600,
    days: seconds / 86_400,
  };
}
