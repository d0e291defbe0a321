import { DATABASE_KIND, startApp, TestApp } from './harness';
import { createCharacter, createKey, putSheet, sheetOf, startSession } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { characterPath, GM_ABILITIES, gmHarmTable, gmWarriorSheet } from '../factories/gm-harm';

/*
 * G&M's last rules (issue 43): the ice row, the readings (psychic entry, one group-effort table),
 * doubling on request, the four verve tests (stateless and on a stored sheet) and the equipment side
 * rules; REST and GraphQL, SQLite and PostgreSQL.
 */

/** Each no-dice calculator: its REST path, its GraphQL query and input type, a body, its answer. */
const CALCULATORS = [
  {
    path: '/v1/wealth/gm/carvings',
    field: 'gmCarving',
    type: 'GmCarvingInput',
    body: { woodCost: 200, woodBulkHundredths: 50, material: 'stone' },
    select: 'material costMultiplier bulkMultiplier cost bulkHundredths',
    answer: { material: 'stone', costMultiplier: 4, bulkMultiplier: 4, cost: 800, bulkHundredths: 200 },
    bad: { body: { woodCost: 200, woodBulkHundredths: 50, material: 'jade' }, field: 'material' },
  },
  {
    path: '/v1/wealth/gm/locks',
    field: 'gmLock',
    type: 'GmLockInput',
    body: { cost: 3200 },
    select: 'cost doublings pickPenalty',
    answer: { cost: 3200, doublings: 2, pickPenalty: 2 },
    bad: { body: { cost: 100 }, field: 'cost' },
  },
  {
    path: '/v1/wealth/gm/light-sources',
    field: 'gmLightSource',
    type: 'GmLightInput',
    body: { source: 'candle', distanceYards: 3, burntMinutes: 60 },
    select:
      'source radiusYards burnMinutes minutesLeft activationRounds evasionRollToActivate lit actionPenalty',
    answer: {
      source: 'candle',
      radiusYards: 6,
      burnMinutes: 360,
      minutesLeft: 300,
      activationRounds: 1,
      evasionRollToActivate: false,
      lit: true,
      actionPenalty: 1,
    },
    bad: { body: { source: 'sun' }, field: 'source' },
  },
  {
    path: '/v1/wealth/gm/item-tasks',
    field: 'gmItemTask',
    type: 'GmItemTaskInput',
    body: { task: 'strike-fire', inCombat: true },
    // GraphQL enum values cannot hold dashes: the value is named with an underscore.
    gqlBody: { task: 'strike_fire', inCombat: true },
    select: 'task rounds evasionRoll',
    answer: { task: 'strike-fire', rounds: 2, evasionRoll: true },
    bad: { body: { task: 'juggle' }, field: 'task' },
  },
  {
    path: '/v1/wealth/gm/full-helmets',
    field: 'gmFullHelmet',
    type: 'GmFullHelmetInput',
    body: { otherArmorCost: 30000 },
    select: 'cost defense bulkHundredths perceptionPenalty attackPenalty modifiers { name value }',
    answer: {
      cost: 3000,
      defense: 1,
      bulkHundredths: 400,
      perceptionPenalty: 1,
      attackPenalty: 1,
      modifiers: [
        { name: 'full helmet: perception', value: -1 },
        { name: 'full helmet: attack', value: -1 },
      ],
    },
    bad: { body: { otherArmorCost: -5 }, field: 'otherArmorCost' },
  },
  {
    path: '/v1/wealth/gm/strength-bows',
    field: 'gmStrengthBow',
    type: 'GmStrengthBowPriceInput',
    body: { baseCost: 2500, builtStrength: 16, wielderStrength: 16 },
    select: 'builtMajor priceMultiple cost rangePercent wielderTooWeak',
    answer: { builtMajor: 2, priceMultiple: 3, cost: 7500, rangePercent: 50, wielderTooWeak: false },
    bad: { body: { baseCost: 2500 }, field: 'builtStrength' },
  },
  {
    path: '/v1/wealth/gm/loads',
    field: 'gmLoad',
    type: 'GmLoadInput',
    body: {
      strength: 12,
      items: [
        { name: 'Long sword', bulkHundredths: 800, weapon: true },
        { name: 'Staff', bulkHundredths: 1200, weapon: true, neverUsedAsWeapon: true },
        { name: 'Sack', bulkHundredths: 100, contents: [{ name: 'Rope', bulkHundredths: 300 }] },
      ],
    },
    select:
      'strength maxItemBulkHundredths itemCount totalBulkHundredths carryScore items { name bulkHundredths items withinLimit handsToWield contents { name bulkHundredths items withinLimit handsToWield } }',
    answer: {
      strength: 12,
      maxItemBulkHundredths: 1200,
      itemCount: 3,
      totalBulkHundredths: 800 + 600 + 400,
      carryScore: null,
      items: [
        {
          name: 'Long sword',
          bulkHundredths: 800,
          items: 1,
          withinLimit: true,
          handsToWield: 2,
          contents: [],
        },
        { name: 'Staff', bulkHundredths: 600, items: 1, withinLimit: true, handsToWield: null, contents: [] },
        {
          name: 'Sack',
          bulkHundredths: 400,
          items: 1,
          withinLimit: true,
          handsToWield: null,
          contents: [{ name: 'Rope', bulkHundredths: 300, items: 1, withinLimit: true, handsToWield: null }],
        },
      ],
    },
    bad: {
      body: { strength: 12, items: [{ name: 'Cup', bulkHundredths: -10 }] },
      field: 'items[0].bulkHundredths',
    },
    // The rule itself refuses what the schema lets through: 422 naming the field.
    refused: {
      body: { strength: 12, items: [{ name: 'Cup', bulkHundredths: 10, neverUsedAsWeapon: true }] },
      field: 'items[0].neverUsedAsWeapon',
    },
  },
  {
    path: '/v1/hazards/gm/riding',
    field: 'gmRiding',
    type: 'GmRidingInput',
    body: { tack: 'bareback', score: 12 },
    select: 'tack ridingRollPenalty dailyMovementPenalty target',
    answer: { tack: 'bareback', ridingRollPenalty: 3, dailyMovementPenalty: 3, target: 9 },
    bad: { body: { tack: 'hay' }, field: 'tack' },
  },
  {
    path: '/v1/harm/gm/verve-tests',
    field: 'gmVerveTest',
    type: 'GmVerveTestInput',
    body: { archetypes: ['warrior'], combat: true },
    select: 'archetypal test archetype reason',
    answer: {
      archetypal: true,
      test: 4,
      archetype: 'warrior',
      reason: 'A warrior losing survival in combat.',
    },
    bad: { body: { archetypes: ['warrior'], reaction: 'luck' }, field: 'reaction' },
  },
];

describe(`G&M last rules, issue 43 (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  describe.each(CALCULATORS)('POST $path', (calc) => {
    it('answers the rule’s numbers, the same over REST and GraphQL', async () => {
      const res = await t.http.post(calc.path).send(calc.body).expect(200);
      expect(res.body).toEqual(calc.answer);
      const answer = await gql(
        t.server,
        `query($i: ${calc.type}!) { ${calc.field}(input: $i) { ${calc.select} } }`,
        {
          i: 'gqlBody' in calc ? calc.gqlBody : calc.body,
        },
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.[calc.field]).toEqual(calc.answer);
    });

    it('refuses bad input with a 400 problem naming the field, over both', async () => {
      expectProblem(
        await t.http.post(calc.path).send(calc.bad.body),
        400,
        'VALIDATION_FAILED',
        calc.bad.field,
      );
      const answer = await gql(
        t.server,
        `query($i: ${calc.type}!) { ${calc.field}(input: $i) { __typename } }`,
        {
          i: calc.bad.body,
        },
      );
      expect(answer.errors).toBeDefined();
      expect(answer.data?.[calc.field] ?? null).toBeNull();
      if ('refused' in calc && calc.refused) {
        expectProblem(
          await t.http.post(calc.path).send(calc.refused.body),
          422,
          'INVALID_INPUT',
          calc.refused.field,
        );
        const refused = await gql(
          t.server,
          `query($i: ${calc.type}!) { ${calc.field}(input: $i) { __typename } }`,
          {
            i: calc.refused.body,
          },
        );
        expect(codes(refused)).toEqual(['INVALID_INPUT']);
      }
    });
  });

  it('X1: half-inch ice rolls against 13 for acid and 5 for a blow, over REST and GraphQL', async () => {
    const acid = await t.http
      .post('/v1/hazards/gm/item-reactions')
      .send({ material: 'ice', attack: 'acid', seed: 'ice' })
      .expect(200);
    expect(acid.body).toMatchObject({ target: 13, thicknessBonus: 1, odds: { success: 13 / 20 } });
    const blow = await gql(
      t.server,
      `mutation($i: GmItemReactionInput!) { gmItemReaction(input: $i) { target modifiers { name value } } }`,
      { i: { material: 'ice', attack: 'bludgeon', seed: 'ice' } },
    );
    expect(blow.errors).toBeUndefined();
    expect(blow.data!.gmItemReaction).toMatchObject({ target: 5 });
    expect(blow.data!.gmItemReaction.modifiers).toContainEqual({ name: 'ice against bludgeon', value: 0 });
  });

  it('X5: tracking 5000 quarry reads the one group-effort table (+12), as group efforts do', async () => {
    const track = await t.http
      .post('/v1/hazards/gm/tracking')
      .send({ perception: 10, days: 0, quarry: 5000, seed: 'herd' })
      .expect(200);
    expect(track.body.target).toBe(22);
    const group = await t.http
      .post('/v1/combat/gm/group-efforts')
      .send({ size: 5000, target: 10, seed: 'herd' });
    expect(group.status).toBe(200);
    expect(group.body.bonus).toBe(12);
  });

  it('X4: an unwilling target resists entry with its own charisma, not the attacker’s', async () => {
    const body = {
      action: 'enter',
      attacker: { charisma: 17, monkLevel: 1, verve: 5 },
      defender: { verve: 3, survival: 3, willpower: 9, charisma: 15 },
      seed: 'enter',
    };
    const res = await t.http.post('/v1/combat/gm/psychic-attacks').send(body).expect(200);
    expect(res.body.target).toBe(10);
    const answer = await gql(
      t.server,
      `mutation($i: GmPsychicInput!) { gmPsychicAttack(input: $i) { target modifiers { name value } } }`,
      { i: { ...body, defender: { ...body.defender, charisma: 4 } } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.gmPsychicAttack.target).toBe(8);
  });

  it('CH5: a side may ask for doubling when only its opponent cannot fail; refused when it can', async () => {
    const body = {
      acting: { score: 20 },
      resisting: { score: 8 },
      requestDoubling: 'resisting',
      seed: 'dbl',
    };
    const res = await t.http.post('/v1/checks/contest').send(body).expect(200);
    expect(res.body.rounds[0].doubled).toBe(true);
    expect(res.body.timeSteps).toBeGreaterThanOrEqual(1);
    expect(res.body.odds.acting).toBeCloseTo(0.5 * 0.8 * (1 / (1 - 0.5 * 0.2)), 6);
    const answer = await gql(
      t.server,
      `mutation($i: ContestCheckInput!) { contestCheck(input: $i) { timeSteps rounds { doubled } } }`,
      { i: body },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.contestCheck).toMatchObject({
      timeSteps: res.body.timeSteps,
      rounds: [{ doubled: true }],
    });
    expectProblem(
      await t.http.post('/v1/checks/contest').send({ ...body, acting: { score: 15 } }),
      422,
      'INVALID_INPUT',
      'requestDoubling',
    );
    const many = await t.http
      .post('/v1/checks/gm-multi-contest')
      .send({
        sides: [
          { name: 'A', score: 22 },
          { name: 'B', score: 25 },
          { name: 'C', score: 9 },
        ],
        requestDoubling: 'C',
        seed: 'dbl',
      })
      .expect(200);
    expect(many.body.rounds[0].doubled).toBe(true);
  });

  describe('CH6: group attempts at a task are counted apart from individual ones (001:675)', () => {
    const thief = { abilities: GM_ABILITIES, archetypes: [{ archetype: 'thief', level: 1 }] };
    // Two members who cannot succeed: the group's number is 0 + 1 (two members), and the seed rolls above it.
    const hopeless = { members: [{ target: 0 }, { target: 0 }] };

    it('REST: after an individual failure the group tries once; after the group fails, no more', async () => {
      const { c, hero, friend, player } = await gmHarmTable(t.server);
      await putSheet(t.server, c, hero.id, 'gm', thief);
      await putSheet(t.server, c, friend.id, 'gm', thief);
      await startSession(t.server, c);
      const task = 'Force the vault door';
      const one = await t.http
        .post(`${characterPath(c, hero.id)}/checks`)
        .set(player.auth)
        .send({ system: 'gm', reaction: 'evasion', modifier: -100, task, seed: 'v1' })
        .expect(201);
      expect(one.body.passed).toBe(false);
      expectProblem(
        await t.http
          .post(`${characterPath(c, friend.id)}/checks`)
          .set(c.auth)
          .send({ system: 'gm', reaction: 'evasion', task }),
        409,
        'CONFLICT',
        'task',
      );
      const url = `/v1/campaigns/${c.id}/gm-group-efforts`;
      const group = await t.http
        .post(url)
        .set(player.auth)
        .send({ ...hopeless, characterIds: [hero.id, friend.id], task, seed: 'heave' })
        .expect(201);
      expect(group.body).toMatchObject({ task, size: 2, bonus: 1, target: 1, passed: false });
      const entry = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${group.body.rollId}`).set(c.auth).expect(200)
      ).body;
      expect(entry.effects).toMatchObject({ task, characterIds: [hero.id, friend.id] });
      // The group's one attempt is spent, and so is the individuals'.
      expectProblem(
        await t.http
          .post(url)
          .set(c.auth)
          .send({ ...hopeless, characterIds: [hero.id, friend.id], task }),
        409,
        'CONFLICT',
        'task',
      );
      expectProblem(
        await t.http
          .post(`${characterPath(c, hero.id)}/checks`)
          .set(c.auth)
          .send({ system: 'gm', reaction: 'evasion', task }),
        409,
        'CONFLICT',
        'task',
      );
      // Reframed, the group may try again.
      await t.http
        .post(url)
        .set(c.auth)
        .send({
          ...hopeless,
          characterIds: [hero.id, friend.id],
          task,
          reframed: true,
          framing: 'lever the hinges',
        })
        .expect(201);
      // Bad input: one character is no group; a player must be in it.
      expectProblem(
        await t.http
          .post(url)
          .set(c.auth)
          .send({ ...hopeless, characterIds: [hero.id] }),
        400,
        'VALIDATION_FAILED',
        'characterIds',
      );
      const stranger = await createCharacter(t.server, c, { name: 'Stranger' });
      const outsider = await createKey(t.server, c, { role: 'player', characterIds: [stranger.id] });
      expectProblem(
        await t.http
          .post(url)
          .set(outsider.auth)
          .send({ ...hopeless, characterIds: [hero.id, friend.id] }),
        403,
        'FORBIDDEN',
      );
    });

    it('GraphQL: after a group failure one individual attempt is open, then none', async () => {
      const { c, hero, friend } = await gmHarmTable(t.server);
      await putSheet(t.server, c, hero.id, 'gm', thief);
      await putSheet(t.server, c, friend.id, 'gm', thief);
      await startSession(t.server, c);
      const effort = `mutation($c: ID!, $i: CampaignGmGroupEffortInput!) {
        campaignGmGroupEffort(campaignId: $c, input: $i) { task target passed rollId } }`;
      const input = {
        ...hopeless,
        characterIds: [hero.id, friend.id],
        task: 'Lift the portcullis',
        seed: 'heave',
      };
      const first = await gql(t.server, effort, { c: c.id, i: input }, c.auth);
      expect(first.errors).toBeUndefined();
      expect(first.data!.campaignGmGroupEffort).toMatchObject({
        task: 'Lift the portcullis',
        target: 1,
        passed: false,
      });
      const again = await gql(t.server, effort, { c: c.id, i: input }, c.auth);
      expect(codes(again)).toEqual(['CONFLICT']);
      const check = `mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h,
        input: { system: gm, reaction: "evasion", modifier: -100, task: "Lift the portcullis" }) { passed } }`;
      const single = await gql(t.server, check, { c: c.id, h: hero.id }, c.auth);
      expect(single.errors).toBeUndefined();
      expect(single.data!.characterCheck.passed).toBe(false);
      expect(codes(await gql(t.server, check, { c: c.id, h: friend.id }, c.auth))).toEqual(['CONFLICT']);
    });
  });

  describe('M16: a full helmet on the sheet gives −1 to perception checks and attacks', () => {
    it('REST: the sheet check and the stored combat attack name the helmet’s −1', async () => {
      const { c, hero } = await gmHarmTable(t.server);
      await putSheet(t.server, c, hero.id, 'gm', gmWarriorSheet({ fullHelmet: true }));
      expect(await sheetOf(t.server, c, hero.id, 'gm')).toMatchObject({ fullHelmet: true });
      const look = await t.http
        .post(`${characterPath(c, hero.id)}/checks`)
        .set(c.auth)
        .send({ system: 'gm', reaction: 'perception', seed: 'peek' })
        .expect(201);
      expect(look.body.modifiers).toContainEqual(
        expect.objectContaining({ source: 'full helmet', amount: -1 }),
      );
      const bare = await t.http
        .post(`${characterPath(c, hero.id)}/checks`)
        .set(c.auth)
        .send({ system: 'gm', reaction: 'fortitude', seed: 'peek' })
        .expect(201);
      expect(bare.body.modifiers).not.toContainEqual(expect.objectContaining({ source: 'full helmet' }));
      const orc = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'Orc', kind: 'monster' })
          .expect(201)
      ).body as { id: string };
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${orc.id}/sheets/gm`)
        .set(c.auth)
        .send({ sheet: gmWarriorSheet({ survival: { current: 100, max: 100 } }) })
        .expect(200);
      const combat = (
        await t.http
          .post(`/v1/campaigns/${c.id}/combats`)
          .set(c.auth)
          .send({
            system: 'gm',
            combatants: [
              { characterId: hero.id, side: 'party' },
              { npcId: orc.id, side: 'foes' },
            ],
          })
          .expect(201)
      ).body as { id: string };
      const hit = await t.http
        .post(`/v1/campaigns/${c.id}/combats/${combat.id}/actions`)
        .set(c.auth)
        .send({ actor: hero.id, kind: 'attack', targets: [orc.id], gm: { weapon: 'd6' }, seed: 'swing' })
        .expect(201);
      const read = hit.body.gm.read.attacker;
      expect(read.fullHelmet).toBe(-1);
      const bonus = hit.body.gm.attack.modifiers.find((m: { name: string }) => m.name === 'attack-bonus');
      expect(bonus.value).toBe(read.fightingArt + read.close + read.extra - 1);
      expectProblem(
        await t.http
          .put(`${characterPath(c, hero.id)}/sheets/gm`)
          .set(c.auth)
          .send({ sheet: gmWarriorSheet({ fullHelmet: 'yes' }) }),
        400,
        'VALIDATION_FAILED',
        'sheet.fullHelmet',
      );
    });
  });

  describe('M3: a starting purchase during first level, from Cash and mojo', () => {
    const toromeen = (level: number) =>
      gmWarriorSheet({ archetypes: [{ archetype: 'warrior', level }], mojo: { current: 16, max: 16 } });

    it('REST: 18 silver and a 27-silver purchase trade one mojo (21 silver, 15 mojo left); a retry changes nothing', async () => {
      const { c } = await gmHarmTable(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Toromeen', cash: 1800 });
      await putSheet(t.server, c, hero.id, 'gm', toromeen(1));
      const url = `${characterPath(c, hero.id)}/gm-starting-purchases`;
      const send = () =>
        t.http.post(url).set(c.auth).set('Idempotency-Key', 'axe-1').send({ cost: 2700, item: 'Battle axe' });
      const first = await send().expect(201);
      expect(first.body).toEqual({
        characterId: hero.id,
        cost: 2700,
        mojoTraded: 1,
        silverGained: 3000,
        cashDelta: 300,
        cashAfter: 2100,
        mojoAfter: 15,
        item: 'Battle axe',
      });
      const again = await send().expect(201);
      expect(again.body).toEqual(first.body);
      const character = (
        await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(c.auth).expect(200)
      ).body;
      expect(character.cash).toBe(2100);
      expect(await sheetOf(t.server, c, hero.id, 'gm')).toMatchObject({ mojo: { current: 15 } });
      // Not enough mojo for 300 silver more: refused, nothing changes.
      expectProblem(await t.http.post(url).set(c.auth).send({ cost: 60_000 }), 409, 'CONFLICT', 'cost');
      expectProblem(await t.http.post(url).set(c.auth).send({ cost: 0 }), 400, 'VALIDATION_FAILED', 'cost');
      expect((await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(c.auth)).body.cash).toBe(
        2100,
      );
    });

    it('GraphQL: a second-level character may not; a first-level one pays from the purse', async () => {
      const { c } = await gmHarmTable(t.server);
      const veteran = await createCharacter(t.server, c, { name: 'Veteran', cash: 1000 });
      await putSheet(t.server, c, veteran.id, 'gm', toromeen(2));
      const buy = `mutation($c: ID!, $h: ID!, $cost: Int!) { gmStartingPurchase(campaignId: $c, characterId: $h,
        input: { cost: $cost }) { mojoTraded cashAfter mojoAfter } }`;
      expect(codes(await gql(t.server, buy, { c: c.id, h: veteran.id, cost: 500 }, c.auth))).toEqual([
        'CONFLICT',
      ]);
      const novice = await createCharacter(t.server, c, { name: 'Novice', cash: 1000 });
      await putSheet(t.server, c, novice.id, 'gm', toromeen(1));
      const paid = await gql(t.server, buy, { c: c.id, h: novice.id, cost: 500 }, c.auth);
      expect(paid.errors).toBeUndefined();
      expect(paid.data!.gmStartingPurchase).toEqual({ mojoTraded: 0, cashAfter: 500, mojoAfter: 16 });
    });
  });

  describe('H1: aging’s injuries are unhealable on a stored sheet', () => {
    it('REST: aging adds injuries and unhealableInjuries; a good night heals none of them', async () => {
      const { c, hero } = await gmHarmTable(t.server);
      // Endurance 14: aging starts at 41 (docs/decisions.md); 50 → 52 is two birthdays.
      await putSheet(t.server, c, hero.id, 'gm', gmWarriorSheet({ survival: { current: 20, max: 20 } }));
      const aged = await t.http
        .post(`${characterPath(c, hero.id)}/hazards`)
        .set(c.auth)
        .send({ system: 'gm', hazard: 'aging', input: { from: 50, to: 52 }, seed: 'years' })
        .expect(201);
      expect(aged.body.outcome).toMatchObject({ threshold: 41, injuries: 2 });
      expect(aged.body.applied).toContainEqual({ field: 'unhealableInjuries', delta: 2, after: 2 });
      const sheet = await sheetOf(t.server, c, hero.id, 'gm');
      expect(sheet).toMatchObject({ unhealableInjuries: 2, injuries: { current: 2 } });
      // Issue 39: one roll (`hazard.campaign.v4`), its plain change and its harm written in one write,
      // each ledger entry keeping its cause; the audit is clean.
      const entries = (
        await t.http
          .get(`${characterPath(c, hero.id)}/conditions`)
          .set(c.auth)
          .expect(200)
      ).body.items as Array<{
        field: string;
        cause: string;
        procedure: string | null;
        rollId: string | null;
      }>;
      const byRoll = entries.filter((e) => e.rollId === aged.body.rollId);
      expect(byRoll).toContainEqual(
        expect.objectContaining({
          field: 'unhealableInjuries',
          cause: 'roll',
          procedure: 'hazard.campaign.v4',
        }),
      );
      expect(byRoll).toContainEqual(
        expect.objectContaining({
          field: 'injuries.current',
          cause: 'procedure',
          procedure: 'hazard.campaign.v4',
        }),
      );
      expect(aged.body.harm.rollId).toBe(aged.body.rollId);
      const audit = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
      expect(audit.body).toMatchObject({ ok: true });
      // A day of rest would heal an injury; these are unhealable, so it gives level survival instead.
      const rest = await t.http
        .post(`${characterPath(c, hero.id)}/rests`)
        .set(c.auth)
        .send({ system: 'gm', kind: 'day', seed: 'nap' })
        .expect(201);
      expect(rest.body.changes).not.toContainEqual(expect.objectContaining({ path: 'injuries.current' }));
      expect(await sheetOf(t.server, c, hero.id, 'gm')).toMatchObject({ injuries: { current: 2 } });
    });

    it('stateless: the healing route takes unhealable, over REST and GraphQL', async () => {
      const body = {
        kind: 'day',
        level: 2,
        survival: 3,
        maxSurvival: 9,
        injuries: 2,
        unhealable: 2,
        seed: 'x',
      };
      const res = await t.http.post('/v1/harm/gm/healing').send(body).expect(200);
      expect(res.body).toMatchObject({ injuries: 2, survival: 5 });
      const answer = await gql(
        t.server,
        `mutation($i: GmHealingInput!) { gmHealing(input: $i) { injuries survival } }`,
        { i: body },
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.gmHealing).toEqual({ injuries: 2, survival: 5 });
      expectProblem(
        await t.http.post('/v1/harm/gm/healing').send({ ...body, unhealable: 3 }),
        400,
        'VALIDATION_FAILED',
        'unhealable',
      );
    });

    it('GraphQL: healing aid removes only the healable injuries', async () => {
      const { c, hero } = await gmHarmTable(t.server);
      await putSheet(
        t.server,
        c,
        hero.id,
        'gm',
        gmWarriorSheet({
          survival: { current: 20, max: 20 },
          injuries: { current: 3, max: 3 },
          unhealableInjuries: 2,
        }),
      );
      const aid = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { restCharacter(campaignId: $c, characterId: $h,
           input: { system: gm, kind: aid, injuriesHealed: 3 }) { changes { path delta } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(aid.errors).toBeUndefined();
      expect(aid.data!.restCharacter.changes).toContainEqual({ path: 'injuries.current', delta: -1 });
      expect(await sheetOf(t.server, c, hero.id, 'gm')).toMatchObject({
        injuries: { current: 2 },
        unhealableInjuries: 2,
      });
    });
  });

  describe('S2: the server decides whether verve takes a loss on a stored sheet', () => {
    it('REST: a warrior hit in combat loses verve, not survival; a thief’s fall is not archetypal', async () => {
      const { c, hero } = await gmHarmTable(t.server);
      await putSheet(t.server, c, hero.id, 'gm', gmWarriorSheet({ verve: { current: 17, max: 17 } }));
      const hit = await t.http
        .post(`${characterPath(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'gm', amount: 5, loss: { combat: true }, seed: 'orc' })
        .expect(201);
      expect(hit.body.changes).toEqual([{ path: 'verve.current', delta: -5, via: expect.any(String) }]);
      expect(await sheetOf(t.server, c, hero.id, 'gm')).toMatchObject({
        verve: { current: 12 },
        survival: { current: 10 },
      });
      // Not in combat and no archetypal roll: survival takes it.
      await t.http
        .post(`${characterPath(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'gm', amount: 2, loss: { reaction: 'evasion' }, seed: 'trip' })
        .expect(201);
      expect(await sheetOf(t.server, c, hero.id, 'gm')).toMatchObject({
        verve: { current: 12 },
        survival: { current: 8 },
      });
      expectProblem(
        await t.http
          .post(`${characterPath(c, hero.id)}/damage`)
          .set(c.auth)
          .send({ system: 'gm', amount: 2, loss: { combat: true }, archetypal: true }),
        400,
        'VALIDATION_FAILED',
        'loss',
      );
      expectProblem(
        await t.http
          .post(`${characterPath(c, hero.id)}/damage`)
          .set(c.auth)
          .send({ system: 'gm', amount: 2, loss: { reaction: 'luck' } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(await sheetOf(t.server, c, hero.id, 'gm')).toMatchObject({ survival: { current: 8 } });
    });

    it('GraphQL: the same decision through damageCharacter (fortitude is the warrior’s reaction)', async () => {
      const { c, hero } = await gmHarmTable(t.server);
      await putSheet(t.server, c, hero.id, 'gm', gmWarriorSheet({ verve: { current: 6, max: 6 } }));
      const hit = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { damageCharacter(campaignId: $c, characterId: $h,
           input: { system: gm, amount: 4, loss: { reaction: fortitude }, seed: "poison" }) { changes { path delta } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(hit.errors).toBeUndefined();
      expect(hit.data!.damageCharacter.changes).toEqual([{ path: 'verve.current', delta: -4 }]);
      const both = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { damageCharacter(campaignId: $c, characterId: $h,
           input: { system: gm, amount: 1, loss: { combat: true }, archetypal: false }) { changes { path } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(codes(both)).toEqual(['VALIDATION_FAILED']);
    });
  });
});
