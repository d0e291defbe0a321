import { Global, Injectable, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { Database } from '../database/database.service';
import { IdempotencyRecordEntity } from '../database/entities';
import { IdempotencyGuard } from './idempotency.guard';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore } from './idempotency.store';

/** Drops expired records once an hour so the table stays small. */
@Injectable()
export class IdempotencySweeper implements OnModuleInit, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(private readonly db: Database) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), 3_600_000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    const cutoff = new Date().toISOString();
    await this.db.transaction((m) => m.delete(IdempotencyRecordEntity, { expiresAt: LessThan(cutoff) }));
  }
}

/** Global: every resolver class with a mutation uses the interceptor, which needs the store. */
@Global()
@Module({
  providers: [IdempotencySweeper, IdempotencyStore, IdempotencyGuard, IdempotencyInterceptor],
  exports: [IdempotencyStore, IdempotencyGuard, IdempotencyInterceptor],
})
export class IdempotencyModule {}
