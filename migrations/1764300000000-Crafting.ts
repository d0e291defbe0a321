import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { id, ref, seq, time } from './columns';

const int = (name: string, isNullable = false) => ({ name, type: 'integer', isNullable });
const text = (name: string, length: string) => ({ name, type: 'varchar', length });
const json = (name: string) => ({ name, type: 'text' });
const flag = (name: string) => ({ name, type: 'boolean' });
const to = (column: string, table: string) => ({
  columnNames: [column],
  referencedTableName: table,
  referencedColumnNames: ['id'],
});
const index = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });

/**
 * Crafting: Archsoul crafting projects (money in eighths of a copper) and their daily rolls (one per
 * project, character and in-game day), COEAC project clocks, attunements and attunement rituals (one
 * per character, item and day), Affix Spell rituals and their daily channelings (one per day), and
 * orb integrations. Inventory items are referenced by id only (the inventory owns that table).
 */
export class Crafting1764300000000 implements MigrationInterface {
  name = 'Crafting1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'crafting_projects',
        columns: [
          id,
          ref('campaign_id'),
          text('item', '100'),
          int('price'),
          int('prebuilt_value'),
          int('scavenged_value'),
          int('effective_price'),
          int('complexity'),
          json('skills'),
          int('successes_needed'),
          int('material_cost_eighths'),
          int('materials_owed_eighths'),
          int('materials_spent_eighths'),
          int('copies_paid'),
          int('copies_made'),
          json('progress'),
          time('abandoned_at', true),
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [to('campaign_id', 'campaigns')],
        indices: [index('IDX_crafting_projects_campaign', ['campaign_id', 'created_at', 'id'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'crafting_rolls',
        columns: [
          seq,
          ref('campaign_id'),
          ref('project_id'),
          ref('character_id'),
          int('day'),
          text('skill_name', '50'),
          int('successes'),
          ref('roll_id'),
          time('created_at'),
        ],
        foreignKeys: [
          to('campaign_id', 'campaigns'),
          to('project_id', 'crafting_projects'),
          to('character_id', 'characters'),
        ],
        indices: [index('IDX_crafting_rolls_daily', ['project_id', 'character_id', 'day'], true)],
      }),
    );
    await q.createTable(
      new Table({
        name: 'project_clocks',
        columns: [
          id,
          ref('campaign_id'),
          text('name', '100'),
          int('ticks'),
          int('filled'),
          json('character_ids'),
          text('visibility', '10'),
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [to('campaign_id', 'campaigns')],
        indices: [index('IDX_project_clocks_campaign', ['campaign_id', 'created_at', 'id'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'attunements',
        columns: [
          id,
          ref('campaign_id'),
          ref('character_id'),
          ref('item_id'),
          text('method', '10'),
          int('day'),
          ref('roll_id', true),
          time('created_at'),
        ],
        foreignKeys: [to('campaign_id', 'campaigns'), to('character_id', 'characters')],
        indices: [index('IDX_attunements_item', ['character_id', 'item_id'], true)],
      }),
    );
    await q.createTable(
      new Table({
        name: 'attunement_rituals',
        columns: [
          seq,
          ref('campaign_id'),
          ref('character_id'),
          ref('item_id'),
          int('day'),
          flag('passed'),
          ref('roll_id'),
          time('created_at'),
        ],
        foreignKeys: [to('campaign_id', 'campaigns'), to('character_id', 'characters')],
        indices: [index('IDX_attunement_rituals_daily', ['character_id', 'item_id', 'day'], true)],
      }),
    );
    await q.createTable(
      new Table({
        name: 'artifact_rituals',
        columns: [
          id,
          ref('campaign_id'),
          ref('character_id'),
          text('spell', '100'),
          int('channeling_objective'),
          ref('anchor_item_id', true),
          int('streak'),
          int('last_day', true),
          text('status', '12'),
          ref('artifact_item_id', true),
          time('created_at'),
          time('updated_at'),
        ],
        foreignKeys: [to('campaign_id', 'campaigns'), to('character_id', 'characters')],
        indices: [index('IDX_artifact_rituals_character', ['character_id', 'created_at'])],
      }),
    );
    await q.createTable(
      new Table({
        name: 'artifact_channelings',
        columns: [seq, ref('ritual_id'), int('day'), flag('passed'), ref('roll_id'), time('created_at')],
        foreignKeys: [to('ritual_id', 'artifact_rituals')],
        indices: [index('IDX_artifact_channelings_daily', ['ritual_id', 'day'], true)],
      }),
    );
    await q.createTable(
      new Table({
        name: 'orb_integrations',
        columns: [
          id,
          ref('campaign_id'),
          ref('character_id'),
          ref('orb_item_id'),
          ref('into_item_id'),
          flag('integrated'),
          ref('roll_id'),
          time('created_at'),
        ],
        foreignKeys: [to('campaign_id', 'campaigns'), to('character_id', 'characters')],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'orb_integrations',
      'artifact_channelings',
      'artifact_rituals',
      'attunement_rituals',
      'attunements',
      'project_clocks',
      'crafting_rolls',
      'crafting_projects',
    ]) {
      await q.dropTable(table);
    }
  }
}
