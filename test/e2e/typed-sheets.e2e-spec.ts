import SwaggerParser from '@apidevtools/swagger-parser';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { compileOpenApiSchema, strictAjv } from './response-contract';
import { CHARACTER_SHEETS, restSheet, restSheets, SheetSystemName, sheetOn } from './sheet-graphql';
import { CampaignFixture, createCampaign, createCharacter } from '../factories/campaign';
import { gql } from '../factories/graphql';

/*
 * Issue 42: a sheet of each system, written with most of what its system keeps (optional members
 * included, so that the server derives what it derives), comes back matching its typed schema: over
 * REST against the served OpenAPI document's component of that system, strictly (no member the schema
 * does not list); over GraphQL as that system's object type, equal to the REST answer once its entry
 * lists are read back as maps.
 */

const SHEETS: Record<SheetSystemName, object> = {
  coeac: {
    skills: { Stealth: 2, Lore: 1 },
    saves: { Vigor: 1 },
    maxHp: 8,
    hp: 6,
    bonusHp: 1,
    armor: { kind: 'light', shield: true }, // with the ids of carried items (below)
    class: 'Warrior',
    classResources: { Luck: { max: 2 } },
    perDay: ['Luck'],
    implements: [{ itemId: 'orb-1', families: ['naturecraft', 'psychomancy'] }],
    boons: 1,
    role: 'Guard',
    pool: 3,
    saveObjective: 2,
    carrierSlots: 1,
    barredSpells: ['coeac-bolt'],
    notes: 'Owes the miller two silver.',
    portraitUrl: 'https://img.example.org/vela.png',
  },
  cairn: {
    str: { max: 10 },
    dex: { current: 9, max: 12 },
    wil: { max: 8 },
    maxHp: 4,
    armor: 1,
    deprived: true,
    scars: ['A torn ear'],
    notes: 'Sleeps with a knife.',
  },
  archsoul: {
    stats: { Endurance: 3, Intellect: 2 },
    move: 6,
    maxHp: 10,
    hp: 7,
    fatigue: 1,
    statuses: ['Knocked Down'],
    enduranceLoss: 1,
    attributeLoss: { Intellect: 1 },
  },
  gm: {
    abilities: { strength: 14, agility: 12, endurance: 13, intelligence: 10, wisdom: 11, charisma: 9 },
    archetypes: [{ archetype: 'warrior', level: 2 }],
    movement: 10,
    experience: 1200,
    fullHelmet: true,
    reactions: { willpower: 9 },
    portraitUrl: 'https://img.example.org/gm.png',
  },
};

describe(`typed sheets come back matching their system's schema (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let schemas: Record<string, unknown>;
  beforeAll(async () => {
    t = await startApp();
    const served = (await t.http.get('/openapi.json').expect(200)).body as object;
    const document = (await SwaggerParser.dereference(served as never)) as unknown as {
      components: { schemas: Record<string, unknown> };
    };
    schemas = document.components.schemas;
  });
  afterAll(() => t.close());

  let c: CampaignFixture;
  let hero: { id: string };
  const sheets: Record<SheetSystemName, object> = { ...{}, ...SHEETS };
  beforeAll(async () => {
    c = await createCampaign(t.server);
    hero = await createCharacter(t.server, c, { name: 'Vela' });
    // The COEAC armour and shield name items the character carries (the PUT checks them).
    const carry = async (name: string) =>
      (
        await t.http
          .post(`/v1/campaigns/${c.id}/characters/${hero.id}/inventory`)
          .set(c.auth)
          .send({ name, kind: 'gear', slots: 1 })
          .expect(201)
      ).body.id as string;
    const coeac = SHEETS.coeac as { armor: object };
    sheets.coeac = {
      ...{},
      ...coeac,
      armor: { ...{}, ...coeac.armor, itemId: await carry('Mail'), shieldItemId: await carry('Shield') },
    };
  });

  it.each(Object.keys(SHEETS) as SheetSystemName[])(
    '%s: REST answers the sheet of its schema, GraphQL the same sheet as its object type',
    async (system) => {
      const url = `/v1/campaigns/${c.id}/characters/${hero.id}/sheets/${system}`;
      const put = await t.http.put(url).set(c.auth).send({ sheet: sheets[system] });
      expect([put.status, put.body.detail]).toEqual([200, undefined]);
      const got = (await t.http.get(url).set(c.auth).expect(200)).body;
      expect(got.system).toBe(system);
      // The component of its system (strict: no member it does not list), and not another's.
      const name = `${system === 'gm' ? 'Gm' : system[0].toUpperCase() + system.slice(1)}Sheet`;
      const validate = compileOpenApiSchema(strictAjv(), schemas[name] as never);
      expect(validate(got.sheet) ? [] : validate.errors).toEqual([]);
      const other = system === 'cairn' ? 'CoeacSheet' : 'CairnSheet';
      expect(compileOpenApiSchema(strictAjv(), schemas[other] as never)(got.sheet)).toBe(false);
      // The optional members sent and the derived ones are there.
      expect(got.sheet).toMatchObject(
        {
          coeac: {
            armor: { blockUsesPerDay: 2 },
            implements: [{ itemId: 'orb-1', empower: 2 }],
            role: 'Guard',
          },
          cairn: { armorSource: 'sheet', deprived: true },
          archsoul: { moveNow: 1, statsNow: { Endurance: 2, Intellect: 1 }, enduranceLoss: 1 },
          gm: { fullHelmet: true, reactions: { willpower: 9 }, derived: { level: 2 } },
        }[system],
      );

      const answer = await gql(
        t.server,
        `query($c: ID!, $h: ID!, $s: SheetSystem!) {
           characterSheet(campaignId: $c, characterId: $h, system: $s) { system sheet ${sheetOn(system)} } }`,
        { c: c.id, h: hero.id, s: system },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      const sheet = answer.data!.characterSheet.sheet;
      expect(sheet.__typename).toBe(name);
      expect(restSheet(system, sheet)).toEqual(got.sheet);
    },
  );

  it('a character’s sheets: one typed member per system, REST and GraphQL alike', async () => {
    const character = (
      await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(c.auth).expect(200)
    ).body;
    expect(Object.keys(character.sheets).sort()).toEqual(['archsoul', 'cairn', 'coeac', 'gm']);
    const answer = await gql(
      t.server,
      `query($c: ID!, $h: ID!) { character(campaignId: $c, characterId: $h) { sheets ${CHARACTER_SHEETS} } }`,
      { c: c.id, h: hero.id },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    const sheets = answer.data!.character.sheets;
    // GraphQL answers a free-name map as entries with their names.
    expect(sheets.coeac.skills).toEqual([
      { name: 'Stealth', value: 2 },
      { name: 'Lore', value: 1 },
    ]);
    expect(sheets.coeac.classResources).toContainEqual({ name: 'Luck', current: 2, max: 2 });
    expect(sheets.coeac.classResources).toContainEqual({ name: 'implement:orb-1', current: 1, max: 1 });
    expect(restSheets(sheets)).toEqual(character.sheets);
  });
});
