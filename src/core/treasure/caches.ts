import type { Dice } from '../random';
import { oneOf, optionalFlag, requireObject } from '../wealth/validation';

/** The five cache difficulties of COEAC, from the smallest hoard to the largest. */
export type CacheDifficulty = 'minor' | 'moderate' | 'major' | 'severe' | 'legendary';
export const CACHE_DIFFICULTIES: readonly CacheDifficulty[] = [
  'minor',
  'moderate',
  'major',
  'severe',
  'legendary',
];

export interface CacheRow {
  difficulty: CacheDifficulty;
  /** The table's headline value in Cash. */
  nominal: number;
  /** Smallest and largest Cash of a cache of this difficulty. */
  min: number;
  max: number;
  /** Who might guard such a cache, in our words. */
  exampleDangers: string[];
}

/**
 * COEAC, Treasure: rule-of-thumb caches (seed 003:1117–1137). The values are the table's; the
 * example dangers are paraphrased.
 */
export const CACHES: readonly CacheRow[] = [
  {
    difficulty: 'minor',
    nominal: 10,
    min: 8,
    max: 12,
    exampleDangers: ['a kobold warren', 'a camp of brigands', 'a troll band'],
  },
  {
    difficulty: 'moderate',
    nominal: 20,
    min: 16,
    max: 24,
    exampleDangers: [
      'a travelling noble and retinue',
      'a rich trader’s caravan',
      'a notorious pirate’s stash',
      'a tomb of the gentry',
    ],
  },
  {
    difficulty: 'major',
    nominal: 40,
    min: 35,
    max: 45,
    exampleDangers: [
      'a knight’s fortified hall',
      'a regional bank',
      'a vampire’s hoard',
      'a large demon cult',
    ],
  },
  {
    difficulty: 'severe',
    nominal: 80,
    min: 70,
    max: 90,
    exampleDangers: ['a baron’s treasury', 'the hall of a giant warlord', 'a grown dragon’s lair'],
  },
  {
    difficulty: 'legendary',
    nominal: 160,
    min: 140,
    max: 180,
    exampleDangers: [
      'a royal vault',
      'a lich’s workshop',
      'the breeding pit of a greater demon',
      'an ancient dragon’s lair',
    ],
  },
];

export function cacheRow(difficulty: unknown, field = 'difficulty'): CacheRow {
  const chosen = oneOf(difficulty, CACHE_DIFFICULTIES, field);
  return CACHES.find((row) => row.difficulty === chosen) as CacheRow;
}

export interface CacheRollInput {
  difficulty: CacheDifficulty;
  /** Take the table's nominal value instead of rolling (the referee's choice). */
  nominal?: boolean;
}

export interface CacheRollOutcome {
  difficulty: CacheDifficulty;
  cash: number;
  min: number;
  max: number;
  /** True when the nominal value was taken without a roll. */
  nominal: boolean;
  /** The die rolled (max − min + 1 sides); null for the nominal value. */
  die: number | null;
  odds: { value: number };
}

/**
 * COEAC, Treasure: a cache's Cash (seed 003:1117–1139). Our reading (SPEC 5.3): a uniform whole
 * number in the difficulty's range, drawn with one die of (max − min + 1) sides; or the nominal value.
 */
export function cacheRoll(input: CacheRollInput, dice: Dice): CacheRollOutcome {
  requireObject(input);
  const row = cacheRow(input.difficulty);
  const base = { difficulty: row.difficulty, min: row.min, max: row.max };
  if (optionalFlag(input.nominal ?? undefined, 'nominal')) {
    return { ...{}, ...base, cash: row.nominal, nominal: true, die: null, odds: { value: 1 } };
  }
  const sides = row.max - row.min + 1;
  const face = dice.die(sides);
  return { ...{}, ...base, cash: row.min + face - 1, nominal: false, die: face, odds: { value: 1 / sides } };
}

/** The exact distribution of a rolled cache: each whole number of the range, equally likely. */
export function cacheDistribution(difficulty: CacheDifficulty): Record<string, number> {
  const row = cacheRow(difficulty);
  const sides = row.max - row.min + 1;
  const out: Record<string, number> = {};
  for (let cash = row.min; cash <= row.max; cash++) out[String(cash)] = 1 / sides;
  return out;
}
