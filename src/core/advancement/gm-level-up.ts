import type { Dice } from '../random';
import { wholeNumber } from '../checks/validate';
import {
  GM_REACTIONS,
  gmAbilities,
  gmArchetype,
  majorContributor,
  MAX_GM_LEVEL,
  minorContributor,
  type GmReaction,
} from '../characters/gm-derivation';
import { experienceForLevel, levelForExperience } from '../treasure/levels';

/**
 * Gods & Monsters, gaining a level (seed 001:426–517; L5–L8, L10, L11, L14): the survival or verve
 * d10 with its contributors, reactions, Fighting Art, specialties, mojo and the archetype's extras.
 */

export interface GmLevelUpInput {
  archetype: string;
  /** The level reached (2 or more). */
  level: number;
  abilities: unknown;
  /**
   * Multiple archetypes (L9, 001:503–505): the level reached in the archetype that gains it. It sets
   * the reactions, the Fighting Art and the archetype's extras; `level` (the character level) sets
   * survival or verve and the specialty. Default: `level`.
   */
  archetypeLevel?: number;
  /** Multiple archetypes: the archetype with the highest level after the gain, for verve. Default: `archetype`. */
  verveArchetype?: string;
}

export interface GmLevelGain {
  /** survival at odd levels, verve at even ones. */
  pool: 'survival' | 'verve';
  die: number;
  modifier: number;
  /** The d10 plus the modifier, never below 0 (our reading). */
  gain: number;
  /** The exact chance of each gain. */
  distribution: { total: number; probability: number }[];
}

export interface GmLevelUpOutcome {
  archetype: string;
  level: number;
  roll: GmLevelGain;
  /** +1 each to these reactions. */
  reactions: Record<GmReaction, number>;
  fightingArt: number;
  specialty: boolean;
  mojo: number;
  experienceToReach: number;
  /** Sorcerors: new spell slots (the level); else 0. */
  spellSlots: number;
  /** Prophets: new calling points (the level); else 0. */
  callingPoints: number;
  /** Prophets after the first level: may swap one spirit type. */
  spiritSwap: boolean;
  /** Thieves after the first level: +1 to a thief field or a new thief skill. */
  thiefImprovement: boolean;
  /** Multiple archetypes: the archetype's level, when it differs from the character level. */
  archetypeLevel?: number;
  faces: number[];
}

/** The exact distribution of d10 + modifier, floored at 0. */
export function levelGainDistribution(modifier: number): { total: number; probability: number }[] {
  const counts = new Map<number, number>();
  for (let face = 1; face <= 10; face++) {
    const total = Math.max(0, face + modifier);
    counts.set(total, (counts.get(total) ?? 0) + 1);
  }
  return [...counts.entries()].map(([total, n]) => ({ total, probability: n / 10 }));
}

export function gmLevelUp(input: GmLevelUpInput, dice: Dice): GmLevelUpOutcome {
  const archetype = gmArchetype(input.archetype);
  const level = wholeNumber(input.level, 'level', 2, MAX_GM_LEVEL);
  const abilities = gmAbilities(input.abilities);
  const archetypeLevel =
    input.archetypeLevel === undefined || input.archetypeLevel === null
      ? level
      : wholeNumber(input.archetypeLevel, 'archetypeLevel', 1, level);
  const verveFrom =
    input.verveArchetype === undefined || input.verveArchetype === null
      ? archetype
      : gmArchetype(input.verveArchetype, 'verveArchetype');
  const even = level % 2 === 0;
  const archetypeEven = archetypeLevel % 2 === 0;
  const pool = even ? 'verve' : 'survival';
  const modifier = even
    ? minorContributor(abilities[verveFrom.archetypalAbility]) +
      minorContributor(abilities[verveFrom.verveContributor])
    : majorContributor(abilities.endurance);
  const faces = dice.pool(1, 10, pool);
  const reactions = {} as Record<GmReaction, number>;
  for (const r of GM_REACTIONS) reactions[r] = r === archetype.archetypalReaction || archetypeEven ? 1 : 0;
  return {
    archetype: archetype.id,
    level,
    roll: {
      pool,
      die: faces[0],
      modifier,
      gain: Math.max(0, faces[0] + modifier),
      distribution: levelGainDistribution(modifier),
    },
    reactions,
    fightingArt: archetypeLevel % archetype.fightingArtEvery === 0 ? 1 : 0,
    specialty: level >= 3 && !even,
    mojo: 10 + level,
    experienceToReach: experienceForLevel(level),
    spellSlots: archetype.id === 'sorceror' ? archetypeLevel : 0,
    callingPoints: archetype.id === 'prophet' ? archetypeLevel : 0,
    spiritSwap: archetype.id === 'prophet' && archetypeLevel >= 2,
    thiefImprovement: archetype.id === 'thief' && archetypeLevel >= 2,
    ...(archetypeLevel !== level ? { archetypeLevel } : {}),
    faces,
  };
}

export interface GmLevelStanding {
  experience: number;
  level: number;
  experienceForLevel: number;
  nextLevel: number;
  nextThreshold: number;
  experienceToNext: number;
}

/** Experience → level and the next threshold (500 × L × (L − 1); 001:433–445). */
export function gmLevelStanding(experience: number): GmLevelStanding {
  const xp = wholeNumber(experience, 'experience', 0, 1_000_000_000_000);
  const level = levelForExperience(xp);
  const nextThreshold = experienceForLevel(level + 1);
  return {
    experience: xp,
    level,
    experienceForLevel: experienceForLevel(level),
    nextLevel: level + 1,
    nextThreshold,
    experienceToNext: nextThreshold - xp,
  };
}
