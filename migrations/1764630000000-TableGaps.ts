import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Referee tables may let totals no entry covers mean "nothing happens" (issue 17, section 4). */
export class TableGaps1764630000000 implements MigrationInterface {
  name = 'TableGaps1764630000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn(
      'referee_tables',
      new TableColumn({ name: 'allow_gaps', type: 'boolean', default: false }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('referee_tables', 'allow_gaps');
  }
}
