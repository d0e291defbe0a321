import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A logged roll keeps its receipts (issue 41): the signing key's id and the Ed25519 signature of its
 * whole view, and of its sealed view for a secret roll. Rolls logged before stay null and are signed
 * and kept the first time one is asked for. Plain `ALTER TABLE … ADD COLUMN` on both databases:
 * TypeORM's SQLite `addColumn` copies the whole table into a new one, which on a log of 200,000 rolls
 * would hold the start for seconds; a nullable column without a default changes no row on either.
 */
export class StoredReceipts1765000000000 implements MigrationInterface {
  name = 'StoredReceipts1765000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [column, type] of COLUMNS) await q.query(`ALTER TABLE rolls ADD COLUMN ${column} ${type}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [column] of [...COLUMNS].reverse()) await q.query(`ALTER TABLE rolls DROP COLUMN ${column}`);
  }
}

const COLUMNS: ReadonlyArray<[string, string]> = [
  ['receipt_key_id', 'varchar(64) NULL'],
  ['receipt_signature', 'varchar(128) NULL'],
  ['sealed_receipt_key_id', 'varchar(64) NULL'],
  ['sealed_receipt_signature', 'varchar(128) NULL'],
];
