import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { MIGRATIONS } from '../../migrations';
import { ConditionLedgerIdIndex1764900000000 } from '../../migrations/1764900000000-ConditionLedgerIdIndex';

describe('migrations (SQLite)', () => {
  let dir: string;
  let source: DataSource;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-migrations-'));
    const config = loadConfig({ DATABASE_PATH: join(dir, 'arbiter.sqlite') });
    source = new DataSource({ ...dataSourceOptions(config), migrationsRun: false });
    await source.initialize();
    await source.runMigrations();
  });

  afterAll(async () => {
    await source.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const indexes = async (table: string) =>
    ((await source.query(`PRAGMA index_list("${table}")`)) as Array<{ name: string; unique: number }>)
      .map((i) => ({ name: i.name, unique: i.unique === 1 }))
      .sort((a, b) => a.name.localeCompare(b.name));

  it('keeps the condition ledger indexed by owner only: no unique index on the entry id (stop 26)', async () => {
    expect(await indexes('condition_ledger')).toEqual([
      { name: 'IDX_condition_ledger_owner_seq', unique: false },
    ]);
    // Nothing reads an entry by its id: the ledger is read by owner, oldest first.
    const plan = (await source.query(
      `EXPLAIN QUERY PLAN SELECT * FROM condition_ledger WHERE owner_id = ? AND campaign_id = ? AND seq > ? ORDER BY seq LIMIT 51`,
      ['o', 'c', 0],
    )) as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toContain('IDX_condition_ledger_owner_seq');
  });

  it('gives the unique index back when the migration is undone', async () => {
    // Undo the migrations since, then that one.
    const undo = MIGRATIONS.length - MIGRATIONS.indexOf(ConditionLedgerIdIndex1764900000000);
    for (let i = 0; i < undo; i++) await source.undoLastMigration();
    try {
      expect(await indexes('condition_ledger')).toEqual([
        { name: 'IDX_condition_ledger_id', unique: true },
        { name: 'IDX_condition_ledger_owner_seq', unique: false },
      ]);
    } finally {
      await source.runMigrations();
    }
    expect((await indexes('condition_ledger')).map((i) => i.name)).toEqual([
      'IDX_condition_ledger_owner_seq',
    ]);
  });
});
