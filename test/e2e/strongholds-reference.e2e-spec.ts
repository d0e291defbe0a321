import obTable from '../fixtures/strongholds/improvement-ob.json';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { DATABASE_KIND, startApp, TestApp } from './harness';

const ROLL =
  'targetRank objective wealth wager pool faces successes improved cashSpent odds { success } seed rng rollId';

const successesOf = (faces: number[]) => faces.filter((face) => face >= 4).length;

describe(`stateless strongholds over REST and GraphQL (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  describe('POST /v1/strongholds/improvement-rolls', () => {
    it('rolls Wealth + wager against 8 + 2 × target rank and spends the whole wager', async () => {
      const res = await t.http
        .post('/v1/strongholds/improvement-rolls')
        .send({ targetRank: 1, wealth: 5, wager: 14, seed: 'keep-1' })
        .expect(200);
      expect(res.body).toMatchObject({
        targetRank: 1,
        objective: 10,
        wealth: 5,
        wager: 14,
        pool: 19,
        faces: [1, 5, 4, 6, 3, 2, 1, 4, 1, 2, 3, 2, 4, 4, 1, 4, 4, 5, 4],
        successes: 10,
        improved: true,
        cashSpent: 14,
        odds: { success: 0.5 },
        seed: 'keep-1',
        rng: 'xoroshiro128plus@1',
        rollId: null,
      });
    });

    it('gives the same dice for the same seed, and fresh seeds without one', async () => {
      const body = { targetRank: 4, wealth: 3, wager: 20, seed: 'same' };
      const a = await t.http.post('/v1/strongholds/improvement-rolls').send(body).expect(200);
      const b = await t.http.post('/v1/strongholds/improvement-rolls').send(body).expect(200);
      expect(b.body.faces).toEqual(a.body.faces);
      const c = await t.http
        .post('/v1/strongholds/improvement-rolls')
        .send({ targetRank: 4, wealth: 3, wager: 20 })
        .expect(200);
      expect(c.body.seed).toMatch(/^[0-9a-f]{32}$/);
      expect(c.body.improved).toBe(successesOf(c.body.faces) >= 16);
    });

    it('stays consistent with GET /v1/odds/stronghold-wager (same pool, same Ob)', async () => {
      for (const [targetRank, wealth, wager] of [
        [1, 5, 14],
        [2, 5, 18],
        [7, 2, 30],
        [12, 12, 40],
      ]) {
        const roll = await t.http
          .post('/v1/strongholds/improvement-rolls')
          .send({ targetRank, wealth, wager, seed: 'odds' })
          .expect(200);
        const odds = await t.http
          .get('/v1/odds/stronghold-wager')
          .query({ targetRank, wealth, wager })
          .expect(200);
        expect(odds.body).toMatchObject({ baseDice: wealth, objective: roll.body.objective });
        expect(odds.body.forWager.probability).toBe(roll.body.odds.success);
        const pool = await t.http
          .get('/v1/odds/pool')
          .query({ dice: wealth + wager, objective: 8 + 2 * targetRank })
          .expect(200);
        expect(pool.body.probability).toBe(roll.body.odds.success);
      }
    });

    it('refuses bad input with a problem naming the field', async () => {
      for (const [body, field] of [
        [{ targetRank: 0, wealth: 1, wager: 1 }, 'targetRank'],
        [{ targetRank: 13, wealth: 1, wager: 1 }, 'targetRank'],
        [{ targetRank: 1, wealth: 13, wager: 1 }, 'wealth'],
        [{ targetRank: 1, wealth: 1, wager: -1 }, 'wager'],
        [{ targetRank: 1, wealth: 1 }, 'wager'],
        [{ targetRank: 1, wealth: 1, wager: 'ten' }, 'wager'],
      ] as const) {
        const res = await t.http.post('/v1/strongholds/improvement-rolls').send(body);
        expectProblem(res, 400, 'VALIDATION_FAILED', field);
      }
      const tooMany = await t.http
        .post('/v1/strongholds/improvement-rolls')
        .send({ targetRank: 1, wealth: 1, wager: 5000 });
      expectProblem(tooMany, 422, 'DICE_LIMIT_EXCEEDED', 'wager');
    });

    it('has a GraphQL twin with the same answer', async () => {
      const rest = await t.http
        .post('/v1/strongholds/improvement-rolls')
        .send({ targetRank: 3, wealth: 4, wager: 12, seed: 'twin' })
        .expect(200);
      const answer = await gql(
        t.server,
        `mutation($i: StrongholdImprovementRollInput!) { strongholdImprovementRoll(input: $i) { ${ROLL} } }`,
        { i: { targetRank: 3, wealth: 4, wager: 12, seed: 'twin' } },
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.strongholdImprovementRoll).toEqual(rest.body);
      const bad = await gql(
        t.server,
        `mutation($i: StrongholdImprovementRollInput!) { strongholdImprovementRoll(input: $i) { ${ROLL} } }`,
        { i: { targetRank: 13, wealth: 4, wager: 12 } },
      );
      expect(codes(bad)).toEqual(['VALIDATION_FAILED']);
    });
  });

  describe('GET /v1/strongholds/ranks', () => {
    it('is the seed’s Ob table with two tags per rank, over REST and GraphQL', async () => {
      const res = await t.http.get('/v1/strongholds/ranks').expect(200);
      expect(res.body.items).toEqual(obTable.rows.map((row) => ({ ...row, tagAllowance: 2 * row.rank })));
      const answer = await gql(
        t.server,
        '{ strongholdRanks { items { rank objective tagAllowance } next } }',
      );
      expect(answer.data?.strongholdRanks).toEqual(res.body);
    });
  });

  describe('GET /v1/strongholds/tags', () => {
    it('lists our suggested tags, marked as ours, some economic', async () => {
      const res = await t.http.get('/v1/strongholds/tags').expect(200);
      expect(res.body.source).toMatch(/our own|Arbiter/i);
      expect(res.body.items.length).toBeGreaterThan(5);
      expect(res.body.items).toContainEqual(expect.objectContaining({ name: 'library', economic: false }));
      expect(res.body.items.some((t: { economic: boolean }) => t.economic)).toBe(true);
      const answer = await gql(
        t.server,
        '{ strongholdTags { source items { name economic description } next } }',
      );
      expect(answer.data?.strongholdTags).toEqual(res.body);
    });
  });
});
