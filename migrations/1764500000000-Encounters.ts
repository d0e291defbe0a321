import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { id, ref, time } from './columns';

const campaign = {
  columnNames: ['campaign_id'],
  referencedTableName: 'campaigns',
  referencedColumnNames: ['id'],
};

/** Encounters (SPEC 5.4): referee tables, the recurring cast and the campaign's encounter settings. */
export class Encounters1764500000000 implements MigrationInterface {
  name = 'Encounters1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'referee_tables',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'formula', type: 'varchar', length: '64' },
          { name: 'entries', type: 'text' },
          { name: 'area', type: 'varchar', length: '200', isNullable: true },
          { name: 'scale', type: 'varchar', length: '16', isNullable: true },
          { name: 'visibility', type: 'varchar', length: '16' },
          { name: 'replacement', type: 'boolean', default: true },
          { name: 'description', type: 'text', isNullable: true },
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [campaign],
        indices: [
          new TableIndex({
            name: 'IDX_referee_tables_campaign',
            columnNames: ['campaign_id', 'created_at', 'id'],
          }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'recurring_cast',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'notes', type: 'varchar', length: '1000', isNullable: true },
          time('created_at'),
        ],
        foreignKeys: [campaign],
        indices: [
          new TableIndex({
            name: 'IDX_recurring_cast_campaign',
            columnNames: ['campaign_id', 'created_at', 'id'],
          }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'encounter_settings',
        columns: [
          { name: 'campaign_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'default_tables', type: 'text' },
          { name: 'recurring_chance', type: 'integer', default: 2 },
          time('updated_at'),
        ],
        foreignKeys: [campaign],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('encounter_settings');
    await q.dropTable('recurring_cast');
    await q.dropTable('referee_tables');
  }
}
