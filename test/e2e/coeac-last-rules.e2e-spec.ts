import { DATABASE_KIND, startApp, TestApp } from './harness';
import { sheetSelection } from './sheet-graphql';
import {
  CampaignFixture,
  createCampaign,
  createCharacter,
  sheetOf,
  startSession,
} from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/* The last COEAC rules of issue 43: catastrophes' own numbers (F5), … */

const SORCERER = {
  skills: { Ruin: 1, Produce: 0, 'Arcane Lore': 2 },
  saves: { Vigor: 2, Discipline: 1 },
  maxHp: 20,
  classResources: {
    Control: { max: 4 },
    Disintegrate: { max: 1 },
    'fog-cloud': { max: 1 },
  },
};
/** What the campaign route reads from SORCERER: 2 + rating for each pool. */
const SORCERER_POOLS = {
  disciplinePool: 3,
  vigorPool: 4,
  heldSpells: [
    { spell: 'disintegrate', pool: 3 },
    { spell: 'fog-cloud', pool: 2 },
  ],
};

describe(`COEAC, the last rules of issue 43 (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  async function sorcerer(c: CampaignFixture, name = 'Mirel', sheet: object = SORCERER) {
    const hero = await createCharacter(t.server, c, { name, wealth: 2, cash: 5 });
    await t.http
      .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/coeac`)
      .set(c.auth)
      .send({ sheet })
      .expect(200);
    return hero;
  }
  const url = (c: CampaignFixture, id: string, what: string) =>
    `/v1/campaigns/${c.id}/characters/${id}/${what}`;

  /** The first seed s0, s1, … whose stateless catastrophe (same pools) rolls `result`. */
  async function seedFor(result: number, body: object = SORCERER_POOLS): Promise<string> {
    for (let i = 0; i < 80; i++) {
      const res = await t.http
        .post('/v1/magic/coeac/catastrophes')
        .send({ ...body, seed: `s${i}` })
        .expect(200);
      if (res.body.catastrophe.roll === result) return `s${i}`;
    }
    throw new Error(`no seed rolls catastrophe ${result}`);
  }

  describe('F5: a catastrophe’s own numbers', () => {
    it('stateless (REST and GraphQL): result 3 rolls the Ob 4 Discipline save and the wave, result 2 the Vigor save', async () => {
      const seed = await seedFor(3);
      const res = await t.http
        .post('/v1/magic/coeac/catastrophes')
        .send({ ...SORCERER_POOLS, seed })
        .expect(200);
      const c = res.body.consequences;
      expect(c.waveSave.objective).toBe(4);
      expect(c.waveSave.dice).toBe(3);
      expect(c.waveDice).toBe(c.waveSave.passed ? 3 : 6);
      expect(c.waveFaces).toHaveLength(c.waveDice);
      expect(c.waveDamage).toBe(c.waveFaces.filter((f: number) => f >= 4).length);
      expect(c.vigorSave).toBeNull();
      const viaGql = await gql(
        t.server,
        `mutation($i: CoeacCatastropheInput!) { coeacCatastrophe(input: $i) { happened catastrophe { roll id } consequences { waveDice waveFaces waveDamage waveSave { faces passed } vigorSave { dice } } } }`,
        { i: { ...SORCERER_POOLS, seed } },
      );
      expect(viaGql.data?.coeacCatastrophe).toEqual({
        happened: true,
        catastrophe: { roll: 3, id: 'psychic-wave' },
        consequences: {
          waveDice: c.waveDice,
          waveFaces: c.waveFaces,
          waveDamage: c.waveDamage,
          waveSave: { faces: c.waveSave.faces, passed: c.waveSave.passed },
          vigorSave: null,
        },
      });
      const two = await t.http
        .post('/v1/magic/coeac/catastrophes')
        .send({ ...SORCERER_POOLS, seed: await seedFor(2) })
        .expect(200);
      expect(two.body.consequences.vigorSave).toEqual(expect.objectContaining({ dice: 4, objective: 4 }));
      expect(two.body.consequences.vomitingBlood).toBe(!two.body.consequences.vigorSave.passed);
      // Bad input names the field: an unknown held spell (422 from the core), a negative pool (400).
      expectProblem(
        await t.http.post('/v1/magic/coeac/catastrophes').send({ heldSpells: [{ spell: 'nope', pool: 2 }] }),
        422,
        'INVALID_INPUT',
        'heldSpells[0].spell',
      );
      expectProblem(
        await t.http.post('/v1/magic/coeac/catastrophes').send({ vigorPool: -1 }),
        400,
        'VALIDATION_FAILED',
        'vigorPool',
      );
      const bad = await gql(t.server, `mutation { coeacCatastrophe(input: { vigorPool: -1 }) { happened } }`);
      expect(codes(bad)).toContain('VALIDATION_FAILED');
    });

    it('campaign: the wave’s damage goes through the harm transition and the roll replays the stateless one', async () => {
      const c = await createCampaign(t.server);
      const hero = await sorcerer(c);
      const seed = await seedFor(3);
      const stateless = await t.http
        .post('/v1/magic/coeac/catastrophes')
        .send({ ...SORCERER_POOLS, seed })
        .expect(200);
      const res = await t.http
        .post(url(c, hero.id, 'coeac-catastrophes'))
        .set(c.auth)
        .set('Idempotency-Key', `cat-${hero.id}`)
        .send({ seed })
        .expect(201);
      expect(res.body.consequences).toEqual(stateless.body.consequences);
      const damage = res.body.consequences.waveDamage as number;
      const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
      expect(sheet.hp).toBe(20 - damage);
      if (damage > 0) expect(res.body.changes).toEqual([{ field: 'hp', delta: -damage, after: 20 - damage }]);
      // A retry with the key changes nothing twice.
      const again = await t.http
        .post(url(c, hero.id, 'coeac-catastrophes'))
        .set(c.auth)
        .set('Idempotency-Key', `cat-${hero.id}`)
        .send({ seed })
        .expect(201);
      expect(again.body).toEqual(res.body);
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).hp).toBe(20 - damage);
      const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
      const procs = log.body.items.map((r: { procedure: string }) => r.procedure);
      // One roll (issue 39): the wave's harm is taken inside magic.coeac.catastrophe.v3.
      expect(procs.filter((p: string) => p === 'magic.coeac.catastrophe.v3')).toHaveLength(1);
      expect(procs).toHaveLength(1);
      const audit = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
      expect(audit.body).toMatchObject({ ok: true });
    });

    it('campaign: result 5 casts another held spell by lot and makes it live; result 1 draws on the mutation table (GraphQL twin)', async () => {
      const c = await createCampaign(t.server);
      const hero = await sorcerer(c);
      // The spell being channeled (disintegrate) is left out of the lot: fog-cloud alone is held.
      const five = await seedFor(5, { ...SORCERER_POOLS, heldSpells: [SORCERER_POOLS.heldSpells[1]] });
      const res = await t.http
        .post(url(c, hero.id, 'coeac-catastrophes'))
        .set(c.auth)
        .send({ seed: five, spell: 'disintegrate' })
        .expect(201);
      expect(res.body.consequences.wildCast).toMatchObject({ spell: 'fog-cloud', lot: 1, of: 1 });
      expect(res.body.wildCastInstanceRollId).toBe(res.body.rollId);
      const live = await t.http
        .get(url(c, hero.id, 'coeac-spells'))
        .set(c.auth)
        .expect(200);
      expect(live.body.instances.map((i: { spellId: string }) => i.spellId)).toContain('fog-cloud');
      const table = await t.http
        .post(`/v1/campaigns/${c.id}/tables`)
        .set(c.auth)
        .send({
          name: 'Mutations',
          formula: '1d6',
          visibility: 'players',
          entries: [
            { range: [1, 3], text: 'Scales' },
            { range: [4, 6], text: 'A third eye' },
          ],
        })
        .expect(201);
      await t.http
        .put(`/v1/campaigns/${c.id}/magic-settings`)
        .set(c.auth)
        .send({ mutationTableId: table.body.id })
        .expect(200);
      const other = await sorcerer(c, 'Ysolde');
      const one = await seedFor(1);
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $ch: ID!, $s: String) { coeacCampaignCatastrophe(campaignId: $c, characterId: $ch, input: { seed: $s }) { catastrophe { roll } consequences { mutation } mutationRollId mutationDraw { tableId entry { text } } } }`,
        { c: c.id, ch: other.id, s: one },
        c.auth,
      );
      expect(viaGql.data?.coeacCampaignCatastrophe).toMatchObject({
        catastrophe: { roll: 1 },
        consequences: { mutation: true },
        mutationDraw: { tableId: table.body.id },
      });
      expect(viaGql.data?.coeacCampaignCatastrophe.mutationRollId).toEqual(expect.any(String));
      // An unknown spell is a 400 naming the field, and nothing is logged.
      expectProblem(
        await t.http
          .post(url(c, hero.id, 'coeac-catastrophes'))
          .set(c.auth)
          .send({ spell: 'nope' }),
        400,
        'VALIDATION_FAILED',
        'spell',
      );
    });
  });

  describe('I1: an NPC’s Role, the maker’s answer stored, out of action at 0', () => {
    it('the stateless maker’s answer stores as it is; the campaign route makes and stores it (REST and GraphQL)', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Brann', wealth: 2, cash: 5 });
      const made = await t.http
        .post('/v1/characters/coeac/hirelings')
        .send({ item: 'Porter', name: 'Bodo' })
        .expect(200);
      const stored = await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({ name: made.body.name, kind: made.body.kind, sheets: made.body.sheets })
        .expect(201);
      expect(stored.body.sheets.coeac).toMatchObject({ role: 'Porter', carrierSlots: 3, pool: 2, hp: 2 });
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/npcs/coeac`)
        .set(c.auth)
        .send({ hireling: { item: 'mercenary', role: 'Man at Arms' }, boundTo: hero.id })
        .expect(201);
      expect(res.body).toMatchObject({
        name: 'Man at Arms',
        kind: 'hireling',
        boundTo: hero.id,
        sheets: { coeac: { role: 'Man at Arms', pool: made.body.sheets.coeac.pool + 2, carrierSlots: 3 } },
      });
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!) { createCoeacNpc(campaignId: $c, input: { follower: { kind: animal, pool: 3, hp: 4, role: "Wolf", training: companion }, followerSource: feat }) { id kind training followerSource sheets { coeac ${sheetSelection('coeac')} } } }`,
        { c: c.id },
        c.auth,
      );
      expect(viaGql.data?.createCoeacNpc).toMatchObject({
        kind: 'animal',
        training: 'companion',
        followerSource: 'feat',
        sheets: { coeac: expect.objectContaining({ role: 'Wolf', pool: 3, hp: 4, maxHp: 4 }) },
      });
      // Bad input names the field and stores nothing.
      const before = await t.http.get(`/v1/campaigns/${c.id}/npcs`).set(c.auth).expect(200);
      expectProblem(
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs/coeac`)
          .set(c.auth)
          .send({ hireling: { item: 'Court Wizard' } }),
        400,
        'VALIDATION_FAILED',
        'hireling.item',
      );
      expectProblem(
        await t.http.post(`/v1/campaigns/${c.id}/npcs/coeac`).set(c.auth).send({}),
        400,
        'VALIDATION_FAILED',
        'hireling',
      );
      const after = await t.http.get(`/v1/campaigns/${c.id}/npcs`).set(c.auth).expect(200);
      expect(after.body.items).toHaveLength(before.body.items.length);
      const refused = await gql(
        t.server,
        `mutation($c: ID!) { createCoeacNpc(campaignId: $c, input: { hireling: { item: "Court Wizard" } }) { id } }`,
        { c: c.id },
        c.auth,
      );
      expect(codes(refused)).toContain('VALIDATION_FAILED');
    });

    it('an NPC brought to 0 HP is out of action with no Down and Out roll, and cannot act', async () => {
      const c = await createCampaign(t.server);
      const npc = await t.http
        .post(`/v1/campaigns/${c.id}/npcs/coeac`)
        .set(c.auth)
        .send({ hireling: { item: 'Porter' } })
        .expect(201);
      const hit = await t.http
        .post(`/v1/campaigns/${c.id}/npcs/${npc.body.id}/damage`)
        .set(c.auth)
        .send({ system: 'coeac', amount: 5, seed: 'x' })
        .expect(201);
      expect(hit.body.state).toBe('out');
      expect(JSON.stringify(hit.body)).toContain('out-of-action');
      expect(hit.body.detail?.downAndOut ?? null).toBeNull();
      const check = await t.http
        .post(`/v1/campaigns/${c.id}/npcs/${npc.body.id}/checks`)
        .set(c.auth)
        .send({ system: 'coeac', objective: 1 });
      expect(check.status).toBe(409);
    });
  });

  describe('F24: brain and rare organs in the campaign eating route', () => {
    it('a brain teaches one of the monster’s spells through the ledger; a hide adds Block 1 that the next blow uses (REST and GraphQL)', async () => {
      const c = await createCampaign(t.server);
      const hero = await sorcerer(c, 'Mirel', {
        ...SORCERER,
        armor: { kind: 'light' },
      });
      const brain = await t.http
        .post(url(c, hero.id, 'eating'))
        .set(c.auth)
        .send({ cut: 'brain', knownSpells: ['glyph'], seed: 'b' })
        .expect(201);
      expect(brain.body.entries).toEqual([
        expect.objectContaining({ field: 'classResources.Glyph.current', delta: 1 }),
      ]);
      let sheet = await sheetOf(t.server, c, hero.id, 'coeac');
      expect(sheet.classResources.Glyph).toEqual({ current: 1, max: 1 });
      // The learned spell can be cast.
      await t.http
        .post(url(c, hero.id, 'coeac-casts'))
        .set(c.auth)
        .send({ spell: 'glyph', seed: 'g' })
        .expect(201);

      const hide = await gql(
        t.server,
        `mutation($c: ID!, $ch: ID!) { eatMonsterPart(campaignId: $c, characterId: $ch, input: { cut: rare_organ, organ: hide, seed: "h" }) { cut steps { name } } }`,
        { c: c.id, ch: hero.id },
        c.auth,
      );
      expect(hide.errors).toBeUndefined();
      sheet = await sheetOf(t.server, c, hero.id, 'coeac');
      expect(sheet.organs).toEqual(['hide']);
      expect(sheet.armor.blockBonus).toBe(1);
      const hpBefore = sheet.hp as number;
      const blow = await t.http
        .post(url(c, hero.id, 'damage'))
        .set(c.auth)
        .send({ system: 'coeac', amount: 5, blockWith: 'armor', seed: 'd' })
        .expect(201);
      expect(blow.body.detail.coeacDamage.blocked).toBe(3);
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).hp).toBe(hpBefore - 2);
      // A hide named into a shield the character does not carry: 409 naming `into`, nothing written.
      expectProblem(
        await t.http
          .post(url(c, hero.id, 'eating'))
          .set(c.auth)
          .send({ cut: 'rare-organ', organ: 'hide', into: 'shield' }),
        409,
        'CONFLICT',
        'into',
      );
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).organs).toEqual(['hide']);
      // A brain with nothing to teach from: 400 naming the field.
      const bad = await t.http
        .post(url(c, hero.id, 'eating'))
        .set(c.auth)
        .send({ cut: 'brain' });
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect(bad.status).toBeLessThan(500);
      expect(bad.body.field ?? bad.body.errors?.[0]?.field ?? JSON.stringify(bad.body)).toContain(
        'knownSpells',
      );
    });
  });

  describe('F13, F16: Empower from an attuned implement; orbs of two referee-named families', () => {
    it('an orb Empowers a spell of its families once a day, only attuned and carried (REST and GraphQL)', async () => {
      const c = await createCampaign(t.server);
      const hero = await sorcerer(c);
      const orb = await t.http
        .post(url(c, hero.id, 'inventory'))
        .set(c.auth)
        .send({ name: 'Orb of Ruin', kind: 'artifact' })
        .expect(201);
      const other = await t.http
        .post(url(c, hero.id, 'inventory'))
        .set(c.auth)
        .send({ name: 'Orb of Mist', kind: 'artifact' })
        .expect(201);
      const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
      await t.http
        .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/coeac`)
        .set(c.auth)
        .send({
          sheet: {
            ...SORCERER,
            hp: sheet.hp,
            implements: [
              { itemId: orb.body.id, families: ['metacomposition', 'psychomancy'] },
              { itemId: other.body.id, families: ['naturecraft', 'psychomancy'] },
            ],
          },
        })
        .expect(200);
      // Not attuned yet: 409 naming `implement`, nothing spent.
      expectProblem(
        await t.http
          .post(url(c, hero.id, 'coeac-casts'))
          .set(c.auth)
          .send({ spell: 'disintegrate', implement: orb.body.id }),
        409,
        'CONFLICT',
        'implement',
      );
      await t.http
        .post(url(c, hero.id, 'attunements'))
        .set(c.auth)
        .send({ itemId: orb.body.id, method: 'ritual', discipline: 20, seed: 'a' })
        .expect(201)
        .expect((res) => expect(res.body.attuned).toBe(true));
      await t.http
        .post(url(c, hero.id, 'attunements'))
        .set(c.auth)
        .send({ itemId: other.body.id, method: 'ritual', discipline: 20, seed: 'a' })
        .expect(201);
      // A spell outside the orb's two families: 409.
      expectProblem(
        await t.http
          .post(url(c, hero.id, 'coeac-casts'))
          .set(c.auth)
          .send({ spell: 'disintegrate', implement: other.body.id }),
        409,
        'CONFLICT',
        'implement',
      );
      const cast = await gql(
        t.server,
        `mutation($c: ID!, $ch: ID!, $o: ID!) { coeacCast(campaignId: $c, characterId: $ch, input: { spell: "disintegrate", implement: $o, seed: "e" }) { channeling { dice diceFrom { source dice } } costs { implementEmpower empower } changes { field delta after } } }`,
        { c: c.id, ch: hero.id, o: orb.body.id },
        c.auth,
      );
      expect(cast.errors).toBeUndefined();
      expect(cast.data?.coeacCast.costs).toEqual({ implementEmpower: 2, empower: 0 });
      expect(cast.data?.coeacCast.channeling.dice).toBe(3 + 2);
      expect(cast.data?.coeacCast.changes).toContainEqual({
        field: `classResources.implement:${orb.body.id}.current`,
        delta: -1,
        after: 0,
      });
      // Once a day.
      expectProblem(
        await t.http
          .post(url(c, hero.id, 'coeac-casts'))
          .set(c.auth)
          .send({ spell: 'disintegrate', implement: orb.body.id }),
        409,
        'CONFLICT',
        'implement',
      );
      // An orb naming a family twice or an unknown one: 400 naming the field.
      const bad = await t.http
        .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/coeac`)
        .set(c.auth)
        .send({
          sheet: {
            ...SORCERER,
            implements: [{ itemId: orb.body.id, families: ['psychomancy', 'psychomancy'] }],
          },
        });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('implements[0].families');
    });
  });

  describe('J5: the haven rules (our reading)', () => {
    it('downtime, Income and purchases only at the haven scale; one downtime action a week of the clock (REST and GraphQL)', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Brann', wealth: 3, cash: 5 });
      const clock = `/v1/campaigns/${c.id}/clock`;
      const spend = url(c, hero.id, 'downtime');
      await startSession(t.server, c);
      await t.http.patch(clock).set(c.auth).send({ scale: 'overland' }).expect(200);
      expectProblem(await t.http.post(spend).set(c.auth).send({ activity: 'training' }), 409, 'NOT_IN_HAVEN');
      expectProblem(
        await t.http
          .post(url(c, hero.id, 'income'))
          .set(c.auth)
          .send({}),
        409,
        'NOT_IN_HAVEN',
      );
      expectProblem(
        await t.http
          .post(url(c, hero.id, 'purchases'))
          .set(c.auth)
          .send({ item: 'Rope', cost: 1, wager: 0 }),
        409,
        'NOT_IN_HAVEN',
      );
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $ch: ID!) { spendDowntime(campaignId: $c, characterId: $ch, input: { activity: "training" }) { id } }`,
        { c: c.id, ch: hero.id },
        c.auth,
      );
      expect(codes(viaGql)).toEqual(['NOT_IN_HAVEN']);
      const cash = (await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(c.auth)).body.cash;
      expect(cash).toBe(5);

      await t.http.patch(clock).set(c.auth).send({ scale: 'haven' }).expect(200);
      await t.http.post(spend).set(c.auth).send({ activity: 'training' }).expect(201);
      await t.http
        .post(url(c, hero.id, 'income'))
        .set(c.auth)
        .send({ seed: 'i' })
        .expect(201);
      // A new session in the same week: the week's action is spent.
      await t.http.post(`/v1/campaigns/${c.id}/sessions/current/end`).set(c.auth).expect(200);
      await startSession(t.server, c);
      await t.http
        .post(clock + '/advance')
        .set(c.auth)
        .send({ days: 6 })
        .expect(200);
      const again = await t.http.post(spend).set(c.auth).send({ activity: 'research' });
      expectProblem(again, 409, 'DOWNTIME_ALREADY_USED');
      expect(again.body.detail).toContain('day 8');
      // Day 8 opens a new week.
      await t.http
        .post(clock + '/advance')
        .set(c.auth)
        .send({ days: 1 })
        .expect(200);
      await t.http.post(spend).set(c.auth).send({ activity: 'research' }).expect(201);
    });
  });
});
