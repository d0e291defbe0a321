import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { IdempotencyRecordEntity } from './entities';

/**
 * Set by the idempotency layer (`request.idempotency`) for a request that carries an
 * Idempotency-Key. It travels on the request rather than in an AsyncLocalStorage: on Node 20 an
 * active AsyncLocalStorage installs promise hooks that slow every request of the process.
 */
export interface IdempotencyScope {
  recordId: string;
  status: number;
  /** Seals the stored answer (see idempotency/sealed-body.ts). */
  seal: (body: string) => string;
  /** Set once the stored response has been written (inside the transaction that changed state). */
  completed: boolean;
}

/** What `mutation` needs of the request it serves. */
export interface MutationCall {
  idempotency?: IdempotencyScope;
}

@Injectable()
export class Database {
  /** SQLite has one connection: transactions must take turns, or they would nest and fail. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * Inserts one row without reading generated columns back (TypeORM would otherwise follow every
   * SQLite insert with a SELECT). For rows whose generated values the caller does not need.
   */
  static async insertRow<T extends ObjectLiteral>(
    manager: EntityManager,
    target: EntityTarget<T>,
    values: T | QueryDeepPartialEntity<T>,
  ): Promise<void> {
    // JSON columns (simple-json) are plain records, which TypeORM's deep-partial type does not admit.
    const row = values as QueryDeepPartialEntity<T>;
    await manager.createQueryBuilder().insert().into(target).values(row).updateEntity(false).execute();
  }

  /**
   * Runs `work` in the SQLite queue without a transaction: for a statement or two that must not land
   * inside another request's open transaction but need no atomicity of their own. On PostgreSQL it
   * simply runs.
   */
  exclusive<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.takeTurn(() => work(this.dataSource.manager));
  }

  /** Runs `work` in one transaction (serialised on SQLite). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.takeTurn(() => this.dataSource.transaction((manager) => work(manager)));
  }

  /** On SQLite, runs `run` after everything queued before it; on PostgreSQL, at once. */
  private takeTurn<T>(run: () => Promise<T>): Promise<T> {
    if (!this.isSqlite) return run();
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * A state-changing operation whose result is the response body. When the request carries an
   * Idempotency-Key, the response is stored in the same transaction as the change, so a crash can
   * never leave a change without its stored answer (which would let a retry apply it twice).
   */
  mutation<T>(call: MutationCall, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const scope = call.idempotency;
    return this.transaction(async (manager) => {
      const result = await work(manager);
      if (scope && !scope.completed) {
        await manager.update(IdempotencyRecordEntity, scope.recordId, {
          state: 'done',
          responseStatus: scope.status,
          responseBody: scope.seal(JSON.stringify(result)),
        });
        scope.completed = true;
      }
      return result;
    });
  }
}
