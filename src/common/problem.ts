import { RuleError } from '../core/errors';
/** One bad input, named by its path in the request (`attacker.pool`, `characterIds[2]`, `seed`). */
export interface FieldError {
  field: string;
  message: string;
  /** Why: `missing` (a required field was left out), `unknown` (no such field), `invalid` (anything else). */
  reason?: FieldErrorReason;
}

export type FieldErrorReason = 'missing' | 'unknown' | 'invalid';

/** The reason of a refusal from its wording (every wording is ours: see validation.ts). */
export function reasonOf(message: string): FieldErrorReason {
  if (/ is required\.?$/.test(message)) return 'missing';
  if (/ is not a known field\.?$/.test(message)) return 'unknown';
  return 'invalid';
}

/**
 * The 400 for refused fields, REST and GraphQL alike: each field gets its `reason`, and the detail
 * says which fields are missing, unknown or invalid (a missing field is never called "invalid or
 * unknown").
 */
export function validationProblem(fields: FieldError[]): Problem {
  const errors = fields.map((f) => ({ ...{}, ...f, reason: f.reason ?? reasonOf(f.message) }));
  const names = (reason: FieldErrorReason) => [
    ...new Set(errors.filter((e) => e.reason === reason).map((e) => e.field)),
  ];
  const parts: string[] = [];
  const missing = names('missing');
  const unknown = names('unknown');
  const invalid = names('invalid');
  if (missing.length > 0) parts.push(`Missing required ${plural(missing, 'field')}: ${missing.join(', ')}.`);
  if (unknown.length > 0) parts.push(`Unknown ${plural(unknown, 'field')}: ${unknown.join(', ')}.`);
  if (invalid.length > 0) parts.push(`Invalid ${plural(invalid, 'field')}: ${invalid.join(', ')}.`);
  return new Problem('VALIDATION_FAILED', parts.join(' ') || 'The request has invalid fields.', errors);
}

function plural(list: string[], word: string): string {
  return list.length === 1 ? word : `${word}s`;
}

/**
 * Every problem code the API answers with and its HTTP status. REST sends the code in the
 * problem's `code` member (and its kebab-case form in `type`); GraphQL sends it as `extensions.code`.
 */
export const PROBLEM_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_REQUEST: 400,
  INVALID_IDEMPOTENCY_KEY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NO_SESSION_IN_PROGRESS: 409,
  SESSION_IN_PROGRESS: 409,
  ALREADY_USED_THIS_SESSION: 409,
  NOT_ON_ROSTER: 409,
  DOWNTIME_ALREADY_USED: 409,
  MAX_RANK: 409,
  INVENTORY_FULL: 409,
  ALREADY_DIVIDED: 409,
  NOT_DISCOVERED: 409,
  NOT_IN_HAVEN: 409,
  NOT_IN_TOWN: 409,
  ALREADY_ROLLED_TODAY: 409,
  MATERIALS_NEEDED: 409,
  CONFLICT: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  UNPROCESSABLE: 422,
  INVALID_INPUT: 422,
  INVALID_SEED: 422,
  UNKNOWN_RNG: 422,
  DICE_LIMIT_EXCEEDED: 422,
  UNREACHABLE_PROBABILITY: 422,
  INSUFFICIENT_CASH: 422,
  SHEET_MISSING: 422,
  OUT_OF_RANGE: 422,
  RATE_LIMITED: 429,
  QUERY_TOO_COMPLEX: 400,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ProblemCode = keyof typeof PROBLEM_STATUS;

const TITLES: Partial<Record<ProblemCode, string>> = {
  VALIDATION_FAILED: 'The request has invalid fields',
  UNAUTHORIZED: 'A valid campaign key is required',
  FORBIDDEN: 'This key may not do that',
  NOT_FOUND: 'Not found',
  RATE_LIMITED: 'Too many requests',
  URI_TOO_LONG: 'URI too long',
  INTERNAL: 'Something went wrong on our side',
  DATABASE_UNAVAILABLE: 'The database is unavailable',
};

/** The RFC 9457 body we send. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: FieldError[];
  requestId?: string;
  instance?: string;
  [member: string]: unknown;
}

export function problemType(code: string): string {
  return `https://arbiter.dev/problems/${code.toLowerCase().replace(/_/g, '-')}`;
}

/** An expected failure with a stable code; thrown by services, mapped by the global filter. */
export class Problem extends Error {
  readonly status: number;
  /** Members added to the problem+json body besides the standard ones (e.g. /ready's `checks`). */
  members?: Record<string, unknown>;

  constructor(
    readonly code: ProblemCode,
    detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.name = 'Problem';
    this.status = PROBLEM_STATUS[code];
  }

  static notFound(what: string): Problem {
    return new Problem('NOT_FOUND', `${what} does not exist or is not visible to this key.`);
  }

  static field(code: ProblemCode, field: string, message: string): Problem {
    return new Problem(code, message, [{ field, message }]);
  }

  toBody(extra: { requestId?: string; instance?: string } = {}): ProblemBody {
    return toProblemBody(this.code, this.status, this.message, this.errors, extra);
  }
}

export function toProblemBody(
  code: string,
  status: number,
  detail: string,
  errors?: FieldError[],
  extra: { requestId?: string; instance?: string } = {},
): ProblemBody {
  return {
    type: problemType(code),
    title: TITLES[code as ProblemCode] ?? titleFromCode(code),
    status,
    detail,
    code,
    ...(errors && errors.length > 0 ? { errors } : {}),
    ...extra,
  };
}

function titleFromCode(code: string): string {
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function isProblemCode(code: string): code is ProblemCode {
  return Object.prototype.hasOwnProperty.call(PROBLEM_STATUS, code);
}

/**
 * Runs a core procedure and turns its input refusals (a `RuleError` with the code `INVALID_INPUT`
 * and a field) into a 400 `VALIDATION_FAILED` naming the field as the client sent it, like the
 * validation pipe's. `fieldOf` maps the core's field name to the client's (a prefix such as `gm.`, or
 * a renaming); `anyCode` turns every `RuleError` that names a field into that 400. Anything else is
 * thrown as it is.
 */
export function asBadRequest<T>(
  run: () => T,
  options: { fieldOf?: (field: string) => string; anyCode?: boolean } = {},
): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RuleError && error.field && (options.anyCode || error.code === 'INVALID_INPUT')) {
      const field = options.fieldOf ? options.fieldOf(error.field) : error.field;
      throw Problem.field('VALIDATION_FAILED', field, error.message);
    }
    throw error;
  }
}
