import cachesFixture from '../fixtures/treasure/caches.json';
import spellsFixture from '../fixtures/treasure/cairn-spells.json';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { DATABASE_KIND, startApp, TestApp } from './harness';

describe(`stateless treasure over REST and GraphQL (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  describe('reference tables', () => {
    it('GET /v1/treasure/caches lists the five difficulties with their ranges and dangers', async () => {
      const res = await t.http.get('/v1/treasure/caches').expect(200);
      expect(
        res.body.items.map(({ difficulty, nominal, min, max }: Record<string, unknown>) => ({
          difficulty,
          nominal,
          min,
          max,
        })),
      ).toEqual(cachesFixture.rows);
      for (const row of res.body.items) expect(row.exampleDangers.length).toBeGreaterThan(0);
      const q = await gql(
        t.server,
        '{ treasureCaches { items { difficulty nominal min max exampleDangers } next } }',
      );
      expect(q.data?.treasureCaches).toEqual(res.body);
    });

    it('GET /v1/treasure/artifact-types is the d10 subtable with probabilities summing to 1', async () => {
      const res = await t.http.get('/v1/treasure/artifact-types').expect(200);
      expect(res.body.die).toBe('d10');
      expect(res.body.items.map((r: { type: string }) => r.type)).toEqual([
        'Weapons',
        'Armor and Shields',
        'Relics and Enchanted Items',
        'Sorcerous Tools',
        'Plasmids',
      ]);
      const total = res.body.items.reduce((s: number, r: { probability: number }) => s + r.probability, 0);
      expect(total).toBeCloseTo(1, 12);
      const q = await gql(t.server, '{ artifactTypes { die items { min max type probability } next } }');
      expect(q.data?.artifactTypes).toEqual(res.body);
    });

    it('GET /v1/treasure/monster-menu has 7 cuts, 6 Rare Organs and the grade offsets', async () => {
      const res = await t.http.get('/v1/treasure/monster-menu').expect(200);
      expect(res.body.cuts).toHaveLength(7);
      expect(res.body.rareOrgans).toHaveLength(6);
      expect(res.body.gradeOffsets).toEqual([
        { grade: 'minor', offset: 0 },
        { grade: 'moderate', offset: 3 },
        { grade: 'major', offset: 6 },
        { grade: 'severe', offset: 9 },
      ]);
      const q = await gql(
        t.server,
        '{ monsterMenu { roll cuts { min max cut effect empowerDice } rareOrgans { roll organ effect } gradeOffsets { grade offset } } }',
      );
      expect(q.data?.monsterMenu).toEqual(res.body);
    });

    it('GET /v1/treasure/spells lists the 100 spells and searches names', async () => {
      const all = await t.http.get('/v1/treasure/spells?limit=100').expect(200);
      expect(all.body.items).toEqual(spellsFixture.rows);
      const some = await t.http.get('/v1/treasure/spells?search=illusion').expect(200);
      expect(some.body.items.map((s: { name: string }) => s.name)).toEqual([
        'Auditory Illusion',
        'Visual Illusion',
      ]);
      const q = await gql(t.server, '{ cairnSpells(search: "X-RAY") { items { roll name } } }');
      expect(q.data?.cairnSpells.items).toEqual([{ roll: 100, name: 'X-Ray Vision' }]);
    });

    it('GET /v1/treasure/levels follows 500 × L × (L − 1)', async () => {
      const res = await t.http.get('/v1/treasure/levels').expect(200);
      expect(res.body.items).toHaveLength(20);
      for (const row of res.body.items) expect(row.experience).toBe(500 * row.level * (row.level - 1));
      const q = await gql(
        t.server,
        '{ gmLevels { items { level experience mojoGained inSeedTable } next } }',
      );
      expect(q.data?.gmLevels).toEqual(res.body);
    });
  });

  describe('POST /v1/treasure/cache-rolls', () => {
    it('rolls a uniform whole number in the range with its probability; same seed same cash', async () => {
      const a = await t.http
        .post('/v1/treasure/cache-rolls')
        .send({ difficulty: 'major', seed: 'crypt' })
        .expect(200);
      expect(a.body).toMatchObject({ difficulty: 'major', min: 35, max: 45, nominal: false, seed: 'crypt' });
      expect(a.body.cash).toBeGreaterThanOrEqual(35);
      expect(a.body.cash).toBeLessThanOrEqual(45);
      expect(a.body.odds.value).toBeCloseTo(1 / 11, 15);
      expect(a.body.cash).toBe(35 + a.body.die - 1);
      const b = await t.http
        .post('/v1/treasure/cache-rolls')
        .send({ difficulty: 'major', seed: 'crypt' })
        .expect(200);
      expect(b.body).toEqual(a.body);
      const q = await gql(
        t.server,
        'mutation { cacheRoll(input: { difficulty: major, seed: "crypt" }) { difficulty cash min max nominal die odds { value } seed rng } }',
      );
      expect(q.data?.cacheRoll).toEqual(a.body);
    });

    it('takes the nominal value on request', async () => {
      const res = await t.http
        .post('/v1/treasure/cache-rolls')
        .send({ difficulty: 'legendary', nominal: true })
        .expect(200);
      expect(res.body).toMatchObject({ cash: 160, die: null, odds: { value: 1 } });
    });

    it('refuses an unknown difficulty naming the field', async () => {
      const res = await t.http.post('/v1/treasure/cache-rolls').send({ difficulty: 'epic' });
      expectProblem(res, 400, 'VALIDATION_FAILED', 'difficulty');
      const q = await gql(t.server, 'mutation { cacheRoll(input: { difficulty: "epic" }) { cash } }');
      expect(q.errors?.length).toBeGreaterThan(0);
    });
  });

  describe('POST /v1/treasure/site-hordes', () => {
    it('T1: five players at a Major site give 2 or 3 hordes at 1/2 each', async () => {
      const seen = new Set<number>();
      for (let i = 0; i < 12; i++) {
        const res = await t.http
          .post('/v1/treasure/site-hordes')
          .send({ difficulty: 'major', averagePlayers: 5, seed: `keep-${i}` })
          .expect(200);
        expect(res.body.odds).toEqual({ hordeCount: { '2': 0.5, '3': 0.5 } });
        expect(res.body.expectedCash).toBe(100);
        expect(res.body.hordes).toHaveLength(res.body.hordeCount);
        expect(res.body.totalCash).toBe(
          res.body.hordes.reduce((s: number, h: { cash: number }) => s + h.cash, 0),
        );
        seen.add(res.body.hordeCount);
      }
      expect([...seen].sort()).toEqual([2, 3]);
    });

    it('4 players always give 2; 4.5 give 2 at 0.75 and 3 at 0.25', async () => {
      const four = await t.http
        .post('/v1/treasure/site-hordes')
        .send({ difficulty: 'minor', averagePlayers: 4 })
        .expect(200);
      expect(four.body).toMatchObject({ hordeCount: 2, odds: { hordeCount: { '2': 1 } } });
      const q = await gql(
        t.server,
        'mutation { siteHordesRoll(input: { difficulty: minor, averagePlayers: 4.5, seed: "x" }) { hordeCount odds { hordeCount } } }',
      );
      expect(q.data?.siteHordesRoll.odds.hordeCount).toEqual({ '2': 0.75, '3': 0.25 });
    });

    it('refuses 0, more than 100 and thousandths of players', async () => {
      for (const averagePlayers of [0, 100.5]) {
        const res = await t.http
          .post('/v1/treasure/site-hordes')
          .send({ difficulty: 'minor', averagePlayers });
        expectProblem(res, 400, 'VALIDATION_FAILED', 'averagePlayers');
      }
      const res = await t.http
        .post('/v1/treasure/site-hordes')
        .send({ difficulty: 'minor', averagePlayers: 4.125 });
      expectProblem(res, 422, 'INVALID_INPUT', 'averagePlayers');
    });
  });

  describe('artifacts, harvests, spellbooks', () => {
    it('POST /v1/treasure/artifact-rolls: a d10 subtable with its odds, with or without a body', async () => {
      const res = await t.http.post('/v1/treasure/artifact-rolls').send({ seed: 'relic' }).expect(200);
      expect(res.body.roll).toBeGreaterThanOrEqual(1);
      expect(res.body.roll).toBeLessThanOrEqual(10);
      expect([0.1, 0.2, 0.3]).toContain(res.body.odds.value);
      await t.http.post('/v1/treasure/artifact-rolls').expect(200);
      const q = await gql(
        t.server,
        'mutation { artifactRoll(input: { seed: "relic" }) { roll type odds { value } seed rng } }',
      );
      expect(q.data?.artifactRoll).toEqual(res.body);
      const bare = await gql(t.server, 'mutation { artifactRoll { roll } }');
      expect(bare.errors).toBeUndefined();
    });

    it('POST /v1/treasure/harvests: three cuts of d6 + offset, a Rare Organ with its d6, odds per cut', async () => {
      const res = await t.http
        .post('/v1/treasure/harvests')
        .send({ grade: 'major', seed: 'owlbear' })
        .expect(200);
      expect(res.body.offset).toBe(6);
      expect(res.body.cuts).toHaveLength(3);
      for (const cut of res.body.cuts) {
        expect(cut.roll).toBe(cut.die + 6);
        expect(cut.rareOrgan === null).toBe(cut.cut !== 'Rare Organ');
      }
      expect(res.body.odds.cuts).toEqual([
        { cut: 'Viscera', probability: 1 / 6 },
        { cut: 'Bones', probability: 2 / 6 },
        { cut: 'Rare Organ', probability: 2 / 6 },
        { cut: 'Heart', probability: 1 / 6 },
      ]);
      const organs = await t.http
        .post('/v1/treasure/harvests')
        .send({ grade: 'minor', offset: 9, seed: 'o' })
        .expect(200);
      expect(organs.body.offset).toBe(9);
      const q = await gql(
        t.server,
        'mutation { harvest(input: { grade: major, seed: "owlbear" }) { grade offset cuts { roll die cut effect empowerDice rareOrgan { roll organ effect } } odds { cuts { cut probability } } seed rng } }',
      );
      expect(q.data?.harvest).toEqual(res.body);
      const bad = await t.http.post('/v1/treasure/harvests').send({ grade: 'legendary' });
      expectProblem(bad, 400, 'VALIDATION_FAILED', 'grade');
    });

    it('POST /v1/treasure/spellbooks: a d100 spell; a scroll is single-use with no Fatigue', async () => {
      const book = await t.http.post('/v1/treasure/spellbooks').send({ seed: 'tome' }).expect(200);
      expect(book.body).toMatchObject({
        kind: 'spellbook',
        fatigue: 1,
        singleUse: false,
        slots: 1,
        odds: { value: 0.01 },
      });
      expect(book.body.spell).toBe(spellsFixture.rows[book.body.roll - 1].name);
      const scroll = await t.http.post('/v1/treasure/spellbooks').send({ kind: 'scroll' }).expect(200);
      expect(scroll.body).toMatchObject({ kind: 'scroll', fatigue: 0, singleUse: true });
      const q = await gql(
        t.server,
        'mutation { spellbookRoll(input: { seed: "tome" }) { kind roll spell fatigue singleUse slots odds { value } seed rng } }',
      );
      expect(q.data?.spellbookRoll).toEqual(book.body);
    });
  });

  describe('POST /v1/treasure/loot-experience', () => {
    it('T9: 150 silver among 4 is 300 experience, 75 each; levels reported per member', async () => {
      const res = await t.http
        .post('/v1/treasure/loot-experience')
        .send({ silver: 15000, members: 4, currentExperience: [0, 950, 2990, 44990] })
        .expect(200);
      expect(res.body).toMatchObject({ totalExperience: 300, each: 75, remainder: 0, rule: 'divided' });
      expect(res.body.perMember.map((p: { levelsGained: number }) => p.levelsGained)).toEqual([0, 1, 1, 1]);
      const q = await gql(
        t.server,
        'query { lootExperience(input: { silver: 15000, members: 4, currentExperience: [0, 950, 2990, 44990] }) { silver members rule totalExperience each remainder perMember { member before gained after levelBefore levelAfter levelsGained } } }',
      );
      expect(q.data?.lootExperience).toEqual(res.body);
    });

    it('reports the remainder; `each` gives everyone the full amount', async () => {
      const divided = await t.http
        .post('/v1/treasure/loot-experience')
        .send({ silver: 15000, members: 7 })
        .expect(200);
      expect(divided.body).toMatchObject({ each: 42, remainder: 6, perMember: null });
      const each = await t.http
        .post('/v1/treasure/loot-experience')
        .send({ silver: 15000, members: 7, rule: 'each' })
        .expect(200);
      expect(each.body).toMatchObject({ each: 300, remainder: 0 });
    });

    it('refuses a member count that does not match the experience list', async () => {
      const res = await t.http
        .post('/v1/treasure/loot-experience')
        .send({ silver: 100, members: 2, currentExperience: [0] });
      expectProblem(res, 422, 'INVALID_INPUT', 'currentExperience');
      const q = await gql(t.server, 'query { lootExperience(input: { silver: 100, members: 0 }) { each } }');
      expect(codes(q)).toContain('VALIDATION_FAILED');
    });
  });
});
