import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
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

const CLOCK_START = {
  day: 1,
  watch: 'morning',
  turn: 0,
  scale: 'haven',
  nightWatch: false,
  turnsPerWatch: 24,
  havenKind: 'town',
};

describe(`campaign state (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  /** A campaign with two characters, a player key bound to the first and a viewer key. */
  async function table(cash = 10) {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero', wealth: 3, cash });
    const other = await createCharacter(t.server, c, { name: 'Other', wealth: 2, cash });
    const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    const viewer = await createKey(t.server, c, { role: 'viewer' });
    return { c, hero, other, player, viewer };
  }

  describe('clock', () => {
    it('starts at day 1, morning, turn 0, in a haven', async () => {
      const { c, viewer } = await table();
      const res = await t.http.get(`/v1/campaigns/${c.id}/clock`).set(viewer.auth).expect(200);
      expect(res.body).toEqual(CLOCK_START);
    });

    it('advances by watches, rolls over into the next day and counts the checks due at the scale', async () => {
      const { c } = await table();
      const clock = `/v1/campaigns/${c.id}/clock`;
      await t.http.patch(clock).set(c.auth).send({ scale: 'overland' }).expect(200);
      const res = await t.http.post(`${clock}/advance`).set(c.auth).send({ watches: 3 }).expect(200);
      expect(res.body).toEqual({
        from: { ...CLOCK_START, scale: 'overland' },
        to: { ...CLOCK_START, day: 2, watch: 'afternoon', scale: 'overland' },
        passed: { days: 1, watches: 3, turns: 0 },
        due: { encounterChecks: 3 },
      });
      await t.http.patch(clock).set(c.auth).send({ scale: 'exploration', nightWatch: true }).expect(200);
      const turns = await t.http.post(`${clock}/advance`).set(c.auth).send({ turns: 4 }).expect(200);
      expect(turns.body.to).toEqual({
        day: 2,
        watch: 'afternoon',
        turn: 4,
        scale: 'exploration',
        nightWatch: true,
        turnsPerWatch: 24,
        havenKind: 'town',
      });
      expect(turns.body.due).toEqual({ encounterChecks: 4 });
      const night = await t.http.post(`${clock}/advance`).set(c.auth).send({ watches: 1 }).expect(200);
      expect(night.body.to).toMatchObject({ day: 2, watch: 'night', turn: 0 });
      expect(night.body.due).toEqual({ encounterChecks: 0 });
      const days = await t.http.post(`${clock}/advance`).set(c.auth).send({ days: 1 }).expect(200);
      expect(days.body.to).toMatchObject({ day: 3, watch: 'morning', turn: 0 });
      await t.http.patch(clock).set(c.auth).send({ scale: 'water' }).expect(200);
      const water = await t.http.post(`${clock}/advance`).set(c.auth).send({ days: 2 }).expect(200);
      expect(water.body.due).toEqual({ encounterChecks: 2 });
      expect((await t.http.get(clock).set(c.auth).expect(200)).body).toEqual({
        day: 5,
        watch: 'morning',
        turn: 0,
        scale: 'water',
        nightWatch: true,
        turnsPerWatch: 24,
        havenKind: 'town',
      });
    });

    it('refuses bad advances naming the field, changing nothing', async () => {
      const { c, player } = await table();
      const advance = `/v1/campaigns/${c.id}/clock/advance`;
      expectProblem(await t.http.post(advance).set(c.auth).send({ days: 367 }), 422, 'UNPROCESSABLE', 'days');
      expectProblem(
        await t.http.post(advance).set(c.auth).send({ watches: 1001 }),
        422,
        'UNPROCESSABLE',
        'watches',
      );
      expectProblem(await t.http.post(advance).set(c.auth).send({}), 400, 'VALIDATION_FAILED', 'days');
      expectProblem(
        await t.http.post(advance).set(c.auth).send({ turns: -1 }),
        400,
        'VALIDATION_FAILED',
        'turns',
      );
      expectProblem(
        await t.http.patch(`/v1/campaigns/${c.id}/clock`).set(c.auth).send({ scale: 'dungeon' }),
        400,
        'VALIDATION_FAILED',
        'scale',
      );
      expectProblem(await t.http.post(advance).set(player.auth).send({ days: 1 }), 403, 'FORBIDDEN');
      expect((await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth)).body).toEqual(CLOCK_START);
    });

    it('has GraphQL twins, and the campaign query answers clock, roster and treasury together', async () => {
      const { c, hero } = await table();
      await startSession(t.server, c);
      const adv = await gql(
        t.server,
        'mutation($c: ID!) { advanceClock(campaignId: $c, input: { watches: 2 }) { to { day watch } passed { watches } due { encounterChecks } } }',
        { c: c.id },
        c.auth,
      );
      expect(adv.errors).toBeUndefined();
      expect(adv.data?.advanceClock).toEqual({
        to: { day: 2, watch: 'morning' },
        passed: { watches: 2 },
        due: { encounterChecks: 0 },
      });
      await gql(
        t.server,
        'mutation($c: ID!, $i: RosterInput!) { setRoster(campaignId: $c, input: $i) { roster } }',
        { c: c.id, i: { characterIds: [hero.id] } },
        c.auth,
      );
      await t.http
        .post(`/v1/campaigns/${c.id}/treasury/adjustments`)
        .set(c.auth)
        .send({ delta: 7, reason: 'found a chest' })
        .expect(201);
      const all = await gql(
        t.server,
        `query($c: ID!) { campaign(campaignId: $c) {
          clock { day watch turn scale nightWatch }
          currentSession { roster }
          treasury { cash recentLedger { cashDelta reason note } }
          characters { items { name downtimeAvailable } }
        } }`,
        { c: c.id },
        c.auth,
      );
      expect(all.errors).toBeUndefined();
      expect(all.data?.campaign).toEqual({
        clock: { day: 2, watch: 'morning', turn: 0, scale: 'haven', nightWatch: false },
        currentSession: { roster: [hero.id] },
        treasury: { cash: 7, recentLedger: [{ cashDelta: 7, reason: 'adjustment', note: 'found a chest' }] },
        characters: {
          items: [
            { name: 'Hero', downtimeAvailable: true },
            // Off the roster: a downtime action would be refused (NOT_ON_ROSTER).
            { name: 'Other', downtimeAvailable: false },
          ],
        },
      });
    });
  });

  describe('session roster', () => {
    it('is set by the referee, joined by a player for its own character, and shown on the session', async () => {
      const { c, hero, other, player, viewer } = await table();
      const roster = `/v1/campaigns/${c.id}/sessions/current/roster`;
      expectProblem(
        await t.http
          .put(roster)
          .set(c.auth)
          .send({ characterIds: [hero.id] }),
        409,
        'NO_SESSION_IN_PROGRESS',
      );
      await startSession(t.server, c);
      const set = await t.http
        .put(roster)
        .set(c.auth)
        .send({ characterIds: [other.id] })
        .expect(200);
      expect(set.body.roster).toEqual([other.id]);
      const joined = await t.http.post(roster).set(player.auth).send({ characterId: hero.id }).expect(200);
      expect(joined.body.roster).toEqual([other.id, hero.id]);
      expectProblem(
        await t.http.post(roster).set(player.auth).send({ characterId: other.id }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await t.http.post(roster).set(viewer.auth).send({ characterId: hero.id }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await t.http
          .put(roster)
          .set(c.auth)
          .send({ characterIds: ['nobody'] }),
        404, // read as a name (issue 42): no character is named so
        'NOT_FOUND',
        'characterIds[0]',
      );
      const current = await t.http.get(`/v1/campaigns/${c.id}/sessions/current`).set(viewer.auth).expect(200);
      expect(current.body.roster).toEqual([other.id, hero.id]);
      const left = await t.http.delete(`${roster}/${hero.id}`).set(player.auth).expect(200);
      expect(left.body.roster).toEqual([other.id]);
      expectProblem(await t.http.delete(`${roster}/${hero.id}`).set(c.auth), 404, 'NOT_FOUND');
    });

    it('limits income and Wealth improvement to rostered characters while a roster is set', async () => {
      const { c, hero, other, player } = await table();
      await startSession(t.server, c);
      const roster = `/v1/campaigns/${c.id}/sessions/current/roster`;
      await t.http
        .put(roster)
        .set(c.auth)
        .send({ characterIds: [other.id] })
        .expect(200);
      const income = `/v1/campaigns/${c.id}/characters/${hero.id}/income`;
      const improve = `/v1/campaigns/${c.id}/characters/${hero.id}/wealth-improvements`;
      expectProblem(await t.http.post(income).set(player.auth).send({}), 409, 'NOT_ON_ROSTER');
      expectProblem(await t.http.post(improve).set(player.auth).send({ wager: 1 }), 409, 'NOT_ON_ROSTER');
      const gqlIncome = await gql(
        t.server,
        'mutation($c: ID!, $h: ID!) { characterIncome(campaignId: $c, characterId: $h) { cashGained } }',
        { c: c.id, h: hero.id },
        player.auth,
      );
      expect(codes(gqlIncome)).toEqual(['NOT_ON_ROSTER']);
      const ledger = await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}/ledger`).set(c.auth);
      expect(ledger.body.items).toHaveLength(1);
      await t.http
        .post(`/v1/campaigns/${c.id}/characters/${other.id}/income`)
        .set(c.auth)
        .send({})
        .expect(201);
      // An empty roster means no roster: everyone may act again.
      await t.http.put(roster).set(c.auth).send({ characterIds: [] }).expect(200);
      await t.http.post(income).set(player.auth).send({ seed: 'ok' }).expect(201);
      await t.http.post(improve).set(player.auth).send({ wager: 1, seed: 'ok' }).expect(201);
    });
  });

  describe('treasury', () => {
    it('moves Cash both ways with a ledger entry on each side, and refuses shortfalls naming amount', async () => {
      const { c, hero, player, viewer } = await table(10);
      const base = `/v1/campaigns/${c.id}/treasury`;
      expect((await t.http.get(base).set(viewer.auth).expect(200)).body).toEqual({ cash: 0 });
      const paid = await t.http
        .post(`${base}/transfers`)
        .set(player.auth)
        .send({ from: hero.id, to: 'treasury', amount: 4, reason: 'dues' })
        .expect(201);
      expect(paid.body).toMatchObject({
        amount: 4,
        from: hero.id,
        to: 'treasury',
        treasury: { cash: 4 },
        characters: [{ id: hero.id, cash: 6 }],
        treasuryEntries: [
          { cashDelta: 4, cashAfter: 4, reason: 'transfer', note: 'dues', characterId: hero.id },
        ],
        ledgerEntries: [{ characterId: hero.id, cashDelta: -4, cashAfter: 6, reason: 'treasury-transfer' }],
      });
      expectProblem(
        await t.http
          .post(`${base}/transfers`)
          .set(player.auth)
          .send({ from: 'treasury', to: hero.id, amount: 1 }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await t.http.post(`${base}/transfers`).set(c.auth).send({ from: 'treasury', to: hero.id, amount: 5 }),
        422,
        'INSUFFICIENT_CASH',
        'amount',
      );
      expectProblem(
        await t.http.post(`${base}/transfers`).set(c.auth).send({ from: hero.id, to: 'treasury', amount: 7 }),
        422,
        'INSUFFICIENT_CASH',
        'amount',
      );
      expectProblem(
        await t.http
          .post(`${base}/transfers`)
          .set(c.auth)
          .send({ from: 'treasury', to: 'nobody', amount: 1 }),
        404,
        'NOT_FOUND',
        'to',
      );
      expectProblem(
        await t.http.post(`${base}/adjustments`).set(c.auth).send({ delta: -5, reason: 'x' }),
        422,
        'INSUFFICIENT_CASH',
        'delta',
      );
      const back = await t.http
        .post(`${base}/transfers`)
        .set(c.auth)
        .send({ from: 'treasury', to: hero.id, amount: 4 })
        .expect(201);
      expect(back.body.treasury).toEqual({ cash: 0 });
      const ledger = await t.http.get(`${base}/ledger`).set(viewer.auth).expect(200);
      expect(ledger.body.items.map((e: { cashDelta: number }) => e.cashDelta)).toEqual([4, -4]);
      const hers = await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(c.auth);
      expect(hers.body.cash).toBe(10);
    });

    it('replays a transfer retried with the same Idempotency-Key instead of paying twice', async () => {
      const { c, hero } = await table(10);
      const send = () =>
        t.http
          .post(`/v1/campaigns/${c.id}/treasury/transfers`)
          .set(c.auth)
          .set('Idempotency-Key', `transfer-${hero.id}`)
          .send({ from: hero.id, to: 'treasury', amount: 3 });
      const first = await send().expect(201);
      const again = await send().expect(201);
      expect(again.body).toEqual(first.body);
      expect((await t.http.get(`/v1/campaigns/${c.id}/treasury`).set(c.auth)).body).toEqual({ cash: 3 });
    });

    it('creates and destroys no Cash under 60 parallel transfers against 30 Cash', async () => {
      const { c, hero } = await table(30);
      const results = await Promise.all(
        Array.from({ length: 60 }, () =>
          t.http
            .post(`/v1/campaigns/${c.id}/treasury/transfers`)
            .set(c.auth)
            .send({ from: hero.id, to: 'treasury', amount: 1 }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(30);
      expect(statuses.filter((s) => s === 422)).toHaveLength(30);
      const treasury = (await t.http.get(`/v1/campaigns/${c.id}/treasury`).set(c.auth)).body.cash;
      const cash = (await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(c.auth)).body.cash;
      expect({ treasury, cash }).toEqual({ treasury: 30, cash: 0 });
      const ledger = await t.http.get(`/v1/campaigns/${c.id}/treasury/ledger?limit=100`).set(c.auth);
      expect(ledger.body.items.reduce((sum: number, e: { cashDelta: number }) => sum + e.cashDelta, 0)).toBe(
        30,
      );
    });

    it('has GraphQL twins for transfers, adjustments and the ledger', async () => {
      const { c, hero, player } = await table(5);
      const moved = await gql(
        t.server,
        'mutation($c: ID!, $i: TreasuryTransferInput!) { treasuryTransfer(campaignId: $c, input: $i) { treasury { cash } characters { cash } } }',
        { c: c.id, i: { from: hero.id, to: 'treasury', amount: 2 } },
        player.auth,
      );
      expect(moved.errors).toBeUndefined();
      expect(moved.data?.treasuryTransfer).toEqual({ treasury: { cash: 2 }, characters: [{ cash: 3 }] });
      const adjusted = await gql(
        t.server,
        'mutation($c: ID!) { treasuryAdjustment(campaignId: $c, input: { delta: 1, reason: "tithe" }) { treasury { cash } } }',
        { c: c.id },
        player.auth,
      );
      expect(codes(adjusted)).toEqual(['FORBIDDEN']);
      const ledger = await gql(
        t.server,
        'query($c: ID!) { treasuryLedger(campaignId: $c) { items { cashDelta } next } treasury(campaignId: $c) { cash } }',
        { c: c.id },
        player.auth,
      );
      expect(ledger.data).toEqual({
        treasuryLedger: { items: [{ cashDelta: 2 }], next: null },
        treasury: { cash: 2 },
      });
    });
  });

  describe('downtime actions', () => {
    it('spends one action a session per character and shows downtimeAvailable', async () => {
      const { c, hero, player } = await table();
      const spend = `/v1/campaigns/${c.id}/characters/${hero.id}/downtime`;
      expectProblem(
        await t.http.post(spend).set(player.auth).send({ activity: 'carousing' }),
        409,
        'NO_SESSION_IN_PROGRESS',
      );
      await startSession(t.server, c);
      const character = () => t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(player.auth);
      expect((await character()).body.downtimeAvailable).toBe(true);
      const done = await t.http.post(spend).set(player.auth).send({ activity: 'carousing' }).expect(201);
      expect(done.body).toMatchObject({ characterId: hero.id, activity: 'carousing', rollId: null });
      expect((await character()).body.downtimeAvailable).toBe(false);
      expectProblem(
        await t.http.post(spend).set(c.auth).send({ activity: 'training' }),
        409,
        'DOWNTIME_ALREADY_USED',
      );
      expectProblem(
        await t.http.post(spend).set(c.auth).send({ activity: '' }),
        400,
        'VALIDATION_FAILED',
        'activity',
      );
      // One a week too (J5, issue 43): a new session on the same day of the clock gives none.
      await startSession(t.server, c);
      expect((await character()).body.downtimeAvailable).toBe(false);
      await t.http.post(`/v1/campaigns/${c.id}/clock/advance`).set(c.auth).send({ days: 7 }).expect(200);
      expect((await character()).body.downtimeAvailable).toBe(true);
    });

    it('lets exactly one of two concurrent claims win', async () => {
      const { c, hero } = await table();
      await startSession(t.server, c);
      const spend = `/v1/campaigns/${c.id}/characters/${hero.id}/downtime`;
      const [a, b] = await Promise.all([
        t.http.post(spend).set(c.auth).send({ activity: 'training' }),
        t.http.post(spend).set(c.auth).send({ activity: 'research' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const loser = a.status === 409 ? a : b;
      expectProblem(loser, 409, 'DOWNTIME_ALREADY_USED');
    });

    it('refuses characters off the roster, and has a GraphQL twin', async () => {
      const { c, hero, other, player } = await table();
      await startSession(t.server, c);
      await t.http
        .put(`/v1/campaigns/${c.id}/sessions/current/roster`)
        .set(c.auth)
        .send({ characterIds: [other.id] })
        .expect(200);
      const refused = await gql(
        t.server,
        'mutation($c: ID!, $h: ID!) { spendDowntime(campaignId: $c, characterId: $h, input: { activity: "fishing" }) { id } }',
        { c: c.id, h: hero.id },
        player.auth,
      );
      expect(codes(refused)).toEqual(['NOT_ON_ROSTER']);
      const ok = await gql(
        t.server,
        'mutation($c: ID!, $h: ID!) { spendDowntime(campaignId: $c, characterId: $h, input: { activity: "fishing" }) { activity } }',
        { c: c.id, h: other.id },
        c.auth,
      );
      expect(ok.data?.spendDowntime).toEqual({ activity: 'fishing' });
    });

    it('shows downtimeAvailable false for a character the roster leaves out (REST and GraphQL)', async () => {
      const { c, hero, other, player } = await table();
      await startSession(t.server, c);
      const roster = `/v1/campaigns/${c.id}/sessions/current/roster`;
      await t.http
        .put(roster)
        .set(c.auth)
        .send({ characterIds: [other.id] })
        .expect(200);
      const rest = async (id: string) =>
        (await t.http.get(`/v1/campaigns/${c.id}/characters/${id}`).set(player.auth).expect(200)).body
          .downtimeAvailable;
      const LIST =
        'query($c: ID!) { campaign(campaignId: $c) { characters { items { name downtimeAvailable } } } }';
      const graph = async () =>
        (await gql(t.server, LIST, { c: c.id }, player.auth)).data?.campaign.characters.items;
      expect(await rest(hero.id)).toBe(false);
      expect(await rest(other.id)).toBe(true);
      expect(await graph()).toEqual([
        { name: 'Hero', downtimeAvailable: false },
        { name: 'Other', downtimeAvailable: true },
      ]);
      const list = await t.http.get(`/v1/campaigns/${c.id}/characters`).set(player.auth).expect(200);
      expect(list.body.items.map((x: { downtimeAvailable: boolean }) => x.downtimeAvailable)).toEqual([
        false,
        true,
      ]);
      // The player puts its character on the roster: available again, and the claim agrees.
      await t.http.post(roster).set(player.auth).send({ characterId: hero.id }).expect(200);
      expect(await rest(hero.id)).toBe(true);
      await t.http
        .post(`/v1/campaigns/${c.id}/characters/${hero.id}/downtime`)
        .set(player.auth)
        .send({ activity: 'fishing' })
        .expect(201);
      expect(await rest(hero.id)).toBe(false);
      // An empty roster means no roster: everyone who has not acted may.
      await t.http.put(roster).set(c.auth).send({ characterIds: [] }).expect(200);
      expect(await graph()).toEqual([
        { name: 'Hero', downtimeAvailable: false },
        { name: 'Other', downtimeAvailable: true },
      ]);
    });
  });

  describe('secret rolls', () => {
    // The receipt of a sealed roll signs only { campaignId, rollId, procedure, commitment, createdAt }.
    const STUB_KEYS = ['commitment', 'createdAt', 'id', 'procedure', 'receipt', 'sealed'];
    let c: CampaignFixture;
    let hero: { id: string };
    let player: Key;
    let viewer: Key;
    let secretId: string;
    let canary: string;
    let tableId: string;
    let shownNpcId: string;
    let secretAnswer: Record<string, unknown>;
    let walker: TestApp;

    beforeAll(async () => {
      // Generous GraphQL limits: the walk below selects every field of every query.
      walker = await startApp({ GRAPHQL_MAX_COST: '100000', GRAPHQL_MAX_DEPTH: '20' });
      c = await createCampaign(walker.server);
      hero = await createCharacter(walker.server, c, { name: 'Hero', wealth: 3, cash: 5 });
      player = await createKey(walker.server, c, { role: 'player', characterIds: [hero.id] });
      viewer = await createKey(walker.server, c, { role: 'viewer' });
      await startSession(walker.server, c);
      canary = `canary-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const made = await walker.http
        .post(`/v1/campaigns/${c.id}/checks/pool`)
        .set(c.auth)
        .send({ pool: 7, objective: 3, seed: canary, secret: true })
        .expect(201);
      secretId = made.body.rollId;
      secretAnswer = made.body;
      await walker.http
        .post(`/v1/campaigns/${c.id}/checks/save`)
        .set(c.auth)
        .send({ attribute: 9, seed: 'public' })
        .expect(201);
      // Referee-only encounter material carrying the canary: a table (the default for overland), a
      // recurring cast member and a sealed check drawn from the table. None may reach other keys.
      const table = await walker.http
        .post(`/v1/campaigns/${c.id}/tables`)
        .set(c.auth)
        .send({
          name: `Road ${canary}`,
          formula: '1d2',
          entries: [{ range: [1, 2], text: `Ambush ${canary}` }],
        })
        .expect(201);
      tableId = table.body.id;
      await walker.http
        .post(`/v1/campaigns/${c.id}/recurring`)
        .set(c.auth)
        .send({ name: `Rival ${canary}` })
        .expect(201);
      await walker.http
        .put(`/v1/campaigns/${c.id}/encounter-settings`)
        .set(c.auth)
        .send({ overland: tableId })
        .expect(200);
      await walker.http
        .post(`/v1/campaigns/${c.id}/encounter-checks`)
        .set(c.auth)
        .send({ scale: 'overland', seed: 'walker' })
        .expect(201);
      // NPCs: a referee-only one carrying the canary everywhere, and a shown one whose hidden numbers
      // (sheet, grade, notes) and sealed check carry it. Only the shown one's name and state may leak.
      const lurker = await walker.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({ name: `Lurker ${canary}`, kind: 'monster', visibleState: canary, grade: 'severe' })
        .expect(201);
      // Harm to the referee-only NPC: its logged roll (seeded with the canary) is sealed.
      await walker.http
        .post(`/v1/campaigns/${c.id}/npcs/${lurker.body.id}/damage`)
        .set(c.auth)
        .send({ system: 'coeac', amount: 3, source: `claws ${canary}`, seed: `${canary}-harm` })
        .expect(201);
      const shown = await walker.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({
          name: 'Masked stranger',
          kind: 'adversary',
          visibility: 'players',
          visibleState: 'watching',
          notes: `plots ${canary}`,
          sheets: { coeac: { pool: 4, maxHp: 6, class: `Assassin ${canary}`, skills: { [canary]: 3 } } },
        })
        .expect(201);
      shownNpcId = shown.body.id;
      // Harm to the shown NPC whose numbers are hidden: sealed too, numbers and all.
      await walker.http
        .post(`/v1/campaigns/${c.id}/npcs/${shownNpcId}/damage`)
        .set(c.auth)
        .send({ system: 'coeac', amount: 2, source: `dagger ${canary}`, seed: `${canary}-shown-harm` })
        .expect(201);
      await walker.http
        .post(`/v1/campaigns/${c.id}/npcs/${shownNpcId}/checks`)
        .set(c.auth)
        .send({ system: 'coeac', skill: canary, objective: 2, seed: `${canary}-npc` })
        .expect(201);
    });
    afterAll(() => walker.close());

    /** Every object in `value` that is the secret roll, wherever it sits. */
    function secretCopies(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
      if (Array.isArray(value)) value.forEach((v) => secretCopies(v, found));
      else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        if (record.id === secretId) found.push(record);
        Object.values(record).forEach((v) => secretCopies(v, found));
      }
      return found;
    }

    function expectSealed(body: unknown, where: string): number {
      const text = JSON.stringify(body);
      expect({ where, leaksSeed: text.includes(canary) }).toEqual({ where, leaksSeed: false });
      const copies = secretCopies(body);
      for (const copy of copies) {
        const shown = Object.keys(copy).filter((k) => copy[k] !== null || STUB_KEYS.includes(k));
        expect({ where, keys: shown.sort() }).toEqual({ where, keys: STUB_KEYS });
        expect(copy.sealed).toBe(true);
      }
      return copies.length;
    }

    it('refuses secret from a player key and on stateless checks', async () => {
      expectProblem(
        await walker.http
          .post(`/v1/campaigns/${c.id}/checks/pool`)
          .set(player.auth)
          .send({ pool: 2, objective: 1, secret: true }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await walker.http.post('/v1/checks/pool').send({ pool: 2, objective: 1, secret: true }),
        400,
        'VALIDATION_FAILED',
        'secret',
      );
    });

    it('shows the referee everything, with secret true and sealed false', async () => {
      const res = await walker.http.get(`/v1/campaigns/${c.id}/rolls/${secretId}`).set(c.auth).expect(200);
      expect(res.body).toMatchObject({ id: secretId, secret: true, sealed: false, seed: canary });
      expect(res.body.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(res.body.salt).toMatch(/^[0-9a-f]{32}$/);
    });

    it('never shows a player or viewer key more than the stub on any REST GET of the campaign', async () => {
      const doc = (await walker.http.get('/openapi.json').expect(200)).body as {
        paths: Record<string, Record<string, unknown>>;
      };
      const ids: Record<string, string> = {
        campaignId: c.id,
        characterId: hero.id,
        rollId: secretId,
        tableId,
        npcId: shownNpcId,
        system: 'coeac',
      };
      // Event streams never end; the feed's own e2e test checks that they seal secret rolls.
      const streams = (p: string) => JSON.stringify(doc.paths[p].get).includes('text/event-stream');
      const paths = Object.keys(doc.paths).filter(
        (p) => p.startsWith('/v1/campaigns/{campaignId}') && doc.paths[p].get && !streams(p),
      );
      expect(paths.length).toBeGreaterThan(10);
      let seen = 0;
      for (const key of [player, viewer]) {
        for (const template of paths) {
          const path = template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? 'unknown-id');
          // Only lists read `limit`; any other operation refuses a query parameter it does not read.
          const paged = JSON.stringify(doc.paths[template].get).includes('"name":"limit"');
          const res = await walker.http.get(paged ? `${path}?limit=100` : path).set(key.auth);
          expect(res.status).toBeLessThan(500);
          seen += expectSealed(res.body, `GET ${template}`);
        }
      }
      // The log, the single read (twice each: player and viewer) at least.
      expect(seen).toBeGreaterThanOrEqual(4);
      const replay = await walker.http.get(`/v1/campaigns/${c.id}/rolls/${secretId}/replay`).set(viewer.auth);
      expectProblem(replay, 403, 'FORBIDDEN');
      expectSealed(replay.body, 'replay');
    });

    it('never shows a player or viewer key more than the stub through any GraphQL query', async () => {
      interface TypeRef {
        kind: string;
        name: string | null;
        ofType: TypeRef | null;
      }
      interface FieldDef {
        name: string;
        args: { name: string; type: TypeRef }[];
        type: TypeRef;
      }
      const intro = await gql(
        walker.server,
        `{ __schema { queryType { name } types { name kind fields { name args { name type { ...T } } type { ...T } } } } }
         fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }`,
      );
      const types = new Map<string, FieldDef[]>(
        (intro.data!.__schema.types as { name: string; fields: FieldDef[] | null }[]).map((ty) => [
          ty.name,
          ty.fields ?? [],
        ]),
      );
      const named = (ref: TypeRef): TypeRef => (ref.ofType ? named(ref.ofType) : ref);
      const required = (ref: TypeRef) => ref.kind === 'NON_NULL';
      const values: Record<string, string> = {
        campaignId: c.id,
        characterId: hero.id,
        rollId: secretId,
        tableId,
        npcId: shownNpcId,
      };
      const argsOf = (field: FieldDef): string | null => {
        const parts: string[] = [];
        for (const arg of field.args) {
          // The roll log's optional filters (characterId …) would narrow the log to fewer rolls than
          // the walk wants to see; they have their own secrecy test (roll-log-scale.e2e-spec.ts).
          if (named(field.type).name === 'RollPage' && !required(arg.type)) continue;
          if (values[arg.name]) parts.push(`${arg.name}: ${JSON.stringify(values[arg.name])}`);
          else if (required(arg.type)) {
            if (named(arg.type).name === 'ID' || named(arg.type).name === 'String')
              parts.push(`${arg.name}: "x"`);
            else return null;
          }
        }
        return parts.length ? `(${parts.join(', ')})` : '';
      };
      const selection = (typeName: string, depth: number): string => {
        const fields = types.get(typeName) ?? [];
        const parts: string[] = [];
        for (const field of fields) {
          const args = argsOf(field);
          if (args === null) continue;
          const inner = named(field.type);
          if (inner.kind === 'OBJECT') {
            if (depth >= 4) continue;
            const sub = selection(inner.name!, depth + 1);
            if (sub) parts.push(`${field.name}${args} { ${sub} }`);
          } else parts.push(`${field.name}${args}`);
        }
        return parts.join(' ');
      };
      const roots = (types.get('Query') ?? []).filter((f) => f.args.some((a) => a.name === 'campaignId'));
      expect(roots.length).toBeGreaterThan(5);
      let seen = 0;
      for (const key of [player, viewer]) {
        for (const root of roots) {
          const args = argsOf(root);
          if (args === null) continue;
          const inner = named(root.type);
          const query =
            inner.kind === 'OBJECT'
              ? `{ ${root.name}${args} { ${selection(inner.name!, 1)} } }`
              : `{ ${root.name}${args} }`;
          const answer = await gql(walker.server, query, {}, key.auth);
          expect({ root: root.name, status: answer.status < 500 }).toEqual({ root: root.name, status: true });
          seen += expectSealed(answer.data, `query ${root.name}`);
        }
      }
      expect(seen).toBeGreaterThanOrEqual(4);
    });

    it('reveals the roll to every key, and the commitment recomputes from what is shown', async () => {
      const sealed = await walker.http
        .get(`/v1/campaigns/${c.id}/rolls/${secretId}`)
        .set(viewer.auth)
        .expect(200);
      expectProblem(
        await walker.http.post(`/v1/campaigns/${c.id}/rolls/${secretId}/reveal`).set(player.auth),
        403,
        'FORBIDDEN',
      );
      const revealed = await walker.http
        .post(`/v1/campaigns/${c.id}/rolls/${secretId}/reveal`)
        .set(c.auth)
        .set('Idempotency-Key', `reveal-${secretId}`)
        .expect(200);
      expect(revealed.body.revealedAt).toEqual(expect.any(String));
      const shown = await walker.http
        .get(`/v1/campaigns/${c.id}/rolls/${secretId}`)
        .set(viewer.auth)
        .expect(200);
      expect(shown.body).toMatchObject({
        id: secretId,
        sealed: false,
        secret: true,
        seed: canary,
        faces: secretAnswer.faces,
        commitment: sealed.body.commitment,
        revealedAt: revealed.body.revealedAt,
      });
      const { procedure, inputs, seed, rng, faces, outcome, salt } = shown.body;
      const recomputed = createHash('sha256')
        .update(`${salt}.${canonicalize({ procedure, inputs, seed, rng, faces, outcome })}`, 'utf8')
        .digest('hex');
      expect(recomputed).toBe(sealed.body.commitment);
      // A changed outcome would not match.
      const forged = createHash('sha256')
        .update(
          `${salt}.${canonicalize({ procedure, inputs, seed, rng, faces, outcome: { ...outcome, passed: !outcome.passed } })}`,
        )
        .digest('hex');
      expect(forged).not.toBe(sealed.body.commitment);
      const replay = await walker.http
        .get(`/v1/campaigns/${c.id}/rolls/${secretId}/replay`)
        .set(viewer.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      const viaGql = await gql(
        walker.server,
        'mutation($c: ID!, $r: ID!) { revealRoll(campaignId: $c, rollId: $r) { sealed seed revealedAt } }',
        { c: c.id, r: secretId },
        c.auth,
      );
      expect(viaGql.data?.revealRoll).toEqual({
        sealed: false,
        seed: canary,
        revealedAt: revealed.body.revealedAt,
      });
    });
  });
});
