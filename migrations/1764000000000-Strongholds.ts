import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { ref, seq, time } from './columns';

const to = (column: string, table: string) => ({
  columnNames: [column],
  referencedTableName: table,
  referencedColumnNames: ['id'],
});

/**
 * Strongholds (COEAC): strongholds of characters and of the company, their tags, one improvement per
 * stronghold per session, and one company income roll per session.
 */
export class Strongholds1764000000000 implements MigrationInterface {
  name = 'Strongholds1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'strongholds',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          ref('campaign_id'),
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'kind', type: 'varchar', length: '50', isNullable: true },
          ref('owner_character_id', true),
          { name: 'rank', type: 'integer', default: 0 },
          time('removed_at', true),
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [to('campaign_id', 'campaigns'), to('owner_character_id', 'characters')],
        indices: [
          new TableIndex({
            name: 'IDX_strongholds_campaign_created',
            columnNames: ['campaign_id', 'created_at', 'id'],
          }),
          new TableIndex({ name: 'IDX_strongholds_owner', columnNames: ['owner_character_id'] }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'stronghold_tags',
        columns: [
          seq,
          ref('stronghold_id'),
          { name: 'name', type: 'varchar', length: '40' },
          { name: 'name_key', type: 'varchar', length: '40' },
          { name: 'economic', type: 'boolean', default: false },
          { name: 'earned', type: 'boolean', default: false },
          time('created_at'),
        ],
        foreignKeys: [to('stronghold_id', 'strongholds')],
        indices: [
          new TableIndex({
            name: 'IDX_stronghold_tags_name',
            columnNames: ['stronghold_id', 'name_key'],
            isUnique: true,
          }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'stronghold_improvements',
        columns: [
          seq,
          ref('campaign_id'),
          ref('session_id'),
          ref('stronghold_id'),
          ref('roll_id'),
          ref('key_id'),
          time('created_at'),
        ],
        foreignKeys: [
          to('campaign_id', 'campaigns'),
          to('session_id', 'game_sessions'),
          to('stronghold_id', 'strongholds'),
        ],
        indices: [
          new TableIndex({
            name: 'IDX_stronghold_improvements_once',
            columnNames: ['session_id', 'stronghold_id'],
            isUnique: true,
          }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'company_incomes',
        columns: [
          seq,
          ref('campaign_id'),
          ref('session_id'),
          ref('roll_id'),
          ref('key_id'),
          time('created_at'),
        ],
        foreignKeys: [to('campaign_id', 'campaigns'), to('session_id', 'game_sessions')],
        indices: [
          new TableIndex({
            name: 'IDX_company_incomes_session',
            columnNames: ['session_id'],
            isUnique: true,
          }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('company_incomes');
    await q.dropTable('stronghold_improvements');
    await q.dropTable('stronghold_tags');
    await q.dropTable('strongholds');
  }
}
