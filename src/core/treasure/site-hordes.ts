import { RuleError } from '../errors';
import type { Dice } from '../random';
import { requireObject } from '../wealth/validation';
import { cacheRoll, cacheRow, type CacheDifficulty } from './caches';

/** Average players are read to the hundredth; more precision is refused rather than rounded. */
export const MAX_AVERAGE_PLAYERS = 100;

/** Sides of the die that settles the rounding: the rounding chance is r / 200 for r in 0..199. */
export const HORDE_ROUNDING_DIE = 200;

function centiPlayers(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_AVERAGE_PLAYERS) {
    throw new RuleError(
      'INVALID_INPUT',
      `${field} must be a number above 0 and at most ${MAX_AVERAGE_PLAYERS}.`,
      field,
    );
  }
  const centi = Math.round(value * 100);
  if (Math.abs(centi - value * 100) > 1e-6) {
    throw new RuleError('INVALID_INPUT', `${field} is read to the hundredth (e.g. 4.25).`, field);
  }
  return centi;
}

export interface HordeCountOutcome {
  averagePlayers: number;
  /** Half the average players, before rounding. */
  expected: number;
  hordeCount: number;
  /** The d200 that settled the rounding; null when half the average is a whole number. */
  die: number | null;
  odds: { hordeCount: Record<string, number> };
}

/**
 * COEAC, Scaling Treasure (seed 003:1143–1145): hordes per site = half the average number of players.
 * Our reading (SPEC 5.3) is randomised rounding that keeps the expectation: the fractional part f of
 * the half rounds up with probability f (a d200 at or under 200·f), so 5 players give 2 or 3 hordes
 * at 1/2 each and 4.5 give 2 at 3/4, 3 at 1/4.
 */
export function hordeCount(input: { averagePlayers: number }, dice: Dice): HordeCountOutcome {
  requireObject(input);
  const centi = centiPlayers(input.averagePlayers, 'averagePlayers');
  const whole = Math.floor(centi / 200);
  const rest = centi % 200;
  const odds = hordeCountOdds(input.averagePlayers);
  if (rest === 0) {
    return {
      averagePlayers: input.averagePlayers,
      expected: centi / 200,
      hordeCount: whole,
      die: null,
      odds,
    };
  }
  const face = dice.die(HORDE_ROUNDING_DIE);
  return {
    averagePlayers: input.averagePlayers,
    expected: centi / 200,
    hordeCount: face <= rest ? whole + 1 : whole,
    die: face,
    odds,
  };
}

/** The exact distribution of the horde count for an average number of players. */
export function hordeCountOdds(averagePlayers: number): { hordeCount: Record<string, number> } {
  const centi = centiPlayers(averagePlayers, 'averagePlayers');
  const whole = Math.floor(centi / 200);
  const rest = centi % 200;
  if (rest === 0) return { hordeCount: { [String(whole)]: 1 } };
  return {
    hordeCount: {
      [String(whole)]: (HORDE_ROUNDING_DIE - rest) / HORDE_ROUNDING_DIE,
      [String(whole + 1)]: rest / HORDE_ROUNDING_DIE,
    },
  };
}

export interface SiteHordesInput {
  difficulty: CacheDifficulty;
  averagePlayers: number;
}

export interface SiteHordesOutcome {
  difficulty: CacheDifficulty;
  averagePlayers: number;
  expectedHordes: number;
  hordeCount: number;
  hordes: Array<{ cash: number }>;
  totalCash: number;
  /** The expected total: expected hordes × the mean of the cache's range. */
  expectedCash: number;
  odds: { hordeCount: Record<string, number> };
}

/**
 * COEAC, Scaling Treasure (seed 003:1143–1145): a site's hordes, each a cache of the site's
 * difficulty (uniform in its range), after the randomised rounding of `hordeCount`.
 */
export function siteHordes(input: SiteHordesInput, dice: Dice): SiteHordesOutcome {
  requireObject(input);
  const row = cacheRow(input.difficulty);
  const count = hordeCount({ averagePlayers: input.averagePlayers }, dice);
  const hordes: Array<{ cash: number }> = [];
  for (let i = 0; i < count.hordeCount; i++) {
    hordes.push({ cash: cacheRoll({ difficulty: row.difficulty }, dice).cash });
  }
  return {
    difficulty: row.difficulty,
    averagePlayers: input.averagePlayers,
    expectedHordes: count.expected,
    hordeCount: count.hordeCount,
    hordes,
    totalCash: hordes.reduce((sum, h) => sum + h.cash, 0),
    expectedCash: (count.expected * (row.min + row.max)) / 2,
    odds: count.odds,
  };
}
