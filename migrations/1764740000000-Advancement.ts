import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { id, ref, time } from './columns';

const campaign = {
  columnNames: ['campaign_id'],
  referencedTableName: 'campaigns',
  referencedColumnNames: ['id'],
};

/**
 * Advancement in a campaign (SPEC 6.6): a state row per scope (a G&M character's level gains and
 * practical mojo, a COEAC faction's Reputation, a study project) and an append-only history of what
 * changed it (bids, purchases, Boons, Reputation changes, retirements, specialty classes).
 */
export class Advancement1764740000000 implements MigrationInterface {
  name = 'Advancement1764740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'advancement_state',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'scope', type: 'varchar', length: '240' },
          { name: 'data', type: 'text' },
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [campaign],
        indices: [
          new TableIndex({
            name: 'IDX_advancement_state_scope',
            columnNames: ['campaign_id', 'scope'],
            isUnique: true,
          }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'advancement_history',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'kind', type: 'varchar', length: '32' },
          { name: 'scope', type: 'varchar', length: '240' },
          ref('character_id', true),
          { name: 'refers_to', type: 'varchar', length: '80', isNullable: true },
          ref('roll_id', true),
          ref('session_id', true),
          { name: 'data', type: 'text' },
          time('created_at'),
        ],
        foreignKeys: [campaign],
        indices: [
          new TableIndex({
            name: 'IDX_advancement_history_scope',
            columnNames: ['campaign_id', 'scope', 'created_at', 'id'],
          }),
          // A roll takes one bid, a session one Boons award per character: the unique key says so.
          new TableIndex({
            name: 'IDX_advancement_history_once',
            columnNames: ['campaign_id', 'kind', 'refers_to'],
            isUnique: true,
          }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('advancement_history');
    await q.dropTable('advancement_state');
  }
}
