import { createHash } from 'node:crypto';
import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { FastifyReply } from 'fastify';
import type { GraphQLResolveInfo } from 'graphql';
import { from, lastValueFrom, Observable } from 'rxjs';
import { AppConfig } from '../config/app-config';
import { bearerToken } from '../auth/keys';
import { Problem } from '../common/problem';
import { isGraphQL, requestOf } from '../common/request-context';
import { Database, idempotencyScope, IdempotencyScope } from '../database/database.service';
import { IdempotencyRecordEntity } from '../database/entities';
import { seal, sealingKey, unseal } from './sealed-body';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const WAIT_FOR_TWIN_MS = 10_000;
const POLL_MS = 50;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Key order must not change a request's fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

interface Operation {
  recordId: string;
  requestHash: string;
  status: number;
  sealingKey: Buffer;
  reply?: FastifyReply;
}

/**
 * `Idempotency-Key` for every state-changing REST route and every GraphQL mutation.
 * The first successful answer is stored (see `Database.mutation`) and replayed for 24 h to a retry
 * with the same key and the same request; the same key with another request is a 422; a duplicate
 * that arrives while the first is still running waits for it and gets its answer. Failed requests
 * change nothing and store nothing, so they may be retried with the same key.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const operation = this.describe(context);
    if (!operation) return next.handle();
    return from(this.run(operation, next));
  }

  private describe(context: ExecutionContext): Operation | null {
    const request = requestOf(context);
    const header = request.headers['idempotency-key'];
    if (header === undefined) return null;
    let target: string;
    let payload: unknown;
    let status: number;
    let reply: FastifyReply | undefined;
    if (isGraphQL(context)) {
      const gql = GqlExecutionContext.create(context);
      const info = gql.getInfo<GraphQLResolveInfo>();
      if (info.operation.operation !== 'mutation' || info.path.prev !== undefined) return null;
      target = `graphql:${info.path.key}`;
      payload = { field: info.fieldName, args: gql.getArgs() };
      status = 200;
    } else {
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method)) return null;
      target = 'rest';
      payload = { method: request.method, url: request.url, body: request.body ?? null };
      status =
        (Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined) ??
        (request.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);
      reply = context.switchToHttp().getResponse<FastifyReply>();
    }
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw Problem.field(
        'INVALID_IDEMPOTENCY_KEY',
        'Idempotency-Key',
        'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is ideal).',
      );
    }
    const token = bearerToken(request.headers.authorization);
    const scope = token ? `key:${sha256(token)}` : `ip:${request.ip}`;
    return {
      recordId: sha256(`${scope}\n${target}\n${header}`),
      requestHash: sha256(canonical(payload)),
      status,
      sealingKey: sealingKey(scope, target, header),
      reply,
    };
  }

  private async run(operation: Operation, next: CallHandler): Promise<unknown> {
    const existing = await this.claim(operation);
    if (existing) return this.replay(operation, existing);

    const scope: IdempotencyScope = {
      recordId: operation.recordId,
      status: operation.status,
      completed: false,
      seal: (body) => seal(body, operation.sealingKey),
    };
    try {
      const result = await idempotencyScope.run(scope, () =>
        lastValueFrom(next.handle(), { defaultValue: null }),
      );
      if (!scope.completed) {
        await this.db.transaction((m) =>
          m.update(IdempotencyRecordEntity, operation.recordId, {
            state: 'done',
            responseStatus: operation.status,
            responseBody: scope.seal(JSON.stringify(result ?? null)),
          }),
        );
      }
      return result;
    } catch (error) {
      if (!scope.completed) {
        await this.db.transaction((m) =>
          m.delete(IdempotencyRecordEntity, { id: operation.recordId, state: 'pending' }),
        );
      }
      throw error;
    }
  }

  /**
   * Inserts a pending record, or returns the one already there. Two statements need no transaction:
   * SQLite runs them in its queue, and on PostgreSQL a twin's insert fails on the primary key.
   */
  private claim(operation: Operation): Promise<IdempotencyRecordEntity | null> {
    return this.db.exclusive(async (m) => {
      const found = await m.findOne(IdempotencyRecordEntity, { where: { id: operation.recordId } });
      const nowIso = new Date().toISOString();
      if (found && found.expiresAt > nowIso) return found;
      if (found) await m.delete(IdempotencyRecordEntity, { id: found.id });
      const expires = new Date(Date.now() + this.config.IDEMPOTENCY_TTL_HOURS * 3_600_000).toISOString();
      try {
        await Database.insertRow(m, IdempotencyRecordEntity, {
          id: operation.recordId,
          requestHash: operation.requestHash,
          state: 'pending',
          responseStatus: null,
          responseBody: null,
          createdAt: nowIso,
          expiresAt: expires,
        });
      } catch {
        // A twin on another connection inserted it first (PostgreSQL): read theirs.
        return m.findOne(IdempotencyRecordEntity, { where: { id: operation.recordId } });
      }
      return null;
    });
  }

  private async replay(operation: Operation, record: IdempotencyRecordEntity): Promise<unknown> {
    if (record.requestHash !== operation.requestHash) {
      throw Problem.field(
        'IDEMPOTENCY_KEY_REUSED',
        'Idempotency-Key',
        'This Idempotency-Key was already used for a different request.',
      );
    }
    let current: IdempotencyRecordEntity | null = record;
    const deadline = Date.now() + WAIT_FOR_TWIN_MS;
    while (current && current.state === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      current = await this.db.manager.findOne(IdempotencyRecordEntity, { where: { id: operation.recordId } });
    }
    if (!current) {
      throw new Problem('IDEMPOTENCY_IN_PROGRESS', 'The first request with this key failed; retry it.');
    }
    if (current.state !== 'done' || current.responseBody === null) {
      throw new Problem('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still running.');
    }
    if (operation.reply) {
      operation.reply.status(current.responseStatus ?? operation.status);
      operation.reply.header('idempotent-replayed', 'true');
    }
    return JSON.parse(unseal(current.responseBody, operation.sealingKey)) as unknown;
  }
}
