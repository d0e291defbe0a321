import { DATABASE_KIND, startApp, TestApp } from './harness';
import {
  CampaignFixture,
  createCampaign,
  createCharacter,
  createKey,
  putSheet,
  sheetOf,
  startSession,
} from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

interface Key {
  id: string;
  auth: { Authorization: string };
}

type Entry = { field: string; delta: number; valueAfter: number; procedure: string; rollId: string };

const DAMAGE_FIELDS = `ownerKind ownerId system damage stateBefore state scar conditionsAdded pending
  steps { name detail faces odds } changes { path delta via } entries { field delta valueAfter procedure rollId }
  odds faces seed rng rollId sheet { system sheet { __typename ... on CoeacSheet { hp } ... on CairnSheet { hp } } }`;

describe(`harm on stored sheets (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  async function table() {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    const player: Key = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    const viewer: Key = await createKey(t.server, c, { role: 'viewer' });
    return { c, hero, player, viewer };
  }

  const base = (c: CampaignFixture, id: string) => `/v1/campaigns/${c.id}/characters/${id}`;
  const addItem = (c: CampaignFixture, id: string, item: object) =>
    t.http
      .post(`${base(c, id)}/inventory`)
      .set(c.auth)
      .send(item)
      .expect(201);
  const items = async (c: CampaignFixture, id: string) =>
    (
      await t.http
        .get(`${base(c, id)}/inventory`)
        .set(c.auth)
        .expect(200)
    ).body.items as Array<{
      name: string;
      lastUse: boolean;
    }>;
  const ledger = async (c: CampaignFixture, id: string) =>
    (
      await t.http
        .get(`${base(c, id)}/conditions`)
        .set(c.auth)
        .query({ limit: 100 })
        .expect(200)
    ).body.items as Entry[];

  describe('COEAC', () => {
    it('Blocks, spends HP through the ledger, logs one roll that replays; REST and GraphQL agree', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'coeac', {
        maxHp: 8,
        armor: { kind: 'light' },
        saves: { Vigor: 2 },
        skills: { Medicine: 1 },
      });
      const res = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'coeac', amount: 3, blockWith: 'armor', source: 'goblin spear', seed: 'spear' })
        .expect(201);
      expect(res.body).toMatchObject({
        ownerKind: 'character',
        ownerId: hero.id,
        system: 'coeac',
        damage: 3,
        stateBefore: 'up',
        state: 'up',
        changes: [
          { path: 'armor.blockUses', delta: -1, via: 'ledger' },
          { path: 'hp', delta: -1, via: 'ledger' },
        ],
        seed: 'spear',
      });
      expect(res.body.entries.map((e: Entry) => [e.field, e.delta, e.valueAfter])).toEqual([
        ['armor.blockUses', -1, 0],
        ['hp', -1, 7],
      ]);
      expect(res.body.entries.every((e: Entry) => e.procedure === 'harm.sheet-damage')).toBe(true);
      expect(res.body.entries.every((e: Entry) => e.rollId === res.body.rollId)).toBe(true);
      expect(res.body.sheet.sheet).toMatchObject({ hp: 7, armor: { blockUses: 0 }, harm: { state: 'up' } });
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      const roll = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${res.body.rollId}`).set(c.auth).expect(200)
      ).body;
      expect(roll.procedure).toBe('harm.sheet-damage');
      expect(roll.effects).toMatchObject({ characterId: hero.id, system: 'coeac', source: 'goblin spear' });

      // No use left: Blocking again is refused by the rules core (400 naming the block's field).
      const again = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { damageCharacter(campaignId: $c, characterId: $h,
           input: { system: coeac, amount: 2, seed: "club" }) { ${DAMAGE_FIELDS} } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(again.errors).toBeUndefined();
      expect(again.data?.damageCharacter).toMatchObject({
        state: 'up',
        changes: [{ path: 'hp', delta: -2 }],
      });
      // HP moves only when a lowered max HP caps it (Lingering Injury).
      const after = await sheetOf(t.server, c, hero.id, 'coeac');
      expect(after.hp).toBe(Math.min(5, after.maxHp));
    });

    it('reaching 0 HP rolls Down and Out at once; the sheet keeps the state and refuses checks while down', async () => {
      const { c, hero, player } = await table();
      await putSheet(t.server, c, hero.id, 'coeac', {
        maxHp: 4,
        saves: { Vigor: 2, Wits: 1 },
        skills: { Medicine: 2 },
      });
      await addItem(c, hero.id, { name: 'Rope', kind: 'gear' });
      const res = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(player.auth)
        .send({ system: 'coeac', amount: 6, seed: 'ogre' })
        .expect(201);
      expect(['down-and-out', 'dead']).toContain(res.body.state);
      const downAndOut = res.body.detail.downAndOut;
      expect(downAndOut.roll).toBeGreaterThanOrEqual(2);
      const total = Object.values(res.body.odds.downAndOut as Record<string, number>).reduce(
        (a, b) => a + b,
        0,
      );
      expect(total).toBeCloseTo(1, 12);
      const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
      expect(sheet.hp).toBe(0);
      expect(sheet.harm.state).toBe(res.body.state);
      expect(sheet.state).toBe(res.body.state);
      // The ledger's hp entries add up to the sheet's hp.
      const hp = (await ledger(c, hero.id)).filter((e) => e.field === 'hp').reduce((s, e) => s + e.delta, 0);
      expect(hp).toBe(0);
      // A check that needs the character to act is refused, naming it.
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/checks`)
          .set(player.auth)
          .send({ system: 'coeac', skill: 'Medicine', objective: 1 }),
        409,
        'CONFLICT',
        'characterId',
      );
      const viaGql = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { characterCheck(campaignId: $c, characterId: $h,
          input: { system: coeac, skill: "Medicine", objective: 1 }) { rollId } }`,
        { c: c.id, h: hero.id },
        player.auth,
      );
      expect(codes(viaGql)).toEqual(['CONFLICT']);
    });

    it('a short rest eats Rations through the inventory, checks their depletion and heals up to 3', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 10, hp: 4 });
      // No Rations: no rest.
      const hungry = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(c.auth)
        .send({ system: 'coeac', kind: 'short', seed: 'hungry' })
        .expect(201);
      expect(hungry.body).toMatchObject({ rested: false, changes: [], rations: null });
      await addItem(c, hero.id, { name: 'Rations', kind: 'gear', depletion: 11 });
      const clockBefore = (await t.http.get(`/v1/campaigns/${c.id}/clock`).set(c.auth).expect(200)).body;
      const rest = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(c.auth)
        .send({ system: 'coeac', kind: 'short', seed: 'camp' })
        .expect(201);
      expect(rest.body).toMatchObject({ rested: true, changes: [{ path: 'hp', delta: 3, via: 'ledger' }] });
      expect(rest.body.rations).toMatchObject({ score: 11, odds: { lastUse: 0.5 } });
      expect(rest.body.clock.passed).toBeDefined();
      expect(rest.body.clock.from).toMatchObject({ day: clockBefore.day, turn: clockBefore.turn });
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).hp).toBe(7);
      const rations = (await items(c, hero.id)).find((i) => i.name === 'Rations')!;
      expect(rations.lastUse).toBe(rest.body.rations.lastUse);
      // GraphQL twin: a long rest restores the rest, without advancing the clock when asked not to.
      const long = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { restCharacter(campaignId: $c, characterId: $h,
          input: { system: coeac, kind: long, seed: "night", advanceClock: false }) { rested changes { path delta } clock } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(long.errors).toBeUndefined();
      expect(long.data?.restCharacter).toMatchObject({ rested: true, clock: null });
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).hp).toBe(10);
    });
  });

  describe('COEAC class resources at rest', () => {
    it('a short rest regains a point of the chosen class resource; a long rest refills the per-day powers; both through the ledger', async () => {
      const { c, hero, player } = await table();
      await putSheet(t.server, c, hero.id, 'coeac', {
        maxHp: 6,
        hp: 6,
        classResources: { Luck: { current: 0, max: 3 }, Steel: { current: 1, max: 2 } },
        perDay: ['Steel'],
      });
      for (let i = 0; i < 3; i++) await addItem(c, hero.id, { name: 'Rations', kind: 'gear', depletion: 11 });
      // Bad input: an unknown resource (422), on a long rest or another system (400); nothing changes.
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/rests`)
          .set(c.auth)
          .send({ system: 'coeac', kind: 'short', resource: 'Mana' }),
        422,
        'UNPROCESSABLE',
        'resource',
      );
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/rests`)
          .set(c.auth)
          .send({ system: 'coeac', kind: 'long', resource: 'Luck' }),
        400,
        'VALIDATION_FAILED',
        'resource',
      );
      expectProblem(
        await t.http
          .put(`${base(c, hero.id)}/sheets/coeac`)
          .set(c.auth)
          .send({ sheet: { perDay: ['Mana'] } }),
        400,
        'VALIDATION_FAILED',
        'sheet.perDay[0]',
      );
      const short = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(player.auth)
        .send({ system: 'coeac', kind: 'short', resource: 'Luck', seed: 'camp' })
        .expect(201);
      expect(short.body.rested).toBe(true);
      expect(short.body.changes).toEqual([{ path: 'classResources.Luck.current', delta: 1, via: 'ledger' }]);
      expect(short.body.entries).toMatchObject([
        { field: 'classResources.Luck.current', delta: 1, valueAfter: 1, procedure: 'harm.sheet-rest' },
      ]);
      // GraphQL twin: the long rest refills Steel (per day), never Luck (not marked).
      const long = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { restCharacter(campaignId: $c, characterId: $h,
          input: { system: coeac, kind: long, seed: "night" }) { rested changes { path delta via } rollId } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(long.errors).toBeUndefined();
      expect(long.data?.restCharacter).toMatchObject({
        rested: true,
        changes: [{ path: 'classResources.Steel.current', delta: 1, via: 'ledger' }],
      });
      const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
      expect(sheet.classResources).toEqual({ Luck: { current: 1, max: 3 }, Steel: { current: 2, max: 2 } });
      expect(sheet.perDay).toEqual(['Steel']);
      const entries = await ledger(c, hero.id);
      expect(
        entries
          .filter((e) => e.procedure === 'harm.sheet-rest')
          .map((e) => e.field)
          .sort(),
      ).toEqual(['classResources.Luck.current', 'classResources.Steel.current']);
    });
  });

  describe('Broken Gear', () => {
    /** A seed whose Down and Out table roll gives `result` (the stateless route rolls the same dice). */
    async function downAndOutSeed(result: string): Promise<string> {
      for (let i = 0; i < 300; i++) {
        const probe = await t.http
          .post('/v1/harm/coeac/down-and-out')
          .send({ seed: `${result}-${i}` })
          .expect(200);
        if (probe.body.result === result) return `${result}-${i}`;
      }
      throw new Error(`no seed in 300 gives ${result}`);
    }

    /** A blow of 1 on the character's COEAC sheet, put first at 0 HP and down and out, on `seed`. */
    async function blowWhileDown(c: CampaignFixture, heroId: string, seed: string) {
      await putSheet(t.server, c, heroId, 'coeac', { maxHp: 6, hp: 0, harm: { state: 'down-and-out' } });
      return t.http
        .post(`${base(c, heroId)}/damage`)
        .set(c.auth)
        .send({ system: 'coeac', amount: 1, seed })
        .expect(201);
    }

    /** The inputs of a logged roll, once its replay from them has been checked to match. */
    async function replayedInputs(c: CampaignFixture, rollId: string) {
      const replayed = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replayed.body.matches).toBe(true);
      return (await t.http.get(`/v1/campaigns/${c.id}/rolls/${rollId}`).set(c.auth).expect(200)).body.inputs;
    }

    it('another Down and Out result leaves the inventory unread: the roll logged names no items and replays', async () => {
      const { c, hero } = await table();
      const seed = await downAndOutSeed('resilience');
      await addItem(c, hero.id, { name: 'Rope', kind: 'gear' });
      const hit = await blowWhileDown(c, hero.id, seed);
      expect(hit.body.detail.downAndOut.result).toBe('resilience');
      expect(hit.body.brokenItemIds).toEqual([]);
      expect((await replayedInputs(c, hit.body.rollId)).items).toEqual([]);
      expect((await items(c, hero.id)).map((i) => i.name)).toEqual(['Rope']);
    });

    it('marks the items drawn broken in the inventory; a broken item gives no Armor; a PATCH repairs it (REST and GraphQL)', async () => {
      const { c, hero } = await table();
      // A seed whose table roll is Broken Gear (the first dice of a blow on a character already down).
      const seed = await downAndOutSeed('broken-gear');
      const shield = (await addItem(c, hero.id, { name: 'Shield', kind: 'gear' })).body as { id: string };
      const rope = (await addItem(c, hero.id, { name: 'Rope', kind: 'gear' })).body as { id: string };
      const lantern = (await addItem(c, hero.id, { name: 'Lantern', kind: 'gear' })).body as { id: string };
      await putSheet(t.server, c, hero.id, 'cairn', {
        str: { max: 12 },
        dex: { max: 10 },
        wil: { max: 9 },
        maxHp: 6,
        worn: [{ itemId: shield.id, armor: 1 }],
      });
      expect((await sheetOf(t.server, c, hero.id, 'cairn')).armor).toBe(1);
      const hit = await blowWhileDown(c, hero.id, seed);
      expect(hit.body.detail.downAndOut.result).toBe('broken-gear');
      // Three items or fewer: every one is drawn, none an artifact, so all break.
      expect([...hit.body.brokenItemIds].sort()).toEqual([shield.id, rope.id, lantern.id].sort());
      // The inventory is read only for Broken Gear, and the roll logged names the items it drew from
      // and replays from them.
      const inputs = await replayedInputs(c, hit.body.rollId);
      expect(inputs.items.map((i: { name: string }) => i.name)).toEqual(['Shield', 'Rope', 'Lantern']);
      const listed = (
        await t.http
          .get(`${base(c, hero.id)}/inventory`)
          .set(c.auth)
          .expect(200)
      ).body.items as Array<{
        id: string;
        broken: boolean;
      }>;
      expect(listed.every((i) => i.broken)).toBe(true);
      expect((await sheetOf(t.server, c, hero.id, 'cairn')).armor).toBe(0);
      // A broken item is not drawn again: a second Broken Gear finds nothing left to break.
      const again = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'coeac', amount: 1, seed })
        .expect(201);
      expect(again.body.brokenItemIds).toEqual([]);
      // Repairs: GraphQL for the shield (Armor comes back), REST for the rope.
      const repaired = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $i: ID!) { inventoryItemUpdate(campaignId: $c, characterId: $h, itemId: $i,
          input: { broken: false }) { id broken } }`,
        { c: c.id, h: hero.id, i: shield.id },
        c.auth,
      );
      expect(repaired.errors).toBeUndefined();
      expect(repaired.data?.inventoryItemUpdate).toEqual({ id: shield.id, broken: false });
      expect((await sheetOf(t.server, c, hero.id, 'cairn')).armor).toBe(1);
      const patched = await t.http
        .patch(`${base(c, hero.id)}/inventory/${rope.id}`)
        .set(c.auth)
        .send({ broken: false })
        .expect(200);
      expect(patched.body.broken).toBe(false);
      expectProblem(
        await t.http
          .patch(`${base(c, hero.id)}/inventory/${rope.id}`)
          .set(c.auth)
          .send({ broken: 'no' }),
        400,
        'VALIDATION_FAILED',
        'broken',
      );
    });
  });

  describe('Monster Menu eating', () => {
    it('meat heals 1d4, bones +1 max HP, a heart +1 Skill and Save, through the ledger and one logged roll; REST and GraphQL', async () => {
      const { c, hero, player } = await table();
      await putSheet(t.server, c, hero.id, 'coeac', {
        maxHp: 10,
        hp: 2,
        skills: { Stealth: 1 },
        saves: { Vigor: 2 },
      });
      const meat = await t.http
        .post(`${base(c, hero.id)}/eating`)
        .set(player.auth)
        .send({ cut: 'meat', seed: 'stew' })
        .expect(201);
      const healed = meat.body.faces[0] as number;
      expect(healed).toBeGreaterThanOrEqual(1);
      expect(healed).toBeLessThanOrEqual(4);
      expect(meat.body).toMatchObject({
        cut: 'meat',
        preserved: null,
        changes: [{ path: 'hp', delta: healed, via: 'ledger' }],
        entries: [{ field: 'hp', delta: healed, valueAfter: 2 + healed, procedure: 'harm.sheet-eating' }],
      });
      expect(Object.values(meat.body.odds)).toEqual([{ 1: 0.25, 2: 0.25, 3: 0.25, 4: 0.25 }]);
      const replay = await t.http
        .get(`/v1/campaigns/${c.id}/rolls/${meat.body.rollId}/replay`)
        .set(c.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
      const bones = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { eatMonsterPart(campaignId: $c, characterId: $h, input: { cut: bones }) {
          cut changes { path delta via } entries { field delta valueAfter } } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(bones.errors).toBeUndefined();
      expect(bones.data?.eatMonsterPart).toEqual({
        cut: 'bones',
        changes: [{ path: 'maxHp', delta: 1, via: 'ledger' }],
        entries: [{ field: 'maxHp', delta: 1, valueAfter: 11 }],
      });
      const heart = await t.http
        .post(`${base(c, hero.id)}/eating`)
        .set(c.auth)
        .send({ cut: 'heart', seed: 'heart' })
        .expect(201);
      expect(heart.body.changes).toEqual([
        { path: 'skills.Stealth', delta: 1, via: 'base' },
        { path: 'saves.Vigor', delta: 1, via: 'base' },
      ]);
      const sheet = await sheetOf(t.server, c, hero.id, 'coeac');
      expect(sheet).toMatchObject({ hp: 2 + healed, maxHp: 11, skills: { Stealth: 2 }, saves: { Vigor: 3 } });
      // Refusals name the field and change nothing.
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/eating`)
          .set(c.auth)
          .send({ cut: 'tongue' }),
        400,
        'VALIDATION_FAILED',
        'cut',
      );
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/eating`)
          .set(c.auth)
          .send({ cut: 'bones', preserve: true }),
        400,
        'VALIDATION_FAILED',
        'preserve',
      );
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 11, hp: 0, harm: { state: 'down-and-out' } });
      const down = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { eatMonsterPart(campaignId: $c, characterId: $h, input: { cut: meat }) { cut } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(codes(down)).toEqual(['CONFLICT']);
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).hp).toBe(0);
    });
  });

  describe('Cairn', () => {
    it('exactly 0 HP gives a scar kept on the sheet; a night clears Fatigue items from the inventory', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'cairn', {
        str: { max: 12 },
        dex: { max: 10 },
        wil: { max: 9 },
        maxHp: 6,
        hp: 3,
      });
      const res = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'cairn', amount: 3, seed: 'wolf' })
        .expect(201);
      expect(res.body.scar).toBe(res.body.detail.cairnDamage.scar.name);
      expect(res.body.detail.cairnDamage.scar.entry).toBe(3);
      const sheet = await sheetOf(t.server, c, hero.id, 'cairn');
      expect(sheet.hp).toBe(0);
      expect(sheet.scars).toEqual([res.body.scar]);
      // Past 0, damage comes off STR with the critical-damage save at the new STR.
      const str = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { damageCharacter(campaignId: $c, characterId: $h,
          input: { system: cairn, amount: 4, seed: "wolf-2" }) { ${DAMAGE_FIELDS} } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(str.errors).toBeUndefined();
      const answer = str.data!.damageCharacter;
      expect(answer.changes).toContainEqual({ path: 'str.current', delta: -4, via: 'ledger' });
      const save = answer.detail?.cairnDamage?.criticalSave;
      expect(save === undefined || save === null || typeof save.passed === 'boolean').toBe(true);
      expect((await sheetOf(t.server, c, hero.id, 'cairn')).str.current).toBe(8);
      expect(['up', 'critical']).toContain(answer.state);

      await addItem(c, hero.id, { name: 'Fatigue', kind: 'gear' });
      await addItem(c, hero.id, { name: 'Fatigue', kind: 'gear' });
      await addItem(c, hero.id, { name: 'Torch', kind: 'gear' });
      const night = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(c.auth)
        .send({ system: 'cairn', kind: 'night' })
        .expect(201);
      expect(night.body).toMatchObject({ rested: true, fatigueCleared: 2 });
      expect(night.body.clock.passed).toBeDefined();
      expect((await items(c, hero.id)).map((i) => i.name)).toEqual(['Torch']);
      expect((await sheetOf(t.server, c, hero.id, 'cairn')).hp).toBe(6);
    });

    it('a Deprived character rests to no effect', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'cairn', {
        str: { max: 10 },
        dex: { max: 10 },
        wil: { max: 10 },
        maxHp: 4,
        hp: 1,
        deprived: true,
      });
      await addItem(c, hero.id, { name: 'Fatigue', kind: 'gear' });
      const res = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(c.auth)
        .send({ system: 'cairn', kind: 'night', advanceClock: false })
        .expect(201);
      expect(res.body).toMatchObject({ rested: false, fatigueCleared: 0, changes: [] });
      expect((await items(c, hero.id)).map((i) => i.name)).toEqual(['Fatigue']);
    });
  });

  describe('Cairn deferred scar rolls', () => {
    it('Walloped’s max HP roll waits on the sheet and a night’s rest applies it through the ledger with the rest’s roll', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'cairn', {
        str: { max: 12 },
        dex: { max: 10 },
        wil: { max: 9 },
        maxHp: 6,
        hp: 3,
      });
      const hit = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'cairn', amount: 3, seed: 'wallop' })
        .expect(201);
      expect(hit.body.scar).toBe('Walloped');
      const gain = hit.body.detail.cairnDamage.scar.followUps[0].total as number;
      const words = `Walloped: max HP +${gain} after a few hours of rest (after-rest)`;
      let sheet = await sheetOf(t.server, c, hero.id, 'cairn');
      expect(sheet.maxHp).toBe(6);
      expect(sheet.harm.deferred).toEqual([
        {
          scar: 'Walloped',
          timing: 'after-rest',
          result: `max HP +${gain} after a few hours of rest`,
          path: 'maxHp',
          delta: gain,
        },
      ]);
      expect(sheet.harm.pending).toContain(words);
      // A short rest is no "few hours": the roll still waits.
      const short = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(c.auth)
        .send({ system: 'cairn', kind: 'short', seed: 'breath' })
        .expect(201);
      expect(short.body.changes.some((ch: { path: string }) => ch.path === 'maxHp')).toBe(false);
      expect((await sheetOf(t.server, c, hero.id, 'cairn')).harm.deferred).toHaveLength(1);
      const night = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { restCharacter(campaignId: $c, characterId: $h,
          input: { system: cairn, kind: night, seed: "sleep" }) { changes { path delta via } entries { field delta valueAfter procedure } rollId } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(night.errors).toBeUndefined();
      const rest = night.data?.restCharacter;
      expect(rest.changes).toContainEqual({ path: 'maxHp', delta: gain, via: 'ledger' });
      expect(rest.entries).toContainEqual({
        field: 'maxHp',
        delta: gain,
        valueAfter: 6 + gain,
        procedure: 'harm.sheet-rest',
      });
      sheet = await sheetOf(t.server, c, hero.id, 'cairn');
      expect(sheet.maxHp).toBe(6 + gain);
      expect(sheet.harm.deferred).toBeUndefined();
      expect(sheet.harm.pending).not.toContain(words);
      const roll = (await t.http.get(`/v1/campaigns/${c.id}/rolls/${rest.rollId}`).set(c.auth).expect(200))
        .body;
      expect(roll.effects.deferredApplied).toHaveLength(1);
      // A second night applies nothing again.
      const again = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(c.auth)
        .send({ system: 'cairn', kind: 'night', seed: 'sleep-2' })
        .expect(201);
      expect(again.body.changes.some((ch: { path: string }) => ch.path === 'maxHp')).toBe(false);
    });
  });

  describe('Archsoul and G&M', () => {
    it('Archsoul counts below 0 on the ledger: unconscious at 0, dead below −2 × Endurance', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'archsoul', { stats: { Endurance: 4 }, maxHp: 5 });
      const out = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'archsoul', amount: 7, seed: 'fall' })
        .expect(201);
      expect(out.body).toMatchObject({
        state: 'unconscious',
        changes: [
          { path: 'hp', delta: -5, via: 'ledger' },
          { path: 'belowZero', delta: 2, via: 'ledger' },
        ],
      });
      expect(out.body.pending[0]).toMatch(/^Unconscious for [1-6] round/);
      const dead = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'archsoul', amount: 7, seed: 'fall-2' })
        .expect(201);
      expect(dead.body).toMatchObject({ state: 'dead', changes: [{ path: 'belowZero', delta: 7 }] });
      const sheet = await sheetOf(t.server, c, hero.id, 'archsoul');
      expect(sheet).toMatchObject({ hp: 0, belowZero: 9, harm: { state: 'dead' } });
      // The dead do not rest (Archsoul rests: test/e2e/harm-gm-archsoul.e2e-spec.ts).
      const rest = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(c.auth)
        .send({ system: 'archsoul', kind: 'night', advanceClock: false })
        .expect(201);
      expect(rest.body).toMatchObject({ rested: false, state: 'dead', changes: [] });
    });

    it('Archsoul: the death threshold reads the Endurance left after losses (hazards and exhaustion)', async () => {
      const { c, hero } = await table();
      // Endurance 4, of which 1 lost to drowning and 1 to exhaustion: death below −4, not −8.
      await putSheet(t.server, c, hero.id, 'archsoul', {
        stats: { Endurance: 4 },
        maxHp: 5,
        enduranceLoss: 1,
        exhaustionLoss: 1,
      });
      const out = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'archsoul', amount: 10, seed: 'fall' })
        .expect(201);
      expect(out.body).toMatchObject({ state: 'dead' });
      const whole = await createCharacter(t.server, c, { name: 'Whole' });
      await putSheet(t.server, c, whole.id, 'archsoul', { stats: { Endurance: 4 }, maxHp: 5 });
      const same = await t.http
        .post(`${base(c, whole.id)}/damage`)
        .set(c.auth)
        .send({ system: 'archsoul', amount: 10, seed: 'fall' })
        .expect(201);
      expect(same.body).toMatchObject({ state: 'unconscious' });
    });

    it('G&M: survival, then injuries with the consciousness roll; healing takes them back', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'gm', {
        abilities: { strength: 12, agility: 10, endurance: 14, intelligence: 10, wisdom: 10, charisma: 10 },
        archetypes: [{ archetype: 'warrior', level: 2 }],
      });
      const before = await sheetOf(t.server, c, hero.id, 'gm');
      const survival = before.survival.current as number;
      const res = await t.http
        .post(`${base(c, hero.id)}/damage`)
        .set(c.auth)
        .send({ system: 'gm', amount: survival + 2, seed: 'axe' })
        .expect(201);
      expect(res.body.changes).toEqual([
        { path: 'survival.current', delta: -survival, via: 'ledger' },
        { path: 'injuries.current', delta: 2, via: 'ledger' },
      ]);
      // injuries.max grows with the injuries so the ledger can hold them.
      expect(res.body.entries.map((e: Entry) => e.field)).toEqual([
        'survival.current',
        'injuries.max',
        'injuries.current',
      ]);
      expect(res.body.detail.gmDamage.consciousnessRoll).not.toBeNull();
      const after = await sheetOf(t.server, c, hero.id, 'gm');
      expect(after.injuries.current).toBe(2);
      expect(['up', 'unconscious', 'dying']).toContain(after.harm.state);
      const heal = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(c.auth)
        .send({ system: 'gm', kind: 'day' })
        .expect(201);
      expect(heal.body.changes).toEqual([{ path: 'injuries.current', delta: -1, via: 'ledger' }]);
      expect(heal.body.clock.passed).toBeDefined();
    });
  });

  describe('G&M verve by encounter', () => {
    it('an encounter restores verve once per adventure (the session): a second time is 409 naming encounter; a new session allows it again', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'gm', {
        abilities: { strength: 12, agility: 10, endurance: 14, intelligence: 10, wisdom: 10, charisma: 10 },
        archetypes: [{ archetype: 'warrior', level: 2 }],
      });
      const verve = (await sheetOf(t.server, c, hero.id, 'gm')).verve as { current: number; max: number };
      await t.http
        .post(`/v1/campaigns/${c.id}/characters/${hero.id}/conditions/adjustments`)
        .set(c.auth)
        .send({ system: 'gm', field: 'verve.current', delta: -verve.current, reason: 'spent' });
      const first = await startSession(t.server, c);
      const rest = (encounter: string) =>
        t.http
          .post(`${base(c, hero.id)}/rests`)
          .set(c.auth)
          .send({ system: 'gm', kind: 'encounter', encounter });
      const ok = await rest('Ferryman').expect(201);
      expect(ok.body.rested).toBe(true);
      expect((await sheetOf(t.server, c, hero.id, 'gm')).verveEncounters).toEqual({
        adventure: first.id,
        encounters: ['Ferryman'],
      });
      const before = await ledger(c, hero.id);
      expectProblem(await rest('Ferryman'), 409, 'CONFLICT', 'encounter');
      expect(await ledger(c, hero.id)).toHaveLength(before.length);
      // GraphQL twin: the same refusal; another encounter is fine.
      const twice = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { restCharacter(campaignId: $c, characterId: $h,
          input: { system: gm, kind: encounter, encounter: "Ferryman" }) { rested } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(codes(twice)).toEqual(['CONFLICT']);
      const other = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!) { restCharacter(campaignId: $c, characterId: $h,
          input: { system: gm, kind: encounter, encounter: "Toll bridge" }) { rested } }`,
        { c: c.id, h: hero.id },
        c.auth,
      );
      expect(other.errors).toBeUndefined();
      expectProblem(
        await t.http
          .post(`${base(c, hero.id)}/rests`)
          .set(c.auth)
          .send({ system: 'gm', kind: 'night', encounter: 'Ferryman' }),
        400,
        'VALIDATION_FAILED',
        'encounter',
      );
      await t.http.post(`/v1/campaigns/${c.id}/sessions/current/end`).set(c.auth).expect(200);
      const second = await startSession(t.server, c);
      await rest('Ferryman').expect(201);
      expect((await sheetOf(t.server, c, hero.id, 'gm')).verveEncounters).toEqual({
        adventure: second.id,
        encounters: ['Ferryman'],
      });
    });
  });

  describe('concurrency, idempotency, refusals', () => {
    it('concurrent damage on one sheet sums exactly; a retried key applies once', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 40 });
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          t.http
            .post(`${base(c, hero.id)}/damage`)
            .set(c.auth)
            .send({ system: 'coeac', amount: 2, seed: `hit-${i}` })
            .expect(201),
        ),
      );
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).hp).toBe(24);
      const hp = (await ledger(c, hero.id)).filter((e) => e.field === 'hp').map((e) => e.delta);
      expect(hp.reduce((a, b) => a + b, 0)).toBe(24);
      expect(hp.filter((d) => d === -2)).toHaveLength(8);

      const send = () =>
        t.http
          .post(`${base(c, hero.id)}/damage`)
          .set(c.auth)
          .set('Idempotency-Key', `harm-${hero.id}`)
          .send({ system: 'coeac', amount: 5 });
      const first = (await send().expect(201)).body;
      const second = (await send().expect(201)).body;
      expect(second.rollId).toBe(first.rollId);
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).hp).toBe(19);
      const rolls = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).query({ limit: 100 }).expect(200)
      ).body.items as Array<{ procedure: string }>;
      expect(rolls.filter((r) => r.procedure === 'harm.sheet-damage')).toHaveLength(9);
    });

    it('refuses bad input naming the field, and changes nothing', async () => {
      const { c, hero, viewer } = await table();
      await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 6 });
      const url = `${base(c, hero.id)}/damage`;
      expectProblem(
        await t.http.post(url).set(c.auth).send({ system: 'coeac', amount: 2, die: 'd6' }),
        400,
        'VALIDATION_FAILED',
        'amount',
      );
      expectProblem(
        await t.http.post(url).set(c.auth).send({ system: 'coeac', die: 'd6' }),
        400,
        'VALIDATION_FAILED',
        'die',
      );
      expectProblem(
        await t.http.post(url).set(c.auth).send({ system: 'coeac', amount: 1, blockWith: 'shield' }),
        422,
        'UNPROCESSABLE',
        'blockWith',
      );
      expectProblem(
        await t.http.post(url).set(c.auth).send({ system: 'cairn', amount: 1 }),
        422,
        'SHEET_MISSING',
      );
      expectProblem(
        await t.http.post(url).set(viewer.auth).send({ system: 'coeac', amount: 1 }),
        403,
        'FORBIDDEN',
      );
      expect((await sheetOf(t.server, c, hero.id, 'coeac')).hp).toBe(6);
    });
  });

  describe('NPCs', () => {
    it('only the referee harms NPCs; harm to one whose numbers are hidden is sealed for other keys', async () => {
      const { c, player } = await table();
      const npc = (
        await t.http
          .post(`/v1/campaigns/${c.id}/npcs`)
          .set(c.auth)
          .send({ name: 'Ogre', kind: 'monster', visibility: 'players', grade: 'major' })
          .expect(201)
      ).body;
      const url = `/v1/campaigns/${c.id}/npcs/${npc.id}/damage`;
      expectProblem(
        await t.http.post(url).set(player.auth).send({ system: 'coeac', amount: 1 }),
        403,
        'FORBIDDEN',
      );
      const hit = await t.http
        .post(url)
        .set(c.auth)
        .send({ system: 'coeac', amount: 3, seed: 'secret-ogre-seed' })
        .expect(201);
      expect(hit.body.ownerKind).toBe('npc');
      const seen = (
        await t.http.get(`/v1/campaigns/${c.id}/rolls/${hit.body.rollId}`).set(player.auth).expect(200)
      ).body;
      expect(seen.sealed).toBe(true);
      expect(JSON.stringify(seen)).not.toContain('secret-ogre-seed');
      expect(JSON.stringify(seen)).not.toContain('"changes"');
      const shown = (await t.http.get(`/v1/campaigns/${c.id}/npcs/${npc.id}`).set(player.auth).expect(200))
        .body;
      expect(shown.sheets).toBeNull();
      const asGql = await gql(
        t.server,
        `mutation($c: ID!, $n: ID!) { damageNpc(campaignId: $c, npcId: $n, input: { system: coeac, amount: 1 }) { state } }`,
        { c: c.id, n: npc.id },
        player.auth,
      );
      expect(codes(asGql)).toEqual(['FORBIDDEN']);
      const rest = await gql(
        t.server,
        `mutation($c: ID!, $n: ID!) { restNpc(campaignId: $c, npcId: $n, input: { system: coeac, kind: long, advanceClock: false }) { rested changes { path delta } } }`,
        { c: c.id, n: npc.id },
        c.auth,
      );
      expect(rest.errors).toBeUndefined();
      expect(rest.data?.restNpc).toMatchObject({ rested: true, changes: [{ path: 'hp', delta: 3 }] });
    });

    it('a party rest takes every character with a sheet; the clock moves once', async () => {
      const { c, hero } = await table();
      const other = await createCharacter(t.server, c, { name: 'Other' });
      await putSheet(t.server, c, hero.id, 'cairn', {
        str: { max: 10 },
        dex: { max: 10 },
        wil: { max: 10 },
        maxHp: 4,
        hp: 1,
      });
      await putSheet(t.server, c, other.id, 'cairn', {
        str: { max: 10 },
        dex: { max: 10 },
        wil: { max: 10 },
        maxHp: 5,
        hp: 2,
      });
      const res = await gql(
        t.server,
        `mutation($c: ID!) { restParty(campaignId: $c, input: { system: cairn, kind: short }) { rests { ownerId changes { path delta } } clock } }`,
        { c: c.id },
        c.auth,
      );
      expect(res.errors).toBeUndefined();
      const rests = res.data!.restParty.rests as Array<{ ownerId: string; changes: unknown[] }>;
      expect(rests.map((r) => r.ownerId).sort()).toEqual([hero.id, other.id].sort());
      expect(res.data!.restParty.clock).not.toBeNull();
      expect((await sheetOf(t.server, c, other.id, 'cairn')).hp).toBe(5);
    });
  });

  describe('end of session and deprivation', () => {
    it('COEAC: ending a session away from a haven makes a Down and Out check per character, HP unchanged', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'coeac', {
        maxHp: 5,
        saves: { Vigor: 2 },
        skills: { Medicine: 1 },
      });
      const url = `/v1/campaigns/${c.id}/party/end-of-session-checks`;
      expectProblem(
        await t.http.post(url).set(c.auth).send({ awayFromHaven: true }),
        409,
        'NO_SESSION_IN_PROGRESS',
      );
      await startSession(t.server, c);
      const safe = await t.http.post(url).set(c.auth).send({ awayFromHaven: false }).expect(201);
      expect(safe.body).toEqual({ awayFromHaven: false, checks: [] });
      const away = await gql(
        t.server,
        `mutation($c: ID!) { endOfSessionChecks(campaignId: $c, input: { awayFromHaven: true, seed: "road" }) {
          awayFromHaven checks { ownerId state changes { path delta via } detail rollId } } }`,
        { c: c.id },
        c.auth,
      );
      expect(away.errors).toBeUndefined();
      const checks = away.data!.endOfSessionChecks.checks as Array<{
        ownerId: string;
        state: string;
        changes: Array<{ path: string }>;
        detail: { downAndOut: { roll: number } };
      }>;
      expect(checks).toHaveLength(1);
      expect(checks[0].ownerId).toBe(hero.id);
      expect(checks[0].detail.downAndOut.roll).toBeGreaterThanOrEqual(2);
      expect(checks[0].changes.some((ch) => ch.path === 'hp')).toBe(false);
      expect(['up', 'dead']).toContain(checks[0].state);
      // HP moves only when a lowered max HP caps it (Lingering Injury).
      const after = await sheetOf(t.server, c, hero.id, 'coeac');
      expect(after.hp).toBe(Math.min(5, after.maxHp));
    });

    it('Cairn: deprivation puts Fatigue in the inventory; no room means naming items to drop', async () => {
      const { c, hero } = await table();
      await putSheet(t.server, c, hero.id, 'cairn', {
        str: { max: 10 },
        dex: { max: 10 },
        wil: { max: 10 },
        maxHp: 4,
      });
      const url = `${base(c, hero.id)}/deprivation`;
      const res = await t.http.post(url).set(c.auth).send({ days: 3 }).expect(201);
      expect(res.body).toMatchObject({ characterId: hero.id, fatigue: 2, dropped: [] });
      expect(res.body.sheet.sheet.deprived).toBe(true);
      expect((await items(c, hero.id)).map((i) => i.name)).toEqual(['Fatigue', 'Fatigue']);
      const anvil = (await addItem(c, hero.id, { name: 'Anvil', kind: 'gear', slots: 9 })).body;
      expectProblem(await t.http.post(url).set(c.auth).send({ days: 4 }), 409, 'INVENTORY_FULL', 'drop');
      expect(await items(c, hero.id)).toHaveLength(3);
      const dropped = await gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $d: [ID!]) { applyCairnDeprivation(campaignId: $c, characterId: $h,
          input: { days: 4, drop: $d }) { fatigue dropped } }`,
        { c: c.id, h: hero.id, d: [anvil.id] },
        c.auth,
      );
      expect(dropped.errors).toBeUndefined();
      expect(dropped.data?.applyCairnDeprivation).toEqual({ fatigue: 3, dropped: [anvil.id] });
      // A safe night clears them all; Deprived, it does not.
      const night = await t.http
        .post(`${base(c, hero.id)}/rests`)
        .set(c.auth)
        .send({ system: 'cairn', kind: 'night', advanceClock: false })
        .expect(201);
      expect(night.body).toMatchObject({ rested: false, fatigueCleared: 0 });
    });
  });
});
