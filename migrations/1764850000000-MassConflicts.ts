import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { id, ref, time } from './columns';

/** Stored G&M mass conflicts (issue 20): units fighting as one, their rounds, losses and morale. */
export class MassConflicts1764850000000 implements MigrationInterface {
  name = 'MassConflicts1764850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'mass_conflicts',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'round', type: 'integer' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'secret', type: 'boolean', default: false },
          { name: 'units', type: 'text' },
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
        indices: [
          new TableIndex({ name: 'IDX_mass_conflicts_campaign', columnNames: ['campaign_id', 'created_at'] }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('mass_conflicts');
  }
}
