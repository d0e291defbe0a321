import { DataSource } from 'typeorm';
import { IdempotencySweeper, SWEEP_BATCH } from '../../src/idempotency/idempotency.module';
import { createCampaign, CampaignFixture } from '../factories/campaign';
import { DATABASE_KIND, startApp, TestApp } from './harness';

/** Expired records the clean-up meets: one DELETE of them all held SQLite's event loop ~0.4 s. */
const EXPIRED = 50_000;
/** Requests kept in flight while it runs. */
const CLIENTS = 4;
/**
 * The longest gap allowed between two answers while the clean-up runs (or twice the longest before
 * it, on a host so busy that its scheduler alone makes longer ones). A batch takes a millisecond or
 * two; one DELETE of all 50,000 records held SQLite's event loop about 400 ms on the team's host.
 */
const LONGEST_GAP_MS = 100;

/** The most CPU time one batch of the clean-up may take (on SQLite, the time it holds the event loop). */
const LONGEST_BATCH_MS = 20;

/*
 * The hourly clean-up of expired Idempotency-Key records deletes them a batch at a time (issue 41):
 * on SQLite every statement runs on the event loop, and one DELETE of a large table stopped the
 * server answering for its whole length. The service is held under load (a few clients, each sending
 * its next request as soon as the last is answered) while a clean-up of many expired records runs,
 * and the longest time between two answers is asserted.
 */
describe(`idempotency clean-up under load (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  let source: DataSource;

  beforeAll(async () => {
    t = await startApp();
    c = await createCampaign(t.server);
    source = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  /** Writes `n` records that expired an hour ago, in one statement (the database makes the rows). */
  async function expiredRecords(n: number, prefix: string): Promise<void> {
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const body = 'x'.repeat(600);
    if (DATABASE_KIND === 'postgres') {
      await source.query(
        `INSERT INTO idempotency_records (id, request_hash, state, response_status, response_body, created_at, expires_at)
         SELECT $1 || i, 'h', 'done', 201, $2, $3, $3 FROM generate_series(1, $4) AS i`,
        [prefix, body, past, n],
      );
      return;
    }
    await source.query(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO idempotency_records (id, request_hash, state, response_status, response_body, created_at, expires_at)
       SELECT ? || i, 'h', 'done', 201, ?, ?, ? FROM n`,
      [n, prefix, body, past, past],
    );
  }

  const count = async (prefix: string) =>
    Number(
      (
        (await source.query(
          `SELECT COUNT(*) AS n FROM idempotency_records WHERE id LIKE ${DATABASE_KIND === 'postgres' ? '$1' : '?'}`,
          [`${prefix}%`],
        )) as { n: number | string }[]
      )[0].n,
    );

  /** Expired records under `prefix`, then a sweep while clients keep asking: what it measured. */
  async function sweepUnderLoad(prefix: string) {
    await expiredRecords(EXPIRED, prefix);
    const answeredAt: number[] = [];
    let sweeping = true;
    const client = async () => {
      while (sweeping) {
        await t.http.get(`/v1/campaigns/${c.id}/characters`).set(c.auth).expect(200);
        answeredAt.push(performance.now());
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    // Let the clients get going before measuring.
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The longest gap between answers of the same load before the clean-up: on a busy shared host
    // the scheduler alone makes gaps of tens of milliseconds, which the bound must not blame on it.
    const from = answeredAt.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = answeredAt.slice(from);
    const baseline = Math.max(...before.slice(1).map((at, i) => at - before[i]));
    const started = performance.now();
    const { deleted, longestBatchMs } = await t.app.get(IdempotencySweeper).sweep();
    const finished = performance.now();
    sweeping = false;
    await Promise.all(clients);
    const during = answeredAt.filter((at) => at >= started && at <= finished + LONGEST_GAP_MS);
    const gaps = answeredAt.slice(1).map((at, i) => at - answeredAt[i]);
    const longest = Math.max(
      ...gaps.filter((_, i) => answeredAt[i + 1] >= started && answeredAt[i] <= finished),
    );
    if (process.env.SWEEP_PRINT) console.log({ baseline, longest, longestBatchMs, answers: during.length });
    return {
      deleted,
      longestBatchMs,
      baseline,
      longest,
      during,
      bound: Math.max(LONGEST_GAP_MS, 2 * baseline),
    };
  }

  it('deletes every expired record, a batch at a time, and answers requests throughout', async () => {
    // A live record (a keyed request of a moment ago) stays.
    await t.http
      .post(`/v1/campaigns/${c.id}/checks/pool`)
      .set(c.auth)
      .set('Idempotency-Key', 'still-live')
      .send({ pool: 3, objective: 1 })
      .expect(201);
    let run = await sweepUnderLoad('expired-');
    expect(run.deleted).toBe(EXPIRED);
    // A host shared with other test workers can stall this process for reasons of its own (CI ran
    // one 1.8 s gap on Node 26 beside the fuzz tier; alone it measures ~15 ms): a gap over the bound
    // is measured once more, and only a stall that repeats fails, as a sweep that blocks would.
    if (run.longest >= run.bound) run = await sweepUnderLoad('expired-again-');

    expect(run.deleted).toBe(EXPIRED);
    expect(await count('expired-')).toBe(0);
    expect(await count('')).toBe(1);
    // Answers kept coming while it ran (several batches' worth of time), never far apart.
    expect(run.during.length).toBeGreaterThan(EXPIRED / SWEEP_BATCH / 4);
    expect(run.longest).toBeLessThan(run.bound);
    // No batch held the server longer than the issue allows a pause to last. Only SQLite's statements
    // run on the event loop; a PostgreSQL batch awaits the server while requests run, and the process's
    // CPU time over it counts theirs.
    if (DATABASE_KIND === 'sqlite') expect(run.longestBatchMs).toBeLessThan(LONGEST_BATCH_MS);
  });

  it('stores a keyed answer in less room than the answer (compressed, then sealed)', async () => {
    const answer = await t.http
      .post(`/v1/campaigns/${c.id}/checks/pool`)
      .set(c.auth)
      .set('Idempotency-Key', 'lean-record')
      .send({ pool: 6, objective: 3 })
      .expect(201);
    const rows = (await source.query(
      `SELECT response_body, response_sealed FROM idempotency_records
       WHERE response_status = 201 AND state = 'done' AND request_hash <> 'h'`,
    )) as { response_body: string | null; response_sealed: Uint8Array | null }[];
    // The records of the two keyed checks of this file: sealed uncompressed (base64 of the whole text)
    // each was some 1.4 times the size of its answer; compressed first, about three quarters as
    // base64 text; kept as bytes, under two thirds (no text beside them).
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.response_body).toBeNull();
      expect(row.response_sealed?.length).toBeLessThan((2 / 3) * answer.text.length);
    }
    // And the retry still gets the answer, byte for byte.
    const replay = await t.http
      .post(`/v1/campaigns/${c.id}/checks/pool`)
      .set(c.auth)
      .set('Idempotency-Key', 'lean-record')
      .send({ pool: 6, objective: 3 })
      .expect(201);
    expect(replay.text).toBe(answer.text);
  });
});
