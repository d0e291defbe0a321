import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * The clock's turns-to-watches link and the haven's kind (issue 21; SPEC 6.4). Existing campaigns get
 * turnsPerWatch 0 (turns never reach watches, as before) and a town haven (conversion stays allowed);
 * new campaigns are created with 24 turns a watch by the service.
 */
export class HazardsClock1764730000000 implements MigrationInterface {
  name = 'HazardsClock1764730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn(
      'campaign_clocks',
      new TableColumn({ name: 'turns_per_watch', type: 'integer', default: 0, isNullable: false }),
    );
    await q.addColumn(
      'campaign_clocks',
      new TableColumn({
        name: 'haven_kind',
        type: 'varchar',
        length: '8',
        default: "'town'",
        isNullable: false,
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('campaign_clocks', 'haven_kind');
    await q.dropColumn('campaign_clocks', 'turns_per_watch');
  }
}
