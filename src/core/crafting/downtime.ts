import { RuleError } from '../errors';
import type { Dice } from '../random';
import { poolTest, type PoolTestOutcome } from '../checks/pool-test';
import { optionalWholeNumber, record, wholeNumber } from '../checks/validate';

/* COEAC downtime projects, attunement, artifacts and orbs (seed 003). */

export const MIN_CLOCK_TICKS = 2;
export const MAX_CLOCK_TICKS = 8;

/** Artifacts a character may hold attuned before each further one costs −1d (COEAC, Attune Artifact). */
export const FREE_ATTUNEMENTS = 3;
/** Ob of the attunement ritual's Discipline test. */
export const ATTUNEMENT_OB = 3;
/** Ob of the Arcane Lore test that integrates an orb. */
export const ORB_INTEGRATION_OB = 5;
/** Cash and Cybalt an orb's integration costs once the test passes. */
export const ORB_INTEGRATION_COST = 10;
/** Cash and Cybalt per point of the spell's channeling Ob to prepare an anchor. */
export const AFFIX_COST_PER_OB = 5;
/** Passing channelings on consecutive days that complete an artifact. */
export const CHANNELING_DAYS = 3;
/** Channeling Ob bounds: the listed spells are Ob 2–5; the referee may raise it for strong effects. */
export const MIN_CHANNELING_OB = 1;
export const MAX_CHANNELING_OB = 20;

const MAX_RATING = 1000;

/**
 * COEAC, Project Clocks (seed 003): a downtime action fills one tick; the clock is complete at its
 * last tick. Refuses a tick on a complete clock.
 */
export function fillClockTick(clock: { ticks: number; filled: number }): {
  filled: number;
  complete: boolean;
} {
  if (clock.filled >= clock.ticks) {
    throw new RuleError('PROJECT_COMPLETE', 'Every tick of this clock is already filled.');
  }
  const filled = clock.filled + 1;
  return { filled, complete: filled >= clock.ticks };
}

/** COEAC, Attune Artifact Ritual: −1d on every test for each attuned artifact beyond three. */
export function attunementPenaltyDice(attuned: number): number {
  return Math.max(0, attuned - FREE_ATTUNEMENTS);
}

/** A COEAC pool test of 2 + rating (+ bonus, − penalty dice) against `objective`. */
function ratingTest(
  body: Record<string, unknown>,
  ratingField: string,
  objective: number,
  dice: Dice,
): PoolTestOutcome {
  const rating = wholeNumber(body[ratingField], ratingField, 0, MAX_RATING);
  const bonusDice = optionalWholeNumber(body.bonusDice, 'bonusDice', 0, 0, MAX_RATING);
  const penaltyDice = optionalWholeNumber(body.penaltyDice, 'penaltyDice', 0, 0, MAX_RATING);
  return poolTest({ pool: 2 + rating, bonusDice, penaltyDice, objective }, dice);
}

export interface AttunementRitualInput {
  /** The character's Discipline rating. */
  discipline: number;
  /** Attunement penalty dice the character already carries. */
  penaltyDice?: number;
}

/**
 * COEAC, Attune Artifact Ritual (seed 003): after a long rest, an Ob 3 Discipline test (pool 2 +
 * Discipline). A pass bonds the artifact; a failure may be tried again the next day.
 */
export function attunementRitual(input: AttunementRitualInput, dice: Dice): PoolTestOutcome {
  return ratingTest(record(input, 'input'), 'discipline', ATTUNEMENT_OB, dice);
}

export interface ChannelingInput {
  /** The sorcerer's Sorcery Skill rating for the spell. */
  sorcerySkill: number;
  /** The spell's channeling Ob for this artifact. */
  objective: number;
  bonusDice?: number;
  penaltyDice?: number;
}

/**
 * COEAC, Affix Spell Ritual (seed 003): one day's channeling onto the anchor, a pool of 2 + the
 * Sorcery Skill; it passes when the successes reach the spell's channeling Ob (SPEC 5.5).
 */
export function channelingTest(input: ChannelingInput, dice: Dice): PoolTestOutcome {
  const body = record(input, 'input');
  const objective = wholeNumber(body.objective, 'objective', MIN_CHANNELING_OB, MAX_CHANNELING_OB);
  return ratingTest(body, 'sorcerySkill', objective, dice);
}

export interface OrbIntegrationInput {
  arcaneLore: number;
  penaltyDice?: number;
}

/** COEAC, Orbs (seed 003): integrating an orb is an Ob 5 Arcane Lore test (pool 2 + Arcane Lore). */
export function orbIntegrationTest(input: OrbIntegrationInput, dice: Dice): PoolTestOutcome {
  return ratingTest(record(input, 'input'), 'arcaneLore', ORB_INTEGRATION_OB, dice);
}

/** What preparing an anchor costs: 5 Cash and 5 Cybalt per point of the channeling Ob. */
export function affixCost(objective: number): { cash: number; cybalt: number } {
  const ob = wholeNumber(objective, 'channelingObjective', MIN_CHANNELING_OB, MAX_CHANNELING_OB);
  return { cash: AFFIX_COST_PER_OB * ob, cybalt: AFFIX_COST_PER_OB * ob };
}

export interface ChannelingStreak {
  /** Passing days in a row so far. */
  streak: number;
  /** The in-game day of the last channeling, or null before the first. */
  lastDay: number | null;
}

/**
 * COEAC, Affix Spell Ritual: the anchor must take the spell on three consecutive days. Once a day;
 * a failed day, or a day skipped since the last channeling, starts the count again (SPEC 5.5).
 */
export function nextChannelingStreak(
  before: ChannelingStreak,
  day: number,
  passed: boolean,
): ChannelingStreak & { complete: boolean; restarted: boolean } {
  if (before.lastDay !== null && day <= before.lastDay) {
    throw new RuleError('ALREADY_ROLLED_TODAY', `The anchor was already channeled on day ${before.lastDay}.`);
  }
  const skipped = before.lastDay !== null && day > before.lastDay + 1;
  const carried = skipped ? 0 : before.streak;
  const streak = passed ? carried + 1 : 0;
  return {
    streak,
    lastDay: day,
    complete: streak >= CHANNELING_DAYS,
    restarted: (skipped && before.streak > 0) || (!passed && before.streak > 0),
  };
}
