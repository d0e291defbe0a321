import { RuleError } from '../errors';
import { invalid, wholeNumber } from '../checks/validate';
import { majorContributor } from '../characters/gm-derivation';

/**
 * Gods & Monsters, "Practical mojo" (seed 001:1000–1074; MJ10–MJ16): study modes, mojo resources
 * combined, the mojo-bonus table with the intelligence shift, fees and limits. Pure: no dice.
 */

export const STUDY_MODES = ['normal', 'free-time', 'intensive'] as const;
export type StudyMode = (typeof STUDY_MODES)[number];

export const RESOURCE_TYPES = [
  'general-book',
  'specialized-book',
  'immersion',
  'general-library',
  'specialized-library',
  'tutor',
  'school',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

interface ModeRow {
  period: string;
  periodDays: number;
  silverPerMojo: number;
  /** Time off allowed per practical mojo, in half-days (001:1024–1026). */
  halfDaysOffPerMojo: number;
  maxProjects: number;
}

/** The three study modes (001:1008–1022). Intensive gives 1 mojo per two days (reading, §5.5). */
export const STUDY_MODE_TABLE: Readonly<Record<StudyMode, ModeRow>> = {
  normal: { period: 'week', periodDays: 7, silverPerMojo: 1, halfDaysOffPerMojo: 2, maxProjects: 1 },
  'free-time': { period: 'month', periodDays: 30, silverPerMojo: 2, halfDaysOffPerMojo: 12, maxProjects: 3 },
  intensive: { period: 'two days', periodDays: 2, silverPerMojo: 3, halfDaysOffPerMojo: 1, maxProjects: 1 },
};

interface ResourceRow {
  /** The multiplier on the level/bonus difference (0 for immersion, which is the charisma). */
  multiplier: number;
  maxLevel: number | null;
}

/** Mojo resource types (001:1032–1039). */
export const RESOURCE_TABLE: Readonly<Record<ResourceType, ResourceRow>> = {
  'general-book': { multiplier: 1, maxLevel: 7 },
  'specialized-book': { multiplier: 1, maxLevel: 12 },
  immersion: { multiplier: 0, maxLevel: null },
  'general-library': { multiplier: 10, maxLevel: null },
  'specialized-library': { multiplier: 20, maxLevel: null },
  tutor: { multiplier: 10, maxLevel: null },
  school: { multiplier: 20, maxLevel: null },
};

/** The mojo-bonus table (001:1047–1056): [lowest total, mojo, every so many periods]. */
export const MOJO_BONUS_TABLE: readonly { from: number; to: number; mojo: number; everyPeriods: number }[] = [
  { from: 1, to: 1, mojo: 1, everyPeriods: 4 },
  { from: 2, to: 3, mojo: 1, everyPeriods: 3 },
  { from: 4, to: 7, mojo: 1, everyPeriods: 2 },
  { from: 8, to: 15, mojo: 1, everyPeriods: 1 },
  { from: 16, to: 31, mojo: 2, everyPeriods: 1 },
  { from: 32, to: 63, mojo: 3, everyPeriods: 1 },
  { from: 64, to: 127, mojo: 4, everyPeriods: 1 },
  { from: 128, to: 255, mojo: 5, everyPeriods: 1 },
  { from: 256, to: 511, mojo: 6, everyPeriods: 1 },
];

export interface StudyResourceInput {
  type: ResourceType;
  /** The resource's level (a tutor's field bonus); not for immersion. */
  level?: number;
}

export interface StudyInput {
  mode: StudyMode;
  resources?: StudyResourceInput[];
  /** The student's field bonus or level in what is studied (default 0). */
  studentBonus?: number;
  /** Number of periods studied (default 1). */
  periods?: number;
  /** Projects at once (free-time allows up to 3). */
  projects?: number;
  /** Shifts the mojo-bonus row by its major contributor when a resource is used. */
  intelligence?: number;
  /** Needed for immersion. */
  charisma?: number;
  /** Intensive study lasts at most half wisdom days. */
  wisdom?: number;
  /** Silver per resource mojo granted (0–10, all resources' fees together). */
  feePerMojo?: number;
}

export interface StudyResourceResult {
  type: ResourceType;
  level: number | null;
  total: number;
  /** The student exceeds the resource: it serves once, for its level in mojo (001:1068–1070). */
  oneUse: boolean;
}

export interface StudyResult {
  mode: StudyMode;
  period: string;
  periods: number;
  baseMojo: number;
  resources: StudyResourceResult[];
  combinedTotal: number;
  /** Table row read before and after the intelligence shift (1–9, 0 for none). */
  row: number;
  intelligenceShift: number;
  shiftedRow: number;
  bonus: { mojo: number; everyPeriods: number } | null;
  /** Mojo the resources add over the periods, capped at their combined total (001:1062). */
  resourceMojo: number;
  totalMojo: number;
  studySilver: number;
  fees: number;
  silver: number;
  /** Days off allowed in all while gaining the mojo (001:1024–1026). */
  daysOffAllowed: number;
  /** Intensive: the longest stretch (half wisdom, rounded down) and how long mojo keeps. */
  maxIntensiveDays: number | null;
  mojoExpiresAfterDays: number | null;
}

/** The row of the mojo-bonus table for a total: 1–9, 0 below 1; totals past 511 read the top row. */
export function mojoBonusRow(total: number): number {
  if (total < 1) return 0;
  const index = MOJO_BONUS_TABLE.findIndex((r) => total <= r.to);
  return index < 0 ? MOJO_BONUS_TABLE.length : index + 1;
}

function resourceTotal(
  r: StudyResourceInput,
  i: number,
  studentBonus: number,
  charisma: number | null,
): StudyResourceResult {
  const field = `resources.${i}`;
  const row = RESOURCE_TABLE[r?.type];
  if (!row) throw invalid(`\`${field}.type\` must be one of ${RESOURCE_TYPES.join(', ')}.`, `${field}.type`);
  if (r.type === 'immersion') {
    if (charisma === null) throw invalid('Immersion needs the student’s `charisma`.', 'charisma');
    return { type: r.type, level: null, total: charisma, oneUse: false };
  }
  if (r.level === undefined || r.level === null)
    throw invalid(`\`${field}.level\` is needed.`, `${field}.level`);
  const level = wholeNumber(r.level, `${field}.level`, 1, row.maxLevel ?? 1000);
  if (studentBonus > level) return { type: r.type, level, total: level, oneUse: true };
  return { type: r.type, level, total: (level - studentBonus) * row.multiplier, oneUse: false };
}

/** What a stretch of study yields and costs (MJ10–MJ16). */
export function gmStudy(input: StudyInput): StudyResult {
  const mode = input.mode;
  const modeRow = STUDY_MODE_TABLE[mode];
  if (!modeRow) throw invalid(`\`mode\` must be one of ${STUDY_MODES.join(', ')}.`, 'mode');
  const opt = (v: number | undefined | null, f: string, min: number, max: number) =>
    v === undefined || v === null ? null : wholeNumber(v, f, min, max);
  const periods = opt(input.periods, 'periods', 1, 10_000) ?? 1;
  const projects = opt(input.projects, 'projects', 1, 3) ?? 1;
  if (projects > modeRow.maxProjects) {
    throw invalid(`${mode} study allows ${modeRow.maxProjects} project at a time.`, 'projects');
  }
  const studentBonus = opt(input.studentBonus, 'studentBonus', 0, 1000) ?? 0;
  const intelligence = opt(input.intelligence, 'intelligence', 1, 1000);
  const charisma = opt(input.charisma, 'charisma', 1, 1000);
  const wisdom = opt(input.wisdom, 'wisdom', 1, 1000);
  const feePerMojo = opt(input.feePerMojo, 'feePerMojo', 0, 10) ?? 0;
  const list = input.resources ?? [];
  if (!Array.isArray(list) || list.length > RESOURCE_TYPES.length) {
    throw invalid('`resources` is a list of at most one resource of each type.', 'resources');
  }
  const resources = list.map((r, i) => resourceTotal(r, i, studentBonus, charisma));
  const seen = new Set<string>();
  resources.forEach((r, i) => {
    if (seen.has(r.type))
      throw invalid('Only one resource of each type may be combined.', `resources.${i}.type`);
    seen.add(r.type);
  });
  if (mode === 'intensive' && resources.length === 0) {
    throw new RuleError('INVALID_INPUT', 'Intensive study needs a mojo resource.', 'resources');
  }
  let maxIntensiveDays: number | null = null;
  if (mode === 'intensive' && wisdom !== null) {
    maxIntensiveDays = Math.floor(wisdom / 2);
    if (periods * modeRow.periodDays > maxIntensiveDays) {
      throw invalid(
        `Intensive study lasts at most half wisdom days (${maxIntensiveDays}); ${periods} periods are ${periods * 2} days.`,
        'periods',
      );
    }
  }

  const combinedTotal = resources.reduce((sum, r) => sum + r.total, 0);
  const row = mojoBonusRow(combinedTotal);
  const intelligenceShift =
    resources.length > 0 && intelligence !== null ? majorContributor(intelligence) : 0;
  const shiftedRow = row === 0 ? 0 : Math.max(0, Math.min(MOJO_BONUS_TABLE.length, row + intelligenceShift));
  const bonusRow = shiftedRow === 0 ? null : MOJO_BONUS_TABLE[shiftedRow - 1];
  const bonus = bonusRow ? { mojo: bonusRow.mojo, everyPeriods: bonusRow.everyPeriods } : null;
  const earned = bonus ? Math.floor(periods / bonus.everyPeriods) * bonus.mojo : 0;
  const resourceMojo = Math.min(earned, combinedTotal);
  const baseMojo = periods * projects;
  const totalMojo = baseMojo + resourceMojo;
  const studySilver = totalMojo * modeRow.silverPerMojo;
  const fees = resourceMojo * feePerMojo;
  return {
    mode,
    period: modeRow.period,
    periods,
    baseMojo,
    resources,
    combinedTotal,
    row,
    intelligenceShift,
    shiftedRow,
    bonus,
    resourceMojo,
    totalMojo,
    studySilver,
    fees,
    silver: studySilver + fees,
    daysOffAllowed: (totalMojo * modeRow.halfDaysOffPerMojo) / 2,
    maxIntensiveDays,
    mojoExpiresAfterDays: mode === 'intensive' ? intelligence : null,
  };
}
