import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { ref, time } from './columns';

/**
 * Cairn magic (SPEC 6.5, issue 22): what makes an inventory item a spellbook, a scroll, a relic (with
 * its charges and recharge condition) or a Fatigue. One row per such item, gone with the item.
 */
export class CairnMagic1764725000000 implements MigrationInterface {
  name = 'CairnMagic1764725000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'cairn_magic_items',
        columns: [
          { name: 'item_id', type: 'varchar', length: '36', isPrimary: true },
          ref('campaign_id'),
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'spell_number', type: 'integer', isNullable: true },
          { name: 'power', type: 'varchar', length: '200', isNullable: true },
          { name: 'charges', type: 'integer', isNullable: true },
          { name: 'max_charges', type: 'integer', isNullable: true },
          { name: 'recharge', type: 'varchar', length: '200', isNullable: true },
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [
          {
            columnNames: ['item_id'],
            referencedTableName: 'inventory_items',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
        indices: [new TableIndex({ name: 'IDX_cairn_magic_items_campaign', columnNames: ['campaign_id'] })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('cairn_magic_items');
  }
}
