import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, createKey, sheetOf } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/*
 * Issue 43, F18 (003:468, 566): a wand held with Fell Blast costs one more Control for a secondary
 * effect on a hit. The document names Fell Blast without its skill or Ob, so the campaign cast takes
 * them from the referee (`fellBlast { skill, objective }`); the wand is an item the caster carries.
 * REST and GraphQL, SQLite and PostgreSQL.
 */
describe(`COEAC: Fell Blast and the wand in the campaign cast (issue 43, F18) (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const SHEET = {
    skills: { Ruin: 2 },
    saves: { Vigor: 2, Discipline: 1 },
    maxHp: 20,
    classResources: { Control: { max: 4 }, 'Fell Blast': { max: 1 }, Disintegrate: { max: 1 } },
  };
  const url = (c: CampaignFixture, id: string, what: string) =>
    `/v1/campaigns/${c.id}/characters/${id}/${what}`;

  async function table() {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Mordo' });
    await t.http
      .put(url(c, hero.id, 'sheets/coeac'))
      .set(c.auth)
      .send({ sheet: SHEET })
      .expect(200);
    const wand = (
      await t.http
        .post(url(c, hero.id, 'inventory'))
        .set(c.auth)
        .send({ name: 'Wand of Sparks', kind: 'artifact' })
        .expect(201)
    ).body as { id: string };
    const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    return { c, hero, wand, player };
  }

  it('REST: the referee supplies Fell Blast’s skill and Ob; the wand spends one more Control; refusals name the field', async () => {
    const { c, hero, wand, player } = await table();
    // Without the referee's numbers: 422; from a player: 403; a wand with a catalogue spell: 400.
    expectProblem(
      await t.http
        .post(url(c, hero.id, 'coeac-casts'))
        .set(c.auth)
        .send({ spell: 'fell-blast' }),
      422,
      'UNPROCESSABLE',
      'fellBlast',
    );
    expectProblem(
      await t.http
        .post(url(c, hero.id, 'coeac-casts'))
        .set(player.auth)
        .send({ spell: 'fell-blast', fellBlast: { skill: 'Ruin', objective: 1 } }),
      403,
      'FORBIDDEN',
      'fellBlast',
    );
    expectProblem(
      await t.http
        .post(url(c, hero.id, 'coeac-casts'))
        .set(c.auth)
        .send({ spell: 'disintegrate', wand: wand.id }),
      400,
      'VALIDATION_FAILED',
      'wand',
    );
    expectProblem(
      await t.http
        .post(url(c, hero.id, 'coeac-casts'))
        .set(c.auth)
        .send({ spell: 'fell-blast', fellBlast: { skill: 'Ruin', objective: 2 }, wand: 'no-such-item' }),
      409,
      'CONFLICT',
      'wand',
    );
    expect((await sheetOf(t.server, c, hero.id, 'coeac')).classResources.Control.current).toBe(4);

    const cast = await t.http
      .post(url(c, hero.id, 'coeac-casts'))
      .set(c.auth)
      .send({ spell: 'Fell Blast', fellBlast: { skill: 'Ruin', objective: 2 }, wand: wand.id, seed: 'blast' })
      .expect(201);
    expect(cast.body).toMatchObject({
      skill: 'Ruin',
      rating: 2,
      channeling: { objective: 2, controlSpent: 2, wand: { secondaryEffectOnHit: true } },
      costs: { control: 2 },
    });
    expect(cast.body.channeling.dice).toBe(4);
    expect((await sheetOf(t.server, c, hero.id, 'coeac')).classResources.Control.current).toBe(2);
    const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${cast.body.rollId}`).set(c.auth).expect(200))
      .body;
    expect(roll.inputs.channeling).toMatchObject({ pool: 4, objective: 2, wand: true });
    expect(roll.inputs.channeling.spell).toBeUndefined();
    expect(roll.effects).toMatchObject({ spell: 'fell-blast' });
  });

  it('GraphQL: Fell Blast without a wand spends 1 Control and becomes the live instance', async () => {
    const { c, hero } = await table();
    const res = await gql(
      t.server,
      `mutation($c: ID!, $ch: ID!) { coeacCast(campaignId: $c, characterId: $ch, input: { spell: "fell-blast", fellBlast: { skill: "Ruin", objective: 3 }, seed: "g" }) { channeling { objective controlSpent wand { secondaryEffectOnHit } } costs { control } } }`,
      { c: c.id, ch: hero.id },
      c.auth,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.coeacCast).toMatchObject({
      channeling: { objective: 3, controlSpent: 1, wand: null },
      costs: { control: 1 },
    });
    const live = (
      await t.http
        .get(url(c, hero.id, 'coeac-spells'))
        .set(c.auth)
        .expect(200)
    ).body;
    expect(JSON.stringify(live)).toContain('fell-blast');
  });
});
