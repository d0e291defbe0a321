import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { id, ref, seq, time } from './columns';

const campaign = {
  columnNames: ['campaign_id'],
  referencedTableName: 'campaigns',
  referencedColumnNames: ['id'],
};

/** Characters (SPEC 6.1): sheets per system, the condition ledger and NPCs. */
export class Characters1764650000000 implements MigrationInterface {
  name = 'Characters1764650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'npcs',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'grade', type: 'varchar', length: '16', isNullable: true },
          { name: 'tag', type: 'varchar', length: '16', isNullable: true },
          ref('bound_to', true),
          { name: 'visibility', type: 'varchar', length: '16' },
          { name: 'show_numbers', type: 'boolean', default: false },
          { name: 'visible_state', type: 'varchar', length: '200', isNullable: true },
          { name: 'notes', type: 'text', isNullable: true },
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [campaign],
        indices: [
          new TableIndex({ name: 'IDX_npcs_campaign', columnNames: ['campaign_id', 'created_at', 'id'] }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'character_sheets',
        columns: [
          id,
          ref('campaign_id'),
          { name: 'owner_kind', type: 'varchar', length: '16' },
          ref('owner_id'),
          { name: 'system', type: 'varchar', length: '16' },
          { name: 'data', type: 'text' },
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [campaign],
        indices: [
          new TableIndex({
            name: 'IDX_character_sheets_owner',
            columnNames: ['owner_id', 'system'],
            isUnique: true,
          }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'condition_ledger',
        columns: [
          seq,
          { name: 'id', type: 'varchar', length: '36' },
          ref('campaign_id'),
          { name: 'owner_kind', type: 'varchar', length: '16' },
          ref('owner_id'),
          { name: 'system', type: 'varchar', length: '16' },
          { name: 'field', type: 'varchar', length: '200' },
          { name: 'delta', type: 'integer' },
          { name: 'value_after', type: 'integer' },
          { name: 'cause', type: 'varchar', length: '16' },
          { name: 'procedure', type: 'varchar', length: '64', isNullable: true },
          ref('roll_id', true),
          { name: 'reason', type: 'varchar', length: '200', isNullable: true },
          ref('session_id', true),
          ref('key_id'),
          time('created_at'),
        ],
        foreignKeys: [campaign],
        indices: [
          new TableIndex({ name: 'IDX_condition_ledger_id', columnNames: ['id'], isUnique: true }),
          new TableIndex({ name: 'IDX_condition_ledger_owner_seq', columnNames: ['owner_id', 'seq'] }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['condition_ledger', 'character_sheets', 'npcs']) await q.dropTable(table);
  }
}
