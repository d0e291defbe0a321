/**
 * The SQLite floor of a purchase: the statements one character purchase with an Idempotency-Key
 * runs, replayed with raw prepared better-sqlite3 statements on a database made by the app's own
 * migrations, in the same folder and with the same pragmas as the app. No HTTP, no Nest, no ORM:
 * whatever the app does, one purchase cannot cost its process less than this.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config';
import { dataSourceOptions } from '../src/database/data-source-options';

export interface SqliteFloor {
  purchases: number;
  /** Mean time of one purchase's statements, its commit included (µs). */
  microsPerPurchase: number;
  /** Of which the COMMIT (µs). */
  microsInCommit: number;
  /** The most purchases a second one core could commit, doing nothing else. */
  purchasesPerSecondCeiling: number;
}

/** Creates the schema with the app's migrations, then times `purchases` purchases. */
export async function measureSqliteFloor(directory: string, purchases = 3000): Promise<SqliteFloor> {
  const path = join(directory, 'floor.sqlite');
  const options = dataSourceOptions(loadConfig({ DATABASE_PATH: path, LOG_LEVEL: 'silent' }));
  const schema = new DataSource(options);
  await schema.initialize();
  await schema.destroy();

  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    const campaignId = randomUUID();
    const characterId = randomUUID();
    const stamp = new Date().toISOString();
    db.prepare(
      'INSERT INTO campaigns (id, name, settings, current_session_id, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(campaignId, 'floor', '{}', null, stamp);
    db.prepare(
      'INSERT INTO characters (id, campaign_id, name, notes, created_at, updated_at, wealth, cash) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(characterId, campaignId, 'Shopper', null, stamp, stamp, 0, 1_000_000);

    // The statements of one purchase, in the app's order (see WealthService.purchase,
    // IdempotencyStore.begin and Database.mutation).
    const findRecord = db.prepare('SELECT * FROM idempotency_records WHERE id = ?');
    const claim = db.prepare(
      'INSERT INTO idempotency_records (id, request_hash, state, response_status, response_body, ' +
        'created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const begin = db.prepare('BEGIN');
    const findCampaign = db.prepare('SELECT * FROM campaigns WHERE id = ?');
    const findCharacter = db.prepare('SELECT * FROM characters WHERE id = ? AND campaign_id = ?');
    const updateCharacter = db.prepare(
      'UPDATE characters SET wealth = ?, cash = ?, updated_at = ? WHERE id = ?',
    );
    const insertRoll = db.prepare(
      'INSERT INTO rolls (id, campaign_id, session_id, key_id, role, procedure, inputs, seed, rng, faces, ' +
        'outcome, effects, secret, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertLedger = db.prepare(
      'INSERT INTO cash_ledger (id, campaign_id, character_id, cash_delta, wealth_delta, cash_after, ' +
        'wealth_after, reason, note, roll_id, session_id, key_id, created_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const storeAnswer = db.prepare(
      'UPDATE idempotency_records SET state = ?, response_status = ?, response_body = ? WHERE id = ?',
    );
    const commit = db.prepare('COMMIT');
    const answer = 'x'.repeat(900); // about the size of a sealed purchase answer

    let cash = 1_000_000;
    let total = 0n;
    let inCommit = 0n;
    for (let i = 0; i < purchases; i++) {
      const recordId = `${randomUUID()}${randomUUID()}`.replace(/-/g, '');
      const rollId = randomUUID();
      const now = new Date().toISOString();
      const started = process.hrtime.bigint();
      findRecord.get(recordId);
      claim.run(recordId, 'hash', 'pending', null, null, now, now);
      begin.run();
      findCampaign.get(campaignId);
      findCharacter.get(characterId, campaignId);
      cash -= 1;
      updateCharacter.run(0, cash, now, characterId);
      insertRoll.run(
        rollId,
        campaignId,
        null,
        'key',
        'referee',
        'wealth.purchase',
        '{"cost":1,"wealth":0,"wager":1,"rule":"discount","scarcity":false}',
        randomUUID(),
        'xoroshiro128plus@1',
        '[4]',
        '{"objective":1,"pool":1,"successes":1,"acquired":true,"cashSpent":1,"flatCost":false}',
        '{"cashDelta":-1}',
        0,
        now,
      );
      insertLedger.run(
        randomUUID(),
        campaignId,
        characterId,
        -1,
        0,
        cash,
        0,
        'purchase',
        'torch',
        rollId,
        null,
        'key',
        now,
      );
      storeAnswer.run('done', 201, answer, recordId);
      const committing = process.hrtime.bigint();
      commit.run();
      const done = process.hrtime.bigint();
      total += done - started;
      inCommit += done - committing;
    }
    const microsPerPurchase = Number(total) / 1000 / purchases;
    return {
      purchases,
      microsPerPurchase,
      microsInCommit: Number(inCommit) / 1000 / purchases,
      purchasesPerSecondCeiling: 1_000_000 / microsPerPurchase,
    };
  } finally {
    db.close();
  }
}
