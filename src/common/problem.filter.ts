import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { IdempotentReplay } from '../idempotency/idempotency.store';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { GraphQLError } from 'graphql';
import { RuleError } from '../core/errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../database/database-unavailable';
import { GraphQLContext } from './request-context';
import { isGraphqlUrl, sendGraphqlRefusal } from '../graphql/graphql-refusal';
import {
  FieldError,
  isProblemCode,
  Problem,
  PROBLEM_STATUS,
  ProblemCode,
  reasonOf,
  toProblemBody,
} from './problem';

export interface Classified {
  code: string;
  status: number;
  detail: string;
  errors?: FieldError[];
}

const HTTP_CODES: Record<number, ProblemCode> = {
  400: 'MALFORMED_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/**
 * Fastify's refusals of a body it could not read, in our words and naming what was wrong: the
 * `body` (not JSON, empty, too large) or the `content-type` header (not JSON).
 */
function readingError(status: number, code: string | undefined): FieldError | null {
  if (status === 415) return { field: 'content-type', message: 'content-type must be application/json' };
  if (status === 413) return { field: 'body', message: 'body is larger than this server accepts' };
  if (status === 400 && code?.startsWith('FST_ERR_CTP_')) {
    const empty = code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
    return { field: 'body', message: empty ? 'body is empty; send a JSON object' : 'body is not valid JSON' };
  }
  return null;
}

/**
 * The detail of a refused body: our words, except that a 413 keeps the message of the body limit
 * that refused it (body-limits.ts), which names the limit in bytes and its setting.
 */
function readingDetail(read: FieldError, status: number, message: unknown): string {
  if (status === 413 && typeof message === 'string' && /_BYTES setting/.test(message)) return message;
  return `${read.message}.`;
}

/** Sorts anything thrown into a problem code and status; unknown errors are a 500. */
export function classify(exception: unknown): Classified {
  if (exception instanceof Problem) {
    return {
      code: exception.code,
      status: exception.status,
      detail: exception.message,
      errors: exception.errors,
    };
  }
  if (exception instanceof RuleError) {
    // The core only raises input problems, so anything it names that is not a 4xx is a 422.
    const known = isProblemCode(exception.code) ? PROBLEM_STATUS[exception.code] : 422;
    const status = known >= 400 && known < 500 ? known : 422;
    const errors: FieldError[] | undefined =
      exception.errors && exception.errors.length > 0
        ? exception.errors
        : exception.field
          ? [{ field: exception.field, message: exception.message }]
          : undefined;
    return {
      code: exception.code,
      status,
      detail: exception.message,
      // A refused field says why, as the validation pipe's do (docs/api-style.md, "400 or 422").
      errors:
        exception.code === 'VALIDATION_FAILED'
          ? errors?.map((e) => ({ ...{}, ...e, reason: (e as FieldError).reason ?? reasonOf(e.message) }))
          : errors,
    };
  }
  if (exception instanceof ThrottlerException) {
    return { code: 'RATE_LIMITED', status: 429, detail: 'Too many requests; slow down and retry shortly.' };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // Nest wraps Fastify's refusals of a body (not JSON, too large, another content type).
    const cause = exception.cause as { code?: unknown; message?: unknown } | undefined;
    const read = typeof cause?.code === 'string' ? readingError(status, cause.code) : null;
    if (read)
      return {
        code: HTTP_CODES[status] ?? 'MALFORMED_REQUEST',
        status,
        detail: readingDetail(read, status, cause?.message),
        errors: [read],
      };
    const code = HTTP_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'UNPROCESSABLE');
    const detail = status === 404 ? 'No such route.' : exception.message;
    return { code, status, detail };
  }
  // Fastify's own errors (body parsing, size limits) carry a 4xx statusCode.
  const fastifyError = exception as { statusCode?: number; code?: string; message?: string } | null;
  if (fastifyError && typeof fastifyError.statusCode === 'number' && fastifyError.statusCode < 500) {
    const status = fastifyError.statusCode;
    const code = HTTP_CODES[status] ?? 'MALFORMED_REQUEST';
    const read = readingError(status, fastifyError.code);
    if (read)
      return { code, status, detail: readingDetail(read, status, fastifyError.message), errors: [read] };
    return { code, status, detail: fastifyError.message ?? 'The request could not be read.' };
  }
  if (isDatabaseUnavailable(exception)) return DATABASE_DOWN;
  return { code: 'INTERNAL', status: 500, detail: 'An unexpected error occurred; it has been logged.' };
}

const DATABASE_DOWN: Classified = {
  code: 'DATABASE_UNAVAILABLE',
  status: 503,
  detail:
    'The database cannot be reached right now; nothing was changed. Retry after the time Retry-After ' +
    'gives (an Idempotency-Key makes the retry safe).',
};

/** The Retry-After (seconds) of a 503: the database's, or a short wait for a full instance. */
export function retryAfter(problem: Classified): string | null {
  if (problem.status === 429) return '60';
  if (problem.status === 503) return String(DATABASE_RETRY_AFTER_SECONDS);
  return null;
}

/** The `extensions` of a GraphQL error for a classified problem (the same members as problem+json). */
export function problemExtensions(problem: Classified, requestId?: string): Record<string, unknown> {
  return {
    code: problem.code,
    status: problem.status,
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...(problem.status >= 500 ? { requestId } : {}),
  };
}

/**
 * The one place errors become answers: RFC 9457 problem+json over REST, a GraphQL error with the same
 * `code` in `extensions` over GraphQL. Unknown errors are logged with the request id and answered 500.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): unknown {
    if (exception instanceof IdempotentReplay && host.getType<string>() === 'http') {
      // Not an error: the guard answers a retry with the stored answer (see IdempotencyGuard).
      return host
        .switchToHttp()
        .getResponse<FastifyReply>()
        .status(exception.answer.status)
        .header('idempotent-replayed', 'true')
        .header('content-type', 'application/json; charset=utf-8')
        .send(exception.answer.body);
    }
    const problem = classify(exception);
    if (host.getType<string>() === 'graphql') {
      const context = host.getArgByIndex<GraphQLContext>(2);
      const requestId = context?.req?.id;
      if (problem.code === 'DATABASE_UNAVAILABLE')
        this.logger.warn({ requestId, reason: (exception as Error).message }, 'database unavailable');
      else if (problem.status >= 500)
        this.logger.error({ err: exception, requestId }, 'unhandled error in GraphQL');
      return new GraphQLError(problem.detail, { extensions: problemExtensions(problem, requestId) });
    }
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<{ id?: string; url?: string; headers?: Record<string, unknown> }>();
    if (problem.code === 'DATABASE_UNAVAILABLE')
      this.logger.warn(
        { requestId: request.id, reason: (exception as Error).message },
        'database unavailable',
      );
    else if (problem.status >= 500)
      this.logger.error({ err: exception, requestId: request.id }, 'unhandled error');
    const wait = retryAfter(problem);
    if (wait && !reply.getHeader('retry-after')) reply.header('retry-after', wait);
    // A refusal of a /graphql request before Apollo ran (the body, its variables) is a GraphQL answer.
    if (isGraphqlUrl(request.url)) {
      const accept = request.headers?.accept as string | undefined;
      const extensions = problemExtensions(problem, request.id);
      return sendGraphqlRefusal(reply, accept, problem.status, problem.detail, extensions);
    }
    const body = toProblemBody(problem.code, problem.status, problem.detail, problem.errors, {
      ...{},
      ...(exception instanceof Problem ? exception.members : {}),
      ...(problem.status >= 500 ? { requestId: request.id } : {}),
      instance: request.url?.split('?')[0],
    });
    return reply
      .status(problem.status)
      .header('content-type', 'application/problem+json; charset=utf-8')
      .send(body);
  }
}
