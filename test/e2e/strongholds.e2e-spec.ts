import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  startSession,
} from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

interface Key {
  id: string;
  auth: { Authorization: string };
}

const STRONGHOLD =
  'id name kind owner { type characterId } rank tags { name economic earned } tagAllowance { total used }';

describe(`strongholds in a campaign (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  /** A campaign in session with two characters, a player key for the first, another player and a viewer. */
  async function table(cash = 50) {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero', wealth: 5, cash });
    const other = await createCharacter(t.server, c, { name: 'Other', wealth: 2, cash });
    const player: Key = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    const otherPlayer: Key = await createKey(t.server, c, { role: 'player', characterIds: [other.id] });
    const viewer: Key = await createKey(t.server, c, { role: 'viewer' });
    await startSession(t.server, c);
    return { c, hero, other, player, otherPlayer, viewer };
  }

  const base = (c: CampaignFixture) => `/v1/campaigns/${c.id}/strongholds`;

  async function found(c: CampaignFixture, auth: Key['auth'], body: Record<string, unknown>) {
    return (await t.http.post(base(c)).set(auth).send(body).expect(201)).body;
  }

  async function cashOf(c: CampaignFixture, characterId: string): Promise<number> {
    return (await t.http.get(`/v1/campaigns/${c.id}/characters/${characterId}`).set(c.auth).expect(200)).body
      .cash;
  }

  async function treasuryOf(c: CampaignFixture): Promise<number> {
    return (await t.http.get(`/v1/campaigns/${c.id}/treasury`).set(c.auth).expect(200)).body.cash;
  }

  /** Every ledger entry of a character adds up to its Cash: nothing created or lost. */
  async function expectLedgerBalances(c: CampaignFixture, characterId: string): Promise<void> {
    const ledger = await t.http
      .get(`/v1/campaigns/${c.id}/characters/${characterId}/ledger`)
      .query({ limit: 100 })
      .set(c.auth)
      .expect(200);
    const sum = ledger.body.items.reduce((s: number, e: { cashDelta: number }) => s + e.cashDelta, 0);
    expect(sum).toBe(await cashOf(c, characterId));
  }

  /** Builds a character's stronghold to rank 1 (a big wager makes Ob 10 all but certain). */
  async function built(c: CampaignFixture, ownerCharacterId: string, name = 'Keep') {
    const s = await found(c, c.auth, { name, ownerCharacterId });
    const res = await t.http
      .post(`${base(c)}/${s.id}/improvements`)
      .set(c.auth)
      .send({ wager: 40, seed: `build-${name}` })
      .expect(201);
    expect(res.body.stronghold.rank).toBe(1);
    return res.body.stronghold;
  }

  describe('founding, reading, renaming and removing', () => {
    it('founds a character’s stronghold at rank 0 with a player key, and the company’s with the referee’s', async () => {
      const { c, hero, player } = await table();
      const mine = await found(c, player.auth, {
        name: 'Greywater Manor',
        kind: 'estate',
        ownerCharacterId: hero.id,
      });
      expect(mine).toEqual({
        id: expect.any(String),
        name: 'Greywater Manor',
        kind: 'estate',
        owner: { type: 'character', characterId: hero.id },
        rank: 0,
        tags: [],
        tagAllowance: { total: 0, used: 0 },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const hall = await found(c, c.auth, { name: 'Guild Hall' });
      expect(hall).toMatchObject({ kind: null, owner: { type: 'company', characterId: null }, rank: 0 });
      const page = await t.http.get(base(c)).query({ limit: 1 }).set(c.auth).expect(200);
      expect(page.body.items.map((s: { id: string }) => s.id)).toEqual([mine.id]);
      const next = await t.http
        .get(base(c))
        .query({ limit: 1, after: page.body.next })
        .set(c.auth)
        .expect(200);
      expect(next.body).toEqual({ items: [hall], next: null });
      const mineOnly = await t.http.get(base(c)).query({ ownerCharacterId: hero.id }).set(c.auth).expect(200);
      expect(mineOnly.body.items).toEqual([mine]);
      expect(
        (
          await t.http
            .get(`${base(c)}/${hall.id}`)
            .set(c.auth)
            .expect(200)
        ).body,
      ).toEqual(hall);
    });

    it('refuses a company stronghold from a player, another player’s character and a viewer', async () => {
      const { c, hero, player, otherPlayer, viewer } = await table();
      expectProblem(await t.http.post(base(c)).set(player.auth).send({ name: 'Ours' }), 403, 'FORBIDDEN');
      expectProblem(
        await t.http.post(base(c)).set(otherPlayer.auth).send({ name: 'Theirs', ownerCharacterId: hero.id }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await t.http.post(base(c)).set(viewer.auth).send({ name: 'Mine', ownerCharacterId: hero.id }),
        403,
        'FORBIDDEN',
      );
      expect((await t.http.get(base(c)).set(viewer.auth).expect(200)).body.items).toEqual([]);
    });

    it('refuses bad input naming the field, and changes nothing', async () => {
      const { c } = await table();
      expectProblem(await t.http.post(base(c)).set(c.auth).send({}), 400, 'VALIDATION_FAILED', 'name');
      expectProblem(
        await t.http
          .post(base(c))
          .set(c.auth)
          .send({ name: 'x'.repeat(101) }),
        400,
        'VALIDATION_FAILED',
        'name',
      );
      expectProblem(
        await t.http.post(base(c)).set(c.auth).send({ name: 'Ghost', ownerCharacterId: 'nobody' }),
        404, // read as a name (issue 42): no character is named so
        'NOT_FOUND',
        'ownerCharacterId',
      );
      expect((await t.http.get(base(c)).set(c.auth).expect(200)).body.items).toEqual([]);
      expectProblem(await t.http.get(`${base(c)}/nope`).set(c.auth), 404, 'NOT_FOUND');
    });

    it('lets the owner rename it, and only the referee remove it', async () => {
      const { c, hero, player, otherPlayer } = await table();
      const s = await found(c, player.auth, { name: 'Hut', ownerCharacterId: hero.id });
      const renamed = await t.http
        .patch(`${base(c)}/${s.id}`)
        .set(player.auth)
        .send({ name: 'Cottage', kind: 'house' })
        .expect(200);
      expect(renamed.body).toMatchObject({ id: s.id, name: 'Cottage', kind: 'house' });
      expectProblem(
        await t.http
          .patch(`${base(c)}/${s.id}`)
          .set(otherPlayer.auth)
          .send({ name: 'Mine' }),
        403,
        'FORBIDDEN',
      );
      expectProblem(await t.http.delete(`${base(c)}/${s.id}`).set(player.auth), 403, 'FORBIDDEN');
      await t.http
        .delete(`${base(c)}/${s.id}`)
        .set(c.auth)
        .expect(200);
      expectProblem(await t.http.get(`${base(c)}/${s.id}`).set(c.auth), 404, 'NOT_FOUND');
    });
  });

  describe('improvements', () => {
    it('builds a stronghold (0 → 1, Ob 10) on Wealth + wager, debits the owner and logs a replayable roll', async () => {
      const { c, hero, player } = await table();
      const s = await found(c, player.auth, { name: 'Keep', ownerCharacterId: hero.id });
      const res = await t.http
        .post(`${base(c)}/${s.id}/improvements`)
        .set(player.auth)
        .send({
          wager: 30,
          seed: 'build',
          newTags: [{ name: 'Library' }, { name: 'Market stall', economic: true }],
        })
        .expect(201);
      expect(res.body).toMatchObject({
        targetRank: 1,
        objective: 10,
        wealth: 5,
        wager: 30,
        pool: 35,
        cashSpent: 30,
        seed: 'build',
        leadCharacterId: hero.id,
        characters: [{ id: hero.id, cash: 20 }],
        ledgerEntries: [
          { characterId: hero.id, cashDelta: -30, reason: 'stronghold-improvement', rollId: res.body.rollId },
        ],
        treasuryEntries: [],
      });
      expect(res.body.faces).toHaveLength(35);
      expect(res.body.improved).toBe(true);
      expect(res.body.successes).toBe(res.body.faces.filter((f: number) => f >= 4).length);
      expect(res.body.stronghold).toMatchObject({
        rank: 1,
        tags: [
          { name: 'Library', economic: false, earned: false },
          { name: 'Market stall', economic: true, earned: false },
        ],
        tagAllowance: { total: 2, used: 2 },
      });
      expect(res.body.tagsAdded).toHaveLength(2);
      const odds = await t.http.get('/v1/odds/pool').query({ dice: 35, objective: 10 }).expect(200);
      expect(res.body.odds.success).toBe(odds.body.probability);
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body).toMatchObject({ matches: true, roll: { procedure: 'strongholds.improvement' } });
      expect(replay.body.roll.effects).toMatchObject({ strongholdId: s.id, rankBefore: 0, rankAfter: 1 });
      await expectLedgerBalances(c, hero.id);
    });

    it('spends the wager on a failure and leaves the rank and the new tags alone', async () => {
      const { c, other } = await table();
      const s = await found(c, c.auth, { name: 'Shack', ownerCharacterId: other.id });
      const res = await t.http
        .post(`${base(c)}/${s.id}/improvements`)
        .set(c.auth)
        .send({ wager: 1, newTags: [{ name: 'walls' }] })
        .expect(201);
      expect(res.body).toMatchObject({ pool: 3, improved: false, cashSpent: 1, tagsAdded: [] });
      expect(res.body.stronghold).toMatchObject({ rank: 0, tags: [] });
      expect(await cashOf(c, other.id)).toBe(49);
    });

    it('allows one attempt per stronghold per session, needs a session, and stops at rank 12', async () => {
      const { c, hero } = await table(5000);
      const s = await found(c, c.auth, { name: 'Citadel', ownerCharacterId: hero.id });
      const improve = () =>
        t.http
          .post(`${base(c)}/${s.id}/improvements`)
          .set(c.auth)
          .send({ wager: 200 });
      await improve().expect(201);
      const again = await improve();
      expectProblem(again, 409, 'ALREADY_USED_THIS_SESSION');
      expect(await cashOf(c, hero.id)).toBe(4800);
      // Another stronghold of the same character may still be improved this session.
      const second = await found(c, c.auth, { name: 'Lodge', ownerCharacterId: hero.id });
      await t.http
        .post(`${base(c)}/${second.id}/improvements`)
        .set(c.auth)
        .send({ wager: 1 })
        .expect(201);
      for (let rank = 2; rank <= 12; rank++) {
        await startSession(t.server, c);
        const res = await improve().expect(201);
        expect(res.body).toMatchObject({ targetRank: rank, objective: 8 + 2 * rank, improved: true });
      }
      await startSession(t.server, c);
      expectProblem(await improve(), 409, 'MAX_RANK');
      await t.http.post(`/v1/campaigns/${c.id}/sessions/current/end`).set(c.auth);
      await t.http.delete(`/v1/campaigns/${c.id}/sessions/current`).set(c.auth);
      const none = await createCampaign(t.server);
      const lonely = await createCharacter(t.server, none, { name: 'Lonely', wealth: 1, cash: 5 });
      const plan = await found(none, none.auth, { name: 'Plan', ownerCharacterId: lonely.id });
      expectProblem(
        await t.http
          .post(`${base(none)}/${plan.id}/improvements`)
          .set(none.auth)
          .send({ wager: 1 }),
        409,
        'NO_SESSION_IN_PROGRESS',
      );
      expect(await cashOf(none, lonely.id)).toBe(5);
    });

    it('pays a company stronghold from the treasury and contributors, on the lead character’s Wealth (referee)', async () => {
      const { c, hero, other, player } = await table(20);
      await t.http
        .post(`/v1/campaigns/${c.id}/treasury/adjustments`)
        .set(c.auth)
        .send({ delta: 30, reason: 'loot' })
        .expect(201);
      const hall = await found(c, c.auth, { name: 'Guild Hall', kind: 'keep' });
      const url = `${base(c)}/${hall.id}/improvements`;
      expectProblem(
        await t.http.post(url).set(c.auth).send({ fromTreasury: 5 }),
        400,
        'VALIDATION_FAILED',
        'leadCharacterId',
      );
      expectProblem(
        await t.http.post(url).set(player.auth).send({ leadCharacterId: hero.id, wager: 5 }),
        403,
        'FORBIDDEN',
      );
      const res = await t.http
        .post(url)
        .set(c.auth)
        .send({
          leadCharacterId: other.id,
          wager: 2,
          fromTreasury: 10,
          contributions: [{ characterId: hero.id, cash: 3 }],
          seed: 'company',
        })
        .expect(201);
      expect(res.body).toMatchObject({
        wealth: 2,
        wager: 15,
        pool: 17,
        cashSpent: 15,
        leadCharacterId: other.id,
      });
      const paid = Object.fromEntries(
        res.body.ledgerEntries.map((e: { characterId: string; cashDelta: number }) => [
          e.characterId,
          e.cashDelta,
        ]),
      );
      expect(paid).toEqual({ [hero.id]: -3, [other.id]: -2 });
      expect(res.body.treasuryEntries).toEqual([
        expect.objectContaining({
          cashDelta: -10,
          cashAfter: 20,
          reason: 'stronghold-improvement',
          rollId: res.body.rollId,
        }),
      ]);
      expect(await treasuryOf(c)).toBe(20);
      expect(await cashOf(c, hero.id)).toBe(17);
      expect(await cashOf(c, other.id)).toBe(18);
    });

    it('lets a player pay only with its own characters and never from the treasury', async () => {
      const { c, hero, other, player, viewer } = await table();
      const s = await found(c, player.auth, { name: 'Keep', ownerCharacterId: hero.id });
      const url = `${base(c)}/${s.id}/improvements`;
      expectProblem(await t.http.post(url).set(player.auth).send({ fromTreasury: 1 }), 403, 'FORBIDDEN');
      expectProblem(
        await t.http
          .post(url)
          .set(player.auth)
          .send({ contributions: [{ characterId: other.id, cash: 1 }] }),
        403,
        'FORBIDDEN',
      );
      expectProblem(await t.http.post(url).set(viewer.auth).send({ wager: 1 }), 403, 'FORBIDDEN');
      expect(await cashOf(c, other.id)).toBe(50);
      // The other character's own player may chip in when that player acts for both.
      const both = await createKey(t.server, c, { role: 'player', characterIds: [hero.id, other.id] });
      const res = await t.http
        .post(url)
        .set(both.auth)
        .send({ wager: 4, contributions: [{ characterId: other.id, cash: 6 }] })
        .expect(201);
      expect(res.body.cashSpent).toBe(10);
      expect(await cashOf(c, other.id)).toBe(44);
    });

    it('refuses a payer short of Cash naming its field, and changes nothing', async () => {
      const { c, hero, other } = await table(5);
      const s = await found(c, c.auth, { name: 'Keep', ownerCharacterId: hero.id });
      const url = `${base(c)}/${s.id}/improvements`;
      const short = await t.http
        .post(url)
        .set(c.auth)
        .send({ wager: 2, contributions: [{ characterId: other.id, cash: 6 }] });
      expectProblem(short, 422, 'INSUFFICIENT_CASH', 'contributions[0].cash');
      expectProblem(await t.http.post(url).set(c.auth).send({ wager: 6 }), 422, 'INSUFFICIENT_CASH', 'wager');
      expectProblem(
        await t.http.post(url).set(c.auth).send({ fromTreasury: 1 }),
        422,
        'INSUFFICIENT_CASH',
        'fromTreasury',
      );
      expectProblem(
        await t.http
          .post(url)
          .set(c.auth)
          .send({ wager: 1, newTags: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] }),
        422,
        'UNPROCESSABLE',
        'newTags',
      );
      expectProblem(
        await t.http
          .post(url)
          .set(c.auth)
          .send({ contributions: [{ characterId: 'ghost', cash: 1 }] }),
        404,
        'NOT_FOUND',
        'contributions[0].characterId',
      );
      expectProblem(
        await t.http.post(url).set(c.auth).send({ wager: -1 }),
        400,
        'VALIDATION_FAILED',
        'wager',
      );
      expectProblem(
        await t.http.post(url).set(c.auth).send({ leadCharacterId: other.id, wager: 1 }),
        400,
        'VALIDATION_FAILED',
        'leadCharacterId',
      );
      expect(await cashOf(c, hero.id)).toBe(5);
      expect(await cashOf(c, other.id)).toBe(5);
      expect(await treasuryOf(c)).toBe(0);
      const rolls = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
      expect(rolls.body.items).toEqual([]);
      // Nothing was used up: the stronghold can still be improved this session.
      await t.http.post(url).set(c.auth).send({ wager: 5 }).expect(201);
      await expectLedgerBalances(c, hero.id);
      await expectLedgerBalances(c, other.id);
    });

    it('needs the lead character on the session’s roster when there is one', async () => {
      const { c, hero, other } = await table();
      const s = await found(c, c.auth, { name: 'Keep', ownerCharacterId: hero.id });
      const hall = await found(c, c.auth, { name: 'Hall' });
      await t.http
        .put(`/v1/campaigns/${c.id}/sessions/current/roster`)
        .set(c.auth)
        .send({ characterIds: [other.id] })
        .expect(200);
      expectProblem(
        await t.http
          .post(`${base(c)}/${s.id}/improvements`)
          .set(c.auth)
          .send({ wager: 1 }),
        409,
        'NOT_ON_ROSTER',
        'strongholdId',
      );
      expectProblem(
        await t.http
          .post(`${base(c)}/${hall.id}/improvements`)
          .set(c.auth)
          .send({ leadCharacterId: hero.id, wager: 1 }),
        409,
        'NOT_ON_ROSTER',
        'leadCharacterId',
      );
      expect(await cashOf(c, hero.id)).toBe(50);
      await t.http
        .post(`${base(c)}/${hall.id}/improvements`)
        .set(c.auth)
        .send({ leadCharacterId: other.id, contributions: [{ characterId: hero.id, cash: 2 }] })
        .expect(201);
      expect(await cashOf(c, hero.id)).toBe(48);
    });

    it('answers a retried Idempotency-Key with the same answer and spends once', async () => {
      const { c, hero } = await table();
      const s = await found(c, c.auth, { name: 'Keep', ownerCharacterId: hero.id });
      const send = () =>
        t.http
          .post(`${base(c)}/${s.id}/improvements`)
          .set(c.auth)
          .set('Idempotency-Key', `improve-${s.id}`)
          .send({ wager: 7 });
      const first = await send().expect(201);
      const retry = await send().expect(201);
      expect(retry.body).toEqual(first.body);
      expect(await cashOf(c, hero.id)).toBe(43);
    });

    it('improves two strongholds at once from one character’s Cash without creating or losing any', async () => {
      const { c, hero, other } = await table(10);
      const a = await found(c, c.auth, { name: 'A', ownerCharacterId: hero.id });
      const b = await found(c, c.auth, { name: 'B', ownerCharacterId: other.id });
      const [ra, rb] = await Promise.all([
        t.http
          .post(`${base(c)}/${a.id}/improvements`)
          .set(c.auth)
          .send({ wager: 6 }),
        t.http
          .post(`${base(c)}/${b.id}/improvements`)
          .set(c.auth)
          .send({ wager: 1, contributions: [{ characterId: hero.id, cash: 6 }] }),
      ]);
      const statuses = [ra.status, rb.status].sort();
      expect(statuses).toEqual([201, 422]);
      const failed = ra.status === 422 ? ra : rb;
      expect(failed.body.code).toBe('INSUFFICIENT_CASH');
      expect(await cashOf(c, hero.id)).toBe(4);
      expect(await cashOf(c, other.id)).toBe(rb.status === 201 ? 9 : 10);
      // Both fit when the Cash is there: 4 + 4 of hero's 10 … after a top-up.
      await t.http
        .post(`/v1/campaigns/${c.id}/characters/${hero.id}/cash-adjustments`)
        .set(c.auth)
        .send({ delta: 6, reason: 'top-up' })
        .expect(201);
      const c2 = await found(c, c.auth, { name: 'C', ownerCharacterId: hero.id });
      const d2 = await found(c, c.auth, { name: 'D', ownerCharacterId: hero.id });
      const both = await Promise.all(
        [c2, d2].map((s) =>
          t.http
            .post(`${base(c)}/${s.id}/improvements`)
            .set(c.auth)
            .send({ wager: 5 }),
        ),
      );
      expect(both.map((r) => r.status)).toEqual([201, 201]);
      expect(await cashOf(c, hero.id)).toBe(0);
      await expectLedgerBalances(c, hero.id);
      await expectLedgerBalances(c, other.id);
    });
  });

  describe('tags', () => {
    it('keeps ordinary tags within 2 × rank, lets the referee add earned tags beyond it, names unique in any case', async () => {
      const { c, hero, player, otherPlayer } = await table();
      const plan = await found(c, player.auth, { name: 'Plan', ownerCharacterId: hero.id });
      const planTags = `${base(c)}/${plan.id}/tags`;
      expectProblem(
        await t.http.post(planTags).set(player.auth).send({ name: 'walls' }),
        409,
        'CONFLICT',
        'name',
      );
      const s = await built(c, hero.id);
      const tags = `${base(c)}/${s.id}/tags`;
      await t.http.post(tags).set(player.auth).send({ name: 'Library' }).expect(201);
      expectProblem(
        await t.http.post(tags).set(player.auth).send({ name: ' library ' }),
        409,
        'CONFLICT',
        'name',
      );
      const full = await t.http
        .post(tags)
        .set(player.auth)
        .send({ name: 'Tavern', economic: true })
        .expect(201);
      expect(full.body.tagAllowance).toEqual({ total: 2, used: 2 });
      expectProblem(
        await t.http.post(tags).set(player.auth).send({ name: 'Walls' }),
        409,
        'CONFLICT',
        'name',
      );
      expectProblem(
        await t.http.post(tags).set(player.auth).send({ name: 'Walls', earned: true }),
        403,
        'FORBIDDEN',
      );
      expectProblem(await t.http.post(tags).set(otherPlayer.auth).send({ name: 'Walls' }), 403, 'FORBIDDEN');
      const earned = await t.http
        .post(tags)
        .set(c.auth)
        .send({ name: 'Dragon bones', earned: true })
        .expect(201);
      expect(earned.body).toMatchObject({
        tags: [
          { name: 'Library', economic: false, earned: false },
          { name: 'Tavern', economic: true, earned: false },
          { name: 'Dragon bones', economic: false, earned: true },
        ],
        tagAllowance: { total: 2, used: 2 },
      });
      expectProblem(await t.http.delete(`${tags}/dragon%20bones`).set(player.auth), 403, 'FORBIDDEN');
      const removed = await t.http.delete(`${tags}/LIBRARY`).set(player.auth).expect(200);
      expect(removed.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Tavern', 'Dragon bones']);
      expectProblem(await t.http.delete(`${tags}/library`).set(player.auth), 404, 'NOT_FOUND');
      expectProblem(
        await t.http.post(tags).set(player.auth).send({ name: '' }),
        400,
        'VALIDATION_FAILED',
        'name',
      );
    });

    it('counts matching tags of the character’s and the company’s strongholds as bonus dice', async () => {
      const { c, hero, other } = await table(200);
      const keep = await built(c, hero.id, 'Keep');
      await t.http
        .post(`${base(c)}/${keep.id}/tags`)
        .set(c.auth)
        .send({ name: 'Library' })
        .expect(201);
      await t.http
        .post(`${base(c)}/${keep.id}/tags`)
        .set(c.auth)
        .send({ name: 'Research wing' })
        .expect(201);
      const hall = await found(c, c.auth, { name: 'Hall' });
      // Seeded: 30 dice against Ob 10 still fail about one time in fifty.
      const hallBuilt = await t.http
        .post(`${base(c)}/${hall.id}/improvements`)
        .set(c.auth)
        .send({ leadCharacterId: hero.id, wager: 30, seed: 'build-Hall' })
        .expect(201);
      expect(hallBuilt.body.stronghold.rank).toBe(1);
      await t.http
        .post(`${base(c)}/${hall.id}/tags`)
        .set(c.auth)
        .send({ name: 'library' })
        .expect(201);
      const othersKeep = await built(c, other.id, 'Elsewhere');
      await t.http
        .post(`${base(c)}/${othersKeep.id}/tags`)
        .set(c.auth)
        .send({ name: 'library' })
        .expect(201);
      const res = await t.http
        .get(`${base(c)}/bonus-dice`)
        .query({ characterId: hero.id, tags: 'LIBRARY,research wing,stealth' })
        .set(c.auth)
        .expect(200);
      expect(res.body.bonusDice).toBe(3);
      expect(res.body.applied).toEqual(
        expect.arrayContaining([
          { strongholdId: keep.id, tag: 'Library' },
          { strongholdId: keep.id, tag: 'Research wing' },
          { strongholdId: hall.id, tag: 'library' },
        ]),
      );
      const theirs = await t.http
        .get(`${base(c)}/bonus-dice`)
        .query({ characterId: other.id, tags: 'library' })
        .set(c.auth)
        .expect(200);
      expect(theirs.body.bonusDice).toBe(2);
      expectProblem(
        await t.http
          .get(`${base(c)}/bonus-dice`)
          .query({ tags: 'library' })
          .set(c.auth),
        400,
        'VALIDATION_FAILED',
        'characterId',
      );
    });
  });

  describe('tag dice in campaign pool checks', () => {
    it('adds the dice to a pool check made for a character, echoing strongholdBonus in the answer and the log', async () => {
      const { c, hero, player, otherPlayer } = await table();
      const keep = await built(c, hero.id);
      await t.http
        .post(`${base(c)}/${keep.id}/tags`)
        .set(c.auth)
        .send({ name: 'library' })
        .expect(201);
      const check = `/v1/campaigns/${c.id}/checks/pool`;
      const res = await t.http
        .post(check)
        .set(player.auth)
        .send({
          pool: 3,
          bonusDice: 1,
          objective: 2,
          characterId: hero.id,
          taskTags: ['Library'],
          seed: 'study',
        })
        .expect(201);
      expect(res.body).toMatchObject({
        dice: 5,
        strongholdBonus: { bonusDice: 1, applied: [{ strongholdId: keep.id, tag: 'library' }] },
      });
      expect(res.body.faces).toHaveLength(5);
      const roll = await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}`).set(c.auth).expect(200);
      expect(roll.body.inputs).toMatchObject({ pool: 3, bonusDice: 2, objective: 2 });
      expect(roll.body.effects).toMatchObject({
        characterId: hero.id,
        taskTags: ['Library'],
        strongholdBonus: { bonusDice: 1 },
      });
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      // Without a characterId nothing changes and no strongholdBonus is answered.
      const plain = await t.http.post(check).set(c.auth).send({ pool: 3, objective: 2 }).expect(201);
      expect(plain.body.dice).toBe(3);
      expect(plain.body).not.toHaveProperty('strongholdBonus');
      expectProblem(
        await t.http
          .post(check)
          .set(otherPlayer.auth)
          .send({ pool: 3, objective: 2, characterId: hero.id, taskTags: ['library'] }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await t.http.post('/v1/checks/pool').send({ pool: 3, objective: 2, characterId: hero.id }),
        400,
        'VALIDATION_FAILED',
        'characterId',
      );
      expectProblem(
        await t.http
          .post(check)
          .set(c.auth)
          .send({ pool: 3, objective: 2, taskTags: ['library'] }),
        400,
        'VALIDATION_FAILED',
        'characterId',
      );
      const answer = await gql(
        t.server,
        'mutation($c: ID, $i: PoolCheckInput!) { poolCheck(campaignId: $c, input: $i) { dice rollId strongholdBonus { bonusDice applied { strongholdId tag } } } }',
        { c: c.id, i: { pool: 2, objective: 1, characterId: hero.id, taskTags: ['LIBRARY'] } },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.poolCheck).toMatchObject({
        dice: 3,
        strongholdBonus: { bonusDice: 1, applied: [{ strongholdId: keep.id, tag: 'library' }] },
      });
    });
  });

  describe('income', () => {
    it('adds a die per economic tag of the character’s strongholds to its income, broken down by source', async () => {
      const { c, hero } = await table();
      const keep = await built(c, hero.id);
      await t.http
        .post(`${base(c)}/${keep.id}/tags`)
        .set(c.auth)
        .send({ name: 'Tavern', economic: true })
        .expect(201);
      await t.http
        .post(`${base(c)}/${keep.id}/tags`)
        .set(c.auth)
        .send({ name: 'Mine', economic: true, earned: true })
        .expect(201);
      await t.http
        .post(`${base(c)}/${keep.id}/tags`)
        .set(c.auth)
        .send({ name: 'Library' })
        .expect(201);
      const before = await cashOf(c, hero.id);
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/characters/${hero.id}/income`)
        .set(c.auth)
        .send({})
        .expect(201);
      expect(res.body).toMatchObject({
        pool: 7,
        wealthDice: 5,
        strongholdDice: [{ strongholdId: keep.id, dice: 2 }],
        odds: { expected: 3.5 },
      });
      expect(res.body.faces).toHaveLength(7);
      expect(await cashOf(c, hero.id)).toBe(before + res.body.cashGained);
      const roll = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(roll.body).toMatchObject({ matches: true, roll: { inputs: { wealth: 5, economicTags: 2 } } });
    });

    it('rolls the company strongholds’ economic tags into the treasury once per session (referee)', async () => {
      const { c, hero, player } = await table(200);
      const hall = await found(c, c.auth, { name: 'Hall' });
      await t.http
        .post(`${base(c)}/${hall.id}/improvements`)
        .set(c.auth)
        .send({ leadCharacterId: hero.id, wager: 40 })
        .expect(201);
      await t.http
        .post(`${base(c)}/${hall.id}/tags`)
        .set(c.auth)
        .send({ name: 'Toll road', economic: true })
        .expect(201);
      await t.http
        .post(`${base(c)}/${hall.id}/tags`)
        .set(c.auth)
        .send({ name: 'Farmland', economic: true })
        .expect(201);
      const mine = await built(c, hero.id);
      await t.http
        .post(`${base(c)}/${mine.id}/tags`)
        .set(c.auth)
        .send({ name: 'Mine', economic: true })
        .expect(201);
      const url = `/v1/campaigns/${c.id}/treasury/income`;
      expectProblem(await t.http.post(url).set(player.auth).send({}), 403, 'FORBIDDEN');
      const res = await t.http.post(url).set(c.auth).send({ seed: 'harvest' }).expect(201);
      expect(res.body).toMatchObject({
        strongholdDice: [{ strongholdId: hall.id, dice: 2 }],
        pool: 2,
        odds: { expected: 1, atLeastOne: 0.75 },
        treasury: { cash: res.body.cashGained },
        ledgerEntry: { cashDelta: res.body.cashGained, reason: 'company-income', rollId: res.body.rollId },
      });
      expect(await treasuryOf(c)).toBe(res.body.cashGained);
      expectProblem(await t.http.post(url).set(c.auth).send({}), 409, 'ALREADY_USED_THIS_SESSION');
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body).toMatchObject({ matches: true, roll: { procedure: 'strongholds.company-income' } });
      await startSession(t.server, c);
      await t.http.post(url).set(c.auth).send({}).expect(201);
    });
  });

  describe('GraphQL', () => {
    it('has twins of the routes and reads characters’, the campaign’s and the company’s strongholds in one request', async () => {
      const { c, hero, player } = await table();
      const created = await gql(
        t.server,
        `mutation($c: ID!, $i: CreateStrongholdInput!) { strongholdCreate(campaignId: $c, input: $i) { ${STRONGHOLD} } }`,
        { c: c.id, i: { name: 'Tower', ownerCharacterId: hero.id } },
        player.auth,
      );
      expect(created.errors).toBeUndefined();
      const id = created.data?.strongholdCreate.id;
      const improved = await gql(
        t.server,
        `mutation($c: ID!, $s: ID!, $i: StrongholdImprovementInput) {
          strongholdImprove(campaignId: $c, strongholdId: $s, input: $i) {
            objective pool improved cashSpent rollId stronghold { rank } ledgerEntries { cashDelta }
          }
        }`,
        { c: c.id, s: id, i: { wager: 30, seed: 'build', newTags: [{ name: 'Library' }] } },
        player.auth,
      );
      expect(improved.errors).toBeUndefined();
      expect(improved.data?.strongholdImprove).toMatchObject({
        objective: 10,
        pool: 35,
        improved: true,
        stronghold: { rank: 1 },
        ledgerEntries: [{ cashDelta: -30 }],
      });
      const again = await gql(
        t.server,
        'mutation($c: ID!, $s: ID!) { strongholdImprove(campaignId: $c, strongholdId: $s, input: { wager: 1 }) { rollId } }',
        { c: c.id, s: id },
        player.auth,
      );
      expect(codes(again)).toEqual(['ALREADY_USED_THIS_SESSION']);
      await gql(
        t.server,
        'mutation($c: ID!, $i: CreateStrongholdInput!) { strongholdCreate(campaignId: $c, input: $i) { id } }',
        { c: c.id, i: { name: 'Hall' } },
        c.auth,
      );
      const read = await gql(
        t.server,
        `query($c: ID!) {
          campaign(campaignId: $c) {
            characters { items { id strongholds { name rank tags { name } } } }
            strongholds { items { name owner { type } } next }
            company { strongholds { name owner { type characterId } } treasury { cash } }
          }
          strongholdBonusDice(campaignId: $c, characterId: "${hero.id}", tags: ["library"]) { bonusDice }
        }`,
        { c: c.id },
        c.auth,
      );
      expect(read.errors).toBeUndefined();
      const campaign = read.data?.campaign;
      expect(campaign.characters.items.find((ch: { id: string }) => ch.id === hero.id).strongholds).toEqual([
        { name: 'Tower', rank: 1, tags: [{ name: 'Library' }] },
      ]);
      expect(campaign.strongholds.items.map((s: { name: string }) => s.name)).toEqual(['Tower', 'Hall']);
      expect(campaign.company).toEqual({
        strongholds: [{ name: 'Hall', owner: { type: 'company', characterId: null } }],
        treasury: { cash: 0 },
      });
      expect(read.data?.strongholdBonusDice).toEqual({ bonusDice: 1 });
      const tagged = await gql(
        t.server,
        `mutation($c: ID!, $s: ID!) {
          strongholdTagAdd(campaignId: $c, strongholdId: $s, input: { name: "Tavern", economic: true }) { tags { name economic } }
        }`,
        { c: c.id, s: id },
        player.auth,
      );
      expect(tagged.errors).toBeUndefined();
      expect(tagged.data?.strongholdTagAdd.tags).toEqual([
        { name: 'Library', economic: false },
        { name: 'Tavern', economic: true },
      ]);
      const one = await gql(
        t.server,
        `query($c: ID!, $s: ID!) {
          stronghold(campaignId: $c, strongholdId: $s) { ${STRONGHOLD} }
          strongholds(campaignId: $c, ownerCharacterId: "${hero.id}") { items { id } next }
        }`,
        { c: c.id, s: id },
        player.auth,
      );
      expect(one.errors).toBeUndefined();
      expect(one.data?.stronghold).toMatchObject({ id, rank: 1, tagAllowance: { total: 2, used: 2 } });
      expect(one.data?.strongholds).toEqual({ items: [{ id }], next: null });
      const income = await gql(
        t.server,
        'mutation($c: ID!) { companyIncome(campaignId: $c, input: { seed: "gql" }) { pool cashGained treasury { cash } rollId } }',
        { c: c.id },
        c.auth,
      );
      expect(income.errors).toBeUndefined();
      expect(income.data?.companyIncome).toMatchObject({ pool: 0, cashGained: 0, treasury: { cash: 0 } });
      const renamed = await gql(
        t.server,
        'mutation($c: ID!, $s: ID!) { strongholdUpdate(campaignId: $c, strongholdId: $s, input: { name: "Spire" }) { name } }',
        { c: c.id, s: id },
        player.auth,
      );
      expect(renamed.data?.strongholdUpdate).toEqual({ name: 'Spire' });
      const untagged = await gql(
        t.server,
        'mutation($c: ID!, $s: ID!) { strongholdTagRemove(campaignId: $c, strongholdId: $s, name: "TAVERN") { tags { name } } }',
        { c: c.id, s: id },
        player.auth,
      );
      expect(untagged.data?.strongholdTagRemove.tags).toEqual([{ name: 'Library' }]);
      const removed = await gql(
        t.server,
        'mutation($c: ID!, $s: ID!) { strongholdRemove(campaignId: $c, strongholdId: $s) { id } }',
        { c: c.id, s: id },
        player.auth,
      );
      expect(codes(removed)).toEqual(['FORBIDDEN']);
      const forbidden = await gql(
        t.server,
        'mutation($c: ID!) { strongholdCreate(campaignId: $c, input: { name: "Ours" }) { id } }',
        { c: c.id },
        player.auth,
      );
      expect(codes(forbidden)).toEqual(['FORBIDDEN']);
    });
  });
});
