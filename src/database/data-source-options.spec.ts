import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';

describe('dataSourceOptions (SQLite)', () => {
  let dir: string;
  let source: DataSource;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-options-'));
    const config = loadConfig({ DATABASE_PATH: join(dir, 'arbiter.sqlite') });
    source = new DataSource({ ...dataSourceOptions(config), migrationsRun: false });
    await source.initialize();
  });

  afterAll(async () => {
    await source.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const pragma = async (name: string): Promise<unknown> => {
    const rows = (await source.query(`PRAGMA ${name}`)) as Record<string, unknown>[];
    return rows[0]?.[name];
  };

  it('opens the file in WAL mode with foreign keys on and NORMAL syncing', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('synchronous')).toBe(1);
  });

  it('keeps a 64 MiB page cache, not the 2 MiB default (random-id indexes stay in memory)', async () => {
    expect(await pragma('cache_size')).toBe(-65536);
  });
});
