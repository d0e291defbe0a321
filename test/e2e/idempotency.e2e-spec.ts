import { createHash, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { Database } from '../../src/database/database.service';
import { IdempotencyRecordEntity } from '../../src/database/entities';
import { seal, sealingKey, unsealBytes } from '../../src/idempotency/sealed-body';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { bearer, CampaignFixture, createCampaign, createCharacter, createKey } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

const REPLAYED = 'idempotent-replayed';

describe(`Idempotency-Key (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const poolCheck = (c: CampaignFixture, key: string | null, body: object = { pool: 8, objective: 3 }) => {
    const req = t.http.post(`/v1/campaigns/${c.id}/checks/pool`).set(c.auth);
    if (key !== null) req.set('Idempotency-Key', key);
    return req.send(body);
  };

  const rollIds = async (c: CampaignFixture): Promise<string[]> => {
    const res = await t.http.get(`/v1/campaigns/${c.id}/rolls?limit=100`).set(c.auth).expect(200);
    return res.body.items.map((r: { id: string }) => r.id);
  };

  describe('campaign checks', () => {
    it('replays a retry with the same key: same status and body, idempotent-replayed: true, one roll', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const first = await poolCheck(c, key).expect(201);
      expect(first.headers[REPLAYED]).toBeUndefined();
      expect(first.body.seed).toMatch(/^[0-9a-f]{32}$/);

      const retry = await poolCheck(c, key).expect(201);
      expect(retry.headers[REPLAYED]).toBe('true');
      expect(retry.body).toEqual(first.body);
      // The first answer is the stored text itself (serialised once), so the replay is the same bytes.
      expect(retry.text).toBe(first.text);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const third = await poolCheck(c, key).expect(201);
      expect(third.body).toEqual(first.body);

      expect(await rollIds(c)).toEqual([first.body.rollId]);
    });

    it('executes again without a key, and with another key', async () => {
      const c = await createCampaign(t.server);
      const a = await poolCheck(c, null).expect(201);
      const b = await poolCheck(c, null).expect(201);
      const k1 = await poolCheck(c, randomUUID()).expect(201);
      const k2 = await poolCheck(c, randomUUID()).expect(201);
      const ids = [a, b, k1, k2].map((res) => res.body.rollId);
      expect(new Set(ids).size).toBe(4);
      expect(await rollIds(c)).toEqual(ids);
      for (const res of [a, b, k1, k2]) expect(res.headers[REPLAYED]).toBeUndefined();
    });

    it('does not care about the order of the body’s properties', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const first = await poolCheck(c, key, { pool: 5, objective: 2, bonusDice: 1 }).expect(201);
      const retry = await poolCheck(c, key, { bonusDice: 1, objective: 2, pool: 5 }).expect(201);
      expect(retry.headers[REPLAYED]).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect(await rollIds(c)).toHaveLength(1);
    });

    it('refuses the same key with a different body or route: 422 IDEMPOTENCY_KEY_REUSED, nothing logged', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const first = await poolCheck(c, key, { pool: 5, objective: 2 }).expect(201);

      const otherBody = await poolCheck(c, key, { pool: 5, objective: 3 });
      expectProblem(otherBody, 422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key');
      const otherRoute = await t.http
        .post(`/v1/campaigns/${c.id}/checks/damage`)
        .set(c.auth)
        .set('Idempotency-Key', key)
        .send({ dice: 3 });
      expectProblem(otherRoute, 422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key');

      expect(await rollIds(c)).toEqual([first.body.rollId]);
      const retry = await poolCheck(c, key, { pool: 5, objective: 2 }).expect(201);
      expect(retry.body).toEqual(first.body);
    });

    it('runs 10 concurrent duplicates once: all answer the same body and one roll is logged', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => poolCheck(c, key, { pool: 20, objective: 8 })),
      );
      expect(answers.map((res) => res.status)).toEqual(new Array(10).fill(201));
      for (const res of answers) expect(res.body).toEqual(answers[0].body);
      expect(answers[0].body.rollId).toEqual(expect.any(String));
      expect(answers.filter((res) => res.headers[REPLAYED] === 'true')).toHaveLength(9);
      expect(await rollIds(c)).toEqual([answers[0].body.rollId]);
    });

    it('runs 10 concurrent duplicate character creations once', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.http
            .post(`/v1/campaigns/${c.id}/characters`)
            .set(c.auth)
            .set('Idempotency-Key', key)
            .send({ name: 'Only once' }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(new Array(10).fill(201));
      for (const res of answers) expect(res.body).toEqual(answers[0].body);
      const list = await t.http.get(`/v1/campaigns/${c.id}/characters`).set(c.auth).expect(200);
      expect(list.body.items.map((x: { id: string }) => x.id)).toEqual([answers[0].body.id]);
    });
  });

  describe('failed requests store nothing', () => {
    it('a 400 with a key, then the corrected request with the same key, executes; its retry replays', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const bad = await poolCheck(c, key, { pool: -1, objective: 2 });
      expectProblem(bad, 400, 'VALIDATION_FAILED', 'pool');
      expect(await rollIds(c)).toEqual([]);

      const good = await poolCheck(c, key, { pool: 4, objective: 2 }).expect(201);
      expect(good.headers[REPLAYED]).toBeUndefined();
      const retry = await poolCheck(c, key, { pool: 4, objective: 2 }).expect(201);
      expect(retry.headers[REPLAYED]).toBe('true');
      expect(retry.body).toEqual(good.body);
      expect(await rollIds(c)).toEqual([good.body.rollId]);
    });

    it('a 422 from the rules, retried with the same key and body, fails again rather than replaying', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      for (let i = 0; i < 2; i++) {
        const res = await poolCheck(c, key, { pool: 1001, objective: 2 });
        expectProblem(res, 422, 'DICE_LIMIT_EXCEEDED', 'pool');
        expect(res.headers[REPLAYED]).toBeUndefined();
      }
      expect(await rollIds(c)).toEqual([]);
    });

    it('a 409 from the service stores nothing: the same request succeeds once its cause is gone', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const end = () =>
        t.http.post(`/v1/campaigns/${c.id}/sessions/current/end`).set(c.auth).set('Idempotency-Key', key);
      expectProblem(await end(), 409, 'NO_SESSION_IN_PROGRESS');
      const session = await t.http.post(`/v1/campaigns/${c.id}/sessions`).set(c.auth).expect(201);
      const ended = await end().expect(200);
      expect(ended.headers[REPLAYED]).toBeUndefined();
      expect(ended.body).toMatchObject({ id: session.body.id, endedAt: expect.any(String) });
      const again = await end().expect(200);
      expect(again.headers[REPLAYED]).toBe('true');
      expect(again.body).toEqual(ended.body);
    });

    it('a request refused for its role (403) stores nothing, and keys are scoped per bearer token', async () => {
      const c = await createCampaign(t.server);
      const viewer = await createKey(t.server, c, { role: 'viewer' });
      const key = randomUUID();
      const body = { pool: 6, objective: 2 };
      const asViewer = () =>
        t.http
          .post(`/v1/campaigns/${c.id}/checks/pool`)
          .set(viewer.auth)
          .set('Idempotency-Key', key)
          .send(body);

      expectProblem(await asViewer(), 403, 'FORBIDDEN');
      const asReferee = await poolCheck(c, key, body).expect(201);
      expect(asReferee.headers[REPLAYED]).toBeUndefined();
      const refereeRetry = await poolCheck(c, key, body).expect(201);
      expect(refereeRetry.headers[REPLAYED]).toBe('true');
      expect(refereeRetry.body).toEqual(asReferee.body);
      // The referee's stored answer is not the viewer's to replay.
      expectProblem(await asViewer(), 403, 'FORBIDDEN');
      expect(await rollIds(c)).toEqual([asReferee.body.rollId]);
    });

    it('a key revoked after its request gets 401 on the retry, not the stored answer', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Hero' });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
      const key = randomUUID();
      const asPlayer = () =>
        t.http
          .post(`/v1/campaigns/${c.id}/checks/pool`)
          .set(player.auth)
          .set('Idempotency-Key', key)
          .send({ pool: 6, objective: 2 });
      const first = await asPlayer().expect(201);
      const retry = await asPlayer().expect(201);
      expect(retry.headers[REPLAYED]).toBe('true');
      expect(retry.body).toEqual(first.body);
      await t.http.delete(`/v1/campaigns/${c.id}/keys/${player.id}`).set(c.auth).expect(200);
      expectProblem(await asPlayer(), 401, 'UNAUTHORIZED');
      expect(await rollIds(c)).toEqual([first.body.rollId]);
    });

    it('the same key under two bearer tokens is two requests: both execute', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Hero' });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
      const key = randomUUID();
      const body = { pool: 6, objective: 2 };
      const byReferee = await poolCheck(c, key, body).expect(201);
      const byPlayer = await t.http
        .post(`/v1/campaigns/${c.id}/checks/pool`)
        .set(player.auth)
        .set('Idempotency-Key', key)
        .send(body)
        .expect(201);
      expect(byPlayer.headers[REPLAYED]).toBeUndefined();
      expect(byPlayer.body.rollId).not.toBe(byReferee.body.rollId);
      expect(await rollIds(c)).toEqual([byReferee.body.rollId, byPlayer.body.rollId]);
    });
  });

  describe('other state-changing routes', () => {
    it('POST /v1/campaigns with a key twice answers the same campaign', async () => {
      const key = randomUUID();
      const first = await t.http
        .post('/v1/campaigns')
        .set('Idempotency-Key', key)
        .send({ name: 'Once' })
        .expect(201);
      const retry = await t.http
        .post('/v1/campaigns')
        .set('Idempotency-Key', key)
        .send({ name: 'Once' })
        .expect(201);
      expect(retry.headers[REPLAYED]).toBe('true');
      expect(retry.body).toEqual(first.body);
      await t.http.get(`/v1/campaigns/${first.body.id}`).set(bearer(first.body.refereeKey)).expect(200);
      const keys = await t.http
        .get(`/v1/campaigns/${first.body.id}/keys`)
        .set(bearer(first.body.refereeKey))
        .expect(200);
      expect(keys.body.items).toHaveLength(1);
      const other = await t.http.post('/v1/campaigns').send({ name: 'Once' }).expect(201);
      expect(other.body.id).not.toBe(first.body.id);
    });

    it('POST sessions with a key twice starts one session', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const start = () =>
        t.http.post(`/v1/campaigns/${c.id}/sessions`).set(c.auth).set('Idempotency-Key', key);
      const first = await start().expect(201);
      const retry = await start().expect(201);
      expect(retry.headers[REPLAYED]).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect(first.body.number).toBe(1);
      const next = await t.http
        .post(`/v1/campaigns/${c.id}/sessions`)
        .set(c.auth)
        .send({ endCurrent: true })
        .expect(201);
      expect(next.body.number).toBe(2);
    });

    it('PATCH a character with a key twice applies it once; another body under that key is a 422', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Hero' });
      const key = randomUUID();
      const patch = (body: object) =>
        t.http
          .patch(`/v1/campaigns/${c.id}/characters/${hero.id}`)
          .set(c.auth)
          .set('Idempotency-Key', key)
          .send(body);
      const first = await patch({ notes: 'first' }).expect(200);
      await t.http
        .patch(`/v1/campaigns/${c.id}/characters/${hero.id}`)
        .set(c.auth)
        .send({ notes: 'second' })
        .expect(200);
      const retry = await patch({ notes: 'first' }).expect(200);
      expect(retry.headers[REPLAYED]).toBe('true');
      expect(retry.body).toEqual(first.body);
      const now = await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(c.auth).expect(200);
      expect(now.body.notes).toBe('second');
      expectProblem(await patch({ notes: 'third' }), 422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key');
    });

    it('DELETE a key with a key twice answers the same revoked key', async () => {
      const c = await createCampaign(t.server);
      const viewer = await createKey(t.server, c, { role: 'viewer' });
      const key = randomUUID();
      const revoke = () =>
        t.http.delete(`/v1/campaigns/${c.id}/keys/${viewer.id}`).set(c.auth).set('Idempotency-Key', key);
      const first = await revoke().expect(200);
      const retry = await revoke().expect(200);
      expect(retry.headers[REPLAYED]).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect(first.body.revokedAt).toEqual(expect.any(String));
    });

    it('replays a stateless check too, so a retry gets the same drawn seed and faces', async () => {
      const key = randomUUID();
      const check = () =>
        t.http.post('/v1/checks/pool').set('Idempotency-Key', key).send({ pool: 12, objective: 4 });
      const first = await check().expect(200);
      const retry = await check().expect(200);
      expect(retry.headers[REPLAYED]).toBe('true');
      expect(retry.body).toEqual(first.body);
    });
  });

  describe('GraphQL mutations', () => {
    const CREATE =
      'mutation($c: ID!, $i: CreateCharacterInput!) { createCharacter(campaignId: $c, input: $i) { id name createdAt } }';

    it('replays createCharacter with the same Idempotency-Key: one character', async () => {
      const c = await createCampaign(t.server);
      const headers = { ...c.auth, 'Idempotency-Key': randomUUID() };
      const first = await gql(t.server, CREATE, { c: c.id, i: { name: 'Once' } }, headers);
      expect(first.errors).toBeUndefined();
      const retry = await gql(t.server, CREATE, { c: c.id, i: { name: 'Once' } }, headers);
      expect(retry.errors).toBeUndefined();
      expect(retry.data).toEqual(first.data);
      const list = await t.http.get(`/v1/campaigns/${c.id}/characters`).set(c.auth).expect(200);
      expect(list.body.items.map((x: { id: string }) => x.id)).toEqual([first.data?.createCharacter.id]);

      const reused = await gql(t.server, CREATE, { c: c.id, i: { name: 'Twice' } }, headers);
      expect(codes(reused)).toEqual(['IDEMPOTENCY_KEY_REUSED']);
      const still = await t.http.get(`/v1/campaigns/${c.id}/characters`).set(c.auth).expect(200);
      expect(still.body.items).toHaveLength(1);
    });

    it('replays a campaign check mutation with the same key: one roll', async () => {
      const c = await createCampaign(t.server);
      const headers = { ...c.auth, 'Idempotency-Key': randomUUID() };
      const CHECK =
        'mutation($c: ID) { saveCheck(campaignId: $c, input: { attribute: 11 }) { roll seed rollId } }';
      const first = await gql(t.server, CHECK, { c: c.id }, headers);
      expect(first.errors).toBeUndefined();
      const retry = await gql(t.server, CHECK, { c: c.id }, headers);
      expect(retry.data).toEqual(first.data);
      expect(await rollIds(c)).toEqual([first.data?.saveCheck.rollId]);
    });

    it('says a replay is one: the idempotent-replayed header and extensions.idempotentReplayed', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const send = () =>
        request(t.server)
          .post('/graphql')
          .set({ ...c.auth, 'Idempotency-Key': key })
          .send({ query: CREATE, variables: { c: c.id, i: { name: 'Once' } } })
          .expect(200);
      const first = await send();
      expect(first.headers[REPLAYED]).toBeUndefined();
      expect(first.body.extensions?.idempotentReplayed).toBeUndefined();
      const retry = await send();
      expect(retry.headers[REPLAYED]).toBe('true');
      expect(retry.body.extensions).toMatchObject({
        idempotentReplayed: true,
        idempotentReplayedFields: ['createCharacter'],
      });
      expect(retry.body.data).toEqual(first.body.data);

      // Two top-level fields under one key: only the one that already ran is listed.
      const TWO = `mutation($c: ID!) {
        createCharacter(campaignId: $c, input: { name: "Once" }) { id }
        other: createCharacter(campaignId: $c, input: { name: "Other" }) { id }
      }`;
      const both = await request(t.server)
        .post('/graphql')
        .set({ ...c.auth, 'Idempotency-Key': key })
        .send({ query: TWO, variables: { c: c.id } })
        .expect(200);
      expect(both.body.errors).toBeUndefined();
      expect(both.headers[REPLAYED]).toBe('true');
      expect(both.body.extensions.idempotentReplayedFields).toEqual(['createCharacter']);
      expect(both.body.data.createCharacter.id).toBe(first.body.data.createCharacter.id);
      const list = await t.http.get(`/v1/campaigns/${c.id}/characters`).set(c.auth).expect(200);
      expect(list.body.items).toHaveLength(2);
    });

    it('a mutation without a key, or run for the first time, is not marked', async () => {
      const c = await createCampaign(t.server);
      const res = await request(t.server)
        .post('/graphql')
        .set(c.auth)
        .send({ query: CREATE, variables: { c: c.id, i: { name: 'Plain' } } })
        .expect(200);
      expect(res.headers[REPLAYED]).toBeUndefined();
      expect(res.body.extensions?.idempotentReplayed).toBeUndefined();
    });

    it('runs 10 concurrent duplicate mutations once', async () => {
      const c = await createCampaign(t.server);
      const headers = { ...c.auth, 'Idempotency-Key': randomUUID() };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => gql(t.server, CREATE, { c: c.id, i: { name: 'Racing' } }, headers)),
      );
      for (const answer of answers) {
        expect(answer.errors).toBeUndefined();
        expect(answer.data).toEqual(answers[0].data);
      }
      const list = await t.http.get(`/v1/campaigns/${c.id}/characters`).set(c.auth).expect(200);
      expect(list.body.items).toHaveLength(1);
    });
  });

  describe('after a crash', () => {
    const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    /** The record id the REST guard derives for a campaign key's Idempotency-Key. */
    const recordId = (token: string, key: string) => sha256(`key:${sha256(token)}\nrest\n${key}`);
    const token = (c: CampaignFixture) => c.refereeKey.replace(/^Bearer /, '');

    it('an answer stored as bytes replays, and one stored as text by an older release still does', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const first = await poolCheck(c, key).expect(201);
      const db = t.app.get(Database);
      const p = (i: number) => (DATABASE_KIND === 'postgres' ? `$${i}` : '?');
      const id = recordId(token(c), key);
      const [stored] = (await db.manager.query(
        `SELECT response_body, response_sealed FROM idempotency_records WHERE id = ${p(1)}`,
        [id],
      )) as { response_body: string | null; response_sealed: Uint8Array | null }[];
      // New records keep the sealed bytes only: no base64 text beside them.
      expect(stored.response_body).toBeNull();
      expect(stored.response_sealed).not.toBeNull();
      const sealed = Buffer.from(stored.response_sealed as Uint8Array);
      const keyBytes = sealingKey(`key:${sha256(token(c))}`, 'rest', key);
      expect(unsealBytes(sealed, keyBytes)).toBe(first.text);
      // The same answer as an older release stored it (base64 text, no bytes) replays the same.
      await db.manager.query(
        `UPDATE idempotency_records SET response_body = ${p(1)}, response_sealed = NULL WHERE id = ${p(2)}`,
        [seal(first.text, keyBytes), id],
      );
      const replay = await poolCheck(c, key).expect(201);
      expect(replay.headers[REPLAYED]).toBe('true');
      expect(replay.text).toBe(first.text);
      expect(await rollIds(c)).toEqual([first.body.rollId]);
    });

    it('a claim left pending (committed before the change, as older releases did) does not stick', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const db = t.app.get(Database);
      const now = new Date();
      await db.transaction((m) =>
        Database.insertRow(m, IdempotencyRecordEntity, {
          id: recordId(token(c), key),
          requestHash: 'f'.repeat(64),
          state: 'pending',
          responseStatus: null,
          responseBody: null,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + 24 * 3_600_000).toISOString(),
        }),
      );
      const retry = await poolCheck(c, key).expect(201);
      expect(retry.headers[REPLAYED]).toBeUndefined();
      const again = await poolCheck(c, key).expect(201);
      expect(again.headers[REPLAYED]).toBe('true');
      expect(again.body).toEqual(retry.body);
      expect(await rollIds(c)).toEqual([retry.body.rollId]);
    });

    (DATABASE_KIND === 'postgres' ? it : it.skip)(
      'a claim held by another instance that dies mid-request makes the retry wait, then run (PostgreSQL)',
      async () => {
        const c = await createCampaign(t.server);
        const key = randomUUID();
        const url = process.env.TEST_DATABASE_URL as string;
        // Another instance's request: its transaction has claimed the key and not committed yet.
        const instance = new Client({
          connectionString: url,
          options: `-c search_path=${t.config.DATABASE_SCHEMA}`,
        });
        instance.on('error', () => undefined);
        await instance.connect();
        await instance.query('BEGIN');
        const now = new Date();
        await instance.query(
          `INSERT INTO idempotency_records (id, request_hash, state, response_status, response_body, created_at, expires_at)
           VALUES ($1, $2, 'pending', NULL, NULL, $3, $4)`,
          [
            recordId(token(c), key),
            'f'.repeat(64),
            now.toISOString(),
            new Date(now.getTime() + 3_600_000).toISOString(),
          ],
        );
        let answered = false;
        const retry = poolCheck(c, key).then((res) => {
          answered = true;
          return res;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(answered).toBe(false);
        // That instance is killed: its connection drops, PostgreSQL rolls its transaction back.
        const admin = new Client({ connectionString: url });
        await admin.connect();
        await admin.query('SELECT pg_terminate_backend($1)', [
          (instance as unknown as { processID: number }).processID,
        ]);
        await admin.end();
        const res = await retry;
        expect(res.status).toBe(201);
        expect(res.headers[REPLAYED]).toBeUndefined();
        expect(await rollIds(c)).toEqual([res.body.rollId]);
      },
    );

    it('a change that fails after claiming its key leaves no claim: the retry runs', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const db = t.app.get(Database);
      // A purchase refused by the rules inside its transaction (no Cash for the wager).
      const hero = await createCharacter(t.server, c, { name: 'Hero', wealth: 2, cash: 0 });
      const buy = () =>
        t.http
          .post(`/v1/campaigns/${c.id}/characters/${hero.id}/purchases`)
          .set(c.auth)
          .set('Idempotency-Key', key)
          .send({ cost: 8, wager: 3 });
      const refused = await buy();
      expect(refused.status).toBe(422);
      const rows = await db.manager.find(IdempotencyRecordEntity, { where: { id: recordId(token(c), key) } });
      expect(rows).toEqual([]);
    });

    it('an expired answer is not replayed: the same key runs again', async () => {
      const c = await createCampaign(t.server);
      const key = randomUUID();
      const first = await poolCheck(c, key).expect(201);
      const db = t.app.get(Database);
      await db.transaction((m) =>
        m.update(
          IdempotencyRecordEntity,
          { id: recordId(token(c), key) },
          { expiresAt: new Date(Date.now() - 1000).toISOString() },
        ),
      );
      const again = await poolCheck(c, key).expect(201);
      expect(again.headers[REPLAYED]).toBeUndefined();
      expect(again.body.rollId).not.toBe(first.body.rollId);
      const third = await poolCheck(c, key).expect(201);
      expect(third.body).toEqual(again.body);
    });
  });

  describe('invalid keys', () => {
    it.each([
      ['300 characters', 'k'.repeat(300)],
      ['a space', 'has space'],
      ['a control character', 'tab\there'],
    ])('refuses a key with %s: 400 INVALID_IDEMPOTENCY_KEY, nothing done', async (_what, key) => {
      const c = await createCampaign(t.server);
      const res = await poolCheck(c, key);
      expectProblem(res, 400, 'INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key');
      expect(await rollIds(c)).toEqual([]);
    });

    it('accepts a key of 255 visible characters', async () => {
      const c = await createCampaign(t.server);
      const key = '~'.repeat(255);
      const first = await poolCheck(c, key).expect(201);
      const retry = await poolCheck(c, key).expect(201);
      expect(retry.body).toEqual(first.body);
    });

    it('refuses an invalid key on a GraphQL mutation with the same code', async () => {
      const c = await createCampaign(t.server);
      const answer = await gql(
        t.server,
        'mutation($c: ID!) { createCharacter(campaignId: $c, input: { name: "x" }) { id } }',
        { c: c.id },
        { ...c.auth, 'Idempotency-Key': 'k'.repeat(300) },
      );
      expect(codes(answer)).toEqual(['INVALID_IDEMPOTENCY_KEY']);
      const list = await t.http.get(`/v1/campaigns/${c.id}/characters`).set(c.auth).expect(200);
      expect(list.body.items).toEqual([]);
    });
  });
});
