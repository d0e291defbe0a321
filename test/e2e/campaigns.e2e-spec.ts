import request from 'supertest';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  bearer,
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  startSession,
} from '../factories/campaign';
import { CHECK_CASES } from '../factories/checks';
import { codes, gql } from '../factories/graphql';
import { expectProblem, fieldsOf } from '../factories/problem';

const KEY_FORMAT = /^arb_[A-Za-z0-9_-]{43}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe(`campaigns, keys, characters and sessions (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  /** One request with an optional Authorization header and JSON body. */
  function call(method: Method, path: string, auth?: { Authorization: string }, body?: unknown) {
    const verb = method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    const req = request(t.server)[verb](path);
    if (auth) req.set(auth);
    return body === undefined ? req : req.send(body as object);
  }

  describe('POST /v1/campaigns', () => {
    it('creates a campaign and shows its referee key once, in the documented format', async () => {
      const res = await t.http.post('/v1/campaigns').send({ name: 'The Marsh Road' }).expect(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        name: 'The Marsh Road',
        refereeKey: expect.stringMatching(KEY_FORMAT),
        refereeKeyId: expect.any(String),
      });
      const read = await t.http
        .get(`/v1/campaigns/${res.body.id}`)
        .set(bearer(res.body.refereeKey))
        .expect(200);
      expect(read.body).toEqual({
        id: res.body.id,
        name: 'The Marsh Road',
        settings: {},
        createdAt: expect.stringMatching(ISO),
      });
    });

    it('gives every campaign its own key', async () => {
      const a = await createCampaign(t.server, 'A');
      const b = await createCampaign(t.server, 'B');
      expect(a.id).not.toBe(b.id);
      expect(a.refereeKey).not.toBe(b.refereeKey);
    });

    it('never lists a key’s secret, nor its hash', async () => {
      const res = await t.http.post('/v1/campaigns').send({ name: 'Secrets' }).expect(201);
      const { id, refereeKey, refereeKeyId } = res.body;
      const list = await t.http.get(`/v1/campaigns/${id}/keys`).set(bearer(refereeKey)).expect(200);
      expect(list.body).toEqual({
        items: [
          {
            id: refereeKeyId,
            role: 'referee',
            label: 'referee',
            characterIds: [],
            createdAt: expect.stringMatching(ISO),
            revokedAt: null,
          },
        ],
        next: null,
      });
      expect(list.text).not.toContain(refereeKey);
      expect(list.text).not.toContain(refereeKey.slice(4));
      expect(list.text).not.toMatch(/[0-9a-f]{64}/);
    });

    it.each([
      ['a missing name', {}, 'name'],
      ['an empty name', { name: '' }, 'name'],
      ['a name that is not a string', { name: 7 }, 'name'],
      ['an unknown field', { name: 'x', owner: 'me' }, 'owner'],
    ])('refuses %s with a 400 problem naming the field', async (_what, body, field) => {
      const res = await t.http.post('/v1/campaigns').send(body);
      expectProblem(res, 400, 'VALIDATION_FAILED', field);
    });
  });

  describe('authentication', () => {
    let c: CampaignFixture;
    beforeAll(async () => {
      c = await createCampaign(t.server);
    });

    it.each([
      ['no Authorization header', undefined],
      ['a garbage header', { Authorization: 'garbage' }],
      ['a Basic scheme', { Authorization: 'Basic dXNlcjpwYXNz' }],
      ['a bearer token that is too short', { Authorization: 'Bearer abc' }],
      ['an unknown well-formed key', bearer(`arb_${'A'.repeat(43)}`)],
    ])('answers 401 UNAUTHORIZED to %s', async (_what, auth) => {
      for (const path of [
        `/v1/campaigns/${c.id}`,
        `/v1/campaigns/${c.id}/characters`,
        `/v1/campaigns/${c.id}/rolls`,
      ]) {
        const res = await call('GET', path, auth);
        expectProblem(res, 401, 'UNAUTHORIZED');
      }
      const post = await call('POST', `/v1/campaigns/${c.id}/checks/pool`, auth, { pool: 3, objective: 1 });
      expectProblem(post, 401, 'UNAUTHORIZED');
    });

    it('answers 401 on GraphQL too', async () => {
      const answer = await gql(t.server, 'query($c: ID!) { campaign(campaignId: $c) { id } }', { c: c.id });
      expect(codes(answer)).toEqual(['UNAUTHORIZED']);
      expect(answer.data).toBeNull();
    });

    it('answers 401 to a real key with one character too many', async () => {
      const res = await call('GET', `/v1/campaigns/${c.id}`, { Authorization: `Bearer ${c.refereeKey}x` });
      expectProblem(res, 401, 'UNAUTHORIZED');
    });
  });

  describe('keys', () => {
    let c: CampaignFixture;
    let character: { id: string };
    beforeAll(async () => {
      c = await createCampaign(t.server);
      character = await createCharacter(t.server, c, { name: 'Toromeen' });
    });

    it('creates a player key bound to characters and a viewer key, each shown once', async () => {
      const player = await t.http
        .post(`/v1/campaigns/${c.id}/keys`)
        .set(c.auth)
        .send({ role: 'player', characterIds: [character.id], label: 'Ana' })
        .expect(201);
      expect(player.body).toEqual({
        id: expect.any(String),
        role: 'player',
        label: 'Ana',
        characterIds: [character.id],
        createdAt: expect.stringMatching(ISO),
        revokedAt: null,
        key: expect.stringMatching(KEY_FORMAT),
      });
      const viewer = await t.http
        .post(`/v1/campaigns/${c.id}/keys`)
        .set(c.auth)
        .send({ role: 'viewer' })
        .expect(201);
      expect(viewer.body).toMatchObject({ role: 'viewer', label: null, characterIds: [], revokedAt: null });
      expect(viewer.body.key).toMatch(KEY_FORMAT);

      const list = await t.http.get(`/v1/campaigns/${c.id}/keys`).set(c.auth).expect(200);
      const ids = list.body.items.map((k: { id: string }) => k.id);
      expect(ids).toEqual(expect.arrayContaining([player.body.id, viewer.body.id]));
      for (const item of list.body.items) expect(item).not.toHaveProperty('key');
      expect(list.text).not.toContain(player.body.key);
      expect(list.text).not.toContain(viewer.body.key);
    });

    it('pages the key list with limit and next', async () => {
      const fresh = await createCampaign(t.server);
      await createKey(t.server, fresh, { role: 'viewer' });
      await createKey(t.server, fresh, { role: 'viewer' });
      const first = await t.http.get(`/v1/campaigns/${fresh.id}/keys?limit=2`).set(fresh.auth).expect(200);
      expect(first.body.items).toHaveLength(2);
      expect(first.body.next).toEqual(expect.any(String));
      const second = await t.http
        .get(`/v1/campaigns/${fresh.id}/keys?limit=2&after=${first.body.next}`)
        .set(fresh.auth)
        .expect(200);
      expect(second.body.items).toHaveLength(1);
      expect(second.body.next).toBeNull();
      const all = await t.http.get(`/v1/campaigns/${fresh.id}/keys`).set(fresh.auth).expect(200);
      expect([...first.body.items, ...second.body.items]).toEqual(all.body.items);
    });

    it.each([
      ['an unknown role', { role: 'admin' }, 'role'],
      ['a missing role', {}, 'role'],
      [
        'characters on a viewer key',
        { role: 'viewer', characterIds: ['00000000-0000-4000-8000-000000000000'] },
        'characterIds',
      ],
      ['characterIds that are not a list', { role: 'player', characterIds: 'abc' }, 'characterIds'],
      ['a player key without characters', { role: 'player' }, 'characterIds'],
      ['a player key with an empty list of characters', { role: 'player', characterIds: [] }, 'characterIds'],
      ['an unknown field', { role: 'viewer', scope: 'all' }, 'scope'],
    ])('refuses %s with a 400 naming the field', async (_what, body, field) => {
      const res = await t.http.post(`/v1/campaigns/${c.id}/keys`).set(c.auth).send(body);
      expectProblem(res, 400, 'VALIDATION_FAILED', field);
    });

    it('refuses a player key without characters on GraphQL too, and creates nothing', async () => {
      const before = await t.http.get(`/v1/campaigns/${c.id}/keys?limit=100`).set(c.auth).expect(200);
      const answer = await gql(
        t.server,
        'mutation($c: ID!) { createKey(campaignId: $c, input: { role: player, characterIds: [] }) { id } }',
        { c: c.id },
        c.auth,
      );
      expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
      const after = await t.http.get(`/v1/campaigns/${c.id}/keys?limit=100`).set(c.auth).expect(200);
      expect(after.body.items).toHaveLength(before.body.items.length);
    });

    it('refuses to bind a player key to a character of another campaign', async () => {
      const other = await createCampaign(t.server);
      const stranger = await createCharacter(t.server, other, { name: 'Stranger' });
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/keys`)
        .set(c.auth)
        .send({ role: 'player', characterIds: [stranger.id] });
      expectProblem(res, 400, 'VALIDATION_FAILED', 'characterIds');
    });

    it('revokes a key, which answers 401 right after', async () => {
      const viewer = await createKey(t.server, c, { role: 'viewer' });
      await t.http.get(`/v1/campaigns/${c.id}/characters`).set(viewer.auth).expect(200);
      const revoked = await t.http.delete(`/v1/campaigns/${c.id}/keys/${viewer.id}`).set(c.auth).expect(200);
      expect(revoked.body).toEqual({
        id: viewer.id,
        role: 'viewer',
        label: null,
        characterIds: [],
        createdAt: expect.stringMatching(ISO),
        revokedAt: expect.stringMatching(ISO),
      });
      const after = await t.http.get(`/v1/campaigns/${c.id}/characters`).set(viewer.auth);
      expectProblem(after, 401, 'UNAUTHORIZED');
      const gqlAfter = await gql(
        t.server,
        'query($c: ID!) { characters(campaignId: $c) { next } }',
        { c: c.id },
        viewer.auth,
      );
      expect(codes(gqlAfter)).toEqual(['UNAUTHORIZED']);
      const list = await t.http.get(`/v1/campaigns/${c.id}/keys?limit=100`).set(c.auth).expect(200);
      expect(list.body.items.find((k: { id: string }) => k.id === viewer.id).revokedAt).toBe(
        revoked.body.revokedAt,
      );
    });

    it('answers 404 for a key that does not exist', async () => {
      const res = await t.http
        .delete(`/v1/campaigns/${c.id}/keys/00000000-0000-4000-8000-000000000000`)
        .set(c.auth);
      expectProblem(res, 404, 'NOT_FOUND');
    });

    it('refuses to revoke the last active referee key with 409 CONFLICT, and allows it once there is another', async () => {
      const fresh = await t.http.post('/v1/campaigns').send({ name: 'Last key' }).expect(201);
      const first = { id: fresh.body.refereeKeyId, auth: bearer(fresh.body.refereeKey) };
      const base = `/v1/campaigns/${fresh.body.id}`;
      const refused = await t.http.delete(`${base}/keys/${first.id}`).set(first.auth);
      expectProblem(refused, 409, 'CONFLICT');
      await t.http.get(base).set(first.auth).expect(200);

      const second = await t.http.post(`${base}/keys`).set(first.auth).send({ role: 'referee' }).expect(201);
      const secondAuth = bearer(second.body.key);
      await t.http.delete(`${base}/keys/${first.id}`).set(secondAuth).expect(200);
      expectProblem(await t.http.get(base).set(first.auth), 401, 'UNAUTHORIZED');

      const again = await t.http.delete(`${base}/keys/${second.body.id}`).set(secondAuth);
      expectProblem(again, 409, 'CONFLICT');
      await t.http.get(base).set(secondAuth).expect(200);
    });
    // Regression (PostgreSQL): two concurrent revocations once both saw two active referee keys and left
    // the campaign with none; revokeKey now locks the campaign row. SQLite serialises transactions anyway.
    it('keeps one active referee key when two referee keys revoke each other at the same time', async () => {
      const rounds = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const fresh = await t.http.post('/v1/campaigns').send({ name: 'Race' }).expect(201);
          const base = `/v1/campaigns/${fresh.body.id}`;
          const first = { id: fresh.body.refereeKeyId, auth: bearer(fresh.body.refereeKey) };
          const made = await t.http
            .post(`${base}/keys`)
            .set(first.auth)
            .send({ role: 'referee' })
            .expect(201);
          const second = { id: made.body.id, auth: bearer(made.body.key) };
          const [a, b] = await Promise.all([
            t.http.delete(`${base}/keys/${second.id}`).set(first.auth),
            t.http.delete(`${base}/keys/${first.id}`).set(second.auth),
          ]);
          const survivors = [];
          for (const key of [first, second]) {
            if ((await t.http.get(base).set(key.auth)).status === 200) survivors.push(key.id);
          }
          // The loser answers 409 (last referee key) or, when the winner committed before its guard ran, 401.
          const outcome = (status: number) =>
            status === 200 ? 'revoked' : [401, 409].includes(status) ? 'refused' : status;
          return { outcomes: [outcome(a.status), outcome(b.status)].sort(), survivors: survivors.length };
        }),
      );
      for (const round of rounds) expect(round).toEqual({ outcomes: ['refused', 'revoked'], survivors: 1 });
    });
  });

  describe('roles', () => {
    let c: CampaignFixture;
    let mine: { id: string };
    let theirs: { id: string };
    let player: { id: string; auth: { Authorization: string } };
    let viewer: { id: string; auth: { Authorization: string } };
    beforeAll(async () => {
      c = await createCampaign(t.server);
      mine = await createCharacter(t.server, c, { name: 'Mine' });
      theirs = await createCharacter(t.server, c, { name: 'Theirs' });
      player = await createKey(t.server, c, { role: 'player', characterIds: [mine.id] });
      viewer = await createKey(t.server, c, { role: 'viewer' });
    });

    const viewerRefused: [string, Method, string, unknown][] = [
      ['create a character', 'POST', 'characters', { name: 'Nope' }],
      ['update a character', 'PATCH', 'characters/:mine', { name: 'Nope' }],
      ['create a key', 'POST', 'keys', { role: 'viewer' }],
      ['list keys', 'GET', 'keys', undefined],
      ['revoke a key', 'DELETE', 'keys/:player', undefined],
      ['start a session', 'POST', 'sessions', undefined],
      ['end a session', 'POST', 'sessions/current/end', undefined],
      ...CHECK_CASES.map((check): [string, Method, string, unknown] => [
        `make a ${check.route} check`,
        'POST',
        `checks/${check.route}`,
        check.body,
      ]),
    ];

    it.each(viewerRefused)('a viewer may not %s (403)', async (_what, method, path, body) => {
      const url = `/v1/campaigns/${c.id}/${path.replace(':mine', mine.id).replace(':player', player.id)}`;
      expectProblem(await call(method, url, viewer.auth, body), 403, 'FORBIDDEN');
    });

    it('a viewer reads public state', async () => {
      for (const path of ['', '/characters', `/characters/${mine.id}`, '/sessions', '/rolls']) {
        await t.http.get(`/v1/campaigns/${c.id}${path}`).set(viewer.auth).expect(200);
      }
    });

    it.each([
      ['create a key', 'POST', 'keys', { role: 'viewer' }],
      ['list keys', 'GET', 'keys', undefined],
      ['revoke a key', 'DELETE', 'keys/:viewer', undefined],
      ['create a character', 'POST', 'characters', { name: 'Nope' }],
      ['start a session', 'POST', 'sessions', undefined],
      ['end a session', 'POST', 'sessions/current/end', undefined],
    ] as [string, Method, string, unknown][])(
      'a player may not %s (403)',
      async (_what, method, path, body) => {
        const url = `/v1/campaigns/${c.id}/${path.replace(':viewer', viewer.id)}`;
        expectProblem(await call(method, url, player.auth, body), 403, 'FORBIDDEN');
      },
    );

    it('a player updates its own character but not another’s', async () => {
      const own = await t.http
        .patch(`/v1/campaigns/${c.id}/characters/${mine.id}`)
        .set(player.auth)
        .send({ notes: 'Carries a lantern' })
        .expect(200);
      expect(own.body).toMatchObject({ id: mine.id, name: 'Mine', notes: 'Carries a lantern' });

      const other = await t.http
        .patch(`/v1/campaigns/${c.id}/characters/${theirs.id}`)
        .set(player.auth)
        .send({ name: 'Stolen' });
      expectProblem(other, 403, 'FORBIDDEN');
      const unchanged = await t.http
        .get(`/v1/campaigns/${c.id}/characters/${theirs.id}`)
        .set(c.auth)
        .expect(200);
      expect(unchanged.body.name).toBe('Theirs');
    });

    it('the referee updates any character', async () => {
      const res = await t.http
        .patch(`/v1/campaigns/${c.id}/characters/${theirs.id}`)
        .set(c.auth)
        .send({ name: 'Theirs, renamed' })
        .expect(200);
      expect(res.body).toMatchObject({ id: theirs.id, name: 'Theirs, renamed' });
    });

    it('a player makes checks', async () => {
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/checks/pool`)
        .set(player.auth)
        .send({ pool: 3, objective: 1 })
        .expect(201);
      expect(res.body.rollId).toEqual(expect.any(String));
    });
  });

  describe('tenant isolation', () => {
    let a: CampaignFixture;
    let b: CampaignFixture;
    const ids: Record<string, string> = {};
    let bSession: { id: string };
    beforeAll(async () => {
      a = await createCampaign(t.server, 'A');
      b = await createCampaign(t.server, 'B');
      ids.b = b.id;
      ids.character = (await createCharacter(t.server, b, { name: 'B’s hero' })).id;
      ids.key = (await createKey(t.server, b, { role: 'viewer' })).id;
      bSession = await startSession(t.server, b);
      const roll = await t.http
        .post(`/v1/campaigns/${b.id}/checks/pool`)
        .set(b.auth)
        .send({ pool: 4, objective: 2 })
        .expect(201);
      ids.roll = roll.body.rollId;
    });

    const fill = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => ids[name]);

    const routes: [Method, string, unknown][] = [
      ['GET', '/v1/campaigns/:b', undefined],
      ['GET', '/v1/campaigns/:b/keys', undefined],
      ['POST', '/v1/campaigns/:b/keys', { role: 'referee' }],
      ['DELETE', '/v1/campaigns/:b/keys/:key', undefined],
      ['GET', '/v1/campaigns/:b/characters', undefined],
      ['POST', '/v1/campaigns/:b/characters', { name: 'Intruder' }],
      ['GET', '/v1/campaigns/:b/characters/:character', undefined],
      ['PATCH', '/v1/campaigns/:b/characters/:character', { name: 'Hijacked' }],
      ['GET', '/v1/campaigns/:b/sessions', undefined],
      ['POST', '/v1/campaigns/:b/sessions', undefined],
      ['GET', '/v1/campaigns/:b/sessions/current', undefined],
      ['POST', '/v1/campaigns/:b/sessions/current/end', undefined],
      ...CHECK_CASES.map((check): [Method, string, unknown] => [
        'POST',
        `/v1/campaigns/:b/checks/${check.route}`,
        check.body,
      ]),
      ['GET', '/v1/campaigns/:b/rolls', undefined],
      ['GET', '/v1/campaigns/:b/rolls/:roll', undefined],
      ['GET', '/v1/campaigns/:b/rolls/:roll/replay', undefined],
    ];

    it.each(routes)('%s %s with campaign A’s referee key answers 404', async (method, path, body) => {
      const res = await call(method, fill(path), a.auth, body);
      expectProblem(res, 404, 'NOT_FOUND');
      expect(res.text).not.toContain('B’s hero');
    });

    it.each([
      ['a character', 'GET', '/v1/campaigns/:a/characters/:character'],
      ['a character update', 'PATCH', '/v1/campaigns/:a/characters/:character'],
      ['a key', 'DELETE', '/v1/campaigns/:a/keys/:key'],
      ['a roll', 'GET', '/v1/campaigns/:a/rolls/:roll'],
      ['a roll replay', 'GET', '/v1/campaigns/:a/rolls/:roll/replay'],
    ] as [string, Method, string][])(
      'campaign A’s routes do not reach %s of campaign B (404)',
      async (_what, method, path) => {
        const url = fill(path.replace(':a', a.id));
        const res = await call(method, url, a.auth, method === 'PATCH' ? { name: 'Hijacked' } : undefined);
        expectProblem(res, 404, 'NOT_FOUND');
      },
    );

    const gqlDocuments: [string, string, Record<string, unknown>][] = [
      ['campaign', 'query($c: ID!) { campaign(campaignId: $c) { id name } }', {}],
      ['characters', 'query($c: ID!) { characters(campaignId: $c) { items { id } } }', {}],
      [
        'character',
        'query($c: ID!, $x: ID!) { character(campaignId: $c, characterId: $x) { id } }',
        { x: ':character' },
      ],
      ['keys', 'query($c: ID!) { keys(campaignId: $c) { items { id } } }', {}],
      ['sessions', 'query($c: ID!) { sessions(campaignId: $c) { items { id } } }', {}],
      ['currentSession', 'query($c: ID!) { currentSession(campaignId: $c) { id } }', {}],
      ['rolls', 'query($c: ID!) { rolls(campaignId: $c) { items { id } } }', {}],
      ['roll', 'query($c: ID!, $x: ID!) { roll(campaignId: $c, rollId: $x) { id } }', { x: ':roll' }],
      [
        'replayRoll',
        'query($c: ID!, $x: ID!) { replayRoll(campaignId: $c, rollId: $x) { matches } }',
        { x: ':roll' },
      ],
      ['createKey', 'mutation($c: ID!) { createKey(campaignId: $c, input: { role: referee }) { key } }', {}],
      [
        'revokeKey',
        'mutation($c: ID!, $x: ID!) { revokeKey(campaignId: $c, keyId: $x) { id } }',
        { x: ':key' },
      ],
      [
        'createCharacter',
        'mutation($c: ID!) { createCharacter(campaignId: $c, input: { name: "Intruder" }) { id } }',
        {},
      ],
      [
        'updateCharacter',
        'mutation($c: ID!, $x: ID!) { updateCharacter(campaignId: $c, characterId: $x, input: { name: "Hijacked" }) { id } }',
        { x: ':character' },
      ],
      ['startSession', 'mutation($c: ID!) { startSession(campaignId: $c) { id } }', {}],
      ['endSession', 'mutation($c: ID!) { endSession(campaignId: $c) { id } }', {}],
      ...CHECK_CASES.map((check): [string, string, Record<string, unknown>] => [
        check.mutation,
        `mutation($c: ID, $i: ${check.inputType}!) { ${check.mutation}(input: $i, campaignId: $c) { rollId } }`,
        { i: check.gqlInput },
      ]),
    ];

    it.each(gqlDocuments)(
      'GraphQL %s with campaign A’s key answers NOT_FOUND',
      async (_name, query, variables) => {
        const filled = Object.fromEntries(
          Object.entries(variables).map(([k, v]) => [k, typeof v === 'string' ? fill(v) : v]),
        );
        const answer = await gql(t.server, query, { c: b.id, ...filled }, a.auth);
        expect(codes(answer)).toEqual(['NOT_FOUND']);
        expect(answer.data).toBeNull();
      },
    );

    it('leaves campaign B unchanged after all of that', async () => {
      const characters = await t.http.get(`/v1/campaigns/${b.id}/characters`).set(b.auth).expect(200);
      expect(characters.body.items).toEqual([
        expect.objectContaining({ id: ids.character, name: 'B’s hero' }),
      ]);
      const keys = await t.http.get(`/v1/campaigns/${b.id}/keys`).set(b.auth).expect(200);
      expect(keys.body.items).toHaveLength(2);
      expect(keys.body.items.every((k: { revokedAt: string | null }) => k.revokedAt === null)).toBe(true);
      const current = await t.http.get(`/v1/campaigns/${b.id}/sessions/current`).set(b.auth).expect(200);
      expect(current.body).toMatchObject({ id: bSession.id, number: 1, endedAt: null });
      const rolls = await t.http.get(`/v1/campaigns/${b.id}/rolls`).set(b.auth).expect(200);
      expect(rolls.body.items.map((r: { id: string }) => r.id)).toEqual([ids.roll]);
    });

    it('answers 404 (not 401) to a key of another campaign and 401 once that key is revoked', async () => {
      const spare = await createKey(t.server, a, { role: 'viewer' });
      expectProblem(await call('GET', `/v1/campaigns/${b.id}`, spare.auth), 404, 'NOT_FOUND');
      await t.http.delete(`/v1/campaigns/${a.id}/keys/${spare.id}`).set(a.auth).expect(200);
      expectProblem(await call('GET', `/v1/campaigns/${b.id}`, spare.auth), 401, 'UNAUTHORIZED');
    });
  });

  describe('characters', () => {
    let c: CampaignFixture;
    beforeAll(async () => {
      c = await createCampaign(t.server);
    });

    it('creates, reads and updates a character', async () => {
      const created = await t.http
        .post(`/v1/campaigns/${c.id}/characters`)
        .set(c.auth)
        .send({ name: 'Asha', notes: 'Cartographer' })
        .expect(201);
      expect(created.body).toMatchObject({
        id: expect.any(String),
        name: 'Asha',
        notes: 'Cartographer',
        createdAt: expect.stringMatching(ISO),
        updatedAt: created.body.createdAt,
      });
      const read = await t.http
        .get(`/v1/campaigns/${c.id}/characters/${created.body.id}`)
        .set(c.auth)
        .expect(200);
      expect(read.body).toEqual(created.body);

      const updated = await t.http
        .patch(`/v1/campaigns/${c.id}/characters/${created.body.id}`)
        .set(c.auth)
        .send({ name: 'Asha the Bold' })
        .expect(200);
      expect(updated.body).toMatchObject({
        id: created.body.id,
        name: 'Asha the Bold',
        notes: 'Cartographer',
        createdAt: created.body.createdAt,
      });
      expect(updated.body.updatedAt >= created.body.updatedAt).toBe(true);
      const reread = await t.http
        .get(`/v1/campaigns/${c.id}/characters/${created.body.id}`)
        .set(c.auth)
        .expect(200);
      expect(reread.body).toEqual(updated.body);
    });

    it('creates a character without notes as notes null', async () => {
      const created = await createCharacter(t.server, c, { name: 'Bare' });
      expect(created).toMatchObject({ name: 'Bare', notes: null });
    });

    it('answers 404 for a character that does not exist', async () => {
      const path = `/v1/campaigns/${c.id}/characters/00000000-0000-4000-8000-000000000000`;
      expectProblem(await t.http.get(path).set(c.auth), 404, 'NOT_FOUND');
      expectProblem(await t.http.patch(path).set(c.auth).send({ name: 'x' }), 404, 'NOT_FOUND');
    });

    it.each([
      ['a missing name', 'POST', {}, 'name'],
      ['a name too long', 'POST', { name: 'x'.repeat(201) }, 'name'],
      ['notes of the wrong type', 'POST', { name: 'x', notes: 5 }, 'notes'],
      ['an unknown field', 'POST', { name: 'x', favouriteColour: 'teal' }, 'favouriteColour'],
      ['an unknown field in an update', 'PATCH', { level: 3 }, 'level'],
      ['a name of the wrong type in an update', 'PATCH', { name: ['x'] }, 'name'],
    ] as [string, Method, unknown, string][])(
      'refuses %s with a 400 naming the field',
      async (_w, method, body, field) => {
        const target = await createCharacter(t.server, c, { name: 'Target' });
        const path =
          method === 'POST'
            ? `/v1/campaigns/${c.id}/characters`
            : `/v1/campaigns/${c.id}/characters/${target.id}`;
        expectProblem(await call(method, path, c.auth, body), 400, 'VALIDATION_FAILED', field);
      },
    );

    it('pages the list: limit=2 gives two and a cursor, the cursor gives the last one and next null', async () => {
      const fresh = await createCampaign(t.server);
      const made = [];
      for (const name of ['One', 'Two', 'Three']) made.push(await createCharacter(t.server, fresh, { name }));
      const first = await t.http
        .get(`/v1/campaigns/${fresh.id}/characters?limit=2`)
        .set(fresh.auth)
        .expect(200);
      expect(first.body.items).toHaveLength(2);
      expect(first.body.next).toEqual(expect.any(String));
      const second = await t.http
        .get(`/v1/campaigns/${fresh.id}/characters?limit=2&after=${encodeURIComponent(first.body.next)}`)
        .set(fresh.auth)
        .expect(200);
      expect(second.body.items).toHaveLength(1);
      expect(second.body.next).toBeNull();
      const paged = [...first.body.items, ...second.body.items].map((x: { id: string }) => x.id);
      expect([...paged].sort()).toEqual(made.map((x) => x.id).sort());
      const all = await t.http.get(`/v1/campaigns/${fresh.id}/characters`).set(fresh.auth).expect(200);
      expect(all.body.next).toBeNull();
      expect(all.body.items.map((x: { id: string }) => x.id)).toEqual(paged);
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=two', 'limit'],
      ['after=%21%21%21', 'after'],
      ['after=bm90LWEtY3Vyc29y', 'after'],
    ])('refuses ?%s with a 400 naming the field', async (query, field) => {
      const res = await t.http.get(`/v1/campaigns/${c.id}/characters?${query}`).set(c.auth);
      expectProblem(res, 400, 'VALIDATION_FAILED', field);
    });
  });

  describe('sessions', () => {
    it('starts, reads, ends and numbers sessions, and answers 409 when none is in progress', async () => {
      const c = await createCampaign(t.server);
      const base = `/v1/campaigns/${c.id}/sessions`;
      expectProblem(await t.http.get(`${base}/current`).set(c.auth), 409, 'NO_SESSION_IN_PROGRESS');
      expectProblem(await t.http.post(`${base}/current/end`).set(c.auth), 409, 'NO_SESSION_IN_PROGRESS');
      const empty = await t.http.get(base).set(c.auth).expect(200);
      expect(empty.body).toEqual({ items: [], next: null });

      const one = await t.http.post(base).set(c.auth).expect(201);
      expect(one.body).toEqual({
        id: expect.any(String),
        number: 1,
        startedAt: expect.stringMatching(ISO),
        endedAt: null,
        roster: [],
      });
      expect((await t.http.get(`${base}/current`).set(c.auth).expect(200)).body).toEqual(one.body);

      // A second start while session 1 is in progress (a double click) changes nothing.
      const again = await t.http.post(base).set(c.auth).send({});
      expectProblem(again, 409, 'SESSION_IN_PROGRESS', 'endCurrent');
      expect((await t.http.get(`${base}/current`).set(c.auth).expect(200)).body).toEqual(one.body);
      expectProblem(
        await t.http.post(base).set(c.auth).send({ endCurrent: false }),
        409,
        'SESSION_IN_PROGRESS',
        'endCurrent',
      );
      expectProblem(
        await t.http.post(base).set(c.auth).send({ endCurrent: 'yes' }),
        400,
        'VALIDATION_FAILED',
        'endCurrent',
      );

      const two = await t.http.post(base).set(c.auth).send({ endCurrent: true }).expect(201);
      expect(two.body).toMatchObject({ number: 2, endedAt: null });
      expect(two.body.id).not.toBe(one.body.id);
      expect((await t.http.get(`${base}/current`).set(c.auth).expect(200)).body).toEqual(two.body);

      const ended = await t.http.post(`${base}/current/end`).set(c.auth).expect(200);
      expect(ended.body).toEqual({ ...two.body, endedAt: expect.stringMatching(ISO) });
      expectProblem(await t.http.get(`${base}/current`).set(c.auth), 409, 'NO_SESSION_IN_PROGRESS');
      expectProblem(await t.http.post(`${base}/current/end`).set(c.auth), 409, 'NO_SESSION_IN_PROGRESS');

      const three = await t.http.post(base).set(c.auth).expect(201);
      expect(three.body.number).toBe(3);

      const list = await t.http.get(base).set(c.auth).expect(200);
      expect(list.body.next).toBeNull();
      expect(list.body.items).toEqual([
        { ...one.body, endedAt: expect.stringMatching(ISO) },
        ended.body,
        three.body,
      ]);
      // Starting session 2 ended session 1.
      expect(list.body.items[0].endedAt).toBe(two.body.startedAt);

      const page = await t.http.get(`${base}?limit=2`).set(c.auth).expect(200);
      expect(page.body.items.map((s: { number: number }) => s.number)).toEqual([1, 2]);
      const rest = await t.http.get(`${base}?limit=2&after=${page.body.next}`).set(c.auth).expect(200);
      expect(rest.body).toEqual({ items: [three.body], next: null });
    });

    it('starts one session of concurrent plain starts and refuses the others', async () => {
      const c = await createCampaign(t.server);
      const base = `/v1/campaigns/${c.id}/sessions`;
      const started = await Promise.all(Array.from({ length: 5 }, () => t.http.post(base).set(c.auth)));
      expect(started.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const res of started.filter((r) => r.status === 409)) {
        expectProblem(res, 409, 'SESSION_IN_PROGRESS', 'endCurrent');
      }
      const list = await t.http.get(base).set(c.auth).expect(200);
      expect(list.body.items.map((x: { number: number }) => x.number)).toEqual([1]);
    });

    it('numbers concurrent starts that end the current one 1 to 5 and leaves only the last in progress', async () => {
      const c = await createCampaign(t.server);
      const base = `/v1/campaigns/${c.id}/sessions`;
      const started = await Promise.all(
        Array.from({ length: 5 }, () => t.http.post(base).set(c.auth).send({ endCurrent: true })),
      );
      expect(started.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
      expect(started.map((res) => res.body.number).sort()).toEqual([1, 2, 3, 4, 5]);
      const list = await t.http.get(base).set(c.auth).expect(200);
      expect(list.body.items.map((x: { number: number }) => x.number)).toEqual([1, 2, 3, 4, 5]);
      expect(list.body.items.filter((x: { endedAt: string | null }) => x.endedAt === null)).toHaveLength(1);
      const current = await t.http.get(`${base}/current`).set(c.auth).expect(200);
      expect(current.body.number).toBe(5);
    });

    it('lets players and viewers read the current session', async () => {
      const c = await createCampaign(t.server);
      const session = await startSession(t.server, c);
      const hero = await createCharacter(t.server, c, { name: 'Hero' });
      for (const role of ['player', 'viewer']) {
        const key = await createKey(
          t.server,
          c,
          role === 'player' ? { role, characterIds: [hero.id] } : { role },
        );
        const res = await t.http.get(`/v1/campaigns/${c.id}/sessions/current`).set(key.auth).expect(200);
        expect(res.body.id).toBe(session.id);
      }
    });
  });

  describe('GraphQL twins', () => {
    const CREATE =
      'mutation($i: CreateCampaignInput!) { createCampaign(input: $i) { id name refereeKey refereeKeyId } }';

    async function gqlCampaign(name = 'GraphQL campaign') {
      const answer = await gql(t.server, CREATE, { i: { name } });
      expect(answer.errors).toBeUndefined();
      const created = answer.data?.createCampaign;
      return { ...created, auth: bearer(created.refereeKey) } as {
        id: string;
        refereeKey: string;
        refereeKeyId: string;
        auth: { Authorization: string };
      };
    }

    it('createCampaign answers the campaign and its key, which works on REST too', async () => {
      const c = await gqlCampaign('Over GraphQL');
      expect(c).toMatchObject({ name: 'Over GraphQL', refereeKey: expect.stringMatching(KEY_FORMAT) });
      await t.http.get(`/v1/campaigns/${c.id}`).set(c.auth).expect(200);
      const read = await gql(
        t.server,
        'query($c: ID!) { campaign(campaignId: $c) { id name settings createdAt } }',
        { c: c.id },
        c.auth,
      );
      expect(read.data?.campaign).toEqual({
        id: c.id,
        name: 'Over GraphQL',
        settings: {},
        createdAt: expect.stringMatching(ISO),
      });
    });

    it('refuses a bad campaign name with VALIDATION_FAILED naming the field', async () => {
      const answer = await gql(t.server, CREATE, { i: { name: 'x'.repeat(201) } });
      expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
      expect(fieldsOf(answer.errors?.[0].extensions?.errors)).toContain('name');
    });

    it('keeps secrets out of the key type', async () => {
      const answer = await gql(t.server, '{ __type(name: "ApiKey") { fields { name } } }');
      const fields = answer.data?.__type.fields.map((f: { name: string }) => f.name);
      expect(fields).toEqual(
        expect.arrayContaining(['id', 'role', 'label', 'characterIds', 'createdAt', 'revokedAt']),
      );
      expect(fields).not.toContain('key');
      expect(fields).not.toContain('secretHash');
    });

    it('createKey, keys and revokeKey work like REST, including the last-referee-key rule', async () => {
      const c = await gqlCampaign();
      const character = await gql(
        t.server,
        'mutation($c: ID!) { createCharacter(campaignId: $c, input: { name: "Bound" }) { id name notes } }',
        { c: c.id },
        c.auth,
      );
      expect(character.data?.createCharacter).toEqual({ id: expect.any(String), name: 'Bound', notes: null });
      const characterId = character.data?.createCharacter.id;

      const created = await gql(
        t.server,
        'mutation($c: ID!, $i: CreateKeyInput!) { createKey(campaignId: $c, input: $i) { id role label characterIds revokedAt key } }',
        { c: c.id, i: { role: 'player', characterIds: [characterId], label: 'Ana' } },
        c.auth,
      );
      expect(created.data?.createKey).toEqual({
        id: expect.any(String),
        role: 'player',
        label: 'Ana',
        characterIds: [characterId],
        revokedAt: null,
        key: expect.stringMatching(KEY_FORMAT),
      });
      const player = created.data?.createKey;

      const listed = await gql(
        t.server,
        'query($c: ID!) { campaign(campaignId: $c) { keys { items { id role } next } } }',
        { c: c.id },
        c.auth,
      );
      expect(listed.errors).toBeUndefined();
      expect(listed.data?.campaign.keys).toEqual({
        items: expect.arrayContaining([
          { id: c.refereeKeyId, role: 'referee' },
          { id: player.id, role: 'player' },
        ]),
        next: null,
      });

      const byPlayer = await gql(
        t.server,
        'query($c: ID!) { keys(campaignId: $c) { next } }',
        { c: c.id },
        bearer(player.key),
      );
      expect(codes(byPlayer)).toEqual(['FORBIDDEN']);

      const lastReferee = await gql(
        t.server,
        'mutation($c: ID!, $k: ID!) { revokeKey(campaignId: $c, keyId: $k) { id } }',
        { c: c.id, k: c.refereeKeyId },
        c.auth,
      );
      expect(codes(lastReferee)).toEqual(['CONFLICT']);

      const revoked = await gql(
        t.server,
        'mutation($c: ID!, $k: ID!) { revokeKey(campaignId: $c, keyId: $k) { id revokedAt } }',
        { c: c.id, k: player.id },
        c.auth,
      );
      expect(revoked.data?.revokeKey).toEqual({ id: player.id, revokedAt: expect.stringMatching(ISO) });
      const after = await gql(
        t.server,
        'query($c: ID!) { campaign(campaignId: $c) { id } }',
        { c: c.id },
        bearer(player.key),
      );
      expect(codes(after)).toEqual(['UNAUTHORIZED']);
    });

    it('a viewer may not create keys, characters or sessions over GraphQL', async () => {
      const c = await gqlCampaign();
      const viewer = await createKey(
        t.server,
        { id: c.id, refereeKey: c.refereeKey, auth: c.auth },
        { role: 'viewer' },
      );
      for (const mutation of [
        'createKey(campaignId: $c, input: { role: viewer }) { id }',
        'createCharacter(campaignId: $c, input: { name: "x" }) { id }',
        'startSession(campaignId: $c) { id }',
        'endSession(campaignId: $c) { id }',
        'poolCheck(campaignId: $c, input: { pool: 2, objective: 1 }) { rollId }',
      ]) {
        const answer = await gql(t.server, `mutation($c: ID!) { ${mutation} }`, { c: c.id }, viewer.auth);
        expect({ mutation, codes: codes(answer) }).toEqual({ mutation, codes: ['FORBIDDEN'] });
      }
    });

    it('characters, character and updateCharacter follow the same rules as REST', async () => {
      const c = await gqlCampaign();
      const fixture = { id: c.id, refereeKey: c.refereeKey, auth: c.auth };
      const made = [];
      for (const name of ['One', 'Two', 'Three'])
        made.push(await createCharacter(t.server, fixture, { name }));
      const player = await createKey(t.server, fixture, { role: 'player', characterIds: [made[0].id] });

      const PAGE =
        'query($c: ID!, $a: String) { campaign(campaignId: $c) { characters(limit: 2, after: $a) { items { id name } next } } }';
      const first = (await gql(t.server, PAGE, { c: c.id }, player.auth)).data?.campaign.characters;
      expect(first.items).toHaveLength(2);
      expect(first.next).toEqual(expect.any(String));
      const second = (await gql(t.server, PAGE, { c: c.id, a: first.next }, player.auth)).data?.campaign
        .characters;
      expect(second.items).toHaveLength(1);
      expect(second.next).toBeNull();
      const seen = [...first.items, ...second.items].map((x: { id: string }) => x.id);
      expect(seen.sort()).toEqual(made.map((x) => x.id).sort());

      const one = await gql(
        t.server,
        'query($c: ID!, $x: ID!) { character(campaignId: $c, characterId: $x) { id name } }',
        { c: c.id, x: made[1].id },
        player.auth,
      );
      expect(one.data?.character).toEqual({ id: made[1].id, name: 'Two' });

      const UPDATE =
        'mutation($c: ID!, $x: ID!, $i: UpdateCharacterInput!) { updateCharacter(campaignId: $c, characterId: $x, input: $i) { id name notes } }';
      const own = await gql(t.server, UPDATE, { c: c.id, x: made[0].id, i: { notes: 'Mine' } }, player.auth);
      expect(own.data?.updateCharacter).toEqual({ id: made[0].id, name: 'One', notes: 'Mine' });
      const other = await gql(
        t.server,
        UPDATE,
        { c: c.id, x: made[1].id, i: { name: 'Stolen' } },
        player.auth,
      );
      expect(codes(other)).toEqual(['FORBIDDEN']);
      const byReferee = await gql(
        t.server,
        UPDATE,
        { c: c.id, x: made[1].id, i: { name: 'Renamed' } },
        c.auth,
      );
      expect(byReferee.data?.updateCharacter).toEqual({ id: made[1].id, name: 'Renamed', notes: null });

      const unknown = await gql(
        t.server,
        'query($c: ID!) { character(campaignId: $c, characterId: "00000000-0000-4000-8000-000000000000") { id } }',
        { c: c.id },
        c.auth,
      );
      expect(codes(unknown)).toEqual(['NOT_FOUND']);
    });

    it('startSession, currentSession, endSession and sessions follow the same rules as REST', async () => {
      const c = await gqlCampaign();
      const CURRENT = 'query($c: ID!) { currentSession(campaignId: $c) { id number endedAt } }';
      expect(codes(await gql(t.server, CURRENT, { c: c.id }, c.auth))).toEqual(['NO_SESSION_IN_PROGRESS']);
      const noneToEnd = await gql(
        t.server,
        'mutation($c: ID!) { endSession(campaignId: $c) { id } }',
        { c: c.id },
        c.auth,
      );
      expect(codes(noneToEnd)).toEqual(['NO_SESSION_IN_PROGRESS']);

      const START =
        'mutation($c: ID!, $i: StartSessionInput) { startSession(campaignId: $c, input: $i) { id number startedAt endedAt } }';
      const one = (await gql(t.server, START, { c: c.id }, c.auth)).data?.startSession;
      expect(one).toEqual({
        id: expect.any(String),
        number: 1,
        startedAt: expect.stringMatching(ISO),
        endedAt: null,
      });
      const twice = await gql(t.server, START, { c: c.id }, c.auth);
      expect(codes(twice)).toEqual(['SESSION_IN_PROGRESS']);
      const two = (await gql(t.server, START, { c: c.id, i: { endCurrent: true } }, c.auth)).data
        ?.startSession;
      expect(two).toMatchObject({ number: 2, endedAt: null });
      const current = await gql(t.server, CURRENT, { c: c.id }, c.auth);
      expect(current.data?.currentSession).toEqual({ id: two.id, number: 2, endedAt: null });

      const ended = await gql(
        t.server,
        'mutation($c: ID!) { endSession(campaignId: $c) { id number endedAt } }',
        { c: c.id },
        c.auth,
      );
      expect(ended.data?.endSession).toEqual({ id: two.id, number: 2, endedAt: expect.stringMatching(ISO) });
      expect(codes(await gql(t.server, CURRENT, { c: c.id }, c.auth))).toEqual(['NO_SESSION_IN_PROGRESS']);

      const list = await gql(
        t.server,
        'query($c: ID!) { campaign(campaignId: $c) { sessions { items { number endedAt } next } } }',
        { c: c.id },
        c.auth,
      );
      expect(list.errors).toBeUndefined();
      expect(list.data?.campaign.sessions).toEqual({
        items: [
          { number: 1, endedAt: expect.stringMatching(ISO) },
          { number: 2, endedAt: expect.stringMatching(ISO) },
        ],
        next: null,
      });
      const rest = await t.http.get(`/v1/campaigns/${c.id}/sessions`).set(c.auth).expect(200);
      expect(rest.body.items.map((s: { id: string }) => s.id)).toEqual([one.id, two.id]);
    });

    it('answers one nested campaign query with characters, rolls, current session and keys', async () => {
      const c = await gqlCampaign('Nested');
      const fixture = { id: c.id, refereeKey: c.refereeKey, auth: c.auth };
      const hero = await createCharacter(t.server, fixture, { name: 'Hero' });
      const session = await startSession(t.server, fixture);
      const roll = await t.http
        .post(`/v1/campaigns/${c.id}/checks/save`)
        .set(c.auth)
        .send({ attribute: 10, seed: 'nested' })
        .expect(201);
      const NESTED = `query($c: ID!) {
        campaign(campaignId: $c) {
          id name
          characters(limit: 10) { items { id name } next }
          rolls(limit: 10) { items { id procedure sessionId faces } next }
          currentSession { id number }
          keys { items { id role } next }
        }
      }`;
      const answer = await gql(t.server, NESTED, { c: c.id }, c.auth);
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.campaign).toEqual({
        id: c.id,
        name: 'Nested',
        characters: { items: [{ id: hero.id, name: 'Hero' }], next: null },
        rolls: {
          items: [
            { id: roll.body.rollId, procedure: 'check.save', sessionId: session.id, faces: roll.body.faces },
          ],
          next: null,
        },
        currentSession: { id: session.id, number: 1 },
        keys: { items: [{ id: c.refereeKeyId, role: 'referee' }], next: null },
      });

      const viewer = await createKey(t.server, fixture, { role: 'viewer' });
      const withoutKeys = await gql(
        t.server,
        'query($c: ID!) { campaign(campaignId: $c) { characters { items { id } } currentSession { id } } }',
        { c: c.id },
        viewer.auth,
      );
      expect(withoutKeys.errors).toBeUndefined();
      expect(withoutKeys.data?.campaign).toEqual({
        characters: { items: [{ id: hero.id }] },
        currentSession: { id: session.id },
      });

      await t.http.post(`/v1/campaigns/${c.id}/sessions/current/end`).set(c.auth).expect(200);
      const noSession = await gql(
        t.server,
        'query($c: ID!) { campaign(campaignId: $c) { currentSession { id } } }',
        { c: c.id },
        c.auth,
      );
      expect(noSession.errors).toBeUndefined();
      expect(noSession.data?.campaign).toEqual({ currentSession: null });
    });

    // Regression: `@Args() page: PageQuery` once received `campaignId` too, and the validation pipe
    // refused it as an unknown field, so these top-level queries always failed (fixed in 539e2ad).
    it('answers the top-level characters, keys and sessions queries with campaignId, limit and after', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Hero' });
      const session = await startSession(t.server, c);
      const answer = await gql(
        t.server,
        `query($c: ID!) {
          characters(campaignId: $c, limit: 5) { items { id } next }
          keys(campaignId: $c, limit: 5) { items { role } next }
          sessions(campaignId: $c, limit: 5) { items { id } next }
        }`,
        { c: c.id },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toEqual({
        characters: { items: [{ id: hero.id }], next: null },
        keys: { items: [{ role: 'referee' }], next: null },
        sessions: { items: [{ id: session.id }], next: null },
      });
    });

    // Regression: errors thrown in the Campaign field resolvers once bypassed ProblemFilter and reached
    // clients as INTERNAL_SERVER_ERROR instead of their problem code (fixed in 539e2ad).
    it('gives errors inside campaign fields their problem code: FORBIDDEN for a viewer asking for keys', async () => {
      const c = await createCampaign(t.server);
      const viewer = await createKey(t.server, c, { role: 'viewer' });
      const answer = await gql(
        t.server,
        'query($c: ID!) { campaign(campaignId: $c) { keys { items { id } } } }',
        { c: c.id },
        viewer.auth,
      );
      expect(codes(answer)).toEqual(['FORBIDDEN']);
    });

    it('gives errors inside campaign fields their problem code: VALIDATION_FAILED naming limit', async () => {
      const c = await createCampaign(t.server);
      const answer = await gql(
        t.server,
        'query($c: ID!) { campaign(campaignId: $c) { characters(limit: 101) { next } } }',
        { c: c.id },
        c.auth,
      );
      expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
      expect(fieldsOf(answer.errors?.[0].extensions?.errors)).toContain('limit');
    });
  });
});
