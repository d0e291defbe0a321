import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { createCampaign } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';

describe(`limits, rate limiting and request ids (${DATABASE_KIND})`, () => {
  describe('GraphQL depth and cost', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp({ GRAPHQL_MAX_DEPTH: '3', GRAPHQL_MAX_COST: '50' });
    });
    afterAll(() => t.close());

    it('refuses a query nested deeper than the limit with a 400', async () => {
      const answer = await gql(
        t.server,
        '{ campaign(campaignId: "x") { characters { items { recentLedger { reason } } } } }',
      );
      expect(answer.status).toBe(400);
      expect(answer.errors?.[0].message).toMatch(/depth/i);
      expect(codes(answer)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    });

    it('answers a query within the depth limit', async () => {
      const answer = await gql(t.server, '{ poolOdds(dice: 4, objective: 2) { probability } }');
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toEqual({ poolOdds: { probability: 11 / 16 } });
    });

    it('refuses a query that costs more than the limit, and runs none of it', async () => {
      const fields = Array.from(
        { length: 30 },
        (_, i) => `a${i}: poolCheck(input: { pool: 2, objective: 1 }) { faces }`,
      );
      const answer = await gql(t.server, `mutation { ${fields.join(' ')} }`);
      expect(codes(answer)).toEqual(['QUERY_TOO_COMPLEX']);
      expect(answer.data ?? null).toBeNull();
    });

    it('prices a list by its limit', async () => {
      const campaign = await createCampaign(t.server);
      const query =
        'query($c: ID!, $n: Int) { campaign(campaignId: $c) { characters(limit: $n) { items { name } } } }';
      const small = await gql(t.server, query, { c: campaign.id, n: 5 }, campaign.auth);
      expect(small.errors).toBeUndefined();
      const large = await gql(t.server, query, { c: campaign.id, n: 100 }, campaign.auth);
      expect(codes(large)).toEqual(['QUERY_TOO_COMPLEX']);
    });
  });

  describe('GraphQL documents kept parsed', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp();
    });
    afterAll(() => t.close());

    it('keeps the heap bounded when every request sends a document of its own', async () => {
      setFlagsFromString('--expose_gc');
      const gc = runInNewContext('gc') as () => void;
      const heapUsed = () => {
        gc();
        gc();
        return process.memoryUsage().heapUsed;
      };
      // 200 distinct valid documents of 1,000 aliased fields each (about 20 KB of source, some 0.9 MB
      // of heap once parsed): Apollo's own store prices each at a quarter of that and keeps some
      // 115 MB of them; ours keeps what fits in 16 MiB priced at 100 bytes a character (about 8 MB).
      const document = (n: number) =>
        `{ ${Array.from({ length: 1000 }, (_, i) => `a${n}_${i}: __typename`).join(' ')} }`;
      expect((await gql(t.server, document(0))).data?.a0_999).toBe('Query');
      const before = heapUsed();
      for (let n = 1; n <= 200; n++) {
        const answer = await gql(t.server, document(n));
        expect(answer.errors).toBeUndefined();
        expect(answer.data?.[`a${n}_0`]).toBe('Query');
      }
      expect(heapUsed() - before).toBeLessThan(30e6);
    });
  });

  describe('rate limiting', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp({ RATE_LIMIT_PER_MINUTE: '3' });
    });
    afterAll(() => t.close());

    it('answers 429 problem+json with Retry-After once a client address spends its minute', async () => {
      for (let i = 0; i < 3; i++) await t.http.get('/v1/odds/pool?dice=2&objective=1').expect(200);
      const refused = await t.http.get('/v1/odds/pool?dice=2&objective=1').expect(429);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('counts each campaign key on its own, over REST and GraphQL alike', async () => {
      // Creating the campaigns is itself limited per address, so use a fresh app for them.
      const other = await startApp({ RATE_LIMIT_PER_MINUTE: '3' });
      try {
        const a = await createCampaign(other.server, 'A');
        const b = await createCampaign(other.server, 'B');
        await other.http.get(`/v1/campaigns/${a.id}`).set(a.auth).expect(200);
        await other.http.get(`/v1/campaigns/${a.id}`).set(a.auth).expect(200);
        const viaGraphQL = await gql(
          other.server,
          '{ campaign(campaignId: "' + a.id + '") { name } }',
          {},
          a.auth,
        );
        expect(viaGraphQL.errors).toBeUndefined();
        const limited = await gql(
          other.server,
          '{ campaign(campaignId: "' + a.id + '") { name } }',
          {},
          a.auth,
        );
        expect(codes(limited)).toEqual(['RATE_LIMITED']);
        await other.http.get(`/v1/campaigns/${b.id}`).set(b.auth).expect(200);
      } finally {
        await other.close();
      }
    });

    it('never limits the health probes', async () => {
      for (let i = 0; i < 6; i++) await t.http.get('/health').expect(200);
    });
  });

  describe('request ids', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp();
    });
    afterAll(() => t.close());

    it('gives every answer an x-request-id, keeping a well-formed one the client sent', async () => {
      const fresh = await t.http.get('/health').expect(200);
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const kept = await t.http.get('/health').set('x-request-id', 'bot-42.retry_1').expect(200);
      expect(kept.headers['x-request-id']).toBe('bot-42.retry_1');
      const replaced = await t.http.get('/health').set('x-request-id', 'bad id with spaces').expect(200);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
