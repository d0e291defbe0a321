import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  type Sheet,
  putSheet,
  sheetOf,
} from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/*
 * Issue 43, AS-26 (002:82–90): an Archsoul attack as the statuses of both sides rule it. Stateless
 * (`POST /v1/combat/archsoul/attacks`, `Mutation.archsoulAttack`) and stored
 * (`POST /v1/campaigns/{id}/archsoul-attacks`, `Mutation.archsoulCampaignAttack`: the statuses read
 * from the Archsoul sheets, the roll logged, a hit's damage through the harm transition). SQLite and
 * PostgreSQL.
 */
describe(`Archsoul attacks and statuses (issue 43, AS-26) (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const FIELDS = `kind allowed refusedBy why grappleRollNeeded difficultyAdded targetUnaware frontArc attackerChoosesArc arc
    coupDeGrace damageMultiplier unconsciousRoundsAdded damage referee faces seed
    attack { dice requestedDifficulty difficulty defence faces successes hit margin odds { hit } }
    grapple { dice difficulty faces successes needed passed odds { pass } }
    modifiers { name value } steps { name faces odds }`;
  const stateless = (body: object) => t.http.post('/v1/combat/archsoul/attacks').send(body);

  describe('stateless', () => {
    it('REST: a Knocked Down attacker strikes a Restrained target alone: +1 difficulty, arc choice, coup de grâce (golden seed); refusals and bad input', async () => {
      const body = {
        kind: 'melee',
        attackerStatuses: ['Knocked Down'],
        targetStatuses: ['restrained'],
        dice: 4,
        difficulty: 4,
        defence: 1,
        damage: 3,
        arc: 'back',
        seed: 'as-1',
      };
      const res = await stateless(body).expect(200);
      expect(res.body).toMatchObject({
        allowed: true,
        difficultyAdded: 1,
        attackerChoosesArc: true,
        frontArc: true,
        arc: 'back',
        coupDeGrace: true,
        damageMultiplier: 2,
        targetUnaware: false,
        attack: {
          dice: 4,
          difficulty: 5,
          defence: 1,
          faces: [5, 6, 5, 5],
          successes: 4,
          hit: true,
          margin: 3,
        },
        damage: 6,
        seed: 'as-1',
      });
      // P(at least 2 of 4 dice at 5+) = 1 − (2/3)^4 − 4·(1/3)(2/3)^3 = 11/27.
      expect(res.body.attack.odds.hit).toBeCloseTo(11 / 27, 12);
      expect(res.body.referee.join(' ')).toMatch(/arc/);

      const refused = await stateless({
        kind: 'ranged',
        attackerStatuses: ['grappled'],
        dice: 2,
        difficulty: 4,
        defence: 0,
      }).expect(200);
      expect(refused.body).toMatchObject({ allowed: false, refusedBy: 'grappled', attack: null, faces: [] });
      expectProblem(
        await stateless({ kind: 'melee', targetStatuses: ['grappled'], arc: 'front' }),
        400,
        'VALIDATION_FAILED',
        'arc',
      );
      expectProblem(
        await stateless({ kind: 'melee', dice: 2, defence: 0 }),
        400,
        'VALIDATION_FAILED',
        'difficulty',
      );
      expectProblem(
        await stateless({ kind: 'melee', targetStatuses: ['asleep'] }),
        400,
        'VALIDATION_FAILED',
        'targetStatuses[0]',
      );
    });

    it('GraphQL: the same answer as REST; a Grappled attacker’s unarmed attack rolls the grapple first', async () => {
      const rest = await stateless({
        kind: 'melee',
        attackerStatuses: ['grappled'],
        unarmed: true,
        grapple: { dice: 3, difficulty: 4, needed: 1 },
        dice: 3,
        difficulty: 4,
        defence: 0,
        seed: 'hold',
      }).expect(200);
      const res = await gql(
        t.server,
        `mutation { archsoulAttack(input: { kind: melee, attackerStatuses: ["grappled"], unarmed: true,
           grapple: { dice: 3, difficulty: 4, needed: 1 }, dice: 3, difficulty: 4, defence: 0, seed: "hold" }) { ${FIELDS} } }`,
      );
      expect(res.errors).toBeUndefined();
      const answer = res.data?.archsoulAttack as Sheet;
      expect(answer.grappleRollNeeded).toBe(true);
      expect(answer.grapple).toMatchObject({ dice: 3, difficulty: 4, needed: 1 });
      expect(answer.grapple.odds.pass).toBeCloseTo(1 - 1 / 8, 12);
      expect(answer.grapple.faces).toEqual(rest.body.grapple.faces);
      expect(answer.attack).toEqual(answer.grapple.passed ? rest.body.attack : null);
      expect(answer.faces).toEqual(rest.body.faces);
    });
  });

  describe('in a campaign', () => {
    async function table() {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Ilse' });
      await putSheet(t.server, c, hero.id, 'archsoul', {
        stats: { Endurance: 4 },
        maxHp: 10,
        hp: 10,
        statuses: ['Knocked Down', 'muddy'],
      });
      const npc = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'Bound Goblin', kind: 'monster', visibility: 'players', showNumbers: true })
          .expect(201)
      ).body as { id: string };
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${npc.id}/sheets/archsoul`)
        .set(c.auth)
        .send({ sheet: { stats: { Endurance: 3 }, maxHp: 12, hp: 12, statuses: ['restrained'] } })
        .expect(200);
      return { c, hero, npc };
    }
    const url = (c: CampaignFixture) => `/v1/campaigns/${c.id}/archsoul-attacks`;
    /** The first seed whose stateless roll on the same ruling hits (the campaign rolls the same dice). */
    async function hittingSeed(body: object): Promise<string> {
      for (let i = 0; i < 100; i++) {
        const res = await stateless({ ...body, seed: `hit-${i}` }).expect(200);
        if (res.body.attack.hit) return `hit-${i}`;
      }
      throw new Error('no seed hits');
    }

    it('REST: the statuses come from both sheets; a hit on a Restrained target alone doubles its damage on the target’s sheet, logged', async () => {
      const { c, hero, npc } = await table();
      const seed = await hittingSeed({
        kind: 'melee',
        attackerStatuses: ['Knocked Down'],
        targetStatuses: ['restrained'],
        dice: 3,
        difficulty: 4,
        defence: 1,
        damage: 2,
      });
      const res = await t.http
        .post(url(c))
        .set(c.auth)
        .send({
          attacker: { characterId: hero.id },
          target: { npcId: npc.id },
          kind: 'melee',
          dice: 3,
          difficulty: 4,
          defence: 1,
          damage: 2,
          seed,
        })
        .expect(201);
      expect(res.body).toMatchObject({
        allowed: true,
        difficultyAdded: 1,
        coupDeGrace: true,
        attackerChoosesArc: true,
        attack: { difficulty: 5, hit: true },
        damage: 4,
        attackerId: hero.id,
        targetId: npc.id,
      });
      const npcSheet = (
        await t.http.get(`/v1/campaigns/${c.id}/npcs/${npc.id}/sheets/archsoul`).set(c.auth).expect(200)
      ).body.sheet;
      // The harm transition doubled the 2 (its own coup-de-grâce step): 12 → 8.
      expect(res.body.harm.steps).toContainEqual(expect.objectContaining({ name: 'coup-de-grace' }));
      expect(npcSheet.hp).toBe(8);
      const roll = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}`).set(c.auth).expect(200)
      ).body;
      expect(roll.procedure).toBe('combat.archsoul-attack.v2');
      // The stored statuses the rules know were read ("muddy" is the referee's note, left out).
      expect(roll.inputs).toMatchObject({
        attackerStatuses: ['Knocked Down'],
        targetStatuses: ['restrained'],
      });
      expect(roll.effects).toMatchObject({
        attacker: hero.id,
        target: npc.id,
        hit: true,
        coupDeGrace: true,
        damage: 4,
      });
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${roll.id}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      // One roll for the blow (issue 39): the harm is in it, its events the transition's, the ledger
      // names it; no second harm.sheet-damage roll; the campaign's record checks out.
      expect(res.body.harm.rollId).toBe(roll.id);
      expect(roll.outcome.harm.changes).toEqual(res.body.harm.changes);
      expect(roll.events).toEqual(roll.outcome.events);
      expect(res.body.harm.events.slice(0, roll.outcome.events.length)).toEqual(roll.outcome.events);
      const log = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).query({ limit: 100 }).expect(200)
      ).body.items as Array<{ procedure: string }>;
      expect(log.map((r) => r.procedure)).toEqual(['combat.archsoul-attack.v2']);
      const audit = (await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200)).body;
      expect(audit.rolls).toEqual({ replayed: 1, matched: 1, differing: [] });
      expect(audit.sheets.differing).toEqual([]);
      expect(audit.ok).toBe(true);
    });

    it('GraphQL: a Grappled attacker with a weapon is refused (409 naming attacker, nothing written); a player key is refused', async () => {
      const { c, hero, npc } = await table();
      await putSheet(t.server, c, hero.id, 'archsoul', {
        stats: { Endurance: 4 },
        maxHp: 10,
        hp: 10,
        statuses: ['Grappled'],
      });
      const before = (await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200)).body.items
        .length;
      const res = await gql(
        t.server,
        `mutation($c: ID!, $a: ID!, $n: ID!) { archsoulCampaignAttack(campaignId: $c, input: {
           attacker: { characterId: $a }, target: { npcId: $n }, kind: melee, dice: 3, difficulty: 4, defence: 0, damage: 2 }) { rollId } }`,
        { c: c.id, a: hero.id, n: npc.id },
        c.auth,
      );
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 'CONFLICT',
        errors: [{ field: 'attacker' }],
      });
      expect(
        (await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200)).body.items,
      ).toHaveLength(before);
      expect((await sheetOf(t.server, c, hero.id, 'archsoul')).hp).toBe(10);
      // Unarmed, with its grapple roll, the same attacker may try (GraphQL answer, logged).
      const unarmed = await gql(
        t.server,
        `mutation($c: ID!, $a: ID!, $n: ID!) { archsoulCampaignAttack(campaignId: $c, input: {
           attacker: { characterId: $a }, target: { npcId: $n }, kind: melee, unarmed: true,
           grapple: { dice: 2, difficulty: 4 }, dice: 3, difficulty: 4, defence: 0, seed: "u" }) { rollId grappleRollNeeded grapple { passed } targetId } }`,
        { c: c.id, a: hero.id, n: npc.id },
        c.auth,
      );
      expect(unarmed.errors).toBeUndefined();
      expect(unarmed.data?.archsoulCampaignAttack).toMatchObject({
        grappleRollNeeded: true,
        targetId: npc.id,
      });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
      expectProblem(
        await t.http
          .post(url(c))
          .set(player.auth)
          .send({ target: { npcId: npc.id }, kind: 'melee', dice: 1, difficulty: 4, defence: 0 }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await t.http
          .post(url(c))
          .set(c.auth)
          .send({ target: {}, kind: 'melee', dice: 1, difficulty: 4, defence: 0 }),
        400,
        'VALIDATION_FAILED',
        'target',
      );
    });
  });
});
