import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 42: a character, NPC or referee table is found by its name, exact and ignoring case, where
 * an id goes and in the lists' `name` filter (`lower(name) = lower(?)` within one campaign). An index
 * on (campaign_id, lower(name)) finds those rows without reading the campaign's others. The same
 * statements run on SQLite (expression indexes) and PostgreSQL.
 */
export class NameIndexes1765030000000 implements MigrationInterface {
  name = 'NameIndexes1765030000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES)
      await q.query(`CREATE INDEX "IDX_${table}_campaign_lower_name" ON ${table} (campaign_id, lower(name))`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) await q.query(`DROP INDEX "IDX_${table}_campaign_lower_name"`);
  }
}

const TABLES = ['characters', 'npcs', 'referee_tables'];
