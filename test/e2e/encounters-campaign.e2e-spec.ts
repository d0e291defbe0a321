import { Database } from '../../src/database/database.service';
import { randomUUID } from 'node:crypto';
import { ApiKeyEntity, CampaignEntity, CharacterEntity } from '../../src/database/entities';
import { EncountersService } from '../../src/encounters/encounters.service';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  startSession,
} from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/** Every total is an encounter with people of a graded kind, so each check that fires shows all steps. */
const bandits = {
  name: 'Bandit road',
  formula: '1d6',
  scale: 'overland',
  entries: [
    { range: [1, 3], text: 'Bandits', kind: 'people', numberAppearing: 'players+1', grade: 'minor' },
    {
      range: [4, 6],
      text: 'Bandit captain',
      kind: 'people',
      numberAppearing: '1',
      grade: 'major',
      tag: 'elite',
    },
  ],
};

describe(`encounters in a campaign (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  async function campaignWithTable(): Promise<{ c: CampaignFixture; tableId: string }> {
    const c = await createCampaign(t.server);
    const table = await t.http.post(`/v1/campaigns/${c.id}/tables`).set(c.auth).send(bandits).expect(201);
    return { c, tableId: table.body.id };
  }

  /** Runs seeded checks until one is an encounter (2 in 6 overland). */
  async function anEncounter(c: CampaignFixture, body: Record<string, unknown>, auth = c.auth) {
    for (let i = 0; i < 60; i++) {
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/encounter-checks`)
        .set(auth)
        .send({ scale: 'overland', ...body, seed: `enc-${i}` })
        .expect(201);
      if (res.body.result === 'encounter') return res.body;
    }
    throw new Error('no encounter in 60 seeds');
  }

  it('draws the entry from the table, with number appearing from the roster, the adversary and each step’s odds', async () => {
    const { c, tableId } = await campaignWithTable();
    const a = await createCharacter(t.server, c, { name: 'A' });
    const b = await createCharacter(t.server, c, { name: 'B' });
    await createCharacter(t.server, c, { name: 'C' });
    await startSession(t.server, c);
    await t.http
      .put(`/v1/campaigns/${c.id}/sessions/current/roster`)
      .set(c.auth)
      .send({ characterIds: [a.id, b.id] })
      .expect(200);
    const check = await anEncounter(c, { tableId });
    expect(check.entry).toMatchObject({ tableId, kind: 'people' });
    expect(check.reaction).toMatchObject({ roll: expect.any(Number), reaction: expect.any(String) });
    expect(check.adversary).toMatchObject({ grade: expect.any(String), count: check.numberAppearing.count });
    if (check.entry.text === 'Bandits') {
      // players defaults to the roster's two characters: players+1 = 3
      expect(check.numberAppearing).toMatchObject({ expression: 'players+1', count: 3 });
      expect(check.adversary).toMatchObject({ grade: 'minor', pool: 3, hp: 4, totalHp: 12 });
    } else {
      expect(check.adversary).toMatchObject({
        grade: 'major',
        tag: 'elite',
        pool: 9,
        hp: 21,
        saveObjective: 4,
      });
    }
    expect(check.odds).toMatchObject({
      encounter: 2 / 6,
      omen: 0,
      entry: 3 / 6,
      siteTied: 2 / 6,
      recurring: 2 / 6,
      distance: 1 / 6,
      reaction: 1 / 6,
    });
    const referee = await t.http.get(`/v1/campaigns/${c.id}/rolls/${check.rollId}`).set(c.auth).expect(200);
    expect(referee.body.inputs).toMatchObject({ players: 2, table: { id: tableId, formula: '1d6' } });
    const replay = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${check.rollId}/replay`)
      .set(c.auth)
      .expect(200);
    expect(replay.body.matches).toBe(true);
    expectProblem(
      await t.http.post(`/v1/campaigns/${c.id}/encounter-checks`).set(c.auth).send({ tableId: 'missing' }),
      404, // read as a table's name (issue 42): none is named so
      'NOT_FOUND',
      'tableId',
    );
  });

  it('counts no number appearing for a site, hazard or weather entry unless it names one (encounters.check.v3)', async () => {
    const c = await createCampaign(t.server);
    const marsh = {
      name: 'Marsh road',
      formula: '1d4',
      scale: 'overland',
      entries: [
        { range: [1, 1], text: 'Ruined watchtower', kind: 'site' },
        { range: [2, 2], text: 'Rolling fog', kind: 'weather' },
        { range: [3, 3], text: 'Quicksand with leeches', kind: 'hazard', numberAppearing: '1d3' },
        { range: [4, 4], text: 'Bog hounds', kind: 'beasts', numberAppearing: '2d4' },
      ],
    };
    const table = await t.http.post(`/v1/campaigns/${c.id}/tables`).set(c.auth).send(marsh).expect(201);
    const seen = new Map<string, { numberAppearing: { expression: string } | null; rollId: string }>();
    for (let i = 0; i < 80 && seen.size < 4; i++) {
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/encounter-checks`)
        .set(c.auth)
        .send({ scale: 'overland', tableId: table.body.id, seed: `marsh-${i}` })
        .expect(201);
      if (res.body.result === 'encounter') seen.set(res.body.entry.text, res.body);
    }
    expect([...seen.keys()].sort()).toEqual(marsh.entries.map((e) => e.text).sort());
    expect(seen.get('Ruined watchtower')?.numberAppearing).toBeNull();
    expect(seen.get('Rolling fog')?.numberAppearing).toBeNull();
    expect(seen.get('Quicksand with leeches')?.numberAppearing).toMatchObject({ expression: '1d3' });
    expect(seen.get('Bog hounds')?.numberAppearing).toMatchObject({ expression: '2d4' });
    for (const check of seen.values()) {
      const roll = await t.http.get(`/v1/campaigns/${c.id}/rolls/${check.rollId}`).set(c.auth).expect(200);
      expect(roll.body.procedure).toBe('encounters.check.v3');
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${check.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
    }
    // The stateless GraphQL twin with an inline table of sites only: never a number.
    for (let i = 0; i < 12; i++) {
      const answer = await gql(
        t.server,
        `mutation($s: String) { encounterCheck(input: { scale: overland, seed: $s, table: { formula: "1d6",
          entries: [{ range: [1, 6], text: "A shrine in the reeds", kind: "site" }] } }) {
          result numberAppearing { count } entry { kind } } }`,
        { s: `shrine-${i}` },
      );
      expect(answer.errors).toBeUndefined();
      const check = answer.data?.encounterCheck;
      if (check.result === 'encounter')
        expect(check).toEqual({ ...check, numberAppearing: null, entry: { kind: 'site' } });
    }
  });

  it('names a recurring cast member by seeded lot when the encounter is recurring', async () => {
    const { c, tableId } = await campaignWithTable();
    const cast = `/v1/campaigns/${c.id}/recurring`;
    const names = ['Old Morag', 'The Heron Knight', 'Gristle'];
    const ids: string[] = [];
    for (const name of names) {
      const res = await t.http.post(cast).set(c.auth).send({ name, kind: 'character' }).expect(201);
      expect(res.body).toMatchObject({ name, kind: 'character', notes: null });
      ids.push(res.body.id);
    }
    const listed = await t.http.get(cast).set(c.auth).expect(200);
    expect(listed.body.items.map((m: { name: string }) => m.name)).toEqual(names);
    const viewer = await createKey(t.server, c, { role: 'viewer' });
    expectProblem(await t.http.get(cast).set(viewer.auth), 403, 'FORBIDDEN');
    expectProblem(await t.http.post(cast).set(viewer.auth).send({ name: 'x' }), 403, 'FORBIDDEN');
    expectProblem(
      await t.http.post(cast).set(c.auth).send({ name: 'x', kind: 'dragon' }),
      400,
      'VALIDATION_FAILED',
      'kind',
    );
    const seen = new Set<string>();
    for (let i = 0; i < 60 && seen.size < 2; i++) {
      const check = await t.http
        .post(`/v1/campaigns/${c.id}/encounter-checks`)
        .set(c.auth)
        .send({ scale: 'overland', tableId, recurringChance: 6, seed: `r${i}` })
        .expect(201);
      if (check.body.result !== 'encounter') continue;
      expect(check.body.recurring).toBe(true);
      expect(ids).toContain(check.body.recurringMember.id);
      expect(check.body.odds).toMatchObject({ recurring: 1, recurringMember: 1 / 3 });
      seen.add(check.body.recurringMember.id);
      const again = await t.http
        .post(`/v1/campaigns/${c.id}/encounter-checks`)
        .set(c.auth)
        .send({ scale: 'overland', tableId, recurringChance: 6, seed: `r${i}` })
        .expect(201);
      expect(again.body.recurringMember).toEqual(check.body.recurringMember);
    }
    expect(seen.size).toBe(2);
    // The campaign's chance applies when the check does not set one.
    await t.http
      .put(`/v1/campaigns/${c.id}/encounter-settings`)
      .set(c.auth)
      .send({ recurringChance: 0 })
      .expect(200);
    const never = await anEncounter(c, { tableId });
    expect(never).toMatchObject({ recurring: false, recurringMember: null, odds: { recurring: 0 } });
    await t.http.delete(`${cast}/${ids[0]}`).set(c.auth).expect(200);
    expectProblem(await t.http.delete(`${cast}/${ids[0]}`).set(c.auth), 404, 'NOT_FOUND');
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!, $m: ID!) { recurringAdd(campaignId: $c, input: { name: "Wight", kind: monster }) { id kind }
        recurringRemove(campaignId: $c, memberId: $m) { id } }`,
      { c: c.id, m: ids[1] },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.recurringAdd.kind).toBe('monster');
    const gqlList = await gql(
      t.server,
      'query($c: ID!) { recurringCast(campaignId: $c) { items { name } } }',
      { c: c.id },
      c.auth,
    );
    expect(gqlList.data?.recurringCast.items.map((m: { name: string }) => m.name)).toEqual([
      'Gristle',
      'Wight',
    ]);
  });

  it('four overland watches with a default table give four sealed checks drawn from it', async () => {
    const { c, tableId } = await campaignWithTable();
    await createCharacter(t.server, c, { name: 'A' });
    const player = await createKey(t.server, c, { role: 'viewer' });
    expectProblem(
      await t.http.put(`/v1/campaigns/${c.id}/encounter-settings`).set(c.auth).send({ overland: 'nope' }),
      404, // read as a table's name (issue 42): none is named so
      'NOT_FOUND',
      'overland',
    );
    const set = await t.http
      .put(`/v1/campaigns/${c.id}/encounter-settings`)
      .set(c.auth)
      .send({ overland: tableId })
      .expect(200);
    expect(set.body).toEqual({ overland: tableId, exploration: null, water: null, recurringChance: 2 });
    expect(
      (await t.http.get(`/v1/campaigns/${c.id}/encounter-settings`).set(c.auth).expect(200)).body,
    ).toEqual(set.body);
    expectProblem(
      await t.http.get(`/v1/campaigns/${c.id}/encounter-settings`).set(player.auth),
      403,
      'FORBIDDEN',
    );
    await t.http.patch(`/v1/campaigns/${c.id}/clock`).set(c.auth).send({ scale: 'overland' }).expect(200);
    const advance = await t.http
      .post(`/v1/campaigns/${c.id}/clock/advance`)
      .set(c.auth)
      .set('Idempotency-Key', `watches-${c.id}`)
      .send({ watches: 4, seed: 'road' })
      .expect(200);
    expect(advance.body.encounterChecks).toHaveLength(4);
    const encounters = advance.body.encounterChecks.filter(
      (x: { result: string }) => x.result === 'encounter',
    );
    for (const check of advance.body.encounterChecks) {
      expect(check).toMatchObject({ scale: 'overland', checked: true, rollId: expect.any(String) });
      expect(check.odds.encounter).toBe(2 / 6);
    }
    expect(encounters.length).toBeGreaterThan(0);
    for (const check of encounters) expect(check.entry.tableId).toBe(tableId);
    const retry = await t.http
      .post(`/v1/campaigns/${c.id}/clock/advance`)
      .set(c.auth)
      .set('Idempotency-Key', `watches-${c.id}`)
      .send({ watches: 4, seed: 'road' })
      .expect(200);
    expect(retry.body).toEqual(advance.body);
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(player.auth).expect(200);
    const checks = log.body.items.filter((r: { procedure: string }) => r.procedure === 'encounters.check.v3');
    expect(checks).toHaveLength(4);
    checks.forEach((r: { sealed: boolean }) => expect(r.sealed).toBe(true));
    expect(JSON.stringify(log.body)).not.toContain('Bandit');
    // rollEncounterChecks: false turns the default off.
    const off = await t.http
      .post(`/v1/campaigns/${c.id}/clock/advance`)
      .set(c.auth)
      .send({ watches: 1, rollEncounterChecks: false })
      .expect(200);
    expect(off.body.encounterChecks).toBeUndefined();
    // GraphQL twins of the settings.
    const gqlSet = await gql(
      t.server,
      'mutation($c: ID!, $t: ID!) { encounterSettingsSet(campaignId: $c, input: { water: $t, recurringChance: 3 }) { overland water recurringChance } }',
      { c: c.id, t: tableId },
      c.auth,
    );
    expect(gqlSet.data?.encounterSettingsSet).toEqual({ overland: null, water: tableId, recurringChance: 3 });
    const gqlGet = await gql(
      t.server,
      'query($c: ID!) { encounterSettings(campaignId: $c) { water } }',
      { c: c.id },
      c.auth,
    );
    expect(gqlGet.data?.encounterSettings.water).toBe(tableId);
    // Deleting a default table clears it from the settings.
    await t.http.delete(`/v1/campaigns/${c.id}/tables/${tableId}`).set(c.auth).expect(200);
    const cleared = await t.http.get(`/v1/campaigns/${c.id}/encounter-settings`).set(c.auth).expect(200);
    expect(cleared.body.water).toBeNull();
  });

  it('an advance with encounterTableId draws from that table over REST and GraphQL; an unknown table changes nothing', async () => {
    const { c, tableId } = await campaignWithTable();
    await createCharacter(t.server, c, { name: 'A' });
    await t.http.patch(`/v1/campaigns/${c.id}/clock`).set(c.auth).send({ scale: 'overland' }).expect(200);
    const before = (await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth).expect(200)).body;
    expectProblem(
      await t.http
        .post(`/v1/campaigns/${c.id}/clock/advance`)
        .set(c.auth)
        .send({ watches: 4, encounterTableId: '00000000-0000-4000-8000-000000000000' }),
      422,
      'UNPROCESSABLE',
      'encounterTableId',
    );
    expect((await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth).expect(200)).body).toEqual(before);
    const rest = await t.http
      .post(`/v1/campaigns/${c.id}/clock/advance`)
      .set(c.auth)
      .send({ watches: 4, encounterTableId: tableId, seed: 'pass' })
      .expect(200);
    expect(rest.body.passed.watches).toBe(4);
    expect(rest.body.encounterChecks).toHaveLength(4);
    const fired = rest.body.encounterChecks.filter((x: { result: string }) => x.result === 'encounter');
    expect(fired.length).toBeGreaterThan(0);
    for (const check of fired) {
      expect(check.entry.tableId).toBe(tableId);
      expect(check.adversary).toMatchObject({ pool: expect.any(Number), count: check.numberAppearing.count });
    }
    const graph = await gql(
      t.server,
      'mutation($c: ID!, $t: ID!) { advanceClock(campaignId: $c, input: { watches: 4, encounterTableId: $t, seed: "pass" }) { encounterChecks { seed result roll entry { tableId text } } } }',
      { c: c.id, t: tableId },
      c.auth,
    );
    expect(codes(graph)).toEqual([]);
    const checks = graph.data?.advanceClock.encounterChecks as {
      seed: string;
      result: string;
      roll: number;
    }[];
    // The same seed and the same table: the same four checks as the REST advance.
    expect(checks.map((x) => [x.seed, x.result, x.roll])).toEqual(
      rest.body.encounterChecks.map((x: { seed: string; result: string; roll: number }) => [
        x.seed,
        x.result,
        x.roll,
      ]),
    );
  });

  it('runDueChecks (what the clock calls) draws from the table it is given, in order, replayably', async () => {
    const { c, tableId } = await campaignWithTable();
    await createCharacter(t.server, c, { name: 'A' });
    const db = t.app.get(Database);
    const service = t.app.get(EncountersService);
    const run = (seed: string) =>
      db.transaction(async (m) => {
        const campaign = await m.findOneOrFail(CampaignEntity, { where: { id: c.id } });
        const key = await m.findOneOrFail(ApiKeyEntity, { where: { campaignId: c.id, role: 'referee' } });
        const who = { keyId: key.id, campaignId: c.id, role: 'referee' as const, characterIds: [] };
        return service.runDueChecks(m, who, campaign, 6, { tableId, scale: 'overland', seed });
      });
    const checks = await run('due');
    expect(checks).toHaveLength(6);
    const again = await run('due');
    expect(again.map((x) => [x.roll, x.result, x.entry?.text ?? null])).toEqual(
      checks.map((x) => [x.roll, x.result, x.entry?.text ?? null]),
    );
    expect(checks.map((x) => x.seed)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `due#${n}`));
    for (const check of checks) {
      if (check.result === 'encounter') expect(check.entry?.tableId).toBe(tableId);
      const roll = await t.http.get(`/v1/campaigns/${c.id}/rolls/${check.rollId}`).set(c.auth).expect(200);
      expect(roll.body).toMatchObject({ secret: true, inputs: { players: 1, table: { id: tableId } } });
    }
    // Nothing due, nothing rolled.
    await expect(
      db.transaction((m) => service.runDueChecks(m, {} as never, {} as never, 0, { scale: 'overland' })),
    ).resolves.toEqual([]);
  });

  it('checks retry idempotently and answer the same over GraphQL; secret is the referee’s', async () => {
    const { c, tableId } = await campaignWithTable();
    await createCharacter(t.server, c, { name: 'A' });
    const first = await t.http
      .post(`/v1/campaigns/${c.id}/encounter-checks`)
      .set(c.auth)
      .set('Idempotency-Key', `check-${c.id}`)
      .send({ scale: 'overland', tableId, seed: 'same' })
      .expect(201);
    const again = await t.http
      .post(`/v1/campaigns/${c.id}/encounter-checks`)
      .set(c.auth)
      .set('Idempotency-Key', `check-${c.id}`)
      .send({ scale: 'overland', tableId, seed: 'same' })
      .expect(201);
    expect(again.body).toEqual(first.body);
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    expect(
      log.body.items.filter((r: { procedure: string }) => r.procedure === 'encounters.check.v3'),
    ).toHaveLength(1);
    const viaGql = await gql(
      t.server,
      'mutation($c: ID!, $t: ID!) { campaignEncounterCheck(campaignId: $c, input: { scale: overland, tableId: $t, seed: "same" }) { roll result entry { text } odds { entry } } }',
      { c: c.id, t: tableId },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.campaignEncounterCheck).toMatchObject({
      roll: first.body.roll,
      result: first.body.result,
    });
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    expectProblem(
      await t.http.post(`/v1/campaigns/${c.id}/encounter-checks`).set(player.auth).send({ secret: false }),
      403,
      'FORBIDDEN',
    );
    const gqlPlayer = await gql(
      t.server,
      'mutation($c: ID!) { campaignEncounterCheck(campaignId: $c) { rollId } }',
      { c: c.id },
      player.auth,
    );
    expect(codes(gqlPlayer)).toEqual(['FORBIDDEN']);
  });

  it('with no roster, assumes the number of characters, at most 100', async () => {
    const { c, tableId } = await campaignWithTable();
    const playersOf = async () => {
      const check = await t.http
        .post(`/v1/campaigns/${c.id}/encounter-checks`)
        .set(c.auth)
        .send({ scale: 'overland', tableId, seed: 'many' })
        .expect(201);
      const roll = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${check.body.rollId}`)
        .set(c.auth)
        .expect(200);
      return roll.body.inputs.players as number;
    };
    const addCharacters = (n: number) =>
      t.app.get(Database).transaction((m) =>
        Database.insertRows(
          m,
          CharacterEntity,
          Array.from({ length: n }, (_, i) => ({
            id: randomUUID(),
            campaignId: c.id,
            name: `Extra ${i}`,
            notes: null,
            wealth: 0,
            cash: 0,
            createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
            updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
          })),
        ),
      );
    await addCharacters(99);
    expect(await playersOf()).toBe(99);
    await addCharacters(1);
    expect(await playersOf()).toBe(100);
    await addCharacters(20);
    expect(await playersOf()).toBe(100);
  });

  it('stateless checks take an inline table; chases run over the contest core', async () => {
    const inline = {
      scale: 'overland',
      table: {
        formula: '1d6',
        entries: [
          { range: [1, 5], text: 'Wolves', kind: 'beasts', numberAppearing: '2d4' },
          { range: [6, 6], text: 'Howling far off', kind: 'omen' },
        ],
      },
    };
    const first = await t.http
      .post('/v1/encounters/checks')
      .send({ ...inline, seed: 'i' })
      .expect(200);
    expect(first.body.odds).toMatchObject({ encounter: (2 / 6) * (5 / 6), omen: (2 / 6) * (1 / 6) });
    expectProblem(
      await t.http
        .post('/v1/encounters/checks')
        .send({ ...inline, table: { formula: '1d6', entries: [inline.table.entries[0]] } }),
      422,
      'UNPROCESSABLE',
      'table.entries[0]',
    );
    expectProblem(
      await t.http.post('/v1/encounters/checks').send({
        ...inline,
        table: {
          formula: '1d6',
          entries: [{ ...inline.table.entries[0], subtableId: 'x' }, inline.table.entries[1]],
        },
      }),
      400,
      'VALIDATION_FAILED',
      'table.entries[0].subtableId',
    );
    const chase = await t.http
      .post('/v1/encounters/chases')
      .send({ quarry: { agility: 10, movement: 10 }, chaser: { agility: 10, movement: 16 }, seed: 'run' })
      .expect(200);
    expect(chase.body).toMatchObject({
      movementBonus: { side: 'chaser', bonus: 2 },
      targets: { quarry: 10, chaser: 12 },
      result: expect.stringMatching(/^(escaped|caught|continues)$/),
    });
    const { escaped, caught, continues } = chase.body.odds;
    expect(escaped + caught + continues).toBeCloseTo(1, 12);
    const viaGql = await gql(
      t.server,
      'mutation { chase(input: { quarry: { agility: 10, movement: 10 }, chaser: { agility: 10, movement: 16 }, seed: "run" }) { result faces } }',
    );
    expect(viaGql.data?.chase).toEqual({ result: chase.body.result, faces: chase.body.faces });
    expectProblem(
      await t.http
        .post('/v1/encounters/chases')
        .send({ quarry: { agility: 10 }, chaser: { agility: 1, movement: 1 } }),
      400,
      'VALIDATION_FAILED',
      'quarry.movement',
    );
  });
});
