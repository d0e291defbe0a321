import type { Dice } from '../random';
import { invalid, optionalWholeNumber, record } from '../checks/validate';
import { GM_ABILITIES, type GmAbilities, type GmAbility, MAX_GM_SCORE } from './gm-derivation';

/**
 * G&M ability scores (seed 001, "Ability scores", 001:308–316): for each ability roll four d6 and
 * add the three highest. The player then places the six totals on the abilities as they like (the
 * seed's Toromeen does), so the roll answers six totals in the order rolled, not six abilities.
 */

export interface GmAbilityRoll {
  /** The four faces, in the order rolled. */
  faces: number[];
  /** The three kept, highest first. */
  kept: number[];
  /** The face dropped (the lowest; one of equal lowest faces). */
  dropped: number;
  total: number;
}

export interface GmAbilityRollsOutcome {
  scores: GmAbilityRoll[];
  /** Every face in the order rolled (24 of them). */
  faces: number[];
  /** The exact chance of each total of one score, 3 to 18. */
  distribution: { total: number; probability: number }[];
}

/** One score: 4d6, keep the highest three. */
export function keepHighest(faces: readonly number[], keep: number): { kept: number[]; total: number } {
  const kept = [...faces].sort((a, b) => b - a).slice(0, keep);
  return { kept, total: kept.reduce((sum, face) => sum + face, 0) };
}

let cached: { total: number; probability: number }[] | null = null;

/** The exact distribution of 4d6 keep the highest 3, by counting all 1,296 outcomes. */
export function fourD6KeepThreeDistribution(): { total: number; probability: number }[] {
  if (cached) return cached.map((row) => ({ ...row }));
  const counts = new Array<number>(19).fill(0);
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++)
        for (let d = 1; d <= 6; d++) counts[a + b + c + d - Math.min(a, b, c, d)]++;
  cached = [];
  for (let total = 3; total <= 18; total++) cached.push({ total, probability: counts[total] / 1296 });
  return cached.map((row) => ({ ...row }));
}

/** Six scores, each 4d6 keep 3. The input takes nothing but the seed (handled by the caller). */
export function rollGmAbilities(_input: Record<string, never>, dice: Dice): GmAbilityRollsOutcome {
  const scores: GmAbilityRoll[] = [];
  for (let i = 0; i < 6; i++) {
    const faces = dice.pool(4, 6, 'seed');
    const { kept, total } = keepHighest(faces, 3);
    scores.push({ faces, kept, dropped: Math.min(...faces), total });
  }
  return { scores, faces: [...dice.faces], distribution: fourD6KeepThreeDistribution() };
}

/**
 * Species ability modifiers (a dwarf's +1 endurance and −1 charisma, 001:318): referee data. Adds
 * them to the scores, which stay at least 1.
 */
export function applyAbilityAdjustments(
  abilities: GmAbilities,
  adjustments: unknown,
  field = 'abilityAdjustments',
): GmAbilities {
  if (adjustments === undefined || adjustments === null) return { ...abilities };
  const source = record(adjustments, field);
  for (const key of Object.keys(source)) {
    if (!(GM_ABILITIES as readonly string[]).includes(key)) {
      throw invalid(`\`${field}\` takes ${GM_ABILITIES.join(', ')}.`, `${field}.${key}`);
    }
  }
  const out = { ...abilities };
  for (const ability of GM_ABILITIES as readonly GmAbility[]) {
    const change = optionalWholeNumber(
      source[ability],
      `${field}.${ability}`,
      0,
      -MAX_GM_SCORE,
      MAX_GM_SCORE,
    );
    out[ability] = Math.min(MAX_GM_SCORE, Math.max(1, abilities[ability] + change));
  }
  return out;
}
