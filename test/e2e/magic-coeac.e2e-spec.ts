import { DATABASE_KIND, startApp, TestApp } from './harness';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

const CHANNELING_SELECT = `spell { id name skill objective } skill objective controlSpent takes dice
  diceFrom { source dice } faces potency backlash { happened damage plasmidLost }
  mutationSave { save objective rolled roll { dice faces successes objective passed margin odds { success } } mutation }
  zeroSuccessRisk takesEffect duration { unit amount } saveObjective ritual { hp cash bonusDice }
  bound { blockDamage bonusDice } wand { secondaryEffectOnHit }
  subRolls { id kind label sides faces happened entry damage probability }
  defence { attackerSuccesses damageTaken discipline { dice faces successes objective passed margin odds { success } } catastrophe { roll id effect } }
  odds { noBacklash zeroSuccesses potency { value probability } } seed rng rollId`;

describe(`COEAC magic, stateless, over REST and GraphQL (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('a channeling that backlashes: Potency, damage = margin, sub-rolls and exact odds, the same over both', async () => {
    const body = { pool: 3, spell: 'disintegrate', vigorPool: 4, seed: 'a' };
    const res = await t.http.post('/v1/magic/coeac/channelings').send(body).expect(200);
    expect(res.body).toMatchObject({
      spell: { id: 'disintegrate', name: 'Disintegrate', skill: 'Ruin', objective: 5 },
      faces: [4, 3, 2],
      potency: 1,
      backlash: { happened: true, damage: 4, plasmidLost: true },
      mutationSave: null,
      saveObjective: 1,
      controlSpent: 1,
      takes: 'round',
      seed: 'a',
      rng: 'xoroshiro128plus@1',
      rollId: null,
    });
    expect(res.body.subRolls[0]).toMatchObject({ id: 'damage', kind: 'damage', damage: 2 });
    expect(res.body.odds.noBacklash).toBeCloseTo(0, 12);
    expect(res.body.odds.zeroSuccesses).toBeCloseTo(1 / 8, 12);
    const answer = await gql(
      t.server,
      `mutation($i: CoeacChannelingInput!) { coeacChanneling(input: $i) { ${CHANNELING_SELECT} } }`,
      { i: body },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.coeacChanneling).toEqual(res.body);
  });

  it('zero successes call the Ob 5 Vigor save; a ritual and a binding take a turn', async () => {
    const zero = await t.http
      .post('/v1/magic/coeac/channelings')
      .send({ pool: 2, spell: 'zombify', vigorPool: 4, seed: 'f' })
      .expect(200);
    expect(zero.body.potency).toBe(0);
    expect(zero.body.mutationSave).toMatchObject({
      save: 'Vigor',
      objective: 5,
      rolled: true,
      mutation: true,
    });
    const bound = await t.http
      .post('/v1/magic/coeac/channelings')
      .send({ pool: 4, spell: 'glyph', bind: true, ritual: { hp: 1, cash: 2 }, seed: 's' })
      .expect(200);
    expect(bound.body).toMatchObject({
      dice: 7,
      takes: 'turn',
      takesEffect: false,
      subRolls: [],
      bound: { blockDamage: 1, bonusDice: 5 },
      ritual: { hp: 1, cash: 2, bonusDice: 3 },
    });
  });

  it('counterspell, Spell Mastery, catastrophe and random spell over both', async () => {
    const cases = [
      {
        path: 'counterspells',
        field: 'coeacCounterspell',
        type: 'CoeacCounterspellInput',
        body: { pool: 4, potency: 2, seed: 'f' },
        select: 'objective countered damage controlSpent roll { faces } seed',
      },
      {
        path: 'spell-masteries',
        field: 'coeacSpellMastery',
        type: 'CoeacSpellMasteryInput',
        body: { pool: 2, spell: 'banish', seed: 'h' },
        select:
          'learned barredForever downAndOutCheck mastery { objective faces } blindCast { potency faces } seed',
      },
      {
        path: 'catastrophes',
        field: 'coeacCatastrophe',
        type: 'CoeacCatastropheInput',
        body: { damage: 2, disciplinePool: 3, seed: 'a' },
        select:
          'happened discipline { faces } catastrophe { roll id effect } odds { catastrophe eachResult } seed',
      },
      {
        path: 'random-spells',
        field: 'coeacRandomSpell',
        type: 'CoeacRandomSpellInput',
        body: { family: 'psychomancy', seed: 'r' },
        select: 'familyRoll spellRoll spell { id family number objective effect } odds { thisSpell } seed',
      },
    ];
    for (const c of cases) {
      const res = await t.http.post(`/v1/magic/coeac/${c.path}`).send(c.body).expect(200);
      const answer = await gql(
        t.server,
        `mutation($i: ${c.type}!) { ${c.field}(input: $i) { ${c.select} } }`,
        {
          i: c.body,
        },
      );
      expect(answer.errors).toBeUndefined();
      expect(res.body).toMatchObject(answer.data?.[c.field]);
    }
    const counter = await t.http
      .post('/v1/magic/coeac/counterspells')
      .send({ pool: 4, potency: 2, seed: 'f' });
    expect(counter.body).toMatchObject({
      objective: 3,
      countered: false,
      damage: 2,
      roll: { faces: [2, 3, 6, 1] },
    });
    const cat = await t.http
      .post('/v1/magic/coeac/catastrophes')
      .send({ damage: 2, disciplinePool: 3, seed: 'a' });
    expect(cat.body).toMatchObject({ happened: true, catastrophe: { roll: 5, id: 'wild-cast' } });
  });

  it('serves the catalogue: 80 spells, filters, one by id, 404 for an unknown id', async () => {
    const all = await t.http.get('/v1/magic/coeac/spells').expect(200);
    expect(all.body.count).toBe(80);
    expect(all.body.families).toHaveLength(8);
    const ob5 = await t.http.get('/v1/magic/coeac/spells?family=diabolism&objective=5').expect(200);
    expect(ob5.body.spells.map((s: { id: string }) => s.id)).toEqual(['black-mark', 'miasma']);
    // Paged like every list (issue 42): 25 by default, `next` to go on; `spells` (deprecated) is all.
    expect(all.body.items).toEqual(all.body.spells.slice(0, 25));
    const seen: string[] = [];
    for (let after: string | null = null, pages = 0; pages < 10; pages++) {
      const page = (
        await t.http.get(`/v1/magic/coeac/spells?limit=30${after ? `&after=${after}` : ''}`).expect(200)
      ).body as { items: Array<{ id: string }>; next: string | null; count: number };
      expect(page.count).toBe(80);
      seen.push(...page.items.map((s) => s.id));
      after = page.next;
      if (!after) break;
    }
    expect(seen).toEqual(all.body.spells.map((s: { id: string }) => s.id));
    const paged = await gql(
      t.server,
      `{ coeacSpells(family: diabolism, limit: 1) { count items { id } next } }`,
    );
    expect(paged.errors).toBeUndefined();
    expect(paged.data?.coeacSpells.items).toHaveLength(1);
    expect(paged.data?.coeacSpells.next).toEqual(expect.any(String));
    expectProblem(await t.http.get('/v1/magic/coeac/spells?limit=101'), 400, 'VALIDATION_FAILED', 'limit');
    const one = await t.http.get('/v1/magic/coeac/spells/miasma').expect(200);
    expect(one.body).toMatchObject({ skill: 'Ruin', objective: 5, duration: 'round', family: 'diabolism' });
    expect(one.body.subRolls[0]).toMatchObject({ kind: 'table', sides: 4, chances: null, dice: null });
    const answer = await gql(
      t.server,
      `{ coeacSpells(family: primal_speech, skill: Produce) { count spells { id } } coeacSpell(id: "miasma") { id objective subRolls { kind sides entries } } }`,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.coeacSpells.spells.map((s: { id: string }) => s.id)).toEqual([
      'cacophony-of-air',
      'convention-of-storms',
    ]);
    expect(answer.data?.coeacSpell.subRolls[0].entries).toHaveLength(4);
    expectProblem(await t.http.get('/v1/magic/coeac/spells/fireball'), 404, 'NOT_FOUND');
    expect(codes(await gql(t.server, '{ coeacSpell(id: "fireball") { id } }'))).toEqual(['NOT_FOUND']);
    expectProblem(
      await t.http.get('/v1/magic/coeac/spells?family=frost'),
      400,
      'VALIDATION_FAILED',
      'family',
    );
  });

  it('refuses bad input naming the field over both', async () => {
    expectProblem(
      await t.http.post('/v1/magic/coeac/channelings').send({ spell: 'glyph' }),
      400,
      'VALIDATION_FAILED',
      'pool',
    );
    expectProblem(
      await t.http.post('/v1/magic/coeac/channelings').send({ pool: 3, spell: 'fireball' }),
      422,
      'INVALID_INPUT',
      'spell',
    );
    expectProblem(
      await t.http.post('/v1/magic/coeac/channelings').send({ pool: 3 }),
      422,
      'INVALID_INPUT',
      'objective',
    );
    expectProblem(
      await t.http.post('/v1/magic/coeac/channelings').send({ pool: 3, objective: 2, ritual: { hp: -1 } }),
      400,
      'VALIDATION_FAILED',
      'ritual.hp',
    );
    expect(
      codes(
        await gql(
          t.server,
          'mutation { coeacChanneling(input: { pool: 3, spell: "fireball" }) { potency } }',
        ),
      ),
    ).toEqual(['INVALID_INPUT']);
  });
});
