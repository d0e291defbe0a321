import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { DATABASE_KIND, startApp, TestApp } from './harness';

describe(`advancement over REST and GraphQL (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  describe('G&M mojo costs', () => {
    it('prices a field bonus and a specialty point (001:956, 960) in both APIs', async () => {
      const field = await t.http
        .post('/v1/advancement/gm/mojo-costs')
        .send({ kind: 'field', current: 2 })
        .expect(200);
      expect(field.body).toMatchObject({ kind: 'field', cost: 6, rule: expect.stringContaining('001:960') });
      const strength = await t.http
        .post('/v1/advancement/gm/mojo-costs')
        .send({ kind: 'ability', current: 17, onlyBlocksSpecialty: true })
        .expect(200);
      expect(strength.body.cost).toBe(17);
      const q = await gql(
        t.server,
        '{ a: gmMojoCost(input: { kind: field, current: 5 }) { kind cost } b: gmMojoCost(input: { kind: weapon_skill, warrior: true }) { cost } }',
      );
      expect(q.data).toEqual({ a: { kind: 'field', cost: 9 }, b: { cost: 5 } });
    });

    it('names the field at fault: an unknown kind (400), a missing current (422)', async () => {
      expectProblem(
        await t.http.post('/v1/advancement/gm/mojo-costs').send({ kind: 'spell' }),
        400,
        'VALIDATION_FAILED',
        'kind',
      );
      expectProblem(
        await t.http.post('/v1/advancement/gm/mojo-costs').send({ kind: 'ability' }),
        422,
        'INVALID_INPUT',
        'current',
      );
      const q = await gql(t.server, '{ gmMojoCost(input: { kind: ability }) { cost } }');
      expect(q.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    });
  });

  describe('G&M mojo bids', () => {
    it('a bid of 6 where 4 are needed loses 4 and gives 200 experience (001:992), in both APIs', async () => {
      const body = { roll: 14, target: 10, bid: 6, mojo: 10, experience: 900 };
      const res = await t.http.post('/v1/advancement/gm/mojo-bids').send(body).expect(200);
      expect(res.body).toMatchObject({
        outcome: 'turned',
        mojoLost: 4,
        mojoKept: 2,
        mojoLeft: 6,
        experienceGained: 200,
        experience: 1100,
        levelBefore: 1,
        levelAfter: 2,
        improvementGained: false,
      });
      const q = await gql(
        t.server,
        'query($input: GmMojoBidInput!) { gmMojoBid(input: $input) { outcome mojoLost experienceGained levelAfter } }',
        { input: body },
      );
      expect(q.data?.gmMojoBid).toEqual({
        outcome: 'turned',
        mojoLost: 4,
        experienceGained: 200,
        levelAfter: 2,
      });
    });

    it('Language Science +1 → +2 when 6 are spent (001:998)', async () => {
      const res = await t.http
        .post('/v1/advancement/gm/mojo-bids')
        .send({ roll: 17, target: 11, bid: 7, fieldBonus: 1 })
        .expect(200);
      expect(res.body).toMatchObject({ mojoLost: 6, improvementCost: 5, improvementGained: true });
    });

    it('names the field at fault (400 roll, 422 bid above the mojo held)', async () => {
      expectProblem(
        await t.http.post('/v1/advancement/gm/mojo-bids').send({ roll: 21, target: 10, bid: 2 }),
        400,
        'VALIDATION_FAILED',
        'roll',
      );
      expectProblem(
        await t.http.post('/v1/advancement/gm/mojo-bids').send({ roll: 14, target: 10, bid: 6, mojo: 3 }),
        422,
        'INVALID_INPUT',
        'bid',
      );
    });
  });

  describe('G&M study', () => {
    it('a library of 60 gives 3 mojo a period; with a tutor, 80 gives 4 (001:1045, 1058), in both APIs', async () => {
      const library = { type: 'specialized-library', level: 5 };
      const one = await t.http
        .post('/v1/advancement/gm/study')
        .send({ mode: 'normal', studentBonus: 2, resources: [library] })
        .expect(200);
      expect(one.body).toMatchObject({
        combinedTotal: 60,
        bonus: { mojo: 3, everyPeriods: 1 },
        period: 'week',
      });
      const two = await t.http
        .post('/v1/advancement/gm/study')
        .send({ mode: 'normal', studentBonus: 2, resources: [library, { type: 'tutor', level: 4 }] })
        .expect(200);
      expect(two.body).toMatchObject({ combinedTotal: 80, bonus: { mojo: 4, everyPeriods: 1 } });
      const q = await gql(
        t.server,
        '{ gmStudy(input: { mode: normal, studentBonus: 2, resources: [{ type: specialized_library, level: 5 }, { type: tutor, level: 4 }] }) { combinedTotal bonus { mojo } resources { type total } } }',
      );
      expect(q.data?.gmStudy).toEqual({
        combinedTotal: 80,
        bonus: { mojo: 4 },
        resources: [
          { type: 'specialized_library', total: 60 },
          { type: 'tutor', total: 20 },
        ],
      });
    });

    it('names the field at fault (400 resources[0].type, 422 resources for intensive study)', async () => {
      expectProblem(
        await t.http
          .post('/v1/advancement/gm/study')
          .send({ mode: 'normal', resources: [{ type: 'scroll', level: 2 }] }),
        400,
        'VALIDATION_FAILED',
        'resources[0].type',
      );
      expectProblem(
        await t.http.post('/v1/advancement/gm/study').send({ mode: 'intensive' }),
        422,
        'INVALID_INPUT',
        'resources',
      );
    });
  });

  describe('G&M levels', () => {
    const toromeen = { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 };

    it('rolls Toromeen’s second level, the same for the same seed, in both APIs (001:887)', async () => {
      const body = { archetype: 'warrior', level: 2, abilities: toromeen, seed: 'toromeen-2' };
      const res = await t.http.post('/v1/advancement/gm/level-ups').send(body).expect(200);
      expect(res.body).toMatchObject({
        seed: 'toromeen-2',
        rng: 'xoroshiro128plus@1',
        roll: { pool: 'verve', modifier: 2 },
        reactions: { perception: 1, willpower: 1, fortitude: 1 },
        fightingArt: 1,
        mojo: 12,
      });
      expect(res.body.roll.distribution).toHaveLength(10);
      const q = await gql(
        t.server,
        'mutation($input: GmLevelUpInput!) { gmLevelUp(input: $input) { roll { die gain } faces seed } }',
        { input: body },
      );
      expect(q.data?.gmLevelUp).toEqual({
        roll: { die: res.body.roll.die, gain: res.body.roll.gain },
        faces: res.body.faces,
        seed: 'toromeen-2',
      });
    });

    it('names level on a first level (400) and gives the level of an experience total', async () => {
      expectProblem(
        await t.http
          .post('/v1/advancement/gm/level-ups')
          .send({ archetype: 'warrior', level: 1, abilities: toromeen }),
        400,
        'VALIDATION_FAILED',
        'level',
      );
      const res = await t.http.post('/v1/advancement/gm/levels').send({ experience: 3500 }).expect(200);
      expect(res.body).toMatchObject({ level: 3, nextLevel: 4, nextThreshold: 6000, experienceToNext: 2500 });
      const q = await gql(
        t.server,
        '{ gmLevelStanding(input: { experience: 3500 }) { level nextThreshold } }',
      );
      expect(q.data?.gmLevelStanding).toEqual({ level: 3, nextThreshold: 6000 });
    });
  });

  describe('COEAC Circles and recognition', () => {
    it('a Circles check counts the factors, adds Reputation dice and gives exact odds, in both APIs', async () => {
      const body = {
        factors: [{ name: 'a stranger' }, { name: 'in another city' }, { name: 'in town', baseline: true }],
        reputation: 2,
        skill: 'streetwise',
        pool: 3,
        seed: 'fence',
      };
      const res = await t.http.post('/v1/advancement/coeac/circles').send(body).expect(200);
      expect(res.body).toMatchObject({ seed: 'fence', objective: 2, reputationDice: 2, dice: 5 });
      expect(res.body.result).toBe(res.body.passed ? 'willing' : 'unwilling');
      // 5 dice against Ob 2: 1 − (1 + 5) / 32.
      expect(res.body.odds.success).toBeCloseTo(26 / 32, 12);
      expect(res.body.odds.enmityClause).toBe(0);
      const q = await gql(
        t.server,
        'mutation($input: CoeacCirclesInput!) { coeacCircles(input: $input) { faces result enmityClause } }',
        { input: body },
      );
      expect(q.data?.coeacCircles).toEqual({
        faces: res.body.faces,
        result: res.body.result,
        enmityClause: res.body.enmityClause,
      });
    });

    it('rolls recognition with its odds, and names reputation beyond ±6 (400)', async () => {
      const res = await t.http
        .post('/v1/advancement/coeac/recognition')
        .send({ reputation: -3, seed: 'r' })
        .expect(200);
      expect(res.body.odds.recognised).toBe(3 / 8);
      expect(res.body.recognised).toBe(res.body.die <= 3);
      const q = await gql(
        t.server,
        'mutation { coeacRecognition(input: { reputation: -3, seed: "r" }) { die } }',
      );
      expect(q.data?.coeacRecognition.die).toBe(res.body.die);
      expectProblem(
        await t.http.post('/v1/advancement/coeac/recognition').send({ reputation: 7 }),
        400,
        'VALIDATION_FAILED',
        'reputation',
      );
      expectProblem(
        await t.http.post('/v1/advancement/coeac/circles').send({ factors: [], skill: 'charm', pool: 3 }),
        400,
        'VALIDATION_FAILED',
        'skill',
      );
    });
  });

  describe('G&M spells, manifestations, pooled projects, practical mojo, multiple archetypes', () => {
    it('prices a spell and rolls its compatibility, seeded, in both APIs', async () => {
      const price = await t.http
        .post('/v1/advancement/gm/spell-prices')
        .send({ spellLevel: 3, components: 500 })
        .expect(200);
      expect(price.body).toMatchObject({ mojo: 9, experimentation: 5000, compatibilityRoll: true });
      const q = await gql(
        t.server,
        'query { gmSpellPrice(input: { spellLevel: 3, components: 500, archetypalMojo: 3 }) { mojo experimentation inscribedFree } }',
      );
      expect(q.data?.gmSpellPrice).toEqual({ mojo: 9, experimentation: 0, inscribedFree: true });
      const roll = await t.http
        .post('/v1/advancement/gm/spell-compatibility')
        .send({ reason: 12, spellLevel: 3, seed: 'sc' })
        .expect(200);
      expect(roll.body).toMatchObject({ target: 15, odds: { success: 0.75 }, seed: 'sc' });
      expect(roll.body.compatible).toBe(roll.body.roll <= 15);
      const m = await gql(
        t.server,
        'mutation { gmSpellCompatibility(input: { reason: 12, spellLevel: 3, seed: "sc" }) { roll compatible } }',
      );
      expect(m.data?.gmSpellCompatibility).toEqual({
        roll: roll.body.roll,
        compatible: roll.body.compatible,
      });
      expectProblem(
        await t.http.post('/v1/advancement/gm/spell-prices').send({ spellLevel: 0 }),
        400,
        'VALIDATION_FAILED',
        'spellLevel',
      );
    });

    it('answers an invented manifestation, a pooled project and practical mojo uses', async () => {
      const man = await t.http
        .post('/v1/advancement/gm/manifestations')
        .send({ guessedLevel: 2 })
        .expect(200);
      expect(man.body).toEqual({ guessedLevel: 2, level: 4 });
      const pool = await t.http
        .post('/v1/advancement/gm/pooled-projects')
        .send({
          shares: [
            { who: 'A', cost: 9, mojo: 6 },
            { who: 'B', cost: 12, mojo: 6 },
          ],
        })
        .expect(200);
      expect(pool.body).toEqual({ cost: 12, pooled: 12, complete: true, missing: 0 });
      const q = await gql(
        t.server,
        'query { gmPracticalMojo(input: { use: fighting_art }) { allowed } gmManifestation(input: { guessedLevel: 1 }) { level } }',
      );
      expect(q.data).toEqual({ gmPracticalMojo: { allowed: false }, gmManifestation: { level: 3 } });
      const cost = await t.http.post('/v1/advancement/gm/mojo-costs').send({ kind: 'skill' }).expect(200);
      expect(cost.body.beforeRollBonus).toBe(5);
    });

    it('levels one archetype of several (L9)', async () => {
      const res = await t.http
        .post('/v1/advancement/gm/level-ups')
        .send({
          archetype: 'sorceror',
          level: 4,
          archetypeLevel: 3,
          verveArchetype: 'warrior',
          abilities: { strength: 18, agility: 10, endurance: 15, intelligence: 16, wisdom: 15, charisma: 12 },
          seed: 'multi',
        })
        .expect(200);
      expect(res.body).toMatchObject({ archetypeLevel: 3, spellSlots: 3, fightingArt: 1 });
      expect(res.body.roll).toMatchObject({ pool: 'verve', modifier: 3 });
    });
  });
});
