import { Global, Injectable, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Database } from '../database/database.service';
import { IdempotencyRecordEntity } from '../database/entities';
import { IdempotencyGuard } from './idempotency.guard';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore } from './idempotency.store';

/**
 * Expired records are deleted in batches of this many rows. On SQLite a statement runs on the event
 * loop (better-sqlite3 is synchronous), so one DELETE of every expired record held the server for
 * seconds on a large table (2.3 s for 360,000 rows, issue 41); a batch of a few hundred rows found by
 * the `expires_at` index takes a few milliseconds, and requests are answered between batches.
 */
export const SWEEP_BATCH = 250;

/** Drops expired records once an hour, a batch at a time, so the table stays small without a stall. */
@Injectable()
export class IdempotencySweeper implements OnModuleInit, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly db: Database) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), 3_600_000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Deletes every record expired now, `SWEEP_BATCH` at a time; answers how many, and the most CPU
   * time any one batch took (on SQLite, the longest it held the event loop, not counting the time the
   * host gave to other processes). Each batch takes its
   * turn among the SQLite transactions (`exclusive`) and the next one waits for a macrotask, so the
   * requests that arrived meanwhile run in between.
   */
  async sweep(): Promise<{ deleted: number; longestBatchMs: number }> {
    const cutoff = new Date().toISOString();
    let deleted = 0;
    let longestBatchMs = 0;
    while (!this.stopped) {
      const removed = await this.db.exclusive(async (m) => {
        const started = process.cpuUsage();
        const n = await deleteExpired(m, cutoff);
        const used = process.cpuUsage(started);
        longestBatchMs = Math.max(longestBatchMs, (used.user + used.system) / 1000);
        return n;
      });
      deleted += removed;
      if (removed < SWEEP_BATCH) break;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return { deleted, longestBatchMs };
  }
}

/** Deletes up to `SWEEP_BATCH` records expired before `cutoff`, oldest first; answers how many. */
async function deleteExpired(m: EntityManager, cutoff: string): Promise<number> {
  const { table, column, mark, postgres } = Database.dialect(m);
  const records = table(IdempotencyRecordEntity);
  const id = column(IdempotencyRecordEntity, 'id');
  const expires = column(IdempotencyRecordEntity, 'expiresAt');
  const sql = Database.statement(
    m,
    'idempotency-sweep',
    () =>
      `DELETE FROM ${records} WHERE ${id} IN (SELECT ${id} FROM ${records} WHERE ${expires} < ${mark(0)} ` +
      `ORDER BY ${expires} LIMIT ${SWEEP_BATCH})${postgres ? '' : ` RETURNING ${id}`}`,
  );
  // TypeORM answers a PostgreSQL DELETE with [rows, count]; a SQLite one with its rows only when it
  // returns some (RETURNING, SQLite 3.35), else with the last inserted rowid.
  const result = (await m.query(sql, [cutoff])) as unknown[];
  return postgres ? Number(result[1]) : result.length;
}

/** Global: every resolver class with a mutation uses the interceptor, which needs the store. */
@Global()
@Module({
  providers: [IdempotencySweeper, IdempotencyStore, IdempotencyGuard, IdempotencyInterceptor],
  exports: [IdempotencyStore, IdempotencyGuard, IdempotencyInterceptor],
})
export class IdempotencyModule {}
