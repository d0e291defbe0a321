import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every list reads its page from one index that holds its filter and its order (issue 41), so a page
 * costs the same in a campaign of 10 rows as in one of 5,000: the characters and keys by (campaign,
 * created_at, id), a character's artifact rituals by (character, created_at, id), combats and mass
 * conflicts newest first by (campaign, created_at DESC, id). Each replaces the shorter index it
 * extends (its columns are a prefix of the new one, so nothing that used it loses it).
 * test/e2e/list-plans.e2e-spec.ts asserts every list's plan on SQLite and PostgreSQL.
 *
 * Written as SQL rather than `TableIndex`: TypeORM's index has no per-column direction, and the same
 * statements run on both databases (PostgreSQL finds the tables on the schema's search path).
 */
export class ListIndexes1765010000000 implements MigrationInterface {
  name = 'ListIndexes1765010000000';

  async up(q: QueryRunner): Promise<void> {
    for (const change of CHANGES) {
      await q.query(`CREATE INDEX "${change.name}" ON ${change.table} (${change.columns})`);
      await q.query(`DROP INDEX "${change.replaces.name}"`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const change of [...CHANGES].reverse()) {
      await q.query(`CREATE INDEX "${change.replaces.name}" ON ${change.table} (${change.replaces.columns})`);
      await q.query(`DROP INDEX "${change.name}"`);
    }
  }
}

const CHANGES = [
  {
    table: 'characters',
    name: 'IDX_characters_campaign_created',
    columns: 'campaign_id, created_at, id',
    replaces: { name: 'IDX_characters_campaign', columns: 'campaign_id' },
  },
  {
    table: 'api_keys',
    name: 'IDX_api_keys_campaign_created',
    columns: 'campaign_id, created_at, id',
    replaces: { name: 'IDX_api_keys_campaign', columns: 'campaign_id' },
  },
  {
    table: 'artifact_rituals',
    name: 'IDX_artifact_rituals_character_created',
    columns: 'character_id, created_at, id',
    replaces: { name: 'IDX_artifact_rituals_character', columns: 'character_id, created_at' },
  },
  {
    table: 'combats',
    name: 'IDX_combats_campaign_newest',
    columns: 'campaign_id, created_at DESC, id',
    replaces: { name: 'IDX_combats_campaign', columns: 'campaign_id, created_at' },
  },
  {
    table: 'mass_conflicts',
    name: 'IDX_mass_conflicts_campaign_newest',
    columns: 'campaign_id, created_at DESC, id',
    replaces: { name: 'IDX_mass_conflicts_campaign', columns: 'campaign_id, created_at' },
  },
];
