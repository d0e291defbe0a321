import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { bearerToken } from '../auth/keys';
import { Problem } from '../common/problem';
import type { ArbiterRequest } from '../common/request-context';
import { Database, IdempotencyScope } from '../database/database.service';
import { IdempotencyRecordEntity } from '../database/entities';
import { sealBytes, sealingKey, unseal, unsealBytes } from './sealed-body';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

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
 * Thrown to answer with a stored response instead of running the operation: by the REST guard when
 * the answer is stored already, and by `Database.mutation` when the key's claim finds that a twin
 * committed its answer first (the transaction it is thrown in rolls back, having changed nothing).
 * The problem filter (REST) and the interceptor (GraphQL) send it as it was first sent, marked as a
 * replay.
 */
export class IdempotentReplay extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('idempotent replay');
  }
}

/**
 * The storage side of `Idempotency-Key`, shared by the REST guard and the GraphQL interceptor.
 *
 * A key is claimed inside the transaction of the change it guards, never before it: the operation's
 * `Database.mutation` first upserts the key's record (`scope.claim`), then makes the change, then
 * writes the answer into that record, and all of it commits or none of it does. A process killed
 * mid-request therefore leaves no trace (PostgreSQL rolls back the open transaction of a dropped
 * connection; SQLite drops an uncommitted transaction when the file is next opened), and a retry
 * after a restart runs, on this instance or any other. A twin running at the same moment waits for
 * the record's row (PostgreSQL makes a conflicting insert wait for the uncommitted one; SQLite runs
 * transactions one at a time) and then replays the first's answer. See docs/decisions.md.
 *
 * Operations that change nothing (a stateless check) store their answer when it is sent (`finish`);
 * if a twin stored one first, that one is sent instead. Failed requests store nothing. The same key
 * with another request is a 422. Answers are kept for IDEMPOTENCY_TTL_HOURS.
 */
@Injectable()
export class IdempotencyStore {
  /** The operation behind each scope handed out (the scope itself travels on the request). */
  private readonly operations = new WeakMap<IdempotencyScope, Operation>();

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
   * The stored answer when the key has one (a retry), else the scope to run under. Claims nothing:
   * the claim is made by the change's own transaction (`scope.claim`, called by `Database.mutation`).
   */
  async begin(operation: Operation): Promise<{ scope: IdempotencyScope } | { replay: StoredAnswer }> {
    const stored = await this.db.exclusive((m) => this.storedAnswer(m, operation));
    if (stored) return { replay: stored };
    const scope: IdempotencyScope = {
      recordId: operation.recordId,
      status: operation.status,
      completed: false,
      claim: async (manager) => {
        if (this.db.isSqlite) {
          // SQLite runs one transaction at a time: nothing can claim the key before this one commits,
          // so the record is written once, whole, by `store` (see below); only a twin that committed
          // since `begin` looked is checked for here.
          const answer = await this.storedAnswer(manager, operation);
          if (!answer) return;
          scope.completed = true;
          throw new IdempotentReplay(answer);
        }
        if (await this.upsert(manager, operation, 'pending', null, null)) return;
        // The key has a live answer: a twin committed first. Ours is never written.
        scope.completed = true;
        const answer = await this.storedAnswer(manager, operation);
        if (!answer) throw inProgress();
        throw new IdempotentReplay(answer);
      },
      store: async (manager, status, body) => {
        const sealed = sealBytes(body, operation.sealingKey);
        if (!this.db.isSqlite) {
          await manager.query(
            `UPDATE ${recordsTable(manager)} SET state = 'done', response_status = $1, response_sealed = $2
             WHERE id = $3`,
            [status, sealed, operation.recordId],
          );
          return;
        }
        // On SQLite the claim wrote nothing: the record is inserted here, with its answer, in the
        // change's transaction. Inserting the whole row once, rather than a small claim that grows,
        // appends it to the table's last page instead of splitting a page the claim had filled: one
        // page fewer a commit for answers of a few kilobytes (docs/decisions.md).
        if (await this.upsert(manager, operation, 'done', status, sealed)) return;
        // Unreachable while transactions take turns; were it reached, the change must not commit.
        throw inProgress();
      },
    };
    this.operations.set(scope, operation);
    return { scope };
  }

  /**
   * Stores the answer of an operation that no transaction stored (one that changed nothing), unless
   * the key has an answer already: then that one (a twin's), which the caller sends instead of its own.
   */
  async finish(scope: IdempotencyScope, status: number, body: string): Promise<StoredAnswer | null> {
    const operation = this.operations.get(scope);
    if (scope.completed || !operation) return null;
    scope.completed = true;
    return this.db.transaction(async (m) => {
      if (await this.upsert(m, operation, 'done', status, sealBytes(body, operation.sealingKey))) return null;
      return this.storedAnswer(m, operation);
    });
  }

  /**
   * After a request failed: the stored answer of a twin (same key, same request) that succeeded
   * meanwhile, else null and the failure stands. A twin that committed while this one was still
   * reading what it needed may have refused it for what the twin changed (the Cash it spent, say).
   */
  async settle(scope: IdempotencyScope): Promise<StoredAnswer | null> {
    const operation = this.operations.get(scope);
    if (scope.completed || !operation) return null;
    scope.completed = true;
    try {
      return await this.db.exclusive((m) => this.storedAnswer(m, operation));
    } catch {
      return null; // another request's answer under this key: this request's own failure stands
    }
  }

  /**
   * Inserts the key's record, or takes over one that is expired or `pending` (a claim committed by
   * an older release, which claimed keys outside the change's transaction). True when the record is
   * now this operation's; false when the key has a live answer. On PostgreSQL a twin's uncommitted
   * claim makes this wait until that transaction ends, then decides on what it left.
   */
  private async upsert(
    manager: EntityManager,
    operation: Operation,
    state: 'pending' | 'done',
    status: number | null,
    body: Buffer | null,
  ): Promise<boolean> {
    const postgres = manager.connection.driver.options.type === 'postgres';
    const p = (i: number) => (postgres ? `$${i}` : '?');
    const table = recordsTable(manager);
    const now = new Date();
    const expires = new Date(now.getTime() + this.config.IDEMPOTENCY_TTL_HOURS * 3_600_000);
    const rows: unknown = await manager.query(
      `INSERT INTO ${table} AS r
         (id, request_hash, state, response_status, response_body, response_sealed, created_at, expires_at)
       VALUES (${[1, 2, 3, 4].map(p).join(', ')}, NULL, ${[5, 6, 7].map(p).join(', ')})
       ON CONFLICT (id) DO UPDATE SET request_hash = excluded.request_hash, state = excluded.state,
         response_status = excluded.response_status, response_body = NULL,
         response_sealed = excluded.response_sealed, created_at = excluded.created_at, expires_at = excluded.expires_at
       WHERE r.state = 'pending' OR r.expires_at <= excluded.created_at
       RETURNING id`,
      [
        operation.recordId,
        operation.requestHash,
        state,
        status,
        body,
        now.toISOString(),
        expires.toISOString(),
      ],
    );
    return Array.isArray(rows) && rows.length > 0;
  }

  /**
   * The key's live stored answer, null when it has none; a 422 when the key was used for another
   * request. `pending` records (see `upsert`) and expired ones count as none.
   */
  private async storedAnswer(manager: EntityManager, operation: Operation): Promise<StoredAnswer | null> {
    const postgres = manager.connection.driver.options.type === 'postgres';
    const [record] = (await manager.query(
      `SELECT request_hash, state, response_status, response_body, response_sealed, expires_at
       FROM ${recordsTable(manager)} WHERE id = ${postgres ? '$1' : '?'}`,
      [operation.recordId],
    )) as StoredRecord[];
    if (!record || record.state !== 'done') return null;
    if (record.response_sealed === null && record.response_body === null) return null;
    if (record.expires_at <= new Date().toISOString()) return null;
    if (record.request_hash !== operation.requestHash) {
      throw Problem.field(
        'IDEMPOTENCY_KEY_REUSED',
        'Idempotency-Key',
        'This Idempotency-Key was already used for a different request.',
      );
    }
    return {
      status: record.response_status ?? operation.status,
      // Records of older releases keep their answer as text in `response_body`.
      body:
        record.response_sealed !== null
          ? unsealBytes(Buffer.from(record.response_sealed), operation.sealingKey)
          : unseal(record.response_body as string, operation.sealingKey),
    };
  }
}

/**
 * A record as stored. New answers are sealed bytes in `response_sealed` (BLOB on SQLite, bytea on
 * PostgreSQL; not mapped on the entity, whose column types must suit both databases); `response_body`
 * holds the base64 text of answers stored by older releases until they expire.
 */
interface StoredRecord {
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
  response_sealed: Uint8Array | null;
  expires_at: string;
}

/** The records' table, escaped (with its schema on PostgreSQL). */
function recordsTable(manager: EntityManager): string {
  return manager.connection
    .getMetadata(IdempotencyRecordEntity)
    .tablePath.split('.')
    .map((part) => manager.connection.driver.escape(part))
    .join('.');
}

/** A key whose record another request holds and has not answered yet. */
function inProgress(): Problem {
  return new Problem('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still running.');
}
