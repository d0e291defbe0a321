import { RuleError } from '../errors';
import { oneOf, requireObject, wholeNumber } from './validation';

/**
 * Calendar used to spread G&M's monthly and yearly rates over days. The seeds give none, so we use
 * the simple game calendar: a week of 7 days, a month of 30 days, a year of 12 such months (360 days).
 */
export const DAYS_PER_WEEK = 7;
export const DAYS_PER_MONTH = 30;
export const DAYS_PER_YEAR = 12 * DAYS_PER_MONTH;

/** The longest span priced in one call: a century of game time. */
export const MAX_SPAN_DAYS = 100 * DAYS_PER_YEAR;

/** The dearest price accepted (10 billion silver), so every total stays an exact integer. */
export const MAX_PRICE = 1_000_000_000_000;

/** What is being kept up. */
export type UpkeepKind = 'weapon' | 'armor' | 'riding-animal' | 'animal';
export const UPKEEP_KINDS: readonly UpkeepKind[] = ['weapon', 'armor', 'riding-animal', 'animal'];

/** G&M upkeep rates (seed 000): a percentage of the cost per period. */
export const UPKEEP_RATES: Readonly<Record<UpkeepKind, { percent: number; period: 'year' | 'month' }>> = {
  weapon: { percent: 10, period: 'year' },
  armor: { percent: 5, period: 'month' },
  'riding-animal': { percent: 10, period: 'month' },
  animal: { percent: 5, period: 'month' },
};

/** `numerator / denominator` rounded up, exactly, for non-negative safe integers. */
function ceilDiv(numerator: bigint, denominator: bigint): number {
  return Number((numerator + denominator - 1n) / denominator);
}

export interface UpkeepInput {
  kind: UpkeepKind;
  /** The item's or animal's price in centisilver. */
  cost: number;
  /** Days of upkeep, 0 to 36,000. */
  days: number;
}

export interface UpkeepOutcome {
  kind: UpkeepKind;
  cost: number;
  days: number;
  rate: { percent: number; period: 'year' | 'month'; periodDays: number };
  /** Centisilver owed for one whole period. */
  perPeriod: number;
  /** Centisilver owed for `days`, rounded up to a whole centisilver. */
  upkeep: number;
}

/**
 * G&M, Actions and consequences: Upkeep and living expenses (seed 000). Weapons cost 10 % of their
 * price a year to maintain, armor 5 % a month, riding animals 10 % a month, other animals 5 % a month.
 * The rate is spread evenly over the days of its period (30-day month, 360-day year) and the total for
 * the whole span is rounded up once, to a whole centisilver.
 */
export function upkeep(input: UpkeepInput): UpkeepOutcome {
  requireObject(input);
  const kind = oneOf(input.kind, UPKEEP_KINDS, 'kind');
  const cost = wholeNumber(input.cost, 'cost', 0, MAX_PRICE);
  const days = wholeNumber(input.days, 'days', 0, MAX_SPAN_DAYS);
  const { percent, period } = UPKEEP_RATES[kind];
  const periodDays = period === 'year' ? DAYS_PER_YEAR : DAYS_PER_MONTH;
  const total = BigInt(cost) * BigInt(percent);
  return {
    kind,
    cost,
    days,
    rate: { percent, period, periodDays },
    perPeriod: ceilDiv(total, 100n),
    upkeep: ceilDiv(total * BigInt(days), 100n * BigInt(periodDays)),
  };
}

/** G&M living standards (seed 000). */
export type LivingStandard = 'poor' | 'basic' | 'extravagant';
export const LIVING_STANDARDS: readonly LivingStandard[] = ['poor', 'basic', 'extravagant'];

/** Extravagant living runs 10 to 100 silver a day (in centisilver); 10 silver unless told otherwise. */
export const EXTRAVAGANT_PER_DAY = { min: 1000, max: 10000, default: 1000 } as const;

export interface LivingExpensesInput {
  lifestyle: LivingStandard;
  /** Days lived, 0 to 36,000. */
  days: number;
  /** Centisilver a day for extravagant living, 1,000 to 10,000 (10 to 100 silver); only for `extravagant`. */
  extravagantPerDay?: number;
}

export interface LivingExpensesOutcome {
  lifestyle: LivingStandard;
  days: number;
  /** The rate: centisilver per `periodDays` days. */
  rate: { amount: number; periodDays: number };
  /** Centisilver for the span, rounded up to a whole centisilver. */
  total: number;
}

/**
 * G&M, Actions and consequences: Upkeep and living expenses (seed 000). Poor living costs 1 silver a
 * week, basic living 1 silver a day, extravagant living 10 to 100 silver a day. A week's rate is spread
 * over its 7 days and the span's total rounded up once, to a whole centisilver.
 */
export function livingExpenses(input: LivingExpensesInput): LivingExpensesOutcome {
  requireObject(input);
  const lifestyle = oneOf(input.lifestyle, LIVING_STANDARDS, 'lifestyle');
  const days = wholeNumber(input.days, 'days', 0, MAX_SPAN_DAYS);
  if (lifestyle !== 'extravagant' && input.extravagantPerDay !== undefined) {
    throw new RuleError(
      'INVALID_INPUT',
      'extravagantPerDay applies to extravagant living only.',
      'extravagantPerDay',
    );
  }
  const rate = { amount: 100, periodDays: lifestyle === 'poor' ? DAYS_PER_WEEK : 1 };
  if (lifestyle === 'extravagant') {
    rate.amount =
      input.extravagantPerDay === undefined
        ? EXTRAVAGANT_PER_DAY.default
        : wholeNumber(
            input.extravagantPerDay,
            'extravagantPerDay',
            EXTRAVAGANT_PER_DAY.min,
            EXTRAVAGANT_PER_DAY.max,
          );
  }
  return {
    lifestyle,
    days,
    rate,
    total: ceilDiv(BigInt(rate.amount) * BigInt(days), BigInt(rate.periodDays)),
  };
}
