import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { id, ref, time } from './columns';

/**
 * Characters in the campaign (issue 18): followers' source and loss, animals' training (NPC
 * columns), and the last attempt at each named task of a character or NPC (G&M CH6).
 */
export class CharactersCampaign1764750000000 implements MigrationInterface {
  name = 'CharactersCampaign1764750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('npcs', [
      new TableColumn({ name: 'follower_source', type: 'varchar', length: '16', isNullable: true }),
      new TableColumn({ name: 'training', type: 'varchar', length: '16', isNullable: true }),
      new TableColumn({ name: 'lost_in_session', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'returns_at_session', type: 'integer', isNullable: true }),
    ]);
    await q.createTable(
      new Table({
        name: 'task_attempts',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'scope', type: 'varchar', length: '36' },
          { name: 'owner_kind', type: 'varchar', length: '16' },
          ref('owner_id'),
          { name: 'task_key', type: 'varchar', length: '200' },
          { name: 'task', type: 'varchar', length: '200' },
          { name: 'framing', type: 'varchar', length: '500', isNullable: true },
          { name: 'passed', type: 'boolean' },
          ref('session_id', true),
          ref('roll_id'),
          { name: 'secret', type: 'boolean', default: false },
          time('updated_at'),
        ],
        foreignKeys: [
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_task_attempts_scope_task',
            columnNames: ['campaign_id', 'scope', 'task_key'],
            isUnique: true,
          }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('task_attempts');
    for (const column of ['returns_at_session', 'lost_in_session', 'training', 'follower_source']) {
      await q.dropColumn('npcs', column);
    }
  }
}
