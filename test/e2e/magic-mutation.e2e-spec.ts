import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, createKey } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

const SORCERER = {
  skills: { Ruin: 1, Produce: 0, 'Arcane Lore': 2 },
  saves: { Vigor: 2, Discipline: 1 },
  maxHp: 12,
  classResources: { Control: { max: 4 }, zombify: { max: 1 } },
};

const mutations = (visibility: 'referee' | 'players') => ({
  name: 'Mutations',
  formula: '1d6',
  visibility,
  entries: [
    { range: [1, 3], text: 'Scales along the forearms' },
    { range: [4, 6], text: 'A third eye that never closes' },
  ],
});

describe(`a COEAC mutation drawn on the campaign's table (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  async function sorcerer(c: CampaignFixture, name: string) {
    const hero = await createCharacter(t.server, c, { name, wealth: 2, cash: 5 });
    await t.http
      .put(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/coeac`)
      .set(c.auth)
      .send({ sheet: SORCERER })
      .expect(200);
    return hero;
  }

  async function setUp(visibility: 'referee' | 'players') {
    const c = await createCampaign(t.server);
    const hero = await sorcerer(c, 'Mirel');
    const table = await t.http
      .post(`/v1/campaigns/${c.id}/tables`)
      .set(c.auth)
      .send(mutations(visibility))
      .expect(201);
    const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    return { c, hero, tableId: table.body.id as string, player };
  }
  const cast = (c: CampaignFixture, heroId: string, auth: { Authorization: string }, body: object) =>
    t.http.post(`/v1/campaigns/${c.id}/characters/${heroId}/coeac-casts`).set(auth).send(body);

  it('settings: referee reads and writes them over REST and GraphQL, players may not, an unknown table is 422', async () => {
    const { c, tableId, player } = await setUp('referee');
    const empty = await t.http.get(`/v1/campaigns/${c.id}/magic-settings`).set(c.auth).expect(200);
    expect(empty.body).toEqual({ mutationTableId: null });
    await t.http.get(`/v1/campaigns/${c.id}/magic-settings`).set(player.auth).expect(403);
    expectProblem(
      await t.http
        .put(`/v1/campaigns/${c.id}/magic-settings`)
        .set(player.auth)
        .send({ mutationTableId: tableId }),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await t.http
        .put(`/v1/campaigns/${c.id}/magic-settings`)
        .set(c.auth)
        .send({ mutationTableId: '00000000-0000-4000-8000-000000000000' }),
      422,
      'UNPROCESSABLE',
      'mutationTableId',
    );
    const set = await t.http
      .put(`/v1/campaigns/${c.id}/magic-settings`)
      .set(c.auth)
      .send({ mutationTableId: tableId })
      .expect(200);
    expect(set.body).toEqual({ mutationTableId: tableId });
    const viaGql = await gql(
      t.server,
      'query($c: ID!) { magicSettings(campaignId: $c) { mutationTableId } }',
      { c: c.id },
      c.auth,
    );
    expect(viaGql.data?.magicSettings).toEqual({ mutationTableId: tableId });
    const cleared = await gql(
      t.server,
      'mutation($c: ID!) { magicSettingsSet(campaignId: $c, input: { mutationTableId: null }) { mutationTableId } }',
      { c: c.id },
      c.auth,
    );
    expect(cleared.data?.magicSettingsSet).toEqual({ mutationTableId: null });
    const refused = await gql(
      t.server,
      'mutation($c: ID!, $t: ID!) { magicSettingsSet(campaignId: $c, input: { mutationTableId: $t }) { mutationTableId } }',
      { c: c.id, t: tableId },
      player.auth,
    );
    expect(codes(refused)).toContain('FORBIDDEN');
  });

  it('a players’ table: the failed mutation save draws on it, the entry in the answer, its own roll that replays', async () => {
    const { c, hero, tableId, player } = await setUp('players');
    await t.http
      .put(`/v1/campaigns/${c.id}/magic-settings`)
      .set(c.auth)
      .send({ mutationTableId: tableId })
      .expect(200);
    const res = await cast(c, hero.id, player.auth, { spell: 'zombify', seed: 'f' }).expect(201);
    expect(res.body.channeling).toMatchObject({ potency: 0, mutationSave: { mutation: true } });
    expect(res.body.mutationDraw).toMatchObject({
      tableId,
      formula: '1d6',
      secret: false,
      nothingHappens: false,
    });
    expect(['Scales along the forearms', 'A third eye that never closes']).toContain(
      res.body.mutationDraw.entry.text,
    );
    expect(res.body.mutationDraw.entry.probability).toBe(0.5);
    expect(res.body.mutationDraw.seed).toBe('f#mutation');
    expect(res.body.mutationRollId).toBe(res.body.mutationDraw.rollId);
    expect(res.body.mutationNote).toMatch(/draw on the campaign/);
    const roll = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${res.body.mutationRollId}`)
      .set(player.auth)
      .expect(200);
    expect(roll.body.procedure).toBe('encounters.table-draw');
    const replay = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${res.body.mutationRollId}/replay`)
      .set(c.auth)
      .expect(200);
    expect(replay.body.matches).toBe(true);
    const castRoll = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}`)
      .set(c.auth)
      .expect(200);
    expect(castRoll.body.procedure).toBe('magic.coeac.cast.v1');
  });

  it('a referee table: the draw is sealed for the player who cast, the referee sees the entry', async () => {
    const { c, hero, tableId, player } = await setUp('referee');
    await t.http
      .put(`/v1/campaigns/${c.id}/magic-settings`)
      .set(c.auth)
      .send({ mutationTableId: tableId })
      .expect(200);
    const res = await cast(c, hero.id, player.auth, { spell: 'zombify', seed: 'f' }).expect(201);
    expect(res.body.mutationDraw).toBeNull();
    expect(typeof res.body.mutationRollId).toBe('string');
    expect(res.body.mutationNote).toMatch(/sealed/);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('Scales');
    expect(text).not.toContain('third eye');
    const sealed = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${res.body.mutationRollId}`)
      .set(player.auth)
      .expect(200);
    expect(sealed.body.outcome).toBeUndefined();
    const seen = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${res.body.mutationRollId}`)
      .set(c.auth)
      .expect(200);
    expect(['Scales along the forearms', 'A third eye that never closes']).toContain(
      seen.body.outcome.entry.text,
    );

    // The referee casting (GraphQL, another sorcerer) sees the entry; the same seed draws the same entry.
    const other = await sorcerer(c, 'Osk');
    const again = await gql(
      t.server,
      `mutation($c: ID!, $ch: ID!) { coeacCast(campaignId: $c, characterId: $ch, input: { spell: "zombify", seed: "f" }) { mutationRollId mutationDraw { tableId secret entry { text } } } }`,
      { c: c.id, ch: other.id },
      c.auth,
    );
    expect(again.data?.coeacCast).toMatchObject({
      mutationDraw: { tableId, secret: true, entry: { text: seen.body.outcome.entry.text } },
    });
  });

  it('without a setting the cast keeps the note and draws nothing; a table deleted later falls back to a note', async () => {
    const { c, hero, tableId } = await setUp('players');
    const plain = await cast(c, hero.id, c.auth, { spell: 'zombify', seed: 'f' }).expect(201);
    expect(plain.body).toMatchObject({ mutationDraw: null, mutationRollId: null });
    expect(plain.body.mutationNote).toMatch(/roll on the campaign’s mutation table/);
    await t.http
      .put(`/v1/campaigns/${c.id}/magic-settings`)
      .set(c.auth)
      .send({ mutationTableId: tableId })
      .expect(200);
    await t.http.delete(`/v1/campaigns/${c.id}/tables/${tableId}`).set(c.auth).expect(200);
    const other = await sorcerer(c, 'Osk');
    const gone = await cast(c, other.id, c.auth, { spell: 'zombify', seed: 'f' }).expect(201);
    expect(gone.body).toMatchObject({ mutationDraw: null, mutationRollId: null });
    expect(gone.body.mutationNote).toMatch(/table is gone/);
  });
});
