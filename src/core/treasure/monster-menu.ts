import { RuleError } from '../errors';
import type { Dice } from '../random';
import { oneOf, requireObject, wholeNumber } from '../wealth/validation';

export interface MonsterCut {
  min: number;
  max: number;
  cut: string;
  /** What eating it does, in our words. */
  effect: string;
  /** Bonus dice it adds to one Sorcery Skill test when spent instead of eaten. */
  empowerDice: number;
}

/**
 * COEAC, Harvesting Monsters: the Monster Menu (seed 003:490–505). Rolls, cuts and bonus dice are
 * the seed's; the effects are paraphrased.
 */
export const MONSTER_MENU: readonly MonsterCut[] = [
  { min: 1, max: 3, cut: 'Scraps', effect: 'Eating it does nothing.', empowerDice: 1 },
  {
    min: 4,
    max: 5,
    cut: 'Meat',
    effect:
      'Eaten as Rations within the hour it heals 1d4 HP; or try to keep it for later (50 %: on a failure it rots).',
    empowerDice: 2,
  },
  {
    min: 6,
    max: 7,
    cut: 'Viscera',
    effect:
      'Cures one affliction on the eater, mundane or supernatural (a poison, a curse…); can be pickled to keep, as for Meat.',
    empowerDice: 3,
  },
  { min: 8, max: 9, cut: 'Bones', effect: 'Maximum HP +1, to no more than 20.', empowerDice: 4 },
  {
    min: 10,
    max: 11,
    cut: 'Rare Organ',
    effect: 'Roll on the Rare Organ subtable (d6) for what it grants.',
    empowerDice: 5,
  },
  {
    min: 12,
    max: 13,
    cut: 'Heart',
    effect: '+1 to one random Skill and to one random Save.',
    empowerDice: 6,
  },
  {
    min: 14,
    max: 15,
    cut: 'Brain',
    effect:
      'The eater learns a random spell the monster knew, or, if it knew none, a random spell of a school that suits it.',
    empowerDice: 6,
  },
];

export interface RareOrgan {
  roll: number;
  organ: string;
  effect: string;
}

/** COEAC, Harvesting Monsters: the Rare Organ subtable (seed 003:497–502), a d6; effects paraphrased. */
export const RARE_ORGANS: readonly RareOrgan[] = [
  {
    roll: 1,
    organ: 'Eyes',
    effect: 'A special sense the monster had or that suits it (heat sight, tremorsense, deathsight, …).',
  },
  { roll: 2, organ: 'Spinal Cord', effect: 'One special topic of knowledge tied to the monster.' },
  { roll: 3, organ: 'Tongue', effect: 'Speak one of the monster’s languages as a native, in its voice.' },
  {
    roll: 4,
    organ: 'Glands',
    effect: 'A random helpful mutation tied to the monster (the seed’s mutation table is missing).',
  },
  { roll: 5, organ: 'Teeth, Claws or Horn', effect: 'Worked into a new weapon that attacks at +1d.' },
  { roll: 6, organ: 'Hide or Scales', effect: 'Worked into new armor or a shield that Blocks +1.' },
];

/** Monster grades with a harvest offset (SPEC 5.3). */
export type HarvestGrade = 'minor' | 'moderate' | 'major' | 'severe';
export const HARVEST_GRADES: readonly HarvestGrade[] = ['minor', 'moderate', 'major', 'severe'];

/**
 * The seed names no die for the menu. Ours (SPEC 5.3, documented as a house rule): d6 + an offset by
 * the monster's grade, so tougher monsters yield better cuts and a Severe one reaches Brain.
 */
export const GRADE_OFFSETS: Readonly<Record<HarvestGrade, number>> = {
  minor: 0,
  moderate: 3,
  major: 6,
  severe: 9,
};

export const HARVEST_CUTS = 3;
export const MAX_HARVEST_OFFSET = 9;

export function menuCut(roll: number): MonsterCut {
  const cut = MONSTER_MENU.find((c) => c.min <= roll && roll <= c.max);
  if (!cut) throw new RuleError('INVALID_INPUT', `The Monster Menu runs from 1 to 15, not ${roll}.`, 'roll');
  return cut;
}

export interface HarvestInput {
  grade: HarvestGrade;
  /** Replaces the grade's offset (0 to 9). */
  offset?: number | null;
}

export interface HarvestedCut {
  /** The d6 plus the offset. */
  roll: number;
  die: number;
  cut: string;
  effect: string;
  empowerDice: number;
  rareOrgan: RareOrgan | null;
}

export interface HarvestOutcome {
  grade: HarvestGrade;
  offset: number;
  cuts: HarvestedCut[];
  odds: { cuts: Array<{ cut: string; probability: number }> };
}

/** The chance of each cut for a d6 + `offset` roll (cuts that cannot come up are left out). */
export function harvestOdds(offset: number): Array<{ cut: string; probability: number }> {
  const counts = new Map<string, number>();
  for (let face = 1; face <= 6; face++) {
    const cut = menuCut(face + offset).cut;
    counts.set(cut, (counts.get(cut) ?? 0) + 1);
  }
  return MONSTER_MENU.filter((c) => counts.has(c.cut)).map((c) => ({
    cut: c.cut,
    probability: (counts.get(c.cut) as number) / 6,
  }));
}

/**
 * COEAC, Harvesting Monsters (seed 003:484–505): three rolls on the Monster Menu, each a d6 plus the
 * grade's offset (our house rule, SPEC 5.3); a Rare Organ rolls its own d6 on the subtable.
 */
export function harvest(input: HarvestInput, dice: Dice): HarvestOutcome {
  requireObject(input);
  const grade = oneOf(input.grade, HARVEST_GRADES, 'grade');
  const offset =
    input.offset === undefined || input.offset === null
      ? GRADE_OFFSETS[grade]
      : wholeNumber(input.offset, 'offset', 0, MAX_HARVEST_OFFSET);
  const cuts: HarvestedCut[] = [];
  for (let i = 0; i < HARVEST_CUTS; i++) {
    const die = dice.die(6);
    const roll = die + offset;
    const row = menuCut(roll);
    let rareOrgan: RareOrgan | null = null;
    if (row.cut === 'Rare Organ') rareOrgan = { ...RARE_ORGANS[dice.die(6) - 1] };
    cuts.push({ roll, die, cut: row.cut, effect: row.effect, empowerDice: row.empowerDice, rareOrgan });
  }
  return { grade, offset, cuts, odds: { cuts: harvestOdds(offset) } };
}
