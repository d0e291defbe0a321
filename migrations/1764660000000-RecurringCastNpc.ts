import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** A recurring cast member may point to the NPC that plays it (issue 18; SPEC 5.4 and 6.1). */
export class RecurringCastNpc1764660000000 implements MigrationInterface {
  name = 'RecurringCastNpc1764660000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn(
      'recurring_cast',
      new TableColumn({ name: 'npc_id', type: 'varchar', length: '36', isNullable: true }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('recurring_cast', 'npc_id');
  }
}
