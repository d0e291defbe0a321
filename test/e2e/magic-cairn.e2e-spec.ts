import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, createKey } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { cairnCast } from '../../src/core/magic/cairn';
import { createRng, Dice } from '../../src/core/random';

const CAIRN = { str: { max: 10 }, dex: { max: 12 }, wil: { max: 8 }, maxHp: 4 };

/** The first seed `prefix-N` whose cast has `wanted` (the core decides; the API must agree). */
function seedWhere(
  input: Record<string, unknown>,
  wanted: (o: ReturnType<typeof cairnCast>) => boolean,
  prefix: string,
) {
  for (let i = 0; i < 500; i++) {
    const seed = `${prefix}-${i}`;
    if (wanted(cairnCast(input as never, new Dice(createRng(seed))))) return seed;
  }
  throw new Error('no seed found');
}

describe(`Cairn magic: spells, casts, Fatigue, relics (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  describe('stateless', () => {
    it('lists the 100 spells and finds one by number, id or name, over REST and GraphQL', async () => {
      const all = (await t.http.get('/v1/magic/cairn/spells?limit=100').expect(200)).body;
      expect(all.count).toBe(100);
      expect(all.next).toBeNull();
      expect(all.items[44]).toMatchObject({ number: 45, id: 'knock', name: 'Knock' });
      // Paged as every list: 25 by default, `next` to the following page, which starts where it stopped.
      const first = (await t.http.get('/v1/magic/cairn/spells').expect(200)).body;
      expect(first.items.map((s: { number: number }) => s.number)).toEqual(
        all.items.slice(0, 25).map((s: { number: number }) => s.number),
      );
      expect(typeof first.next).toBe('string');
      const second = (
        await t.http.get('/v1/magic/cairn/spells').query({ limit: 30, after: first.next }).expect(200)
      ).body;
      expect(second.items.map((s: { number: number }) => s.number)).toEqual(
        all.items.slice(25, 55).map((s: { number: number }) => s.number),
      );
      const last = (
        await t.http.get('/v1/magic/cairn/spells').query({ limit: 100, after: second.next }).expect(200)
      ).body;
      expect(last.items).toHaveLength(45);
      expect(last.next).toBeNull();
      expectProblem(await t.http.get('/v1/magic/cairn/spells?limit=101'), 400, 'VALIDATION_FAILED', 'limit');
      expectProblem(
        await t.http.get('/v1/magic/cairn/spells?after=bm90LWEtY3Vyc29y'),
        400,
        'VALIDATION_FAILED',
        'after',
      );
      const found = (await t.http.get('/v1/magic/cairn/spells?q=illusion').expect(200)).body;
      expect(found.items.map((s: { number: number }) => s.number)).toEqual(
        expect.arrayContaining([8, 80, 95]),
      );
      expect((await t.http.get('/v1/magic/cairn/spells/20').expect(200)).body).toMatchObject({
        name: 'Cure Wounds',
        dice: '1d4',
      });
      expect((await t.http.get('/v1/magic/cairn/spells/push-pull').expect(200)).body.number).toBe(63);
      expectProblem(await t.http.get('/v1/magic/cairn/spells/fireball'), 404, 'NOT_FOUND');
      const g = await gql(
        t.server,
        `{ cairnSpellCatalogue(limit: 100) { count items { number name effect } next } cairnSpell(spell: "Knock") { number effect } }`,
      );
      expect(g.errors).toBeUndefined();
      expect(g.data!.cairnSpellCatalogue.count).toBe(100);
      expect(g.data!.cairnSpellCatalogue.items).toEqual(
        all.items.map(({ number, name, effect }: never) => ({ number, name, effect })),
      );
      expect(g.data!.cairnSpell).toEqual({ number: 45, effect: all.items[44].effect });
    });

    it('casts with the same answer over REST and GraphQL for the same seed', async () => {
      const body = {
        from: 'spellbook',
        spell: 'Knock',
        deprived: true,
        wil: 10,
        freeSlots: 1,
        failure: { damage: 'd6' },
        hp: 3,
        str: 10,
        seed: 'cairn-1',
      };
      const rest = (await t.http.post('/v1/magic/cairn/casts').send(body).expect(200)).body;
      expect(rest).toMatchObject({
        riskySave: { roll: 17, passed: false, odds: { pass: 0.5, fail: 0.5 } },
        failure: { fatigue: 1, damage: 4 },
        fatigue: { total: 2, drops: 1 },
        harm: { hp: 0, str: 9, criticalSave: { roll: 9, passed: true } },
        odds: { savePasses: 0.5, failure: 0.5, drop: 0.5, expectedFatigue: 1.5 },
        faces: [17, 4, 9],
        seed: 'cairn-1',
      });
      const g = await gql(
        t.server,
        `mutation($input: CairnCastInput!) { cairnCast(input: $input) {
          faces riskySave { roll passed odds } failure { fatigue damage } fatigue { total drops }
          harm { hp str } odds { savePasses failure drop expectedFatigue } spell { name } } }`,
        { input: { ...body, from: 'spellbook', failure: { damage: 'd6' } } },
      );
      expect(g.errors).toBeUndefined();
      expect(g.data!.cairnCast).toEqual({
        faces: rest.faces,
        riskySave: { roll: 17, passed: false, odds: { pass: 0.5, fail: 0.5 } },
        failure: { fatigue: 1, damage: 4 },
        fatigue: { total: 2, drops: 1 },
        harm: { hp: 0, str: 9 },
        odds: rest.odds,
        spell: { name: 'Knock' },
      });
    });

    it('refuses bad input naming the field, over REST and GraphQL', async () => {
      expectProblem(
        await t.http.post('/v1/magic/cairn/casts').send({ from: 'wand' }),
        400,
        'VALIDATION_FAILED',
        'from',
      );
      expectProblem(
        await t.http.post('/v1/magic/cairn/casts').send({ from: 'spellbook', danger: true }),
        400,
        'VALIDATION_FAILED',
        'wil',
      );
      expectProblem(
        await t.http.post('/v1/magic/cairn/casts').send({ from: 'relic', charges: 0 }),
        400,
        'VALIDATION_FAILED',
        'charges',
      );
      const g = await gql(
        t.server,
        `mutation { cairnCast(input: { from: scroll, spell: "Nope" }) { faces } }`,
      );
      expect(codes(g)).toEqual(['VALIDATION_FAILED']);
    });
  });

  describe('in a campaign', () => {
    async function table(slots = 3) {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Wren' });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
      await t.http
        .patch(`/v1/campaigns/${c.id}/inventory-settings`)
        .set(c.auth)
        .send({ inventorySlots: slots })
        .expect(200);
      await t.http
        .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/cairn`)
        .set(c.auth)
        .send({ sheet: CAIRN })
        .expect(200);
      return { c, hero, player };
    }
    const base = (c: CampaignFixture, id: string) => `/v1/campaigns/${c.id}/characters/${id}`;
    const addItem = (c: CampaignFixture, id: string, body: object, auth = c.auth) =>
      t.http
        .post(`${base(c, id)}/magic/cairn/items`)
        .set(auth)
        .send(body);
    const inventory = async (c: CampaignFixture, id: string) =>
      (
        await t.http
          .get(`${base(c, id)}/inventory`)
          .set(c.auth)
          .expect(200)
      ).body;

    it('a cast fills the last slot with Fatigue, the next forces a drop, and a retry changes nothing', async () => {
      const { c, hero, player } = await table(3);
      const book = (await addItem(c, hero.id, { kind: 'spellbook', spell: 'Knock' }, player.auth).expect(201))
        .body;
      expect(book).toMatchObject({
        kind: 'spellbook',
        name: 'Spellbook of Knock',
        slots: 1,
        spell: { number: 45 },
      });
      const rope = (
        await t.http
          .post(`${base(c, hero.id)}/inventory`)
          .set(c.auth)
          .send({ name: 'Rope', kind: 'gear' })
          .expect(201)
      ).body;
      // One slot left.
      const first = await t.http
        .post(`${base(c, hero.id)}/magic/cairn/casts`)
        .set(player.auth)
        .set('Idempotency-Key', 'knock-1')
        .send({ itemId: book.itemId, seed: 'a' })
        .expect(201);
      expect(first.body).toMatchObject({
        from: 'spellbook',
        riskySave: null,
        fatigue: { total: 1, freeSlots: 1, drops: 0, freeSlotsAfter: 0 },
        dropped: [],
        removed: [],
        item: { itemId: book.itemId },
      });
      expect(first.body.fatigueItems).toHaveLength(1);
      // The Fatigue as the engine tells it (issue 39, 42), on the answer and on the cast's roll (the feed).
      expect(first.body.events).toEqual([
        {
          type: 'field-changed',
          text: 'Wren gains 1 Fatigue from casting Knock.',
          ownerId: hero.id,
          ownerName: 'Wren',
          path: 'fatigue',
          before: null,
          after: null,
          delta: 1,
        },
      ]);
      const logged = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${first.body.rollId}`)
        .set(player.auth)
        .expect(200);
      expect(logged.body.events).toEqual(first.body.events);
      const retry = await t.http
        .post(`${base(c, hero.id)}/magic/cairn/casts`)
        .set(player.auth)
        .set('Idempotency-Key', 'knock-1')
        .send({ itemId: book.itemId, seed: 'a' })
        .expect(201);
      expect(retry.body).toEqual(first.body);
      let inv = await inventory(c, hero.id);
      expect({
        free: inv.free,
        fatigue: inv.items.filter((i: { name: string }) => i.name === 'Fatigue').length,
      }).toEqual({
        free: 0,
        fatigue: 1,
      });

      // No room: refused before any dice, naming drop; nothing changes.
      const refused = await t.http
        .post(`${base(c, hero.id)}/magic/cairn/casts`)
        .set(player.auth)
        .send({ itemId: book.itemId });
      expectProblem(refused, 409, 'INVENTORY_FULL', 'drop');
      expect((await inventory(c, hero.id)).items).toHaveLength(3);
      const fatigueId = first.body.fatigueItems[0].id;
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/magic/cairn/casts`)
          .set(player.auth)
          .send({ itemId: book.itemId, drop: [fatigueId] }),
        400,
        'VALIDATION_FAILED',
        'drop[0]',
      );
      const second = (
        await t.http
          .post(`${base(c, hero.id)}/magic/cairn/casts`)
          .set(player.auth)
          .send({ itemId: book.itemId, drop: [rope.id] })
          .expect(201)
      ).body;
      expect(second).toMatchObject({ dropped: [rope.id], fatigue: { total: 1, drops: 1 } });
      inv = await inventory(c, hero.id);
      expect(inv.items.map((i: { name: string }) => i.name).sort()).toEqual([
        'Fatigue',
        'Fatigue',
        'Spellbook of Knock',
      ]);

      const state = (
        await t.http
          .get(`${base(c, hero.id)}/magic/cairn`)
          .set(player.auth)
          .expect(200)
      ).body;
      expect(state).toMatchObject({ fatigue: 2, freeSlots: 0, items: [{ kind: 'spellbook' }] });

      // Two casts, two logged rolls (the retry logged none).
      const rolls = (await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200)).body.items;
      // A stored caster's cast logs magic.cairn-cast.v2 (its harm inside, issue 39).
      const casts = rolls.filter((r: { procedure: string }) => r.procedure === 'magic.cairn-cast.v2');
      expect(casts).toHaveLength(2);
      expect(casts.map((r: { id: string }) => r.id)).toEqual(
        expect.arrayContaining([first.body.rollId, second.rollId]),
      );
    });

    it('a scroll is used up; a relic spends charges, runs out, and the referee recharges it', async () => {
      const { c, hero, player } = await table(10);
      const scroll = (await addItem(c, hero.id, { kind: 'scroll', spell: '74' }).expect(201)).body;
      expect(scroll).toMatchObject({ slots: 0, spell: { name: 'Sleep' } });
      const read = (
        await t.http
          .post(`${base(c, hero.id)}/magic/cairn/casts`)
          .set(player.auth)
          .send({ itemId: scroll.itemId })
          .expect(201)
      ).body;
      expect(read).toMatchObject({
        consumed: true,
        removed: [scroll.itemId],
        item: null,
        fatigue: { total: 0 },
      });
      expect((await inventory(c, hero.id)).items).toHaveLength(0);

      const relic = (
        await addItem(c, hero.id, {
          kind: 'relic',
          power: 'Calls a gust of wind',
          maxCharges: 2,
          charges: 1,
          recharge: 'a night on a hilltop',
        }).expect(201)
      ).body;
      const used = (
        await t.http
          .post(`${base(c, hero.id)}/magic/cairn/casts`)
          .set(player.auth)
          .send({ itemId: relic.itemId })
          .expect(201)
      ).body;
      expect(used).toMatchObject({
        relic: { before: 1, after: 0, max: 2, exhausted: true },
        item: { charges: 0 },
      });
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/magic/cairn/casts`)
          .set(player.auth)
          .send({ itemId: relic.itemId }),
        409,
        'CONFLICT',
        'itemId',
      );
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/magic/cairn/items/${relic.itemId}/recharges`)
          .set(player.auth)
          .send({}),
        403,
        'FORBIDDEN',
      );
      const g = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $i: ID!) { cairnRelicRecharge(campaignId: $c, characterId: $h, itemId: $i, input: {}) { charges maxCharges recharge } }`,
        { c: c.id, h: hero.id, i: relic.itemId },
        c.auth,
      );
      expect(g.errors).toBeUndefined();
      expect(g.data!.cairnRelicRecharge).toEqual({
        charges: 2,
        maxCharges: 2,
        recharge: 'a night on a hilltop',
      });
      // Every change of the relic's charges is a condition-ledger entry of its holder: brought in at 1,
      // spent by the cast (its roll), recharged by the referee; the deltas add up to what it holds.
      const field = `items.${relic.itemId}.charges`;
      const ledger = (
        await t.http
          .get(`${base(c, hero.id)}/conditions?limit=100`)
          .set(player.auth)
          .expect(200)
      ).body.items.filter((e: { field: string }) => e.field === field);
      expect(
        ledger.map((e: Record<string, unknown>) => [e.delta, e.valueAfter, e.cause, e.procedure, e.rollId]),
      ).toEqual([
        [1, 1, 'procedure', 'magic.cairn-item', null],
        [-1, 0, 'roll', 'magic.cairn-cast.v2', used.rollId],
        [2, 2, 'procedure', 'magic.cairn-relic-recharge', null],
      ]);
      const q = await gql(
        t.server,
        `query($c: ID!, $h: ID!) { characterConditions(campaignId: $c, characterId: $h, limit: 100) { items { field delta valueAfter procedure } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(q.errors).toBeUndefined();
      const charges = q.data!.characterConditions.items.filter((e: { field: string }) => e.field === field);
      expect(charges.map((e: { delta: number }) => e.delta)).toEqual([1, -1, 2]);
      expect(charges.reduce((sum: number, e: { delta: number }) => sum + e.delta, 0)).toBe(2);
      // A retry of nothing: a recharge of a full relic writes no entry.
      await t.http
        .post(`${base(c, hero.id)}/magic/cairn/items/${relic.itemId}/recharges`)
        .set(c.auth)
        .send({})
        .expect(200);
      const after = (
        await t.http
          .get(`${base(c, hero.id)}/conditions?limit=100`)
          .set(c.auth)
          .expect(200)
      ).body.items.filter((e: { field: string }) => e.field === field);
      expect(after).toHaveLength(3);
    });

    it('a Deprived caster’s failed save hands its damage to the harm transition (GraphQL)', async () => {
      const { c, hero, player } = await table(10);
      await t.http
        .put(`${base(c, hero.id)}/sheets/cairn`)
        .set(c.auth)
        .send({ sheet: { ...CAIRN, deprived: true } })
        .expect(200);
      const book = (await addItem(c, hero.id, { kind: 'spellbook', spell: 'Gate' }).expect(201)).body;
      const failure = { damage: 'd6', fatigue: 1 };
      // The cast rolls only the damage die (no HP sent); 2 or 3 of 4 HP leaves the caster up, no scar.
      const castInput = {
        from: 'spellbook',
        spell: 33,
        deprived: true,
        wil: 8,
        freeSlots: 9,
        carrierSlots: 1,
        failure,
      };
      const seed = seedWhere(
        castInput,
        (o) => o.riskySave?.passed === false && [2, 3].includes(o.failure?.damage ?? 0),
        'gate',
      );
      const expected = cairnCast(castInput as never, new Dice(createRng(seed)));
      const g = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $input: CairnCampaignCastInput!) {
          characterCairnCast(campaignId: $c, characterId: $h, input: $input) {
            rollId riskySave { reason wil roll passed } failure { damage fatigue } fatigue { total }
            harm { hp str } fatigueItems { name } changes { field delta }
            harmRoll { rollId stateBefore state }
            events { type text ownerId path delta amount source looks } } }`,
        { c: c.id, h: hero.id, input: { itemId: book.itemId, failure, seed } },
        player.auth,
      );
      expect(g.errors).toBeUndefined();
      const cast = g.data!.characterCairnCast;
      expect(cast.riskySave).toEqual({
        reason: 'deprived',
        wil: 8,
        roll: expected.riskySave!.roll,
        passed: false,
      });
      const damage = expected.failure!.damage!;
      expect(cast.failure).toEqual({ damage, fatigue: 1 });
      expect(cast.fatigueItems).toEqual([{ name: 'Fatigue' }, { name: 'Fatigue' }]);
      expect(cast.harm).toEqual({ hp: 4 - damage, str: 10 });
      expect(cast.changes).toEqual(expect.arrayContaining([{ field: 'hp', delta: -damage }]));
      expect(cast.harmRoll).toMatchObject({ stateBefore: 'up', state: 'up' });
      // The engine's events: the Fatigue, then what the failure's damage did (issue 39, 42).
      expect(cast.events[0]).toEqual({
        type: 'field-changed',
        text: 'Wren gains 2 Fatigue from casting Gate.',
        ownerId: hero.id,
        path: 'fatigue',
        delta: 2,
        amount: null,
        source: null,
        looks: null,
      });
      expect(cast.events[1]).toMatchObject({
        type: 'damaged',
        text: `Wren takes ${damage} damage: HP 4 → ${4 - damage}.`,
        ownerId: hero.id,
        amount: damage,
        source: 'magic.cairn-cast',
        looks: 'badly wounded',
      });
      expect(cast.events[2]).toMatchObject({ type: 'field-changed', path: 'hp', delta: -damage });
      // One roll (issue 39): the cast's own carries the Fatigue and the harm's events, as answered.
      const strip = (e: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(e).filter(([k, v]) => v !== null && ['type', 'text', 'path', 'delta'].includes(k)),
        );
      const castRoll = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${cast.rollId}`).set(c.auth).expect(200)
      ).body;
      expect(cast.harmRoll.rollId).toBe(cast.rollId);
      expect(castRoll.procedure).toBe('magic.cairn-cast.v2');
      expect(castRoll.events.map(strip)).toEqual(cast.events.map(strip));
      // No second roll: the campaign's log holds the cast alone.
      const logged = (await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200)).body.items;
      expect(logged.map((r: { procedure: string }) => r.procedure)).not.toContain('harm.sheet-damage');
      const audit = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
      expect(audit.body).toMatchObject({ ok: true, rolls: { differing: [] }, sheets: { differing: [] } });
      for (const rollId of [cast.rollId]) {
        const replay = (
          await t.http.get(`/v1/campaigns/${c.id}/rolls/${rollId}/replay`).set(c.auth).expect(200)
        ).body;
        expect(replay.matches).toBe(true);
      }
      const sheet = (
        await t.http
          .get(`${base(c, hero.id)}/sheets/cairn`)
          .set(c.auth)
          .expect(200)
      ).body.sheet;
      expect({ hp: sheet.hp, str: sheet.str.current }).toEqual({ hp: 4 - damage, str: 10 });
      const ledger = (
        await t.http
          .get(`${base(c, hero.id)}/conditions`)
          .set(c.auth)
          .expect(200)
      ).body.items;
      // The HP lost is the transition's, taken in the cast's roll and written once by harm's writer.
      expect(
        ledger.filter(
          (e: { rollId: string | null; field: string }) => e.rollId === cast.rollId && e.field === 'hp',
        ),
      ).toMatchObject([
        { field: 'hp', delta: -damage, cause: 'procedure', procedure: 'magic.cairn-cast.v2' },
      ]);
    });

    it('guards: no sheet, wrong item, a player’s secret cast, another character', async () => {
      const { c, hero, player } = await table(10);
      const other = await createCharacter(t.server, c, { name: 'Other' });
      const book = (await addItem(c, other.id, { kind: 'spellbook', spell: '1' }).expect(201)).body;
      expectProblem(
        await t.http
          .post(`${base(c, other.id)}/magic/cairn/casts`)
          .set(c.auth)
          .send({ itemId: book.itemId }),
        422,
        'SHEET_MISSING',
      );
      expectProblem(
        await t.http
          .post(`${base(c, other.id)}/magic/cairn/casts`)
          .set(player.auth)
          .send({ itemId: book.itemId }),
        403,
        'FORBIDDEN',
      );
      const mine = (await addItem(c, hero.id, { kind: 'spellbook', spell: '1' }).expect(201)).body;
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/magic/cairn/casts`)
          .set(player.auth)
          .send({ itemId: mine.itemId, secret: true }),
        403,
        'FORBIDDEN',
      );
      const rope = (
        await t.http
          .post(`${base(c, hero.id)}/inventory`)
          .set(c.auth)
          .send({ name: 'Rope', kind: 'gear' })
          .expect(201)
      ).body;
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/magic/cairn/casts`)
          .set(player.auth)
          .send({ itemId: rope.id }),
        422,
        'UNPROCESSABLE',
        'itemId',
      );
      expectProblem(await addItem(c, hero.id, { kind: 'spellbook' }), 400, 'VALIDATION_FAILED', 'spell');
      expectProblem(
        await addItem(c, hero.id, { kind: 'scroll', spell: '2', maxCharges: 3 }),
        400,
        'VALIDATION_FAILED',
        'maxCharges',
      );
      // A secret cast by the referee is sealed for the player.
      const secret = (
        await t.http
          .post(`${base(c, hero.id)}/magic/cairn/casts`)
          .set(c.auth)
          .send({ itemId: mine.itemId, secret: true })
          .expect(201)
      ).body;
      const seen = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${secret.rollId}`).set(player.auth).expect(200)
      ).body;
      expect(seen.outcome ?? null).toBeNull();
    });
  });
});
