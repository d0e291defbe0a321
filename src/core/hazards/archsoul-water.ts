import { binomialTail } from '../odds';
import type { Dice } from '../random';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { MAX_DIFFICULTY, MIN_DIFFICULTY } from '../checks/difficulty-pool';
import { AppliedModifier, Chance, SheetEffect } from './shared';

/** Seconds of breath one strenuous round uses (seed 002, "Drowning"). */
export const SECONDS_PER_STRENUOUS_ROUND = 30;
/** A drowning roll at or under this costs a point of Endurance (seed 002, "Drowning"). */
export const DROWNING_FAIL_AT = 3;
export const MAX_DROWNING_TURNS = 1000;

export interface ArchsoulBreathInput {
  endurance: number;
  conditioning?: number;
  /** A minute of deep breaths first: half Conditioning minutes more. */
  prepared?: boolean;
  /** Rounds of combat or similar effort underwater (30 seconds of air each). */
  strenuousRounds?: number;
  /** Seconds underwater spent calmly. */
  calmSeconds?: number;
  /** Turns spent underwater after the air ran out: one drowning roll at the start of each. */
  turnsWithoutAir?: number;
}

export interface DrowningRoll {
  turn: number;
  roll: number;
  /** Endurance lost (1 on a roll of 3 or less). */
  lost: number;
  enduranceAfter: number;
}

export interface ArchsoulBreathOutcome {
  /** Seconds of air: half Endurance minutes, plus half Conditioning minutes when prepared. */
  airSeconds: number;
  usedSeconds: number;
  remainingSeconds: number;
  /** Strenuous rounds the remaining air allows. */
  strenuousRoundsLeft: number;
  outOfAir: boolean;
  faces: number[];
  drowning: DrowningRoll[];
  enduranceAfter: number;
  dead: boolean;
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
  odds: { enduranceLost: Chance[] };
}

/**
 * Archsoul breath and drowning (seed 002, "Drowning"): half Endurance minutes of air, half
 * Conditioning more when prepared, kept in seconds so that halves need no rounding; a strenuous round
 * uses 30 seconds. Once the air is gone, one d6 at the start of each turn, a 3 or less costing a point
 * of Endurance; at Endurance 0 the character drowns (our reading) and the rolls stop.
 */
export function archsoulBreath(spec: ArchsoulBreathInput, dice: Dice): ArchsoulBreathOutcome {
  const input = record(spec, 'input');
  const endurance = wholeNumber(input.endurance, 'endurance', 0, 30);
  const conditioning = optionalWholeNumber(input.conditioning, 'conditioning', 0, 0, 30);
  const prepared = optionalFlag(input.prepared, 'prepared');
  const strenuous = optionalWholeNumber(input.strenuousRounds, 'strenuousRounds', 0, 0, 100_000);
  const calm = optionalWholeNumber(input.calmSeconds, 'calmSeconds', 0, 0, 10_000_000);
  const turns = optionalWholeNumber(input.turnsWithoutAir, 'turnsWithoutAir', 0, 0, MAX_DROWNING_TURNS);
  const modifiers: AppliedModifier[] = [];
  let airSeconds = endurance * 30;
  if (prepared) {
    airSeconds += conditioning * 30;
    modifiers.push({ name: 'prepared: half Conditioning minutes', value: conditioning * 30 });
  }
  const usedSeconds = strenuous * SECONDS_PER_STRENUOUS_ROUND + calm;
  const remainingSeconds = Math.max(0, airSeconds - usedSeconds);
  const outOfAir = usedSeconds >= airSeconds;
  if (turns > 0 && !outOfAir) {
    throw invalid('The air has not run out: there are no turns without air yet.', 'turnsWithoutAir');
  }
  const drowning: DrowningRoll[] = [];
  const faces: number[] = [];
  let current = endurance;
  for (let turn = 1; turn <= turns && current > 0; turn++) {
    const roll = dice.pool(1, 6, 'turnsWithoutAir')[0];
    faces.push(roll);
    const lost = roll <= DROWNING_FAIL_AT ? 1 : 0;
    current -= lost;
    drowning.push({ turn, roll, lost, enduranceAfter: current });
  }
  // Endurance lost ~ Binomial(turns, 1/2), capped at the Endurance there is to lose.
  const lossOdds = new Map<number, number>();
  if (turns === 0) lossOdds.set(0, 1);
  else {
    let dist = [1];
    for (let t = 0; t < turns; t++) {
      const next = new Array<number>(dist.length + 1).fill(0);
      dist.forEach((p, k) => {
        if (k >= endurance) next[k] += p;
        else {
          next[k] += p / 2;
          next[k + 1] += p / 2;
        }
      });
      dist = next;
    }
    dist.forEach((p, k) => {
      if (p > 0) lossOdds.set(k, p);
    });
  }
  const lost = endurance - current;
  const dead = outOfAir && turns > 0 && current === 0;
  return {
    airSeconds,
    usedSeconds,
    remainingSeconds,
    strenuousRoundsLeft: Math.floor(remainingSeconds / SECONDS_PER_STRENUOUS_ROUND),
    outOfAir,
    faces,
    drowning,
    enduranceAfter: current,
    dead,
    modifiers,
    effects: [
      ...(lost > 0 ? [{ track: 'endurance' as const, change: -lost, status: null }] : []),
      ...(dead ? [{ track: 'status' as const, change: 1, status: 'dead' }] : []),
    ],
    odds: { enduranceLost: [...lossOdds.entries()].map(([value, probability]) => ({ value, probability })) },
  };
}

export type WaterKind = 'calm' | 'river' | 'storm' | 'rapids';
/** Successes an Endurance/Conditioning roll needs in turbulent water (seed 002, "Swimming"). */
export const TURBULENCE_TABLE: Readonly<Record<WaterKind, number>> = {
  calm: 0,
  river: 1,
  storm: 2,
  rapids: 3,
};
export type SwimArmor = 'none' | 'noisy' | 'heavy';
/** The seed gives the successes needed but no per-die difficulty: 4 is ours. */
export const DEFAULT_SWIM_DIFFICULTY = 4;

export interface ArchsoulSwimInput {
  endurance: number;
  conditioning?: number;
  /** Base move speed in spaces; the swimming speed never exceeds it. */
  baseSpeed: number;
  water?: WaterKind;
  armor?: SwimArmor;
  difficulty?: number;
}

export interface ArchsoulSwimOutcome {
  canSwim: boolean;
  /** Spaces a round underwater. */
  speed: number;
  water: WaterKind;
  /** Successes needed (0 in calm water: no roll). */
  target: number;
  difficulty: number | null;
  dice: number;
  faces: number[];
  successes: number | null;
  passed: boolean | null;
  /** Swimming counts as heavy activity for exhaustion. */
  activity: 'heavy';
  modifiers: AppliedModifier[];
  odds: { success: number };
}

/**
 * Archsoul swimming (seed 002, "Swimming"): one space a round, +1 per 3 Conditioning, at most the
 * base speed; turbulent water needs an Endurance + Conditioning roll of 1, 2 or 3 successes; Noisy
 * armour adds 1 to the difficulty and Heavy armour rules swimming out.
 */
export function archsoulSwim(spec: ArchsoulSwimInput, dice: Dice): ArchsoulSwimOutcome {
  const input = record(spec, 'input');
  const endurance = wholeNumber(input.endurance, 'endurance', 0, 30);
  const conditioning = optionalWholeNumber(input.conditioning, 'conditioning', 0, 0, 30);
  const baseSpeed = wholeNumber(input.baseSpeed, 'baseSpeed', 1, 100);
  const water = (input.water ?? 'calm') as WaterKind;
  if (!(water in TURBULENCE_TABLE))
    throw invalid('`water` is "calm", "river", "storm" or "rapids".', 'water');
  const armor = (input.armor ?? 'none') as SwimArmor;
  if (!['none', 'noisy', 'heavy'].includes(armor))
    throw invalid('`armor` is "none", "noisy" or "heavy".', 'armor');
  const base = optionalWholeNumber(input.difficulty, 'difficulty', DEFAULT_SWIM_DIFFICULTY, 1, 10);
  const modifiers: AppliedModifier[] = [];
  const speedBonus = Math.floor(conditioning / 3);
  if (speedBonus > 0) modifiers.push({ name: 'Conditioning: +1 space per 3 ranks', value: speedBonus });
  const speed = Math.min(baseSpeed, 1 + speedBonus);
  const target = TURBULENCE_TABLE[water];
  if (armor === 'heavy') {
    modifiers.push({ name: 'heavy armour: cannot swim', value: 0 });
    return {
      canSwim: false,
      speed: 0,
      water,
      target,
      difficulty: null,
      dice: 0,
      faces: [],
      successes: null,
      passed: null,
      activity: 'heavy',
      modifiers,
      odds: { success: 0 },
    };
  }
  if (armor === 'noisy') modifiers.push({ name: 'noisy armour', value: 1 });
  if (target === 0) {
    return {
      canSwim: true,
      speed,
      water,
      target,
      difficulty: null,
      dice: 0,
      faces: [],
      successes: null,
      passed: null,
      activity: 'heavy',
      modifiers,
      odds: { success: 1 },
    };
  }
  const difficulty = Math.min(MAX_DIFFICULTY, Math.max(MIN_DIFFICULTY, base + (armor === 'noisy' ? 1 : 0)));
  const pool = endurance + conditioning;
  const faces = dice.pool(pool, 6, 'endurance');
  const successes = faces.filter((face) => face >= difficulty).length;
  return {
    canSwim: true,
    speed,
    water,
    target,
    difficulty,
    dice: pool,
    faces,
    successes,
    passed: successes >= target,
    activity: 'heavy',
    modifiers,
    odds: { success: binomialTail(pool, target, (7 - difficulty) / 6) },
  };
}
