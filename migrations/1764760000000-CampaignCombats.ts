import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { id, ref, time } from './columns';

/** Campaign combats (issue 20): a fight in a campaign, its round and its combatants. */
export class CampaignCombats1764760000000 implements MigrationInterface {
  name = 'CampaignCombats1764760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'combats',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'system', type: 'varchar', length: '16' },
          { name: 'round', type: 'integer' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'secret', type: 'boolean', default: false },
          { name: 'combatants', type: 'text' },
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
        indices: [
          new TableIndex({ name: 'IDX_combats_campaign', columnNames: ['campaign_id', 'created_at'] }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('combats');
  }
}
