import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { id, ref, time } from './columns';

/**
 * COEAC magic in a campaign (SPEC 6.5): the live instance of each spell a character channeled (one per
 * spell: a new cast replaces it) and the one spell a character holds bound.
 */
export class CoeacMagic1764720000000 implements MigrationInterface {
  name = 'CoeacMagic1764720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'coeac_spell_instances',
        columns: [
          id,
          ref('campaign_id'),
          ref('character_id'),
          { name: 'spell_id', type: 'varchar', length: '64' },
          { name: 'bound', type: 'boolean', default: false },
          { name: 'potency', type: 'integer' },
          { name: 'objective', type: 'integer' },
          ref('roll_id'),
          time('created_at'),
        ],
        foreignKeys: [
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_coeac_spell_instances_spell',
            columnNames: ['character_id', 'spell_id'],
            isUnique: true,
          }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('coeac_spell_instances');
  }
}
