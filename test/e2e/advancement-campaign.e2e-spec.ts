import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  startSession,
} from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem, fieldsOf } from '../factories/problem';

const GM = {
  abilities: { strength: 16, agility: 9, endurance: 15, intelligence: 10, wisdom: 11, charisma: 8 },
  archetypes: [{ archetype: 'warrior', level: 1 }],
};
const COEAC = { skills: { Diplomacy: 2 }, saves: { Vigor: 1 }, maxHp: 8 };

describe(`advancement in a campaign (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const base = (c: CampaignFixture) => `/v1/campaigns/${c.id}`;
  const char = (c: CampaignFixture, id: string) => `${base(c)}/characters/${id}`;

  async function table(sheet: object = GM, system = 'gm') {
    const c = await createCampaign(t.server);
    const ids: string[] = [];
    for (const name of ['Ann', 'Bo', 'Cy']) {
      const ch = await createCharacter(t.server, c, { name, wealth: 4 });
      await t.http
        .put(`${char(c, ch.id)}/sheets/${system}`)
        .set(c.auth)
        .send({ sheet })
        .expect(200);
      ids.push(ch.id);
    }
    const player = await createKey(t.server, c, { role: 'player', characterIds: [ids[0]] });
    return { c, ids, player };
  }

  const gmSheet = async (c: CampaignFixture, id: string) =>
    (
      await t.http
        .get(`${char(c, id)}/sheets/gm`)
        .set(c.auth)
        .expect(200)
    ).body.sheet;

  it('shares loot experience into three stored totals and makes the level-up that follows, logged', async () => {
    const { c, ids } = await table();
    // 1,500 silver of loot: 3,000 experience, 1,000 each, exactly level 2 (500 × 2 × 1).
    const res = await t.http
      .post(`${base(c)}/loot-experience-awards`)
      .set(c.auth)
      .send({ silver: 150_000, characterIds: ids, seed: 'loot' })
      .expect(201);
    expect(res.body).toMatchObject({ totalExperience: 3000, each: 1000, remainder: 0, rule: 'divided' });
    expect(res.body.awards).toHaveLength(3);
    for (const [i, award] of res.body.awards.entries()) {
      expect(award).toMatchObject({
        characterId: ids[i],
        source: 'loot',
        gained: 1000,
        experienceBefore: 0,
        experience: 1000,
        levelBefore: 1,
        levelAfter: 2,
      });
      expect(award.levelUps).toHaveLength(1);
      const up = award.levelUps[0];
      // Level 2 is even: verve d10 + strength (minor, 16 → +1) + intelligence (minor, 10 → 0).
      expect(up).toMatchObject({ archetype: 'warrior', level: 2, mojo: 12, fightingArt: 1 });
      expect(up.roll.pool).toBe('verve');
      expect(up.roll.gain).toBe(up.roll.die + 1);
      expect(
        up.roll.distribution.reduce((a: number, d: { probability: number }) => a + d.probability, 0),
      ).toBeCloseTo(1, 12);
      const sheet = await gmSheet(c, ids[i]);
      expect(sheet.experience).toBe(1000);
      expect(sheet.archetypes).toEqual([{ archetype: 'warrior', level: 2 }]);
      // Verve 5 + 1 + 0 at first level, then the gain; mojo 12 + 2 (strength 16) + 12.
      expect(sheet.verve).toEqual({ current: 6 + up.roll.gain, max: 6 + up.roll.gain });
      expect(sheet.mojo).toEqual({ current: 26, max: 26 });
      // Reactions follow the archetype level: fortitude (archetypal) and the others +1 at level 2.
      expect(sheet.reactions.fortitude).toBeGreaterThan(0);
      const roll = (
        await t.http
          .get(`${base(c)}/rolls/${up.rollId}`)
          .set(c.auth)
          .expect(200)
      ).body;
      // One logged roll carries the award and its level-up (their dice from one seed).
      expect(up.rollId).toBe(award.rollId);
      expect(roll.procedure).toBe('advancement.gm-experience.v2');
      expect(roll.outcome.levelUps).toEqual([expect.objectContaining({ level: 2, faces: up.faces })]);
      expect(roll.inputs).toMatchObject({ amount: 1000, experience: 0, source: 'loot' });
      const replay = await t.http
        .get(`${base(c)}/rolls/${award.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
    }
    const ledger = (
      await t.http
        .get(`${char(c, ids[0])}/conditions`)
        .set(c.auth)
        .expect(200)
    ).body.items;
    const xp = ledger.filter((e: { field: string }) => e.field === 'experience');
    expect(xp.map((e: { delta: number; valueAfter: number }) => [e.delta, e.valueAfter])).toEqual([
      [1000, 1000],
    ]);
    // The award's entry, then the level-up's, in that order, each naming the award's one logged roll
    // (the sheet is written once for both: docs/benchmarks.md, stop 18).
    const award = res.body.awards[0];
    const gain = award.levelUps[0].roll.gain as number;
    type Entry = { field: string; delta: number; valueAfter: number; procedure: string; rollId: string };
    const v2 = 'advancement.gm-experience.v2';
    expect(
      ledger.slice(-5).map((e: Entry) => [e.field, e.delta, e.valueAfter, e.procedure, e.rollId]),
    ).toEqual([
      ['experience', 1000, 1000, v2, award.rollId],
      ['verve.max', gain, 6 + gain, v2, award.rollId],
      ['verve.current', gain, 6 + gain, v2, award.rollId],
      ['mojo.max', 12, 26, v2, award.rollId],
      ['mojo.current', 12, 26, v2, award.rollId],
    ]);
    // The standing answers what the level-up left (a warrior: no slots, no specialty at level 2).
    const standing = (
      await t.http
        .get(`${char(c, ids[0])}/advancement`)
        .set(c.auth)
        .expect(200)
    ).body;
    expect(standing).toMatchObject({ experience: 1000, level: 2, characterLevel: 2, specialtiesDue: 0 });
  });

  it('awards experience once per Idempotency-Key, sums parallel awards exactly, and only the referee awards', async () => {
    const { c, ids, player } = await table();
    const url = `${char(c, ids[0])}/experience`;
    const first = await t.http
      .post(url)
      .set(c.auth)
      .set('Idempotency-Key', 'xp-1')
      .send({ amount: 300 })
      .expect(201);
    const retry = await t.http
      .post(url)
      .set(c.auth)
      .set('Idempotency-Key', 'xp-1')
      .send({ amount: 300 })
      .expect(201);
    expect(retry.body).toEqual(first.body);
    expect((await gmSheet(c, ids[0])).experience).toBe(300);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.http
          .post(url)
          .set(c.auth)
          .send({ amount: 10 + i })
          .expect(201),
      ),
    );
    // 300 + (10 + … + 17) = 300 + 108.
    expect((await gmSheet(c, ids[0])).experience).toBe(408);
    expectProblem(await t.http.post(url).set(player.auth).send({ amount: 5 }), 403, 'FORBIDDEN');
    expectProblem(await t.http.post(url).set(c.auth).send({ amount: 0 }), 400, 'VALIDATION_FAILED', 'amount');
    expect((await gmSheet(c, ids[0])).experience).toBe(408);
    // GraphQL twin.
    const g = await gql(
      t.server,
      'mutation($c: ID!, $ch: ID!, $i: ExperienceAwardInput!) { awardExperience(campaignId: $c, characterId: $ch, input: $i) { experience levelAfter levelUps { level } } }',
      { c: c.id, ch: ids[0], i: { amount: 600, seed: 'g' } },
      c.auth,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.awardExperience).toMatchObject({
      experience: 1008,
      levelAfter: 2,
      levelUps: [{ level: 2 }],
    });
  });

  it('refuses experience to a retired character and names a missing sheet or character', async () => {
    const { c, ids } = await table();
    await t.http
      .put(`${char(c, ids[1])}/sheets/coeac`)
      .set(c.auth)
      .send({ sheet: COEAC })
      .expect(200);
    await t.http
      .post(`${char(c, ids[1])}/retirement`)
      .set(c.auth)
      .send({})
      .expect(201);
    const award = (id: string) =>
      t.http
        .post(`${char(c, id)}/experience`)
        .set(c.auth)
        .send({ amount: 1000 });
    expectProblem(await award(ids[1]), 409, 'CONFLICT', 'characterId');
    expect((await gmSheet(c, ids[1])).experience).toBe(0);
    const bare = await createCharacter(t.server, c, { name: 'Dee' });
    expectProblem(await award(bare.id), 422, 'SHEET_MISSING');
    expectProblem(await award('00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    // A level-up award to an active character still answers (the same one-statement read).
    const ok = await award(ids[0]).expect(201);
    expect(ok.body.levelUps).toHaveLength(1);
  });

  it('takes a first-level character past 100,000 experience to level 15 in one award, one roll', async () => {
    const { c, ids } = await table();
    const res = await t.http
      .post(`${char(c, ids[0])}/experience`)
      .set(c.auth)
      .send({ amount: 105_000, seed: 'veteran' })
      .expect(201);
    expect(res.body).toMatchObject({ experience: 105_000, levelBefore: 1, levelAfter: 15 });
    expect(res.body.levelUps.map((u: { level: number }) => u.level)).toEqual(
      Array.from({ length: 14 }, (_, i) => i + 2),
    );
    expect(new Set(res.body.levelUps.map((u: { rollId: string }) => u.rollId))).toEqual(
      new Set([res.body.rollId]),
    );
    const sheet = await gmSheet(c, ids[0]);
    expect(sheet).toMatchObject({ experience: 105_000, archetypes: [{ archetype: 'warrior', level: 15 }] });
    // Mojo: 12 + 2 (strength 16) at first level, then 10 + L for each level from 2 to 15.
    const mojo = 14 + Array.from({ length: 14 }, (_, i) => 10 + i + 2).reduce((a, b) => a + b, 0);
    expect(sheet.mojo).toEqual({ current: mojo, max: mojo });
    // Past level 100 is refused, naming amount, and nothing changes.
    expectProblem(
      await t.http
        .post(`${char(c, ids[0])}/experience`)
        .set(c.auth)
        .send({ amount: 10_000_000 }),
      400,
      'VALIDATION_FAILED',
      'amount',
    );
    expect((await gmSheet(c, ids[0])).experience).toBe(105_000);
  });

  it('takes a bid on the character’s latest failed archetypal roll, once, through a new logged roll', async () => {
    const { c, ids, player } = await table();
    const checks = `${char(c, ids[0])}/checks`;
    let failed: { rollId: string; roll: number; target: number } | null = null;
    for (let i = 0; i < 40 && !failed; i++) {
      const res = await t.http
        .post(checks)
        .set(player.auth)
        .send({ system: 'gm', reaction: 'fortitude', seed: `bid-${i}` })
        .expect(201);
      if (!res.body.passed) failed = res.body;
    }
    expect(failed).not.toBeNull();
    const needed = failed!.roll - failed!.target;
    // The check's answer offers the choice: the least bid that turns it.
    expect((failed as unknown as { mojoNeeded: number }).mojoNeeded).toBe(needed);
    const mojoBefore = (await gmSheet(c, ids[0])).mojo.current;
    const bid = await t.http
      .post(`${char(c, ids[0])}/mojo-bids`)
      .set(player.auth)
      .send({ rollId: failed!.rollId, bid: needed + 2 })
      .expect(201);
    expect(bid.body).toMatchObject({
      refersTo: failed!.rollId,
      outcome: 'turned',
      passed: true,
      mojoLost: needed,
      experienceGained: 50 * needed,
      mojoLeft: mojoBefore - needed,
    });
    expect(bid.body.experience).toMatchObject({ source: 'mojo', gained: 50 * needed });
    const sheet = await gmSheet(c, ids[0]);
    expect(sheet.mojo.current).toBe(mojoBefore - needed);
    expect(sheet.experience).toBe(50 * needed);
    // The old roll is unchanged; the new one refers to it.
    const old = (
      await t.http
        .get(`${base(c)}/rolls/${failed!.rollId}`)
        .set(c.auth)
        .expect(200)
    ).body;
    expect(old.outcome.passed).toBe(false);
    const logged = (
      await t.http
        .get(`${base(c)}/rolls/${bid.body.rollId}`)
        .set(c.auth)
        .expect(200)
    ).body;
    expect(logged).toMatchObject({
      procedure: 'advancement.gm-mojo-bid',
      outcome: { refersTo: failed!.rollId, passed: true },
    });
    // Once per roll.
    expectProblem(
      await t.http
        .post(`${char(c, ids[0])}/mojo-bids`)
        .set(player.auth)
        .send({ rollId: failed!.rollId, bid: 3 }),
      409,
      'CONFLICT',
    );
    // Not another character's roll, and not for another player's character.
    expectProblem(
      await t.http
        .post(`${char(c, ids[1])}/mojo-bids`)
        .set(c.auth)
        .send({ rollId: failed!.rollId, bid: 3 }),
      422,
      'UNPROCESSABLE',
      'rollId',
    );
    expectProblem(
      await t.http
        .post(`${char(c, ids[1])}/mojo-bids`)
        .set(player.auth)
        .send({ rollId: failed!.rollId, bid: 3 }),
      403,
      'FORBIDDEN',
    );
  });

  it('answers mojoNeeded only on a failed archetypal roll (REST and GraphQL); a specialty makes a roll archetypal', async () => {
    const { c, ids, player } = await table({
      ...{},
      ...GM,
      specialties: [{ name: 'Dwarf', bonus: 1 }],
    });
    const checks = `${char(c, ids[0])}/checks`;
    type Check = { rollId: string; roll: number; target: number; passed: boolean; mojoNeeded: number | null };
    const failing = async (body: object, prefix: string): Promise<Check> => {
      for (let i = 0; i < 60; i++) {
        const res = await t.http
          .post(checks)
          .set(player.auth)
          .send({ ...{}, ...body, system: 'gm', seed: `${prefix}-${i}` })
          .expect(201);
        if (!res.body.passed) return res.body as Check;
        expect(res.body.mojoNeeded).toBeNull();
      }
      throw new Error(`no failure in 60 seeds for ${JSON.stringify(body)}`);
    };
    // Evasion is not the warrior's reaction (fortitude is): nothing to offer, and a bid is refused.
    const plain = await failing({ reaction: 'evasion' }, 'plain');
    expect(plain.mojoNeeded).toBeNull();
    expectProblem(
      await t.http
        .post(`${char(c, ids[0])}/mojo-bids`)
        .set(player.auth)
        .send({ rollId: plain.rollId, bid: 20 }),
      422,
      'UNPROCESSABLE',
    );
    // The same reaction with the sheet's specialty is archetypal (001:978): offered, and taken.
    const special = await failing({ reaction: 'evasion', specialty: 'Dwarf' }, 'special');
    expect(special.mojoNeeded).toBe(special.roll - special.target);
    const bid = await t.http
      .post(`${char(c, ids[0])}/mojo-bids`)
      .set(player.auth)
      .send({ rollId: special.rollId, bid: special.mojoNeeded })
      .expect(201);
    expect(bid.body).toMatchObject({ outcome: 'turned', mojoLost: special.mojoNeeded });
    // GraphQL answers the same member.
    for (let i = 0; i < 60; i++) {
      const res = await gql(
        t.server,
        `mutation ($c: ID!, $h: ID!, $s: String!) { characterCheck(campaignId: $c, characterId: $h, input: { system: gm, reaction: "fortitude", seed: $s }) { passed roll target mojoNeeded } }`,
        { c: c.id, h: ids[0], s: `gql-${i}` },
        player.auth,
      );
      expect(res.errors).toBeUndefined();
      const check = res.data!.characterCheck;
      if (check.passed) {
        expect(check.mojoNeeded).toBeNull();
        continue;
      }
      expect(check.mojoNeeded).toBe(check.roll - check.target);
      return;
    }
    throw new Error('no GraphQL failure in 60 seeds');
  });

  it('spends mojo at its price and refuses what the character cannot pay', async () => {
    const { c, ids, player } = await table();
    const url = `${char(c, ids[0])}/mojo-spends`;
    // Strength 16, the warrior's archetypal ability: 2 × 16 = 32; the sheet holds 14 mojo.
    expectProblem(
      await t.http.post(url).set(player.auth).send({ kind: 'ability', ability: 'strength' }),
      422,
      'UNPROCESSABLE',
      'kind',
    );
    const skill = await t.http
      .post(url)
      .set(player.auth)
      .send({ kind: 'skill', subject: 'Climbing', beforeRoll: true })
      .expect(201);
    expect(skill.body).toMatchObject({ cost: 5, beforeRollBonus: 5, mojoLeft: 9 });
    const g = await gql(
      t.server,
      'mutation($c: ID!, $ch: ID!, $i: MojoSpendInput!) { spendMojo(campaignId: $c, characterId: $ch, input: $i) { cost mojoLeft } }',
      { c: c.id, ch: ids[0], i: { kind: 'field', subject: 'Swords', current: 2 } },
      player.auth,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.spendMojo).toEqual({ cost: 6, mojoLeft: 3 });
    expect((await gmSheet(c, ids[0])).mojo.current).toBe(3);
  });

  it('runs a study project over several periods into practical mojo', async () => {
    const { c, ids, player } = await table();
    // The purse (Cash, in centisilver) pays the study: 100 silver is plenty.
    await t.http
      .post(`${char(c, ids[0])}/cash-adjustments`)
      .set(c.auth)
      .send({ delta: 10_000, reason: 'purse' })
      .expect(201);
    const project = await t.http
      .post(`${char(c, ids[0])}/study-projects`)
      .set(player.auth)
      .send({ subject: 'Alchemy', mode: 'normal', resources: [{ type: 'general-library', level: 6 }] })
      .expect(201);
    expect(project.body).toMatchObject({ subject: 'Alchemy', periods: 0, mojo: 0 });
    const url = `${char(c, ids[0])}/study-projects/${project.body.id}/periods`;
    const one = await t.http.post(url).set(player.auth).send({ periods: 2 }).expect(201);
    const two = await t.http.post(url).set(player.auth).send({ periods: 3 }).expect(201);
    // Split into calls, the study gives what five periods at once give.
    const whole = await t.http
      .post('/v1/advancement/gm/study')
      .send({ mode: 'normal', resources: [{ type: 'general-library', level: 6 }], periods: 5 })
      .expect(200);
    expect(one.body.mojo + two.body.mojo).toBe(whole.body.totalMojo);
    expect(two.body.project).toMatchObject({
      periods: 5,
      mojo: whole.body.totalMojo,
      silver: whole.body.silver,
    });
    expect(two.body.practicalMojo).toBe(whole.body.totalMojo);
    const g = await gql(
      t.server,
      'query($c: ID!, $ch: ID!) { characterAdvancement(campaignId: $c, characterId: $ch) { practicalMojo { subject mojo } studyProjects { periods } } }',
      { c: c.id, ch: ids[0] },
      player.auth,
    );
    expect(g.data!.characterAdvancement).toEqual({
      practicalMojo: [{ subject: 'Alchemy', mojo: whole.body.totalMojo }],
      studyProjects: [{ periods: 5 }],
    });
  });

  it('pays study silver and fees from the purse (Cash in centisilver), refuses a short purse whole, replays a retry', async () => {
    const { c, ids, player } = await table();
    const plan = { mode: 'normal', resources: [{ type: 'general-book', level: 5 }], feePerMojo: 2 };
    const project = await t.http
      .post(`${char(c, ids[0])}/study-projects`)
      .set(player.auth)
      .send({ subject: 'Herbalism', ...plan })
      .expect(201);
    // Books of level 5: total 5, "1 per 2 periods"; a week is 1 mojo at 1 silver, each resource
    // mojo 2 silver of fees more. Two weeks: 2 + 1 mojo, 3 silver of study and 2 of fees.
    const two = (
      await t.http
        .post('/v1/advancement/gm/study')
        .send({ ...plan, periods: 2 })
        .expect(200)
    ).body;
    expect(two).toMatchObject({ totalMojo: 3, resourceMojo: 1, studySilver: 3, fees: 2, silver: 5 });
    const cash = async () =>
      (
        await t.http
          .get(`${base(c)}/characters/${ids[0]}`)
          .set(c.auth)
          .expect(200)
      ).body.cash as number;
    const cashLedger = async () =>
      (
        await t.http
          .get(`${char(c, ids[0])}/ledger`)
          .set(c.auth)
          .expect(200)
      ).body.items as Array<{ cashDelta: number; reason: string; rollId: string | null }>;
    const url = `${char(c, ids[0])}/study-projects/${project.body.id}/periods`;

    // An empty purse: refused whole, naming periods; nothing studied, paid or logged.
    const before = (await cashLedger()).length;
    expectProblem(
      await t.http.post(url).set(player.auth).send({ periods: 2 }).expect(422),
      422,
      'INSUFFICIENT_CASH',
      'periods',
    );

    // 7 silver in the purse (700 centisilver): two weeks cost 500.
    await t.http
      .post(`${char(c, ids[0])}/cash-adjustments`)
      .set(c.auth)
      .send({ delta: 700, reason: 'purse' })
      .expect(201);
    const paid = await t.http
      .post(url)
      .set(player.auth)
      .set('Idempotency-Key', 'study-1')
      .send({ periods: 2 })
      .expect(201);
    expect(paid.body).toMatchObject({ mojo: 3, silver: 5, fees: 2, paid: 500, cashLeft: 200 });
    expect(paid.body.ledgerEntry).toMatchObject({
      characterId: ids[0],
      cashDelta: -500,
      cashAfter: 200,
      reason: 'gm-study',
      note: 'Herbalism',
      rollId: paid.body.rollId,
    });
    expect(paid.body.project).toMatchObject({ periods: 2, mojo: 3, silver: 5, fees: 2 });
    expect(await cash()).toBe(200);

    // The retry answers the stored answer and pays nothing again.
    const retry = await t.http
      .post(url)
      .set(player.auth)
      .set('Idempotency-Key', 'study-1')
      .send({ periods: 2 })
      .expect(201);
    expect(retry.body).toEqual(paid.body);
    expect(await cash()).toBe(200);
    expect((await cashLedger()).length).toBe(before + 2); // the adjustment and the one payment

    // Two more weeks cost 2 + 1 mojo (the second book mojo falls due) = 3 silver and 2 of fees: 500
    // centisilver, more than the 200 left. Refused, and nothing changes.
    expectProblem(
      await t.http
        .post(url)
        .set(player.auth)
        .set('Idempotency-Key', 'study-2')
        .send({ periods: 2 })
        .expect(422),
      422,
      'INSUFFICIENT_CASH',
      'periods',
    );
    expect(await cash()).toBe(200);
    expect((await cashLedger()).length).toBe(before + 2);
    const standing = async () =>
      (
        await t.http
          .get(`${char(c, ids[0])}/advancement`)
          .set(c.auth)
          .expect(200)
      ).body;
    expect((await standing()).practicalMojo).toEqual([{ subject: 'Herbalism', mojo: 3 }]);
    expect((await standing()).studyProjects).toEqual([expect.objectContaining({ periods: 2, silver: 5 })]);

    // GraphQL: one more week (1 mojo, 1 silver, no book mojo due at 3 periods) is paid from the
    // purse; a retry with the same key replays it; a short purse is refused the same way.
    const doc = `mutation($c: ID!, $ch: ID!, $p: ID!, $n: Int!) {
      studyPeriods(campaignId: $c, characterId: $ch, projectId: $p, input: { periods: $n }) {
        mojo silver fees paid cashLeft ledgerEntry { cashDelta cashAfter reason } project { periods silver }
      }
    }`;
    const vars = (n: number) => ({ c: c.id, ch: ids[0], p: project.body.id, n });
    const headers = { ...player.auth, 'Idempotency-Key': 'study-3' };
    const g = await gql(t.server, doc, vars(1), headers);
    expect(g.errors).toBeUndefined();
    expect(g.data!.studyPeriods).toEqual({
      mojo: 1,
      silver: 1,
      fees: 0,
      paid: 100,
      cashLeft: 100,
      ledgerEntry: { cashDelta: -100, cashAfter: 100, reason: 'gm-study' },
      project: { periods: 3, silver: 6 },
    });
    const again = await gql(t.server, doc, vars(1), headers);
    expect(again.data).toEqual(g.data);
    expect(await cash()).toBe(100);
    // The fourth week brings the second book mojo: 2 silver and 2 of fees, 400 > 100.
    const short = await gql(t.server, doc, vars(1), player.auth);
    expect(short.data).toBeNull();
    expect(short.errors?.[0].extensions?.code).toBe('INSUFFICIENT_CASH');
    expect(fieldsOf(short.errors?.[0].extensions?.errors)).toEqual(['periods']);
    expect(await cash()).toBe(100);
    expect((await standing()).practicalMojo).toEqual([{ subject: 'Herbalism', mojo: 4 }]);
    expect((await cashLedger()).length).toBe(before + 3);
  });

  it('awards Boons at session end once per rostered character, and retires a character with its score', async () => {
    const { c, ids, player } = await table(COEAC, 'coeac');
    await startSession(t.server, c);
    await t.http
      .put(`${base(c)}/sessions/current/roster`)
      .set(c.auth)
      .send({ characterIds: [ids[0], ids[1]] })
      .expect(200);
    const boons = await t.http
      .post(`${base(c)}/boons`)
      .set(c.auth)
      .send({
        awards: [
          { characterId: ids[0], boons: 2 },
          { characterId: ids[1], boons: 1 },
        ],
      })
      .expect(201);
    expect(boons.body.awards).toEqual([
      { characterId: ids[0], boons: 2, total: 2 },
      { characterId: ids[1], boons: 1, total: 1 },
    ]);
    expectProblem(
      await t.http
        .post(`${base(c)}/boons`)
        .set(c.auth)
        .send({ awards: [{ characterId: ids[0], boons: 1 }] }),
      409,
      'ALREADY_USED_THIS_SESSION',
      'awards[0].characterId',
    );
    expectProblem(
      await t.http
        .post(`${base(c)}/boons`)
        .set(c.auth)
        .send({ awards: [{ characterId: ids[2], boons: 1 }] }),
      409,
      'NOT_ON_ROSTER',
      'awards[0].characterId',
    );
    const g = await gql(
      t.server,
      'mutation($c: ID!, $ch: ID!, $i: RetirementInput!) { retireCharacter(campaignId: $c, characterId: $ch, input: $i) { wealth boons faction factionRoll { reputationBefore raised } } }',
      { c: c.id, ch: ids[0], i: { faction: 'Guild', seed: 'r' } },
      player.auth,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.retireCharacter).toMatchObject({ wealth: 4, boons: 2, faction: 'guild' });
    expect(g.data!.retireCharacter.factionRoll.reputationBefore).toBe(0);
    // d6 + 0 is always above 0: the Reputation rises.
    expect(g.data!.retireCharacter.factionRoll.raised).toBe(true);
    const list = (
      await t.http
        .get(`${base(c)}/retirements`)
        .set(player.auth)
        .expect(200)
    ).body.items;
    expect(list).toEqual([expect.objectContaining({ characterId: ids[0], wealth: 4, boons: 2 })]);
    expectProblem(
      await t.http
        .post(`${char(c, ids[0])}/retirement`)
        .set(c.auth)
        .send({}),
      409,
      'CONFLICT',
      'characterId',
    );
  });

  it('keeps Reputation per faction with its history, and a Circles test reads it', async () => {
    const { c, player } = await table(COEAC, 'coeac');
    const change = (faction: string, delta: number) =>
      t.http
        .post(`${base(c)}/reputation-changes`)
        .set(c.auth)
        .send({ faction, delta, reason: 'test' });
    await change('Red Hand', 3).expect(201);
    await change('red hand', 1).expect(201);
    expectProblem(await change('Red Hand', 3), 422, 'OUT_OF_RANGE', 'delta');
    expectProblem(
      await t.http
        .post(`${base(c)}/reputation-changes`)
        .set(player.auth)
        .send({ faction: 'x', delta: 1 }),
      403,
      'FORBIDDEN',
    );
    const list = (
      await t.http
        .get(`${base(c)}/reputation`)
        .set(player.auth)
        .expect(200)
    ).body;
    expect(list.items).toEqual([{ faction: 'red hand', value: 4 }]);
    const history = (
      await t.http
        .get(`${base(c)}/reputation/history`)
        .set(player.auth)
        .expect(200)
    ).body.items;
    expect(history.map((h: { delta: number; valueAfter: number }) => [h.delta, h.valueAfter])).toEqual([
      [3, 3],
      [1, 4],
    ]);
    const body = { factors: [{ name: 'far away' }], skill: 'diplomacy', pool: 3, seed: 'c1' };
    const withRep = await t.http
      .post(`${base(c)}/circles`)
      .set(player.auth)
      .send({ ...body, faction: 'Red Hand' })
      .expect(201);
    const without = await t.http
      .post(`${base(c)}/circles`)
      .set(player.auth)
      .send(body)
      .expect(201);
    expect(withRep.body).toMatchObject({ reputation: 4, reputationDice: 4, faction: 'red hand' });
    expect(without.body).toMatchObject({ reputation: 0, reputationDice: 0, faction: null });
    expect(withRep.body.dice).toBe(without.body.dice + 4);
    const g = await gql(
      t.server,
      'mutation($c: ID!, $i: CampaignCirclesInput!) { campaignCircles(campaignId: $c, input: $i) { reputation dice rollId } }',
      { c: c.id, i: { ...body, faction: 'RED HAND' } },
      player.auth,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.campaignCircles).toMatchObject({ reputation: 4, dice: withRep.body.dice });
  });

  it('unlocks specialty classes (referee) readable by every key', async () => {
    const { c, ids, player } = await table(COEAC, 'coeac');
    await t.http
      .post(`${base(c)}/specialty-classes`)
      .set(c.auth)
      .send({ className: 'Witch Hunter', characterId: ids[1] })
      .expect(201);
    expectProblem(
      await t.http
        .post(`${base(c)}/specialty-classes`)
        .set(player.auth)
        .send({ className: 'X' }),
      403,
      'FORBIDDEN',
    );
    const g = await gql(
      t.server,
      'query($c: ID!) { specialtyClasses(campaignId: $c) { items { className unlockedBy } } }',
      { c: c.id },
      player.auth,
    );
    expect(g.data!.specialtyClasses.items).toEqual([{ className: 'Witch Hunter', unlockedBy: [ids[1]] }]);
  });

  it('spends class resources one of each kind per action, through the ledger, for the own character only', async () => {
    const sheet = { ...COEAC, classResources: { Luck: { max: 2 }, Steel: { max: 1 } } };
    const { c, ids, player } = await table(sheet, 'coeac');
    const url = `${char(c, ids[0])}/class-resource-spends`;
    const spent = await t.http
      .post(url)
      .set(player.auth)
      .send({ resources: ['luck', 'Steel'], reason: 'a desperate parry' })
      .expect(201);
    expect(spent.body.resources).toEqual([
      { name: 'Luck', current: 1, max: 2 },
      { name: 'Steel', current: 0, max: 1 },
    ]);
    expectProblem(
      await t.http
        .post(url)
        .set(player.auth)
        .send({ resources: ['Luck', 'LUCK'] }),
      400,
      'VALIDATION_FAILED',
      'resources',
    );
    // Steel is gone: refused, and Luck is not spent either.
    expectProblem(
      await t.http
        .post(url)
        .set(player.auth)
        .send({ resources: ['Luck', 'Steel'] }),
      422,
      'UNPROCESSABLE',
      'resources[1]',
    );
    expectProblem(
      await t.http
        .post(`${char(c, ids[1])}/class-resource-spends`)
        .set(player.auth)
        .send({ resources: ['Luck'] }),
      403,
      'FORBIDDEN',
    );
    const g = await gql(
      t.server,
      'mutation($c: ID!, $ch: ID!, $i: ClassResourceSpendInput!) { spendClassResources(campaignId: $c, characterId: $ch, input: $i) { resources { name current } } }',
      { c: c.id, ch: ids[0], i: { resources: ['Luck'] } },
      player.auth,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.spendClassResources.resources).toEqual([{ name: 'Luck', current: 0 }]);
  });
});
