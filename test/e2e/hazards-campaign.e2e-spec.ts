import { Database } from '../../src/database/database.service';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { createCampaign, createCharacter, createKey, startSession } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem, fieldsOf } from '../factories/problem';

describe(`travel, turns into watches and havens (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('three hexes overland advance the clock three watches and make three logged encounter checks', async () => {
    const c = await createCampaign(t.server);
    const res = await t.http
      .post(`/v1/campaigns/${c.id}/travel`)
      .set(c.auth)
      .set('Idempotency-Key', `travel-${c.id}`)
      .send({ hexes: 3, seed: 'road' })
      .expect(200);
    expect(res.body).toMatchObject({ mode: 'land', hexes: 3, watches: 3, days: 0 });
    expect(res.body.advance).toMatchObject({
      from: { day: 1, watch: 'morning', scale: 'overland' },
      to: { day: 2, watch: 'afternoon', scale: 'overland' },
      passed: { watches: 3 },
      due: { encounterChecks: 3 },
    });
    expect(res.body.advance.encounterChecks).toHaveLength(3);
    // The same key replays the answer and moves nothing.
    const again = await t.http
      .post(`/v1/campaigns/${c.id}/travel`)
      .set(c.auth)
      .set('Idempotency-Key', `travel-${c.id}`)
      .send({ hexes: 3, seed: 'road' })
      .expect(200);
    expect(again.body).toEqual(res.body);
    const clock = await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth).expect(200);
    expect(clock.body).toMatchObject({ day: 2, watch: 'afternoon', scale: 'overland' });
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    expect(
      log.body.items.filter((r: { procedure: string }) => r.procedure.startsWith('encounters.check')),
    ).toHaveLength(3);
  });

  it('water travel is days at the water scale, one check a day; GraphQL twin', async () => {
    const c = await createCampaign(t.server);
    const answer = await gql(
      t.server,
      'mutation($c: ID!) { travel(campaignId: $c, input: { mode: water, hexes: 9 }) { mode hexes days advance { passed { days } due { encounterChecks } encounterChecks { rollId } to { scale } } } }',
      { c: c.id },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.travel).toMatchObject({
      mode: 'water',
      hexes: 9,
      days: 3,
      advance: { passed: { days: 3 }, due: { encounterChecks: 3 }, to: { scale: 'water' } },
    });
    expect(answer.data?.travel.advance.encounterChecks).toHaveLength(3);
  });

  it('the Mirror Road: two days of travel in two hours (twelve turns), four overland checks; GraphQL twin', async () => {
    const c = await createCampaign(t.server);
    const res = await t.http
      .post(`/v1/campaigns/${c.id}/travel`)
      .set(c.auth)
      .send({ mode: 'mirror', days: 2, seed: 'mirror' })
      .expect(200);
    expect(res.body).toMatchObject({ mode: 'mirror', hexes: 4, watches: 0, days: 0, turns: 12 });
    expect(res.body.advance).toMatchObject({
      to: { day: 1, watch: 'morning', turn: 12, scale: 'overland' },
      passed: { turns: 12, watches: 0 },
      due: { encounterChecks: 4 },
    });
    expect(res.body.advance.encounterChecks).toHaveLength(4);
    const answer = await gql(
      t.server,
      'mutation($c: ID!) { travel(campaignId: $c, input: { mode: mirror, hexes: 1, rollEncounterChecks: false }) { mode hexes turns advance { passed { turns } due { encounterChecks } } } }',
      { c: c.id },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.travel).toMatchObject({
      mode: 'mirror',
      hexes: 1,
      turns: 3,
      advance: { passed: { turns: 3 }, due: { encounterChecks: 1 } },
    });
  });

  it('refuses bad travel naming the field and moves nothing', async () => {
    const c = await createCampaign(t.server);
    expectProblem(
      await t.http.post(`/v1/campaigns/${c.id}/travel`).set(c.auth).send({}),
      400,
      'VALIDATION_FAILED',
      'hexes',
    );
    expectProblem(
      await t.http.post(`/v1/campaigns/${c.id}/travel`).set(c.auth).send({ hexes: 2, hexesPerDay: 3 }),
      400,
      'VALIDATION_FAILED',
      'hexesPerDay',
    );
    const clock = await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth).expect(200);
    expect(clock.body).toMatchObject({ day: 1, watch: 'morning', scale: 'haven' });
  });

  it('new campaigns count 24 turns a watch; 0 keeps turns apart as before', async () => {
    const c = await createCampaign(t.server);
    const clock = `/v1/campaigns/${c.id}/clock`;
    await t.http.patch(clock).set(c.auth).send({ scale: 'exploration' }).expect(200);
    const res = await t.http.post(`${clock}/advance`).set(c.auth).send({ turns: 30 }).expect(200);
    expect(res.body.to).toMatchObject({ day: 1, watch: 'afternoon', turn: 6, turnsPerWatch: 24 });
    expect(res.body.passed).toEqual({ days: 0, watches: 1, turns: 30 });
    await t.http.patch(clock).set(c.auth).send({ turnsPerWatch: 0 }).expect(200);
    const apart = await t.http.post(`${clock}/advance`).set(c.auth).send({ turns: 30 }).expect(200);
    expect(apart.body.to).toMatchObject({ day: 1, watch: 'afternoon', turn: 36, turnsPerWatch: 0 });
  });

  it('an existing campaign’s clock is migrated to turnsPerWatch 0 and a town haven', async () => {
    const c = await createCampaign(t.server);
    // A row written as the previous schema wrote it: without the two new columns.
    const db = t.app.get(Database).manager;
    await db.query(`DELETE FROM campaign_clocks WHERE campaign_id = '${c.id}'`);
    await db.query(
      `INSERT INTO campaign_clocks (campaign_id, day, watch, turn, scale, night_watch, updated_at) VALUES ('${c.id}', 3, 'afternoon', 5, 'exploration', ${DATABASE_KIND === 'postgres' ? 'false' : '0'}, '2025-01-01T00:00:00.000Z')`,
    );
    const before = await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth).expect(200);
    expect(before.body).toEqual({
      day: 3,
      watch: 'afternoon',
      turn: 5,
      scale: 'exploration',
      nightWatch: false,
      turnsPerWatch: 0,
      havenKind: 'town',
    });
    const res = await t.http
      .post(`/v1/campaigns/${c.id}/clock/advance`)
      .set(c.auth)
      .send({ turns: 40 })
      .expect(200);
    expect(res.body.to).toMatchObject({ day: 3, watch: 'afternoon', turn: 45 });
  });
});

describe(`hazards applied to stored sheets (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const GM = {
    abilities: { strength: 16, agility: 9, endurance: 15, intelligence: 10, wisdom: 11, charisma: 8 },
    archetypes: [{ archetype: 'warrior', level: 1 }],
    species: 'dwarf',
    injuries: { current: 0, max: 10 },
  };
  const ARCHSOUL = { stats: { Endurance: 4, Resolve: 2 }, maxHp: 10 };

  async function hero(system: string, sheet: object) {
    const c = await createCampaign(t.server);
    const h = await createCharacter(t.server, c, { name: 'Hero' });
    await t.http
      .put(`/v1/campaigns/${c.id}/characters/${h.id}/sheets/${system}`)
      .set(c.auth)
      .send({ sheet })
      .expect(200);
    return { c, h, url: `/v1/campaigns/${c.id}/characters/${h.id}/hazards` };
  }

  it('a G&M fall costs survival and injuries through the harm transition and the condition ledger', async () => {
    const { c, h, url } = await hero('gm', GM);
    const before = (await t.http.get(`/v1/campaigns/${c.id}/characters/${h.id}/sheets/gm`).set(c.auth)).body
      .sheet;
    const res = await t.http
      .post(url)
      .set(c.auth)
      .set('Idempotency-Key', `fall-${h.id}`)
      .send({ system: 'gm', hazard: 'fall', input: { feet: 45 }, seed: 'fall-45' })
      .expect(201);
    // The stateless golden case: 4d6 = 12, 8 survival and 4 injuries.
    expect(res.body.outcome).toMatchObject({ damage: 12, survival: 8, injuries: 4 });
    const after = (await t.http.get(`/v1/campaigns/${c.id}/characters/${h.id}/sheets/gm`).set(c.auth)).body
      .sheet;
    // The harm transition takes the 12 points: 4 forced to injuries (one a die), 8 off survival, and
    // what survival cannot take becomes injuries too (001:597).
    expect(after.survival.current).toBe(Math.max(0, before.survival.current - 8));
    expect(after.injuries.current).toBe(4 + Math.max(0, 8 - before.survival.current));
    expect(res.body.applied.map((a: { field: string }) => a.field)).toEqual([
      'survival.current',
      'injuries.current',
    ]);
    expect(res.body.harm).toMatchObject({ stateBefore: 'up' });
    // The engine's events of the loss (issue 42): the fall's 12 points, then each field it changed.
    expect(res.body.harm.events[0]).toMatchObject({ type: 'damaged', amount: 12, ownerId: h.id });
    expect(res.body.harm.events[0].text).toMatch(/ takes 12 damage: survival \d+ → \d+/);
    expect(res.body.harm.events).toContainEqual(
      expect.objectContaining({
        type: 'field-changed',
        path: 'survival.current',
        before: before.survival.current,
      }),
    );
    const again = await t.http
      .post(url)
      .set(c.auth)
      .set('Idempotency-Key', `fall-${h.id}`)
      .send({ system: 'gm', hazard: 'fall', input: { feet: 45 }, seed: 'fall-45' })
      .expect(201);
    expect(again.body).toEqual(res.body);
    const conditions = await t.http
      .get(`/v1/campaigns/${c.id}/characters/${h.id}/conditions`)
      .set(c.auth)
      .expect(200);
    // The harm is computed in the hazard's own roll (issue 39): one roll logged, its id the harm's, and
    // the ledger entries name it.
    expect(res.body.harm.rollId).toBe(res.body.rollId);
    expect(
      conditions.body.items.filter((e: { rollId: string | null }) => e.rollId === res.body.harm.rollId),
    ).toHaveLength(2);
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    // One roll for the hazard and its harm (issue 39): the engine's state in, once (`hazard.campaign.v4`);
    // out, the transition's ledger changes: the state after is the state before and those.
    expect(log.body.items.map((r: { procedure: string }) => r.procedure)).toEqual(['hazard.campaign.v4']);
    const logged = log.body.items[0];
    expect(logged.inputs).toMatchObject({ kind: 'gmFall', name: 'fall', state: { system: 'gm' } });
    const lost = (logged.outcome.applied.harmLedger as Array<{ field: string; delta: number }>)
      .filter((x) => x.field === 'survival.current')
      .reduce((n, x) => n + x.delta, 0);
    expect(logged.inputs.state.values['survival.current'] + lost).toBe(
      res.body.applied.find((a: { field: string }) => a.field === 'survival.current').after,
    );
    const row = JSON.stringify({ inputs: logged.inputs, outcome: logged.outcome, effects: logged.effects });
    expect(row.split('"survival.max"').length - 1).toBe(1);
    expect(logged.outcome.applied).not.toHaveProperty('state');
    // v4 logs the transition's numbers and states, not its words: the events are the roll's own
    // (`events`, from `effects.events`, as a logged blow's are), the harm answer's steps left to replay.
    expect(logged.outcome.applied).not.toHaveProperty('events');
    expect(logged.outcome.applied).not.toHaveProperty('outcome');
    expect(logged.outcome.applied.harm).toEqual({
      stateBefore: 'up',
      state: res.body.harm.state,
      pending: res.body.harm.pending,
      conditionsAdded: expect.any(Array),
      conditionsRemoved: expect.any(Array),
    });
    expect(logged.events.length).toBeGreaterThan(0);
    expect(logged.events).toEqual(res.body.harm.events.slice(0, logged.events.length));
    expect(logged.effects.events).toEqual(logged.events);
    const viaGql = await gql(
      t.server,
      'query($c: ID!, $x: ID!) { roll(campaignId: $c, rollId: $x) { procedure events { type text } } }',
      { c: c.id, x: logged.id },
      c.auth,
    );
    expect(viaGql.data?.roll).toEqual({
      procedure: 'hazard.campaign.v4',
      events: logged.events.map((e: { type: string; text: string }) => ({ type: e.type, text: e.text })),
    });
    // The odds are the answer's, not the log's (the replay works them out again).
    expect(res.body.outcome.odds).toBeDefined();
    expect(logged.outcome.hazard).not.toHaveProperty('odds');
    expect(logged.outcome.hazard).toEqual(
      Object.fromEntries(Object.entries(res.body.outcome).filter(([k]) => k !== 'odds')),
    );
    expect(
      (await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}/replay`).set(c.auth).expect(200)).body
        .matches,
    ).toBe(true);
    // The ledger folds to the sheet and the roll replays: the audit is clean.
    const audit = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
    expect(audit.body).toMatchObject({ ok: true, rolls: { replayed: 1, matched: 1 } });
  });

  it('falls that each call for a roll to stay conscious leave one note of it on the sheet, not one a fall (REST and GraphQL)', async () => {
    // No reaction on the sheet, so the roll is left to the referee: one note says it is due. Before, every
    // fall added the same note again, up to 64, in the stored sheet and in every logged state after it.
    const { c, h, url } = await hero('gm', {
      // No archetype, so no reaction to roll with.
      abilities: GM.abilities,
      survival: { current: 500, max: 500 },
      injuries: { current: 0, max: 500 },
    });
    const due = 'A fortitude or willpower roll to stay conscious (no reaction on the sheet)';
    const first = await t.http
      .post(url)
      .set(c.auth)
      .set('Idempotency-Key', `falls-${h.id}`)
      .send({ system: 'gm', hazard: 'fall', input: { feet: 45 }, seed: 'fall-1' })
      .expect(201);
    expect(first.body.harm.pending).toEqual([due]);
    for (const seed of ['fall-2', 'fall-3']) {
      const answer = await gql(
        t.server,
        'mutation($c: ID!, $h: ID!, $s: String!) { characterHazard(campaignId: $c, characterId: $h, input: { system: gm, hazard: fall, input: { feet: 45 }, seed: $s }) { applied { field delta } harm { pending } } }',
        { c: c.id, h: h.id, s: seed },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      // Each fall gains injuries, so each calls for the roll again.
      expect(answer.data?.characterHazard.harm.pending).toEqual([due]);
    }
    const sheet = (
      await t.http.get(`/v1/campaigns/${c.id}/characters/${h.id}/sheets/gm`).set(c.auth).expect(200)
    ).body.sheet;
    expect(sheet.injuries.current).toBe(12);
    expect(sheet.harm.pending).toEqual([due]);
    const viaGql = await gql(
      t.server,
      'query($c: ID!, $h: ID!) { characterSheet(campaignId: $c, characterId: $h, system: gm) { sheet { ... on GmSheet { harm { pending } } } } }',
      { c: c.id, h: h.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.characterSheet.sheet.harm.pending).toEqual([due]);
    // The third fall logged the state it read: one note, as the sheet kept it.
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    expect(
      log.body.items.map(
        (r: { inputs: { state: { harm: { pending: string[] } } } }) => r.inputs.state.harm.pending,
      ),
    ).toEqual([[], [due], [due]]);
    const audit = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
    expect(audit.body).toMatchObject({ ok: true, rolls: { replayed: 3, matched: 3 } });
  });

  it('an Archsoul march fatigues then exhausts the stored sheet (GraphQL twin), reading Endurance from it', async () => {
    const { c, h } = await hero('archsoul', ARCHSOUL);
    const answer = await gql(
      t.server,
      'mutation($c: ID!, $h: ID!) { characterHazard(campaignId: $c, characterId: $h, input: { system: archsoul, hazard: exertion, input: { activity: "heavy", minutes: 30 }, seed: "march" }) { rollId outcome applied { field delta after } } }',
      { c: c.id, h: h.id },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    const out = answer.data?.characterHazard;
    expect(out.outcome.rollsDue).toBe(2);
    const fatigue = out.outcome.fatigueAfter as number;
    expect(out.applied).toEqual(
      fatigue > 0
        ? [
            { field: 'fatigue', delta: fatigue, after: fatigue },
            // Becoming exhausted costs every attribute a point, kept as exhaustionLoss.
            ...(fatigue >= 2 ? [{ field: 'exhaustionLoss', delta: 1, after: 1 }] : []),
          ]
        : [],
    );
    const sheet = (await t.http.get(`/v1/campaigns/${c.id}/characters/${h.id}/sheets/archsoul`).set(c.auth))
      .body.sheet;
    expect(sheet.fatigue).toBe(fatigue);
  });

  it('a drowning stores the Endurance lost (enduranceLoss, through the ledger); checks on Endurance lose those dice; a night gives one back', async () => {
    const { c, h, url } = await hero('archsoul', ARCHSOUL);
    const res = await t.http
      .post(url)
      .set(c.auth)
      .send({
        system: 'archsoul',
        hazard: 'drowning',
        input: { strenuousRounds: 6, turnsWithoutAir: 4 },
        seed: 'deep',
      })
      .expect(201);
    expect(res.body.outcome).toMatchObject({ airSeconds: 120, outOfAir: true });
    expect(res.body.outcome.drowning).toHaveLength(4);
    const lost = 4 - (res.body.outcome.enduranceAfter as number);
    expect(lost).toBeGreaterThan(0);
    expect(res.body.applied).toEqual([{ field: 'enduranceLoss', delta: lost, after: lost }]);
    const sheetUrl = `/v1/campaigns/${c.id}/characters/${h.id}/sheets/archsoul`;
    const sheet = (await t.http.get(sheetUrl).set(c.auth).expect(200)).body.sheet;
    expect(sheet).toMatchObject({ enduranceLoss: lost, stats: { Endurance: 4 } });
    const conditions = await t.http.get(`/v1/campaigns/${c.id}/characters/${h.id}/conditions`).set(c.auth);
    expect(conditions.body.items).toContainEqual(
      expect.objectContaining({ field: 'enduranceLoss', delta: lost, rollId: res.body.rollId }),
    );
    // A check naming Endurance rolls the lost dice fewer; one on Resolve alone does not.
    const check = await t.http
      .post(`/v1/campaigns/${c.id}/characters/${h.id}/checks`)
      .set(c.auth)
      .send({ system: 'archsoul', stats: ['Endurance', 'Resolve'], difficulty: 4, seed: 'c' })
      .expect(201);
    expect(check.body.modifiers).toContainEqual({ source: 'enduranceLoss', dice: -lost });
    const resolve = await t.http
      .post(`/v1/campaigns/${c.id}/characters/${h.id}/checks`)
      .set(c.auth)
      .send({ system: 'archsoul', stats: ['Resolve'], difficulty: 4, seed: 'c' })
      .expect(201);
    expect(resolve.body.modifiers.map((x: { source: string }) => x.source)).not.toContain('enduranceLoss');
    // A full night's sleep gives one point back; the next breath reads the Endurance left.
    const night = await t.http
      .post(url)
      .set(c.auth)
      .send({ system: 'archsoul', hazard: 'rest', input: { sleepHours: 8 } })
      .expect(201);
    expect(night.body.applied).toContainEqual({ field: 'enduranceLoss', delta: -1, after: lost - 1 });
    const breath = await t.http
      .post(url)
      .set(c.auth)
      .send({ system: 'archsoul', hazard: 'drowning', input: { strenuousRounds: 0 } })
      .expect(201);
    expect(breath.body.outcome.airSeconds).toBe((4 - (lost - 1)) * 30);
    // Issue 39: one roll per hazard, no second harm roll; every roll replays, every sheet is its ledger.
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    const procedures = log.body.items.map((r: { procedure: string }) => r.procedure);
    expect(procedures.filter((p: string) => p.startsWith('hazard.'))).toEqual([
      'hazard.campaign.v4',
      'hazard.campaign.v4',
      'hazard.campaign.v4',
    ]);
    expect(procedures).not.toContain('harm.sheet-damage');
    const audit = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
    expect(audit.body).toMatchObject({ ok: true });
    expectProblem(
      await t.http.post(url).set(c.auth).send({ system: 'archsoul', hazard: 'aging' }),
      400,
      'VALIDATION_FAILED',
      'hazard',
    );
  });

  it('Archsoul fatigue and statuses on sheet checks: fatigued +1 difficulty, exhausted −1 die, Disabled refused (GraphQL too)', async () => {
    const { c, h } = await hero('archsoul', { ...ARCHSOUL, fatigue: 2 });
    const checks = `/v1/campaigns/${c.id}/characters/${h.id}/checks`;
    const res = await t.http
      .post(checks)
      .set(c.auth)
      .send({ system: 'archsoul', stats: ['Resolve'], difficulty: 4, seed: 'tired' })
      .expect(201);
    expect(res.body.modifiers).toEqual(
      expect.arrayContaining([
        { source: 'fatigue:fatigued', difficulty: 1 },
        { source: 'fatigue:exhausted', dice: -1 },
      ]),
    );
    const answer = await gql(
      t.server,
      'mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h, input: { system: archsoul, stats: ["Resolve"], difficulty: 6, seed: "tired" }) { modifiers { source dice difficulty } } }',
      { c: c.id, h: h.id },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.characterCheck.modifiers).toContainEqual({
      source: 'fatigue:fatigued',
      dice: null,
      difficulty: 1,
    });
    await t.http
      .put(`/v1/campaigns/${c.id}/characters/${h.id}/sheets/archsoul`)
      .set(c.auth)
      .send({ sheet: { ...ARCHSOUL, statuses: ['Disabled'] } })
      .expect(200);
    expectProblem(
      await t.http
        .post(checks)
        .set(c.auth)
        .send({ system: 'archsoul', stats: ['Resolve'], difficulty: 4 }),
      409,
      'CONFLICT',
      'characterId',
    );
    // An hour's rest clears Disabled from the sheet's statuses.
    const rest = await t.http
      .post(`/v1/campaigns/${c.id}/characters/${h.id}/hazards`)
      .set(c.auth)
      .send({ system: 'archsoul', hazard: 'rest', input: { restHours: 1 } })
      .expect(201);
    expect(rest.body.outcome.disabledAfter).toBe(false);
    const sheet = (await t.http.get(`/v1/campaigns/${c.id}/characters/${h.id}/sheets/archsoul`).set(c.auth))
      .body.sheet;
    expect(sheet.statuses).toEqual([]);
    await t.http
      .post(checks)
      .set(c.auth)
      .send({ system: 'archsoul', stats: ['Resolve'], difficulty: 4 })
      .expect(201);
  });

  it('an Archsoul sleeper’s Awareness checks are 2 harder (002:51); other checks are not', async () => {
    const { c, h } = await hero('archsoul', {
      ...ARCHSOUL,
      stats: { ...ARCHSOUL.stats, Awareness: 3 },
      statuses: ['Asleep'],
    });
    const checks = `/v1/campaigns/${c.id}/characters/${h.id}/checks`;
    const aware = await t.http
      .post(checks)
      .set(c.auth)
      .send({ system: 'archsoul', stats: ['Awareness'], difficulty: 3, seed: 'z' })
      .expect(201);
    expect(aware.body.modifiers).toContainEqual({ source: 'status:asleep', difficulty: 2 });
    const resolve = await t.http
      .post(checks)
      .set(c.auth)
      .send({ system: 'archsoul', stats: ['Resolve'], difficulty: 3, seed: 'z' })
      .expect(201);
    expect(resolve.body.modifiers.map((x: { source: string }) => x.source)).not.toContain('status:asleep');
  });

  it('Archsoul statuses by the check’s action (002:82–90): Knocked Down +1 on a melee attack, Restrained and Grappled refuse (REST and GraphQL)', async () => {
    const { c, h } = await hero('archsoul', {
      ...ARCHSOUL,
      stats: { ...ARCHSOUL.stats, Agility: 3, Melee: 2 },
      statuses: ['Knocked Down'],
    });
    const checks = `/v1/campaigns/${c.id}/characters/${h.id}/checks`;
    const attack = { system: 'archsoul', stats: ['Agility', 'Melee'], difficulty: 3, seed: 'swing' };
    const knocked = await t.http
      .post(checks)
      .set(c.auth)
      .send({ ...attack, action: 'melee-attack' })
      .expect(201);
    expect(knocked.body.modifiers).toContainEqual({ source: 'status:knocked-down', difficulty: 1 });
    expect(knocked.body.effectiveDifficulty).toBe(4);
    // The same check declared as a ranged attack, or not declared, is not touched.
    for (const body of [{ ...attack, action: 'ranged-attack' }, attack]) {
      const other = await t.http.post(checks).set(c.auth).send(body).expect(201);
      expect(other.body.effectiveDifficulty).toBe(3);
      expect(other.body.modifiers.map((x: { source: string }) => x.source)).not.toContain(
        'status:knocked-down',
      );
    }
    const answer = await gql(
      t.server,
      'mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h, input: { system: archsoul, stats: ["Agility", "Melee"], difficulty: 3, action: melee_attack, seed: "swing" }) { effectiveDifficulty modifiers { source difficulty } } }',
      { c: c.id, h: h.id },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.characterCheck.effectiveDifficulty).toBe(4);
    expect(answer.data?.characterCheck.modifiers).toContainEqual({
      source: 'status:knocked-down',
      difficulty: 1,
    });

    // Restrained: no physical action (409 naming `action`, nothing logged); a skill check still rolls.
    const sheetUrl = `/v1/campaigns/${c.id}/characters/${h.id}/sheets/archsoul`;
    const sheet = (await t.http.get(sheetUrl).set(c.auth)).body.sheet;
    await t.http
      .put(sheetUrl)
      .set(c.auth)
      .send({ sheet: { ...sheet, statuses: ['Restrained'] } })
      .expect(200);
    const logged = async () =>
      (await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).query({ limit: 100 }).expect(200)).body
        .items.length as number;
    const before = await logged();
    expectProblem(
      await t.http
        .post(checks)
        .set(c.auth)
        .send({ ...attack, action: 'physical' }),
      409,
      'CONFLICT',
      'action',
    );
    expect(await logged()).toBe(before);
    await t.http
      .post(checks)
      .set(c.auth)
      .send({ system: 'archsoul', stats: ['Resolve'], difficulty: 3 })
      .expect(201);

    // Grappled: no weapon attack or move; another physical action is the referee's grapple roll.
    await t.http
      .put(sheetUrl)
      .set(c.auth)
      .send({ sheet: { ...sheet, statuses: ['grappled'] } })
      .expect(200);
    const refused = await gql(
      t.server,
      'mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h, input: { system: archsoul, stats: ["Agility"], difficulty: 3, action: move }) { rollId } }',
      { c: c.id, h: h.id },
      c.auth,
    );
    expect(codes(refused)).toEqual(['CONFLICT']);
    expect(fieldsOf(refused.errors?.[0].extensions?.errors)).toEqual(['action']);
    await t.http
      .post(checks)
      .set(c.auth)
      .send({ ...attack, action: 'physical' })
      .expect(201);

    // `action` belongs to Archsoul checks; misspelt, it is a 400 naming it.
    const gm = await hero('gm', GM);
    expectProblem(
      await t.http
        .post(`/v1/campaigns/${gm.c.id}/characters/${gm.h.id}/checks`)
        .set(gm.c.auth)
        .send({ system: 'gm', reaction: 'evasion', action: 'move' }),
      400,
      'VALIDATION_FAILED',
      'action',
    );
    expectProblem(
      await t.http
        .post(checks)
        .set(c.auth)
        .send({ ...attack, action: 'melee' }),
      400,
      'VALIDATION_FAILED',
      'action',
    );
  });

  it('G&M concentration on a stored sheet reads evasion and Movement from it, one logged roll', async () => {
    const { c, h, url } = await hero('gm', { ...GM, movement: 9 });
    const sheet = (await t.http.get(`/v1/campaigns/${c.id}/characters/${h.id}/sheets/gm`).set(c.auth)).body
      .sheet;
    const res = await t.http
      .post(url)
      .set(c.auth)
      .send({ system: 'gm', hazard: 'concentration', input: { sustained: true, hit: true }, seed: 'focus' })
      .expect(201);
    expect(res.body.outcome).toMatchObject({
      maxMovement: 4,
      defenceModifier: -1,
      roll: { target: sheet.reactions.evasion },
    });
    expect(res.body.outcome.odds.kept).toBeCloseTo(Math.min(20, sheet.reactions.evasion) / 20, 12);
    expect(res.body.applied).toEqual([]);
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
    // One logged roll, the campaign hazard procedure naming the hazard's kind.
    expect(log.body.items).toHaveLength(1);
    expect(log.body.items[0]).toMatchObject({
      procedure: 'hazard.campaign.v4',
      inputs: { kind: 'gmConcentration', state: { system: 'gm' } },
      outcome: { applied: { harm: null, plain: [] } },
    });
  });

  describe('the party version', () => {
    async function party() {
      const c = await createCampaign(t.server);
      const ids: string[] = [];
      for (const name of ['Ana', 'Bo', 'Cy']) {
        const h = await createCharacter(t.server, c, { name });
        await t.http
          .put(`/v1/campaigns/${c.id}/characters/${h.id}/sheets/gm`)
          .set(c.auth)
          .send({ sheet: GM })
          .expect(200);
        ids.push(h.id);
      }
      return { c, ids, url: `/v1/campaigns/${c.id}/party/hazards` };
    }

    it('applies a fall to every rostered character in one transaction and one logged roll', async () => {
      const { c, ids, url } = await party();
      await startSession(t.server, c);
      await t.http
        .put(`/v1/campaigns/${c.id}/sessions/current/roster`)
        .set(c.auth)
        .send({ characterIds: [ids[0], ids[1]] })
        .expect(200);
      const body = { system: 'gm', hazard: 'fall', input: { feet: 45 }, seed: 'party-fall' };
      const res = await t.http
        .post(url)
        .set(c.auth)
        .set('Idempotency-Key', `party-${c.id}`)
        .send(body)
        .expect(201);
      expect(res.body.members.map((m: { characterId: string }) => m.characterId)).toEqual([ids[0], ids[1]]);
      for (const member of res.body.members) {
        expect(member.outcome.dice).toBe(4);
        // At least the 4 forced injuries, more when survival ran out (the harm transition decides).
        const survivalLost = member.outcome.survival as number;
        const sheet = (
          await t.http.get(`/v1/campaigns/${c.id}/characters/${member.characterId}/sheets/gm`).set(c.auth)
        ).body.sheet;
        const taken = -(
          member.applied.find((a: { field: string }) => a.field === 'survival.current')?.delta ?? 0
        );
        expect(member.applied.find((a: { field: string }) => a.field === 'injuries.current')).toMatchObject({
          delta: 4 + survivalLost - taken,
          after: sheet.injuries.current,
        });
        expect(member.harm.state).toBe(sheet.harm?.state ?? 'up');
        const conditions = await t.http
          .get(`/v1/campaigns/${c.id}/characters/${member.characterId}/conditions`)
          .set(c.auth)
          .expect(200);
        expect(
          conditions.body.items.filter((e: { rollId: string | null }) => e.rollId === member.harm.rollId)
            .length,
        ).toBe(member.applied.length);
      }
      // The third character, off the roster, is untouched.
      const third = (await t.http.get(`/v1/campaigns/${c.id}/characters/${ids[2]}/sheets/gm`).set(c.auth))
        .body.sheet;
      expect(third.injuries.current).toBe(0);
      const again = await t.http
        .post(url)
        .set(c.auth)
        .set('Idempotency-Key', `party-${c.id}`)
        .send(body)
        .expect(201);
      expect(again.body).toEqual(res.body);
      const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
      expect(
        log.body.items.filter((r: { procedure: string }) => r.procedure === 'hazard.party.v5'),
      ).toHaveLength(1);
      // Each member's engine state logged once (in the input; v3 logged the state after too).
      const { inputs, outcome } = log.body.items[0];
      expect(inputs.members).toHaveLength(2);
      expect(JSON.stringify({ inputs, outcome }).split('"survival.max"').length - 1).toBe(2);
      for (const member of outcome.members) {
        expect(member.applied).not.toHaveProperty('state');
        expect(member.applied).not.toHaveProperty('events');
        expect(member.hazard).not.toHaveProperty('odds');
      }
      // Every harmed member's events are the party roll's, in the members' order.
      const told = res.body.members.flatMap(
        (m: { harm: { events: Array<{ type: string }> } | null }) => m.harm?.events ?? [],
      );
      expect(log.body.items[0].events.length).toBeGreaterThan(0);
      for (const event of log.body.items[0].events) expect(told).toContainEqual(event);
      // One roll for the whole party (hazards and harm); the audit is clean.
      expect(log.body.items).toHaveLength(1);
      const audit = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
      expect(audit.body).toMatchObject({ ok: true, rolls: { replayed: 1, matched: 1 } });
      // Replaying the seed over one member gives the stateless answer for the first.
      const stateless = await t.http
        .post('/v1/hazards/gm/falls')
        .send({ feet: 45, seed: 'party-fall' })
        .expect(200);
      expect(res.body.members[0].outcome.damageFaces).toEqual(stateless.body.damageFaces);
    });

    it('GraphQL twin with a listed subset; refuses characters off the roster and a missing list', async () => {
      const { c, ids, url } = await party();
      expectProblem(
        await t.http
          .post(url)
          .set(c.auth)
          .send({ system: 'gm', hazard: 'fall', input: { feet: 15 } }),
        400,
        'VALIDATION_FAILED',
        'characterIds',
      );
      const answer = await gql(
        t.server,
        'mutation($c: ID!, $i: PartyHazardInput!) { partyHazard(campaignId: $c, input: $i) { rollId members { characterId applied { field delta after } } } }',
        {
          c: c.id,
          i: {
            system: 'gm',
            hazard: 'suffocation',
            characterIds: [ids[2]],
            input: { rounds: 60, health: 1 },
            seed: 's',
          },
        },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.partyHazard.members).toHaveLength(1);
      expect(answer.data?.partyHazard.members[0].characterId).toBe(ids[2]);
      await startSession(t.server, c);
      await t.http
        .put(`/v1/campaigns/${c.id}/sessions/current/roster`)
        .set(c.auth)
        .send({ characterIds: [ids[0]] })
        .expect(200);
      expectProblem(
        await t.http
          .post(url)
          .set(c.auth)
          .send({ system: 'gm', hazard: 'fall', characterIds: [ids[1]], input: { feet: 15 } }),
        409,
        'NOT_ON_ROSTER',
        'characterIds',
      );
      const sheet = (await t.http.get(`/v1/campaigns/${c.id}/characters/${ids[1]}/sheets/gm`).set(c.auth))
        .body.sheet;
      expect(sheet.injuries.current).toBe(0);
    });
  });

  describe('ailments kept on the sheet', () => {
    const clock = (c: { id: string }) => `/v1/campaigns/${c.id}/clock/advance`;

    it('food poisoning stays on the sheet and ticks with the clock (one logged roll a batch); the referee cures it', async () => {
      const { c, h, url } = await hero('gm', GM);
      const res = await t.http
        .post(url)
        .set(c.auth)
        .send({
          system: 'gm',
          hazard: 'ailment',
          input: { ailment: 'food-poisoning', contact: 'willing', reaction: 1, health: 1 },
          seed: 'bad-fish',
        })
        .expect(201);
      // Contracting at 1 − 3 − 4 cannot pass: one injury now, and the course starts.
      expect(res.body.outcome).toMatchObject({ contracted: true, ongoing: true, total: 1 });
      expect(res.body.ailment).toMatchObject({
        ailment: 'food-poisoning',
        kind: 'chronic',
        strength: 3,
        health: 1,
        courseTimes: 0,
        total: 1,
      });
      const id = res.body.ailment.id as string;
      const sheetUrl = `/v1/campaigns/${c.id}/characters/${h.id}/sheets/gm`;
      expect((await t.http.get(sheetUrl).set(c.auth)).body.sheet.ailments).toHaveLength(1);
      // Twenty minutes: no action time yet, the time is carried.
      const short = await t.http.post(clock(c)).set(c.auth).send({ turns: 2 }).expect(200);
      expect(short.body.ailmentTicks).toBeUndefined();
      // Forty more: the first hour is up. Health 1 at −(3 − 1) cannot pass: one more injury.
      const hour = await t.http.post(clock(c)).set(c.auth).send({ turns: 4 }).expect(200);
      expect(hour.body.ailmentTicks).toEqual([
        expect.objectContaining({
          ownerKind: 'character',
          ownerId: h.id,
          injuries: 1,
          ailments: [expect.objectContaining({ id, rolled: 1, amount: 1, ended: false })],
        }),
      ]);
      const sheet = (await t.http.get(sheetUrl).set(c.auth)).body.sheet;
      expect(sheet.injuries.current).toBe(2);
      expect(sheet.ailments[0]).toMatchObject({ courseTimes: 1, carriedSeconds: 0, total: 2 });
      // The course's injury is harm: the G&M transition takes it inside the tick's own roll (issue 39,
      // hazard.gm.ailment-ticks.v4): one roll for the tick, no second harm roll.
      const [tick] = hour.body.ailmentTicks;
      expect(tick.events).toEqual([
        expect.objectContaining({ type: expect.any(String), text: expect.stringContaining('Hero') }),
        ...tick.events.slice(1),
      ]);
      const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
      const procedures = log.body.items.map((r: { procedure: string }) => r.procedure);
      expect(procedures.filter((p: string) => p === 'hazard.gm.ailment-ticks.v4')).toHaveLength(1);
      expect(procedures).not.toContain('hazard.gm.ailment-ticks');
      expect(procedures).not.toContain('harm.sheet-damage');
      const tickRoll = log.body.items.find((r: { id: string }) => r.id === tick.rollId);
      expect(tickRoll.procedure).toBe('hazard.gm.ailment-ticks.v4');
      // The roll carries the transition's events (the timers the write starts are told after it).
      expect(tickRoll.effects.events.length).toBeGreaterThan(0);
      expect(tick.events.slice(0, tickRoll.effects.events.length)).toEqual(tickRoll.effects.events);
      const conditions = await t.http.get(`/v1/campaigns/${c.id}/characters/${h.id}/conditions`).set(c.auth);
      expect(conditions.body.items).toContainEqual(
        expect.objectContaining({ field: 'injuries.current', delta: 1, rollId: tick.rollId }),
      );
      // Every entry of the tick names its roll; the ledger folds to the sheet and the roll replays.
      const tickEntries = conditions.body.items.filter((e: { rollId?: string }) => e.rollId === tick.rollId);
      expect(tickEntries.length).toBeGreaterThan(0);
      const audit = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
      expect(audit.body).toMatchObject({ ok: true });
      // The referee ends it (GraphQL twin); the clock then rolls nothing.
      const cured = await gql(
        t.server,
        'mutation($c: ID!, $h: ID!, $a: ID!) { cureAilment(campaignId: $c, characterId: $h, ailmentId: $a) { ailmentId ailments { id } } }',
        { c: c.id, h: h.id, a: id },
        c.auth,
      );
      expect(cured.errors).toBeUndefined();
      expect(cured.data?.cureAilment).toEqual({ ailmentId: id, ailments: [] });
      expect((await t.http.get(sheetUrl).set(c.auth)).body.sheet.ailments).toBeUndefined();
      const later = await t.http.post(clock(c)).set(c.auth).send({ watches: 1 }).expect(200);
      expect(later.body.ailmentTicks).toBeUndefined();
      expectProblem(
        await t.http
          .post(`/v1/campaigns/${c.id}/characters/${h.id}/ailments/${id}/cure`)
          .set(c.auth)
          .send({}),
        404,
        'NOT_FOUND',
      );
    });

    it('a strong constitution throws it off at the first action time; the ailment leaves the sheet', async () => {
      const { c, h, url } = await hero('gm', GM);
      const res = await t.http
        .post(url)
        .set(c.auth)
        .send({
          system: 'gm',
          hazard: 'ailment',
          input: { ailment: 'food-poisoning', contact: 'willing', reaction: 1, health: 30 },
          seed: 'bad-fish',
        })
        .expect(201);
      expect(res.body.ailment).not.toBeNull();
      // The GraphQL twin of the clock: the tick thrown off harms no one, so the engine tells nothing.
      const hour = await gql(
        t.server,
        'mutation($c: ID!) { advanceClock(campaignId: $c, input: { turns: 6 }) { ailmentTicks { rollId injuries events { type text } ailments { rolled ended amount } } } }',
        { c: c.id },
        c.auth,
      );
      expect(hour.errors).toBeUndefined();
      const [tick] = (hour.data?.advanceClock as { ailmentTicks: Array<{ rollId: string }> }).ailmentTicks;
      expect(tick).toMatchObject({
        injuries: 0,
        events: [],
        ailments: [{ rolled: 1, ended: true, amount: 0 }],
      });
      const roll = await t.http.get(`/v1/campaigns/${c.id}/rolls/${tick.rollId}`).set(c.auth).expect(200);
      expect(roll.body).toMatchObject({ procedure: 'hazard.gm.ailment-ticks.v4', effects: { events: [] } });
      const sheet = (await t.http.get(`/v1/campaigns/${c.id}/characters/${h.id}/sheets/gm`).set(c.auth)).body
        .sheet;
      expect(sheet.ailments).toBeUndefined();
    });

    it('a hidden NPC’s ailment ticks in a sealed roll that players cannot read', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Hero' });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
      const npc = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'Cultist', kind: 'monster', visibility: 'referee', grade: 'minor' })
          .expect(201)
      ).body;
      const ailment = {
        id: 'fever-1',
        ailment: 'food-poisoning',
        name: 'Food poisoning',
        kind: 'chronic',
        strength: 3,
        health: 1,
        effect: 'injuries',
        effectDice: 1,
        effectSides: 1,
        scores: [],
        actionTime: { amount: 1, unit: 'hour' },
        courseTimes: 0,
        carriedSeconds: 0,
        total: 1,
      };
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${npc.id}/sheets/gm`)
        .set(c.auth)
        .send({ sheet: { ...GM, ailments: [ailment] } })
        .expect(200);
      const advanced = await t.http
        .post(`/v1/campaigns/${c.id}/clock/advance`)
        .set(c.auth)
        .send({ turns: 6 })
        .expect(200);
      const [tick] = advanced.body.ailmentTicks;
      expect(tick).toMatchObject({ ownerKind: 'npc', ownerId: npc.id, injuries: 1 });
      const seen = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${tick.rollId}`).set(player.auth).expect(200)
      ).body;
      expect(seen.sealed).toBe(true);
      expect(JSON.stringify(seen)).not.toContain(npc.id);
    });

    it('alcohol’s penalty lowers evasion and concentration rolls (wisdom) while it runs, named in the check', async () => {
      const { c, h, url } = await hero('gm', GM);
      await t.http
        .post(url)
        .set(c.auth)
        .send({
          system: 'gm',
          hazard: 'ailment',
          input: { ailment: 'alcohol', contact: 'willing', reaction: 0 },
        })
        .expect(201);
      const checks = `/v1/campaigns/${c.id}/characters/${h.id}/checks`;
      const evasion = await t.http
        .post(checks)
        .set(c.auth)
        .send({ system: 'gm', reaction: 'evasion', seed: 'e' })
        .expect(201);
      expect(evasion.body.modifiers).toContainEqual({ source: 'ailment:Alcohol', amount: -1 });
      const wisdom = await t.http
        .post(checks)
        .set(c.auth)
        .send({ system: 'gm', attribute: 'wisdom', seed: 'w' })
        .expect(201);
      expect(wisdom.body.modifiers).toContainEqual({ source: 'ailment:Alcohol', amount: -1 });
      const strength = await t.http
        .post(checks)
        .set(c.auth)
        .send({ system: 'gm', attribute: 'strength', seed: 's' })
        .expect(201);
      expect(strength.body.modifiers.map((x: { source: string }) => x.source)).not.toContain(
        'ailment:Alcohol',
      );
    });
  });

  describe('G&M statuses kept on the sheet', () => {
    const clock = (c: { id: string }) => `/v1/campaigns/${c.id}/clock/advance`;

    it('a giant spider paralyses: kept with its minutes, moving checks refused (409), counted down by the clock', async () => {
      const { c, h, url } = await hero('gm', GM);
      const res = await t.http
        .post(url)
        .set(c.auth)
        .set('Idempotency-Key', `spider-${h.id}`)
        .send({
          system: 'gm',
          hazard: 'ailment',
          input: { ailment: 'giant-spider', contact: 'forced', reaction: 0 },
          seed: 'bite',
        })
        .expect(201);
      const minutes = res.body.outcome.total as number;
      expect(minutes).toBeGreaterThanOrEqual(1);
      expect(res.body.statuses).toEqual(['paralysed']);
      expect(res.body.keptStatuses).toEqual([
        { id: expect.any(String), status: 'paralysed', source: 'Giant spider', secondsLeft: minutes * 60 },
      ]);
      const sheetUrl = `/v1/campaigns/${c.id}/characters/${h.id}/sheets/gm`;
      expect((await t.http.get(sheetUrl).set(c.auth)).body.sheet.statuses).toEqual(res.body.keptStatuses);
      const checks = `/v1/campaigns/${c.id}/characters/${h.id}/checks`;
      const refused = await t.http.post(checks).set(c.auth).send({ system: 'gm', attribute: 'agility' });
      expectProblem(refused, 409, 'CONFLICT', 'characterId');
      expect(refused.body.detail).toContain('paralysed');
      await t.http
        .post(checks)
        .set(c.auth)
        .send({ system: 'gm', reaction: 'willpower', seed: 'w' })
        .expect(201);
      // Ten minutes outlast d4 minutes: the status ends and leaves the sheet.
      const advanced = await t.http.post(clock(c)).set(c.auth).send({ turns: 1 }).expect(200);
      expect(advanced.body.statusesEnded).toEqual([
        {
          ownerKind: 'character',
          ownerId: h.id,
          ended: [expect.objectContaining({ status: 'paralysed', secondsLeft: 0 })],
        },
      ]);
      expect((await t.http.get(sheetUrl).set(c.auth)).body.sheet.statuses).toBeUndefined();
      await t.http
        .post(checks)
        .set(c.auth)
        .send({ system: 'gm', attribute: 'agility', seed: 'a' })
        .expect(201);
      const later = await t.http.post(clock(c)).set(c.auth).send({ turns: 1 }).expect(200);
      expect(later.body.statusesEnded).toBeUndefined();
    });

    it('sleep gas (GraphQL twin): asleep for 6d10 minutes, perception at −6, other checks refused; the referee wakes them', async () => {
      const { c, h } = await hero('gm', GM);
      const answer = await gql(
        t.server,
        'mutation($c: ID!, $h: ID!) { characterHazard(campaignId: $c, characterId: $h, input: { system: gm, hazard: ailment, input: { ailment: "sleep-gas", contact: "forced", reaction: 0, actionTimesExposed: 3 }, seed: "gas" }) { statuses outcome keptStatuses { id status source secondsLeft } } }',
        { c: c.id, h: h.id },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      const result = answer.data?.characterHazard;
      expect(result.outcome.applications).toBe(3);
      expect(result.keptStatuses).toEqual([
        {
          id: expect.any(String),
          status: 'asleep',
          source: 'Sleep gas',
          secondsLeft: (result.outcome.total as number) * 60,
        },
      ]);
      const checks = `/v1/campaigns/${c.id}/characters/${h.id}/checks`;
      const perception = await t.http
        .post(checks)
        .set(c.auth)
        .send({ system: 'gm', reaction: 'perception', seed: 'p' })
        .expect(201);
      expect(perception.body.modifiers).toContainEqual({ source: 'status:asleep', amount: -6 });
      expectProblem(
        await t.http.post(checks).set(c.auth).send({ system: 'gm', attribute: 'strength' }),
        409,
        'CONFLICT',
        'characterId',
      );
      const statusId = result.keptStatuses[0].id as string;
      const woken = await gql(
        t.server,
        'mutation($c: ID!, $h: ID!, $s: ID!) { endStatus(campaignId: $c, characterId: $h, statusId: $s) { statusId statuses { id } } }',
        { c: c.id, h: h.id, s: statusId },
        c.auth,
      );
      expect(woken.errors).toBeUndefined();
      expect(woken.data?.endStatus).toEqual({ statusId, statuses: [] });
      await t.http
        .post(checks)
        .set(c.auth)
        .send({ system: 'gm', attribute: 'strength', seed: 's' })
        .expect(201);
      expectProblem(
        await t.http
          .post(`/v1/campaigns/${c.id}/characters/${h.id}/statuses/${statusId}/end`)
          .set(c.auth)
          .send({}),
        404,
        'NOT_FOUND',
      );
    });

    it('shock from an illusion refuses every check, outlasts a day of the clock, and only the referee ends it', async () => {
      const { c, h, url } = await hero('gm', GM);
      const res = await t.http
        .post(url)
        .set(c.auth)
        .send({
          system: 'gm',
          hazard: 'illusion',
          input: { method: 'perception', score: 0, failedDeathRoll: true },
        })
        .expect(201);
      expect(res.body.keptStatuses).toEqual([
        { id: expect.any(String), status: 'shock', source: 'illusion', secondsLeft: null },
      ]);
      const checks = `/v1/campaigns/${c.id}/characters/${h.id}/checks`;
      expectProblem(
        await t.http.post(checks).set(c.auth).send({ system: 'gm', reaction: 'perception' }),
        409,
        'CONFLICT',
        'characterId',
      );
      const day = await t.http.post(clock(c)).set(c.auth).send({ days: 1 }).expect(200);
      expect(day.body.statusesEnded).toBeUndefined();
      const player = await createKey(t.server, c, { role: 'player', characterIds: [h.id] });
      const statusId = res.body.keptStatuses[0].id as string;
      const endUrl = `/v1/campaigns/${c.id}/characters/${h.id}/statuses/${statusId}/end`;
      await t.http.post(endUrl).set(player.auth).send({}).expect(403);
      const ended = await t.http.post(endUrl).set(c.auth).send({}).expect(200);
      expect(ended.body).toEqual({ characterId: h.id, statusId, statuses: [] });
      await t.http
        .post(checks)
        .set(c.auth)
        .send({ system: 'gm', reaction: 'perception', seed: 'p' })
        .expect(201);
    });

    it('the referee’s statuses are validated naming the field and change nothing', async () => {
      const { c, h } = await hero('gm', GM);
      const sheetUrl = `/v1/campaigns/${c.id}/characters/${h.id}/sheets/gm`;
      expectProblem(
        await t.http
          .put(sheetUrl)
          .set(c.auth)
          .send({
            sheet: { ...GM, statuses: [{ id: 'x', status: 'cursed', source: 'hag', secondsLeft: null }] },
          }),
        400,
        'VALIDATION_FAILED',
        'sheet.statuses[0].status',
      );
      expect((await t.http.get(sheetUrl).set(c.auth)).body.sheet.statuses).toBeUndefined();
    });
  });

  describe('Archsoul attribute losses kept on the sheet', () => {
    const WEAK = { stats: { Endurance: 1, Resolve: 0, Intellect: 4 }, maxHp: 10, fatigue: 1 };

    it('exhaustion costs every attribute a point that outlasts it: kept, on checks, and given back by a night it does not begin exhausted', async () => {
      const { c, h, url } = await hero('archsoul', WEAK);
      // One die cannot make three successes: the heavy minute's roll fails, fatigued → exhausted.
      const march = await t.http
        .post(url)
        .set(c.auth)
        .send({ system: 'archsoul', hazard: 'exertion', input: { activity: 'heavy', minutes: 1 }, seed: 'm' })
        .expect(201);
      expect(march.body.outcome).toMatchObject({ rollsDue: 1, fatigueAfter: 2 });
      expect(march.body.applied).toEqual([
        { field: 'fatigue', delta: 1, after: 2 },
        { field: 'exhaustionLoss', delta: 1, after: 1 },
      ]);
      const sheetUrl = `/v1/campaigns/${c.id}/characters/${h.id}/sheets/archsoul`;
      const sheet = (await t.http.get(sheetUrl).set(c.auth)).body.sheet;
      expect(sheet).toMatchObject({
        exhaustionLoss: 1,
        statsNow: { Endurance: 0, Resolve: 0, Intellect: 4 },
      });
      const conditions = await t.http.get(`/v1/campaigns/${c.id}/characters/${h.id}/conditions`).set(c.auth);
      expect(conditions.body.items).toContainEqual(
        expect.objectContaining({ field: 'exhaustionLoss', delta: 1, rollId: march.body.rollId }),
      );
      const checks = `/v1/campaigns/${c.id}/characters/${h.id}/checks`;
      const check = async () =>
        (
          await t.http
            .post(checks)
            .set(c.auth)
            .send({ system: 'archsoul', stats: ['Intellect'], difficulty: 4, seed: 'i' })
            .expect(201)
        ).body.modifiers.filter((x: { source: string }) => x.source !== 'stat:Intellect');
      // While exhausted the point is the exhaustion's own die, not twice.
      expect(await check()).toEqual([
        { source: 'fatigue:fatigued', difficulty: 1 },
        { source: 'fatigue:exhausted', dice: -1 },
      ]);
      // A night turns exhaustion into fatigue; its loss stays (the night began exhausted).
      const night = await t.http
        .post(url)
        .set(c.auth)
        .send({ system: 'archsoul', hazard: 'rest', input: { sleepHours: 8 } })
        .expect(201);
      expect(night.body.applied).toEqual([{ field: 'fatigue', delta: -1, after: 1 }]);
      expect(await check()).toEqual([
        { source: 'fatigue:fatigued', difficulty: 1 },
        { source: 'exhaustionLoss', dice: -1 },
      ]);
      // The next night clears the fatigue and gives the point back.
      const second = await t.http
        .post(url)
        .set(c.auth)
        .send({ system: 'archsoul', hazard: 'rest', input: { sleepHours: 8 } })
        .expect(201);
      expect(second.body.applied).toEqual([
        { field: 'fatigue', delta: -1, after: 0 },
        { field: 'exhaustionLoss', delta: -1, after: 0 },
      ]);
      expect(await check()).toEqual([]);
      expect((await t.http.get(sheetUrl).set(c.auth)).body.sheet.statsNow).toBeUndefined();
    });

    it('other attributes’ losses (GraphQL twin): read by checks naming them, shown in statsNow, one point back a night', async () => {
      const { c, h } = await hero('archsoul', {
        ...ARCHSOUL,
        stats: { ...ARCHSOUL.stats, Intellect: 5 },
        attributeLoss: { Intellect: 2 },
      });
      const sheetUrl = `/v1/campaigns/${c.id}/characters/${h.id}/sheets/archsoul`;
      expect((await t.http.get(sheetUrl).set(c.auth)).body.sheet).toMatchObject({
        attributeLoss: { Intellect: 2 },
        statsNow: { Endurance: 4, Resolve: 2, Intellect: 3 },
      });
      const checked = await gql(
        t.server,
        'mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h, input: { system: archsoul, stats: ["intellect"], difficulty: 4, seed: "q" }) { modifiers { source dice } } }',
        { c: c.id, h: h.id },
        c.auth,
      );
      expect(checked.errors).toBeUndefined();
      expect(checked.data?.characterCheck.modifiers).toContainEqual({
        source: 'attributeLoss:Intellect',
        dice: -2,
      });
      const night = await gql(
        t.server,
        'mutation($c: ID!, $h: ID!) { characterHazard(campaignId: $c, characterId: $h, input: { system: archsoul, hazard: rest, input: { sleepHours: 9 } }) { outcome applied { field delta after } } }',
        { c: c.id, h: h.id },
        c.auth,
      );
      expect(night.errors).toBeUndefined();
      expect(night.data?.characterHazard.outcome.attributeReductionsAfter).toEqual({ Intellect: 1 });
      expect(night.data?.characterHazard.applied).toContainEqual({
        field: 'attributeLoss.Intellect',
        delta: -1,
        after: 1,
      });
      expectProblem(
        await t.http
          .put(sheetUrl)
          .set(c.auth)
          .send({ sheet: { ...ARCHSOUL, attributeLoss: { Endurance: 1 } } }),
        400,
        'VALIDATION_FAILED',
        'sheet.attributeLoss.Endurance',
      );
      const player = await createKey(t.server, c, { role: 'player', characterIds: [h.id] });
      await t.http
        .put(sheetUrl)
        .set(player.auth)
        .send({
          sheet: { ...ARCHSOUL, stats: { ...ARCHSOUL.stats, Intellect: 5 }, attributeLoss: { Intellect: 0 } },
        })
        .expect(403);
      expect((await t.http.get(sheetUrl).set(c.auth)).body.sheet.attributeLoss).toEqual({ Intellect: 1 });
    });
  });
});
