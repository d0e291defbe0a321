import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { id, ref, time } from './columns';

/** Campaigns, keys, characters, game sessions, the roll log and idempotency records. */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'campaigns',
        columns: [
          id,
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'settings', type: 'text' },
          ref('current_session_id', true),
          time('created_at'),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'role', type: 'varchar', length: '16' },
          { name: 'label', type: 'varchar', length: '100', isNullable: true },
          { name: 'character_ids', type: 'text' },
          { name: 'secret_hash', type: 'varchar', length: '64' },
          time('created_at'),
          time('revoked_at', true),
        ],
        foreignKeys: [
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
        indices: [
          new TableIndex({ name: 'IDX_api_keys_campaign', columnNames: ['campaign_id'] }),
          new TableIndex({ name: 'IDX_api_keys_secret', columnNames: ['secret_hash'], isUnique: true }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'characters',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'notes', type: 'text', isNullable: true },
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
        indices: [new TableIndex({ name: 'IDX_characters_campaign', columnNames: ['campaign_id'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'game_sessions',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'number', type: 'integer' },
          time('started_at'),
          time('ended_at', true),
        ],
        foreignKeys: [
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_game_sessions_number',
            columnNames: ['campaign_id', 'number'],
            isUnique: true,
          }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'rolls',
        columns: [
          {
            name: 'seq',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'id', type: 'varchar', length: '36' },
          ref('campaign_id'),
          ref('session_id', true),
          ref('key_id'),
          { name: 'role', type: 'varchar', length: '16' },
          { name: 'procedure', type: 'varchar', length: '64' },
          { name: 'inputs', type: 'text' },
          { name: 'seed', type: 'varchar', length: '128' },
          { name: 'rng', type: 'varchar', length: '64' },
          { name: 'faces', type: 'text' },
          { name: 'outcome', type: 'text' },
          { name: 'effects', type: 'text', isNullable: true },
          { name: 'secret', type: 'boolean', default: false },
          time('created_at'),
        ],
        foreignKeys: [
          { columnNames: ['campaign_id'], referencedTableName: 'campaigns', referencedColumnNames: ['id'] },
        ],
        indices: [
          new TableIndex({ name: 'IDX_rolls_id', columnNames: ['id'], isUnique: true }),
          new TableIndex({ name: 'IDX_rolls_campaign_seq', columnNames: ['campaign_id', 'seq'] }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'idempotency_records',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'request_hash', type: 'varchar', length: '64' },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'response_status', type: 'integer', isNullable: true },
          { name: 'response_body', type: 'text', isNullable: true },
          time('created_at'),
          time('expires_at'),
        ],
        indices: [new TableIndex({ name: 'IDX_idempotency_expires', columnNames: ['expires_at'] })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'idempotency_records',
      'rolls',
      'game_sessions',
      'characters',
      'api_keys',
      'campaigns',
    ]) {
      await q.dropTable(table);
    }
  }
}
