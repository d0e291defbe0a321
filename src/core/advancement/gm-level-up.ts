import type { Dice } from '../random';
import { RuleError } from '../errors';
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

// An experience award and every level-up it reaches, as one procedure (one logged roll)

export interface GmExperienceAwardInput {
  /** Experience added (0 or more). */
  amount: number;
  /** The sheet's experience before the award. */
  experience: number;
  /** The sheet's archetypes and levels before the award (the character level is their sum). */
  archetypes: ReadonlyArray<{ archetype: string; level: number }>;
  /** The sheet's abilities (the level-ups' contributors). */
  abilities: unknown;
  /** The archetype that gains the levels (default the first of `archetypes`). */
  archetype?: string;
}

export interface GmExperienceAwardOutcome {
  amount: number;
  experienceBefore: number;
  experience: number;
  levelBefore: number;
  levelAfter: number;
  /** Each level-up due, in order, its dice drawn one after another from the award's one seed. */
  levelUps: GmLevelUpOutcome[];
  /** The archetypes and levels after the level-ups. */
  archetypes: Array<{ archetype: string; level: number }>;
}

/**
 * Adds `amount` to a G&M sheet's experience and makes every level-up the new total reaches beyond
 * the sheet's character level (the sum of its archetype levels), each as `gmLevelUp` with the levels
 * and archetypes after the ones before it (L9: the gaining archetype's level for reactions and
 * Fighting Art, the character level for the pool, the highest archetype for verve). Pure and seeded:
 * the whole award replays from its inputs and one seed. A sheet without archetypes gains no level.
 */
export function gmExperienceAward(input: GmExperienceAwardInput, dice: Dice): GmExperienceAwardOutcome {
  const amount = wholeNumber(input.amount, 'amount', 0, 1_000_000_000);
  const before = wholeNumber(input.experience, 'experience', 0, 1_000_000_000_000);
  const experience = before + amount;
  const target = levelForExperience(experience);
  if (target > MAX_GM_LEVEL) {
    throw new RuleError(
      'INVALID_INPUT',
      `Levels stop at ${MAX_GM_LEVEL} (${experienceForLevel(MAX_GM_LEVEL)} experience); ${experience} is beyond.`,
      'amount',
    );
  }
  const archetypes = (input.archetypes ?? []).map((a) => ({ archetype: a.archetype, level: a.level }));
  const levelUps: GmLevelUpOutcome[] = [];
  for (;;) {
    const characterLevel = archetypes.reduce((sum, a) => sum + a.level, 0);
    if (archetypes.length === 0 || characterLevel >= target) break;
    const level = characterLevel + 1;
    const wanted = (input.archetype ?? archetypes[0].archetype).toLowerCase();
    const gaining = archetypes.find((a) => a.archetype.toLowerCase() === wanted);
    if (!gaining)
      throw new RuleError('VALIDATION_FAILED', `The sheet has no ${wanted} archetype.`, 'archetype');
    gaining.level += 1;
    // Verve modifiers come from the highest archetype after the gain; the gaining one on a tie (L9).
    let verve = gaining;
    for (const a of archetypes) if (a.level > verve.level) verve = a;
    levelUps.push(
      gmLevelUp(
        {
          archetype: gaining.archetype.toLowerCase(),
          level,
          abilities: input.abilities,
          ...(archetypes.length > 1
            ? { archetypeLevel: gaining.level, verveArchetype: verve.archetype.toLowerCase() }
            : {}),
        },
        dice,
      ),
    );
  }
  return {
    amount,
    experienceBefore: before,
    experience,
    levelBefore: levelForExperience(before),
    levelAfter: target,
    levelUps,
    archetypes,
  };
}
