import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { ref, time } from './columns';

const to = (column: string, table: string) => ({
  columnNames: [column],
  referencedTableName: table,
  referencedColumnNames: ['id'],
});

/**
 * Treasure (COEAC): characters' inventories (items in slots, carriers) and the referee's hordes,
 * secret until discovered and divided once.
 */
export class Treasure1764100000000 implements MigrationInterface {
  name = 'Treasure1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'inventory_items',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          ref('campaign_id'),
          ref('character_id'),
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'slots', type: 'integer', default: 1 },
          { name: 'cash', type: 'integer', isNullable: true },
          { name: 'depletion', type: 'integer', isNullable: true },
          { name: 'last_use', type: 'boolean', default: false },
          { name: 'dice', type: 'integer', isNullable: true },
          { name: 'notes', type: 'varchar', length: '500', isNullable: true },
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [to('campaign_id', 'campaigns'), to('character_id', 'characters')],
        indices: [
          new TableIndex({
            name: 'IDX_inventory_items_character',
            columnNames: ['character_id', 'created_at', 'id'],
          }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'inventory_carriers',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          ref('campaign_id'),
          ref('character_id'),
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'name', type: 'varchar', length: '100', isNullable: true },
          time('created_at'),
        ],
        foreignKeys: [to('campaign_id', 'campaigns'), to('character_id', 'characters')],
        indices: [
          new TableIndex({
            name: 'IDX_inventory_carriers_character',
            columnNames: ['character_id', 'created_at', 'id'],
          }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'hordes',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          ref('campaign_id'),
          { name: 'site', type: 'varchar', length: '200' },
          { name: 'difficulty', type: 'varchar', length: '16', isNullable: true },
          { name: 'cash', type: 'integer' },
          { name: 'items', type: 'text' },
          { name: 'roll_ids', type: 'text' },
          ref('placement_id', true),
          ref('placement_roll_id', true),
          time('discovered_at', true),
          time('divided_at', true),
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [to('campaign_id', 'campaigns')],
        indices: [
          new TableIndex({ name: 'IDX_hordes_campaign', columnNames: ['campaign_id', 'created_at', 'id'] }),
          new TableIndex({ name: 'IDX_hordes_placement', columnNames: ['placement_id'] }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('hordes');
    await q.dropTable('inventory_carriers');
    await q.dropTable('inventory_items');
  }
}
