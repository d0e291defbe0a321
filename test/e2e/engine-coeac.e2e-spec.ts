import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, putSheet, sheetOf } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/*
 * Issue 39, the campaign engine for COEAC: every change the rules make to a stored COEAC sheet is
 * decided by the one harm transition (`harm.sheet-damage`, `harm.sheet-rest`), whichever route
 * caused it. Each case is a gap of the COEAC audit (../shared/coverage/coeac.md), over REST and
 * GraphQL.
 */

describe(`the campaign engine, COEAC (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const base = (c: CampaignFixture, id: string) => `/v1/campaigns/${c.id}/characters/${id}`;
  const replays = async (c: CampaignFixture, rollId: string) =>
    (await t.http.get(`/v1/campaigns/${c.id}/rolls/${rollId}/replay`).set(c.auth).expect(200)).body.matches;
  const rollsOf = async (c: CampaignFixture, procedure: string) =>
    (
      await t.http
        .get(`/v1/campaigns/${c.id}/rolls`)
        .query({ procedure, limit: 100 })
        .set(c.auth)
        .expect(200)
    ).body.items as Array<{ id: string; procedure: string; outcome: Record<string, unknown> }>;

  describe('C1 / M6: max HP reaching 0 by any route is permanent death (003:173)', () => {
    it('a referee adjustment to max HP 0 kills through the transition (REST), which logs a roll that replays', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Brann' });
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 3, skills: { Medicine: 1 } });
      // Lowering it to 1 decides nothing.
      const some = await t.http
        .post(`${base(c, hero.id)}/condition-adjustments`)
        .set(c.auth)
        .send({ system: 'coeac', field: 'maxHp', delta: -2, reason: 'a curse' })
        .expect(201);
      expect(some.body.sheet.sheet).toMatchObject({ maxHp: 1, hp: 1, state: 'up' });
      expect(await rollsOf(c, 'harm.sheet-damage')).toEqual([]);
      const res = await t.http
        .post(`${base(c, hero.id)}/condition-adjustments`)
        .set(c.auth)
        .send({ system: 'coeac', field: 'maxHp', delta: -1, reason: 'the curse deepens' })
        .expect(201);
      expect(res.body.sheet.sheet).toMatchObject({ maxHp: 0, hp: 0, state: 'dead', harm: { state: 'dead' } });
      const [roll] = await rollsOf(c, 'harm.sheet-damage');
      expect(roll.outcome).toMatchObject({ state: 'dead', stateBefore: 'up' });
      expect(await replays(c, roll.id)).toBe(true);
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).harm.state).toBe('dead');
      // The dead do not act.
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/checks`)
          .set(c.auth)
          .send({ system: 'coeac', skill: 'Medicine', objective: 1 }),
        409,
        'CONFLICT',
        'characterId',
      );
    });

    it('the same over GraphQL; an adjustment of another value at max HP 1 decides nothing', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Sela' });
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 2 });
      const hp = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterConditionAdjustment(campaignId: $c, characterId: $h,
           input: { system: coeac, field: "hp", delta: -2, reason: "a fall" }) { sheet { sheet } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(hp.errors).toBeUndefined();
      expect(hp.data!.characterConditionAdjustment.sheet.sheet).toMatchObject({ hp: 0, maxHp: 2 });
      expect(await rollsOf(c, 'harm.sheet-damage')).toEqual([]);
      const dead = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterConditionAdjustment(campaignId: $c, characterId: $h,
           input: { system: coeac, field: "maxHp", delta: -2, reason: "a wasting" }) { sheet { sheet } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(dead.errors).toBeUndefined();
      expect(dead.data!.characterConditionAdjustment.sheet.sheet).toMatchObject({ maxHp: 0, state: 'dead' });
      const rolls = await rollsOf(c, 'harm.sheet-damage');
      expect(rolls).toHaveLength(1);
      expect(await replays(c, rolls[0].id)).toBe(true);
      const check = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h,
          input: { system: coeac, skill: "Medicine", objective: 1 }) { rollId } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(codes(check)).toEqual(['CONFLICT']);
    });
  });
});
