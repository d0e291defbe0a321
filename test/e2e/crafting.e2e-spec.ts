import { craftingRoll, type CraftingRollInput, type CraftingRollOutcome } from '../../src/core/crafting';
import { createRng, Dice } from '../../src/core/random';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, createKey } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/** The first seed `prefix-N` whose crafting roll satisfies `wanted` (found with the core itself). */
function seedWhere(
  input: CraftingRollInput,
  wanted: (o: CraftingRollOutcome) => boolean,
  prefix = 's',
): string {
  for (let i = 0; i < 100_000; i++) {
    const seed = `${prefix}-${i}`;
    if (wanted(craftingRoll(input, new Dice(createRng(seed))))) return seed;
  }
  throw new Error('no such seed');
}

describe(`crafting: stateless resolutions (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  describe('POST /v1/crafting/requirements', () => {
    it('gives a 6c shield 1.5c of materials and 1 success, a 100c item 25c and 5', async () => {
      const shield = await t.http.post('/v1/crafting/requirements').send({ price: 6 }).expect(200);
      expect(shield.body).toEqual({
        price: 6,
        effectivePrice: 6,
        materialCost: 1.5,
        successesNeeded: 1,
        complexity: 5,
      });
      const item = await t.http
        .post('/v1/crafting/requirements')
        .send({ price: 100, complexity: 7 })
        .expect(200);
      expect(item.body).toMatchObject({ materialCost: 25, successesNeeded: 5, complexity: 7 });
    });

    it('takes pre-built parts off both and lets scavenging halve the successes at most', async () => {
      const parts = await t.http
        .post('/v1/crafting/requirements')
        .send({ price: 200, prebuiltValue: 80 })
        .expect(200);
      expect(parts.body).toMatchObject({ effectivePrice: 120, materialCost: 30, successesNeeded: 6 });
      const scavenged = await t.http
        .post('/v1/crafting/requirements')
        .send({ price: 200, scavengedValue: 150 })
        .expect(200);
      expect(scavenged.body).toMatchObject({ effectivePrice: 50, materialCost: 12.5, successesNeeded: 5 });
    });

    it('refuses bad input naming the field', async () => {
      expectProblem(
        await t.http.post('/v1/crafting/requirements').send({}),
        400,
        'VALIDATION_FAILED',
        'price',
      );
      expectProblem(
        await t.http.post('/v1/crafting/requirements').send({ price: 2.5 }),
        400,
        'VALIDATION_FAILED',
        'price',
      );
      expectProblem(
        await t.http.post('/v1/crafting/requirements').send({ price: 10, prebuiltValue: 11 }),
        422,
        'INVALID_INPUT',
        'prebuiltValue',
      );
    });

    it('has a GraphQL twin', async () => {
      const answer = await gql(
        t.server,
        'query { craftingRequirements(input: { price: 6 }) { price effectivePrice materialCost successesNeeded complexity } }',
      );
      expect(answer.data?.craftingRequirements).toEqual({
        price: 6,
        effectivePrice: 6,
        materialCost: 1.5,
        successesNeeded: 1,
        complexity: 5,
      });
    });
  });

  describe('POST /v1/crafting/rolls', () => {
    it('rolls Intellect + skill against the clamped difficulty, with odds, replayable by seed', async () => {
      const body = {
        intellect: 3,
        skill: 2,
        bonusDice: 1,
        circumstances: ['improvised-tools', 'no-workspace'],
        seed: 'forge-1',
      };
      const res = await t.http.post('/v1/crafting/rolls').send(body).expect(200);
      const core = craftingRoll(
        { intellect: 3, skill: 2, bonusDice: 1, circumstances: ['improvised-tools', 'no-workspace'] },
        new Dice(createRng('forge-1')),
      );
      expect(res.body).toEqual({ ...core, seed: 'forge-1', rng: 'xoroshiro128plus@1', rollId: null });
      expect(res.body).toMatchObject({ pool: 6, difficulty: { requested: 8, effective: 6, clamped: true } });
      expect(res.body.odds.atLeastOne).toBeCloseTo(1 - (5 / 6) ** 6, 12);
      const again = await t.http.post('/v1/crafting/rolls').send(body).expect(200);
      expect(again.body).toEqual(res.body);
    });

    it('adds fatigue to the difficulty and takes a die for exhaustion', async () => {
      const res = await t.http
        .post('/v1/crafting/rolls')
        .send({ intellect: 3, skill: 2, complexity: 3, fatigue: 'exhausted' })
        .expect(200);
      expect(res.body).toMatchObject({ pool: 4, difficulty: { requested: 4, effective: 4, clamped: false } });
      expect(res.body.seed).toMatch(/^[0-9a-f]{32}$/);
    });

    it('refuses an unknown circumstance, a bad fatigue and a missing stat, naming the field', async () => {
      expectProblem(
        await t.http.post('/v1/crafting/rolls').send({ intellect: 1, skill: 1, circumstances: ['drunk'] }),
        400,
        'VALIDATION_FAILED',
        'circumstances',
      );
      expectProblem(
        await t.http.post('/v1/crafting/rolls').send({ intellect: 1, skill: 1, fatigue: 'sleepy' }),
        400,
        'VALIDATION_FAILED',
        'fatigue',
      );
      expectProblem(
        await t.http.post('/v1/crafting/rolls').send({ skill: 1 }),
        400,
        'VALIDATION_FAILED',
        'intellect',
      );
      expectProblem(
        await t.http
          .post('/v1/crafting/rolls')
          .send({ intellect: 1, skill: 1, circumstances: ['familiar', 'familiar'] }),
        422,
        'INVALID_INPUT',
        'circumstances[1]',
      );
    });

    it('has a GraphQL twin giving the same dice for the same seed', async () => {
      const rest = await t.http
        .post('/v1/crafting/rolls')
        .send({
          intellect: 2,
          skill: 2,
          circumstances: ['exceptional-tools'],
          fatigue: 'fatigued',
          seed: 'twin',
        })
        .expect(200);
      const answer = await gql(
        t.server,
        `mutation { craftingRoll(input: { intellect: 2, skill: 2, circumstances: [exceptional_tools], fatigue: fatigued, seed: "twin" }) {
          pool difficulty { requested effective clamped } faces successes criticalFailure odds { atLeastOne expectedSuccesses criticalFailure } seed rng rollId } }`,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.craftingRoll).toEqual(rest.body);
      const bad = await gql(
        t.server,
        'mutation { craftingRoll(input: { intellect: -1, skill: 1 }) { pool } }',
      );
      expect(codes(bad)).toContain('VALIDATION_FAILED');
    });
  });
});

describe(`crafting projects in a campaign (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  interface Key {
    auth: { Authorization: string };
  }

  async function table() {
    const c = await createCampaign(t.server);
    const smith = await createCharacter(t.server, c, { name: 'Smith' });
    const tinker = await createCharacter(t.server, c, { name: 'Tinker' });
    const player: Key = await createKey(t.server, c, { role: 'player', characterIds: [smith.id] });
    const viewer: Key = await createKey(t.server, c, { role: 'viewer' });
    return { c, smith, tinker, player, viewer };
  }

  const base = (c: CampaignFixture) => `/v1/campaigns/${c.id}/crafting-projects`;

  async function project(c: CampaignFixture, body: Record<string, unknown>, auth = c.auth) {
    return (await t.http.post(base(c)).set(auth).send(body).expect(201)).body;
  }

  function rollOn(c: CampaignFixture, projectId: string, body: Record<string, unknown>, auth = c.auth) {
    return t.http
      .post(`${base(c)}/${projectId}/rolls`)
      .set(auth)
      .send(body);
  }

  const advance = (c: CampaignFixture, days = 1) =>
    t.http.post(`/v1/campaigns/${c.id}/clock/advance`).set(c.auth).send({ days }).expect(200);

  /** Seeds for a crafter of `dice` dice at a project's `complexity`. */
  const seedFor = (
    dice: number,
    complexity: number,
    wanted: (o: CraftingRollOutcome) => boolean,
    prefix = 's',
  ) => seedWhere({ intellect: dice, skill: 0, complexity }, wanted, prefix);

  it('refuses materials past what one project records, naming the field, and stores nothing', async () => {
    // 10,000 copies of a 100,000,000c item: more than PostgreSQL's integer columns hold (a 500 there).
    const { c } = await table();
    const huge = await t.http
      .post(base(c))
      .set(c.auth)
      .send({ item: 'Palace', price: 100_000_000, skills: ['masonry'], copies: 10_000 });
    expectProblem(huge, huge.status, huge.body.code, 'copies');
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect((await t.http.get(base(c)).set(c.auth).expect(200)).body.items).toEqual([]);
    const p = await project(c, { item: 'Palace', price: 100_000_000, skills: ['masonry'] });
    const more = await t.http
      .post(`${base(c)}/${p.id}/materials`)
      .set(c.auth)
      .send({ copies: 10_000 });
    expectProblem(more, more.status, more.body.code, 'copies');
    const after = await t.http
      .get(`${base(c)}/${p.id}`)
      .set(c.auth)
      .expect(200);
    expect(after.body).toEqual(p);
  });

  it('starts a project with its requirements, lists it and reads it', async () => {
    const { c, player, viewer } = await table();
    const shield = await project(c, { item: 'Kite shield', price: 6, skills: ['carpentry'] }, player.auth);
    expect(shield).toEqual({
      id: expect.any(String),
      item: 'Kite shield',
      price: 6,
      prebuiltValue: 0,
      scavengedValue: 0,
      effectivePrice: 6,
      complexity: 5,
      skills: ['carpentry'],
      successesNeeded: 1,
      successesPerSkill: 0,
      materialCost: 1.5,
      materialsOwed: 0,
      materialsSpent: 1.5,
      copies: 1,
      copiesMade: 0,
      progress: { total: 0, bySkill: [{ skill: 'carpentry', successes: 0 }] },
      status: 'in-progress',
      abandonedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const gun = await project(c, {
      item: 'Gun',
      price: 100,
      skills: ['engineering', 'metalworking'],
      copies: 2,
    });
    expect(gun).toMatchObject({ successesNeeded: 5, successesPerSkill: 2, materialsSpent: 50 });
    const page = await t.http.get(base(c)).query({ limit: 1 }).set(viewer.auth).expect(200);
    expect(page.body.items).toEqual([shield]);
    const next = await t.http.get(base(c)).query({ after: page.body.next }).set(viewer.auth).expect(200);
    expect(next.body).toEqual({ items: [gun], next: null });
    expect(
      (
        await t.http
          .get(`${base(c)}/${gun.id}`)
          .set(viewer.auth)
          .expect(200)
      ).body,
    ).toEqual(gun);
    expectProblem(await t.http.get(`${base(c)}/nope`).set(c.auth), 404, 'NOT_FOUND');
  });

  it('refuses a viewer, bad input naming the field, and changes nothing', async () => {
    const { c, viewer } = await table();
    expectProblem(
      await t.http
        .post(base(c))
        .set(viewer.auth)
        .send({ item: 'x', price: 1, skills: ['a'] }),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await t.http.post(base(c)).set(c.auth).send({ item: 'x', price: 1, skills: [] }),
      400,
      'VALIDATION_FAILED',
      'skills',
    );
    expectProblem(
      await t.http
        .post(base(c))
        .set(c.auth)
        .send({ item: 'x', price: 1, skills: ['a', 'b', 'c'] }),
      400,
      'VALIDATION_FAILED',
      'skills',
    );
    expectProblem(
      await t.http
        .post(base(c))
        .set(c.auth)
        .send({ item: 'x', price: 1, skills: ['a', 'a'] }),
      400,
      'VALIDATION_FAILED',
      'skills',
    );
    expectProblem(
      await t.http
        .post(base(c))
        .set(c.auth)
        .send({ item: 'x', price: 10, scavengedValue: 11, skills: ['a'] }),
      422,
      'INVALID_INPUT',
      'scavengedValue',
    );
    expect((await t.http.get(base(c)).set(c.auth).expect(200)).body.items).toEqual([]);
  });

  it('allows one roll per character per project per in-game day, again after the clock advances', async () => {
    const { c, smith, player } = await table();
    const p = await project(c, { item: 'Plough', price: 300, skills: ['smithing'] });
    const seed = seedFor(3, 5, (o) => o.successes > 0);
    const first = await rollOn(
      c,
      p.id,
      { characterId: smith.id, skillName: 'smithing', intellect: 3, skill: 0, seed },
      player.auth,
    ).expect(201);
    expect(first.body).toMatchObject({
      characterId: smith.id,
      skillName: 'smithing',
      day: 1,
      rollId: expect.any(String),
    });
    expect(first.body.project.progress.total).toBe(first.body.successes);
    const again = await rollOn(
      c,
      p.id,
      { characterId: smith.id, skillName: 'smithing', intellect: 3, skill: 0 },
      player.auth,
    );
    expectProblem(again, 409, 'ALREADY_ROLLED_TODAY', 'characterId');
    await advance(c);
    const next = await rollOn(
      c,
      p.id,
      { characterId: smith.id, skillName: 'smithing', intellect: 3, skill: 0, seed },
      player.auth,
    ).expect(201);
    expect(next.body.day).toBe(2);
    expect(next.body.project.progress.total).toBe(first.body.successes * 2);
    // The roll log holds a replayable crafting.roll.
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls/${next.body.rollId}`).set(c.auth).expect(200);
    expect(log.body).toMatchObject({ procedure: 'crafting.roll', effects: { projectId: p.id, day: 2 } });
    const replay = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${next.body.rollId}/replay`)
      .set(c.auth)
      .expect(200);
    expect(replay.body.matches).toBe(true);
  });

  it('counts several characters’ successes toward one project (cooperative crafting)', async () => {
    const { c, smith, tinker } = await table();
    const p = await project(c, { item: 'Mill', price: 1000, skills: ['carpentry'] });
    const a = await rollOn(c, p.id, {
      characterId: smith.id,
      skillName: 'carpentry',
      intellect: 4,
      skill: 2,
      seed: 'a',
    }).expect(201);
    const b = await rollOn(c, p.id, {
      characterId: tinker.id,
      skillName: 'Carpentry',
      intellect: 4,
      skill: 2,
      seed: 'b',
    }).expect(201);
    const total = a.body.successes + b.body.successes;
    expect(b.body.project.progress.total).toBe(total);
    expect(b.body.skillName).toBe('carpentry');
    // The limit is per project: the same crafter may work on another project the same day.
    const q = await project(c, { item: 'Cart', price: 300, skills: ['carpentry'] });
    await rollOn(c, q.id, { characterId: smith.id, skillName: 'carpentry', intellect: 1, skill: 1 }).expect(
      201,
    );
    expect(
      (
        await t.http
          .get(`${base(c)}/${p.id}`)
          .set(c.auth)
          .expect(200)
      ).body.progress.total,
    ).toBe(total);
  });

  it('needs half the successes from each skill of an interdisciplinary project; surplus does not cross over', async () => {
    const { c, smith, tinker } = await table();
    const p = await project(c, {
      item: 'Gun',
      price: 100,
      complexity: 2,
      skills: ['engineering', 'metalworking'],
    });
    const many = seedFor(8, 2, (o) => o.successes >= 6);
    const lots = await rollOn(c, p.id, {
      characterId: smith.id,
      skillName: 'engineering',
      intellect: 8,
      skill: 0,
      seed: many,
    }).expect(201);
    expect(lots.body.project).toMatchObject({ copiesMade: 0, status: 'in-progress' });
    const two = seedFor(2, 2, (o) => o.successes === 2);
    const done = await rollOn(c, p.id, {
      characterId: tinker.id,
      skillName: 'metalworking',
      intellect: 2,
      skill: 0,
      seed: two,
    }).expect(201);
    expect(done.body).toMatchObject({ copiesCompleted: 1 });
    expect(done.body.project).toMatchObject({ copiesMade: 1, status: 'complete' });
    expectProblem(
      await rollOn(c, p.id, { characterId: smith.id, skillName: 'carving', intellect: 1, skill: 0 }),
      400,
      'VALIDATION_FAILED',
      'skillName',
    );
  });

  it('owes half the materials after a day without success, refuses rolls until they are replaced', async () => {
    const { c, smith } = await table();
    const p = await project(c, { item: 'Kite shield', price: 6, complexity: 6, skills: ['carpentry'] });
    const blank = seedFor(2, 6, (o) => o.successes === 0 && !o.criticalFailure);
    const failed = await rollOn(c, p.id, {
      characterId: smith.id,
      skillName: 'carpentry',
      intellect: 2,
      skill: 0,
      seed: blank,
    }).expect(201);
    expect(failed.body).toMatchObject({ successes: 0, criticalFailure: false, materialsRuined: 0.75 });
    expect(failed.body.project).toMatchObject({ materialsOwed: 0.75, status: 'materials-needed' });
    await advance(c);
    const refused = await rollOn(c, p.id, {
      characterId: smith.id,
      skillName: 'carpentry',
      intellect: 2,
      skill: 0,
    });
    expectProblem(refused, 409, 'MATERIALS_NEEDED');
    expect(refused.body.detail).toContain('0.75');
    const materials = `${base(c)}/${p.id}/materials`;
    expectProblem(
      await t.http.post(materials).set(c.auth).send({ amount: 1 }),
      422,
      'INVALID_INPUT',
      'amount',
    );
    expectProblem(
      await t.http.post(materials).set(c.auth).send({ amount: 0.1 }),
      422,
      'INVALID_INPUT',
      'amount',
    );
    expectProblem(await t.http.post(materials).set(c.auth).send({}), 400, 'VALIDATION_FAILED', 'amount');
    const paid = await t.http.post(materials).set(c.auth).send({ amount: 0.75 }).expect(200);
    expect(paid.body).toMatchObject({ materialsOwed: 0, materialsSpent: 2.25, status: 'in-progress' });
    const ok = seedFor(2, 6, (o) => o.successes > 0);
    const made = await rollOn(c, p.id, {
      characterId: smith.id,
      skillName: 'carpentry',
      intellect: 2,
      skill: 0,
      seed: ok,
    }).expect(201);
    expect(made.body.project).toMatchObject({ copiesMade: 1, status: 'complete' });
  });

  it('owes the whole material cost after a critical failure, and keeps progress made', async () => {
    const { c, smith, tinker } = await table();
    const p = await project(c, { item: 'Plough', price: 300, complexity: 2, skills: ['smithing'] });
    const good = await rollOn(c, p.id, {
      characterId: smith.id,
      skillName: 'smithing',
      intellect: 3,
      skill: 0,
      seed: seedFor(3, 2, (o) => o.successes === 3),
    }).expect(201);
    expect(good.body.project.progress.total).toBe(3);
    const crit = seedFor(1, 2, (o) => o.criticalFailure);
    const bad = await rollOn(c, p.id, {
      characterId: tinker.id,
      skillName: 'smithing',
      intellect: 1,
      skill: 0,
      seed: crit,
    }).expect(201);
    expect(bad.body).toMatchObject({ faces: [1], successes: 0, criticalFailure: true, materialsRuined: 75 });
    expect(bad.body.project).toMatchObject({
      materialsOwed: 75,
      status: 'materials-needed',
      progress: { total: 3 },
    });
  });

  it('rolls surplus over into further copies while materials allow (10 successes, 1 platinum, materials for 2)', async () => {
    const { c, smith } = await table();
    const p = await project(c, { item: 'Sabre', price: 100, complexity: 2, skills: ['smithing'], copies: 2 });
    const ten = seedFor(14, 2, (o) => o.successes === 12);
    const res = await rollOn(c, p.id, {
      characterId: smith.id,
      skillName: 'smithing',
      intellect: 14,
      skill: 0,
      seed: ten,
    }).expect(201);
    expect(res.body).toMatchObject({ successes: 12, copiesCompleted: 2 });
    expect(res.body.project).toMatchObject({
      copiesMade: 2,
      copies: 2,
      status: 'complete',
      progress: { total: 2 },
    });
    await advance(c);
    expectProblem(
      await rollOn(c, p.id, { characterId: smith.id, skillName: 'smithing', intellect: 1, skill: 0 }),
      409,
      'CONFLICT',
    );
    const more = await t.http
      .post(`${base(c)}/${p.id}/materials`)
      .set(c.auth)
      .send({ copies: 1 })
      .expect(200);
    expect(more.body).toMatchObject({ copies: 3, copiesMade: 2, status: 'in-progress', materialsSpent: 75 });
  });

  describe('finished copies go into the crafter’s inventory', () => {
    const inventory = (c: CampaignFixture, id: string) =>
      t.http.get(`/v1/campaigns/${c.id}/characters/${id}/inventory`).set(c.auth).expect(200);
    const fill = (c: CampaignFixture, id: string, slots: number) =>
      t.http
        .post(`/v1/campaigns/${c.id}/characters/${id}/inventory`)
        .set(c.auth)
        .send({ name: 'Anvil', kind: 'gear', slots })
        .expect(201);

    it('puts each copy a roll finishes into the roller’s inventory, and those bought later to the last crafter', async () => {
      const { c, smith, tinker } = await table();
      const p = await project(c, {
        item: 'Sabre',
        price: 100,
        complexity: 2,
        skills: ['smithing'],
        copies: 2,
      });
      const twelve = seedFor(14, 2, (o) => o.successes === 12);
      const res = await rollOn(c, p.id, {
        characterId: smith.id,
        skillName: 'smithing',
        intellect: 14,
        skill: 0,
        seed: twelve,
      }).expect(201);
      expect(res.body.copiesCompleted).toBe(2);
      expect(res.body.inventoryItems).toEqual([
        expect.objectContaining({ characterId: smith.id, name: 'Sabre', kind: 'gear', slots: 1 }),
        expect.objectContaining({ characterId: smith.id, name: 'Sabre', kind: 'gear', slots: 1 }),
      ]);
      const after = (await inventory(c, smith.id)).body;
      expect(after.items.map((i: { id: string }) => i.id).sort()).toEqual(
        res.body.inventoryItems.map((i: { id: string }) => i.id).sort(),
      );
      const roll = await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}`).set(c.auth).expect(200);
      expect(roll.body.effects.inventoryItemIds).toHaveLength(2);

      // One copy paid for: the smith adds 1 success, then the tinker 12: one Sabre (to the tinker)
      // and 8 waiting. Buying a second copy finishes it from the waiting successes; it goes to the
      // crafter who rolled last, the tinker.
      const q = await project(c, {
        item: 'Sabre',
        price: 100,
        complexity: 2,
        skills: ['smithing'],
        copies: 1,
      });
      const single = seedFor(1, 2, (o) => o.successes === 1);
      await rollOn(c, q.id, {
        characterId: smith.id,
        skillName: 'smithing',
        intellect: 1,
        skill: 0,
        seed: single,
      }).expect(201);
      const made = await rollOn(c, q.id, {
        characterId: tinker.id,
        skillName: 'smithing',
        intellect: 14,
        skill: 0,
        seed: twelve,
      }).expect(201);
      expect(made.body.inventoryItems).toEqual([
        expect.objectContaining({ name: 'Sabre', characterId: tinker.id }),
      ]);
      const bought = await t.http
        .post(`${base(c)}/${q.id}/materials`)
        .set(c.auth)
        .send({ copies: 1 })
        .expect(200);
      expect(bought.body).toMatchObject({ copies: 2, copiesMade: 2 });
      expect((await inventory(c, tinker.id)).body.items).toHaveLength(2);
      expect((await inventory(c, smith.id)).body.items).toHaveLength(2);
    });

    it('refuses a roll that could finish more copies than the crafter can carry, before any die counts', async () => {
      const { c, smith } = await table();
      const p = await project(c, {
        item: 'Sabre',
        price: 100,
        complexity: 2,
        skills: ['smithing'],
        copies: 2,
      });
      const free = (await inventory(c, smith.id)).body.free;
      await fill(c, smith.id, free - 1);
      const twelve = seedFor(14, 2, (o) => o.successes === 12);
      const body = { characterId: smith.id, skillName: 'smithing', intellect: 14, skill: 0, seed: twelve };
      expectProblem(await rollOn(c, p.id, body), 409, 'INVENTORY_FULL', 'characterId');
      const unchanged = await t.http
        .get(`${base(c)}/${p.id}`)
        .set(c.auth)
        .expect(200);
      expect(unchanged.body).toMatchObject({ copiesMade: 0, progress: { total: 0 } });
      const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
      expect(log.body.items).toEqual([]);
      // Four dice can finish no copy of a 5-success item: the roll is allowed with a full pack.
      await fill(c, smith.id, 1);
      await rollOn(c, p.id, { ...body, intellect: 4 }).expect(201);
      // GraphQL says the same, and names the field.
      await advance(c);
      const refused = await gql(
        t.server,
        `mutation($c: ID!, $p: ID!, $ch: ID!) { craftingProjectRoll(campaignId: $c, projectId: $p, input: { characterId: $ch, skillName: "smithing", intellect: 14, skill: 0 }) { inventoryItems { id } } }`,
        { c: c.id, p: p.id, ch: smith.id },
        c.auth,
      );
      expect(codes(refused)).toEqual(['INVENTORY_FULL']);
    });

    it('answers the delivered copies over GraphQL', async () => {
      const { c, smith } = await table();
      const p = await project(c, { item: 'Dagger', price: 6, complexity: 2, skills: ['smithing'] });
      const one = seedFor(3, 2, (o) => o.successes >= 1);
      const rolled = await gql(
        t.server,
        `mutation($c: ID!, $p: ID!, $ch: ID!, $s: String) { craftingProjectRoll(campaignId: $c, projectId: $p, input: { characterId: $ch, skillName: "smithing", intellect: 3, skill: 0, seed: $s }) { copiesCompleted inventoryItems { name slots characterId } } }`,
        { c: c.id, p: p.id, ch: smith.id, s: one },
        c.auth,
      );
      expect(rolled.errors).toBeUndefined();
      expect(rolled.data?.craftingProjectRoll).toEqual({
        copiesCompleted: 1,
        inventoryItems: [{ name: 'Dagger', slots: 1, characterId: smith.id }],
      });
    });
  });

  it('lets a player roll only for its own characters, and a viewer not at all', async () => {
    const { c, tinker, smith, player, viewer } = await table();
    const p = await project(c, { item: 'Mill', price: 1000, skills: ['carpentry'] });
    expectProblem(
      await rollOn(
        c,
        p.id,
        { characterId: tinker.id, skillName: 'carpentry', intellect: 1, skill: 1 },
        player.auth,
      ),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await rollOn(
        c,
        p.id,
        { characterId: smith.id, skillName: 'carpentry', intellect: 1, skill: 1 },
        viewer.auth,
      ),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await rollOn(c, p.id, { characterId: 'ghost', skillName: 'carpentry', intellect: 1, skill: 1 }),
      404, // not an id: read as a name (issue 42), and no character is named so
      'NOT_FOUND',
      'characterId',
    );
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    expect(log.body.items).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the same roll, logged once', async () => {
    const { c, smith } = await table();
    const p = await project(c, { item: 'Mill', price: 1000, skills: ['carpentry'] });
    const body = { characterId: smith.id, skillName: 'carpentry', intellect: 2, skill: 2 };
    const first = await rollOn(c, p.id, body).set('Idempotency-Key', 'craft-1').expect(201);
    const retry = await rollOn(c, p.id, body).set('Idempotency-Key', 'craft-1').expect(201);
    expect(retry.body).toEqual(first.body);
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    expect(log.body.items).toHaveLength(1);
    expectProblem(
      await rollOn(c, p.id, { ...body, skill: 3 }).set('Idempotency-Key', 'craft-1'),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('counts two characters rolling on one project at the same moment (no lost update)', async () => {
    const { c, smith, tinker } = await table();
    const p = await project(c, { item: 'Bridge', price: 5000, complexity: 2, skills: ['masonry'] });
    const [a, b] = await Promise.all([
      rollOn(c, p.id, { characterId: smith.id, skillName: 'masonry', intellect: 5, skill: 0, seed: 'x' }),
      rollOn(c, p.id, { characterId: tinker.id, skillName: 'masonry', intellect: 5, skill: 0, seed: 'y' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const after = await t.http
      .get(`${base(c)}/${p.id}`)
      .set(c.auth)
      .expect(200);
    expect(after.body.progress.total).toBe(a.body.successes + b.body.successes);
  });

  it('lets only the referee abandon a project, which then takes no more work', async () => {
    const { c, smith, player } = await table();
    const p = await project(c, { item: 'Mill', price: 1000, skills: ['carpentry'] });
    expectProblem(await t.http.delete(`${base(c)}/${p.id}`).set(player.auth), 403, 'FORBIDDEN');
    const gone = await t.http
      .delete(`${base(c)}/${p.id}`)
      .set(c.auth)
      .expect(200);
    expect(gone.body.abandonedAt).toEqual(expect.any(String));
    expectProblem(
      await rollOn(c, p.id, { characterId: smith.id, skillName: 'carpentry', intellect: 1, skill: 1 }),
      409,
      'CONFLICT',
    );
  });

  it('has GraphQL twins for projects', async () => {
    const { c, smith, player } = await table();
    const auth = player.auth;
    const created = await gql(
      t.server,
      `mutation($c: ID!) { craftingProjectCreate(campaignId: $c, input: { item: "Lute", price: 40, skills: ["luthiery"] }) { id successesNeeded materialCost status } }`,
      { c: c.id },
      auth,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.craftingProjectCreate).toMatchObject({
      successesNeeded: 2,
      materialCost: 10,
      status: 'in_progress',
    });
    const id = created.data?.craftingProjectCreate.id;
    const rolled = await gql(
      t.server,
      `mutation($c: ID!, $p: ID!, $ch: ID!) { craftingProjectRoll(campaignId: $c, projectId: $p, input: { characterId: $ch, skillName: "luthiery", intellect: 2, skill: 1 }) { day successes rollId project { progress { total bySkill { skill successes } } } } }`,
      { c: c.id, p: id, ch: smith.id },
      auth,
    );
    expect(rolled.errors).toBeUndefined();
    expect(rolled.data?.craftingProjectRoll.day).toBe(1);
    const twice = await gql(
      t.server,
      `mutation($c: ID!, $p: ID!, $ch: ID!) { craftingProjectRoll(campaignId: $c, projectId: $p, input: { characterId: $ch, skillName: "luthiery", intellect: 2, skill: 1 }) { day } }`,
      { c: c.id, p: id, ch: smith.id },
      auth,
    );
    expect(codes(twice)).toEqual(['ALREADY_ROLLED_TODAY']);
    const listed = await gql(
      t.server,
      `query($c: ID!) { craftingProjects(campaignId: $c) { items { id item } next } }`,
      { c: c.id },
      auth,
    );
    expect(listed.data?.craftingProjects).toEqual({ items: [{ id, item: 'Lute' }], next: null });
    const one = await gql(
      t.server,
      `query($c: ID!, $p: ID!) { craftingProject(campaignId: $c, projectId: $p) { id } }`,
      { c: c.id, p: id },
      auth,
    );
    expect(one.data?.craftingProject).toEqual({ id });
    const abandon = await gql(
      t.server,
      `mutation($c: ID!, $p: ID!) { craftingProjectAbandon(campaignId: $c, projectId: $p) { id } }`,
      { c: c.id, p: id },
      auth,
    );
    expect(codes(abandon)).toEqual(['FORBIDDEN']);
    const materials = await gql(
      t.server,
      `mutation($c: ID!, $p: ID!) { craftingProjectMaterials(campaignId: $c, projectId: $p, input: { copies: 1 }) { copies } }`,
      { c: c.id, p: id },
      auth,
    );
    expect(materials.data?.craftingProjectMaterials).toEqual({ copies: 2 });
  });
});
