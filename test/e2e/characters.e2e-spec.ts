import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CHARACTER_SHEETS, restAnySheet, restSheets, sheetOn } from './sheet-graphql';
import {
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  startSession,
} from '../factories/campaign';
import { poolSuccessProbability } from '../../src/core/odds';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

interface Key {
  id: string;
  auth: { Authorization: string };
}

const COEAC = {
  skills: { Streetwise: 3, Medicine: 1 },
  saves: { Vigor: 2 },
  maxHp: 12,
  armor: { kind: 'heavy', shield: true },
  classResources: { Luck: { max: 3 } },
};
const CAIRN = { str: { max: 12 }, dex: { current: 9, max: 14 }, wil: { max: 8 }, maxHp: 5 };
const ARCHSOUL = { stats: { Intellect: 3, Crafting: 2, Endurance: 4 }, maxHp: 10 };
const GM = {
  abilities: { strength: 16, agility: 9, endurance: 15, intelligence: 10, wisdom: 11, charisma: 8 },
  archetypes: [{ archetype: 'warrior', level: 1 }],
  species: 'dwarf',
};

describe(`characters: sheets, the condition ledger, NPCs, sheet checks (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  async function table() {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero', wealth: 3, cash: 5 });
    const other = await createCharacter(t.server, c, { name: 'Other' });
    const player: Key = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    const viewer: Key = await createKey(t.server, c, { role: 'viewer' });
    return { c, hero, other, player, viewer };
  }

  const sheetUrl = (c: CampaignFixture, id: string, system: string) =>
    `/v1/campaigns/${c.id}/characters/${id}/sheets/${system}`;

  function put(c: CampaignFixture, id: string, system: string, sheet: object, auth = c.auth) {
    return t.http
      .put(sheetUrl(c, id, system))
      .set(auth)
      .send({ sheet });
  }

  describe('sheets', () => {
    it('keeps one sheet per system, derives what the server derives, and shows them on the character', async () => {
      const { c, hero, viewer } = await table();
      const coeac = (await put(c, hero.id, 'coeac', COEAC).expect(200)).body;
      expect(coeac.sheet).toMatchObject({
        skills: { Streetwise: 3, Medicine: 1 },
        hp: 12,
        maxHp: 12,
        bonusHp: 0,
        // heavy armour twice a day, a shield once more
        armor: { kind: 'heavy', shield: true, blockUses: 3, shieldBlockUses: 1, blockUsesPerDay: 3 },
        classResources: { Luck: { current: 3, max: 3 } },
        state: 'up',
      });
      // One opening entry per tracked value that is not 0.
      expect(coeac.conditions.map((e: { field: string; delta: number }) => [e.field, e.delta])).toEqual([
        ['hp', 12],
        ['maxHp', 12],
        ['armor.blockUses', 3],
        ['armor.shieldBlockUses', 1],
        ['classResources.Luck.current', 3],
      ]);
      const cairn = (await put(c, hero.id, 'cairn', CAIRN).expect(200)).body.sheet;
      expect(cairn).toMatchObject({
        str: { current: 12, max: 12 },
        dex: { current: 9, max: 14 },
        hp: 5,
        armor: 0,
      });
      await put(c, hero.id, 'archsoul', ARCHSOUL).expect(200);
      const gm = (await put(c, hero.id, 'gm', GM).expect(200)).body.sheet;
      expect(Object.keys(gm.reactions).sort()).toEqual(
        ['evasion', 'fortitude', 'health', 'perception', 'reason', 'willpower'].sort(),
      );
      expect(gm.survival.max).toBe(gm.derived.survival);
      expect(gm.mojo).toEqual({ current: gm.derived.mojo, max: gm.derived.mojo });

      const character = (await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(viewer.auth))
        .body;
      expect(Object.keys(character.sheets).sort()).toEqual(['archsoul', 'cairn', 'coeac', 'gm']);
      expect(character.sheets.coeac.armor.blockUsesPerDay).toBe(3);

      const answer = await gql(
        t.server,
        `query($c: ID!, $h: ID!) { character(campaignId: $c, characterId: $h) { sheets ${CHARACTER_SHEETS} }
           characterSheet(campaignId: $c, characterId: $h, system: cairn) { system sheet ${sheetOn('cairn')} } }`,
        { c: c.id, h: hero.id },
        viewer.auth,
      );
      expect(answer.errors).toBeUndefined();
      // Typed in GraphQL too: one object type per system, free-name maps as lists of entries.
      expect(answer.data!.character.sheets.coeac.skills).toEqual([
        { name: 'Streetwise', value: 3 },
        { name: 'Medicine', value: 1 },
      ]);
      expect(restSheets(answer.data!.character.sheets)).toEqual(character.sheets);
      expect(answer.data!.characterSheet.sheet.__typename).toBe('CairnSheet');
      expect(answer.data!.characterSheet.sheet.str).toEqual({ current: 12, max: 12 });
    });

    it('refuses bad sheets naming the field, and changes nothing', async () => {
      const { c, hero } = await table();
      expectProblem(
        await put(c, hero.id, 'coeac', { skills: { Lore: 'x' } }),
        400,
        'VALIDATION_FAILED',
        'sheet.skills.Lore',
      );
      expectProblem(
        await put(c, hero.id, 'coeac', { skills: { Lore: 1, lore: 2 } }),
        400,
        'VALIDATION_FAILED',
        'sheet.skills.lore',
      );
      expectProblem(
        await put(c, hero.id, 'cairn', { ...CAIRN, hp: 9 }),
        400,
        'VALIDATION_FAILED',
        'sheet.hp',
      );
      expectProblem(
        await put(c, hero.id, 'gm', { ...GM, archetypes: [{ archetype: 'bard', level: 1 }] }),
        400,
        'VALIDATION_FAILED',
        'sheet.archetypes[0].archetype',
      );
      expectProblem(
        await put(c, hero.id, 'coeac', { colour: 'red' }),
        400,
        'VALIDATION_FAILED',
        'sheet.colour',
      );
      expectProblem(await put(c, hero.id, 'dnd', {}), 400, 'VALIDATION_FAILED', 'system');
      expectProblem(
        await t.http.get(sheetUrl(c, hero.id, 'coeac')).set(c.auth),
        422,
        'SHEET_MISSING',
        'system',
      );
      const ledger = await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}/conditions`).set(c.auth);
      expect(ledger.body.items).toEqual([]);
    });

    it('lets the player set base values but not tracked or referee ones; viewers set nothing', async () => {
      const { c, hero, other, player, viewer } = await table();
      await put(c, hero.id, 'coeac', COEAC).expect(200);
      const current = (
        await t.http
          .get(sheetUrl(c, hero.id, 'coeac'))
          .set(player.auth)
          .expect(200)
      ).body.sheet;
      // A read, edit, write of the whole sheet with a new skill: allowed.
      const edited = { ...current, skills: { ...current.skills, Lore: 2 } };
      const ok = await put(c, hero.id, 'coeac', edited, player.auth).expect(200);
      expect(ok.body.sheet.skills.Lore).toBe(2);
      expect(ok.body.conditions).toEqual([]);
      expectProblem(await put(c, hero.id, 'coeac', { hp: 3 }, player.auth), 403, 'FORBIDDEN', 'sheet.hp');
      expectProblem(
        await put(c, hero.id, 'coeac', { classResources: { Luck: { current: 1, max: 3 } } }, player.auth),
        403,
        'FORBIDDEN',
        'sheet.classResources.Luck.current',
      );
      expectProblem(
        await put(c, hero.id, 'coeac', { state: 'dead' }, player.auth),
        403,
        'FORBIDDEN',
        'sheet.state',
      );
      // A player's new G&M sheet starts with the maxima its abilities and archetype derive.
      const gm = (await put(c, hero.id, 'gm', GM, player.auth).expect(200)).body.sheet;
      expect(gm.survival).toEqual({ current: gm.derived.survival, max: gm.derived.survival });
      // Its answer sent back whole (derived reactions and all) with one ability changed: allowed.
      const raised = { ...gm, abilities: { ...gm.abilities, wisdom: 12 } };
      const back = (await put(c, hero.id, 'gm', raised, player.auth).expect(200)).body;
      expect(back.sheet.abilities.wisdom).toBe(12);
      expect(back.conditions).toEqual([]);
      expectProblem(await put(c, other.id, 'coeac', { skills: {} }, player.auth), 403, 'FORBIDDEN');
      expectProblem(await put(c, hero.id, 'coeac', { skills: {} }, viewer.auth), 403, 'FORBIDDEN');
      expectProblem(await t.http.delete(sheetUrl(c, hero.id, 'coeac')).set(player.auth), 403, 'FORBIDDEN');
      const after = (await t.http.get(sheetUrl(c, hero.id, 'coeac')).set(c.auth)).body.sheet;
      expect(after.hp).toBe(12);
      // GraphQL twin: the same refusal.
      const refused = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { putCharacterSheet(campaignId: $c, characterId: $h, system: coeac, input: { sheet: { hp: 1 } }) { system } }`,
        { c: c.id, h: hero.id },
        player.auth,
      );
      expect(codes(refused)).toEqual(['FORBIDDEN']);
    });

    it('writes a ledger entry per tracked value the referee changes by PUT, and closes them on DELETE', async () => {
      const { c, hero } = await table();
      await put(c, hero.id, 'archsoul', ARCHSOUL).expect(200);
      const replaced = await put(c, hero.id, 'archsoul', { ...ARCHSOUL, hp: 4, fatigue: 2 }).expect(200);
      expect(
        replaced.body.conditions.map((e: { field: string; delta: number; valueAfter: number }) => [
          e.field,
          e.delta,
          e.valueAfter,
        ]),
      ).toEqual([
        ['hp', -6, 4],
        ['fatigue', 2, 2],
      ]);
      const deleted = await t.http
        .delete(sheetUrl(c, hero.id, 'archsoul'))
        .set(c.auth)
        .expect(200);
      expect(
        deleted.body.conditions.map((e: { field: string; valueAfter: number }) => [e.field, e.valueAfter]),
      ).toEqual([
        ['hp', 0],
        ['maxHp', 0],
        ['fatigue', 0],
      ]);
      const ledger = (
        await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}/conditions?limit=100`).set(c.auth)
      ).body.items;
      const sum = (field: string) =>
        ledger
          .filter((e: { field: string }) => e.field === field)
          .reduce((s: number, e: { delta: number }) => s + e.delta, 0);
      expect([sum('hp'), sum('maxHp'), sum('fatigue')]).toEqual([0, 0, 0]);
      expectProblem(await t.http.get(sheetUrl(c, hero.id, 'archsoul')).set(c.auth), 422, 'SHEET_MISSING');
    });

    it('derives Cairn Armor from the worn items still in the inventory', async () => {
      const { c, hero } = await table();
      const item = await t.http
        .post(`/v1/campaigns/${c.id}/characters/${hero.id}/inventory`)
        .set(c.auth)
        .send({ name: 'Brigandine', kind: 'gear' });
      expect(item.status).toBe(201);
      const sheet = (
        await put(c, hero.id, 'cairn', {
          ...CAIRN,
          worn: [
            { itemId: item.body.id, armor: 1 },
            { itemId: 'gone', armor: 2 },
          ],
        }).expect(200)
      ).body.sheet;
      expect(sheet).toMatchObject({ armor: 1, armorSource: 'worn' });
    });
  });

  describe('the condition ledger', () => {
    it('adjusts by the referee with a reason, refuses leaving the bounds naming delta, and pages', async () => {
      const { c, hero, player } = await table();
      await put(c, hero.id, 'coeac', COEAC).expect(200);
      const url = `/v1/campaigns/${c.id}/characters/${hero.id}/condition-adjustments`;
      const hit = await t.http
        .post(url)
        .set(c.auth)
        .send({ system: 'coeac', field: 'hp', delta: -5, reason: 'a falling stone' })
        .expect(201);
      expect(hit.body.entries).toEqual([
        expect.objectContaining({
          field: 'hp',
          delta: -5,
          valueAfter: 7,
          cause: 'adjustment',
          reason: 'a falling stone',
        }),
      ]);
      expect(hit.body.sheet.sheet.hp).toBe(7);
      expectProblem(
        await t.http.post(url).set(c.auth).send({ system: 'coeac', field: 'hp', delta: -8, reason: 'x' }),
        422,
        'OUT_OF_RANGE',
        'delta',
      );
      expectProblem(
        await t.http.post(url).set(c.auth).send({ system: 'coeac', field: 'hp', delta: 6, reason: 'x' }),
        422,
        'OUT_OF_RANGE',
        'delta',
      );
      expectProblem(
        await t.http
          .post(url)
          .set(c.auth)
          .send({ system: 'coeac', field: 'skills.Lore', delta: 1, reason: 'x' }),
        400,
        'VALIDATION_FAILED',
        'field',
      );
      expectProblem(
        await t.http.post(url).set(c.auth).send({ system: 'cairn', field: 'hp', delta: 1, reason: 'x' }),
        422,
        'SHEET_MISSING',
        'characterId',
      );
      expectProblem(
        await t.http.post(url).set(player.auth).send({ system: 'coeac', field: 'hp', delta: 1, reason: 'x' }),
        403,
        'FORBIDDEN',
      );
      // Lowering the maximum lowers what it caps, with its own entry.
      const lowered = await t.http
        .post(url)
        .set(c.auth)
        .send({ system: 'coeac', field: 'maxHp', delta: -6, reason: 'Down and Out' })
        .expect(201);
      expect(
        lowered.body.entries.map((e: { field: string; valueAfter: number }) => [e.field, e.valueAfter]),
      ).toEqual([
        ['maxHp', 6],
        ['hp', 6],
      ]);
      const first = await t.http
        .get(`/v1/campaigns/${c.id}/characters/${hero.id}/conditions?limit=2`)
        .set(player.auth)
        .expect(200);
      expect(first.body.items).toHaveLength(2);
      const rest = await t.http
        .get(`/v1/campaigns/${c.id}/characters/${hero.id}/conditions?limit=100&after=${first.body.next}`)
        .set(player.auth)
        .expect(200);
      expect(rest.body.items.length).toBe(6);
      const gqlPage = await gql(
        t.server,
        `query($c: ID!, $h: ID!) { characterConditions(campaignId: $c, characterId: $h, limit: 100) { items { field delta valueAfter cause } next } }`,
        { c: c.id, h: hero.id },
        player.auth,
      );
      expect(gqlPage.data!.characterConditions.items).toHaveLength(8);
      const adjusted = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterConditionAdjustment(campaignId: $c, characterId: $h, input: { system: coeac, field: "bonusHp", delta: 2, reason: "a potion" }) { entries { field valueAfter } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(adjusted.data!.characterConditionAdjustment.entries).toEqual([
        { field: 'bonusHp', valueAfter: 2 },
      ]);
    });

    it('loses no change under 60 parallel adjustments of one character, and never applies a retry twice', async () => {
      const { c, hero } = await table();
      await put(c, hero.id, 'archsoul', { ...ARCHSOUL, maxHp: 1000, hp: 500 }).expect(200);
      const url = `/v1/campaigns/${c.id}/characters/${hero.id}/condition-adjustments`;
      const deltas = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? -2 : 3));
      const results = await Promise.all(
        deltas.map((delta, i) =>
          t.http
            .post(url)
            .set(c.auth)
            .send({
              system: 'archsoul',
              field: i % 2 ? 'hp' : 'fatigue',
              delta: i % 2 ? delta : 1,
              reason: `r${i}`,
            }),
        ),
      );
      expect(results.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
      const hpSum = deltas.filter((_, i) => i % 2).reduce((s, d) => s + d, 0);
      const sheet = (await t.http.get(sheetUrl(c, hero.id, 'archsoul')).set(c.auth)).body.sheet;
      expect({ hp: sheet.hp, fatigue: sheet.fatigue }).toEqual({ hp: 500 + hpSum, fatigue: 30 });
      const ledger = (
        await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}/conditions?limit=100`).set(c.auth)
      ).body.items;
      const hpEntries = ledger.filter((e: { field: string }) => e.field === 'hp');
      expect(hpEntries.reduce((s: number, e: { delta: number }) => s + e.delta, 0)).toBe(sheet.hp);
      // Each entry's value after is the one before it plus its delta.
      let running = 0;
      for (const e of hpEntries) {
        running += e.delta;
        expect(e.valueAfter).toBe(running);
      }
      const send = () =>
        t.http
          .post(url)
          .set(c.auth)
          .set('idempotency-key', 'hit-once')
          .send({ system: 'archsoul', field: 'hp', delta: -1, reason: 'once' });
      const [a, b] = await Promise.all([send(), send()]);
      expect([a.status, b.status]).toEqual([201, 201]);
      const after = (await t.http.get(sheetUrl(c, hero.id, 'archsoul')).set(c.auth)).body.sheet.hp;
      expect(after).toBe(sheet.hp - 1);
    });
  });

  describe('NPCs', () => {
    it('lets a recurring cast member point to the NPC that plays it, refuses a stranger, and clears the link when the NPC goes', async () => {
      const { c, viewer } = await table();
      const npc = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'The Hag', kind: 'monster' })
          .expect(201)
      ).body.id;
      const cast = `/v1/campaigns/${c.id}/recurring`;
      const member = (
        await t.http
          .post(cast)
          .set(c.auth)
          .send({ name: 'The Hag of the Fen', kind: 'monster', npcId: npc })
          .expect(201)
      ).body;
      expect(member.npcId).toBe(npc);
      expectProblem(
        await t.http
          .post(cast)
          .set(c.auth)
          .send({ name: 'Nobody', npcId: '00000000-0000-4000-8000-000000000000' }),
        400,
        'VALIDATION_FAILED',
        'npcId',
      );
      const viaGraphql = await gql(
        t.server,
        `mutation($c: ID!, $n: ID!) { recurringAdd(campaignId: $c, input: { name: "Her shadow", npcId: $n }) { npcId } }`,
        { c: c.id, n: npc },
        c.auth,
      );
      expect(viaGraphql.errors).toBeUndefined();
      expect(viaGraphql.data!.recurringAdd.npcId).toBe(npc);
      // The cast is the referee's: a viewer learns nothing of it or of the NPC.
      expect((await t.http.get(cast).set(viewer.auth)).status).not.toBe(200);
      await t.http.delete(`/v1/campaigns/${c.id}/npcs/${npc}`).set(c.auth).expect(200);
      const after = (await t.http.get(cast).set(c.auth).expect(200)).body.items;
      expect(after.map((m: { name: string; npcId: string | null }) => [m.name, m.npcId])).toEqual([
        ['The Hag of the Fen', null],
        ['Her shadow', null],
      ]);
    });

    it('makes a COEAC adversary from a grade and tag, and hides referee-only NPCs from other keys', async () => {
      const { c, hero, player, viewer } = await table();
      const made = await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({
          name: 'Bog troll',
          kind: 'adversary',
          grade: 'major',
          tag: 'elite',
          notes: 'lair under the bridge',
        })
        .expect(201);
      // SPEC 5.4: Major 9d / 14 HP / save Ob 4; Elite +50 % HP.
      expect(made.body).toMatchObject({
        visibility: 'referee',
        showNumbers: false,
        grade: 'major',
        tag: 'elite',
      });
      expect(made.body.sheets.coeac).toMatchObject({ pool: 9, hp: 21, maxHp: 21, saveObjective: 4 });
      const hidden = made.body.id;
      const shown = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({
            name: 'Porter',
            kind: 'hireling',
            boundTo: hero.id,
            visibility: 'players',
            visibleState: 'tired',
            sheets: { coeac: { pool: 2, maxHp: 2 } },
          })
          .expect(201)
      ).body.id;
      for (const key of [player, viewer]) {
        expectProblem(
          await t.http.get(`/v1/campaigns/${c.id}/npcs/${hidden}`).set(key.auth),
          404,
          'NOT_FOUND',
        );
        expectProblem(
          await t.http.get(`/v1/campaigns/${c.id}/npcs/${hidden}/sheets/coeac`).set(key.auth),
          404,
          'NOT_FOUND',
        );
        const list = (await t.http.get(`/v1/campaigns/${c.id}/npcs`).set(key.auth).expect(200)).body.items;
        expect(list.map((n: { id: string }) => n.id)).toEqual([shown]);
        // Shown without its numbers: name, kind and visible state only.
        expect(list[0]).toMatchObject({
          name: 'Porter',
          kind: 'hireling',
          visibleState: 'tired',
          sheets: null,
          grade: null,
          notes: null,
        });
        expectProblem(
          await t.http.get(`/v1/campaigns/${c.id}/npcs/${shown}/sheets/coeac`).set(key.auth),
          403,
          'FORBIDDEN',
        );
        expectProblem(
          await t.http.get(`/v1/campaigns/${c.id}/npcs/${shown}/conditions`).set(key.auth),
          403,
          'FORBIDDEN',
        );
        const answer = await gql(
          t.server,
          `query($c: ID!, $n: ID!) { npc(campaignId: $c, npcId: $n) { name } npcs(campaignId: $c) { items { id name sheets ${CHARACTER_SHEETS} } } }`,
          { c: c.id, n: hidden },
          key.auth,
        );
        expect(codes(answer)).toEqual(['NOT_FOUND']);
      }
      expectProblem(
        await t.http.post(`/v1/campaigns/${c.id}/npcs`).set(player.auth).send({ name: 'x', kind: 'other' }),
        403,
        'FORBIDDEN',
      );
      // The referee shows the numbers: now every key sees the sheet.
      await t.http
        .patch(`/v1/campaigns/${c.id}/npcs/${shown}`)
        .set(c.auth)
        .send({ showNumbers: true })
        .expect(200);
      const seen = (await t.http.get(`/v1/campaigns/${c.id}/npcs/${shown}`).set(viewer.auth).expect(200))
        .body;
      expect(seen.sheets.coeac).toMatchObject({ pool: 2, hp: 2 });
      // The NPC ledger and its adjustments (referee).
      await t.http
        .post(`/v1/campaigns/${c.id}/npcs/${shown}/condition-adjustments`)
        .set(c.auth)
        .send({ system: 'coeac', field: 'hp', delta: -2, reason: 'an arrow' })
        .expect(201);
      const ledger = (
        await t.http.get(`/v1/campaigns/${c.id}/npcs/${shown}/conditions`).set(viewer.auth).expect(200)
      ).body.items;
      expect(ledger.map((e: { field: string; valueAfter: number }) => [e.field, e.valueAfter])).toEqual([
        ['hp', 2],
        ['maxHp', 2],
        ['hp', 0],
      ]);
      expectProblem(
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'x', kind: 'other', boundTo: 'nobody' }),
        404, // read as a name (issue 42): no character is named so
        'NOT_FOUND',
        'boundTo',
      );
      expectProblem(
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'x', kind: 'other', sheets: { cairn: { str: 3 } } }),
        400,
        'VALIDATION_FAILED',
        'sheets.cairn.str',
      );
      await t.http.delete(`/v1/campaigns/${c.id}/npcs/${hidden}`).set(c.auth).expect(200);
      expectProblem(await t.http.get(`/v1/campaigns/${c.id}/npcs/${hidden}`).set(c.auth), 404, 'NOT_FOUND');
    });

    it('unbinds an NPC with boundTo "" over REST and GraphQL, and refuses an unknown character', async () => {
      const { c, hero } = await table();
      const bound = { name: 'Porter', kind: 'hireling', boundTo: hero.id };
      const rest = (await t.http.post(`/v1/campaigns/${c.id}/npcs`).set(c.auth).send(bound).expect(201)).body;
      expect(rest.boundTo).toBe(hero.id);
      const unbound = await t.http
        .patch(`/v1/campaigns/${c.id}/npcs/${rest.id}`)
        .set(c.auth)
        .send({ boundTo: '' })
        .expect(200);
      expect(unbound.body.boundTo).toBeNull();
      const other = (await t.http.post(`/v1/campaigns/${c.id}/npcs`).set(c.auth).send(bound).expect(201))
        .body;
      const answer = await gql(
        t.server,
        'mutation($c: ID!, $n: ID!) { updateNpc(campaignId: $c, npcId: $n, input: { boundTo: "" }) { boundTo } }',
        { c: c.id, n: other.id },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.updateNpc.boundTo).toBeNull();
      expectProblem(
        await t.http.patch(`/v1/campaigns/${c.id}/npcs/${other.id}`).set(c.auth).send({ boundTo: 'nobody' }),
        404,
        'NOT_FOUND',
        'boundTo',
      );
    });

    it('has GraphQL twins for NPCs', async () => {
      const { c } = await table();
      const made = await gql(
        t.server,
        `mutation($c: ID!) { createNpc(campaignId: $c, input: { name: "Wolf", kind: animal, grade: minor }) { id sheets ${CHARACTER_SHEETS} } }`,
        { c: c.id },
        c.auth,
      );
      expect(made.errors).toBeUndefined();
      const id = made.data!.createNpc.id;
      expect(made.data!.createNpc.sheets.coeac).toMatchObject({ pool: 3, hp: 4 });
      const updated = await gql(
        t.server,
        `mutation($c: ID!, $n: ID!) { updateNpc(campaignId: $c, npcId: $n, input: { visibility: players }) { visibility }
           putNpcSheet(campaignId: $c, npcId: $n, system: cairn, input: { sheet: { str: { max: 8 }, dex: { max: 12 }, wil: { max: 5 }, maxHp: 3 } }) { sheet ${sheetOn('cairn')} } }`,
        { c: c.id, n: id },
        c.auth,
      );
      expect(updated.errors).toBeUndefined();
      expect(updated.data!.putNpcSheet.sheet.dex).toEqual({ current: 12, max: 12 });
      const ledger = await gql(
        t.server,
        `query($c: ID!, $n: ID!) { npcConditions(campaignId: $c, npcId: $n) { items { system field } } npcSheet(campaignId: $c, npcId: $n, system: coeac) { sheet ${sheetOn('coeac')} } }`,
        { c: c.id, n: id },
        c.auth,
      );
      expect(ledger.data!.npcConditions.items.length).toBeGreaterThan(2);
      expect(restAnySheet(ledger.data!.npcSheet.sheet)).toMatchObject({ pool: 3, hp: 4 });
      const removed = await gql(
        t.server,
        `mutation($c: ID!, $n: ID!) { deleteNpc(campaignId: $c, npcId: $n) { id } }`,
        { c: c.id, n: id },
        c.auth,
      );
      expect(removed.data!.deleteNpc.id).toBe(id);
    });
  });

  describe('checks that read the sheet', () => {
    const checkUrl = (c: CampaignFixture, id: string) => `/v1/campaigns/${c.id}/characters/${id}/checks`;

    it('builds a COEAC pool of 2 + the rating, adds stronghold tag dice, and names every modifier', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Hero', wealth: 5, cash: 50 });
      const player: Key = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
      await startSession(t.server, c);
      await put(c, hero.id, 'coeac', COEAC).expect(200);
      const plain = await t.http
        .post(checkUrl(c, hero.id))
        .set(player.auth)
        .send({ system: 'coeac', skill: 'streetwise', objective: 3, bonusDice: 1, seed: 'alley' })
        .expect(201);
      expect(plain.body).toMatchObject({
        system: 'coeac',
        check: 'pool',
        characterId: hero.id,
        rating: { kind: 'skill', name: 'Streetwise', value: 3 },
        modifiers: [
          { source: 'base', dice: 2 },
          { source: 'skill:Streetwise', dice: 3 },
          { source: 'bonusDice', dice: 1 },
        ],
        dice: 6,
        objective: 3,
      });
      expect(plain.body.faces).toHaveLength(6);
      expect(plain.body.odds.success).toBeCloseTo(poolSuccessProbability(6, 3), 12);
      // The logged roll replays to the same faces.
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${plain.body.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      // A stronghold tag matching the task adds a die, named.
      const keep = (
        await t.http
          .post(`/v1/campaigns/${c.id}/strongholds`)
          .set(c.auth)
          .send({ name: 'Keep', ownerCharacterId: hero.id })
          .expect(201)
      ).body;
      await t.http
        .post(`/v1/campaigns/${c.id}/strongholds/${keep.id}/improvements`)
        .set(c.auth)
        .send({ wager: 40, seed: 'build-Keep' })
        .expect(201);
      await t.http
        .post(`/v1/campaigns/${c.id}/strongholds/${keep.id}/tags`)
        .set(c.auth)
        .send({ name: 'library' })
        .expect(201);
      const tagged = await t.http
        .post(checkUrl(c, hero.id))
        .set(player.auth)
        .send({ system: 'coeac', save: 'VIGOR', objective: 2, taskTags: ['library'] })
        .expect(201);
      expect(tagged.body.modifiers).toEqual([
        { source: 'base', dice: 2 },
        { source: 'save:Vigor', dice: 2 },
        { source: 'strongholdBonus', dice: 1 },
      ]);
      expect(tagged.body.dice).toBe(5);
      expect(tagged.body.strongholdBonus.bonusDice).toBe(1);
      expect(tagged.body.odds.success).toBeCloseTo(poolSuccessProbability(5, 2), 12);
      expectProblem(
        await t.http
          .post(checkUrl(c, hero.id))
          .set(player.auth)
          .send({ system: 'coeac', skill: 'Juggling', objective: 1 }),
        400,
        'VALIDATION_FAILED',
        'skill',
      );
      expectProblem(
        await t.http
          .post(checkUrl(c, hero.id))
          .set(player.auth)
          .send({ system: 'coeac', skill: 'Lore', difficulty: 3, objective: 1 }),
        400,
        'VALIDATION_FAILED',
        'difficulty',
      );
    });

    it('answers SHEET_MISSING naming the character and the system, and refuses other players and viewers', async () => {
      const { c, hero, other, player, viewer } = await table();
      const missing = await t.http
        .post(checkUrl(c, hero.id))
        .set(player.auth)
        .send({ system: 'cairn', attribute: 'STR' });
      expectProblem(missing, 422, 'SHEET_MISSING', 'characterId');
      expect(missing.body.detail).toContain(hero.id);
      expect(missing.body.detail).toContain('cairn');
      expectProblem(
        await t.http.post(checkUrl(c, other.id)).set(player.auth).send({ system: 'cairn', attribute: 'STR' }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await t.http.post(checkUrl(c, hero.id)).set(viewer.auth).send({ system: 'cairn', attribute: 'STR' }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await t.http
          .post(checkUrl(c, hero.id))
          .set(player.auth)
          .send({ system: 'cairn', attribute: 'STR', secret: true }),
        403,
        'FORBIDDEN',
      );
      const answer = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h, input: { system: gm, reaction: "health" }) { passed } }`,
        { c: c.id, h: hero.id },
        player.auth,
      );
      expect(codes(answer)).toEqual(['SHEET_MISSING']);
    });

    it('rolls Cairn saves under the current attribute, Archsoul stats at a difficulty and G&M reactions, REST and GraphQL', async () => {
      const { c, hero } = await table();
      await put(c, hero.id, 'cairn', CAIRN).expect(200);
      await put(c, hero.id, 'archsoul', ARCHSOUL).expect(200);
      await put(c, hero.id, 'gm', GM).expect(200);
      // A wound lowers current DEX: the save reads the current value.
      await t.http
        .post(`/v1/campaigns/${c.id}/characters/${hero.id}/condition-adjustments`)
        .set(c.auth)
        .send({ system: 'cairn', field: 'dex.current', delta: -4, reason: 'a deep cut' })
        .expect(201);
      const save = (
        await t.http
          .post(checkUrl(c, hero.id))
          .set(c.auth)
          .send({ system: 'cairn', attribute: 'dex', seed: 's' })
          .expect(201)
      ).body;
      expect(save).toMatchObject({
        check: 'save',
        attribute: 5,
        rating: { kind: 'attribute', name: 'DEX', value: 5 },
      });
      expect(save.odds.success).toBeCloseTo(5 / 20, 12);
      const pool = (
        await t.http
          .post(checkUrl(c, hero.id))
          .set(c.auth)
          .send({
            system: 'archsoul',
            stats: ['intellect', 'Crafting'],
            difficulty: 4,
            bonusDice: 1,
            seed: 'a',
          })
          .expect(201)
      ).body;
      expect(pool).toMatchObject({
        check: 'difficulty-pool',
        dice: 6,
        effectiveDifficulty: 4,
        rating: { kind: 'stats', name: 'Intellect+Crafting', value: 5 },
        modifiers: [
          { source: 'stat:Intellect', dice: 3 },
          { source: 'stat:Crafting', dice: 2 },
          { source: 'bonusDice', dice: 1 },
        ],
      });
      expect(pool.odds.success).toBeCloseTo(1 - (1 / 2) ** 6, 12);
      const sheet = (await t.http.get(sheetUrl(c, hero.id, 'gm')).set(c.auth)).body.sheet;
      const answer = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h, input: { system: gm, reaction: "Fortitude", modifier: -2, seed: "g" }) {
           check target passed odds { success } rating { kind name value } modifiers { source amount dice } targetModifiers { penalty } rollId } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      const rolled = answer.data!.characterCheck;
      expect(rolled).toMatchObject({
        check: 'ability',
        target: sheet.reactions.fortitude - 2,
        rating: { kind: 'reaction', name: 'fortitude', value: sheet.reactions.fortitude },
        targetModifiers: { penalty: 2 },
      });
      expect(rolled.modifiers).toEqual([
        { source: 'reaction:fortitude', amount: sheet.reactions.fortitude, dice: null },
        { source: 'modifier', amount: -2, dice: null },
      ]);
      expect(rolled.odds.success).toBeCloseTo(
        Math.min(20, Math.max(0, sheet.reactions.fortitude - 2)) / 20,
        12,
      );
    });

    it('rolls an NPC’s Pool without the +2, sealed for other keys while its numbers are hidden', async () => {
      const { c, player } = await table();
      const npc = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'Ogre', kind: 'adversary', grade: 'moderate', visibility: 'players' })
          .expect(201)
      ).body;
      const url = `/v1/campaigns/${c.id}/npcs/${npc.id}/checks`;
      const rolled = (
        await t.http.post(url).set(c.auth).send({ system: 'coeac', objective: 2, seed: 'ogre' }).expect(201)
      ).body;
      expect(rolled).toMatchObject({
        npcId: npc.id,
        dice: 6,
        rating: { kind: 'pool', value: 6 },
        modifiers: [{ source: 'pool', dice: 6 }],
      });
      const seen = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${rolled.rollId}`).set(player.auth).expect(200)
      ).body;
      expect(seen.sealed).toBe(true);
      expect(JSON.stringify(seen)).not.toContain('ogre');
      expectProblem(
        await t.http.post(url).set(player.auth).send({ system: 'coeac', objective: 2 }),
        403,
        'FORBIDDEN',
      );
      // Shown with its numbers, its rolls are public unless the referee seals them.
      await t.http
        .patch(`/v1/campaigns/${c.id}/npcs/${npc.id}`)
        .set(c.auth)
        .send({ showNumbers: true })
        .expect(200);
      const open = (
        await t.http.post(url).set(c.auth).send({ system: 'coeac', objective: 2, seed: 'ogre-2' }).expect(201)
      ).body;
      const openSeen = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${open.rollId}`).set(player.auth).expect(200)
      ).body;
      expect(openSeen.sealed).toBe(false);
    });
  });

  describe('hirelings bought into NPCs', () => {
    it('makes an NPC bound to the buyer from the Cost line, with its Pool, HP and a Porter’s carrier', async () => {
      const { c, hero, player } = await table();
      const url = `/v1/campaigns/${c.id}/characters/${hero.id}/purchases`;
      const bought = await t.http
        .post(url)
        .set(player.auth)
        .send({ cost: 3, wager: 0, item: 'porter' })
        .expect(201);
      expect(bought.body.acquired).toBe(true);
      const npcId = bought.body.hirelingNpcId;
      expect(npcId).toEqual(expect.any(String));
      const npc = (await t.http.get(`/v1/campaigns/${c.id}/npcs/${npcId}`).set(player.auth).expect(200)).body;
      expect(npc).toMatchObject({
        kind: 'hireling',
        boundTo: hero.id,
        visibility: 'players',
        showNumbers: true,
      });
      expect(npc.sheets.coeac).toMatchObject({ pool: 2, hp: 2, maxHp: 2 });
      const ledger = (await t.http.get(`/v1/campaigns/${c.id}/npcs/${npcId}/conditions`).set(player.auth))
        .body.items;
      expect(ledger[0]).toMatchObject({
        field: 'hp',
        delta: 2,
        cause: 'procedure',
        procedure: 'wealth.purchase',
        rollId: bought.body.rollId,
      });
      const inventory = (
        await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}/inventory`).set(player.auth).expect(200)
      ).body;
      expect(inventory.carriers.map((k: { kind: string }) => k.kind)).toEqual(['porter']);
      // Not a hireling's Cost line (another item, or another Cost): no NPC.
      const rope = await t.http
        .post(url)
        .set(player.auth)
        .send({ cost: 1, wager: 0, item: 'Rope' })
        .expect(201);
      expect(rope.body.hirelingNpcId).toBeUndefined();
      const odd = await t.http
        .post(url)
        .set(player.auth)
        .send({ cost: 2, wager: 0, item: 'Porter' })
        .expect(201);
      expect(odd.body.hirelingNpcId).toBeUndefined();
      // The GraphQL twin answers it too.
      const answer = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterPurchase(campaignId: $c, characterId: $h, input: { cost: 5, wager: 0, item: "Mercenary" }) { acquired hirelingNpcId } }`,
        { c: c.id, h: hero.id },
        player.auth,
      );
      expect(answer.errors).toBeUndefined();
    });
  });

  describe('Cairn hirelings rolled into NPCs', () => {
    it('rolls 3d6 STR, DEX, WIL and 1d6 HP into a Cairn sheet, logged and replayable, sealed while hidden', async () => {
      const { c, hero, player } = await table();
      const url = `/v1/campaigns/${c.id}/npcs/cairn-hirelings`;
      const made = (
        await t.http
          .post(url)
          .set(c.auth)
          .send({ name: 'Wick', role: 'lantern bearer', boundTo: hero.id, seed: 'wick' })
          .expect(201)
      ).body;
      const sum = (faces: number[]) => faces.reduce((a, b) => a + b, 0);
      expect(made.faces).toHaveLength(10);
      expect(made.npc.sheets.cairn).toMatchObject({
        str: { current: sum(made.rolls.str), max: sum(made.rolls.str) },
        dex: { current: sum(made.rolls.dex), max: sum(made.rolls.dex) },
        wil: { current: sum(made.rolls.wil), max: sum(made.rolls.wil) },
        hp: made.rolls.hp[0],
      });
      const again = (
        await t.http
          .post(url)
          .set(c.auth)
          .send({ name: 'Wick', role: 'lantern bearer', seed: 'wick' })
          .expect(201)
      ).body;
      expect(again.faces).toEqual(made.faces);
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${made.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      const ledger = (
        await t.http.get(`/v1/campaigns/${c.id}/npcs/${made.npc.id}/conditions?limit=100`).set(c.auth)
      ).body.items;
      expect(
        ledger.every(
          (e: { rollId: string; procedure: string }) =>
            e.rollId === made.rollId && e.procedure === 'characters.cairn-hireling',
        ),
      ).toBe(true);
      const seen = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${made.rollId}`).set(player.auth).expect(200)
      ).body;
      expect(seen.sealed).toBe(true);
      expectProblem(await t.http.post(url).set(player.auth).send({}), 403, 'FORBIDDEN');
      const answer = await gql(
        t.server,
        `mutation($c: ID!) { createCairnHireling(campaignId: $c, input: { seed: "wick", name: "Wick", role: "lantern bearer" }) { faces npc { id } } }`,
        { c: c.id },
        c.auth,
      );
      expect(answer.data!.createCairnHireling.faces).toEqual(made.faces);
    });
  });
});
