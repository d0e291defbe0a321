import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CHARACTER_SHEETS, restSheet, restSheets, SheetSystemName, sheetOn } from './sheet-graphql';
import { CampaignFixture, createCampaign, createCharacter } from '../factories/campaign';
import { gql } from '../factories/graphql';

/*
 * Issue 42: GraphQL takes a sheet typed, in the member of its system (`systemSheet: { coeac: {…} }`,
 * `@oneOf`; an NPC's `systemSheets` by system), maps of free names as `{ name, … }` entries as the
 * answers give them (docs/api-style.md, "Sheets as inputs"). A sheet sent that way is stored as the
 * same sheet sent over REST; refusals name the field where the client put it; the JSON form taken
 * before still works, deprecated.
 */

// Each sheet in REST's shape and in GraphQL's typed input shape.
const REST: Record<SheetSystemName, Record<string, unknown>> = {
  coeac: {
    skills: { Stealth: 2, Lore: 1 },
    saves: { Vigor: 1 },
    maxHp: 8,
    hp: 6,
    armor: { kind: 'light', shield: true },
    class: 'Warrior',
    classResources: { Luck: { max: 2 } },
    perDay: ['Luck'],
    boons: 1,
    weapons: [{ name: 'Spear', skill: 'Fight' }],
  },
  cairn: {
    str: { max: 10 },
    dex: { current: 9, max: 12 },
    wil: { max: 8 },
    maxHp: 4,
    armor: 1,
    deprived: true,
    scars: ['A torn ear'],
    weapons: [{ name: 'Axe', die: 'd8', bulky: true }],
  },
  archsoul: {
    stats: { Endurance: 3, Intellect: 2 },
    move: 6,
    maxHp: 10,
    hp: 7,
    fatigue: 1,
    statuses: ['Knocked Down'],
  },
  gm: {
    abilities: { strength: 14, agility: 12, endurance: 13, intelligence: 10, wisdom: 11, charisma: 9 },
    archetypes: [{ archetype: 'warrior', level: 2 }],
    movement: 10,
    experience: 1200,
    reactions: { willpower: 9 },
  },
};

const TYPED: Record<SheetSystemName, Record<string, unknown>> = {
  coeac: {
    ...REST.coeac,
    skills: [
      { name: 'Stealth', value: 2 },
      { name: 'Lore', value: 1 },
    ],
    saves: [{ name: 'Vigor', value: 1 }],
    classResources: [{ name: 'Luck', max: 2 }],
  },
  cairn: REST.cairn,
  archsoul: {
    ...REST.archsoul,
    stats: [
      { name: 'Endurance', value: 3 },
      { name: 'Intellect', value: 2 },
    ],
  },
  gm: REST.gm,
};

const SYSTEMS = Object.keys(REST) as SheetSystemName[];
const PUT = (system: SheetSystemName) =>
  `mutation($c: ID!, $h: ID!, $i: PutSheetInput!) {
     putCharacterSheet(campaignId: $c, characterId: $h, system: ${system}, input: $i) { system sheet ${sheetOn(system)} } }`;

describe(`typed sheet inputs over GraphQL (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  beforeAll(async () => {
    t = await startApp();
    c = await createCampaign(t.server);
  });
  afterAll(() => t.close());

  const sheetOf = async (who: string, system: SheetSystemName) =>
    (await t.http.get(`/v1/campaigns/${c.id}/${who}/sheets/${system}`).set(c.auth).expect(200)).body.sheet;

  it.each(SYSTEMS)(
    '%s: a typed GraphQL sheet is stored as the same sheet sent over REST, and read back',
    async (system) => {
      const viaRest = await createCharacter(t.server, c, { name: `Rest ${system}` });
      const viaGraphql = await createCharacter(t.server, c, { name: `Typed ${system}` });
      await t.http
        .put(`/v1/campaigns/${c.id}/characters/${viaRest.id}/sheets/${system}`)
        .set(c.auth)
        .send({ sheet: REST[system] })
        .expect(200);
      const put = await gql(
        t.server,
        PUT(system),
        { c: c.id, h: viaGraphql.id, i: { systemSheet: { [system]: TYPED[system] } } },
        c.auth,
      );
      expect(put.errors).toBeUndefined();
      const expected = await sheetOf(`characters/${viaRest.id}`, system);
      const stored = await sheetOf(`characters/${viaGraphql.id}`, system);
      expect(stored).toEqual(expected);
      expect(restSheet(system, put.data!.putCharacterSheet.sheet)).toEqual(expected);
      // Read back over GraphQL too.
      const read = await gql(
        t.server,
        `query($c: ID!, $h: ID!) { character(campaignId: $c, characterId: $h) { sheets ${CHARACTER_SHEETS} } }`,
        { c: c.id, h: viaGraphql.id },
        c.auth,
      );
      expect(read.errors).toBeUndefined();
      expect(restSheets(read.data!.character.sheets)![system]).toEqual(expected);
    },
  );

  it('creates an NPC with typed sheets by system (systemSheets), as REST does with sheets', async () => {
    const rest = await t.http
      .post(`/v1/campaigns/${c.id}/npcs`)
      .set(c.auth)
      .send({ name: 'Rest Ogre', kind: 'monster', sheets: { coeac: REST.coeac, cairn: REST.cairn } })
      .expect(201);
    const made = await gql(
      t.server,
      `mutation($c: ID!, $i: CreateNpcInput!) { createNpc(campaignId: $c, input: $i) { id sheets ${CHARACTER_SHEETS} } }`,
      {
        c: c.id,
        i: { name: 'Typed Ogre', kind: 'monster', systemSheets: { coeac: TYPED.coeac, cairn: TYPED.cairn } },
      },
      c.auth,
    );
    expect(made.errors).toBeUndefined();
    const id = made.data!.createNpc.id as string;
    for (const system of ['coeac', 'cairn'] as const) {
      const expected = await sheetOf(`npcs/${rest.body.id}`, system);
      expect(await sheetOf(`npcs/${id}`, system)).toEqual(expected);
      expect(restSheets(made.data!.createNpc.sheets)![system]).toEqual(expected);
    }
  });

  describe('refusals name the field where the client put it', () => {
    let hero: { id: string };
    beforeAll(async () => {
      hero = await createCharacter(t.server, c, { name: 'Refused' });
    });
    const refusal = async (system: SheetSystemName, input: Record<string, unknown>) => {
      const answer = await gql(t.server, PUT(system), { c: c.id, h: hero.id, i: input }, c.auth);
      expect(answer.data).toBeNull();
      expect(answer.errors).toHaveLength(1);
      const e = answer.errors![0].extensions as {
        code: string;
        errors: Array<{ field: string; reason: string; message: string }>;
      };
      expect(e.code).toBe('VALIDATION_FAILED');
      return e.errors.map(({ field, reason }) => ({ field, reason }));
    };

    it('two systems, or none, in systemSheet', async () => {
      expect(await refusal('coeac', { systemSheet: { coeac: TYPED.coeac, cairn: TYPED.cairn } })).toEqual([
        { field: 'systemSheet', reason: 'invalid' },
      ]);
      expect(await refusal('coeac', { systemSheet: {} })).toEqual([
        { field: 'systemSheet', reason: 'invalid' },
      ]);
      expect(await refusal('coeac', { systemSheet: { coeac: null } })).toEqual([
        { field: 'systemSheet.coeac', reason: 'invalid' },
      ]);
    });

    it('a sheet of another system than the system argument', async () => {
      expect(await refusal('coeac', { systemSheet: { cairn: TYPED.cairn } })).toEqual([
        { field: 'systemSheet.cairn', reason: 'invalid' },
      ]);
    });

    it('no sheet at all is missing; the deprecated JSON sheet beside the typed one is refused', async () => {
      expect(await refusal('coeac', {})).toEqual([{ field: 'systemSheet', reason: 'missing' }]);
      expect(await refusal('coeac', { sheet: REST.coeac, systemSheet: { coeac: TYPED.coeac } })).toEqual([
        { field: 'sheet', reason: 'invalid' },
      ]);
    });

    it('a member of the wrong type, an unknown member, a bad value, a name twice', async () => {
      expect(await refusal('coeac', { systemSheet: { coeac: { hp: 'six' } } })).toEqual([
        { field: 'systemSheet.coeac.hp', reason: 'invalid' },
      ]);
      expect(await refusal('cairn', { systemSheet: { cairn: { strength: 3 } } })).toEqual([
        { field: 'systemSheet.cairn.strength', reason: 'unknown' },
      ]);
      expect(await refusal('cairn', { systemSheet: { cairn: { maxHp: -4 } } })).toEqual([
        { field: 'systemSheet.cairn.maxHp', reason: 'invalid' },
      ]);
      expect(
        await refusal('coeac', {
          systemSheet: {
            coeac: {
              skills: [
                { name: 'Stealth', value: 2 },
                { name: 'Stealth', value: 3 },
              ],
            },
          },
        }),
      ).toEqual([{ field: 'systemSheet.coeac.skills[1].name', reason: 'invalid' }]);
      // Nothing was stored.
      const none = await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}/sheets/coeac`).set(c.auth);
      expect([none.status, none.body.code]).toEqual([422, 'SHEET_MISSING']);
    });

    it('an NPC’s typed sheet refused names systemSheets; both forms at once name sheets', async () => {
      const create = (i: Record<string, unknown>) =>
        gql(
          t.server,
          `mutation($c: ID!, $i: CreateNpcInput!) { createNpc(campaignId: $c, input: $i) { id } }`,
          { c: c.id, i: { name: 'Bad', kind: 'monster', ...i } },
          c.auth,
        );
      const bad = await create({ systemSheets: { cairn: { maxHp: -4 } } });
      expect(bad.errors?.[0].extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ field: 'systemSheets.cairn.maxHp' })],
      });
      const both = await create({ sheets: { cairn: REST.cairn }, systemSheets: { cairn: TYPED.cairn } });
      expect(both.errors?.[0].extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ field: 'sheets' })],
      });
    });
  });

  it('still takes the deprecated JSON sheet (REST’s shape)', async () => {
    const hero = await createCharacter(t.server, c, { name: 'Json' });
    const put = await gql(t.server, PUT('coeac'), { c: c.id, h: hero.id, i: { sheet: REST.coeac } }, c.auth);
    expect(put.errors).toBeUndefined();
    expect(restSheet('coeac', put.data!.putCharacterSheet.sheet)).toMatchObject({
      skills: REST.coeac.skills,
    });
  });
});
