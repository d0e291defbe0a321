import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, createKey } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { plainText } from '../../src/core/characters/foundry-cairn';

/*
 * Foundry VTT's Cairn actors in and out (issue 40), over REST and GraphQL: fixtures in the format
 * Foundry VTT 12 exports with the Cairn system 0.23 (test/fixtures/foundry-cairn/README.md).
 */

const FIXTURES = join(__dirname, '..', 'fixtures', 'foundry-cairn');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What an export should give back of an actor file: the system's data, without Foundry's own. */
function mapped(actor: Json): Json {
  const { background: _b, gold: _g, biography, description, ...system } = actor.system;
  const prose = actor.type === 'character' ? { biography: plainText(biography ?? '') } : {};
  return {
    name: actor.name,
    type: actor.type,
    system: {
      ...system,
      ...prose,
      ...(actor.type === 'npc' ? { description: plainText(description ?? ''), deprived: false } : {}),
    },
    items:
      actor.type === 'npc'
        ? []
        : actor.items.map((i: Json) => ({ name: i.name, type: i.type, system: i.system })),
  };
}

const IMPORT_CHARACTERS =
  'mutation($c: ID!, $i: FoundryCairnImportInput!) { importFoundryCairnCharacters(campaignId: $c, input: $i) { characters { id name } unmapped { field reason } } }';
const EXPORT_CHARACTER =
  'query($c: ID!, $id: ID!) { foundryCairnCharacterExport(campaignId: $c, characterId: $id) { format document } }';

describe(`Foundry VTT Cairn actors (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;

  beforeAll(async () => {
    t = await startApp();
    c = await createCampaign(t.server);
  }, 60000);
  afterAll(() => t.close());

  const base = () => `/v1/campaigns/${c.id}`;

  it('imports a character with its Cairn sheet, ledger and inventory, and names what does not map', async () => {
    const res = await t.http
      .post(`${base()}/characters/import/foundry-cairn`)
      .set(c.auth)
      .send({ content: fixture('character-vessa.json') })
      .expect(201);
    expect(res.body.characters).toHaveLength(1);
    const vessa = res.body.characters[0];
    expect(vessa).toMatchObject({
      name: 'Vessa Thornwick',
      notes: 'Quiet, stubborn; owes the miller three favours.',
    });
    expect(res.body.unmapped.map((u: Json) => u.field).sort()).toEqual(
      [
        'content.img',
        'content.items',
        'content.ownership',
        'content.prototypeToken',
        'content.system.background',
        'content.system.gold',
      ].sort(),
    );
    const sheet = await t.http.get(`${base()}/characters/${vessa.id}/sheets/cairn`).set(c.auth).expect(200);
    expect(sheet.body.sheet).toMatchObject({
      str: { current: 12, max: 14 },
      dex: { current: 9, max: 9 },
      wil: { current: 11, max: 11 },
      hp: 3,
      maxHp: 4,
      deprived: false,
    });
    expect(sheet.body.sheet.worn).toEqual([{ itemId: expect.any(String), armor: 1 }]);
    // Every tracked value opened the ledger, named after the import.
    const ledger = await t.http.get(`${base()}/characters/${vessa.id}/conditions`).set(c.auth).expect(200);
    const fields = ledger.body.items.map((e: Json) => e.field).sort();
    expect(fields).toEqual(
      ['dex.current', 'dex.max', 'hp', 'maxHp', 'str.current', 'str.max', 'wil.current', 'wil.max'].sort(),
    );
    for (const entry of ledger.body.items) {
      expect(entry).toMatchObject({ cause: 'procedure', procedure: 'characters.foundry-cairn-import' });
    }
    const inventory = await t.http.get(`${base()}/characters/${vessa.id}/inventory`).set(c.auth).expect(200);
    expect(inventory.body.items.map((i: Json) => [i.name, i.slots])).toEqual([
      ['Longsword', 1],
      ['Warbow', 2],
      ['Brigandine', 2],
      ['Shield', 1],
      ['Torch', 1],
      ['Fire Oil', 1],
      ['Spellbook of Light', 1],
      ['Rope, 50ft', 1],
    ]);
    expect(inventory.body.used).toBe(10);
    expect(sheet.body.sheet.worn[0].itemId).toBe(inventory.body.items[2].id);
    // The weapon items are the sheet's weapons (issue 42), each naming its item.
    expect(sheet.body.sheet.weapons).toEqual([
      { name: 'Longsword', die: 'd8', itemId: inventory.body.items[0].id },
      { name: 'Warbow', die: 'd8', bulky: true, itemId: inventory.body.items[1].id },
    ]);
  });

  it('exports a stored character in the same format, and the export imports back to the same export (REST and GraphQL)', async () => {
    const source = JSON.parse(fixture('character-vessa.json')) as Json;
    const imported = await t.http
      .post(`${base()}/characters/import/foundry-cairn`)
      .set(c.auth)
      .send({ content: JSON.stringify(source) })
      .expect(201);
    const id = imported.body.characters[0].id;
    const exported = await t.http
      .get(`${base()}/characters/${id}/export/foundry-cairn`)
      .set(c.auth)
      .expect(200);
    const { _stats: stats, ...document } = exported.body;
    expect(stats).toMatchObject({ coreVersion: '12.331', systemId: 'cairn', systemVersion: '0.23' });
    expect(document).toEqual({ ...mapped(source), system: { ...mapped(source).system, gold: 0 } });
    // The export over GraphQL is the same document; imported again, it exports unchanged.
    const viaGql = await gql(t.server, EXPORT_CHARACTER, { c: c.id, id }, c.auth);
    expect(viaGql.data?.foundryCairnCharacterExport).toEqual({
      format: 'foundry-cairn',
      document: exported.body,
    });
    const again = await gql(
      t.server,
      IMPORT_CHARACTERS,
      { c: c.id, i: { content: JSON.stringify(exported.body) } },
      c.auth,
    );
    expect(again.errors).toBeUndefined();
    expect(again.data?.importFoundryCairnCharacters.unmapped).toEqual([]);
    const second = again.data?.importFoundryCairnCharacters.characters[0].id;
    const reexported = await gql(t.server, EXPORT_CHARACTER, { c: c.id, id: second }, c.auth);
    expect(reexported.data?.foundryCairnCharacterExport.document).toEqual(exported.body);
  });

  it('imports a folder’s list over GraphQL, one character each, Deprived and Fatigue kept', async () => {
    const answer = await gql(
      t.server,
      IMPORT_CHARACTERS,
      { c: c.id, i: { content: fixture('folder-party.json') } },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    const made = answer.data?.importFoundryCairnCharacters.characters;
    expect(made.map((m: Json) => m.name)).toEqual(['Osric Fenn', 'Maud of the Fens']);
    expect(answer.data?.importFoundryCairnCharacters.unmapped.map((u: Json) => u.field)).toContain(
      'content[0].system.gold',
    );
    const maud = await t.http.get(`${base()}/characters/${made[1].id}/sheets/cairn`).set(c.auth).expect(200);
    expect(maud.body.sheet).toMatchObject({ deprived: true, str: { current: 15, max: 15 }, hp: 6 });
    const items = await t.http.get(`${base()}/characters/${made[1].id}/inventory`).set(c.auth).expect(200);
    expect(items.body.items.map((i: Json) => i.name)).toEqual(['Maul', 'Chainmail', 'Fatigue']);
    // The maul is the sheet's weapon, read over GraphQL too.
    const sheet = await gql(
      t.server,
      `query($c: ID!, $id: ID!) { characterSheet(campaignId: $c, characterId: $id, system: cairn) {
         sheet { ... on CairnSheet { weapons { name die bulky blast itemId } } } } }`,
      { c: c.id, id: made[1].id },
      c.auth,
    );
    expect(sheet.errors).toBeUndefined();
    expect(sheet.data?.characterSheet.sheet.weapons).toEqual([
      { name: 'Maul', die: 'd10', bulky: true, blast: null, itemId: items.body.items[0].id },
    ]);
  });

  it('imports an NPC with its Armor, says its items do not map, and exports it to the referee only', async () => {
    const source = JSON.parse(fixture('npc-grey-wolf.json')) as Json;
    const res = await t.http
      .post(`${base()}/npcs/import/foundry-cairn`)
      .set(c.auth)
      .send({ content: JSON.stringify(source) })
      .expect(201);
    const wolf = res.body.npcs[0];
    expect(wolf).toMatchObject({ name: 'Grey Wolf', kind: 'monster', visibility: 'referee' });
    expect(res.body.unmapped.map((u: Json) => u.field)).toContain('content.items');
    // Its weapon goes on its sheet, without an item (NPCs carry none).
    const wolfSheet = await t.http.get(`${base()}/npcs/${wolf.id}/sheets/cairn`).set(c.auth).expect(200);
    expect(wolfSheet.body.sheet.weapons).toEqual([{ name: 'Bite', die: 'd6' }]);
    const exported = await t.http
      .get(`${base()}/npcs/${wolf.id}/export/foundry-cairn`)
      .set(c.auth)
      .expect(200);
    const { _stats: _s, ...document } = exported.body;
    expect(document).toEqual(mapped(source));
    const viaGql = await gql(
      t.server,
      'query($c: ID!, $id: ID!) { foundryCairnNpcExport(campaignId: $c, npcId: $id) { document } }',
      { c: c.id, id: wolf.id },
      c.auth,
    );
    expect(viaGql.data?.foundryCairnNpcExport.document).toEqual(exported.body);
    const viewer = await createKey(t.server, c, { role: 'viewer' });
    expectProblem(
      await t.http.get(`${base()}/npcs/${wolf.id}/export/foundry-cairn`).set(viewer.auth),
      404,
      'NOT_FOUND',
    );
    // The GraphQL twin of the NPC import takes the same file.
    const overGql = await gql(
      t.server,
      'mutation($c: ID!, $i: FoundryCairnNpcImportInput!) { importFoundryCairnNpcs(campaignId: $c, input: $i) { npcs { name kind } } }',
      { c: c.id, i: { content: JSON.stringify(source), kind: 'animal' } },
      c.auth,
    );
    expect(overGql.data?.importFoundryCairnNpcs.npcs).toEqual([{ name: 'Grey Wolf', kind: 'animal' }]);
    // A character's export makes an NPC too; its items are named as not kept.
    const hireling = await t.http
      .post(`${base()}/npcs/import/foundry-cairn`)
      .set(c.auth)
      .send({ content: fixture('character-vessa.json'), kind: 'hireling' })
      .expect(201);
    expect(hireling.body.npcs[0]).toMatchObject({ name: 'Vessa Thornwick', kind: 'hireling' });
    expect(hireling.body.unmapped.map((u: Json) => u.field)).toContain('content.items');
  });

  it('refuses a bad file naming the place in it, a player’s import, and changes nothing', async () => {
    const before = await t.http.get(`${base()}/characters?limit=100`).set(c.auth).expect(200);
    const broken = JSON.parse(fixture('folder-party.json')) as Json[];
    broken[1].system.hp.value = 9;
    const res = await t.http
      .post(`${base()}/characters/import/foundry-cairn`)
      .set(c.auth)
      .send({ content: JSON.stringify(broken) });
    expectProblem(res, 400, 'VALIDATION_FAILED', 'content[1].system.hp.value');
    expectProblem(
      await t.http.post(`${base()}/characters/import/foundry-cairn`).set(c.auth).send({ content: '{' }),
      400,
      'VALIDATION_FAILED',
      'content',
    );
    const npcAsCharacter = await gql(
      t.server,
      IMPORT_CHARACTERS,
      { c: c.id, i: { content: fixture('npc-grey-wolf.json') } },
      c.auth,
    );
    expect(codes(npcAsCharacter)).toEqual(['VALIDATION_FAILED']);
    expect(npcAsCharacter.errors?.[0].extensions?.errors).toEqual([
      expect.objectContaining({ field: 'content.type' }),
    ]);
    const own = await createCharacter(t.server, c, { name: 'Pell' });
    expectProblem(
      await t.http.get(`${base()}/characters/${own.id}/export/foundry-cairn`).set(c.auth),
      422,
      'SHEET_MISSING',
      'characterId',
    );
    const player = await createKey(t.server, c, { role: 'player', characterIds: [own.id] });
    expectProblem(
      await t.http
        .post(`${base()}/characters/import/foundry-cairn`)
        .set(player.auth)
        .send({ content: fixture('character-vessa.json') }),
      403,
      'FORBIDDEN',
    );
    const after = await t.http.get(`${base()}/characters?limit=100`).set(c.auth).expect(200);
    expect(after.body.items).toHaveLength(before.body.items.length + 1); // Pell only
  });
});
