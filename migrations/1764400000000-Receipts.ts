import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Receipt signing keys: every public key ever used (JWK set), the private key of a generated one. */
export class Receipts1764400000000 implements MigrationInterface {
  name = 'Receipts1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'receipt_keys',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'public_key', type: 'varchar', length: '64' },
          { name: 'private_key', type: 'text', isNullable: true },
          { name: 'source', type: 'varchar', length: '16' },
          { name: 'created_at', type: 'varchar', length: '32' },
          { name: 'retired_at', type: 'varchar', length: '32', isNullable: true },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('receipt_keys');
  }
}
