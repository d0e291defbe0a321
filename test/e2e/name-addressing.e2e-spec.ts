import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, createKey, putSheet } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/*
 * Issue 42: a bot names things as its players do. Where a route takes a character's, an NPC's or a
 * referee table's id, its name will do (exact, any case); a combat may be `current`. One match is used;
 * none is a 404 naming the field; several are a 409 listing them. Over REST and GraphQL alike.
 */
describe(`names where ids go (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const npc = async (c: CampaignFixture, name: string, visibility = 'players') =>
    (
      await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({ name, kind: 'monster', visibility, showNumbers: true })
        .expect(201)
    ).body as { id: string };

  it('a character by its name, in any case, over REST and GraphQL; an unknown name is a 404 naming the field', async () => {
    const c = await createCampaign(t.server);
    const osk = await createCharacter(t.server, c, { name: 'Osk the Bold' });
    await putSheet(t.server, c, osk.id, 'cairn', {
      maxHp: 6,
      str: { max: 10, current: 10 },
      dex: { max: 10, current: 10 },
      wil: { max: 10, current: 10 },
    });
    const res = await t.http
      .post(`/v1/campaigns/${c.id}/characters/${encodeURIComponent('osk the bold')}/damage`)
      .set(c.auth)
      .send({ system: 'cairn', amount: 2, seed: 'n' })
      .expect(201);
    expect(res.body.ownerId).toBe(osk.id);
    const read = await t.http
      .get(`/v1/campaigns/${c.id}/characters/OSK%20THE%20BOLD`)
      .set(c.auth)
      .expect(200);
    expect(read.body.id).toBe(osk.id);
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!) { damageCharacter(campaignId: $c, characterId: "Osk the Bold",
        input: { system: cairn, amount: 1, seed: "g" }) { ownerId } }`,
      { c: c.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.damageCharacter.ownerId).toBe(osk.id);
    expectProblem(
      await t.http.get(`/v1/campaigns/${c.id}/characters/Nobody`).set(c.auth),
      404,
      'NOT_FOUND',
      'characterId',
    );
    const unknown = await gql(
      t.server,
      `query($c: ID!) { character(campaignId: $c, characterId: "Nobody") { id } }`,
      { c: c.id },
      c.auth,
    );
    expect(codes(unknown)).toEqual(['NOT_FOUND']);
  });

  it('two NPCs of one name are a 409 listing both; an NPC hidden from players is not found by a player key', async () => {
    const c = await createCampaign(t.server);
    const a = await npc(c, 'Goblin');
    const b = await npc(c, 'goblin');
    const res = await t.http.get(`/v1/campaigns/${c.id}/npcs/Goblin`).set(c.auth);
    expectProblem(res, 409, 'CONFLICT', 'npcId');
    expect(res.body.detail).toContain(a.id);
    expect(res.body.detail).toContain(b.id);
    const viaGql = await gql(
      t.server,
      `query($c: ID!) { npc(campaignId: $c, npcId: "GOBLIN") { id } }`,
      { c: c.id },
      c.auth,
    );
    expect(codes(viaGql)).toEqual(['CONFLICT']);

    const lurker = await npc(c, 'Lurker', 'referee');
    const hero = await createCharacter(t.server, c, { name: 'Ada' });
    const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    expectProblem(
      await t.http.get(`/v1/campaigns/${c.id}/npcs/Lurker`).set(player.auth),
      404,
      'NOT_FOUND',
      'npcId',
    );
    const found = await t.http.get(`/v1/campaigns/${c.id}/npcs/lurker`).set(c.auth).expect(200);
    expect(found.body.id).toBe(lurker.id);
  });

  it('a combat as `current`: the one in progress; none is a 404, two a 409', async () => {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Ada' });
    await putSheet(t.server, c, hero.id, 'cairn', {
      maxHp: 6,
      str: { max: 10, current: 10 },
      dex: { max: 10, current: 10 },
      wil: { max: 10, current: 10 },
    });
    expectProblem(
      await t.http.get(`/v1/campaigns/${c.id}/combats/current`).set(c.auth),
      404,
      'NOT_FOUND',
      'combatId',
    );
    const start = () =>
      t.http
        .post(`/v1/campaigns/${c.id}/combats`)
        .set(c.auth)
        .send({ system: 'cairn', combatants: [{ characterId: hero.id, side: 'party' }] })
        .expect(201);
    const first = (await start()).body as { id: string };
    const current = await t.http.get(`/v1/campaigns/${c.id}/combats/current`).set(c.auth).expect(200);
    expect(current.body.id).toBe(first.id);
    await start();
    expectProblem(
      await t.http.get(`/v1/campaigns/${c.id}/combats/current`).set(c.auth),
      409,
      'CONFLICT',
      'combatId',
    );
    expectProblem(
      await t.http.get(`/v1/campaigns/${c.id}/combats/latest`).set(c.auth),
      400,
      'VALIDATION_FAILED',
      'combatId',
    );
  });
});
