import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { ref, seq, time } from './columns';

const toCampaign = {
  columnNames: ['campaign_id'],
  referencedTableName: 'campaigns',
  referencedColumnNames: ['id'],
};
const toSession = {
  columnNames: ['session_id'],
  referencedTableName: 'game_sessions',
  referencedColumnNames: ['id'],
};
const toCharacter = {
  columnNames: ['character_id'],
  referencedTableName: 'characters',
  referencedColumnNames: ['id'],
};

/**
 * Campaign state the domains share: the in-game clock, the session roster, the company treasury and
 * its ledger, downtime actions, and the seal of secret rolls (salt, commitment, reveal time).
 */
export class CampaignState1763900000000 implements MigrationInterface {
  name = 'CampaignState1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'campaign_clocks',
        columns: [
          { name: 'campaign_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'day', type: 'integer', default: 1 },
          { name: 'watch', type: 'varchar', length: '16', default: "'morning'" },
          { name: 'turn', type: 'integer', default: 0 },
          { name: 'scale', type: 'varchar', length: '16', default: "'haven'" },
          { name: 'night_watch', type: 'boolean', default: false },
          time('updated_at'),
        ],
        foreignKeys: [toCampaign],
      }),
    );
    await q.createTable(
      new Table({
        name: 'campaign_treasuries',
        columns: [
          { name: 'campaign_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'cash', type: 'integer', default: 0 },
          time('updated_at'),
        ],
        foreignKeys: [toCampaign],
      }),
    );
    // Campaigns made before this migration get their clock and treasury now.
    for (const table of ['campaign_clocks', 'campaign_treasuries']) {
      await q.query(`INSERT INTO ${table} (campaign_id, updated_at) SELECT id, created_at FROM campaigns`);
    }
    await q.createTable(
      new Table({
        name: 'treasury_ledger',
        columns: [
          seq,
          { name: 'id', type: 'varchar', length: '36' },
          ref('campaign_id'),
          { name: 'cash_delta', type: 'integer' },
          { name: 'cash_after', type: 'integer' },
          { name: 'reason', type: 'varchar', length: '32' },
          { name: 'note', type: 'varchar', length: '200', isNullable: true },
          ref('character_id', true),
          ref('roll_id', true),
          ref('session_id', true),
          ref('key_id'),
          time('created_at'),
        ],
        foreignKeys: [toCampaign],
        indices: [
          new TableIndex({ name: 'IDX_treasury_ledger_id', columnNames: ['id'], isUnique: true }),
          new TableIndex({ name: 'IDX_treasury_ledger_campaign_seq', columnNames: ['campaign_id', 'seq'] }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'session_rosters',
        columns: [seq, ref('session_id'), ref('character_id'), time('created_at')],
        foreignKeys: [toSession, toCharacter],
        indices: [
          new TableIndex({
            name: 'IDX_session_rosters_member',
            columnNames: ['session_id', 'character_id'],
            isUnique: true,
          }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'downtime_actions',
        columns: [
          seq,
          { name: 'id', type: 'varchar', length: '36' },
          ref('campaign_id'),
          ref('session_id'),
          ref('character_id'),
          { name: 'activity', type: 'varchar', length: '200' },
          ref('roll_id', true),
          ref('key_id'),
          time('created_at'),
        ],
        foreignKeys: [toCampaign, toSession, toCharacter],
        indices: [
          new TableIndex({ name: 'IDX_downtime_actions_id', columnNames: ['id'], isUnique: true }),
          new TableIndex({
            name: 'IDX_downtime_actions_once',
            columnNames: ['session_id', 'character_id'],
            isUnique: true,
          }),
        ],
      }),
    );
    await q.addColumns('rolls', [
      new TableColumn({ name: 'salt', type: 'varchar', length: '32', isNullable: true }),
      new TableColumn({ name: 'commitment', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'revealed_at', type: 'varchar', length: '32', isNullable: true }),
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of ['revealed_at', 'commitment', 'salt']) await q.dropColumn('rolls', column);
    for (const table of [
      'downtime_actions',
      'session_rosters',
      'treasury_ledger',
      'campaign_treasuries',
      'campaign_clocks',
    ]) {
      await q.dropTable(table);
    }
  }
}
