import { RuleError } from '../errors';
import { MAX_WEALTH, wealthScore } from './validation';

/** One lifestyle grade and the Wealth scores it covers (both bounds included). */
export interface LifestyleGrade {
  /** 1 (lowest) to 5 (highest). */
  grade: number;
  name: string;
  minWealth: number;
  maxWealth: number;
  description: string;
}

/** COEAC names five lifestyle grades derived from Wealth. */
export const LIFESTYLE_GRADE_COUNT = 5;

/**
 * Our default Wealth → lifestyle mapping. COEAC says there are five grades derived from Wealth but
 * gives neither names nor bounds. The bands follow what each Wealth buys at the flat cost of 1 Cash
 * (any Cost ≤ Wealth): Wealth 0 earns no Income at all; 4–6 covers quality tools and weapons, pack
 * animals, a hovel, armor and an apartment (the seed calls Wealth 5 "modestly wealthy"); 7–9 covers a
 * modest house, exotic mounts and shrines; 10 and up covers large buildings and ships. A campaign may
 * replace the mapping with its own (see `validateLifestyleMapping`).
 */
export const DEFAULT_LIFESTYLES: readonly LifestyleGrade[] = [
  {
    grade: 1,
    name: 'Destitute',
    minWealth: 0,
    maxWealth: 0,
    description: 'No income to speak of: sleeping rough or on charity, eating when someone else pays.',
  },
  {
    grade: 2,
    name: 'Poor',
    minWealth: 1,
    maxWealth: 3,
    description: 'Getting by on cheap beds, plain food and everyday tools; anything better takes saving up.',
  },
  {
    grade: 3,
    name: 'Modest',
    minWealth: 4,
    maxWealth: 6,
    description: 'A settled working life: a roof of your own, good tools and weapons, a pack animal or two.',
  },
  {
    grade: 4,
    name: 'Prosperous',
    minWealth: 7,
    maxWealth: 9,
    description: 'Comfortable means: a proper house, fine mounts, quality gear and hired help on call.',
  },
  {
    grade: 5,
    name: 'Opulent',
    minWealth: 10,
    maxWealth: 12,
    description: 'Great fortune: large properties, ships or estates, retainers and the ear of the powerful.',
  },
];

function invalid(message: string): never {
  throw new RuleError('INVALID_INPUT', message, 'lifestyles');
}

/**
 * Checks a lifestyle mapping: exactly five grades numbered 1 to 5 in order, each with a name, whose
 * Wealth bands are whole numbers that cover 0 to 12 without gaps or overlaps, rising with the grade.
 * Returns the mapping (sorted by grade) or throws INVALID_INPUT on field `lifestyles`.
 */
export function validateLifestyleMapping(mapping: unknown): LifestyleGrade[] {
  if (!Array.isArray(mapping)) invalid('The lifestyle mapping must be a list of grades.');
  if (mapping.length !== LIFESTYLE_GRADE_COUNT) {
    invalid(`The lifestyle mapping must have exactly ${LIFESTYLE_GRADE_COUNT} grades.`);
  }
  for (const entry of mapping as unknown[]) {
    if (entry === null || typeof entry !== 'object') invalid('Each lifestyle grade must be an object.');
    const { grade, name, minWealth, maxWealth, description } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim().length === 0) invalid('Each lifestyle grade needs a name.');
    if (typeof description !== 'string') invalid('Each lifestyle grade needs a description (may be empty).');
    for (const value of [grade, minWealth, maxWealth]) {
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        invalid('Grades and Wealth bounds must be whole numbers.');
      }
    }
    if ((minWealth as number) > (maxWealth as number)) {
      invalid(`Grade ${String(grade)} has its lowest Wealth above its highest.`);
    }
  }
  const sorted = [...(mapping as LifestyleGrade[])].sort((a, b) => a.grade - b.grade);
  const names = new Set<string>();
  let nextWealth = 0;
  sorted.forEach((entry, index) => {
    if (entry.grade !== index + 1)
      invalid(`Grades must be numbered 1 to ${LIFESTYLE_GRADE_COUNT}, once each.`);
    const key = entry.name.trim().toLowerCase();
    if (names.has(key)) invalid(`Two grades are called "${entry.name}".`);
    names.add(key);
    if (index === 0 && entry.minWealth !== 0) invalid('The lowest grade must start at Wealth 0.');
    if (entry.minWealth !== nextWealth) {
      invalid(
        entry.minWealth < nextWealth
          ? `Grade ${entry.grade} overlaps the grade below it.`
          : `No grade covers Wealth ${nextWealth}.`,
      );
    }
    nextWealth = entry.maxWealth + 1;
  });
  if (nextWealth !== MAX_WEALTH + 1) {
    invalid(`The grades must end exactly at Wealth ${MAX_WEALTH}.`);
  }
  return sorted;
}

/**
 * COEAC, Town Statistics: Lifestyle (seed 003). The lifestyle grade for a Wealth score under
 * `mapping` (our documented default unless a campaign supplies its own).
 */
export function lifestyleFor(
  wealth: number,
  mapping: readonly LifestyleGrade[] = DEFAULT_LIFESTYLES,
): LifestyleGrade {
  const score = wealthScore(wealth);
  const grades = mapping === DEFAULT_LIFESTYLES ? DEFAULT_LIFESTYLES : validateLifestyleMapping(mapping);
  const found = grades.find((entry) => entry.minWealth <= score && score <= entry.maxWealth);
  // A validated mapping covers every Wealth score, so this is only reached through a bug.
  if (!found) throw new Error(`No lifestyle grade covers Wealth ${score}.`);
  return { ...found };
}
