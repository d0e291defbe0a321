import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, putSheet, sheetOf } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/*
 * Issue 43, F24's last part (003:501): the weapon worked from a rare organ's teeth, claws or horn
 * attacks at +1d. The campaign eating route records `teeth` in the sheet's `organs`; a stored COEAC
 * combat exchange that names `organWeapon` adds the die to the actor's pool in the same roll. REST and
 * GraphQL, SQLite and PostgreSQL.
 */
describe(`COEAC: the teeth's +1d weapon in a stored combat (issue 43, F24) (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const HERO = { skills: { Melee: 2 }, saves: { Agility: 1, Vigor: 1 }, maxHp: 12, hp: 12 };

  async function table() {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Brann' });
    const friend = await createCharacter(t.server, c, { name: 'Tamsin' });
    await putSheet(t.server, c, hero.id, 'coeac', HERO);
    await putSheet(t.server, c, friend.id, 'coeac', HERO);
    const orc = (
      await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({ name: 'Orc', kind: 'monster', visibility: 'players', showNumbers: true })
        .expect(201)
    ).body as { id: string };
    await t.http
      .put(`/v1/campaigns/${c.id}/npcs/${orc.id}/sheets/coeac`)
      .set(c.auth)
      .send({ sheet: { pool: 3, maxHp: 30, hp: 30 } })
      .expect(200);
    const combat = (
      await t.http
        .post(`/v1/campaigns/${c.id}/combats`)
        .set(c.auth)
        .send({
          system: 'coeac',
          combatants: [
            { characterId: hero.id, side: 'party' },
            { characterId: friend.id, side: 'party' },
            { npcId: orc.id, side: 'foes' },
          ],
        })
        .expect(201)
    ).body as { id: string };
    return { c, hero, friend, orc, combat };
  }
  const act = (c: CampaignFixture, combatId: string, body: object) =>
    t.http.post(`/v1/campaigns/${c.id}/combats/${combatId}/actions`).set(c.auth).send(body);

  it('REST: teeth eaten as a rare organ give the exchange +1d on top of the sent advantages (4 + 1 + 1 = 6 dice), logged in the roll; without teeth 409 naming the field', async () => {
    const { c, hero, friend, orc, combat } = await table();
    await t.http
      .post(`/v1/campaigns/${c.id}/characters/${hero.id}/eating`)
      .set(c.auth)
      .send({ cut: 'rare-organ', organ: 'teeth', seed: 't' })
      .expect(201);
    expect((await sheetOf(t.server, c, hero.id, 'coeac')).organs).toEqual(['teeth']);

    // Tamsin has no teeth: refused, nothing written (she may still act this round).
    expectProblem(
      await act(c, combat.id, {
        actor: friend.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Melee', organWeapon: true },
      }),
      409,
      'CONFLICT',
      'coeac.organWeapon',
    );
    const plain = (
      await act(c, combat.id, {
        actor: friend.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Melee' },
        seed: 'same',
      }).expect(201)
    ).body;
    expect(plain.coeac.exchange.attacker.dice).toBe(4);

    const bitten = (
      await act(c, combat.id, {
        actor: hero.id,
        kind: 'exchange',
        targets: [orc.id],
        coeac: { skill: 'Melee', organWeapon: true, bonusDice: 1 },
        seed: 'same',
      }).expect(201)
    ).body;
    // The organ's die and the sent advantage: 4 + 1 + 1.
    expect(bitten.coeac.exchange.attacker.dice).toBe(6);
    const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${bitten.rollId}`).set(c.auth).expect(200))
      .body;
    expect(roll.inputs.exchange.attacker).toMatchObject({ pool: 4, bonusDice: 2 });
    expect(roll.effects).toMatchObject({ organWeapon: 'teeth' });
    const replay = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${bitten.rollId}/replay`)
      .set(c.auth)
      .expect(200);
    expect(replay.body.matches).toBe(true);
  });

  it('GraphQL: the same exchange with organWeapon rolls one die more than without', async () => {
    const { c, hero, orc, combat } = await table();
    await putSheet(t.server, c, hero.id, 'coeac', { ...HERO, organs: ['hide', 'teeth'] });
    const res = await gql(
      t.server,
      `mutation($c: ID!, $k: ID!, $a: ID!, $o: ID!) { combatAction(campaignId: $c, combatId: $k,
         input: { actor: $a, kind: exchange, targets: [$o], seed: "g", coeac: { skill: "Melee", organWeapon: true } })
         { rollId coeac { exchange { attacker { dice } } } } }`,
      { c: c.id, k: combat.id, a: hero.id, o: orc.id },
      c.auth,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.combatAction.coeac.exchange.attacker.dice).toBe(5);
  });
});
