import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { ref, time } from './columns';

/**
 * The roll log scales (issue 17, section 5): referee tables stored once per version and referred to
 * by the rolls that use them, and a `character_id` on rolls with the indexes that let the log be read
 * newest first and filtered by procedure or character in one keyset query.
 */
export class RollLogScale1764620000000 implements MigrationInterface {
  name = 'RollLogScale1764620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'table_versions',
        columns: [
          { ...ref('campaign_id'), isPrimary: true },
          { name: 'version', type: 'varchar', length: '64', isPrimary: true },
          { name: 'definition', type: 'text' },
          time('created_at'),
        ],
        foreignKeys: [
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
      }),
    );
    await q.addColumn('rolls', new TableColumn({ ...ref('character_id', true) }));
    // Rolls logged before: the character their effects name (purchases, pool checks for a character …).
    const postgres = q.connection.driver.options.type === 'postgres';
    await q.query(
      postgres
        ? `UPDATE rolls SET character_id = (effects::json ->> 'characterId') WHERE effects LIKE '%"characterId"%'`
        : `UPDATE rolls SET character_id = json_extract(effects, '$.characterId') WHERE effects LIKE '%"characterId"%'`,
    );
    await q.createIndex(
      'rolls',
      new TableIndex({
        name: 'IDX_rolls_campaign_procedure_seq',
        columnNames: ['campaign_id', 'procedure', 'seq'],
      }),
    );
    await q.createIndex(
      'rolls',
      new TableIndex({
        name: 'IDX_rolls_campaign_character_seq',
        columnNames: ['campaign_id', 'character_id', 'seq'],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('rolls', 'IDX_rolls_campaign_character_seq');
    await q.dropIndex('rolls', 'IDX_rolls_campaign_procedure_seq');
    await q.dropColumn('rolls', 'character_id');
    await q.dropTable('table_versions');
  }
}
