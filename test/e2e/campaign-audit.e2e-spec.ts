import { Database } from '../../src/database/database.service';
import { CharacterSheetEntity } from '../../src/characters/characters.entities';
import { RollEntity } from '../../src/database/entities';
import { RandomService } from '../../src/common/random.service';
import {
  CAMPAIGN_HAZARD_V2_PROCEDURE,
  CAMPAIGN_HAZARD_V3_PROCEDURE,
  CAMPAIGN_PARTY_HAZARD_V2_PROCEDURE,
  CAMPAIGN_PARTY_HAZARD_V4_PROCEDURE,
} from '../../src/hazards/hazards.service';
import { AILMENT_TICKS_V2_PROCEDURE, AILMENT_TICKS_V3_PROCEDURE } from '../../src/hazards/ailment-ticks';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  createCampaign,
  createCharacter,
  createKey,
  putSheet,
  type CampaignFixture,
} from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/*
 * Issue 39: a campaign checked against its own record. `GET /v1/campaigns/{id}/audit` (and
 * `campaignAudit`) replays every logged roll and folds the condition ledger into every sheet; a sheet
 * or a roll changed behind the engine's back shows as a difference naming what and whose.
 */
describe(`the campaign audit (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const AUDIT = `query($c: ID!) { campaignAudit(campaignId: $c) { ok
    rolls { replayed matched differing { rollId procedure reason detail } }
    sheets { checked entries differing { ownerKind ownerId name system field stored folded brokenAtEntryId } } } }`;

  async function playedCampaign() {
    const c = await createCampaign(t.server);
    const ada = await createCharacter(t.server, c, { name: 'Ada' });
    const brann = await createCharacter(t.server, c, { name: 'Brann' });
    await putSheet(t.server, c, ada.id, 'coeac', { maxHp: 8, saves: { Vigor: 2 }, skills: { Medicine: 1 } });
    await putSheet(t.server, c, brann.id, 'gm', {
      abilities: { strength: 14, agility: 12, endurance: 13, intelligence: 10, wisdom: 10, charisma: 10 },
      archetypes: [{ archetype: 'warrior', level: 1 }],
      survival: { max: 6, current: 6 },
    });
    const base = `/v1/campaigns/${c.id}/characters`;
    await t.http
      .post(`${base}/${ada.id}/damage`)
      .set(c.auth)
      .send({ system: 'coeac', amount: 3, seed: 'a' })
      .expect(201);
    await t.http
      .post(`${base}/${brann.id}/hazards`)
      .set(c.auth)
      .send({ system: 'gm', hazard: 'fall', input: { feet: 25 }, seed: 'b' })
      .expect(201);
    await t.http
      .post(`${base}/${ada.id}/checks`)
      .set(c.auth)
      .send({ system: 'coeac', skill: 'Medicine', objective: 1 })
      .expect(201);
    return { c, ada, brann };
  }

  it('a campaign played through the engine audits clean: every roll replays, every sheet is its ledger (REST and GraphQL agree)', async () => {
    const { c } = await playedCampaign();
    const res = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).query({ limit: 100 }).expect(200);
    expect(res.body).toEqual({
      ok: true,
      rolls: { replayed: log.body.items.length, matched: log.body.items.length, differing: [] },
      sheets: { checked: 2, entries: expect.any(Number), differing: [] },
    });
    expect(res.body.rolls.replayed).toBe(3);
    expect(res.body.sheets.entries).toBeGreaterThan(4);
    const viaGql = await gql(t.server, AUDIT, { c: c.id }, c.auth);
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.campaignAudit).toEqual(res.body);
  });

  it('a sheet or a roll changed behind the engine’s back is named: whose value, stored against folded; which roll', async () => {
    const { c, ada } = await playedCampaign();
    const db = t.app.get(Database);
    const [row] = await Database.selectRows(db.manager, CharacterSheetEntity, {
      ownerId: ada.id,
      system: 'coeac',
    });
    await Database.updateRow(db.manager, CharacterSheetEntity, row.id, {
      data: { ...row.data, hp: 8 } as never,
    });
    const [roll] = await Database.selectRows(db.manager, RollEntity, {
      campaignId: c.id,
      procedure: 'harm.sheet-damage',
    });
    await db.manager.update(
      RollEntity,
      { seq: roll.seq },
      { outcome: { ...roll.outcome, damage: 99 } as never },
    );
    const res = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.sheets.differing).toEqual([
      {
        ownerKind: 'character',
        ownerId: ada.id,
        name: 'Ada',
        system: 'coeac',
        field: 'hp',
        stored: 8,
        folded: row.data.hp,
        brokenAtEntryId: null,
      },
    ]);
    expect(res.body.rolls).toMatchObject({
      replayed: 3,
      matched: 2,
      differing: [{ rollId: roll.id, procedure: 'harm.sheet-damage', reason: 'outcome', detail: null }],
    });
    const viaGql = await gql(t.server, AUDIT, { c: c.id }, c.auth);
    expect(viaGql.data?.campaignAudit).toEqual(res.body);
  });

  /**
   * A row the service logs now (`hazard.campaign.v4`, `hazard.gm.ailment-ticks.v4`, the party's
   * `hazard.party.v5`) turned into the row an older version logged for the same roll: same input, seed
   * and faces, its procedure and its outcome as that version logged it (v2: the state after, the harm's
   * input, the odds; v3: the harm's whole answer and its events). The ledger entries of the roll stay
   * as they were written.
   */
  async function asOlder(rollId: string, procedure: { name: string; run: (i: never, d: never) => unknown }) {
    const db = t.app.get(Database);
    const row = await db.manager.findOneOrFail(RollEntity, { where: { id: rollId } });
    const dice = t.app.get(RandomService).replay(row.seed, row.rng);
    const outcome = JSON.parse(JSON.stringify(procedure.run(row.inputs as never, dice as never)));
    expect([...dice.faces]).toEqual(row.faces);
    await db.manager.update(
      RollEntity,
      { seq: row.seq },
      { procedure: procedure.name, outcome, receiptKeyId: null, receiptSignature: null },
    );
    return { row, outcome };
  }

  /** The audit of `c` (its `rolls` rolls and one sheet) is clean. */
  async function expectCleanAudit(c: CampaignFixture, rolls: number) {
    const clean = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
    expect(clean.body).toEqual({
      ok: true,
      rolls: { replayed: rolls, matched: rolls, differing: [] },
      sheets: { checked: 1, entries: expect.any(Number), differing: [] },
    });
  }

  /** The audit names one roll whose outcome differs from its replay, the same over REST and GraphQL. */
  async function expectNamed(c: CampaignFixture, rolls: number, rollId: string, procedure: string) {
    const res = await t.http.get(`/v1/campaigns/${c.id}/audit`).set(c.auth).expect(200);
    expect(res.body.rolls).toEqual({
      replayed: rolls,
      matched: rolls - 1,
      differing: [{ rollId, procedure, reason: 'outcome', detail: null }],
    });
    const viaGql = await gql(t.server, AUDIT, { c: c.id }, c.auth);
    expect(viaGql.data?.campaignAudit).toEqual(res.body);
  }

  /** A fall, an ailment, a party's fall and the ailment's tick, logged as the service logs them now. */
  async function hazardLog() {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    await putSheet(t.server, c, hero.id, 'gm', {
      abilities: { strength: 16, agility: 9, endurance: 15, intelligence: 10, wisdom: 11, charisma: 8 },
      archetypes: [{ archetype: 'warrior', level: 1 }],
      injuries: { current: 0, max: 10 },
    });
    const url = `/v1/campaigns/${c.id}/characters/${hero.id}/hazards`;
    const fall = await t.http
      .post(url)
      .set(c.auth)
      .send({ system: 'gm', hazard: 'fall', input: { feet: 45 }, seed: 'fall-45' })
      .expect(201);
    const poison = await t.http
      .post(url)
      .set(c.auth)
      .send({
        system: 'gm',
        hazard: 'ailment',
        input: { ailment: 'food-poisoning', contact: 'willing', reaction: 1, health: 1 },
        seed: 'bad-fish',
      })
      .expect(201);
    expect(poison.body.ailment).not.toBeNull();
    const party = await t.http
      .post(`/v1/campaigns/${c.id}/party/hazards`)
      .set(c.auth)
      .send({ system: 'gm', hazard: 'fall', input: { feet: 15 }, characterIds: [hero.id], seed: 'party' })
      .expect(201);
    const hour = await t.http.post(`/v1/campaigns/${c.id}/clock/advance`).set(c.auth).send({ turns: 6 });
    expect(hour.status).toBe(200);
    const [tick] = hour.body.ailmentTicks;
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).query({ limit: 100 }).expect(200);
    const procedures = log.body.items.map((r: { procedure: string }) => r.procedure);
    // (The fall may knock him out: the clock then rolls his waking too, `harm.gm-awaken`.)
    expect(procedures.filter((p: string) => p.startsWith('hazard.'))).toEqual([
      'hazard.campaign.v4',
      'hazard.campaign.v4',
      'hazard.party.v5',
      'hazard.gm.ailment-ticks.v4',
    ]);
    return { c, fall, poison, party, tick, rolls: procedures.length as number };
  }

  it('hazards logged before v3 (a fall, a party’s fall, an ailment’s tick) still replay: the audit is clean, and a changed v2 row is named', async () => {
    const { c, fall, poison, party, tick, rolls } = await hazardLog();
    // The v4 rows hold the engine's state once; the v2 rows made of them hold it again (the state after).
    const count = (value: unknown) => JSON.stringify(value).split('"survival.max"').length - 1;
    const fallV2 = await asOlder(fall.body.rollId, CAMPAIGN_HAZARD_V2_PROCEDURE);
    await asOlder(poison.body.rollId, CAMPAIGN_HAZARD_V2_PROCEDURE);
    const tickV2 = await asOlder(tick.rollId, AILMENT_TICKS_V2_PROCEDURE);
    const partyV3 = await asOlder(party.body.rollId, CAMPAIGN_PARTY_HAZARD_V2_PROCEDURE);
    expect(count(partyV3.row.inputs) + count(partyV3.row.outcome)).toBe(1);
    expect(count(partyV3.row.inputs) + count(partyV3.outcome)).toBe(2);
    expect(count(fallV2.row.inputs) + count(fallV2.row.outcome)).toBe(1);
    expect(count(fallV2.row.inputs) + count(fallV2.outcome)).toBe(2);
    expect(count(tickV2.row.inputs) + count(tickV2.row.outcome)).toBe(1);
    expect(count(tickV2.row.inputs) + count(tickV2.outcome)).toBe(2);
    await expectCleanAudit(c, rolls);
    const replay = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${tick.rollId}/replay`)
      .set(c.auth)
      .expect(200);
    expect(replay.body).toMatchObject({ matches: true, roll: { procedure: 'hazard.gm.ailment-ticks.v2' } });
    // A v2 row's state after changed behind the engine's back: the replay tells it (v2 is replayed, not skipped).
    const db = t.app.get(Database);
    const changed = JSON.parse(JSON.stringify(fallV2.outcome));
    changed.applied.state.values['survival.current'] += 1;
    await db.manager.update(RollEntity, { id: fall.body.rollId }, { outcome: changed });
    await expectNamed(c, rolls, fall.body.rollId, 'hazard.campaign.v2');
  });

  it('hazards logged as v3 (their events and the harm’s whole answer in the outcome) still replay, and a changed v3 row is named', async () => {
    const { c, fall, poison, party, tick, rolls } = await hazardLog();
    const fallV3 = await asOlder(fall.body.rollId, CAMPAIGN_HAZARD_V3_PROCEDURE);
    await asOlder(poison.body.rollId, CAMPAIGN_HAZARD_V3_PROCEDURE);
    const tickV3 = await asOlder(tick.rollId, AILMENT_TICKS_V3_PROCEDURE);
    const partyV4 = await asOlder(party.body.rollId, CAMPAIGN_PARTY_HAZARD_V4_PROCEDURE);
    // What v3 logged besides v4: the events' sentences and the harm's steps, in the outcome.
    const texts = (value: unknown) => JSON.stringify(value).split('"text":').length - 1;
    for (const older of [fallV3, tickV3, partyV4]) {
      expect(texts(older.row.outcome)).toBe(0);
      expect(texts(older.outcome)).toBeGreaterThan(0);
      expect(JSON.stringify(older.outcome).length).toBeGreaterThan(JSON.stringify(older.row.outcome).length);
    }
    await expectCleanAudit(c, rolls);
    const replay = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${party.body.rollId}/replay`)
      .set(c.auth)
      .expect(200);
    expect(replay.body).toMatchObject({ matches: true, roll: { procedure: 'hazard.party.v4' } });
    // A v3 row's logged event changed behind the engine's back: the replay tells it.
    const db = t.app.get(Database);
    const changed = JSON.parse(JSON.stringify(fallV3.outcome));
    changed.applied.events[0].text += '!';
    await db.manager.update(RollEntity, { id: fall.body.rollId }, { outcome: changed });
    await expectNamed(c, rolls, fall.body.rollId, 'hazard.campaign.v3');
  });

  it('a v4 row whose logged harm changed is named', async () => {
    const { c, fall, rolls } = await hazardLog();
    const db = t.app.get(Database);
    const row = await db.manager.findOneOrFail(RollEntity, { where: { id: fall.body.rollId } });
    const changed = JSON.parse(JSON.stringify(row.outcome));
    changed.applied.harmLedger[0].delta -= 1;
    await db.manager.update(RollEntity, { id: fall.body.rollId }, { outcome: changed });
    await expectNamed(c, rolls, fall.body.rollId, 'hazard.campaign.v4');
  });

  it('is the referee’s: a player key is refused on both routes', async () => {
    const { c, ada } = await playedCampaign();
    const player = await createKey(t.server, c, { role: 'player', characterIds: [ada.id] });
    expectProblem(await t.http.get(`/v1/campaigns/${c.id}/audit`).set(player.auth), 403, 'FORBIDDEN');
    const viaGql = await gql(t.server, AUDIT, { c: c.id }, player.auth);
    expect(viaGql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
