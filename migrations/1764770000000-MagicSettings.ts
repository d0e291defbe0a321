import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { time } from './columns';

/** A campaign's magic settings: the referee table a COEAC mutation is rolled on (none: a note). */
export class MagicSettings1764770000000 implements MigrationInterface {
  name = 'MagicSettings1764770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'magic_settings',
        columns: [
          { name: 'campaign_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'mutation_table_id', type: 'varchar', length: '36', isNullable: true },
          time('updated_at'),
        ],
        foreignKeys: [
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('magic_settings');
  }
}
