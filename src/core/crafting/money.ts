import { RuleError } from '../errors';

/**
 * Archsoul money (SPEC 3): stored as whole eighths of a copper, shown as copper numbers that are
 * multiples of 0.125. A quarter of a whole-copper price is a multiple of 0.25 and half of that a
 * multiple of 0.125, so every crafting amount is exact in eighths (and exact in a JSON double).
 */
export const EIGHTHS_PER_COPPER = 8;

/** The largest copper amount accepted: far beyond any price in the rules, and exact as eighths. */
export const MAX_COPPER = 100_000_000;

/** Eighths of a copper shown as copper (always an exact binary fraction). */
export function eighthsToCopper(eighths: number): number {
  return eighths / EIGHTHS_PER_COPPER;
}

/** A copper amount that must be a multiple of 0.125, in eighths; anything else names `field`. */
export function copperToEighths(copper: unknown, field: string): number {
  if (typeof copper !== 'number' || !Number.isFinite(copper) || copper < 0 || copper > MAX_COPPER) {
    throw new RuleError(
      'INVALID_INPUT',
      `\`${field}\` must be a copper amount from 0 to ${MAX_COPPER}.`,
      field,
    );
  }
  const eighths = copper * EIGHTHS_PER_COPPER;
  if (!Number.isInteger(eighths)) {
    throw new RuleError(
      'INVALID_INPUT',
      `\`${field}\` must be a multiple of 0.125 copper (an eighth).`,
      field,
    );
  }
  return eighths;
}

/**
 * The most a project may record as materials spent or owed, in eighths: MAX_COPPER's worth. Kept so
 * that every stored total is a 32-bit integer (PostgreSQL's integer columns), far above any project
 * the rules describe; a request that would pass it is refused naming `field`.
 */
export const MAX_PROJECT_EIGHTHS = MAX_COPPER * EIGHTHS_PER_COPPER;

export function assertProjectTotal(eighths: number, field: string): void {
  if (eighths > MAX_PROJECT_EIGHTHS) {
    throw new RuleError(
      'INVALID_INPUT',
      `\`${field}\` would bring the project's materials past ${MAX_COPPER} copper, the most one project records.`,
      field,
    );
  }
}
