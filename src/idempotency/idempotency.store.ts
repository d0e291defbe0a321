import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { bearerToken } from '../auth/keys';
import { Problem } from '../common/problem';
import type { ArbiterRequest } from '../common/request-context';
import { Database, IdempotencyScope } from '../database/database.service';
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

/** One operation that carries an Idempotency-Key: where its record lives and what it must match. */
export interface Operation {
  recordId: string;
  requestHash: string;
  status: number;
  sealingKey: Buffer;
}

/** The stored answer of an earlier request with the same key: status and the JSON text sent. */
export interface StoredAnswer {
  status: number;
  body: string;
}

/**
 * The storage side of `Idempotency-Key`, shared by the REST guard and the GraphQL interceptor.
 * The first successful answer is stored (inside the operation's own transaction when it changes
 * state, see `Database.mutation`) and replayed for 24 h to a retry with the same key and the same
 * request; the same key with another request is a 422; a duplicate that arrives while the first is
 * still running waits for it and gets its answer. Failed requests store nothing.
 */
@Injectable()
export class IdempotencyStore {
  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
  ) {}

  /**
   * The operation for a request's Idempotency-Key header, scoped to the caller (its bearer key, or
   * its address on public routes) and to `target` (REST, or one GraphQL mutation field).
   */
  operation(
    request: ArbiterRequest,
    header: unknown,
    target: string,
    payload: unknown,
    status: number,
  ): Operation {
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
    };
  }

  /**
   * Claims the key for this operation: the scope to run under, or the stored answer of the request
   * that claimed it first (after waiting for it to finish).
   */
  async begin(operation: Operation): Promise<{ scope: IdempotencyScope } | { replay: StoredAnswer }> {
    const existing = await this.claim(operation);
    if (existing) return { replay: await this.replay(operation, existing) };
    return {
      scope: {
        recordId: operation.recordId,
        status: operation.status,
        completed: false,
        store: (manager, status, body) =>
          Database.updateRow(manager, IdempotencyRecordEntity, operation.recordId, {
            state: 'done',
            responseStatus: status,
            responseBody: seal(body, operation.sealingKey),
          }),
      },
    };
  }

  /** Stores a successful answer that no transaction stored yet (operations that change nothing). */
  async finish(scope: IdempotencyScope, status: number, body: string): Promise<void> {
    if (scope.completed) return;
    scope.completed = true;
    await this.db.transaction((m) => scope.store(m, status, body));
  }

  /** Releases the key of a request that failed, so that it may be retried with the same key. */
  async abandon(scope: IdempotencyScope): Promise<void> {
    if (scope.completed) return;
    scope.completed = true;
    await this.db.transaction((m) =>
      m.delete(IdempotencyRecordEntity, { id: scope.recordId, state: 'pending' }),
    );
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

  private async replay(operation: Operation, record: IdempotencyRecordEntity): Promise<StoredAnswer> {
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
    return {
      status: current.responseStatus ?? operation.status,
      body: unseal(current.responseBody, operation.sealingKey),
    };
  }
}
