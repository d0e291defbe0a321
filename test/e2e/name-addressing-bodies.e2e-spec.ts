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

/*
 * Issue 42, bodies: where a request body (or a GraphQL input) takes a character's, an NPC's, a
 * combatant's or a referee table's id, its name will do, by the rules of the path parameters: exact,
 * any case; none is a 404 naming the field's path; several are a 409 listing them; an NPC hidden from
 * players is not found by a player's key.
 */
const CAIRN = { str: { max: 12 }, dex: { max: 10 }, wil: { max: 9 }, maxHp: 6, hp: 6 };

describe(`names in request bodies (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  async function table() {
    const c = await createCampaign(t.server);
    const ada = await createCharacter(t.server, c, { name: 'Ada Quill' });
    const bran = await createCharacter(t.server, c, { name: 'Bran' });
    for (const id of [ada.id, bran.id])
      await t.http
        .put(`/v1/campaigns/${c.id}/characters/${id}/sheets/cairn`)
        .set(c.auth)
        .send({ sheet: CAIRN })
        .expect(200);
    const npc = async (name: string, visibility: string) => {
      const row = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name, kind: 'monster', visibility, showNumbers: true })
          .expect(201)
      ).body as { id: string };
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${row.id}/sheets/cairn`)
        .set(c.auth)
        .send({ sheet: { ...CAIRN, maxHp: 40, hp: 40 } })
        .expect(200);
      return row;
    };
    const wolf = await npc('Wolf', 'players');
    const lurker = await npc('Lurker', 'referee');
    return { c, ada, bran, wolf, lurker };
  }
  const combats = (c: CampaignFixture, rest = '') => `/v1/campaigns/${c.id}/combats${rest}`;
  const ids = (body: { combatants: Array<{ id: string }> }) => body.combatants.map((x) => x.id);

  it('a combat begins with its combatants named, in any case, over REST and GraphQL', async () => {
    const { c, ada, bran, wolf, lurker } = await table();
    const rest = await t.http
      .post(combats(c))
      .set(c.auth)
      .send({
        system: 'cairn',
        combatants: [
          { characterId: 'ada quill', side: 'party' },
          { characterId: bran.id, side: 'party' },
          { npcId: 'WOLF', side: 'foes' },
          { npcId: 'Lurker', side: 'foes' },
        ],
      })
      .expect(201);
    expect(ids(rest.body)).toEqual([ada.id, bran.id, wolf.id, lurker.id]);
    await t.http
      .post(combats(c, `/${rest.body.id}/end`))
      .set(c.auth)
      .expect(200);
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!) { createCombat(campaignId: $c, input: { system: cairn,
        combatants: [{ characterId: "Ada Quill", side: "party" }, { npcId: "wolf", side: "foes" }] })
        { combatants { id } } }`,
      { c: c.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(ids(viaGql.data?.createCombat)).toEqual([ada.id, wolf.id]);
  });

  it('an unknown name is a 404 naming its path, several a 409 listing them; nothing is stored', async () => {
    const { c, wolf } = await table();
    const before = (await t.http.get(combats(c)).set(c.auth).expect(200)).body.items.length;
    const unknown = await t.http
      .post(combats(c))
      .set(c.auth)
      .send({
        system: 'cairn',
        combatants: [
          { characterId: 'Ada Quill', side: 'party' },
          { npcId: 'Owlbear', side: 'foes' },
        ],
      });
    expectProblem(unknown, 404, 'NOT_FOUND', 'combatants[1].npcId');
    // Bad input is a 400 naming its field before any name is looked up.
    expectProblem(
      await t.http
        .post(combats(c))
        .set(c.auth)
        .send({ system: 'cairn', combatants: [{ npcId: 'Owlbear', side: 'foes', bogus: 1 }] }),
      400,
      'VALIDATION_FAILED',
      'combatants[0].bogus',
    );
    expect(unknown.body.detail).toContain('Owlbear');
    const twin = (
      await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({ name: 'wolf', kind: 'monster', visibility: 'players' })
        .expect(201)
    ).body as { id: string };
    const several = await t.http
      .post(combats(c))
      .set(c.auth)
      .send({ system: 'cairn', combatants: [{ npcId: 'Wolf', side: 'foes' }] });
    expectProblem(several, 409, 'CONFLICT', 'combatants[0].npcId');
    expect(several.body.detail).toContain(wolf.id);
    expect(several.body.detail).toContain(twin.id);
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!) { createCombat(campaignId: $c, input: { system: cairn,
        combatants: [{ npcId: "Owlbear", side: "foes" }] }) { id } }`,
      { c: c.id },
      c.auth,
    );
    expect(codes(viaGql)).toEqual(['NOT_FOUND']);
    expect(viaGql.errors?.[0].extensions?.errors).toEqual([
      expect.objectContaining({ field: 'combatants[0].npcId' }),
    ]);
    expect((await t.http.get(combats(c)).set(c.auth).expect(200)).body.items).toHaveLength(before);
  });

  it('an action names its actor and targets; a player key cannot find a hidden NPC by name', async () => {
    const { c, ada, wolf, lurker } = await table();
    const player = await createKey(t.server, c, { role: 'player', characterIds: [ada.id] });
    const combat = (
      await t.http
        .post(combats(c))
        .set(c.auth)
        .send({
          system: 'cairn',
          combatants: [
            { characterId: ada.id, side: 'party' },
            { npcId: wolf.id, side: 'foes' },
            { npcId: lurker.id, side: 'foes' },
          ],
        })
        .expect(201)
    ).body as { id: string };
    const act = (auth: { Authorization: string }, body: object) =>
      t.http
        .post(combats(c, `/${combat.id}/actions`))
        .set(auth)
        .send({ kind: 'attack', cairn: { die: 'd6' }, seed: 'names', ...body });
    const hidden = await act(player.auth, { actor: 'Ada Quill', targets: ['lurker'] });
    expectProblem(hidden, 404, 'NOT_FOUND', 'targets[0]');
    expect(hidden.body.detail).not.toContain(lurker.id);
    const done = await act(player.auth, { actor: 'ada quill', targets: ['Wolf'] });
    expect(done.status).toBe(201);
    expect(done.body.actor).toBe(ada.id);
    expect(done.body.targets.map((x: { id: string }) => x.id)).toEqual([wolf.id]);
    await t.http
      .post(combats(c, `/${combat.id}/rounds`))
      .set(c.auth)
      .expect(200);
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!) { combatAction(campaignId: $c, combatId: $k,
        input: { actor: "Lurker", kind: attack, targets: ["ADA QUILL"], cairn: { die: d4 }, seed: "g" })
        { actor targets { id } } }`,
      { c: c.id, k: combat.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.combatAction).toEqual({ actor: lurker.id, targets: [{ id: ada.id }] });
  });

  it('the roster and a new key take characters by name', async () => {
    const { c, ada, bran } = await table();
    await startSession(t.server, c);
    const roster = await t.http
      .put(`/v1/campaigns/${c.id}/sessions/current/roster`)
      .set(c.auth)
      .send({ characterIds: ['BRAN', ada.id] })
      .expect(200);
    expect(roster.body.roster).toEqual([bran.id, ada.id]);
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!) { setRoster(campaignId: $c, input: { characterIds: ["Ada Quill"] }) { roster } }`,
      { c: c.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.setRoster.roster).toEqual([ada.id]);
    const key = await t.http
      .post(`/v1/campaigns/${c.id}/keys`)
      .set(c.auth)
      .send({ role: 'player', characterIds: ['ada quill'] })
      .expect(201);
    expect(key.body.characterIds).toEqual([ada.id]);
    expectProblem(
      await t.http
        .post(`/v1/campaigns/${c.id}/keys`)
        .set(c.auth)
        .send({ role: 'player', characterIds: [ada.id, 'Nobody'] }),
      404,
      'NOT_FOUND',
      'characterIds[1]',
    );
  });

  it('a treasury transfer names its sides (the word treasury stays a word), over REST and GraphQL', async () => {
    const { c, ada, bran } = await table();
    const base = `/v1/campaigns/${c.id}/treasury`;
    await t.http.post(`${base}/adjustments`).set(c.auth).send({ delta: 5, reason: 'seed money' }).expect(201);
    const paid = await t.http
      .post(`${base}/transfers`)
      .set(c.auth)
      .send({ from: 'treasury', to: 'ada quill', amount: 3 })
      .expect(201);
    expect(paid.body).toMatchObject({ from: 'treasury', to: ada.id, treasury: { cash: 2 } });
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!) { treasuryTransfer(campaignId: $c, input: { from: "ADA QUILL", to: "Bran", amount: 1 }) {
        from to characters { id cash } } }`,
      { c: c.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.treasuryTransfer).toMatchObject({ from: ada.id, to: bran.id });
    // A player pays from its own character by name; an unknown name is a 404 naming the side.
    const player = await createKey(t.server, c, { role: 'player', characterIds: [bran.id] });
    await t.http
      .post(`${base}/transfers`)
      .set(player.auth)
      .send({ from: 'bran', to: 'treasury', amount: 1 })
      .expect(201);
    expectProblem(
      await t.http.post(`${base}/transfers`).set(c.auth).send({ from: 'Nobody', to: 'treasury', amount: 1 }),
      404,
      'NOT_FOUND',
      'from',
    );
    expect((await t.http.get(base).set(c.auth).expect(200)).body).toEqual({ cash: 3 });
  });

  it('a refusal names the character or NPC it mentions (its id kept beside), over REST and GraphQL', async () => {
    const { c, ada } = await table();
    const twice = await t.http
      .post(combats(c))
      .set(c.auth)
      .send({
        system: 'cairn',
        combatants: [
          { characterId: ada.id, side: 'party' },
          { characterId: 'ada quill', side: 'party' },
        ],
      });
    expectProblem(twice, 400, 'VALIDATION_FAILED', 'combatants[1]');
    expect(twice.body.detail).toBe(`"Ada Quill" (${ada.id}) is listed twice.`);
    expect(twice.body.errors[0].message).toBe(twice.body.detail);
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!, $a: ID!) { createCombat(campaignId: $c, input: { system: cairn,
        combatants: [{ characterId: $a, side: "party" }, { characterId: $a, side: "foes" }] }) { id } }`,
      { c: c.id, a: ada.id },
      c.auth,
    );
    expect(viaGql.errors?.[0].message).toBe(`"Ada Quill" (${ada.id}) is listed twice.`);
  });

  it('a query parameter that takes an id takes a name too (a character’s strongholds, the roll log)', async () => {
    const { c, ada, bran } = await table();
    const strongholds = `/v1/campaigns/${c.id}/strongholds`;
    const keep = (
      await t.http
        .post(strongholds)
        .set(c.auth)
        .send({ name: 'Quill Keep', ownerCharacterId: 'Ada Quill' })
        .expect(201)
    ).body as { id: string; owner: { characterId: string } };
    expect(keep.owner.characterId).toBe(ada.id);
    await t.http
      .post(strongholds)
      .set(c.auth)
      .send({ name: 'Bran Hall', ownerCharacterId: bran.id })
      .expect(201);
    const mine = (await t.http.get(`${strongholds}?ownerCharacterId=ada%20quill`).set(c.auth).expect(200))
      .body;
    expect(mine.items.map((x: { id: string }) => x.id)).toEqual([keep.id]);
    const viaGql = await gql(
      t.server,
      `query($c: ID!) { strongholds(campaignId: $c, ownerCharacterId: "ADA QUILL") { items { id } } }`,
      { c: c.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.strongholds.items).toEqual([{ id: keep.id }]);
    expectProblem(
      await t.http.get(`/v1/campaigns/${c.id}/rolls?characterId=Nobody`).set(c.auth),
      404,
      'NOT_FOUND',
      'characterId',
    );
    await t.http.get(`/v1/campaigns/${c.id}/rolls?characterId=Bran`).set(c.auth).expect(200);
  });

  describe('lists filtered by name, status and system', () => {
    const listed = (body: { items: Array<{ id: string }> }) => body.items.map((x) => x.id);

    it('characters by name (any case) and by a sheet in a system, paged as before, over REST and GraphQL', async () => {
      const { c, ada, bran } = await table();
      const coeacOnly = await createCharacter(t.server, c, { name: 'ada quill' });
      const base = `/v1/campaigns/${c.id}/characters`;
      expect(listed((await t.http.get(`${base}?name=ADA%20QUILL`).set(c.auth).expect(200)).body)).toEqual([
        ada.id,
        coeacOnly.id,
      ]);
      const page1 = (await t.http.get(`${base}?name=Ada%20Quill&limit=1`).set(c.auth).expect(200)).body;
      expect(listed(page1)).toEqual([ada.id]);
      const page2 = (
        await t.http.get(`${base}?name=Ada%20Quill&limit=1&after=${page1.next}`).set(c.auth).expect(200)
      ).body;
      expect(listed(page2)).toEqual([coeacOnly.id]);
      expect(page2.next).toBeNull();
      expect(listed((await t.http.get(`${base}?system=cairn`).set(c.auth).expect(200)).body)).toEqual([
        ada.id,
        bran.id,
      ]);
      expect(listed((await t.http.get(`${base}?system=gm`).set(c.auth).expect(200)).body)).toEqual([]);
      expectProblem(await t.http.get(`${base}?system=dnd`).set(c.auth), 400, 'VALIDATION_FAILED', 'system');
      const viaGql = await gql(
        t.server,
        `query($c: ID!) { campaign(campaignId: $c) { characters(name: "ada quill", system: cairn) { items { id } } } }`,
        { c: c.id },
        c.auth,
      );
      expect(viaGql.errors).toBeUndefined();
      expect(listed(viaGql.data?.campaign.characters)).toEqual([ada.id]);
    });

    it('NPCs by name, kind, visibility and system; a player key never lists a hidden NPC', async () => {
      const { c, ada, wolf, lurker } = await table();
      const hireling = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'Pim', kind: 'hireling', visibility: 'players' })
          .expect(201)
      ).body as { id: string };
      const player = await createKey(t.server, c, { role: 'player', characterIds: [ada.id] });
      const base = `/v1/campaigns/${c.id}/npcs`;
      const get = async (q: string, auth = c.auth) =>
        listed((await t.http.get(`${base}?${q}`).set(auth).expect(200)).body);
      expect(await get('name=wolf')).toEqual([wolf.id]);
      expect(await get('kind=hireling')).toEqual([hireling.id]);
      expect(await get('visibility=referee')).toEqual([lurker.id]);
      expect(await get('system=cairn')).toEqual([wolf.id, lurker.id]);
      expect(await get('kind=monster&system=cairn&visibility=players')).toEqual([wolf.id]);
      expect(await get('visibility=referee', player.auth)).toEqual([]);
      expect(await get('name=Lurker', player.auth)).toEqual([]);
      expect(await get('system=cairn', player.auth)).toEqual([wolf.id]);
      expectProblem(await t.http.get(`${base}?kind=dragon`).set(c.auth), 400, 'VALIDATION_FAILED', 'kind');
      const viaGql = await gql(
        t.server,
        `query($c: ID!) { npcs(campaignId: $c, kind: monster, system: cairn, limit: 1) { items { id } next } }`,
        { c: c.id },
        c.auth,
      );
      expect(viaGql.errors).toBeUndefined();
      expect(listed(viaGql.data?.npcs)).toEqual([wolf.id]);
      expect(viaGql.data?.npcs.next).toEqual(expect.any(String));
    });

    it('combats by status and system, and tables by name', async () => {
      const { c, ada, wolf } = await table();
      const start = async () =>
        (
          await t.http
            .post(combats(c))
            .set(c.auth)
            .send({
              system: 'cairn',
              combatants: [
                { characterId: ada.id, side: 'party' },
                { npcId: wolf.id, side: 'foes' },
              ],
            })
            .expect(201)
        ).body as { id: string };
      const ended = await start();
      await t.http
        .post(combats(c, `/${ended.id}/end`))
        .set(c.auth)
        .expect(200);
      const active = await start();
      expect(
        listed(
          (
            await t.http
              .get(`${combats(c)}?status=active`)
              .set(c.auth)
              .expect(200)
          ).body,
        ),
      ).toEqual([active.id]);
      expect(
        listed(
          (
            await t.http
              .get(`${combats(c)}?status=ended`)
              .set(c.auth)
              .expect(200)
          ).body,
        ),
      ).toEqual([ended.id]);
      expect(
        listed(
          (
            await t.http
              .get(`${combats(c)}?system=coeac`)
              .set(c.auth)
              .expect(200)
          ).body,
        ),
      ).toEqual([]);
      expectProblem(
        await t.http.get(`${combats(c)}?status=paused`).set(c.auth),
        400,
        'VALIDATION_FAILED',
        'status',
      );
      const viaGql = await gql(
        t.server,
        `query($c: ID!) { combats(campaignId: $c, status: ended, system: cairn) { items { id } } }`,
        { c: c.id },
        c.auth,
      );
      expect(viaGql.errors).toBeUndefined();
      expect(listed(viaGql.data?.combats)).toEqual([ended.id]);

      const tables = `/v1/campaigns/${c.id}/tables`;
      const marsh = (
        await t.http
          .post(tables)
          .set(c.auth)
          .send({ name: 'Marsh', formula: '1d2', entries: [{ range: [1, 2], text: 'Eels', kind: 'beasts' }] })
          .expect(201)
      ).body as { id: string };
      await t.http
        .post(tables)
        .set(c.auth)
        .send({ name: 'Hills', formula: '1d2', entries: [{ range: [1, 2], text: 'Goats', kind: 'beasts' }] })
        .expect(201);
      expect(listed((await t.http.get(`${tables}?name=MARSH`).set(c.auth).expect(200)).body)).toEqual([
        marsh.id,
      ]);
      const tablesGql = await gql(
        t.server,
        `query($c: ID!) { refereeTables(campaignId: $c, name: "marsh") { items { id } } }`,
        { c: c.id },
        c.auth,
      );
      expect(tablesGql.errors).toBeUndefined();
      expect(listed(tablesGql.data?.refereeTables)).toEqual([marsh.id]);
      expectProblem(
        await t.http.get(`${tables}?name=${'x'.repeat(201)}`).set(c.auth),
        400,
        'VALIDATION_FAILED',
        'name',
      );
    });
  });
});
