import { RuleError } from '../errors';

/**
 * Input guards shared by the checks. The API validates shapes too, but the core has to be total on
 * its own: anything it cannot make sense of becomes a RuleError naming the field, never a crash.
 */

export function invalid(message: string, field: string): RuleError {
  return new RuleError('INVALID_INPUT', message, field);
}

/** A whole number in [min, max]. */
export function wholeNumber(
  value: unknown,
  field: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw invalid(`\`${field}\` must be a whole number ${range}.`, field);
  }
  return value;
}

/** Like `wholeNumber`, but a missing value (undefined or null) takes `fallback`. */
export function optionalWholeNumber(
  value: unknown,
  field: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  return value === undefined || value === null ? fallback : wholeNumber(value, field, min, max);
}

/** A plain object, so that reading its properties cannot throw. */
export function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`\`${field}\` must be an object.`, field);
  }
  return value as Record<string, unknown>;
}

/** Joins a parent field and a child name into the dotted path reported in errors. */
export function fieldPath(prefix: string, name: string): string {
  return prefix === '' ? name : `${prefix}.${name}`;
}

/** An optional true/false flag; missing means false. */
export function optionalFlag(value: unknown, field: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalid(`\`${field}\` must be true or false.`, field);
  return value;
}
