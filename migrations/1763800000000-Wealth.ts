import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/** Cash and Wealth on characters, the append-only cash ledger, and once-per-session uses. */
export class Wealth1763800000000 implements MigrationInterface {
  name = 'Wealth1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('characters', [
      new TableColumn({ name: 'wealth', type: 'integer', default: 0 }),
      new TableColumn({ name: 'cash', type: 'integer', default: 0 }),
    ]);
    await q.createTable(
      new Table({
        name: 'cash_ledger',
        columns: [
          {
            name: 'seq',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'id', type: 'varchar', length: '36' },
          { name: 'campaign_id', type: 'varchar', length: '36' },
          { name: 'character_id', type: 'varchar', length: '36' },
          { name: 'cash_delta', type: 'integer' },
          { name: 'wealth_delta', type: 'integer' },
          { name: 'cash_after', type: 'integer' },
          { name: 'wealth_after', type: 'integer' },
          { name: 'reason', type: 'varchar', length: '32' },
          { name: 'note', type: 'varchar', length: '200', isNullable: true },
          { name: 'roll_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'session_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'key_id', type: 'varchar', length: '36' },
          { name: 'created_at', type: 'varchar', length: '32' },
        ],
        foreignKeys: [
          { columnNames: ['character_id'], referencedTableName: 'characters', referencedColumnNames: ['id'] },
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
        indices: [
          new TableIndex({ name: 'IDX_cash_ledger_id', columnNames: ['id'], isUnique: true }),
          new TableIndex({ name: 'IDX_cash_ledger_character_seq', columnNames: ['character_id', 'seq'] }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'session_uses',
        columns: [
          {
            name: 'seq',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'session_id', type: 'varchar', length: '36' },
          { name: 'character_id', type: 'varchar', length: '36' },
          { name: 'kind', type: 'varchar', length: '32' },
          { name: 'roll_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'created_at', type: 'varchar', length: '32' },
        ],
        foreignKeys: [
          {
            columnNames: ['session_id'],
            referencedTableName: 'game_sessions',
            referencedColumnNames: ['id'],
          },
          { columnNames: ['character_id'], referencedTableName: 'characters', referencedColumnNames: ['id'] },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_session_uses_once',
            columnNames: ['session_id', 'character_id', 'kind'],
            isUnique: true,
          }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('session_uses');
    await q.dropTable('cash_ledger');
    await q.dropColumn('characters', 'cash');
    await q.dropColumn('characters', 'wealth');
  }
}
