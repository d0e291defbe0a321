import type { Dice } from '../random';
import { wholeNumber } from '../checks/validate';
import { RuleError } from '../errors';
import { passingFaces } from '../checks/ability-roll';
import { MAX_GM_SCORE } from '../characters/gm-derivation';

/**
 * Gods & Monsters advancement rules beyond costs, bids, study and levels: spells bought with mojo
 * (L12), spell compatibility (L13), a manifestation invented at the table (L16), pooled projects
 * (MJ8), what practical mojo may pay for (MJ9) and improvements bought just before a roll (MJ3).
 */

const MAX_SPELL_LEVEL = 20;
const MAX_COMPONENTS = 1_000_000_000;

function invalid(message: string, field: string): RuleError {
  return new RuleError('INVALID_INPUT', message, field);
}

// L12: buying a spell with mojo (001:519–529)

export interface SpellPriceInput {
  spellLevel: number;
  /** The spell's basic components, in centisilver (0 when it has none). */
  components?: number;
  /** Archetypal mojo among the mojo spent on it. */
  archetypalMojo?: number;
  /** A second try after a failed compatibility roll, at a later level (001:535). */
  retry?: boolean;
}

export interface SpellPrice {
  spellLevel: number;
  /** Mojo: 3 per spell level; 2 on a retry. */
  mojo: number;
  /** Components on hand for experimentation: 10 × (5 × on a retry); 0 when waived. */
  experimentation: number;
  experimentationWaived: boolean;
  /** The spell is already inscribed, free, when at least spell level archetypal mojo paid for it. */
  inscribedFree: boolean;
  /** A compatibility roll is due unless at least spell level archetypal mojo paid for it. */
  compatibilityRoll: boolean;
  rule: string;
}

export function spellPrice(input: SpellPriceInput): SpellPrice {
  const spellLevel = wholeNumber(input.spellLevel, 'spellLevel', 1, MAX_SPELL_LEVEL);
  const components = wholeNumber(input.components ?? 0, 'components', 0, MAX_COMPONENTS);
  const archetypal = wholeNumber(input.archetypalMojo ?? 0, 'archetypalMojo', 0, MAX_GM_SCORE * 100);
  if (input.retry) {
    return {
      spellLevel,
      mojo: 2,
      experimentation: 5 * components,
      experimentationWaived: false,
      inscribedFree: false,
      compatibilityRoll: true,
      rule: 'A new try at an incompatible spell, at a later level, costs 2 mojo and 5 × the components on hand (001:535).',
    };
  }
  const enough = archetypal >= spellLevel;
  return {
    spellLevel,
    mojo: 3 * spellLevel,
    experimentation: enough ? 0 : 10 * components,
    experimentationWaived: enough,
    inscribedFree: enough,
    compatibilityRoll: !enough,
    rule: enough
      ? 'Three mojo per spell level; with at least spell level archetypal mojo, no experimentation, inscribed free, no compatibility roll (001:521–531).'
      : 'Three mojo per spell level and 10 × the components on hand for experimentation (001:521–523).',
  };
}

// L13: spell compatibility (001:531–535)

export interface SpellCompatibilityInput {
  /** The sorceror's reason reaction. */
  reason: number;
  spellLevel: number;
}

export interface SpellCompatibilityOutcome {
  reason: number;
  spellLevel: number;
  /** reason + 6 − spell level: a d20 at or under it passes. */
  target: number;
  roll: number;
  compatible: boolean;
  odds: { success: number };
  faces: number[];
}

export function spellCompatibility(input: SpellCompatibilityInput, dice: Dice): SpellCompatibilityOutcome {
  const reason = wholeNumber(input.reason, 'reason', 0, MAX_GM_SCORE);
  const spellLevel = wholeNumber(input.spellLevel, 'spellLevel', 1, MAX_SPELL_LEVEL);
  const target = reason + 6 - spellLevel;
  const faces = dice.pool(1, 20, 'reason');
  return {
    reason,
    spellLevel,
    target,
    roll: faces[0],
    compatible: faces[0] <= target,
    odds: { success: passingFaces(target) / 20 },
    faces,
  };
}

// L16: a manifestation invented at the table (001:1320)

export function inventedManifestationLevel(guessedLevel: number): { guessedLevel: number; level: number } {
  const guessed = wholeNumber(guessedLevel, 'guessedLevel', 0, MAX_SPELL_LEVEL);
  return { guessedLevel: guessed, level: guessed + 2 };
}

// MJ8: pooling mojo on one project (001:489)

export interface PooledShare {
  /** Who (a name or id, echoed). */
  who: string;
  /** This contributor's mojo cost for the task. */
  cost: number;
  /** Applicable mojo this contributor holds. */
  mojo: number;
}

export interface PooledProject {
  /** The dearest cost among the contributors: the project's price. */
  cost: number;
  pooled: number;
  complete: boolean;
  /** Mojo still missing (0 when complete). */
  missing: number;
}

export function pooledProject(shares: PooledShare[]): PooledProject {
  if (!Array.isArray(shares) || shares.length === 0) throw invalid('At least one contributor.', 'shares');
  let cost = 0;
  let pooled = 0;
  shares.forEach((s, i) => {
    const c = wholeNumber(s.cost, `shares[${i}].cost`, 0, MAX_GM_SCORE * 100);
    const m = wholeNumber(s.mojo, `shares[${i}].mojo`, 1, MAX_GM_SCORE * 100);
    cost = Math.max(cost, c);
    pooled += m;
  });
  return { cost, pooled, complete: pooled >= cost, missing: Math.max(0, cost - pooled) };
}

// MJ9: what practical mojo may pay for (001:1000–1006)

export const PRACTICAL_USES = [
  'field',
  'skill',
  'spell',
  'specialty',
  'ability',
  'fighting-art',
  'thief-field',
  'roll-bonus',
] as const;
export type PracticalUse = (typeof PRACTICAL_USES)[number];

export function practicalMojoAllowed(use: PracticalUse): { allowed: boolean; rule: string } {
  switch (use) {
    case 'field':
    case 'skill':
    case 'spell':
    case 'specialty':
      return {
        allowed: true,
        rule: 'Practical mojo pays for the field, skill, spell or specialty it was studied for (001:1000).',
      };
    case 'roll-bonus':
      return { allowed: false, rule: 'Practical mojo never adds to a roll (001:1002).' };
    default:
      return {
        allowed: false,
        rule: 'Practical mojo never buys ability points, the Fighting Art or the thieving fields and skills (001:1004).',
      };
  }
}

// MJ3: an improvement bought just before a roll (001:964)

/** Fields, new fields and skills bought just before a roll add the mojo spent to that roll. */
export function beforeRollBonus(kind: string, cost: number): number {
  return kind === 'field' || kind === 'new-field' || kind === 'skill' ? cost : 0;
}
