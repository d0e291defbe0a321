import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The condition ledger is read by owner (its keyset on `seq`) and never by entry id, and its ids are
 * UUIDs of version 7 made by the server: the unique index on `id` only cost every change of a
 * tracked value one more B-tree page to write (docs/decisions.md, stop 26).
 */
export class ConditionLedgerIdIndex1764900000000 implements MigrationInterface {
  name = 'ConditionLedgerIdIndex1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.dropIndex('condition_ledger', 'IDX_condition_ledger_id');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.createIndex(
      'condition_ledger',
      new TableIndex({ name: 'IDX_condition_ledger_id', columnNames: ['id'], isUnique: true }),
    );
  }
}
