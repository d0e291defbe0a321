import { ArgumentMetadata, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { fastInstance, fastValidator } from './fast-validation';
import { renameFields } from './renamed-fields';
import { memoizeValidationMetadata } from './validation-metadata';
import { FieldError, Problem, validationProblem } from './problem';

/*
 * One mechanism for every input, REST body, query string and GraphQL argument alike:
 * - nesting deeper than MAX_INPUT_DEPTH is refused before anything walks it (a recursive transform of
 *   15,000 levels overflowed the stack);
 * - `null` in place of an optional field means the field is absent (it is dropped before a service
 *   sees it); `null` in place of a required field is a 400 naming the field;
 * - unknown fields are refused;
 * - every refusal is worded here, in our words, with one path style: `shares[0].share`.
 */

/** Deepest nesting of objects and arrays any input may have (bodies and GraphQL variables). */
export const MAX_INPUT_DEPTH = 32;

/**
 * Whether a JSON value nests objects or arrays deeper than `limit`. It recurses, but never deeper
 * than `limit` + 1 calls: a body of 15,000 levels is refused at level `limit` + 1.
 */
export function nestedDeeperThan(value: unknown, limit = MAX_INPUT_DEPTH): boolean {
  return deeper(value, 1, limit);
}

function deeper(node: unknown, depth: number, limit: number): boolean {
  if (node === null || typeof node !== 'object') return false;
  if (depth > limit) return true;
  if (Array.isArray(node)) {
    for (const child of node) if (deeper(child, depth + 1, limit)) return true;
    return false;
  }
  for (const key in node) {
    if (deeper((node as Record<string, unknown>)[key], depth + 1, limit)) return true;
  }
  return false;
}

/**
 * The path (our style) of the first string in a JSON value that cannot be stored: one with NUL or a
 * lone surrogate such as "\uD800", which JSON may carry but a PostgreSQL text column (NUL) or UTF-8
 * itself (surrogates) cannot, or null.
 */
/**
 * NUL (PostgreSQL text cannot hold it), a lone high surrogate, or a low surrogate with no high one
 * before it (not UTF-8 at all).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function illFormedString(value: unknown, prefix = ''): string | null {
  // Nearly every input is clean: a walk that builds no paths says so; only a dirty one is walked again
  // for the path of what is wrong.
  if (!unstorableIn(value, 0)) return null;
  const stack: Array<[unknown, string]> = [[value, prefix]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (UNSTORABLE.test(node)) return path || 'body';
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, `${path}[${i}]`]));
    } else if (node !== null && typeof node === 'object') {
      for (const [key, member] of Object.entries(node)) {
        if (UNSTORABLE.test(key)) return path || 'body';
        stack.push([member, childPath(path, key)]);
      }
    }
  }
  return null;
}

/** Whether any string or key in a JSON value is unstorable (true as well past MAX_INPUT_DEPTH levels). */
function unstorableIn(node: unknown, depth: number): boolean {
  if (typeof node === 'string') return UNSTORABLE.test(node);
  if (node === null || typeof node !== 'object') return false;
  if (depth > MAX_INPUT_DEPTH) return true;
  if (Array.isArray(node)) {
    for (const item of node) if (unstorableIn(item, depth + 1)) return true;
    return false;
  }
  for (const key in node) {
    if (UNSTORABLE.test(key) || unstorableIn((node as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

export function illFormedProblem(field: string): Problem {
  return Problem.field(
    'VALIDATION_FAILED',
    field,
    `${field} holds a character no text can be stored with (NUL or a lone surrogate).`,
  );
}

/** The 400 for an input nested too deeply; `field` is where it was found (`body`, `variables`). */
export function tooDeepProblem(field: string): Problem {
  const message = `${field} nests objects or lists more than ${MAX_INPUT_DEPTH} levels deep`;
  return Problem.field('VALIDATION_FAILED', field, `${message}.`);
}

/** `shares` + `0` → `shares[0]`; `first` + `pool` → `first.pool`. */
export function childPath(prefix: string, property: string): string {
  if (!prefix) return property;
  return /^\d+$/.test(property) ? `${prefix}[${property}]` : `${prefix}.${property}`;
}

function list(values: unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}

/** Our words for each class-validator rule, from its constraints (never the library's sentence). */
const WORDING: Record<string, (c: unknown[]) => string> = {
  isDefined: () => 'is required',
  isInt: () => 'must be a whole number',
  isNumber: () => 'must be a finite number',
  isBoolean: () => 'must be true or false',
  isString: () => 'must be a string',
  isObject: () => 'must be an object',
  isArray: () => 'must be a list',
  isIn: (c) => `must be one of: ${list(c[0] as unknown[])}`,
  min: (c) => `must be at least ${String(c[0])}`,
  max: (c) => `must be at most ${String(c[0])}`,
  minLength: (c) => `must be at least ${String(c[0])} characters long`,
  maxLength: (c) => `must be at most ${String(c[0])} characters long`,
  matches: (c) => `does not have the expected form (${String(c[0])})`,
  arrayMinSize: (c) => `must have at least ${String(c[0])} items`,
  arrayMaxSize: (c) => `must have at most ${String(c[0])} items`,
  nestedValidation: () => 'must be an object',
  whitelistValidation: () => 'is not a known field',
  unknownValue: () => 'must be a JSON object',
};

function ruleOf(target: unknown, property: string, rule: string): ValidationMetadata | undefined {
  if (target === null || typeof target !== 'object') return undefined;
  const rules = getMetadataStorage().getTargetValidationMetadatas(
    (target as object).constructor,
    '',
    true,
    false,
  );
  return rules.find((m) => m.propertyName === property && (m.name ?? m.type) === rule);
}

/** One refusal in our words: `pool must be at most 1000`, `stats: every item must be a whole number`. */
function wording(error: ValidationError, field: string, rule: string): string {
  if (rule === 'whitelistValidation') return `${field} is not a known field`;
  if (error.value === null) return `${field} may not be null`;
  if (error.value === undefined && rule !== 'unknownValue') return `${field} is required`;
  const meta = ruleOf(error.target, error.property, rule);
  // A message written with the rule (the pagination cursor's, say) is already in our words.
  if (meta && typeof meta.message === 'string' && meta.message) return meta.message;
  const say = WORDING[rule];
  if (!say) return `${field} is not valid`;
  const sentence = say(meta?.constraints ?? []);
  return meta?.each ? `every item of ${field} ${sentence}` : `${field} ${sentence}`;
}

/** Flattens class-validator's tree into `errors[]` entries with one path style (`shares[0].share`). */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const field = error.property ? childPath(prefix, error.property) : prefix || 'body';
    for (const rule of Object.keys(error.constraints ?? {})) {
      out.push({ field, message: wording(error, field, rule) });
    }
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, field));
  }
  return out;
}

/**
 * Drops `null` members of input objects (instances of input classes, at any depth), so that a
 * service sees an optional field sent as null exactly as if it had been left out. Plain objects
 * inside an input (a JSON field, say a receipt's signed document) are kept as they are.
 */
export function dropNulls(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (node.constructor === Object || node.constructor === undefined) continue;
    for (const [key, member] of Object.entries(node)) {
      if (member === null) delete (node as Record<string, unknown>)[key];
      else if (typeof member === 'object') stack.push(member);
    }
  }
}

/**
 * Nest's ValidationPipe with a compiled fast path: an input that passes its class's compiled schema
 * (see fast-validation.ts) becomes an instance directly; anything else, valid or not, takes the
 * class-validator path, which decides every refusal (worded by flattenValidationErrors).
 */
export class ArbiterValidationPipe extends ValidationPipe {
  constructor(
    options: ValidationPipeOptions,
    private readonly fastPath = true,
  ) {
    super(options);
    memoizeValidationMetadata();
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype } = metadata;
    if (!metatype || !this.toValidate(metadata)) return super.transform(value, metadata);
    if (nestedDeeperThan(value))
      throw tooDeepProblem(metadata.type === 'body' ? 'body' : (metadata.data ?? 'input'));
    const illFormed = illFormedString(value);
    if (illFormed) throw illFormedProblem(illFormed);
    // No body at all reads as an empty object: an operation whose fields are all optional takes it.
    if (metadata.type === 'body' && value === undefined) value = {};
    if (metadata.type === 'body' && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw Problem.field('VALIDATION_FAILED', 'body', 'body must be a JSON object.');
    }
    // A renamed field's old name (deprecated, kept until /v2) becomes its new one first; its own
    // refusals (both names, or neither) join the other fields' (below).
    const renames = renameFields(metatype, value);
    value = renames.value;
    if (renames.errors.length > 0) {
      let others: FieldError[] = [];
      try {
        await super.transform(value, metadata);
      } catch (error) {
        if (!(error instanceof Problem) || error.code !== 'VALIDATION_FAILED') throw error;
        others = error.errors ?? [];
      }
      throw validationProblem([
        ...renames.errors,
        ...others.filter((e) => !renames.errors.some((r) => r.field === e.field)),
      ]);
    }
    if (this.fastPath && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const check = fastValidator(metatype as new () => unknown);
      if (check && check(value))
        return fastInstance(metatype as new () => unknown, value as Record<string, unknown>);
    }
    const transformed = await super.transform(value, metadata);
    dropNulls(transformed);
    return transformed;
  }
}

/** Whitelisting, unknown fields refused, no silent type coercion of bodies. */
export function validationPipeOptions(): ValidationPipeOptions {
  return {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    // Target and value are read by the wording above only; no answer ever carries them.
    validationError: { target: true, value: true },
    exceptionFactory: (errors) => {
      return validationProblem(flattenValidationErrors(errors));
    },
  };
}

/** The application's pipe; `fastPath: false` leaves every input to class-validator (for tests). */
export function createValidationPipe(o: { fastPath?: boolean } = {}): ValidationPipe {
  return new ArbiterValidationPipe(validationPipeOptions(), o.fastPath ?? true);
}
