import { Injectable, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { LessThan } from 'typeorm';
import { Database } from '../database/database.service';
import { IdempotencyRecordEntity } from '../database/entities';
import { IdempotencyInterceptor } from './idempotency.interceptor';

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

@Module({
  providers: [IdempotencySweeper, { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }],
})
export class IdempotencyModule {}
