import { RuleError } from '../errors';

/** Highest Wealth, Wealth rank and Stronghold rank in COEAC. */
export const MAX_WEALTH = 12;

/**
 * A whole number in `[min, max]`, or an INVALID_INPUT error naming `field`. Inputs reach the core
 * from JSON, so the type is checked too.
 */
export function wholeNumber(value: unknown, field: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw new RuleError('INVALID_INPUT', `${field} must be a whole number ${range}.`, field);
  }
  return value;
}

/** An optional boolean (undefined reads as false). */
export function optionalFlag(value: unknown, field: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') {
    throw new RuleError('INVALID_INPUT', `${field} must be true or false.`, field);
  }
  return value;
}

/** One of `allowed`, or `fallback` when undefined. */
export function oneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  field: string,
  fallback?: T,
): T {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new RuleError('INVALID_INPUT', `${field} must be one of: ${allowed.join(', ')}.`, field);
  }
  return value as T;
}

/** A COEAC Wealth score, 0 to 12. */
export function wealthScore(value: unknown, field = 'wealth'): number {
  return wholeNumber(value, field, 0, MAX_WEALTH);
}

/** A rank to improve to (Wealth or Stronghold), 1 to 12. */
export function targetRank(value: unknown, field = 'targetRank'): number {
  return wholeNumber(value, field, 1, MAX_WEALTH);
}

/** Optional free-text search; undefined or blank means no filter. */
export function optionalSearch(value: unknown, field = 'search'): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new RuleError('INVALID_INPUT', `${field} must be text.`, field);
  const trimmed = value.trim().toLowerCase();
  return trimmed.length === 0 ? null : trimmed;
}

/** The request body itself must be an object; anything else is refused as bad input. */
export function requireObject(value: unknown, field = 'input'): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RuleError('INVALID_INPUT', `${field} must be an object.`, field);
  }
}
