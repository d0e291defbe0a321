import { RuleError } from '../errors';
import { findRating, SheetModifier } from './sheets-checks';
import type { Sheet } from './sheets';

/*
 * Issue 42: a procedure with a stored counterpart, given a character or NPC, reads its numbers from
 * the sheet; a number sent beside the name overrides the reading. Each number used is answered as a
 * reading naming where it came from, and a reading a sent number replaced is kept, marked
 * `overridden`, so the answer shows both.
 */

/** One number a procedure took from the sheet or the request. */
export interface SheetReading {
  /** The input it fills: intellect, skill, fatigue (crafting); score, bonus, penalty (G&M contest). */
  field: string;
  /** Where it comes from: the sheet's entry (`stats.Intellect`, `abilities.strength`, `injuries`, …) or `request`. */
  source: string;
  /** The number (fatigue: 0 none, 1 fatigued, 2 exhausted; a penalty is negative). */
  amount: number;
  /** True for a sheet's reading that a number sent replaced. */
  overridden: boolean;
}

function fail(
  code: 'VALIDATION_FAILED' | 'UNPROCESSABLE' | 'CONFLICT',
  field: string,
  message: string,
): never {
  throw new RuleError(code, message, field);
}

// ---------------------------------------------------------------------------------------------
// Archsoul crafting (002, "Crafting Rolls": intellect and a relevant skill)

export const CRAFTING_FATIGUE = ['fatigued', 'exhausted'] as const;
type CraftingFatigue = (typeof CRAFTING_FATIGUE)[number];

/** The sheet's fatigue levels (002, "Effects of Fatigue"): 1 fatigued, 2 exhausted, 3 unconscious. */
const FATIGUE_LEVEL: Record<CraftingFatigue, number> = { fatigued: 1, exhausted: 2 };
const UNCONSCIOUS = 3;

export interface CrafterSent {
  intellect?: number;
  skill?: number;
  fatigue?: CraftingFatigue;
}

/**
 * The crafter's Intellect, skill and fatigue for a crafting roll: each sent number wins; otherwise
 * the Archsoul sheet's `stats.Intellect`, its stat named as the project's skill (`skillName`,
 * ignoring case: Archsoul sheets keep skills among their stats) and its `fatigue`. Without a sheet,
 * Intellect and skill must be sent (400, missing); a sheet without the stat is 422 naming the field;
 * a crafter unconscious from fatigue (3) makes no roll (409 naming `characterId`).
 */
export function crafterFromSheet(
  sheet: Sheet | null,
  sent: CrafterSent,
  skillName: string,
  who: string,
): { input: { intellect: number; skill: number; fatigue?: CraftingFatigue }; readings: SheetReading[] } {
  const readings: SheetReading[] = [];
  const stats = (sheet?.stats ?? {}) as Record<string, number>;
  const rating = (field: 'intellect' | 'skill', name: string): number => {
    const found = sheet ? findRating(stats, name) : null;
    const value = sent[field];
    if (found)
      readings.push({
        field,
        source: `stats.${found.name}`,
        amount: found.value,
        overridden: value !== undefined,
      });
    if (value !== undefined) {
      readings.push({ field, source: 'request', amount: value, overridden: false });
      return value;
    }
    if (!sheet) fail('VALIDATION_FAILED', field, `${field} is required.`);
    if (!found)
      fail(
        'UNPROCESSABLE',
        field,
        `${who}'s Archsoul sheet has no stat named "${name}": send ${field} or add it to the sheet's stats.`,
      );
    return found.value;
  };
  const intellect = rating('intellect', 'Intellect');
  const skill = rating('skill', skillName);
  let fatigue: CraftingFatigue | undefined = sent.fatigue;
  if (sheet) {
    const level = typeof sheet.fatigue === 'number' ? sheet.fatigue : 0;
    readings.push({
      field: 'fatigue',
      source: 'fatigue',
      amount: level,
      overridden: sent.fatigue !== undefined,
    });
    if (sent.fatigue === undefined) {
      if (level >= UNCONSCIOUS)
        fail(
          'CONFLICT',
          'characterId',
          `${who} is unconscious from fatigue (sheet.fatigue ${level}) and cannot craft.`,
        );
      fatigue =
        level >= FATIGUE_LEVEL.exhausted
          ? 'exhausted'
          : level >= FATIGUE_LEVEL.fatigued
            ? 'fatigued'
            : undefined;
    }
  }
  if (sent.fatigue !== undefined)
    readings.push({
      field: 'fatigue',
      source: 'request',
      amount: FATIGUE_LEVEL[sent.fatigue],
      overridden: false,
    });
  return { input: { intellect, skill, ...(fatigue ? { fatigue } : {}) }, readings };
}

// ---------------------------------------------------------------------------------------------
// G&M contest sides (001, "Contested actions"; injuries 001:601)

export interface ContestSideSent {
  score?: number;
  bonus?: number;
  penalty?: number;
}

/**
 * A G&M contest side read from the sheet: the rating (an ability, or a reaction as the sheet answers
 * it, level bonuses included) unless `score` is sent; the sheet's modifiers (injuries, ailments,
 * gear: what every check that reads the sheet adds) as the bonus and penalty unless `bonus` or
 * `penalty` is sent, each then replacing the sheet's of its sign.
 */
export function contestSideFromSheet(
  rating: { kind: string; name: string; value: number },
  modifiers: readonly SheetModifier[],
  sent: ContestSideSent,
): { spec: { score: number; bonus?: number; penalty?: number }; readings: SheetReading[] } {
  const readings: SheetReading[] = [
    {
      field: 'score',
      source: `${rating.kind === 'reaction' ? 'reactions' : 'abilities'}.${rating.name}`,
      amount: rating.value,
      overridden: sent.score !== undefined,
    },
  ];
  if (sent.score !== undefined)
    readings.push({ field: 'score', source: 'request', amount: sent.score, overridden: false });
  let bonus = 0;
  let penalty = 0;
  for (const m of modifiers) {
    const amount = m.amount ?? 0;
    if (amount === 0) continue;
    const field = amount > 0 ? 'bonus' : 'penalty';
    const overridden = sent[field] !== undefined;
    readings.push({ field, source: m.source, amount, overridden });
    if (overridden) continue;
    if (amount > 0) bonus += amount;
    else penalty -= amount;
  }
  if (sent.bonus !== undefined) {
    readings.push({ field: 'bonus', source: 'request', amount: sent.bonus, overridden: false });
    bonus = sent.bonus;
  }
  if (sent.penalty !== undefined) {
    readings.push({ field: 'penalty', source: 'request', amount: 0 - sent.penalty || 0, overridden: false });
    penalty = sent.penalty;
  }
  return {
    spec: {
      score: sent.score ?? rating.value,
      ...(bonus > 0 ? { bonus } : {}),
      ...(penalty > 0 ? { penalty } : {}),
    },
    readings,
  };
}
