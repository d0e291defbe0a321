import { RuleError } from '../errors';
import { invalid, wholeNumber } from '../checks/validate';
import { levelForExperience } from '../treasure/levels';
import { GM_ARCHETYPES, type GmArchetypeId } from '../characters/gm-derivation';

/**
 * Gods & Monsters, "Using mojo" (seed 001:950–998): what an improvement costs in mojo, and what a
 * mojo bid on a failed archetypal roll turns, costs and earns. Pure functions: no dice.
 */

export const MOJO_COST_KINDS = [
  'ability',
  'field',
  'new-field',
  'skill',
  'technique',
  'weapon-skill',
] as const;
export type MojoCostKind = (typeof MOJO_COST_KINDS)[number];

export const TECHNIQUE_SCOPES = ['one-skill', 'field', 'convert-one-skill', 'convert-two-skill'] as const;
export type TechniqueScope = (typeof TECHNIQUE_SCOPES)[number];

export interface MojoCostInput {
  kind: MojoCostKind;
  /** The current ability score (ability) or field bonus (field). */
  current?: number;
  /** Ability: it is the character's archetypal ability (2 × instead of 3 ×). */
  archetypal?: boolean;
  /** Ability: this one point is all that keeps the character from a specialty (1 ×). */
  onlyBlocksSpecialty?: boolean;
  /** Skill: the character is not of the field's preferred archetype (7 instead of 5). */
  outsideArchetype?: boolean;
  /** Weapon skill: the character is a warrior (5 instead of 7). */
  warrior?: boolean;
  /** Technique: what is bought (default one-skill). */
  techniqueScope?: TechniqueScope;
}

export interface MojoCost {
  kind: MojoCostKind;
  cost: number;
  /** The rule applied, in our words, with its seed reference. */
  rule: string;
}

/** Increasing the field bonus past this is beyond any table we know; it keeps sums exact. */
const MAX_VALUE = 1_000_000;

function requireCurrent(input: MojoCostInput, min: number): number {
  if (input.current === undefined || input.current === null) {
    throw invalid(
      `\`current\` is needed to price a${input.kind === 'ability' ? 'n ability' : ' field bonus'}.`,
      'current',
    );
  }
  return wholeNumber(input.current, 'current', min, MAX_VALUE);
}

/** The mojo price of one improvement (seed 001:954–972; coverage MJ1, MJ2, MJ4, MJ5). */
export function mojoCost(input: MojoCostInput): MojoCost {
  const kind = input.kind;
  switch (kind) {
    case 'ability': {
      const current = requireCurrent(input, 1);
      if (input.onlyBlocksSpecialty) {
        return {
          kind,
          cost: current,
          rule: 'One point that alone blocks a specialty costs the current score (001:956).',
        };
      }
      if (input.archetypal) {
        return {
          kind,
          cost: 2 * current,
          rule: 'The archetypal ability costs 2 × the current score (001:954).',
        };
      }
      return { kind, cost: 3 * current, rule: 'An ability costs 3 × the current score (001:954).' };
    }
    case 'field': {
      const current = requireCurrent(input, 1);
      return { kind, cost: 4 + current, rule: 'The next field bonus costs 4 + the current bonus (001:960).' };
    }
    case 'new-field':
      return { kind, cost: 11, rule: 'A new field costs 11 and comes at +1 with one skill (001:958).' };
    case 'skill':
      return input.outsideArchetype
        ? { kind, cost: 7, rule: 'A skill outside the field’s preferred archetype costs 7 (001:962).' }
        : { kind, cost: 5, rule: 'A skill costs 5 (001:962).' };
    case 'weapon-skill':
      return input.warrior
        ? {
            kind,
            cost: 5,
            rule: 'A weapon skill costs a warrior 5; the Fighting Art bonus itself is not for sale (001:968–972).',
          }
        : {
            kind,
            cost: 7,
            rule: 'A weapon skill costs a non-warrior 7; the Fighting Art bonus itself is not for sale (001:968–972).',
          };
    case 'technique': {
      const scope = input.techniqueScope ?? 'one-skill';
      const prices: Record<TechniqueScope, [number, string]> = {
        'one-skill': [2, 'A monk technique for one skill costs 2 (001:966).'],
        field: [4, 'A monk technique for a whole field costs 4 (001:966).'],
        'convert-one-skill': [3, 'Widening a one-skill technique to its field costs 3 (001:966).'],
        'convert-two-skill': [2, 'Widening a two-skill technique to its field costs 2 (001:966).'],
      };
      const price = prices[scope];
      if (!price)
        throw invalid(`\`techniqueScope\` must be one of ${TECHNIQUE_SCOPES.join(', ')}.`, 'techniqueScope');
      return { kind, cost: price[0], rule: price[1] };
    }
    default:
      throw invalid(`\`kind\` must be one of ${MOJO_COST_KINDS.join(', ')}.`, 'kind');
  }
}

/**
 * Whether a G&M roll is archetypal, so that mojo may turn it after a failure (001:976–978): it is
 * rolled on an archetype's archetypal ability or reaction (`rating`, by name, any case), or a
 * specialty is involved. A roll archetypal by the action alone (combat for a warrior) is the
 * referee's ruling, not the sheet's.
 */
export function archetypalRoll(
  archetypes: ReadonlyArray<{ archetype: string }>,
  rating: string | undefined,
  specialty = false,
): boolean {
  if (specialty) return true;
  const name = rating?.toLowerCase();
  if (!name) return false;
  return archetypes.some((a) => {
    const found = GM_ARCHETYPES[a.archetype.toLowerCase() as GmArchetypeId];
    return found !== undefined && (found.archetypalAbility === name || found.archetypalReaction === name);
  });
}

/** The least mojo that turns a failed d20 roll (001:976): 0 when it passed. */
export function mojoNeeded(roll: number, target: number): number {
  return roll > target ? roll - target : 0;
}

/** Experience per mojo spent on an archetypal roll (001:986). */
export const EXPERIENCE_PER_MOJO = 50;

export interface MojoBidInput {
  /** The d20 face rolled. */
  roll: number;
  /** The modified target the roll had to meet or beat downward (d20 ≤ target passes). */
  target: number;
  /** The mojo bid. */
  bid: number;
  /** Mojo the character holds; when sent, a bid above it is refused. */
  mojo?: number;
  /** The character's experience before the bid; when sent, the new total and any level gained follow. */
  experience?: number;
  /** The price of the next bonus, skill or field that applies to this roll (MJ7). */
  nextImprovementCost?: number;
  /** Shortcut for MJ7: the current bonus of the field that applies; its next bonus costs 4 + it. */
  fieldBonus?: number;
}

export type MojoBidOutcome = 'turned' | 'not-enough' | 'already-passed';

export interface MojoBidResult {
  outcome: MojoBidOutcome;
  /** The mojo needed to turn the roll (0 when it already passed). */
  needed: number;
  /** Mojo lost: what was needed if the bid covers it, else nothing. */
  mojoLost: number;
  /** Mojo kept from the bid. */
  mojoKept: number;
  mojoLeft: number | null;
  experienceGained: number;
  experience: number | null;
  levelBefore: number | null;
  levelAfter: number | null;
  /** The price that the spend was compared with for a free improvement, when one was given. */
  improvementCost: number | null;
  /** True when the mojo spent is at least that price: the character gains it (001:994–998). */
  improvementGained: boolean;
  rule: string;
}

/**
 * A mojo bid on a failed archetypal roll (001:974–998; MJ6, MJ7, L4). The bid acts as a bonus to
 * the target; if it turns the roll only the mojo needed is lost, otherwise nothing. Each mojo spent is
 * worth 50 experience at once, and a spend at least the price of the next applicable improvement gains it.
 */
export function mojoBid(input: MojoBidInput): MojoBidResult {
  const roll = wholeNumber(input.roll, 'roll', 1, 20);
  const target = wholeNumber(input.target, 'target', -MAX_VALUE, MAX_VALUE);
  const bid = wholeNumber(input.bid, 'bid', 1, MAX_VALUE);
  const mojo =
    input.mojo === undefined || input.mojo === null ? null : wholeNumber(input.mojo, 'mojo', 0, MAX_VALUE);
  if (mojo !== null && bid > mojo) {
    throw new RuleError(
      'INVALID_INPUT',
      `The bid (${bid}) is more mojo than the character holds (${mojo}).`,
      'bid',
    );
  }
  const experienceBefore =
    input.experience === undefined || input.experience === null
      ? null
      : wholeNumber(
          input.experience,
          'experience',
          0,
          Number.MAX_SAFE_INTEGER - EXPERIENCE_PER_MOJO * MAX_VALUE,
        );
  let improvementCost: number | null = null;
  if (input.nextImprovementCost !== undefined && input.nextImprovementCost !== null) {
    improvementCost = wholeNumber(input.nextImprovementCost, 'nextImprovementCost', 1, MAX_VALUE);
  } else if (input.fieldBonus !== undefined && input.fieldBonus !== null) {
    improvementCost = mojoCost({
      kind: 'field',
      current: wholeNumber(input.fieldBonus, 'fieldBonus', 1, MAX_VALUE),
    }).cost;
  }

  let outcome: MojoBidOutcome;
  let needed: number;
  let rule: string;
  if (roll <= target) {
    outcome = 'already-passed';
    needed = 0;
    rule = 'The roll already passed: mojo is bid only after a failure (001:976).';
  } else {
    needed = mojoNeeded(roll, target);
    outcome = bid >= needed ? 'turned' : 'not-enough';
    rule =
      outcome === 'turned'
        ? 'The bid turns the roll: only the mojo needed is lost, 50 experience each (001:976, 986).'
        : 'The bid cannot turn the roll, so no mojo is lost (001:976).';
  }
  const mojoLost = outcome === 'turned' ? needed : 0;
  const experienceGained = EXPERIENCE_PER_MOJO * mojoLost;
  const experience = experienceBefore === null ? null : experienceBefore + experienceGained;
  return {
    outcome,
    needed,
    mojoLost,
    mojoKept: bid - mojoLost,
    mojoLeft: mojo === null ? null : mojo - mojoLost,
    experienceGained,
    experience,
    levelBefore: experienceBefore === null ? null : levelForExperience(experienceBefore),
    levelAfter: experience === null ? null : levelForExperience(experience),
    improvementCost,
    improvementGained: improvementCost !== null && mojoLost > 0 && mojoLost >= improvementCost,
    rule,
  };
}
