/** One invalid input of a refused request, named by its path in the request body (`wager`, `attacker.pool`). */
export interface FieldError {
  field: string;
  message: string;
}

/** The RFC 9457 problem+json body Arbiter answers every refused request with. */
export interface ProblemBody {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  errors?: FieldError[];
  requestId?: string;
  instance?: string;
}

/**
 * A refused request, raised by the client instead of being returned: `code` is Arbiter's stable
 * problem code (`INSUFFICIENT_CASH`, `VALIDATION_FAILED`, …), `status` the HTTP status, `errors` the
 * named fields at fault. An answer that is not problem+json (a proxy's HTML error page) still
 * becomes an `ArbiterProblem`, with the code `HTTP_<status>`.
 */
export class ArbiterProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly type: string | null;
  readonly errors: FieldError[];
  readonly requestId: string | null;
  /** What `Retry-After` asked for, in milliseconds, when the answer carried one (429, 503). */
  readonly retryAfterMs: number | null;
  /** The body as received (parsed JSON, or the raw text when it was not JSON). */
  readonly body: unknown;

  constructor(status: number, body: unknown, retryAfterMs: number | null = null) {
    const problem: ProblemBody = isObject(body) ? (body as ProblemBody) : {};
    const detail = typeof problem.detail === 'string' ? problem.detail : `HTTP ${status}`;
    const code = typeof problem.code === 'string' ? problem.code : `HTTP_${status}`;
    super(`${code}: ${detail}`);
    this.name = 'ArbiterProblem';
    this.status = status;
    this.code = code;
    this.title = typeof problem.title === 'string' ? problem.title : '';
    this.detail = detail;
    this.type = typeof problem.type === 'string' ? problem.type : null;
    this.errors = Array.isArray(problem.errors)
      ? problem.errors.filter((e): e is FieldError => isObject(e) && typeof e.field === 'string')
      : [];
    this.requestId = typeof problem.requestId === 'string' ? problem.requestId : null;
    this.retryAfterMs = retryAfterMs;
    this.body = body;
  }

  /** The names of the fields at fault, in the order the server gave them. */
  get fields(): string[] {
    return this.errors.map((e) => e.field);
  }

  /** The message for one named field, or undefined when that field is not at fault. */
  field(name: string): string | undefined {
    return this.errors.find((e) => e.field === name)?.message;
  }

  /** True for an `ArbiterProblem`, and when `code` is given, one with that code. */
  static is(error: unknown, code?: string): error is ArbiterProblem {
    return error instanceof ArbiterProblem && (code === undefined || error.code === code);
  }
}

/** The server could not be reached (or the connection dropped) on every attempt the retry policy allowed. */
export class ArbiterNetworkError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ArbiterNetworkError';
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
