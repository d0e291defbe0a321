import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Harm (issue 19): an inventory item broken by Broken Gear (COEAC Down and Out) until repaired. */
export class BrokenItems1764800000000 implements MigrationInterface {
  name = 'BrokenItems1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn(
      'inventory_items',
      new TableColumn({ name: 'broken', type: 'boolean', isNullable: false, default: false }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('inventory_items', 'broken');
  }
}
