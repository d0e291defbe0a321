import { createServer } from 'node:net';
import { DataSource } from 'typeorm';
import type { TestApp } from './harness';

/**
 * Takes the database of a running test app away and gives it back, in process: on SQLite the
 * connection is closed (better-sqlite3 then refuses every statement) and a new one opened on the
 * same file; on PostgreSQL the pool is pointed at a port where nothing listens (new connections are
 * refused) and its idle connections are dropped, then pointed back.
 */
export interface DatabaseOutage {
  down(): Promise<void>;
  up(): Promise<void>;
}

interface SqliteDriver {
  databaseConnection: { close(): void };
  createDatabaseConnection(): Promise<SqliteDriver['databaseConnection']>;
  queryRunner?: { stmtCache: Map<string, unknown> };
}

interface PgPool {
  options: { port?: number; connectionString?: string };
  _idle: Array<{ client: unknown }>;
  _remove(client: unknown): void;
}

async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function databaseOutage(t: TestApp): DatabaseOutage {
  const ds = t.app.get(DataSource);
  if (ds.options.type === 'better-sqlite3') {
    const driver = ds.driver as unknown as SqliteDriver;
    return {
      async down() {
        driver.databaseConnection.close();
      },
      async up() {
        driver.databaseConnection = await driver.createDatabaseConnection();
        driver.queryRunner?.stmtCache.clear();
      },
    };
  }
  const pool = (ds.driver as unknown as { master: PgPool }).master;
  const saved = { port: pool.options.port, connectionString: pool.options.connectionString };
  return {
    async down() {
      const port = await closedPort();
      pool.options.port = port;
      if (saved.connectionString) {
        const url = new URL(saved.connectionString);
        url.port = String(port);
        pool.options.connectionString = url.toString();
      }
      for (const item of pool._idle.slice()) pool._remove(item.client);
    },
    async up() {
      pool.options.port = saved.port;
      pool.options.connectionString = saved.connectionString;
    },
  };
}
