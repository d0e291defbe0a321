import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Foundry's Cairn actors (issue 40): an inventory item imported from a Foundry actor keeps the
 * item's Foundry data (a weapon's damage, an item's uses), which the inventory has no columns for,
 * so that the export gives it back.
 */
export class FoundryCairnItems1765020000000 implements MigrationInterface {
  name = 'FoundryCairnItems1765020000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn(
      'inventory_items',
      new TableColumn({ name: 'foundry', type: 'text', isNullable: true }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('inventory_items', 'foundry');
  }
}
