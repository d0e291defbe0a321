import type { Response } from 'supertest';
import longSword from '../fixtures/wealth/long-sword-sizes.json';
import { codes, gql } from '../factories/graphql';
import { DATABASE_KIND, startApp, TestApp } from './harness';

const PROVENANCE = 'seed rng rollId';
const PURCHASE = `rule cost objective wager pool faces successes acquired cashSpent flatCost odds { success } ${PROVENANCE}`;
const SALE = `pool faces successes cashGained nothingGained odds { expected atLeastOne } ${PROVENANCE}`;
const INCOME = `pool faces successes cashGained odds { expected atLeastOne } ${PROVENANCE}`;
const IMPROVEMENT = `targetRank objective pool faces successes improved cashSpent odds { success } ${PROVENANCE}`;
const WAGER_ODDS =
  'procedure baseDice objective flatCost smallest { wager probability } forWager { wager probability }';
const CATALOG_ITEM =
  'name category cost bulkHundredths per atLeast notes improvisedWeapon { damage attackPenalty bulkHundredths } ' +
  'animal { movement carryBulk upkeepKind } perTenPages { cost bulkHundredths } weaponClass damage fireActions ' +
  'range hands space defense carriedBulkMultiplier warriorLevel thiefProphetMonkLevel';
const SCALED = 'name baseSize madeFor usedBy culture cost bulkHundredths damage range attackPenalty';

const successesOf = (faces: number[]) => faces.filter((face) => face >= 4).length;

/** An RFC 9457 answer with this status and code whose `errors[]` names `field`. */
function expectProblem(res: Response, status: number, code: string, field: string): void {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect((res.body.errors ?? []).map((e: { field: string }) => e.field)).toContain(field);
}

describe(`stateless wealth over REST and GraphQL (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  /** The exact chance of GET /v1/odds/pool, which every wealth odds figure must equal. */
  const poolOdds = async (dice: number, objective: number): Promise<number> =>
    (await t.http.get(`/v1/odds/pool?dice=${dice}&objective=${objective}`).expect(200)).body.probability;

  describe('POST /v1/wealth/purchase-rolls', () => {
    it('reads Wealth 4 buying Cost 6 as Ob 2 on the wagered dice alone', async () => {
      const res = await t.http
        .post('/v1/wealth/purchase-rolls')
        .send({ cost: 6, wealth: 4, wager: 4, seed: 'buy-a-sword' })
        .expect(200);
      const successes = successesOf(res.body.faces);
      expect(res.body).toEqual({
        rule: 'discount',
        cost: 6,
        objective: 2,
        wager: 4,
        pool: 4,
        faces: expect.any(Array),
        successes,
        acquired: successes >= 2,
        cashSpent: 4,
        flatCost: false,
        odds: { success: 11 / 16 },
        seed: 'buy-a-sword',
        rng: 'xoroshiro128plus@1',
        rollId: null,
      });
      expect(res.body.faces).toHaveLength(4);
      expect(res.body.odds.success).toBe(await poolOdds(4, 2));
    });

    it('rolls Wealth 5 + wager 7 = 12 dice against Ob 6 under the pool rule', async () => {
      const res = await t.http
        .post('/v1/wealth/purchase-rolls')
        .send({ cost: 6, wealth: 5, wager: 7, rule: 'pool', seed: 'pool-rule' })
        .expect(200);
      expect(res.body).toMatchObject({ rule: 'pool', cost: 6, objective: 6, pool: 12, cashSpent: 7 });
      expect(res.body.faces).toHaveLength(12);
      expect(res.body.odds.success).toBe(2510 / 4096);
      expect(res.body.odds.success).toBe(await poolOdds(12, 6));
    });

    it('charges a flat 1 Cash and rolls nothing when Cost ≤ Wealth', async () => {
      const res = await t.http
        .post('/v1/wealth/purchase-rolls')
        .send({ cost: 5, wealth: 6, wager: 3, seed: 'cheap' })
        .expect(200);
      expect(res.body).toMatchObject({
        objective: null,
        wager: 3,
        pool: 0,
        faces: [],
        successes: null,
        acquired: true,
        cashSpent: 1,
        flatCost: true,
        odds: { success: 1 },
      });
    });

    it('raises the Cost by 1 for scarcity, which can turn a flat cost into a roll', async () => {
      const res = await t.http
        .post('/v1/wealth/purchase-rolls')
        .send({ cost: 6, wealth: 6, wager: 2, scarcity: true, seed: 'scarce' })
        .expect(200);
      expect(res.body).toMatchObject({ cost: 7, objective: 1, flatCost: false, pool: 2 });
    });

    it('gives the same answer for the same seed over REST and GraphQL', async () => {
      const body = { cost: 8, wealth: 3, wager: 9, seed: 'same-seed' };
      const rest = await t.http.post('/v1/wealth/purchase-rolls').send(body).expect(200);
      const answer = await gql(
        t.server,
        `mutation($i: PurchaseRollInput!) { purchaseRoll(input: $i) { ${PURCHASE} } }`,
        { i: body },
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.purchaseRoll).toEqual(rest.body);
    });

    it('draws a 128-bit hex seed when none is sent, and that seed replays the roll', async () => {
      const first = await t.http.post('/v1/wealth/purchase-rolls').send({ cost: 9, wealth: 2, wager: 10 });
      expect(first.body.seed).toMatch(/^[0-9a-f]{32}$/);
      const again = await t.http
        .post('/v1/wealth/purchase-rolls')
        .send({ cost: 9, wealth: 2, wager: 10, seed: first.body.seed })
        .expect(200);
      expect(again.body).toEqual(first.body);
    });

    it('reads null optional members as absent (GraphQL lets clients send them)', async () => {
      const answer = await gql(
        t.server,
        `mutation { purchaseRoll(input: { cost: 6, wealth: 4, wager: 4, rule: null, scarcity: null, seed: "n" }) { rule cost } }`,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.purchaseRoll).toEqual({ rule: 'discount', cost: 6 });
    });
  });

  describe('POST /v1/wealth/sale-rolls', () => {
    it('rolls Cost − Wealth dice, 1 Cash per success, the same over REST and GraphQL', async () => {
      const body = { cost: 9, wealth: 4, seed: 'sell-the-horse' };
      const rest = await t.http.post('/v1/wealth/sale-rolls').send(body).expect(200);
      expect(rest.body).toMatchObject({
        pool: 5,
        nothingGained: false,
        rollId: null,
        odds: { expected: 2.5 },
      });
      expect(rest.body.cashGained).toBe(successesOf(rest.body.faces));
      expect(rest.body.odds.atLeastOne).toBe(await poolOdds(5, 1));
      const answer = await gql(t.server, `mutation($i: SaleRollInput!) { saleRoll(input: $i) { ${SALE} } }`, {
        i: body,
      });
      expect(answer.data?.saleRoll).toEqual(rest.body);
    });

    it('gains nothing and rolls nothing when Cost ≤ Wealth', async () => {
      const res = await t.http.post('/v1/wealth/sale-rolls').send({ cost: 4, wealth: 4 }).expect(200);
      expect(res.body).toMatchObject({
        pool: 0,
        faces: [],
        successes: null,
        cashGained: 0,
        nothingGained: true,
      });
    });
  });

  describe('POST /v1/wealth/income-rolls', () => {
    it('rolls Wealth plus economic-tag dice, the same over REST and GraphQL', async () => {
      const body = { wealth: 5, economicTags: 2, seed: 'payday' };
      const rest = await t.http.post('/v1/wealth/income-rolls').send(body).expect(200);
      expect(rest.body).toMatchObject({ pool: 7, rollId: null, odds: { expected: 3.5 } });
      expect(rest.body.faces).toHaveLength(7);
      expect(rest.body.odds.atLeastOne).toBe(await poolOdds(7, 1));
      const answer = await gql(
        t.server,
        `mutation($i: IncomeRollInput!) { incomeRoll(input: $i) { ${INCOME} } }`,
        { i: body },
      );
      expect(answer.data?.incomeRoll).toEqual(rest.body);
    });
  });

  describe('POST /v1/wealth/improvement-rolls', () => {
    it('rolls the wager alone against Ob 12 for rank 6, the same over REST and GraphQL', async () => {
      const body = { targetRank: 6, wager: 28, seed: 'moving-up' };
      const rest = await t.http.post('/v1/wealth/improvement-rolls').send(body).expect(200);
      expect(rest.body).toMatchObject({
        targetRank: 6,
        objective: 12,
        pool: 28,
        cashSpent: 28,
        rollId: null,
      });
      expect(rest.body.improved).toBe(successesOf(rest.body.faces) >= 12);
      expect(rest.body.odds.success).toBe(await poolOdds(28, 12));
      const answer = await gql(
        t.server,
        `mutation($i: ImprovementRollInput!) { improvementRoll(input: $i) { ${IMPROVEMENT} } }`,
        { i: body },
      );
      expect(answer.data?.improvementRoll).toEqual(rest.body);
    });
  });

  describe('odds of the rolls', () => {
    it.each([0, 1, 5, 12, 40])('are a probability in [0, 1] for a wager of %i', async (wager) => {
      const res = await t.http
        .post('/v1/wealth/improvement-rolls')
        .send({ targetRank: 3, wager, seed: 'w' })
        .expect(200);
      expect(res.body.odds.success).toBeGreaterThanOrEqual(0);
      expect(res.body.odds.success).toBeLessThanOrEqual(1);
      expect(res.body.odds.success).toBe(await poolOdds(wager, 6));
    });
  });

  describe('bad roll input', () => {
    it.each([
      ['a missing field', { wealth: 4, wager: 4 }, 'cost'],
      ['a wrong type', { cost: '6', wealth: 4, wager: 4 }, 'cost'],
      ['a negative number', { cost: 6, wealth: 4, wager: -1 }, 'wager'],
      ['a Wealth above 12', { cost: 6, wealth: 13, wager: 4 }, 'wealth'],
      ['an unknown rule', { cost: 6, wealth: 4, wager: 4, rule: 'barter' }, 'rule'],
      ['an unknown field', { cost: 6, wealth: 4, wager: 4, luck: 7 }, 'luck'],
    ])('refuses %s with a 400 problem naming the field', async (_what, body, field) => {
      const res = await t.http.post('/v1/wealth/purchase-rolls').send(body);
      expectProblem(res, 400, 'VALIDATION_FAILED', field);
    });

    it.each([
      ['sale-rolls', { cost: 6 }, 'wealth'],
      ['income-rolls', { wealth: 4, economicTags: -2 }, 'economicTags'],
      ['improvement-rolls', { targetRank: 0, wager: 3 }, 'targetRank'],
      ['improvement-rolls', { targetRank: 13, wager: 3 }, 'targetRank'],
    ])('refuses bad input to %s with a 400 naming the field', async (route, body, field) => {
      expectProblem(await t.http.post(`/v1/wealth/${route}`).send(body), 400, 'VALIDATION_FAILED', field);
    });

    it.each([
      ['purchase-rolls', { cost: 6, wealth: 4, wager: 1001 }],
      ['purchase-rolls', { cost: 6, wealth: 12, wager: 990, rule: 'pool' }],
      ['improvement-rolls', { targetRank: 6, wager: 5000 }],
    ])('refuses a wager over the dice limit on %s with a 422 naming wager', async (route, body) => {
      expectProblem(await t.http.post(`/v1/wealth/${route}`).send(body), 422, 'DICE_LIMIT_EXCEEDED', 'wager');
    });

    it('gives GraphQL the same codes and fields', async () => {
      const bad = await gql(
        t.server,
        'mutation { purchaseRoll(input: { cost: 6, wealth: 4, wager: -1 }) { cost } }',
      );
      expect(codes(bad)).toEqual(['VALIDATION_FAILED']);
      expect(bad.errors?.[0].extensions?.errors).toEqual([
        { field: 'wager', message: expect.any(String), reason: 'invalid' },
      ]);
      const big = await gql(
        t.server,
        'mutation { improvementRoll(input: { targetRank: 6, wager: 5000 }) { pool } }',
      );
      expect(codes(big)).toEqual(['DICE_LIMIT_EXCEEDED']);
      expect(big.errors?.[0].extensions?.errors).toEqual([{ field: 'wager', message: expect.any(String) }]);
    });
  });

  describe('GET /v1/wealth/lifestyles', () => {
    it('answers the five default grades covering Wealth 0 to 12, as GraphQL does', async () => {
      const rest = await t.http.get('/v1/wealth/lifestyles').expect(200);
      expect(rest.body.items.map((g: { grade: number }) => g.grade)).toEqual([1, 2, 3, 4, 5]);
      expect(rest.body.items[0]).toMatchObject({ name: 'Destitute', minWealth: 0, maxWealth: 0 });
      expect(rest.body.items[4]).toMatchObject({ minWealth: 10, maxWealth: 12 });
      const answer = await gql(
        t.server,
        '{ lifestyles { items { grade name minWealth maxWealth description } next } }',
      );
      expect(answer.data?.lifestyles).toEqual(rest.body);
    });
  });

  describe('GET /v1/wealth/costs', () => {
    it('finds lines by text in the item, its examples, its category or its note', async () => {
      const res = await t.http.get('/v1/wealth/costs?search=horse').expect(200);
      const items = res.body.items.map((line: { item: string }) => line.item);
      expect(items).toEqual(expect.arrayContaining(['Pack Animal', 'Warhorse', 'Horse-Drawn Cart']));
      const warhorse = res.body.items.find((line: { item: string }) => line.item === 'Warhorse');
      expect(warhorse).toEqual({
        cost: 6,
        item: 'Warhorse',
        category: 'animal',
        examples: [],
        hireling: null,
        note: null,
      });
    });

    it('filters by exact Cost, and agrees with GraphQL', async () => {
      const rest = await t.http.get('/v1/wealth/costs?cost=6').expect(200);
      expect(rest.body.items.every((line: { cost: number }) => line.cost === 6)).toBe(true);
      expect(
        rest.body.items.find((line: { item: string }) => line.item === 'Veteran Mercenary'),
      ).toMatchObject({
        hireling: { pool: 5, hp: 5 },
      });
      const answer = await gql(
        t.server,
        '{ wealthCosts(cost: 6) { items { cost item category examples hireling { pool hp } note } next } }',
      );
      expect(answer.data?.wealthCosts).toEqual(rest.body);
    });

    it('answers the whole table without filters and nothing for an unmatched search', async () => {
      expect((await t.http.get('/v1/wealth/costs?limit=100').expect(200)).body.items).toHaveLength(51);
      expect((await t.http.get('/v1/wealth/costs?search=spaceship').expect(200)).body.items).toEqual([]);
    });

    it('reads blank parameters as absent, not as Cost 0', async () => {
      expect(
        (await t.http.get('/v1/wealth/costs?search=&cost=&limit=100').expect(200)).body.items,
      ).toHaveLength(51);
    });

    it.each([
      ['cost=-1', 'cost'],
      ['cost=six', 'cost'],
      ['page=2', 'page'],
    ])('refuses ?%s with a 400 naming the parameter', async (query, field) => {
      expectProblem(await t.http.get(`/v1/wealth/costs?${query}`), 400, 'VALIDATION_FAILED', field);
    });
  });

  describe('GET /v1/wealth/catalog', () => {
    it('answers every column of a weapon row, nulls for the other tables’ columns', async () => {
      const res = await t.http.get('/v1/wealth/catalog?search=long%20sword').expect(200);
      expect(res.body.items).toEqual([
        {
          name: 'Long sword',
          category: 'weapons',
          cost: 2000,
          bulkHundredths: 800,
          per: null,
          atLeast: false,
          notes: null,
          improvisedWeapon: null,
          animal: null,
          perTenPages: null,
          weaponClass: 'warrior',
          damage: 'd8',
          fireActions: 2,
          range: 3,
          hands: null,
          space: 1,
          defense: null,
          carriedBulkMultiplier: null,
          warriorLevel: null,
          thiefProphetMonkLevel: null,
        },
      ]);
    });

    it('filters by table, and agrees with GraphQL (whose enums spell dashes as underscores)', async () => {
      const rest = await t.http
        .get('/v1/wealth/catalog?category=animals-and-containers&search=horse')
        .expect(200);
      expect(rest.body.items.length).toBeGreaterThan(0);
      expect(rest.body.items.find((i: { name: string }) => i.name === 'Horse, riding')).toMatchObject({
        cost: 7500,
        animal: { movement: 14, carryBulk: 250, upkeepKind: 'riding-animal' },
      });
      const answer = await gql(
        t.server,
        `{ catalog(category: animals_and_containers, search: "horse") { items { ${CATALOG_ITEM} } } }`,
      );
      expect(answer.errors).toBeUndefined();
      const underscored = rest.body.items.map((item: Record<string, unknown>) =>
        JSON.parse(
          JSON.stringify(item).replace(/"(animals-and-containers|riding-animal)"/g, (m) =>
            m.replace(/-/g, '_'),
          ),
        ),
      );
      expect(answer.data?.catalog.items).toEqual(underscored);
    });

    it('answers armor columns and every table', async () => {
      const armor = await t.http.get('/v1/wealth/catalog?category=armor').expect(200);
      expect(armor.body.items[0]).toMatchObject({
        name: 'Cloth',
        defense: 1,
        carriedBulkMultiplier: 2,
        damage: null,
      });
      // The whole catalog, page by page (100 rows a page, `next` until null).
      const items: { category: string }[] = [];
      let after: string | null = null;
      do {
        const page: { body: { items: { category: string }[]; next: string | null } } = await t.http
          .get('/v1/wealth/catalog')
          .query(after ? { limit: 100, after } : { limit: 100 })
          .expect(200);
        items.push(...page.body.items);
        after = page.body.next;
      } while (after);
      expect(new Set(items.map((i) => i.category)).size).toBe(7);
    });

    it('refuses an unknown table with a 400 naming category', async () => {
      expectProblem(
        await t.http.get('/v1/wealth/catalog?category=spells'),
        400,
        'VALIDATION_FAILED',
        'category',
      );
    });
  });

  describe('POST /v1/wealth/item-scalings', () => {
    it.each(longSword.rows)('scales the long sword to $size as the seed’s table does', async (row) => {
      const body = { item: 'Long sword', madeFor: row.size };
      const rest = await t.http.post('/v1/wealth/item-scalings').send(body).expect(200);
      expect(rest.body).toMatchObject({
        name: 'Long sword',
        damage: row.damage,
        range: row.range,
        cost: row.cost,
      });
      const answer = await gql(
        t.server,
        `query($i: ScaleItemInput!) { scaleItem(input: $i) { ${SCALED} } }`,
        { i: body },
      );
      expect(answer.data?.scaleItem).toEqual(rest.body);
    });

    it('scales stats of your own, with the penalty and bulk of a user of another size', async () => {
      const res = await t.http
        .post('/v1/wealth/item-scalings')
        .send({
          stats: { name: 'Toy club', cost: 10, bulkHundredths: 1000, damage: 'd4' },
          madeFor: 'small',
          usedBy: 'medium',
        })
        .expect(200);
      expect(res.body).toEqual({
        name: 'Toy club',
        baseSize: 'medium',
        madeFor: 'small',
        usedBy: 'medium',
        culture: 'medium',
        cost: 20,
        bulkHundredths: 500,
        damage: 'd2',
        range: null,
        attackPenalty: 1,
      });
    });

    it.each([
      ['neither item nor stats', { madeFor: 'large' }, 'item'],
      ['both item and stats', { item: 'Club', stats: { cost: 1 }, madeFor: 'large' }, 'item'],
      ['an unknown size', { item: 'Club', madeFor: 'colossal' }, 'madeFor'],
      ['damage that is not dice', { stats: { cost: 1, damage: 'sharp' }, madeFor: 'large' }, 'stats.damage'],
      ['a negative cost', { stats: { cost: -1 }, madeFor: 'large' }, 'stats.cost'],
    ])('refuses %s with a 400 naming the field', async (_what, body, field) => {
      expectProblem(
        await t.http.post('/v1/wealth/item-scalings').send(body),
        400,
        'VALIDATION_FAILED',
        field,
      );
    });

    it('answers 422 UNKNOWN_ITEM naming item for a name the catalog lacks', async () => {
      const res = await t.http
        .post('/v1/wealth/item-scalings')
        .send({ item: 'Lightsaber', madeFor: 'large' });
      expectProblem(res, 422, 'UNKNOWN_ITEM', 'item');
    });
  });

  describe('POST /v1/wealth/upkeep-costs', () => {
    it('charges a riding animal 10 % a month, the same over REST and GraphQL', async () => {
      const rest = await t.http
        .post('/v1/wealth/upkeep-costs')
        .send({ kind: 'riding-animal', cost: 7500, days: 30 })
        .expect(200);
      expect(rest.body).toEqual({
        kind: 'riding-animal',
        cost: 7500,
        days: 30,
        rate: { percent: 10, period: 'month', periodDays: 30 },
        perPeriod: 750,
        upkeep: 750,
      });
      const answer = await gql(
        t.server,
        '{ upkeepCost(input: { kind: riding_animal, cost: 7500, days: 30 }) { kind cost days rate { percent period periodDays } perPeriod upkeep } }',
      );
      expect(answer.data?.upkeepCost).toEqual({ ...rest.body, kind: 'riding_animal' });
    });

    it('rounds the whole span up once: a weapon of 20 silver for 100 days', async () => {
      const res = await t.http
        .post('/v1/wealth/upkeep-costs')
        .send({ kind: 'weapon', cost: 2000, days: 100 })
        .expect(200);
      // 10 % of 2,000 a year is 200 per 360 days: 200 × 100 / 360 = 55.6 → 56.
      expect(res.body).toMatchObject({ perPeriod: 200, upkeep: 56 });
    });

    it('refuses an unknown kind with a 400 naming kind', async () => {
      const res = await t.http.post('/v1/wealth/upkeep-costs').send({ kind: 'ship', cost: 1, days: 1 });
      expectProblem(res, 400, 'VALIDATION_FAILED', 'kind');
    });
  });

  describe('POST /v1/wealth/living-expenses', () => {
    it.each([
      [{ lifestyle: 'poor', days: 7 }, 100],
      [{ lifestyle: 'poor', days: 3 }, 43],
      [{ lifestyle: 'basic', days: 3 }, 300],
      [{ lifestyle: 'extravagant', days: 2 }, 2000],
      [{ lifestyle: 'extravagant', days: 2, extravagantPerDay: 5000 }, 10000],
    ])('prices %o at %i centisilver, the same over GraphQL', async (body, total) => {
      const rest = await t.http.post('/v1/wealth/living-expenses').send(body).expect(200);
      expect(rest.body.total).toBe(total);
      const answer = await gql(
        t.server,
        `query($i: LivingExpensesInput!) { livingExpenses(input: $i) { lifestyle days rate { amount periodDays } total } }`,
        { i: body },
      );
      expect(answer.data?.livingExpenses).toEqual(rest.body);
    });

    it('refuses an extravagant rate for another standard with a 422 naming it', async () => {
      const res = await t.http
        .post('/v1/wealth/living-expenses')
        .send({ lifestyle: 'basic', days: 1, extravagantPerDay: 2000 });
      expectProblem(res, 422, 'INVALID_INPUT', 'extravagantPerDay');
    });

    it('refuses an extravagant rate outside 10–100 silver with a 400 naming it', async () => {
      const res = await t.http
        .post('/v1/wealth/living-expenses')
        .send({ lifestyle: 'extravagant', days: 1, extravagantPerDay: 20000 });
      expectProblem(res, 400, 'VALIDATION_FAILED', 'extravagantPerDay');
    });
  });

  describe('POST /v1/wealth/starting-money', () => {
    it('gives one silver per attribute point plus 30 silver per mojo, as GraphQL does', async () => {
      const rest = await t.http
        .post('/v1/wealth/starting-money')
        .send({ archetypalAttribute: 18, mojoTraded: 1 })
        .expect(200);
      expect(rest.body).toEqual({
        archetypalAttribute: 18,
        archetypalAbility: 18, // the old name, deprecated (docs/api-style.md)
        mojoTraded: 1,
        startingSilver: 1800,
        silverFromMojo: 3000,
        total: 4800,
      });
      const answer = await gql(
        t.server,
        '{ startingMoney(input: { archetypalAttribute: 18, mojoTraded: 1 }) { archetypalAttribute archetypalAbility mojoTraded startingSilver silverFromMojo total } }',
      );
      expect(answer.data?.startingMoney).toEqual(rest.body);
      // The old input name is still accepted, over both.
      const old = await t.http
        .post('/v1/wealth/starting-money')
        .send({ archetypalAbility: 18, mojoTraded: 1 })
        .expect(200);
      expect(old.body).toEqual(rest.body);
      const oldGql = await gql(
        t.server,
        '{ startingMoney(input: { archetypalAbility: 18, mojoTraded: 1 }) { archetypalAttribute total } }',
      );
      expect(oldGql.data?.startingMoney).toEqual({ archetypalAttribute: 18, total: 4800 });
    });

    it('trades no mojo unless told to, and refuses an attribute of 0 (by its new name, whichever was sent)', async () => {
      const res = await t.http.post('/v1/wealth/starting-money').send({ archetypalAttribute: 9 }).expect(200);
      expect(res.body).toMatchObject({ mojoTraded: 0, total: 900 });
      expectProblem(
        await t.http.post('/v1/wealth/starting-money').send({ archetypalAbility: 0 }),
        400,
        'VALIDATION_FAILED',
        'archetypalAttribute',
      );
      const none = await t.http.post('/v1/wealth/starting-money').send({ mojoTraded: 1 });
      expectProblem(none, 400, 'VALIDATION_FAILED', 'archetypalAttribute');
      expect(none.body.errors).toEqual([
        { field: 'archetypalAttribute', message: 'archetypalAttribute is required', reason: 'missing' },
      ]);
      expectProblem(
        await t.http.post('/v1/wealth/starting-money').send({ archetypalAttribute: 9, archetypalAbility: 9 }),
        400,
        'VALIDATION_FAILED',
        'archetypalAbility',
      );
    });
  });

  describe('GET /v1/odds/purchase-wager', () => {
    it('answers the smallest wager reaching the chance: one fewer falls short', async () => {
      const res = await t.http.get('/v1/odds/purchase-wager?cost=6&wealth=4&probability=0.75').expect(200);
      expect(res.body).toMatchObject({
        procedure: 'purchase',
        baseDice: 0,
        objective: 2,
        flatCost: false,
        forWager: null,
      });
      const { wager, probability } = res.body.smallest;
      expect(probability).toBeGreaterThanOrEqual(0.75);
      expect(probability).toBe(await poolOdds(wager, 2));
      expect(await poolOdds(wager - 1, 2)).toBeLessThan(0.75);
    });

    it('counts Wealth dice under the pool rule and answers the exact chance of a wager', async () => {
      const res = await t.http.get('/v1/odds/purchase-wager?cost=6&wealth=5&rule=pool&wager=7').expect(200);
      expect(res.body).toEqual({
        procedure: 'purchase',
        baseDice: 5,
        objective: 6,
        flatCost: false,
        smallest: null,
        forWager: { wager: 7, probability: 2510 / 4096 },
      });
    });

    it('reads scarcity=true from the query string', async () => {
      const res = await t.http
        .get('/v1/odds/purchase-wager?cost=6&wealth=6&scarcity=true&wager=2')
        .expect(200);
      expect(res.body).toMatchObject({ objective: 1, flatCost: false, forWager: { probability: 0.75 } });
    });

    it('needs no wager at a flat cost', async () => {
      const res = await t.http
        .get('/v1/odds/purchase-wager?cost=3&wealth=5&probability=0.9&wager=4')
        .expect(200);
      expect(res.body).toMatchObject({
        objective: null,
        flatCost: true,
        smallest: { wager: 0, probability: 1 },
        forWager: { wager: 4, probability: 1 },
      });
    });

    it('agrees with its GraphQL twin', async () => {
      const rest = await t.http
        .get('/v1/odds/purchase-wager?cost=9&wealth=2&probability=0.6&wager=10')
        .expect(200);
      const answer = await gql(
        t.server,
        `{ purchaseWagerOdds(cost: 9, wealth: 2, probability: 0.6, wager: 10) { ${WAGER_ODDS} } }`,
      );
      expect(answer.data?.purchaseWagerOdds).toEqual(rest.body);
    });
  });

  describe('GET /v1/odds/improvement-wager', () => {
    it('finds 23 dice for even odds of Wealth 6 (Ob 12), and 28 at about 82.8 %', async () => {
      const res = await t.http
        .get('/v1/odds/improvement-wager?targetRank=6&probability=0.5&wager=28')
        .expect(200);
      expect(res.body).toMatchObject({
        procedure: 'improvement',
        baseDice: 0,
        objective: 12,
        flatCost: false,
      });
      expect(res.body.smallest.wager).toBe(23);
      expect(await poolOdds(22, 12)).toBeLessThan(0.5);
      expect(res.body.forWager.probability).toBeCloseTo(0.828, 3);
      expect(res.body.forWager.probability).toBe(await poolOdds(28, 12));
    });

    it('agrees with its GraphQL twin', async () => {
      const rest = await t.http.get('/v1/odds/improvement-wager?targetRank=3&probability=0.9').expect(200);
      const answer = await gql(
        t.server,
        `{ improvementWagerOdds(targetRank: 3, probability: 0.9) { ${WAGER_ODDS} } }`,
      );
      expect(answer.data?.improvementWagerOdds).toEqual(rest.body);
    });
  });

  describe('GET /v1/odds/stronghold-wager', () => {
    it('counts the owner’s Wealth against Ob 8 + 2 × rank, as GraphQL does', async () => {
      const rest = await t.http
        .get('/v1/odds/stronghold-wager?targetRank=1&wealth=5&probability=0.5&wager=10')
        .expect(200);
      expect(rest.body).toMatchObject({ procedure: 'stronghold', baseDice: 5, objective: 10 });
      const { wager } = rest.body.smallest;
      expect(await poolOdds(5 + wager - 1, 10)).toBeLessThan(0.5);
      expect(rest.body.forWager.probability).toBe(await poolOdds(15, 10));
      const answer = await gql(
        t.server,
        `{ strongholdWagerOdds(targetRank: 1, wealth: 5, probability: 0.5, wager: 10) { ${WAGER_ODDS} } }`,
      );
      expect(answer.data?.strongholdWagerOdds).toEqual(rest.body);
    });
  });

  describe('bad odds questions', () => {
    it('needs probability or wager (400 naming probability)', async () => {
      expectProblem(
        await t.http.get('/v1/odds/improvement-wager?targetRank=6'),
        400,
        'VALIDATION_FAILED',
        'probability',
      );
      const answer = await gql(t.server, '{ improvementWagerOdds(targetRank: 6) { objective } }');
      expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
    });

    it('reads a blank parameter as absent: a blank wager is no question, a blank Cost is missing', async () => {
      expectProblem(
        await t.http.get('/v1/odds/improvement-wager?targetRank=6&wager='),
        400,
        'VALIDATION_FAILED',
        'probability',
      );
      expectProblem(
        await t.http.get('/v1/odds/purchase-wager?cost=&wealth=4&wager=3'),
        400,
        'VALIDATION_FAILED',
        'cost',
      );
    });

    it('answers 422 UNREACHABLE_PROBABILITY when the dice limit cannot reach the chance', async () => {
      const res = await t.http.get('/v1/odds/improvement-wager?targetRank=12&probability=1');
      expectProblem(res, 422, 'UNREACHABLE_PROBABILITY', 'probability');
      const answer = await gql(
        t.server,
        '{ improvementWagerOdds(targetRank: 12, probability: 1) { objective } }',
      );
      expect(codes(answer)).toEqual(['UNREACHABLE_PROBABILITY']);
    });

    it('refuses the odds of a wager that could not be rolled (422 naming wager)', async () => {
      const res = await t.http.get('/v1/odds/stronghold-wager?targetRank=1&wealth=5&wager=996');
      expectProblem(res, 422, 'DICE_LIMIT_EXCEEDED', 'wager');
    });

    it.each([
      ['/v1/odds/purchase-wager?wealth=4&wager=3', 'cost'],
      ['/v1/odds/purchase-wager?cost=six&wealth=4&wager=3', 'cost'],
      ['/v1/odds/purchase-wager?cost=6&wealth=4&wager=-1', 'wager'],
      ['/v1/odds/purchase-wager?cost=6&wealth=4&wager=3&scarcity=maybe', 'scarcity'],
      ['/v1/odds/purchase-wager?cost=6&wealth=4&probability=0', 'probability'],
      ['/v1/odds/improvement-wager?targetRank=6&probability=0.5&luck=1', 'luck'],
    ])('refuses %s with a 400 naming %s', async (url, field) => {
      expectProblem(await t.http.get(url), 400, 'VALIDATION_FAILED', field);
    });
  });
});
