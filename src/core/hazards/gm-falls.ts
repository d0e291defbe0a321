import type { Dice } from '../random';
import { passingFaces } from '../checks/ability-roll';
import { optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { AppliedModifier, Chance, diceSumDistribution, SheetEffect } from './shared';

/** One row of the G&M falling table: falls from `minFeet` up take `dice` d6 and `seconds`. */
export interface FallRow {
  minFeet: number;
  dice: number;
  seconds: number;
}

/** G&M falling table (seed 000, "Falling"; 001 repeats it): one d6 more each time the height doubles. */
export const GM_FALLING_TABLE: readonly FallRow[] = [
  { minFeet: 0, dice: 1, seconds: 1 },
  { minFeet: 10, dice: 2, seconds: 2 },
  { minFeet: 20, dice: 3, seconds: 3 },
  { minFeet: 40, dice: 4, seconds: 4 },
  { minFeet: 80, dice: 5, seconds: 5 },
  { minFeet: 160, dice: 6, seconds: 6 },
  { minFeet: 320, dice: 7, seconds: 7 },
];

/** Beyond this height damage stops growing and each further whole 150 feet adds a second aloft. */
export const TERMINAL_FEET = 450;
export const FEET_PER_EXTRA_SECOND = 150;
/** Keeps heights in a range where the arithmetic means something (about 190 miles). */
export const MAX_FALL_FEET = 1_000_000;

export type FallEvasionEffect = 'negates' | 'halves' | 'none';

export interface GmFallInput {
  feet: number;
  /** The faller's evasion reaction score; without it no evasion roll is made. */
  evasion?: number;
}

export interface GmFallOutcome {
  feet: number;
  /** d6 rolled for damage. */
  dice: number;
  /** Every face, in the order rolled (the evasion d20 first when there is one). */
  faces: number[];
  damageFaces: number[];
  /** The d6 total before evasion. */
  rolled: number;
  /** Damage taken after evasion: survival lost plus injuries. */
  damage: number;
  survival: number;
  injuries: number;
  seconds: number;
  evasion: {
    effect: FallEvasionEffect;
    /** Whether a roll was made (an evasion score was sent and the height lets evasion help). */
    rolled: boolean;
    target: number | null;
    roll: number | null;
    passed: boolean | null;
  };
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
  odds: {
    /** Chance the evasion roll passes; null when none is made. */
    evasion: number | null;
    /** Exact distribution of the d6 total, before evasion. */
    rolled: Chance[];
    /** Exact distribution of the damage taken, evasion included. */
    damage: Chance[];
  };
}

/** The falling-table row for a height. */
export function gmFallRow(feet: number): FallRow {
  let row = GM_FALLING_TABLE[0];
  for (const candidate of GM_FALLING_TABLE) if (feet >= candidate.minFeet) row = candidate;
  return row;
}

/**
 * Seconds aloft: the row's seconds, then one more per whole 150 feet past 450 (a 599-foot fall
 * still takes 7 seconds, 600 feet takes 8). Our reading of seed 000's "+1 second per 150 feet".
 */
export function gmFallSeconds(feet: number): number {
  const row = gmFallRow(feet);
  if (feet <= TERMINAL_FEET) return row.seconds;
  return row.seconds + Math.floor((feet - TERMINAL_FEET) / FEET_PER_EXTRA_SECOND);
}

/**
 * What a successful evasion roll does at this height (seed 000, "Falling"): negates under 10 feet,
 * halves under 20 feet, nothing from 20 feet up. At exactly 20 feet we follow the table and the
 * "under twenty" sentence: evasion does nothing, so no roll is made and the injuries are not spared
 * (the seed's injury sentence says "twenty feet or less"; docs/hazards.md).
 */
export function gmFallEvasionEffect(feet: number): FallEvasionEffect {
  if (feet < 10) return 'negates';
  if (feet < 20) return 'halves';
  return 'none';
}

/** Halved damage rounds down (our reading; the seed is silent). */
const halve = (damage: number) => Math.floor(damage / 2);

/**
 * G&M falling (seed 000, "Falling"): d6 per doubling of the height from 10 feet, up to 7d6 at 320
 * feet and more; one point per die goes to injuries instead of survival, unless a short fall (under
 * 20 feet) was evaded. A successful evasion roll negates a fall under 10 feet and halves one under 20.
 */
export function gmFall(spec: GmFallInput, dice: Dice): GmFallOutcome {
  const input = record(spec, 'input');
  const feet = wholeNumber(input.feet, 'feet', 1, MAX_FALL_FEET);
  const evasionScore =
    input.evasion === undefined || input.evasion === null
      ? null
      : optionalWholeNumber(input.evasion, 'evasion', 0, 0, 1_000_000);
  const row = gmFallRow(feet);
  const effect = gmFallEvasionEffect(feet);
  const rollsEvasion = evasionScore !== null && effect !== 'none';

  let evasionRoll: number | null = null;
  let passed: boolean | null = null;
  if (rollsEvasion) {
    evasionRoll = dice.pool(1, 20, 'evasion')[0];
    passed = evasionRoll <= evasionScore;
  }
  const damageFaces = dice.pool(row.dice, 6, 'feet');
  const rolled = damageFaces.reduce((sum, face) => sum + face, 0);
  const evaded = passed === true;
  const damage = !evaded ? rolled : effect === 'negates' ? 0 : halve(rolled);
  const injuries = evaded ? 0 : row.dice;
  const survival = damage - injuries;

  const pEvade = rollsEvasion ? passingFaces(evasionScore) / 20 : null;
  const odds = fallOdds(row.dice, effect, pEvade ?? 0);
  // The falling table has no modifiers; evasion's effect is reported in `evasion`.
  const modifiers: AppliedModifier[] = [];
  return {
    feet,
    dice: row.dice,
    faces: evasionRoll === null ? damageFaces : [evasionRoll, ...damageFaces],
    damageFaces,
    rolled,
    damage,
    survival,
    injuries,
    seconds: gmFallSeconds(feet),
    evasion: {
      effect,
      rolled: rollsEvasion,
      target: rollsEvasion ? evasionScore : null,
      roll: evasionRoll,
      passed,
    },
    modifiers,
    effects: [
      ...(survival > 0 ? [{ track: 'survival' as const, change: -survival, status: null }] : []),
      ...(injuries > 0 ? [{ track: 'injuries' as const, change: injuries, status: null }] : []),
    ],
    odds: { evasion: pEvade, rolled: odds.rolled, damage: odds.damage },
  };
}

/**
 * The exact odds of a fall by dice, evasion effect and chance of evading (a twentieth), computed once
 * and shared frozen: at most 7 dice × 3 effects × 21 chances.
 */
const FALL_ODDS = new Map<string, { rolled: readonly Chance[]; damage: readonly Chance[] }>();
function fallOdds(
  dice: number,
  effect: FallEvasionEffect,
  pEvade: number,
): { rolled: Chance[]; damage: Chance[] } {
  const key = `${dice}:${effect}:${pEvade}`;
  let known = FALL_ODDS.get(key);
  if (!known) {
    const rolled = diceSumDistribution(dice);
    const freeze = (list: Chance[]) => Object.freeze(list.map((c) => Object.freeze(c)));
    known = { rolled: freeze(rolled), damage: freeze(damageOdds(rolled, effect, pEvade)) };
    FALL_ODDS.set(key, known);
  }
  return known as { rolled: Chance[]; damage: Chance[] };
}

function damageOdds(rolled: Chance[], effect: FallEvasionEffect, pEvade: number): Chance[] {
  const byValue = new Map<number, number>();
  const add = (value: number, p: number) => {
    if (p > 0) byValue.set(value, (byValue.get(value) ?? 0) + p);
  };
  for (const { value, probability } of rolled) {
    add(value, probability * (1 - pEvade));
    if (effect === 'negates') add(0, probability * pEvade);
    if (effect === 'halves') add(halve(value), probability * pEvade);
  }
  return [...byValue.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([value, probability]) => ({ value, probability }));
}
