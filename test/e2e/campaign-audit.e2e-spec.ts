import { Database } from '../../src/database/database.service';
import { CharacterSheetEntity } from '../../src/characters/characters.entities';
import { RollEntity } from '../../src/database/entities';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { createCampaign, createCharacter, createKey, putSheet } from '../factories/campaign';
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

  it('is the referee’s: a player key is refused on both routes', async () => {
    const { c, ada } = await playedCampaign();
    const player = await createKey(t.server, c, { role: 'player', characterIds: [ada.id] });
    expectProblem(await t.http.get(`/v1/campaigns/${c.id}/audit`).set(player.auth), 403, 'FORBIDDEN');
    const viaGql = await gql(t.server, AUDIT, { c: c.id }, player.auth);
    expect(viaGql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
