import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  createCampaign,
  createCharacter,
  createKey,
  startSession,
  CampaignFixture,
} from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

interface Ledger {
  items: Array<{
    cashDelta: number;
    wealthDelta: number;
    cashAfter: number;
    wealthAfter: number;
    reason: string;
  }>;
  next: string | null;
}

describe(`campaign wealth (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let campaign: CampaignFixture;
  beforeAll(async () => {
    t = await startApp();
    campaign = await createCampaign(t.server, 'Wealthy');
  });
  afterAll(() => t.close());

  const path = (characterId: string, rest: string) =>
    `/v1/campaigns/${campaign.id}/characters/${characterId}/${rest}`;

  async function ledgerOf(characterId: string): Promise<Ledger['items']> {
    const items: Ledger['items'] = [];
    let after: string | null = null;
    do {
      const res = await t.http
        .get(path(characterId, 'ledger'))
        .query({ limit: 100, ...(after ? { after } : {}) })
        .set(campaign.auth)
        .expect(200);
      const page = res.body as Ledger;
      items.push(...page.items);
      after = page.next;
    } while (after);
    return items;
  }

  async function expectLedgerMatches(characterId: string): Promise<void> {
    const character = await t.http
      .get(`/v1/campaigns/${campaign.id}/characters/${characterId}`)
      .set(campaign.auth);
    const items = await ledgerOf(characterId);
    expect(items.reduce((sum, e) => sum + e.cashDelta, 0)).toBe(character.body.cash);
    expect(items.reduce((sum, e) => sum + e.wealthDelta, 0)).toBe(character.body.wealth);
    expect(items[items.length - 1]).toMatchObject({
      cashAfter: character.body.cash,
      wealthAfter: character.body.wealth,
    });
  }

  it('opens a character with Wealth, Cash and a lifestyle, written as the first ledger entry', async () => {
    const character = await createCharacter(t.server, campaign, { name: 'Mira', wealth: 4, cash: 10 });
    expect(character).toMatchObject({ wealth: 4, cash: 10, lifestyle: 'Modest' });
    expect(await ledgerOf(character.id)).toEqual([
      expect.objectContaining({
        reason: 'opening',
        cashDelta: 10,
        wealthDelta: 4,
        cashAfter: 10,
        wealthAfter: 4,
      }),
    ]);
  });

  describe('purchases', () => {
    it('rolls the wager against Cost − Wealth and spends the wager whatever happens', async () => {
      const c = await createCharacter(t.server, campaign, { name: 'Buyer', wealth: 4, cash: 10 });
      const res = await t.http
        .post(path(c.id, 'purchases'))
        .set(campaign.auth)
        .send({ cost: 6, wager: 4, item: 'warhorse', seed: 'horse' })
        .expect(201);
      expect(res.body).toMatchObject({
        rule: 'discount',
        objective: 2,
        pool: 4,
        cashSpent: 4,
        flatCost: false,
      });
      expect(res.body.faces).toHaveLength(4);
      expect(res.body.acquired).toBe(res.body.successes >= 2);
      expect(res.body.character).toEqual({ id: c.id, cash: 6, wealth: 4, lifestyle: 'Modest' });
      expect(res.body.ledgerEntry).toMatchObject({
        cashDelta: -4,
        reason: 'purchase',
        note: 'warhorse',
        rollId: res.body.rollId,
      });
      const replay = await t.http
        .get(`/v1/campaigns/${campaign.id}/rolls/${res.body.rollId}/replay`)
        .set(campaign.auth);
      expect(replay.body).toMatchObject({ matches: true, roll: { procedure: 'wealth.purchase' } });
      await expectLedgerMatches(c.id);
    });

    describe('addToInventory', () => {
      const inventory = async (characterId: string) =>
        (await t.http.get(path(characterId, 'inventory')).set(campaign.auth).expect(200)).body;

      it('puts the acquired item into the buyer’s inventory, in the same change as the Cash', async () => {
        const c = await createCharacter(t.server, campaign, { name: 'Outfitter', wealth: 7, cash: 3 });
        const res = await t.http
          .post(path(c.id, 'purchases'))
          .set(campaign.auth)
          .send({ cost: 5, wager: 0, item: 'Lantern', addToInventory: true, inventorySlots: 2 })
          .expect(201);
        expect(res.body).toMatchObject({ acquired: true, cashSpent: 1, character: { cash: 2 } });
        expect(res.body.inventoryItem).toEqual(
          expect.objectContaining({ characterId: c.id, name: 'Lantern', kind: 'gear', slots: 2 }),
        );
        const after = await inventory(c.id);
        expect(after.items).toEqual([res.body.inventoryItem]);
        expect(after.used).toBe(2);
        const roll = await t.http
          .get(`/v1/campaigns/${campaign.id}/rolls/${res.body.rollId}`)
          .set(campaign.auth)
          .expect(200);
        expect(roll.body.effects).toMatchObject({
          inventoryItemId: res.body.inventoryItem.id,
          cashDelta: -1,
        });
        await expectLedgerMatches(c.id);
      });

      it('adds nothing when the item is not acquired or not asked for', async () => {
        const c = await createCharacter(t.server, campaign, { name: 'Unlucky', wealth: 0, cash: 3 });
        const failed = await t.http
          .post(path(c.id, 'purchases'))
          .set(campaign.auth)
          .send({ cost: 6, wager: 0, item: 'Warhorse', addToInventory: true, seed: 'no dice' })
          .expect(201);
        expect(failed.body).toMatchObject({ acquired: false, inventoryItem: null });
        const plain = await t.http
          .post(path(c.id, 'purchases'))
          .set(campaign.auth)
          .send({ cost: 0, wager: 0, item: 'Rope' })
          .expect(201);
        expect(plain.body).toMatchObject({ acquired: true, inventoryItem: null });
        expect((await inventory(c.id)).items).toEqual([]);
      });

      it('refuses a purchase whose item would not fit (409 INVENTORY_FULL) or has no name, and spends nothing', async () => {
        const c = await createCharacter(t.server, campaign, { name: 'Packed', wealth: 7, cash: 3 });
        const { free } = await inventory(c.id);
        await t.http
          .post(path(c.id, 'inventory'))
          .set(campaign.auth)
          .send({ name: 'Tent', kind: 'gear', slots: free })
          .expect(201);
        const full = await t.http
          .post(path(c.id, 'purchases'))
          .set(campaign.auth)
          .send({ cost: 5, wager: 0, item: 'Lantern', addToInventory: true });
        expectProblem(full, 409, 'INVENTORY_FULL', 'addToInventory');
        const unnamed = await t.http
          .post(path(c.id, 'purchases'))
          .set(campaign.auth)
          .send({ cost: 5, wager: 0, addToInventory: true, inventorySlots: 0 });
        expectProblem(unnamed, 400, 'VALIDATION_FAILED', 'item');
        const character = await t.http
          .get(`/v1/campaigns/${campaign.id}/characters/${c.id}`)
          .set(campaign.auth);
        expect(character.body.cash).toBe(3);
        expect(await ledgerOf(c.id)).toHaveLength(1);
        // A zero-slot item still fits.
        await t.http
          .post(path(c.id, 'purchases'))
          .set(campaign.auth)
          .send({ cost: 5, wager: 0, item: 'Letter of credit', addToInventory: true, inventorySlots: 0 })
          .expect(201);
      });

      it('has the GraphQL twin', async () => {
        const c = await createCharacter(t.server, campaign, { name: 'Graph buyer', wealth: 7, cash: 3 });
        const answer = await gql(
          t.server,
          `mutation($c: ID!, $x: ID!) { characterPurchase(campaignId: $c, characterId: $x, input: { cost: 5, wager: 0, item: "Lantern", addToInventory: true }) { acquired inventoryItem { name slots kind } } }`,
          { c: campaign.id, x: c.id },
          campaign.auth,
        );
        expect(answer.errors).toBeUndefined();
        expect(answer.data?.characterPurchase).toEqual({
          acquired: true,
          inventoryItem: { name: 'Lantern', slots: 1, kind: 'gear' },
        });
        expect((await inventory(c.id)).items).toHaveLength(1);
      });
    });

    it('charges a flat 1 Cash with no dice when Cost ≤ Wealth', async () => {
      const c = await createCharacter(t.server, campaign, { name: 'Rich', wealth: 7, cash: 3 });
      const res = await t.http
        .post(path(c.id, 'purchases'))
        .set(campaign.auth)
        .send({ cost: 5, wager: 2 })
        .expect(201);
      expect(res.body).toMatchObject({
        flatCost: true,
        acquired: true,
        cashSpent: 1,
        faces: [],
        character: { cash: 2 },
      });
    });

    it('uses the pool rule when the campaign says so (Wealth 5, Cost 6, wager 7 → 12 dice vs Ob 6)', async () => {
      const other = await createCampaign(t.server, 'Pool rule');
      await t.http
        .patch(`/v1/campaigns/${other.id}/wealth-settings`)
        .set(other.auth)
        .send({ purchaseRule: 'pool' })
        .expect(200)
        .then((r) => expect(r.body).toMatchObject({ purchaseRule: 'pool', defaultLifestyles: true }));
      const c = await createCharacter(t.server, other, { name: 'Pooled', wealth: 5, cash: 7 });
      const res = await t.http
        .post(`/v1/campaigns/${other.id}/characters/${c.id}/purchases`)
        .set(other.auth)
        .send({ cost: 6, wager: 7 })
        .expect(201);
      expect(res.body).toMatchObject({
        rule: 'pool',
        pool: 12,
        objective: 6,
        cashSpent: 7,
        character: { cash: 0 },
      });
    });

    it('refuses a wager above the character’s Cash with a 422 and changes nothing', async () => {
      const c = await createCharacter(t.server, campaign, { name: 'Poor', wealth: 1, cash: 3 });
      const res = await t.http
        .post(path(c.id, 'purchases'))
        .set(campaign.auth)
        .send({ cost: 6, wager: 4 })
        .expect(422);
      expect(res.body).toMatchObject({ code: 'INSUFFICIENT_CASH', errors: [{ field: 'wager' }] });
      expect(await ledgerOf(c.id)).toHaveLength(1);
      const rolls = await t.http.get(`/v1/campaigns/${campaign.id}/rolls?limit=100`).set(campaign.auth);
      expect(
        rolls.body.items.filter(
          (r: { effects: { characterId?: string } | null }) => r.effects?.characterId === c.id,
        ),
      ).toEqual([]);
    });

    it('never spends twice for a retried Idempotency-Key', async () => {
      const c = await createCharacter(t.server, campaign, { name: 'Retry', wealth: 2, cash: 10 });
      const send = () =>
        t.http
          .post(path(c.id, 'purchases'))
          .set(campaign.auth)
          .set('Idempotency-Key', `buy-${c.id}`)
          .send({ cost: 5, wager: 3 });
      const first = await send().expect(201);
      const second = await send().expect(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      const after = await t.http.get(`/v1/campaigns/${campaign.id}/characters/${c.id}`).set(campaign.auth);
      expect(after.body.cash).toBe(7);
      expect(await ledgerOf(c.id)).toHaveLength(2);
    });

    it('never overspends under concurrent purchases, and the ledger still sums to the balance', async () => {
      const c = await createCharacter(t.server, campaign, { name: 'Crowd', wealth: 3, cash: 20 });
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          t.http
            .post(path(c.id, 'purchases'))
            .set(campaign.auth)
            .send({ cost: 6, wager: 3, seed: `c${i}` }),
        ),
      );
      const accepted = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 422);
      expect(accepted.length + refused.length).toBe(24);
      expect(accepted).toHaveLength(6); // 20 Cash buys six wagers of 3
      expect(refused.every((r) => r.body.code === 'INSUFFICIENT_CASH')).toBe(true);
      const after = await t.http.get(`/v1/campaigns/${campaign.id}/characters/${c.id}`).set(campaign.auth);
      expect(after.body.cash).toBe(2);
      await expectLedgerMatches(c.id);
    });
  });

  describe('sales', () => {
    it('rolls Cost − Wealth dice and gains 1 Cash a success', async () => {
      const c = await createCharacter(t.server, campaign, { name: 'Seller', wealth: 2, cash: 0 });
      const res = await t.http
        .post(path(c.id, 'sales'))
        .set(campaign.auth)
        .send({ cost: 8, item: 'silver cup', seed: 's' })
        .expect(201);
      expect(res.body.pool).toBe(6);
      expect(res.body.cashGained).toBe(res.body.faces.filter((f: number) => f >= 4).length);
      expect(res.body.character.cash).toBe(res.body.cashGained);
      await expectLedgerMatches(c.id);
    });

    it('brings nothing when Cost ≤ Wealth', async () => {
      const c = await createCharacter(t.server, campaign, { name: 'Seller 2', wealth: 6, cash: 1 });
      const res = await t.http.post(path(c.id, 'sales')).set(campaign.auth).send({ cost: 6 }).expect(201);
      expect(res.body).toMatchObject({
        pool: 0,
        faces: [],
        cashGained: 0,
        nothingGained: true,
        character: { cash: 1 },
      });
    });
  });

  describe('once per session', () => {
    it('needs a session in progress for income and improvement (409)', async () => {
      const fresh = await createCampaign(t.server, 'No session');
      const c = await createCharacter(t.server, fresh, { name: 'Idle', wealth: 3, cash: 20 });
      const base = `/v1/campaigns/${fresh.id}/characters/${c.id}`;
      const income = await t.http.post(`${base}/income`).set(fresh.auth).send({}).expect(409);
      expect(income.body.code).toBe('NO_SESSION_IN_PROGRESS');
      const improve = await t.http
        .post(`${base}/wealth-improvements`)
        .set(fresh.auth)
        .send({ wager: 5 })
        .expect(409);
      expect(improve.body.code).toBe('NO_SESSION_IN_PROGRESS');
      expect(
        await t.http
          .get(`${base}/ledger`)
          .set(fresh.auth)
          .then((r) => r.body.items),
      ).toHaveLength(1);
    });

    it('allows one income roll per character per session, and another next session', async () => {
      const session = await startSession(t.server, campaign);
      const c = await createCharacter(t.server, campaign, { name: 'Earner', wealth: 5, cash: 0 });
      const first = await t.http
        .post(path(c.id, 'income'))
        .set(campaign.auth)
        .send({ seed: 'pay' })
        .expect(201);
      expect(first.body.pool).toBe(5);
      expect(first.body.character.cash).toBe(first.body.cashGained);
      expect(first.body.ledgerEntry.sessionId).toBe(session.id);
      const second = await t.http.post(path(c.id, 'income')).set(campaign.auth).send({}).expect(409);
      expect(second.body.code).toBe('ALREADY_USED_THIS_SESSION');
      await startSession(t.server, campaign);
      await t.http.post(path(c.id, 'income')).set(campaign.auth).send({}).expect(201);
      await expectLedgerMatches(c.id);
    });

    it('improves Wealth one rank against Ob 2 × target, once per session', async () => {
      await startSession(t.server, campaign);
      const c = await createCharacter(t.server, campaign, { name: 'Climber', wealth: 5, cash: 30 });
      const res = await t.http
        .post(path(c.id, 'wealth-improvements'))
        .set(campaign.auth)
        .send({ wager: 20, seed: 'up' })
        .expect(201);
      expect(res.body).toMatchObject({ targetRank: 6, objective: 12, pool: 20, cashSpent: 20 });
      expect(res.body.character).toMatchObject({ cash: 10, wealth: res.body.improved ? 6 : 5 });
      expect(res.body.ledgerEntry).toMatchObject({ cashDelta: -20, wealthDelta: res.body.improved ? 1 : 0 });
      const again = await t.http
        .post(path(c.id, 'wealth-improvements'))
        .set(campaign.auth)
        .send({ wager: 1 })
        .expect(409);
      expect(again.body.code).toBe('ALREADY_USED_THIS_SESSION');
      await expectLedgerMatches(c.id);
    });
  });

  describe('cash adjustments and roles', () => {
    it('lets the referee grant and correct Cash, never below zero', async () => {
      const c = await createCharacter(t.server, campaign, { name: 'Granted', cash: 2 });
      const res = await t.http
        .post(path(c.id, 'cash-adjustments'))
        .set(campaign.auth)
        .send({ delta: 5, reason: 'reward' })
        .expect(201);
      expect(res.body).toMatchObject({
        character: { cash: 7 },
        ledgerEntry: { cashDelta: 5, reason: 'adjustment', note: 'reward' },
      });
      const tooMuch = await t.http
        .post(path(c.id, 'cash-adjustments'))
        .set(campaign.auth)
        .send({ delta: -8, reason: 'fine' })
        .expect(422);
      expect(tooMuch.body).toMatchObject({ code: 'INSUFFICIENT_CASH', errors: [{ field: 'delta' }] });
    });

    it('lets players act only for their own characters and viewers only read', async () => {
      const mine = await createCharacter(t.server, campaign, { name: 'Mine', wealth: 2, cash: 5 });
      const theirs = await createCharacter(t.server, campaign, { name: 'Theirs', wealth: 2, cash: 5 });
      const player = await createKey(t.server, campaign, { role: 'player', characterIds: [mine.id] });
      const viewer = await createKey(t.server, campaign, { role: 'viewer' });
      await t.http.post(path(mine.id, 'purchases')).set(player.auth).send({ cost: 4, wager: 1 }).expect(201);
      const other = await t.http
        .post(path(theirs.id, 'purchases'))
        .set(player.auth)
        .send({ cost: 4, wager: 1 })
        .expect(403);
      expect(other.body.code).toBe('FORBIDDEN');
      await t.http
        .post(path(mine.id, 'cash-adjustments'))
        .set(player.auth)
        .send({ delta: 5, reason: 'x' })
        .expect(403);
      await t.http.post(path(mine.id, 'sales')).set(viewer.auth).send({ cost: 4 }).expect(403);
      await t.http.get(path(theirs.id, 'ledger')).set(viewer.auth).expect(200);
      await t.http
        .patch(`/v1/campaigns/${campaign.id}/wealth-settings`)
        .set(player.auth)
        .send({ purchaseRule: 'pool' })
        .expect(403);
    });

    it('keeps other campaigns out (404)', async () => {
      const c = await createCharacter(t.server, campaign, { name: 'Private', cash: 5 });
      const stranger = await createCampaign(t.server, 'Stranger');
      await t.http.get(path(c.id, 'ledger')).set(stranger.auth).expect(404);
      const res = await t.http
        .post(`/v1/campaigns/${stranger.id}/characters/${c.id}/purchases`)
        .set(stranger.auth)
        .send({ cost: 4, wager: 1 })
        .expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
    });
  });

  describe('settings', () => {
    it('replaces the lifestyle mapping, refuses a broken one and restores the default', async () => {
      const own = await createCampaign(t.server, 'Lifestyles');
      const lifestyles = [
        { grade: 1, name: 'Gutter', minWealth: 0, maxWealth: 1 },
        { grade: 2, name: 'Lean', minWealth: 2, maxWealth: 3 },
        { grade: 3, name: 'Comfortable', minWealth: 4, maxWealth: 6 },
        { grade: 4, name: 'Wealthy', minWealth: 7, maxWealth: 9 },
        { grade: 5, name: 'Lordly', minWealth: 10, maxWealth: 12 },
      ];
      await t.http
        .patch(`/v1/campaigns/${own.id}/wealth-settings`)
        .set(own.auth)
        .send({ lifestyles })
        .expect(200);
      const c = await createCharacter(t.server, own, { name: 'Styled', wealth: 5 });
      expect(c.lifestyle).toBe('Comfortable');
      const broken = lifestyles.map((g) => (g.grade === 2 ? { ...g, maxWealth: 2 } : g));
      const res = await t.http
        .patch(`/v1/campaigns/${own.id}/wealth-settings`)
        .set(own.auth)
        .send({ lifestyles: broken })
        .expect(422);
      expect(res.body.errors[0].field).toMatch(/^lifestyles/);
      const reset = await t.http
        .patch(`/v1/campaigns/${own.id}/wealth-settings`)
        .set(own.auth)
        .send({ lifestyles: [] })
        .expect(200);
      expect(reset.body.defaultLifestyles).toBe(true);
    });
  });

  describe('bad input', () => {
    it.each([
      ['a missing cost', { wager: 1 }, 'cost'],
      ['a wrong-typed wager', { cost: 5, wager: '2' }, 'wager'],
      ['a negative wager', { cost: 5, wager: -1 }, 'wager'],
      ['an unknown field', { cost: 5, wager: 1, discount: true }, 'discount'],
    ])('refuses %s with a 400 naming the field and changes nothing', async (_what, body, field) => {
      const c = await createCharacter(t.server, campaign, { name: 'Careful', wealth: 1, cash: 5 });
      const res = await t.http.post(path(c.id, 'purchases')).set(campaign.auth).send(body).expect(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await ledgerOf(c.id)).toHaveLength(1);
    });
  });

  describe('GraphQL', () => {
    it('returns characters with cash, wealth, lifestyle and recent ledger in one request', async () => {
      const own = await createCampaign(t.server, 'One request');
      const c = await createCharacter(t.server, own, { name: 'Graphed', wealth: 3, cash: 9 });
      const buy = await gql(
        t.server,
        `mutation($c: ID!, $ch: ID!) { characterPurchase(campaignId: $c, characterId: $ch, input: { cost: 5, wager: 2, seed: "g" }) {
          objective pool faces cashSpent rollId character { cash wealth lifestyle } ledgerEntry { cashDelta reason } } }`,
        { c: own.id, ch: c.id },
        own.auth,
      );
      expect(buy.errors).toBeUndefined();
      expect(buy.data?.characterPurchase).toMatchObject({
        objective: 2,
        pool: 2,
        cashSpent: 2,
        character: { cash: 7, wealth: 3 },
      });
      const rest = await t.http
        .post('/v1/wealth/purchase-rolls')
        .send({ cost: 5, wealth: 3, wager: 2, seed: 'g' });
      expect(rest.status).toBe(200);
      expect(buy.data?.characterPurchase.faces).toEqual(rest.body.faces);
      const read = await gql(
        t.server,
        `query($c: ID!) { campaign(campaignId: $c) { characters { items { name cash wealth lifestyle recentLedger(limit: 5) { reason cashDelta cashAfter } } } } }`,
        { c: own.id },
        own.auth,
      );
      expect(read.errors).toBeUndefined();
      expect(read.data?.campaign.characters.items).toEqual([
        {
          name: 'Graphed',
          cash: 7,
          wealth: 3,
          lifestyle: 'Poor',
          recentLedger: [
            { reason: 'purchase', cashDelta: -2, cashAfter: 7 },
            { reason: 'opening', cashDelta: 9, cashAfter: 9 },
          ],
        },
      ]);
    });

    it('has twins for sale, income, improvement, adjustment, ledger and settings with the same codes', async () => {
      const own = await createCampaign(t.server, 'Twins');
      const c = await createCharacter(t.server, own, { name: 'Twin', wealth: 2, cash: 4 });
      const v = { c: own.id, ch: c.id };
      const noSession = await gql(
        t.server,
        'mutation($c: ID!, $ch: ID!) { characterIncome(campaignId: $c, characterId: $ch) { cashGained } }',
        v,
        own.auth,
      );
      expect(codes(noSession)).toEqual(['NO_SESSION_IN_PROGRESS']);
      await startSession(t.server, own);
      const income = await gql(
        t.server,
        'mutation($c: ID!, $ch: ID!) { characterIncome(campaignId: $c, characterId: $ch) { pool character { cash } } }',
        v,
        own.auth,
      );
      expect(income.data?.characterIncome.pool).toBe(2);
      const twice = await gql(
        t.server,
        'mutation($c: ID!, $ch: ID!) { characterIncome(campaignId: $c, characterId: $ch) { pool } }',
        v,
        own.auth,
      );
      expect(codes(twice)).toEqual(['ALREADY_USED_THIS_SESSION']);
      const sale = await gql(
        t.server,
        'mutation($c: ID!, $ch: ID!) { characterSale(campaignId: $c, characterId: $ch, input: { cost: 4 }) { pool } }',
        v,
        own.auth,
      );
      expect(sale.data?.characterSale.pool).toBe(2);
      const improve = await gql(
        t.server,
        'mutation($c: ID!, $ch: ID!) { characterWealthImprovement(campaignId: $c, characterId: $ch, input: { wager: 1000000 }) { objective } }',
        v,
        own.auth,
      );
      expect(codes(improve)).toEqual(['INSUFFICIENT_CASH']);
      const adjust = await gql(
        t.server,
        'mutation($c: ID!, $ch: ID!) { characterCashAdjustment(campaignId: $c, characterId: $ch, input: { delta: 3, reason: "gift" }) { character { cash } } }',
        v,
        own.auth,
      );
      expect(adjust.errors).toBeUndefined();
      const ledger = await gql(
        t.server,
        'query($c: ID!, $ch: ID!) { ledger(campaignId: $c, characterId: $ch, limit: 2) { items { reason } next } }',
        v,
        own.auth,
      );
      expect(ledger.data?.ledger.items).toEqual([{ reason: 'opening' }, { reason: 'income' }]);
      expect(ledger.data?.ledger.next).toEqual(expect.any(String));
      const settings = await gql(
        t.server,
        'mutation($c: ID!) { updateWealthSettings(campaignId: $c, input: { purchaseRule: pool }) { purchaseRule } }',
        { c: own.id },
        own.auth,
      );
      expect(settings.data?.updateWealthSettings).toEqual({ purchaseRule: 'pool' });
    });
  });
});
