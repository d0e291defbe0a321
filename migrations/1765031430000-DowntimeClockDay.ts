import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * COEAC havens (issue 43, J5): a downtime action keeps the campaign clock's day it was spent on, so
 * that one a week (003:977) can be enforced across sessions. Rows from before stay null.
 */
export class DowntimeClockDay1765031430000 implements MigrationInterface {
  name = 'DowntimeClockDay1765031430000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn(
      'downtime_actions',
      new TableColumn({ name: 'clock_day', type: 'integer', isNullable: true }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('downtime_actions', 'clock_day');
  }
}
