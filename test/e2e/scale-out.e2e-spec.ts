import { randomBytes } from 'node:crypto';
import { createServer, Server, Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';
import { bearer, CampaignFixture, createCharacter, createKey } from '../factories/campaign';
import { openSse, ROLL_FIELDS, SseClient, subscribe, wsClient } from './feed-clients';

/*
 * Two API instances on one PostgreSQL schema and one Redis. Needs TEST_DATABASE_URL and
 * TEST_REDIS_URL (scripts/postgres-test-server.sh, scripts/redis-test-server.sh); .ci/run sets both
 * and fails unless these tests ran. Without them the file registers a todo, so it never passes
 * silently.
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

type Roll = Record<string, unknown> & { id: string; sealed: boolean };

/**
 * A TCP relay in front of Redis: the instances connect through it, so a test can take "Redis" away
 * (and bring it back) without touching the real server that other test files may use.
 */
class RedisRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: URL) {}

  async start(): Promise<void> {
    this.server = createServer((inbound) => {
      const outbound = connect(Number(this.target.port || 6379), this.target.hostname);
      for (const socket of [inbound, outbound]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Redis goes away: the relay stops listening and every connection through it breaks. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  url(): string {
    const url = new URL(this.target.toString());
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }
}

interface Instance {
  app: NestFastifyApplication;
  base: string;
  http: ReturnType<typeof request>;
}

/** Starts instances one after the other (the first runs the migrations) on one schema. */
async function startCluster(count: number, redisUrl: string, env: Record<string, string> = {}) {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl,
      // Each cluster its own keys and channels: rate budgets of earlier runs do not carry over.
      REDIS_PREFIX: `t-${schema}`,
      FEED_HEARTBEAT_MS: '1000',
      ...env,
    });
    const app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    instances.push({ app, base: `http://127.0.0.1:${port}`, http: request(app.getHttpServer()) });
  }
  return {
    instances,
    async close() {
      await Promise.all(instances.map((instance) => instance.app.close()));
      const dropper = new Client({ connectionString: DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
      await dropper.end();
    },
  };
}

async function newCampaign(on: Instance) {
  const res = await on.http.post('/v1/campaigns').send({ name: 'Scale-out' }).expect(201);
  const c: CampaignFixture = {
    id: res.body.id,
    refereeKey: res.body.refereeKey,
    auth: bearer(res.body.refereeKey),
  };
  const hero = await createCharacter(on.app.getHttpServer(), c, { name: 'Hero' });
  const player = await createKey(on.app.getHttpServer(), c, { role: 'player', characterIds: [hero.id] });
  return { c, player };
}

async function within<T>(ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

if (!DATABASE_URL || !REDIS_URL) {
  describe('scale-out (two instances, PostgreSQL + Redis)', () => {
    it.todo('needs TEST_DATABASE_URL and TEST_REDIS_URL (scripts/redis-test-server.sh); .ci/run sets both');
  });
} else {
  describe('scale-out: two instances on one PostgreSQL and one Redis', () => {
    const relay = new RedisRelay(new URL(REDIS_URL));
    let cluster: Awaited<ReturnType<typeof startCluster>>;
    let a: Instance;
    let b: Instance;
    const streams: SseClient[] = [];

    beforeAll(async () => {
      await relay.start();
      // Rate limiting on (a roomy budget), so the shared storage is in play while Redis comes and goes.
      cluster = await startCluster(2, relay.url(), { RATE_LIMIT_PER_MINUTE: '10000' });
      [a, b] = cluster.instances;
    }, 60_000);
    afterEach(() => {
      for (const stream of streams.splice(0)) stream.close();
    });
    afterAll(async () => {
      await cluster?.close();
      await relay.stop();
    });

    it('a roll made on A reaches SSE and graphql-ws subscribers on B within a second: sealed for a player, whole for the referee', async () => {
      const { c, player } = await newCampaign(a);
      const refereeStream = await openSse(b.base, c.id, c.auth);
      const playerStream = await openSse(b.base, c.id, player.auth);
      streams.push(refereeStream, playerStream);
      const refereeWs = wsClient(b.base, c.auth.Authorization);
      const playerWs = wsClient(b.base, player.auth.Authorization);
      const query = `subscription($c: ID!) { rollLogged(campaignId: $c) { ${ROLL_FIELDS} } }`;
      try {
        const refereeSub = subscribe<{ rollLogged: Roll }>(refereeWs, query, { c: c.id });
        const playerSub = subscribe<{ rollLogged: Roll }>(playerWs, query, { c: c.id });
        await new Promise((resolve) => setTimeout(resolve, 300)); // both subscriptions registered on B

        const made = await a.http
          .post(`/v1/campaigns/${c.id}/checks/pool`)
          .set(c.auth)
          .send({ pool: 4, objective: 2, seed: 'across', secret: true })
          .expect(201);
        const started = Date.now();
        const logged = (s: SseClient) => s.events.some((e) => e.event === 'rollLogged');
        await refereeStream.until((e) => e.some((x) => x.event === 'rollLogged'), 1000);
        await playerStream.until(() => logged(playerStream), 1000);
        const [wsWhole] = (await refereeSub.until(1, 1000)).map((v) => v.rollLogged);
        const [wsSealed] = (await playerSub.until(1, 1000)).map((v) => v.rollLogged);
        expect(Date.now() - started).toBeLessThan(1000);

        const [whole] = refereeStream.data<Roll>('rollLogged');
        const [sealed] = playerStream.data<Roll>('rollLogged');
        expect(whole).toMatchObject({ id: made.body.rollId, sealed: false, seed: 'across' });
        expect(sealed).toMatchObject({ id: made.body.rollId, sealed: true });
        expect(sealed.seed).toBeUndefined();
        expect(wsWhole).toMatchObject({ id: made.body.rollId, sealed: false, seed: 'across' });
        expect(wsSealed).toMatchObject({ id: made.body.rollId, sealed: true, seed: null, outcome: null });
        // The SSE id is the roll's cursor in the shared log, whichever instance serves it.
        const page = await b.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
        expect(page.body.items.map((r: Roll) => r.id)).toContain(made.body.rollId);
      } finally {
        await refereeWs.dispose();
        await playerWs.dispose();
      }
    });

    it('a key revoked on A is refused by B within a second (B had it cached)', async () => {
      const { c } = await newCampaign(a);
      const viewer = await createKey(a.app.getHttpServer(), c, { role: 'viewer' });
      await b.http.get(`/v1/campaigns/${c.id}/rolls`).set(viewer.auth).expect(200); // now in B's key cache
      const stream = await openSse(b.base, c.id, viewer.auth);
      streams.push(stream);
      await a.http
        .delete(`/v1/campaigns/${c.id}/keys/${viewer.id}`)
        .set(c.auth)
        .expect((res) => {
          expect([200, 204]).toContain(res.status);
        });
      const revokedAt = Date.now();
      const status = await within(1000, async () => {
        const res = await b.http.get(`/v1/campaigns/${c.id}/rolls`).set(viewer.auth);
        return res.status === 401 ? res.status : undefined;
      });
      expect(status).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(1000);
      // B also ends the live feed of that key.
      await stream.until((e) => e.some((x) => x.event === 'close'), 1000);
      expect(stream.data('close')[0]).toMatchObject({ code: 'KEY_REVOKED' });
    });

    it('with Redis gone, both instances keep answering, /ready reports Redis degraded, and recover when it is back', async () => {
      const { c } = await newCampaign(a);
      const before = await b.http.get('/ready').expect(200);
      expect(before.body.info.redis).toMatchObject({ status: 'up' });

      await relay.stop();
      const ready = await within(3000, async () => {
        const res = await b.http.get('/ready');
        return res.body?.info?.redis?.status === 'degraded' ? res : undefined;
      });
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe('degraded');
      expect(ready.body.info.database).toMatchObject({ status: 'up' });
      expect(ready.body.info.redis).toMatchObject({ status: 'degraded', message: expect.any(String) });

      // Requests (including rolls, which would be published, and the rate limit, now counted locally)
      // still succeed on both instances.
      for (const on of [a, b]) {
        await on.http
          .post(`/v1/campaigns/${c.id}/checks/pool`)
          .set(c.auth)
          .send({ pool: 2, objective: 1 })
          .expect(201);
        await on.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
      }
      const local = await openSse(a.base, c.id, c.auth);
      streams.push(local);
      await a.http
        .post(`/v1/campaigns/${c.id}/checks/pool`)
        .set(c.auth)
        .send({ pool: 1, objective: 1 })
        .expect(201);
      // Subscribers of the instance that made the roll still get it.
      await local.until((e) => e.some((x) => x.event === 'rollLogged'), 1000);

      await relay.start();
      await within(5000, async () => {
        const res = await b.http.get('/ready');
        return res.body?.info?.redis?.status === 'up' ? res : undefined;
      });
    }, 20_000);
  });

  describe('scale-out: one rate budget across instances', () => {
    let cluster: Awaited<ReturnType<typeof startCluster>>;
    beforeAll(async () => {
      cluster = await startCluster(2, REDIS_URL, { RATE_LIMIT_PER_MINUTE: '6' });
    }, 60_000);
    afterAll(() => cluster?.close());

    it('spends one budget per key on both instances: the request past it, on B, is a 429', async () => {
      const [a, b] = cluster.instances;
      const res = await a.http.post('/v1/campaigns').send({ name: 'Budget' }).expect(201);
      const auth = bearer(res.body.refereeKey);
      const path = `/v1/campaigns/${res.body.id}/rolls`;
      for (let i = 0; i < 3; i++) {
        await a.http.get(path).set(auth).expect(200);
        await b.http.get(path).set(auth).expect(200);
      }
      const refused = await b.http.get(path).set(auth);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect((await a.http.get(path).set(auth)).status).toBe(429);
    });
  });
}
