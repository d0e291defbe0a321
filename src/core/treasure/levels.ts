import { RuleError } from '../errors';

/** G&M's table stops at 10; the formula goes on, and we list it to 20. */
export const MAX_LISTED_LEVEL = 20;

/**
 * Gods & Monsters, Experience and levels (seed 001:433–445): reaching level L takes
 * 500 × L × (L − 1) experience in all (1,000 for level 2, then level × 1,000 more each time).
 */
export function experienceForLevel(level: number): number {
  if (!Number.isSafeInteger(level) || level < 1) {
    throw new RuleError('INVALID_INPUT', 'A level is a whole number, 1 or more.', 'level');
  }
  return 500 * level * (level - 1);
}

/** The level a total of experience reaches (the highest L with 500 L (L − 1) ≤ xp). */
export function levelForExperience(experience: number): number {
  if (!Number.isSafeInteger(experience) || experience < 0) {
    throw new RuleError('INVALID_INPUT', 'Experience is a whole number, 0 or more.', 'experience');
  }
  // Solve L² − L − xp/500 ≤ 0, then step off any floating-point error.
  let level = Math.max(1, Math.floor((1 + Math.sqrt(1 + experience / 125)) / 2));
  while (experienceForLevel(level + 1) <= experience) level++;
  while (level > 1 && experienceForLevel(level) > experience) level--;
  return level;
}

export interface LevelRow {
  level: number;
  experience: number;
  /** Mojo gained on reaching the level (10 + level; a new character starts with 12 or more). */
  mojoGained: number;
  /** False past level 10, where the seed's table stops and only the formula goes on. */
  inSeedTable: boolean;
}

/** G&M levels 1 to 20 (seed 001:433–491). */
export function levelTable(): LevelRow[] {
  return Array.from({ length: MAX_LISTED_LEVEL }, (_, i) => {
    const level = i + 1;
    return {
      level,
      experience: experienceForLevel(level),
      mojoGained: level === 1 ? 12 : 10 + level,
      inSeedTable: level <= 10,
    };
  });
}
