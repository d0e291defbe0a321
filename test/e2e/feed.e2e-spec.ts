import type { AddressInfo } from 'node:net';
import { Principal } from '../../src/auth/principal';
import { Database } from '../../src/database/database.service';
import { RollsService } from '../../src/rolls/rolls.service';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { bearer, CampaignFixture, createCharacter, createKey } from '../factories/campaign';
import { expectProblem } from '../factories/problem';
import { openSse, rawConnect, ROLL_FIELDS, SseClient, subscribe, wsClient } from './feed-clients';

type Roll = Record<string, unknown> & { id: string; sealed: boolean };

const LOGGED = `subscription($c: ID!) { rollLogged(campaignId: $c) { ${ROLL_FIELDS} } }`;
const REVEALED = `subscription($c: ID!) { rollRevealed(campaignId: $c) { ${ROLL_FIELDS} } }`;

async function listening(env: Record<string, string> = {}): Promise<{ t: TestApp; base: string }> {
  const t = await startApp({ FEED_HEARTBEAT_MS: '200', ...env });
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return { t, base: `http://127.0.0.1:${port}` };
}

async function newCampaign(t: TestApp, name = 'Feed') {
  const res = await t.http.post('/v1/campaigns').send({ name }).expect(201);
  const c: CampaignFixture = {
    id: res.body.id,
    refereeKey: res.body.refereeKey,
    auth: bearer(res.body.refereeKey),
  };
  const hero = await createCharacter(t.server, c, { name: 'Hero' });
  const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
  return { c, player };
}

describe(`live roll feed (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let base: string;
  let c: CampaignFixture;
  let player: { id: string; key: string; auth: { Authorization: string } };
  const open: SseClient[] = [];
  const sse = async (auth: { Authorization: string }, extra: Record<string, string> = {}, campaign = c) => {
    const client = await openSse(base, campaign.id, { ...auth, ...extra });
    open.push(client);
    return client;
  };
  const check = async (body: Record<string, unknown>, auth = c.auth) =>
    (await t.http.post(`/v1/campaigns/${c.id}/checks/pool`).set(auth).send(body).expect(201)).body as {
      rollId: string;
    };

  beforeAll(async () => {
    ({ t, base } = await listening());
    ({ c, player } = await newCampaign(t));
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(() => t.close());

  describe('Server-Sent Events', () => {
    it('streams each logged roll with the roll cursor as id: sealed for a player, whole for the referee', async () => {
      const referee = await sse(c.auth);
      const seenByPlayer = await sse(player.auth);
      expect(referee.status).toBe(200);
      const secret = await check({ pool: 4, objective: 2, seed: 'sse-secret', secret: true });
      const plain = await check({ pool: 3, objective: 1, seed: 'sse-plain' });

      await referee.until((e) => e.filter((x) => x.event === 'rollLogged').length >= 2);
      await seenByPlayer.until((e) => e.filter((x) => x.event === 'rollLogged').length >= 2);
      const [whole, second] = referee.data<Roll>('rollLogged');
      const [sealed, plainForPlayer] = seenByPlayer.data<Roll>('rollLogged');
      expect(whole).toMatchObject({ id: secret.rollId, sealed: false, secret: true, seed: 'sse-secret' });
      expect(whole.outcome).toBeDefined();
      expect(sealed).toMatchObject({ id: secret.rollId, sealed: true });
      expect(Object.keys(sealed).sort()).toEqual([
        'commitment',
        'createdAt',
        'id',
        'procedure',
        'receipt',
        'sealed',
      ]);
      expect(second.id).toBe(plain.rollId);
      expect(plainForPlayer).toMatchObject({ id: plain.rollId, sealed: false, seed: 'sse-plain' });

      // The event id is the log's own cursor: the log read after it starts with the next roll.
      const firstId = referee.events.find((e) => e.event === 'rollLogged')?.id as string;
      const after = await t.http
        .get(`/v1/campaigns/${c.id}/rolls`)
        .query({ after: firstId })
        .set(c.auth)
        .expect(200);
      expect(after.body.items[0].id).toBe(plain.rollId);
      expect(seenByPlayer.events.find((e) => e.event === 'rollLogged')?.id).toBe(firstId);
    });

    it('sends a reveal as a rollRevealed event (without an id) with the whole roll', async () => {
      const seenByPlayer = await sse(player.auth);
      const secret = await check({ pool: 2, objective: 1, seed: 'sse-reveal', secret: true });
      await seenByPlayer.until((e) => e.some((x) => x.event === 'rollLogged'));
      await t.http.post(`/v1/campaigns/${c.id}/rolls/${secret.rollId}/reveal`).set(c.auth).expect(200);
      await seenByPlayer.until((e) => e.some((x) => x.event === 'rollRevealed'));
      const revealed = seenByPlayer.events.find((e) => e.event === 'rollRevealed');
      expect(revealed?.id).toBeNull();
      expect(JSON.parse(revealed?.data ?? '{}')).toMatchObject({
        id: secret.rollId,
        sealed: false,
        seed: 'sse-reveal',
        revealedAt: expect.any(String),
      });
    });

    it('replays from the log after Last-Event-ID, then goes on live, without gaps or repeats', async () => {
      const first = await sse(c.auth);
      const a = await check({ pool: 1, objective: 1, seed: 'replay-a' });
      await first.until((e) => e.some((x) => x.event === 'rollLogged'));
      const lastId = first.events.find((e) => e.event === 'rollLogged')?.id as string;
      first.close();
      // Logged while the client is away.
      const b = await check({ pool: 1, objective: 1, seed: 'replay-b' });
      const d = await check({ pool: 1, objective: 1, seed: 'replay-c' });

      const again = await sse(c.auth, { 'Last-Event-ID': lastId });
      await again.until((e) => e.filter((x) => x.event === 'rollLogged').length >= 2);
      const live = await check({ pool: 1, objective: 1, seed: 'replay-live' });
      await again.until((e) => e.filter((x) => x.event === 'rollLogged').length >= 3);
      const ids = again.data<Roll>('rollLogged').map((r) => r.id);
      expect(ids).toEqual([b.rollId, d.rollId, live.rollId]);
      expect(ids).not.toContain(a.rollId);
    });

    it('refuses a Last-Event-ID that is not a cursor (400 naming it)', async () => {
      const bad = await sse(c.auth, { 'Last-Event-ID': 'not a cursor!' });
      expect(bad.status).toBe(400);
      const problem = JSON.parse(bad.body);
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors[0].field).toBe('Last-Event-ID');
    });

    it('sends a heartbeat comment when idle (FEED_HEARTBEAT_MS)', async () => {
      const idle = await sse(player.auth);
      await idle.until((e) => e.some((x) => x.comment === 'heartbeat'), 2000);
    });

    it('needs a key of the campaign: 401 without, 404 for another campaign', async () => {
      const none = await sse({ Authorization: '' });
      expect(none.status).toBe(401);
      const other = await newCampaign(t, 'Other');
      const elsewhere = await sse(other.c.auth, {}, c);
      expect(elsewhere.status).toBe(404);
    });

    it('ends the streams of a revoked key at once, with a reason', async () => {
      const doomed = await createKey(t.server, c, { role: 'viewer' });
      const stream = await sse(doomed.auth);
      await t.http
        .delete(`/v1/campaigns/${c.id}/keys/${doomed.id}`)
        .set(c.auth)
        .expect((res) => {
          expect([200, 204]).toContain(res.status);
        });
      await stream.until((e) => e.some((x) => x.event === 'close'));
      expect(stream.data('close')[0]).toMatchObject({ code: 'KEY_REVOKED' });
      await stream.until(() => stream.ended);
    });
  });

  describe('GraphQL subscriptions over graphql-ws', () => {
    it('delivers rollLogged sealed to a player and whole to the referee, and rollRevealed on a reveal', async () => {
      const refereeClient = wsClient(base, c.auth.Authorization);
      const playerClient = wsClient(base, player.auth.Authorization);
      try {
        const forReferee = subscribe<{ rollLogged: Roll }>(refereeClient, LOGGED, { c: c.id });
        const forPlayer = subscribe<{ rollLogged: Roll }>(playerClient, LOGGED, { c: c.id });
        const reveals = subscribe<{ rollRevealed: Roll }>(playerClient, REVEALED, { c: c.id });
        await new Promise((resolve) => setTimeout(resolve, 300)); // subscriptions registered
        const secret = await check({ pool: 5, objective: 3, seed: 'ws-secret', secret: true });
        const [whole] = (await forReferee.until(1)).map((v) => v.rollLogged);
        const [sealed] = (await forPlayer.until(1)).map((v) => v.rollLogged);
        expect(whole).toMatchObject({ id: secret.rollId, sealed: false, seed: 'ws-secret' });
        expect(whole.outcome).not.toBeNull();
        expect(sealed).toMatchObject({
          id: secret.rollId,
          sealed: true,
          outcome: null,
          seed: null,
          faces: null,
        });
        expect(sealed.commitment).toMatch(/^[0-9a-f]{64}$/);
        expect(sealed.receipt).toEqual({ keyId: expect.any(String), signature: expect.any(String) });

        await t.http.post(`/v1/campaigns/${c.id}/rolls/${secret.rollId}/reveal`).set(c.auth).expect(200);
        const [shown] = (await reveals.until(1)).map((v) => v.rollRevealed);
        expect(shown).toMatchObject({ id: secret.rollId, sealed: false, seed: 'ws-secret' });
        expect(shown.revealedAt).toEqual(expect.any(String));
      } finally {
        await refereeClient.dispose();
        await playerClient.dispose();
      }
    });

    it('closes a socket without a valid key in connection_init with 4401 and a reason', async () => {
      const missing = await rawConnect(base, undefined);
      expect(missing.code).toBe(4401);
      expect(missing.reason).toMatch(/authorization/);
      const wrong = await rawConnect(base, { authorization: 'Bearer arb_not-a-real-key-at-all' });
      expect(wrong).toEqual({ code: 4401, reason: expect.stringMatching(/unknown or has been revoked/) });
      const good = await rawConnect(base, { authorization: c.auth.Authorization });
      expect(good.reason).toBe('acknowledged');
    });

    it('refuses a subscription to another campaign (NOT_FOUND)', async () => {
      const other = await newCampaign(t, 'Elsewhere');
      const client = wsClient(base, other.c.auth.Authorization);
      try {
        const sub = subscribe(client, LOGGED, { c: c.id });
        const errors = await sub.untilError();
        expect(JSON.stringify(errors)).toMatch(/NOT_FOUND|does not exist/);
      } finally {
        await client.dispose();
      }
    });
    it('resumes after lastEventId: the rolls that followed from the log, then live ones, each once', async () => {
      const { c: camp } = await newCampaign(t, 'Resume');
      const roll = async (seed: string) =>
        (
          await t.http
            .post(`/v1/campaigns/${camp.id}/checks/pool`)
            .set(camp.auth)
            .send({ pool: 3, objective: 1, seed })
            .expect(201)
        ).body as { rollId: string };
      const first = await roll('resume-1');
      const missed = [await roll('resume-2'), await roll('resume-3')];
      const client = wsClient(base, camp.auth.Authorization);
      try {
        const resumed = subscribe<{ rollLogged: Roll }>(
          client,
          `subscription($c: ID!, $last: ID) { rollLogged(campaignId: $c, lastEventId: $last) { ${ROLL_FIELDS} } }`,
          { c: camp.id, last: first.rollId },
        );
        await resumed.until(2);
        const live = await roll('resume-4');
        const values = await resumed.until(3);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(resumed.values.map((v) => v.rollLogged.id)).toEqual([
          ...missed.map((m) => m.rollId),
          live.rollId,
        ]);
        expect(values).toHaveLength(3);
        // An id that is not a roll of this campaign is refused, naming the argument.
        const wrong = subscribe(
          client,
          'subscription($c: ID!) { rollLogged(campaignId: $c, lastEventId: "00000000-0000-4000-8000-000000000000") { id } }',
          { c: camp.id },
        );
        const errors = await wrong.untilError();
        expect(JSON.stringify(errors)).toMatch(/VALIDATION_FAILED/);
        expect(JSON.stringify(errors)).toMatch(/lastEventId/);
      } finally {
        await client.dispose();
      }
    });
  });

  describe('publication after commit', () => {
    /** The campaign's referee key as a principal, to call the services directly. */
    const refereePrincipal = async (): Promise<Principal> => {
      const keys = await t.http.get(`/v1/campaigns/${c.id}/keys`).set(c.auth).expect(200);
      const items = (keys.body.items ?? keys.body) as { id: string; role: string }[];
      return {
        keyId: items.find((k) => k.role === 'referee')?.id as string,
        campaignId: c.id,
        role: 'referee',
        characterIds: [],
      };
    };
    /** A pool-check roll as a service records it. */
    const rolled = (seed: string) => ({
      procedure: 'check.pool',
      inputs: { pool: 1, objective: 1 },
      outcome: { seed },
      faces: [4],
      seed,
      rng: 'test@1',
    });

    it('publishes a roll only once its transaction commits; a rollback (whole or to a savepoint) publishes nothing', async () => {
      const stream = await sse(c.auth);
      const db = t.app.get(Database);
      const rolls = t.app.get(RollsService);
      const principal = await refereePrincipal();
      let inside = '';
      await expect(
        db.transaction(async (m) => {
          inside = (await rolls.record(m, principal, rolled('rolled-back'))).id;
          throw new Error('rolled back on purpose');
        }),
      ).rejects.toThrow('on purpose');
      let kept = '';
      let dropped = '';
      await db.transaction(async (m) => {
        kept = (await rolls.record(m, principal, rolled('outer'))).id;
        await m
          .transaction(async (inner) => {
            dropped = (await rolls.record(inner, principal, rolled('inner'))).id;
            throw new Error('savepoint rolled back');
          })
          .catch(() => undefined);
      });
      const last = await check({ pool: 1, objective: 1, seed: 'after-commit' });
      await stream.until((e) =>
        e.some((x) => x.event === 'rollLogged' && JSON.parse(x.data).id === last.rollId),
      );
      const ids = stream.data<Roll>('rollLogged').map((r) => r.id);
      expect(ids).toEqual([kept, last.rollId]);
      expect(ids).not.toContain(inside);
      expect(ids).not.toContain(dropped);
    });

    it('runs one campaign’s mutations in turn, so its rolls commit in log order (a reconnect misses none)', async () => {
      const db = t.app.get(Database);
      const rolls = t.app.get(RollsService);
      const principal = await refereePrincipal();
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const done: string[] = [];
      // A logs its roll first (the lower seq), then holds its transaction open.
      const a = db.mutation({ principal }, async (m) => {
        const roll = await rolls.record(m, principal, rolled('turn-a'));
        await gate;
        done.push('a');
        return roll.id;
      });
      await pause(50);
      const b = db.mutation({ principal }, async (m) => {
        const roll = await rolls.record(m, principal, rolled('turn-b'));
        done.push('b');
        return roll.id;
      });
      // Another campaign's mutation does not wait for A (on SQLite everything takes turns anyway).
      if (DATABASE_KIND === 'postgres') {
        const { c: elsewhere } = await newCampaign(t, 'Elsewhere');
        await t.http
          .post(`/v1/campaigns/${elsewhere.id}/checks/pool`)
          .set(elsewhere.auth)
          .send({ pool: 1, objective: 1, seed: 'elsewhere' })
          .expect(201);
      }
      await pause(150);
      // B has not committed, or even logged its roll, while A is open: it waits for its turn.
      expect(done).toEqual([]);
      open();
      const [first, second] = await Promise.all([a, b]);
      expect(done).toEqual(['a', 'b']);
      const log = await t.http.get(`/v1/campaigns/${c.id}/rolls?limit=100`).set(c.auth).expect(200);
      const order = (log.body.items as { id: string }[]).map((r) => r.id);
      expect(order.indexOf(first)).toBeLessThan(order.indexOf(second));
    });
  });
});

describe(`live feed shutdown (${DATABASE_KIND})`, () => {
  it('ends open streams with a reason so that the instance can close', async () => {
    const { t, base } = await listening();
    const { c } = await newCampaign(t, 'Shutdown');
    const stream = await openSse(base, c.id, c.auth);
    const client = wsClient(base, c.auth.Authorization);
    const sub = subscribe(client, LOGGED, { c: c.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await stream.until((e) => e.some((x) => x.event === 'close'), 1000);
    expect(stream.data('close')[0]).toMatchObject({ code: 'SHUTTING_DOWN' });
    sub.dispose();
    await client.dispose();
  });
});

describe(`live feed limits (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let base: string;
  const open: SseClient[] = [];
  beforeAll(async () => {
    ({ t, base } = await listening({ FEED_MAX_SUBSCRIBERS_PER_KEY: '2', FEED_MAX_SUBSCRIBERS: '3' }));
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  it('refuses a key past its subscriber limit (429) and the process past its own (503), with the reason', async () => {
    const { c, player } = await newCampaign(t, 'Limits');
    const sse = async (auth: { Authorization: string }) => {
      const client = await openSse(base, c.id, auth);
      open.push(client);
      return client;
    };
    expect((await sse(c.auth)).status).toBe(200);
    expect((await sse(c.auth)).status).toBe(200);
    const third = await sse(c.auth);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(JSON.parse(third.body).detail).toMatch(/FEED_MAX_SUBSCRIBERS_PER_KEY/);

    expect((await sse(player.auth)).status).toBe(200);
    const full = await sse(player.auth);
    expect(full.status).toBe(503);
    expect(JSON.parse(full.body).detail).toMatch(/FEED_MAX_SUBSCRIBERS/);

    // GraphQL subscriptions count against the same limits.
    const client = wsClient(base, player.auth.Authorization);
    try {
      const sub = subscribe(client, LOGGED, { c: c.id });
      const errors = await sub.untilError();
      expect(JSON.stringify(errors)).toMatch(/UNAVAILABLE|maximum/);
    } finally {
      await client.dispose();
    }

    // A closed stream frees its place.
    open[0].close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await sse(c.auth)).status).toBe(200);
  });

  it('problem answers stay problem+json', async () => {
    const { c } = await newCampaign(t, 'Problem');
    const res = await t.http.get(`/v1/campaigns/${c.id}/rolls/stream`).set('Last-Event-ID', '!!').set(c.auth);
    expectProblem(res, 400, 'VALIDATION_FAILED');
  });
});
