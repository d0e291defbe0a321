import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  bearer,
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  startSession,
} from '../factories/campaign';
import { CHECK_CASES, CheckCase, checkMutation } from '../factories/checks';
import { codes, gql } from '../factories/graphql';
import { expectProblem, fieldsOf } from '../factories/problem';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Key {
  id: string;
  auth: { Authorization: string };
}

/** What the roll log stores as the outcome: the check's answer without its provenance. */
function outcomeOf(answer: Record<string, unknown>): Record<string, unknown> {
  const { seed: _seed, rng: _rng, rollId: _rollId, receipt: _receipt, ...outcome } = answer;
  return outcome;
}

describe(`roll log (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  let referee: Key;
  let player: Key;
  let viewer: Key;
  beforeAll(async () => {
    t = await startApp();
    const res = await t.http.post('/v1/campaigns').send({ name: 'Log' }).expect(201);
    c = { id: res.body.id, refereeKey: res.body.refereeKey, auth: bearer(res.body.refereeKey) };
    referee = { id: res.body.refereeKeyId, auth: c.auth };
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    viewer = await createKey(t.server, c, { role: 'viewer' });
  });
  afterAll(() => t.close());

  const rolls = () => `/v1/campaigns/${c.id}/rolls`;

  async function campaignCheck(check: CheckCase, key: Key, seed: string) {
    return t.http
      .post(`/v1/campaigns/${c.id}/checks/${check.route}`)
      .set(key.auth)
      .send({ ...check.body, seed })
      .expect(201);
  }

  describe('campaign checks', () => {
    it.each(CHECK_CASES.map((check) => [check.route, check] as const))(
      '%s: answers 201 with a rollId and the stateless answer, and logs it under its procedure',
      async (_route, check) => {
        const seed = `log-${check.route}`;
        const stateless = await t.http
          .post(`/v1/checks/${check.route}`)
          .send({ ...check.body, seed })
          .expect(200);
        expect(stateless.body.rollId).toBeNull();

        const made = await campaignCheck(check, referee, seed);
        expect(stateless.body).not.toHaveProperty('receipt');
        // The campaign answer adds its rollId and the logged roll's receipt, its document inside.
        expect(made.body).toEqual({
          ...stateless.body,
          rollId: expect.any(String),
          receipt: {
            alg: 'Ed25519',
            keyId: expect.any(String),
            signature: expect.any(String),
            document: expect.objectContaining({ campaignId: c.id, rollId: made.body.rollId, seed }),
          },
        });

        const stored = await t.http.get(`${rolls()}/${made.body.rollId}`).set(c.auth).expect(200);
        expect(stored.body).toEqual({
          id: made.body.rollId,
          procedure: check.procedure,
          keyId: referee.id,
          role: 'referee',
          sessionId: null,
          sealed: false,
          secret: false,
          commitment: null,
          salt: null,
          revealedAt: null,
          receipt: { alg: 'Ed25519', keyId: expect.any(String), signature: expect.any(String) },
          inputs: check.body,
          seed,
          rng: made.body.rng,
          faces: made.body.faces,
          outcome: outcomeOf(made.body),
          effects: null,
          createdAt: expect.stringMatching(ISO),
        });

        const replay = await t.http.get(`${rolls()}/${made.body.rollId}/replay`).set(c.auth).expect(200);
        expect(replay.body).toEqual({
          matches: true,
          roll: stored.body,
          faces: stored.body.faces,
          outcome: stored.body.outcome,
        });
      },
    );

    it('stores the server-drawn seed when none was sent, and replays it', async () => {
      const made = await t.http
        .post(`/v1/campaigns/${c.id}/checks/pool`)
        .set(player.auth)
        .send({ pool: 8, objective: 3 })
        .expect(201);
      expect(made.body.seed).toMatch(/^[0-9a-f]{32}$/);
      const stored = await t.http.get(`${rolls()}/${made.body.rollId}`).set(c.auth).expect(200);
      expect(stored.body).toMatchObject({
        seed: made.body.seed,
        inputs: { pool: 8, objective: 3 },
        role: 'player',
      });
      const again = await t.http
        .post('/v1/checks/pool')
        .send({ pool: 8, objective: 3, seed: made.body.seed })
        .expect(200);
      expect(again.body.faces).toEqual(made.body.faces);
      const replay = await t.http.get(`${rolls()}/${made.body.rollId}/replay`).set(c.auth).expect(200);
      expect(replay.body).toMatchObject({ matches: true, faces: made.body.faces });
    });

    it('records the session in progress, the key and its role; null again once the session ended', async () => {
      const session = await startSession(t.server, c);
      for (const check of CHECK_CASES) {
        const made = await campaignCheck(check, player, `session-${check.route}`);
        const stored = await t.http.get(`${rolls()}/${made.body.rollId}`).set(viewer.auth).expect(200);
        expect(stored.body).toMatchObject({
          procedure: check.procedure,
          sessionId: session.id,
          keyId: player.id,
          role: 'player',
        });
      }
      const second = await startSession(t.server, c);
      const inSecond = await campaignCheck(CHECK_CASES[0], referee, 'second-session');
      const storedSecond = await t.http.get(`${rolls()}/${inSecond.body.rollId}`).set(c.auth).expect(200);
      expect(storedSecond.body.sessionId).toBe(second.id);

      await t.http.post(`/v1/campaigns/${c.id}/sessions/current/end`).set(c.auth).expect(200);
      const after = await campaignCheck(CHECK_CASES[0], referee, 'after-session');
      const storedAfter = await t.http.get(`${rolls()}/${after.body.rollId}`).set(c.auth).expect(200);
      expect(storedAfter.body.sessionId).toBeNull();
    });

    it('replays every roll of the log with matches true and the stored faces', async () => {
      const page = await t.http.get(`${rolls()}?limit=100`).set(c.auth).expect(200);
      expect(page.body.items.length).toBeGreaterThanOrEqual(CHECK_CASES.length * 2);
      expect(new Set(page.body.items.map((r: { procedure: string }) => r.procedure))).toEqual(
        new Set(CHECK_CASES.map((check) => check.procedure)),
      );
      for (const roll of page.body.items) {
        const replay = await t.http.get(`${rolls()}/${roll.id}/replay`).set(c.auth).expect(200);
        expect({ id: roll.id, matches: replay.body.matches, faces: replay.body.faces }).toEqual({
          id: roll.id,
          matches: true,
          faces: roll.faces,
        });
      }
    });

    it('answers 404 for a roll that does not exist', async () => {
      const missing = `${rolls()}/00000000-0000-4000-8000-000000000000`;
      expectProblem(await t.http.get(missing).set(c.auth), 404, 'NOT_FOUND');
      expectProblem(await t.http.get(`${missing}/replay`).set(c.auth), 404, 'NOT_FOUND');
    });

    it('refuses a campaign check with bad input, logging nothing', async () => {
      const before = await t.http.get(`${rolls()}?limit=100`).set(c.auth).expect(200);
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/checks/pool`)
        .set(c.auth)
        .send({ pool: 'six', objective: 1 });
      expectProblem(res, 400, 'VALIDATION_FAILED', 'pool');
      const limit = await t.http
        .post(`/v1/campaigns/${c.id}/checks/pool`)
        .set(c.auth)
        .send({ pool: 1001, objective: 1 });
      expectProblem(limit, 422, 'DICE_LIMIT_EXCEEDED', 'pool');
      const after = await t.http.get(`${rolls()}?limit=100`).set(c.auth).expect(200);
      expect(after.body.items).toEqual(before.body.items);
    });
  });

  describe('over GraphQL', () => {
    it.each(CHECK_CASES.map((check) => [check.mutation, check] as const))(
      '%s with campaignId answers like the REST campaign route and is logged',
      async (_name, check) => {
        const seed = `gql-log-${check.route}`;
        const rest = await campaignCheck(check, referee, seed);
        const answer = await gql(
          t.server,
          checkMutation(check, true),
          { i: { ...check.gqlInput, seed }, c: c.id },
          player.auth,
        );
        expect(answer.errors).toBeUndefined();
        const result = answer.data?.[check.mutation];
        expect(result.rollId).toEqual(expect.any(String));
        expect(result.rollId).not.toBe(rest.body.rollId);
        expect(result.faces).toEqual(rest.body.faces);

        const stored = await t.http.get(`${rolls()}/${result.rollId}`).set(c.auth).expect(200);
        expect(stored.body).toMatchObject({
          procedure: check.procedure,
          keyId: player.id,
          role: 'player',
          inputs: check.body,
          seed,
          faces: rest.body.faces,
        });
        const restStored = await t.http.get(`${rolls()}/${rest.body.rollId}`).set(c.auth).expect(200);
        expect(stored.body.outcome).toEqual(restStored.body.outcome);
      },
    );

    it('roll and replayRoll answer what REST answers', async () => {
      const made = await campaignCheck(CHECK_CASES[6], referee, 'gql-read');
      const answer = await gql(
        t.server,
        `query($c: ID!, $r: ID!) {
          roll(campaignId: $c, rollId: $r) { id procedure keyId role sessionId sealed secret commitment salt revealedAt receipt { alg keyId signature } inputs seed rng faces outcome effects createdAt }
          replayRoll(campaignId: $c, rollId: $r) { matches faces outcome roll { id } }
        }`,
        { c: c.id, r: made.body.rollId },
        viewer.auth,
      );
      expect(answer.errors).toBeUndefined();
      const rest = await t.http.get(`${rolls()}/${made.body.rollId}`).set(c.auth).expect(200);
      expect(answer.data?.roll).toEqual(rest.body);
      expect(answer.data?.replayRoll).toEqual({
        matches: true,
        faces: rest.body.faces,
        outcome: rest.body.outcome,
        roll: { id: made.body.rollId },
      });
    });

    it('a viewer may not make a campaign check over GraphQL either', async () => {
      const answer = await gql(
        t.server,
        checkMutation(CHECK_CASES[0], true),
        { i: CHECK_CASES[0].gqlInput, c: c.id },
        viewer.auth,
      );
      expect(codes(answer)).toEqual(['FORBIDDEN']);
    });

    it('pages the log through the nested campaign field', async () => {
      const fresh = await createCampaign(t.server);
      const made: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t.http
          .post(`/v1/campaigns/${fresh.id}/checks/save`)
          .set(fresh.auth)
          .send({ attribute: 10 })
          .expect(201);
        made.push(res.body.rollId);
      }
      const PAGE =
        'query($c: ID!, $a: String) { campaign(campaignId: $c) { rolls(limit: 2, after: $a) { items { id } next } } }';
      const first = await gql(t.server, PAGE, { c: fresh.id }, fresh.auth);
      expect(first.errors).toBeUndefined();
      const second = await gql(
        t.server,
        PAGE,
        { c: fresh.id, a: first.data?.campaign.rolls.next },
        fresh.auth,
      );
      expect(second.data?.campaign.rolls.next).toBeNull();
      const pages = [first.data?.campaign.rolls, second.data?.campaign.rolls];
      expect(pages.map((page) => page.items.length)).toEqual([2, 1]);
      const ids = pages.flatMap((page) => page.items.map((r: { id: string }) => r.id));
      expect(ids).toEqual(made);
    });

    // Regression: `@Args() page: PageQuery` once received `campaignId` too, which the validation pipe
    // refused as an unknown field, so the top-level query always failed (fixed in 539e2ad).
    it('answers the top-level rolls query with campaignId and limit', async () => {
      const fresh = await createCampaign(t.server);
      const made = await t.http
        .post(`/v1/campaigns/${fresh.id}/checks/save`)
        .set(fresh.auth)
        .send({ attribute: 10 })
        .expect(201);
      const answer = await gql(
        t.server,
        'query($c: ID!) { rolls(campaignId: $c, limit: 10) { items { id } next } }',
        { c: fresh.id },
        fresh.auth,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.rolls).toEqual({ items: [{ id: made.body.rollId }], next: null });
    });

    // Regression: the guard's principal for an earlier field of the same document once leaked into a
    // later check without campaignId and logged it in that campaign.
    it('keeps a check without campaignId stateless even after a campaign check in the same document', async () => {
      const fresh = await createCampaign(t.server);
      const answer = await gql(
        t.server,
        `mutation($c: ID!) {
          logged: saveCheck(campaignId: $c, input: { attribute: 10, seed: "a" }) { rollId }
          stateless: saveCheck(input: { attribute: 10, seed: "b" }) { rollId }
        }`,
        { c: fresh.id },
        fresh.auth,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.logged.rollId).toEqual(expect.any(String));
      const log = await t.http.get(`/v1/campaigns/${fresh.id}/rolls`).set(fresh.auth).expect(200);
      expect(log.body.items.map((r: { id: string }) => r.id)).toEqual([answer.data?.logged.rollId]);
      expect(answer.data?.stateless.rollId).toBeNull();
    });
  });

  describe('paging', () => {
    let fresh: CampaignFixture;
    const made: string[] = [];
    beforeAll(async () => {
      fresh = await createCampaign(t.server);
      for (let i = 0; i < 27; i++) {
        const res = await t.http
          .post(`/v1/campaigns/${fresh.id}/checks/damage`)
          .set(fresh.auth)
          .send({ dice: 2, seed: `page-${i}` })
          .expect(201);
        made.push(res.body.rollId);
      }
    });

    it('walks the log oldest first with limit, after and next, ending with next null', async () => {
      const seen: string[] = [];
      const sizes: number[] = [];
      let next: string | null = null;
      do {
        const query: string = next === null ? '?limit=10' : `?limit=10&after=${encodeURIComponent(next)}`;
        const page = await t.http.get(`/v1/campaigns/${fresh.id}/rolls${query}`).set(fresh.auth).expect(200);
        sizes.push(page.body.items.length);
        seen.push(...page.body.items.map((r: { id: string }) => r.id));
        next = page.body.next;
      } while (next !== null && sizes.length < 10);
      expect(sizes).toEqual([10, 10, 7]);
      expect(seen).toEqual(made);
    });

    it('gives 25 items by default, 100 at most, and one with limit=1', async () => {
      const byDefault = await t.http.get(`/v1/campaigns/${fresh.id}/rolls`).set(fresh.auth).expect(200);
      expect(byDefault.body.items).toHaveLength(25);
      expect(byDefault.body.next).toEqual(expect.any(String));
      const most = await t.http.get(`/v1/campaigns/${fresh.id}/rolls?limit=100`).set(fresh.auth).expect(200);
      expect(most.body.items.map((r: { id: string }) => r.id)).toEqual(made);
      expect(most.body.next).toBeNull();
      const one = await t.http.get(`/v1/campaigns/${fresh.id}/rolls?limit=1`).set(fresh.auth).expect(200);
      expect(one.body.items.map((r: { id: string }) => r.id)).toEqual([made[0]]);
      const exact = await t.http.get(`/v1/campaigns/${fresh.id}/rolls?limit=27`).set(fresh.auth).expect(200);
      expect(exact.body.items).toHaveLength(27);
      expect(exact.body.next).toBeNull();
    });

    it.each([
      ['limit=101', 'limit=101', 'limit'],
      ['limit=0', 'limit=0', 'limit'],
      ['limit=-1', 'limit=-1', 'limit'],
      ['limit=2.5', 'limit=2.5', 'limit'],
      ['limit=ten', 'limit=ten', 'limit'],
      ['after with characters outside the cursor alphabet', 'after=%21%21%21', 'after'],
      ['after that is not base64 JSON', 'after=garbage', 'after'],
      ['after holding a string key', `after=${Buffer.from('["x"]').toString('base64url')}`, 'after'],
      ['after holding two keys', `after=${Buffer.from('[1,2]').toString('base64url')}`, 'after'],
      ['after of 401 characters', `after=${'a'.repeat(401)}`, 'after'],
    ])('refuses %s with a 400 problem naming the field', async (_what, query, field) => {
      const res = await t.http.get(`/v1/campaigns/${fresh.id}/rolls?${query}`).set(fresh.auth);
      expectProblem(res, 400, 'VALIDATION_FAILED', field);
      expect(fieldsOf(res.body.errors)).toEqual([field]);
    });

    it('refuses the cursor of another list', async () => {
      await createCharacter(t.server, fresh, { name: 'One' });
      await createCharacter(t.server, fresh, { name: 'Two' });
      const characters = await t.http
        .get(`/v1/campaigns/${fresh.id}/characters?limit=1`)
        .set(fresh.auth)
        .expect(200);
      const res = await t.http
        .get(`/v1/campaigns/${fresh.id}/rolls?after=${characters.body.next}`)
        .set(fresh.auth);
      expectProblem(res, 400, 'VALIDATION_FAILED', 'after');
    });
  });

  describe('who may read it', () => {
    it('a viewer and a player read the log, each roll and its replay', async () => {
      const made = await campaignCheck(CHECK_CASES[7], referee, 'readers');
      const asReferee = await t.http.get(`${rolls()}?limit=100`).set(c.auth).expect(200);
      for (const key of [viewer, player]) {
        const list = await t.http.get(`${rolls()}?limit=100`).set(key.auth).expect(200);
        expect(list.body).toEqual(asReferee.body);
        const one = await t.http.get(`${rolls()}/${made.body.rollId}`).set(key.auth).expect(200);
        expect(one.body.id).toBe(made.body.rollId);
        const replay = await t.http.get(`${rolls()}/${made.body.rollId}/replay`).set(key.auth).expect(200);
        expect(replay.body.matches).toBe(true);
      }
    });

    it('another campaign cannot read a roll, through either campaign’s routes', async () => {
      const made = await campaignCheck(CHECK_CASES[0], referee, 'private');
      const other = await createCampaign(t.server);
      for (const path of [
        `${rolls()}`,
        `${rolls()}/${made.body.rollId}`,
        `${rolls()}/${made.body.rollId}/replay`,
        `/v1/campaigns/${other.id}/rolls/${made.body.rollId}`,
        `/v1/campaigns/${other.id}/rolls/${made.body.rollId}/replay`,
      ]) {
        const res = await t.http.get(path).set(other.auth);
        expectProblem(res, 404, 'NOT_FOUND');
        expect(res.text).not.toContain(made.body.seed);
      }
      const own = await t.http.get(`/v1/campaigns/${other.id}/rolls`).set(other.auth).expect(200);
      expect(own.body).toEqual({ items: [], next: null });
      const answer = await gql(
        t.server,
        'query($c: ID!, $r: ID!) { roll(campaignId: $c, rollId: $r) { id } }',
        { c: other.id, r: made.body.rollId },
        other.auth,
      );
      expect(codes(answer)).toEqual(['NOT_FOUND']);
    });

    it('answers 401 without a key', async () => {
      expectProblem(await t.http.get(rolls()), 401, 'UNAUTHORIZED');
    });
  });
});
