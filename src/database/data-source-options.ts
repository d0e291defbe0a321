import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { AppConfig } from '../config/app-config';
import { FOUNDATION_ENTITIES } from './entities';

/**
 * SQLite (embedded, the default) or PostgreSQL (DATABASE_URL). Migrations always run at start;
 * `synchronize` is never used. Domain modules add their entities with `TypeOrmModule.forFeature`.
 */
export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  const common = {
    entities: FOUNDATION_ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: true,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    logging: false,
  };
  if (config.DATABASE_URL) {
    const schema = config.DATABASE_SCHEMA;
    return {
      type: 'postgres',
      url: config.DATABASE_URL,
      ...(schema ? { schema } : {}),
      extra: { max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) },
      ...common,
    };
  }
  if (config.DATABASE_PATH !== ':memory:') mkdirSync(dirname(config.DATABASE_PATH), { recursive: true });
  return {
    type: 'better-sqlite3',
    database: config.DATABASE_PATH,
    enableWAL: config.DATABASE_PATH !== ':memory:',
    timeout: 5000,
    // Prepared statements kept by text (first in, first out). Reads whose SQL carries numbers (paging
    // cursors) each add an entry; a roomy cache keeps them from pushing out the hot writes.
    statementCacheSize: 1000,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('foreign_keys = ON');
      db.pragma('synchronous = NORMAL');
      // SQLite's default page cache is 2 MiB. Ids are random UUIDs, so every insert into a ledger
      // or the roll log touches a random page of its id index; once the file outgrows the cache,
      // each of those is a read from the OS and a write costs several. 64 MiB (a negative size is
      // in KiB) keeps the indexes of a busy campaign database in memory; SQLite only takes the
      // pages it uses.
      db.pragma('cache_size = -65536');
    },
    ...common,
  };
}
