import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency records keep their sealed answer as bytes (issue 41): `response_sealed`, a BLOB on
 * SQLite and bytea on PostgreSQL, instead of the base64 text of `response_body`, a third larger.
 * Records stored before keep their text and still replay until they expire; `response_body` stays
 * for them (a later release may drop it once no record older than the TTL can hold it). A nullable
 * column without a default, added with `ALTER TABLE … ADD COLUMN`, changes no row on either.
 */
export class SealedAnswerBytes1765041100000 implements MigrationInterface {
  name = 'SealedAnswerBytes1765041100000';

  async up(q: QueryRunner): Promise<void> {
    const type = q.connection.driver.options.type === 'postgres' ? 'bytea' : 'BLOB';
    await q.query(`ALTER TABLE idempotency_records ADD COLUMN response_sealed ${type} NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Answers stored as bytes cannot be read by the release before: they are dropped with the column.
    await q.query(`DELETE FROM idempotency_records WHERE response_sealed IS NOT NULL`);
    await q.query(`ALTER TABLE idempotency_records DROP COLUMN response_sealed`);
  }
}
