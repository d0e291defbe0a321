import { binomialTail } from '../odds';
import type { Dice } from '../random';
import { invalid, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { MAX_DIFFICULTY, MIN_DIFFICULTY } from '../checks/difficulty-pool';
import { AppliedModifier, Chance, SheetEffect } from './shared';

export type Activity = 'light' | 'heavy';

/**
 * Archsoul activity tolerance (seed 002, "Levels of Activity"): minutes of light or heavy activity
 * between exhaustion rolls, by Endurance 1–9. Beyond 9 the rows' pattern carries on (light 2 hours
 * per point, heavy 5 minutes per point above 1); docs/hazards.md.
 */
export const TOLERANCE_TABLE: readonly { endurance: number; light: number; heavy: number }[] = [
  { endurance: 1, light: 60, heavy: 1 },
  { endurance: 2, light: 240, heavy: 5 },
  { endurance: 3, light: 360, heavy: 10 },
  { endurance: 4, light: 480, heavy: 15 },
  { endurance: 5, light: 600, heavy: 20 },
  { endurance: 6, light: 720, heavy: 25 },
  { endurance: 7, light: 840, heavy: 30 },
  { endurance: 8, light: 960, heavy: 35 },
  { endurance: 9, light: 1080, heavy: 40 },
];

export const MAX_ENDURANCE = 30;

/** Minutes of `activity` a character with this Endurance keeps up between exhaustion rolls. */
export function activityTolerance(endurance: number, activity: Activity): number {
  const row = TOLERANCE_TABLE.find((candidate) => candidate.endurance === endurance);
  if (row) return row[activity];
  return activity === 'light' ? 120 * endurance : 5 * (endurance - 1);
}

/** Conditions that make exhaustion rolls harder (seed 002, "Levels of Activity", "Starvation and Thirst"). */
export const EXERTION_CONDITIONS = {
  heat: 1,
  cold: 1,
  humidity: 1,
  'heavy-load': 1,
  /** Too little water to drink (002:17). */
  thirst: 1,
  /** Half the daily water: +2 (002:45); it replaces `thirst` rather than adding to it. */
  'half-water': 2,
} as const;
export type ExertionCondition = keyof typeof EXERTION_CONDITIONS;

/** The fatigue ladder (seed 002, "Effects of Fatigue"), as levels 0–3. */
export const FATIGUE_LEVELS = ['fresh', 'fatigued', 'exhausted', 'unconscious'] as const;
export type FatigueLevel = (typeof FATIGUE_LEVELS)[number];

/** Successes an exhaustion roll needs before any roll since the last sleep (002:5). */
export const BASE_EXHAUSTION_TARGET = 3;
/** The per-die difficulty of an exhaustion roll: the seed gives none; ours, a referee may change it. */
export const DEFAULT_EXHAUSTION_DIFFICULTY = 4;
/** More rolls than this in one request is a request for a different activity. */
export const MAX_EXHAUSTION_ROLLS = 200;

export interface ExertionInput {
  endurance: number;
  /** The Resolve skill, the second half of the Endurance/Resolve pool; 0 by default. */
  resolve?: number;
  activity: Activity;
  hours?: number;
  minutes?: number;
  conditions?: ExertionCondition[];
  /** Fatigue level now: 0 fresh, 1 fatigued, 2 exhausted, 3 unconscious. */
  fatigue?: number;
  /** Exhaustion rolls already made since the character last slept. */
  rollsSinceSleep?: number;
  /** Per-die difficulty before modifiers; 4 by default. */
  difficulty?: number;
}

export interface ExhaustionRoll {
  /** 1 for the first roll of this activity. */
  index: number;
  /** Successes needed: 3, plus 1 for each exhaustion roll since the last sleep. */
  target: number;
  difficulty: number;
  dice: number;
  faces: number[];
  successes: number;
  passed: boolean;
  fatigueBefore: number;
  fatigueAfter: number;
  modifiers: AppliedModifier[];
  odds: { success: number };
}

export interface ExertionOutcome {
  activity: Activity;
  minutes: number;
  toleranceMinutes: number;
  rollsDue: number;
  /** Rolls made: fewer than due when the character falls unconscious first. */
  rolls: ExhaustionRoll[];
  faces: number[];
  fatigueBefore: number;
  fatigueAfter: number;
  fatigueLevel: FatigueLevel;
  rollsSinceSleepAfter: number;
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
  odds: {
    /** Exact distribution of the fatigue level after the activity. */
    fatigueAfter: Chance[];
  };
}

interface RollParameters {
  dice: number;
  difficulty: number;
  target: number;
  modifiers: AppliedModifier[];
  success: number;
}

/**
 * Archsoul exertion (seed 002, "Activity and Exhaustion"): one exhaustion roll falls due at the end
 * of each full tolerance period. Each is an Endurance + Resolve pool needing 3 successes, plus 1 per
 * exhaustion roll since the last sleep; the conditions and fatigue raise its difficulty. A failure
 * climbs the fatigue ladder one step; at unconscious the activity stops and no more rolls are made.
 */
export function exertion(spec: ExertionInput, dice: Dice): ExertionOutcome {
  const input = record(spec, 'input');
  const endurance = wholeNumber(input.endurance, 'endurance', 1, MAX_ENDURANCE);
  const resolve = optionalWholeNumber(input.resolve, 'resolve', 0, 0, MAX_ENDURANCE);
  const activity = input.activity;
  if (activity !== 'light' && activity !== 'heavy') {
    throw invalid('`activity` is "light" or "heavy".', 'activity');
  }
  const minutes = exertionMinutes(input);
  const fatigueBefore = optionalWholeNumber(input.fatigue, 'fatigue', 0, 0, 3);
  const sinceSleep = optionalWholeNumber(input.rollsSinceSleep, 'rollsSinceSleep', 0, 0, 1000);
  const baseDifficulty = optionalWholeNumber(
    input.difficulty,
    'difficulty',
    DEFAULT_EXHAUSTION_DIFFICULTY,
    1,
    10,
  );
  const conditions = exertionConditions(input.conditions);

  const toleranceMinutes = activityTolerance(endurance, activity);
  const rollsDue = Math.floor(minutes / toleranceMinutes);
  if (rollsDue > MAX_EXHAUSTION_ROLLS) {
    throw invalid(
      `That much activity calls for ${rollsDue} exhaustion rolls; one request makes at most ${MAX_EXHAUSTION_ROLLS}.`,
      input.minutes !== undefined && input.minutes !== null ? 'minutes' : 'hours',
    );
  }
  const shared: AppliedModifier[] = conditions.map((name) => ({ name, value: EXERTION_CONDITIONS[name] }));
  if (baseDifficulty !== DEFAULT_EXHAUSTION_DIFFICULTY) {
    shared.unshift({ name: 'referee difficulty', value: baseDifficulty - DEFAULT_EXHAUSTION_DIFFICULTY });
  }
  const conditionSum = conditions.reduce((sum, name) => sum + EXERTION_CONDITIONS[name], 0);
  const parameters = (index: number, fatigue: number): RollParameters => {
    const modifiers: AppliedModifier[] = [...shared];
    if (fatigue >= 1) modifiers.push({ name: 'fatigued', value: 1 });
    const exhaustedPenalty = fatigue >= 2 ? 1 : 0;
    if (exhaustedPenalty) modifiers.push({ name: 'exhausted: Endurance −1', value: -1 });
    const requested = baseDifficulty + conditionSum + (fatigue >= 1 ? 1 : 0);
    const difficulty = Math.min(MAX_DIFFICULTY, Math.max(MIN_DIFFICULTY, requested));
    const pool = Math.max(0, endurance - exhaustedPenalty + resolve);
    const target = BASE_EXHAUSTION_TARGET + sinceSleep + index;
    return {
      dice: pool,
      difficulty,
      target,
      modifiers,
      success: binomialTail(pool, target, (7 - difficulty) / 6),
    };
  };

  const rolls: ExhaustionRoll[] = [];
  const faces: number[] = [];
  let fatigue = fatigueBefore;
  for (let i = 0; i < rollsDue && fatigue < 3; i++) {
    const p = parameters(i, fatigue);
    const rolled = dice.pool(p.dice, 6, 'endurance');
    faces.push(...rolled);
    const successes = rolled.filter((face) => face >= p.difficulty).length;
    const passed = successes >= p.target;
    const after = passed ? fatigue : fatigue + 1;
    rolls.push({
      index: i + 1,
      target: p.target,
      difficulty: p.difficulty,
      dice: p.dice,
      faces: rolled,
      successes,
      passed,
      fatigueBefore: fatigue,
      fatigueAfter: after,
      modifiers: p.modifiers,
      odds: { success: p.success },
    });
    fatigue = after;
  }

  // Exact distribution of the final level: walk the same rolls over every level at once.
  let levels = [0, 0, 0, 0];
  levels[fatigueBefore] = 1;
  for (let i = 0; i < rollsDue; i++) {
    const next = [0, 0, 0, levels[3]];
    for (let level = 0; level < 3; level++) {
      if (levels[level] === 0) continue;
      const success = parameters(i, level).success;
      next[level] += levels[level] * success;
      next[level + 1] += levels[level] * (1 - success);
    }
    levels = next;
  }

  const gained = fatigue - fatigueBefore;
  return {
    activity,
    minutes,
    toleranceMinutes,
    rollsDue,
    rolls,
    faces,
    fatigueBefore,
    fatigueAfter: fatigue,
    fatigueLevel: FATIGUE_LEVELS[fatigue],
    rollsSinceSleepAfter: sinceSleep + rolls.length,
    modifiers: shared,
    effects: [
      ...(gained > 0 ? [{ track: 'fatigue' as const, change: gained, status: null }] : []),
      ...(fatigue === 3 && fatigueBefore < 3
        ? [{ track: 'status' as const, change: 1, status: 'unconscious' }]
        : []),
    ],
    odds: {
      fatigueAfter: levels
        .map((probability, value) => ({ value, probability }))
        .filter((chance) => chance.probability > 0),
    },
  };
}

function exertionMinutes(input: Record<string, unknown>): number {
  const hasHours = input.hours !== undefined && input.hours !== null;
  const hasMinutes = input.minutes !== undefined && input.minutes !== null;
  if (hasHours === hasMinutes) {
    throw invalid(
      'Send the activity’s length as `hours` or as `minutes`, not both.',
      hasHours ? 'minutes' : 'hours',
    );
  }
  return hasHours
    ? wholeNumber(input.hours, 'hours', 0, 10_000) * 60
    : wholeNumber(input.minutes, 'minutes', 0, 600_000);
}

function exertionConditions(value: unknown): ExertionCondition[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid('`conditions` is a list.', 'conditions');
  const names = Object.keys(EXERTION_CONDITIONS);
  const out: ExertionCondition[] = [];
  value.forEach((name, i) => {
    if (typeof name !== 'string' || !names.includes(name)) {
      throw invalid(`\`conditions[${i}]\` is one of: ${names.join(', ')}.`, `conditions[${i}]`);
    }
    if (!out.includes(name as ExertionCondition)) out.push(name as ExertionCondition);
  });
  // Half the water (+2) is the harsher form of too little water (+1): only the harsher counts.
  return out.includes('half-water') ? out.filter((name) => name !== 'thirst') : out;
}
