import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { classify, retryAfter } from '../common/problem.filter';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { Problem, toProblemBody } from '../common/problem';
import type { ArbiterRequest } from '../common/request-context';
import { IdempotencyStore, IdempotentReplay, StoredAnswer } from './idempotency.store';

export { IdempotentReplay } from './idempotency.store';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The header on every answer that is a stored answer sent again (REST and GraphQL). */
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * `Idempotency-Key` for REST. The last global guard, so a replay is only ever given to a caller that
 * passed authentication, roles and rate limits. A request without the header costs one property
 * read; with it, a stored answer is replayed here, and otherwise the request runs with a scope
 * (`request.idempotency`): a change claims the key and stores its answer in its own transaction
 * (`Database.mutation`), and an operation that changes nothing stores it when it is sent
 * (`storeAnswer`).
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  constructor(private readonly store: IdempotencyStore) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType<string>() !== 'http') return true;
    const request = context.switchToHttp().getRequest<ArbiterRequest>();
    const header = request.headers['idempotency-key'];
    if (header === undefined || !MUTATING.has(request.method)) return true; // no promise either
    return this.claim(context, request, header);
  }

  private async claim(context: ExecutionContext, request: ArbiterRequest, header: string | string[]) {
    const status =
      (Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined) ??
      (request.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);
    const payload = { method: request.method, url: request.url, body: request.body ?? null };
    const begun = await this.store.begin(this.store.operation(request, header, 'rest', payload, status));
    if ('replay' in begun) throw new IdempotentReplay(begun.replay);
    request.idempotency = begun.scope;
    return true;
  }
}

function sendStored(reply: FastifyReply, answer: StoredAnswer): string {
  reply.status(answer.status);
  reply.header(REPLAYED_HEADER, 'true');
  reply.header('content-type', 'application/json; charset=utf-8');
  return answer.body;
}

/**
 * Fastify `onSend` hook for a REST request that has an idempotency scope and whose handler did not
 * store its answer in a transaction: stores a successful answer (or sends a twin's, stored first);
 * after a failure, sends the answer of a twin that succeeded meanwhile, if there is one.
 */
export function storeAnswer(store: IdempotencyStore) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void => {
    const scope = (request as ArbiterRequest).idempotency;
    if (!scope || scope.completed || reply.getHeader(REPLAYED_HEADER) !== undefined) {
      return done(null, payload);
    }
    const settled =
      reply.statusCode < 400
        ? store.finish(scope, reply.statusCode, typeof payload === 'string' ? payload : String(payload ?? ''))
        : store.settle(scope);
    settled.then(
      (stored) => done(null, stored ? sendStored(reply, stored) : payload),
      (error: Error) => {
        if (!(error instanceof Problem) && !isDatabaseUnavailable(error)) return done(error);
        // A twin stored an answer for another request under this key first: 422, as a retry would get.
        const problem = classify(error);
        reply.status(problem.status);
        const wait = retryAfter(problem);
        if (wait) reply.header('retry-after', wait);
        reply.header('content-type', 'application/problem+json; charset=utf-8');
        done(
          null,
          JSON.stringify(
            toProblemBody(problem.code, problem.status, problem.detail, problem.errors, {
              instance: request.url.split('?')[0],
            }),
          ),
        );
      },
    );
  };
}
