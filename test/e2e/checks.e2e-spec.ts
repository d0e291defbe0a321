import { DATABASE_KIND, startApp, TestApp } from './harness';
import { codes, gql } from '../factories/graphql';

describe(`checks over REST and GraphQL (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  describe('POST /v1/checks/pool', () => {
    it('answers the documented shape with exact odds, seed and generator', async () => {
      const res = await t.http
        .post('/v1/checks/pool')
        .send({ pool: 6, objective: 3, seed: 'golden' })
        .expect(200);
      expect(res.body).toEqual({
        dice: 6,
        faces: expect.any(Array),
        successes: res.body.faces.filter((f: number) => f >= 4).length,
        objective: 3,
        passed: res.body.successes >= 3,
        margin: res.body.successes - 3,
        odds: { success: 0.65625 },
        seed: 'golden',
        rng: 'xoroshiro128plus@1',
        rollId: null,
      });
      expect(res.body.faces).toHaveLength(6);
    });

    it('gives the same faces for the same seed over REST and GraphQL', async () => {
      const rest = await t.http
        .post('/v1/checks/pool')
        .send({ pool: 9, objective: 4, seed: 'same-seed' })
        .expect(200);
      const answer = await gql(
        t.server,
        'mutation($i: PoolCheckInput!) { poolCheck(input: $i) { faces successes passed margin odds { success } seed rng } }',
        { i: { pool: 9, objective: 4, seed: 'same-seed' } },
      );
      expect(answer.errors).toBeUndefined();
      const { rollId: _rollId, dice: _dice, objective: _objective, ...shared } = rest.body;
      expect(answer.data?.poolCheck).toEqual(shared);
    });

    it('draws a 128-bit hex seed when none is sent, and that seed replays the roll', async () => {
      const first = await t.http.post('/v1/checks/pool').send({ pool: 10, objective: 5 }).expect(200);
      expect(first.body.seed).toMatch(/^[0-9a-f]{32}$/);
      const again = await t.http
        .post('/v1/checks/pool')
        .send({ pool: 10, objective: 5, seed: first.body.seed });
      expect(again.body.faces).toEqual(first.body.faces);
    });

    it('adds free successes to the margin only when the test passed', async () => {
      const res = await t.http
        .post('/v1/checks/pool')
        .send({ pool: 0, bonusDice: 0, objective: 0, freeSuccesses: 2, seed: 'x' })
        .expect(200);
      expect(res.body).toMatchObject({ dice: 0, faces: [], passed: true, margin: 2, odds: { success: 1 } });
    });
  });

  describe('bad input', () => {
    it.each([
      ['a missing field', { objective: 3 }, 'pool'],
      ['a wrong type', { pool: '6', objective: 3 }, 'pool'],
      ['a negative number', { pool: 6, objective: -1 }, 'objective'],
      ['an unknown field', { pool: 6, objective: 3, luck: 7 }, 'luck'],
      ['a seed that is too long', { pool: 6, objective: 3, seed: 'x'.repeat(129) }, 'seed'],
    ])('refuses %s with a 400 problem naming the field', async (_what, body, field) => {
      const res = await t.http.post('/v1/checks/pool').send(body).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        type: expect.stringContaining('validation'),
      });
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    });

    it('refuses more dice than one roll may use with a 422 naming the field', async () => {
      const res = await t.http.post('/v1/checks/pool').send({ pool: 1001, objective: 1 }).expect(422);
      expect(res.body).toMatchObject({ code: 'DICE_LIMIT_EXCEEDED', errors: [{ field: 'pool' }] });
    });

    it('refuses a body over the size limit with a 413 problem', async () => {
      const res = await t.http
        .post('/v1/checks/pool')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ pool: 1, objective: 1, seed: 'x'.repeat(150_000) }))
        .expect(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('refuses malformed JSON with a 400 problem', async () => {
      const res = await t.http
        .post('/v1/checks/pool')
        .set('content-type', 'application/json')
        .send('{"pool":');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('MALFORMED_REQUEST');
    });

    it('answers an unknown route with a 404 problem', async () => {
      const res = await t.http.get('/v1/no-such-thing').expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
    });

    it('gives GraphQL the same code and field', async () => {
      const answer = await gql(
        t.server,
        'mutation { poolCheck(input: { pool: 6, objective: -1 }) { faces } }',
      );
      expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
      expect(answer.errors?.[0].extensions?.errors).toEqual([
        { field: 'objective', message: expect.any(String), reason: 'invalid' },
      ]);
    });
  });

  describe('odds', () => {
    it('GET /v1/odds/pool answers the exact probability', async () => {
      const res = await t.http.get('/v1/odds/pool?dice=12&objective=6').expect(200);
      // P(X >= 6), X ~ Bin(12, 1/2) = 2510 / 4096
      expect(res.body).toEqual({ dice: 12, objective: 6, probability: 2510 / 4096 });
    });

    it('GET /v1/odds/wager answers the smallest wager that reaches the chance', async () => {
      const res = await t.http.get('/v1/odds/wager?baseDice=0&objective=12&probability=0.75').expect(200);
      const { wager, probability } = res.body;
      expect(probability).toBeGreaterThanOrEqual(0.75);
      const below = await t.http.get(`/v1/odds/pool?dice=${wager - 1}&objective=12`).expect(200);
      expect(below.body.probability).toBeLessThan(0.75);
      const at = await t.http.get(`/v1/odds/pool?dice=${wager}&objective=12`).expect(200);
      expect(at.body.probability).toBe(probability);
    });

    it('answers 422 when the dice limit cannot reach the chance', async () => {
      const res = await t.http.get('/v1/odds/wager?baseDice=0&objective=990&probability=0.99').expect(422);
      expect(res.body).toMatchObject({ code: 'UNREACHABLE_PROBABILITY', errors: [{ field: 'probability' }] });
    });

    it('has GraphQL twins that agree', async () => {
      const answer = await gql(
        t.server,
        '{ poolOdds(dice: 12, objective: 6) { probability } wagerOdds(baseDice: 0, objective: 12, probability: 0.75) { wager } }',
      );
      expect(answer.data).toEqual({
        poolOdds: { probability: 2510 / 4096 },
        wagerOdds: { wager: expect.any(Number) },
      });
    });
  });
});
