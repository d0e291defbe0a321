import { RuleError } from '../errors';
import { oneOf, requireObject, wholeNumber } from '../wealth/validation';
import { levelForExperience } from './levels';

export type LootRule = 'divided' | 'each';
export const LOOT_RULES: readonly LootRule[] = ['divided', 'each'];

/** Experience per silver coin of loot given away or lost without hope of gain (G&M). */
export const EXPERIENCE_PER_SILVER = 2;
export const MAX_MEMBERS = 100;

export interface LootExperienceInput {
  /** Loot in centisilver (hundredths of a silver coin), as the G&M catalog counts money. */
  silver: number;
  members: number;
  rule?: LootRule | null;
  /** Each member's experience before the award, in member order. */
  currentExperience?: number[] | null;
}

export interface LootExperienceMember {
  member: number;
  before: number;
  gained: number;
  after: number;
  levelBefore: number;
  levelAfter: number;
  levelsGained: number;
}

export interface LootExperienceOutcome {
  silver: number;
  members: number;
  rule: LootRule;
  /** 2 per silver, in whole points (a fraction of a point from odd coppers is dropped). */
  totalExperience: number;
  /** Points each member gets. */
  each: number;
  /** Points left over after an even split in whole points (0 under `each`). */
  remainder: number;
  perMember: LootExperienceMember[] | null;
}

/**
 * Gods & Monsters, Experience from loot (seed 001:455–469): 2 experience per silver of loot donated
 * or lost with no hope of a tangible return, awarded after the adventure and "shared" by the group.
 * Our reading (SPEC 5.3): divided evenly in whole points by default, the remainder reported; a
 * campaign may give each member the full amount instead.
 */
export function lootExperience(input: LootExperienceInput): LootExperienceOutcome {
  requireObject(input);
  const silver = wholeNumber(input.silver, 'silver', 0, 1e12);
  const members = wholeNumber(input.members, 'members', 1, MAX_MEMBERS);
  const rule = oneOf(input.rule ?? undefined, LOOT_RULES, 'rule', 'divided');
  const totalExperience = Math.floor((silver * EXPERIENCE_PER_SILVER) / 100);
  const each = rule === 'each' ? totalExperience : Math.floor(totalExperience / members);
  const remainder = rule === 'each' ? 0 : totalExperience - each * members;
  let perMember: LootExperienceMember[] | null = null;
  const current = input.currentExperience;
  if (current !== undefined && current !== null) {
    if (!Array.isArray(current) || current.length !== members) {
      throw new RuleError(
        'INVALID_INPUT',
        'currentExperience lists one total per member, as many as members.',
        'currentExperience',
      );
    }
    perMember = current.map((raw, i) => {
      const before = wholeNumber(raw, `currentExperience[${i}]`, 0, 1e12);
      const after = before + each;
      const levelBefore = levelForExperience(before);
      const levelAfter = levelForExperience(after);
      return {
        member: i + 1,
        before,
        gained: each,
        after,
        levelBefore,
        levelAfter,
        levelsGained: levelAfter - levelBefore,
      };
    });
  }
  return { silver, members, rule, totalExperience, each, remainder, perMember };
}
