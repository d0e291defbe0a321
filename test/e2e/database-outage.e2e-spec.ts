import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign } from '../factories/campaign';
import { expectProblem } from '../factories/problem';
import { gql } from '../factories/graphql';
import { databaseOutage, DatabaseOutage } from './outage';

/*
 * The database lost or refusing connections: every answer is a 503 DATABASE_UNAVAILABLE with
 * Retry-After (GraphQL: the same code in extensions), never a 500; /ready names the database; nothing
 * changes; once it is back, the same requests succeed without a restart.
 */
describe(`database unavailable (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  let outage: DatabaseOutage;
  const pool = { pool: 5, objective: 2, seed: 'outage' };

  beforeAll(async () => {
    t = await startApp();
    c = await createCampaign(t.server, 'Outage');
    outage = databaseOutage(t);
  });
  afterAll(() => t.close());

  it('answers REST reads and mutations 503 DATABASE_UNAVAILABLE with Retry-After, then recovers', async () => {
    await t.http.post(`/v1/campaigns/${c.id}/checks/pool`).set(c.auth).send(pool).expect(201);
    const before = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    await outage.down();
    try {
      const read = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth);
      expectProblem(read, 503, 'DATABASE_UNAVAILABLE');
      expect(read.headers['retry-after']).toBe('5');
      expect(read.body.detail).toMatch(/database/i);
      const write = await t.http
        .post(`/v1/campaigns/${c.id}/checks/pool`)
        .set(c.auth)
        .set('Idempotency-Key', 'outage-1')
        .send(pool);
      expectProblem(write, 503, 'DATABASE_UNAVAILABLE');
      expect(write.headers['retry-after']).toBe('5');
      // A new campaign (no key involved) is refused the same way.
      expectProblem(await t.http.post('/v1/campaigns').send({ name: 'x' }), 503, 'DATABASE_UNAVAILABLE');
    } finally {
      await outage.up();
    }
    // Back: the log is as it was, and the retry with the same key is made once.
    const after = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    expect(after.body.items).toEqual(before.body.items);
    await t.http
      .post(`/v1/campaigns/${c.id}/checks/pool`)
      .set(c.auth)
      .set('Idempotency-Key', 'outage-1')
      .send(pool)
      .expect(201);
    const last = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    expect(last.body.items).toHaveLength(before.body.items.length + 1);
  });

  it('answers GraphQL with extensions.code DATABASE_UNAVAILABLE (status 503), never INTERNAL', async () => {
    await outage.down();
    try {
      const query = await gql(
        t.server,
        'query($c: ID!) { rolls(campaignId: $c) { items { id } } }',
        { c: c.id },
        c.auth,
      );
      expect(query.errors?.map((e) => e.extensions?.code)).toEqual(['DATABASE_UNAVAILABLE']);
      expect(query.errors?.[0].extensions?.status).toBe(503);
      const mutation = await gql(t.server, 'mutation { createCampaign(input: { name: "x" }) { id } }', {});
      expect(mutation.errors?.map((e) => e.extensions?.code)).toEqual(['DATABASE_UNAVAILABLE']);
    } finally {
      await outage.up();
    }
    const back = await gql(
      t.server,
      'query($c: ID!) { rolls(campaignId: $c) { items { id } } }',
      { c: c.id },
      c.auth,
    );
    expect(back.errors).toBeUndefined();
  });

  it('/ready answers 503 naming the database, and 200 again once it is back', async () => {
    await t.http.get('/ready').expect(200);
    await outage.down();
    try {
      const res = await t.http.get('/ready');
      expectProblem(res, 503, 'DATABASE_UNAVAILABLE');
      expect(res.body.detail).toMatch(/database/);
      expect(res.body.checks.database.status).toBe('down');
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await outage.up();
    }
    const ok = await t.http.get('/ready').expect(200);
    expect(ok.body.info.database.status).toBe('up');
  });
});
