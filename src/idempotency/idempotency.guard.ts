import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ArbiterRequest } from '../common/request-context';
import { IdempotencyStore, StoredAnswer } from './idempotency.store';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Thrown by the guard to answer with a stored response instead of running the handler again; the
 * problem filter sends it as it was first sent, with `idempotent-replayed: true`.
 */
export class IdempotentReplay extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('idempotent replay');
  }
}

/**
 * `Idempotency-Key` for REST. The last global guard, so a replay is only ever given to a caller that
 * passed authentication, roles and rate limits. A request without the header costs one property
 * read; with it, the key is claimed here, and the answer is stored by the mutation's own transaction
 * (`Database.mutation`) or, for operations that change nothing, by `storeAnswer` when it is sent.
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

/**
 * Fastify `onSend` hook: stores the answer of a REST request that claimed a key and whose handler
 * did not store it in a transaction already, or releases the key when the request failed.
 */
export function storeAnswer(store: IdempotencyStore) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void => {
    const scope = (request as ArbiterRequest).idempotency;
    if (!scope || scope.completed) return done(null, payload);
    const settled =
      reply.statusCode < 400
        ? store.finish(scope, reply.statusCode, typeof payload === 'string' ? payload : String(payload ?? ''))
        : store.abandon(scope);
    settled.then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  };
}
