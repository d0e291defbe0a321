import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectGraphqlRefusal, expectProblem, fieldsOf } from '../factories/problem';

const sample = (name: string) =>
  readFileSync(join(__dirname, '../fixtures/encounters/imports', name), 'utf8');

const TABLE_FIELDS = 'id name formula allowGaps nothingHappens entries { range text subtableId probability }';

/** A Foundry v12 "Export Data" of a d1000 table with 1,000 results, each with HTML and Foundry's metadata. */
function bigFoundryExport(results = 1000, padding = 0): string {
  return JSON.stringify({
    _id: 'BigTbl0000000001',
    name: 'A thousand oddities',
    description: `<p>${'Curios found in a wizard’s attic. '.repeat(padding)}</p>`,
    formula: `1d${results}`,
    replacement: true,
    displayRoll: true,
    img: 'icons/svg/d20-grey.svg',
    results: Array.from({ length: results }, (_, i) => ({
      _id: `Odd${String(i).padStart(13, '0')}`,
      type: 'text',
      text: `<p>Oddity ${i + 1}: a <strong>brass</strong> trinket that hums &amp; glows when @UUID[Compendium.world.items.Item.Trk${String(i).padStart(13, '0')}]{carried} past [[/r 1d6]] doors.</p>`,
      img: 'icons/svg/d20-black.svg',
      weight: 1,
      range: [i + 1, i + 1],
      drawn: false,
      flags: {},
      _stats: {
        coreVersion: '12.331',
        systemId: 'cairn',
        systemVersion: '1.4.0',
        createdTime: 1700000000000 + i,
        modifiedTime: 1700000000000 + i,
        lastModifiedBy: 'Gm00000000000000',
      },
    })),
    folder: null,
    sort: 0,
    flags: {},
    _stats: { coreVersion: '12.331', systemId: 'cairn', systemVersion: '1.4.0' },
  });
}

describe(`table imports as referees keep them (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  beforeAll(async () => {
    t = await startApp();
    c = await createCampaign(t.server);
  });
  afterAll(() => t.close());

  const base = () => `/v1/campaigns/${c.id}/tables`;
  const tableCount = async () =>
    (await t.http.get(`${base()}?limit=100`).set(c.auth).expect(200)).body.items.length;

  it('imports a Foundry export whose text results hold HTML and enrichers as plain text', async () => {
    const res = await t.http
      .post(`${base()}/import`)
      .set(c.auth)
      .send({ format: 'foundry', content: sample('crypt-foundry-v11-html.json') })
      .expect(201);
    expect(res.body.entries.map((e: { text: string }) => e.text)).toEqual([
      'A drowned sexton shambles out; whoever it touches is Stunned until the end of their next turn.',
      'Cold water pours in. Everyone wading is Slow.\nIt drains after 1d4 rounds.',
      'A lantern-eyed Grave Eel coils in the niche; its bite leaves you poisoned',
      'Grave goods:\n- 2d6 silver pennies\n- a bone flute',
      'The Warden of Brine asks your names…\nand "why you\'re here" — answer or fight.',
    ]);
    expect(res.body).toMatchObject({ warnings: [], tables: [{ id: res.body.id }] });
  });

  it('imports a YAML RollTable source over REST and GraphQL, with or without the format', async () => {
    const rest = await t.http
      .post(`${base()}/import`)
      .set(c.auth)
      .send({ content: sample('tomb-dressing-system.yaml') })
      .expect(201);
    expect(rest.body).toMatchObject({ name: 'Tomb dressing', formula: '1d8' });
    expect(rest.body.entries.map((e: { text: string }) => e.text)).toEqual([
      'Niches carved with weeping faces',
      'Bone dust',
      'A sealed urn: 1d6 rats inside.',
      'Faded mural: "the king who would not lie down"',
    ]);
    const answer = await gql(
      t.server,
      `mutation ($c: ID!, $input: ImportTableInput!) { refereeTableImport(campaignId: $c, input: $input) { ${TABLE_FIELDS} warnings tables { id } } }`,
      { c: c.id, input: { format: 'yaml', content: sample('tomb-dressing-system.yaml') } },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.refereeTableImport.entries.map((e: { text: string }) => e.text)).toEqual(
      rest.body.entries.map((e: { text: string }) => e.text),
    );
  });

  it('documents the fragment break: a fragment on RefereeTable is refused on the import answer, its replacements work', async () => {
    const input = { format: 'csv', content: sample('checkpoint-semicolon.csv'), name: 'Fragments' };
    const old = await gql(
      t.server,
      `mutation ($c: ID!, $input: ImportTableInput!) { refereeTableImport(campaignId: $c, input: $input) { ...T } }
       fragment T on RefereeTable { id name formula }`,
      { c: c.id, input },
      c.auth,
    );
    expect(old.data).toBeNull();
    expect(JSON.stringify(old.errors)).toMatch(/RefereeTableImport.*can never be of type.*RefereeTable/);
    // docs/decisions.md, issue 45: the fragment on the import's type, or on RefereeTable inside `tables`.
    const replacement = await gql(
      t.server,
      `mutation ($c: ID!, $input: ImportTableInput!) { refereeTableImport(campaignId: $c, input: $input) { ...I tables { ...T } } }
       fragment I on RefereeTableImport { id name formula }
       fragment T on RefereeTable { id name }`,
      { c: c.id, input: { ...input, name: 'Fragments 2' } },
      c.auth,
    );
    expect(replacement.errors).toBeUndefined();
    expect(replacement.data!.refereeTableImport).toMatchObject({
      name: 'Fragments 2',
      formula: expect.any(String),
    });
    expect(replacement.data!.refereeTableImport.tables[0]).toMatchObject({
      id: replacement.data!.refereeTableImport.id,
      name: 'Fragments 2',
    });
  });

  it('imports comma- and semicolon-separated CSV with quoted fields', async () => {
    const comma = await t.http
      .post(`${base()}/import`)
      .set(c.auth)
      .send({ format: 'csv', content: sample('bazaar-comma.csv'), name: 'Bazaar' })
      .expect(201);
    expect(comma.body.formula).toBe('1d20');
    expect(comma.body.entries.map((e: { text: string; kind: string }) => [e.text, e.kind])).toEqual([
      ['Spice sellers, arguing loudly', 'people'],
      ['A "blind" beggar who sees too much', 'people'],
      ['Caged birds that sing\nthe same three notes', 'omen'],
      ['Pickpockets', 'people'],
      ['A stall of brass lamps; one is warm', 'site'],
    ]);
    const answer = await gql(
      t.server,
      `mutation ($c: ID!, $input: ImportTableInput!) { refereeTableImport(campaignId: $c, input: $input) { ${TABLE_FIELDS} } }`,
      { c: c.id, input: { format: 'csv', content: sample('checkpoint-semicolon.csv'), name: 'Checkpoint' } },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.refereeTableImport.entries.map((e: { text: string }) => e.text)).toEqual([
      'Zöllner; misstrauisch',
      'Ein Karren mit zerbrochener Achse',
      'Der "Graue Mönch" am Wegkreuz',
    ]);
  });

  it('answers a file in no shape it reads with a 400 naming content and the shapes, storing nothing', async () => {
    const before = await tableCount();
    const res = await t.http
      .post(`${base()}/import`)
      .set(c.auth)
      .send({ content: 'title: a shopping list\nitems: [bread, eggs]\n' });
    expectProblem(res, 400, 'VALIDATION_FAILED', 'content');
    expect(res.body.detail).toMatch(/Foundry VTT RollTable \(JSON or YAML.*CSV/);
    const answer = await gql(
      t.server,
      `mutation ($c: ID!, $input: ImportTableInput!) { refereeTableImport(campaignId: $c, input: $input) { id } }`,
      { c: c.id, input: { content: '{"title":"no table"}' } },
      c.auth,
    );
    expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
    expect(fieldsOf(answer.errors![0].extensions!.errors)).toEqual(['content']);
    expect(await tableCount()).toBe(before);
  });

  it('links two tables of one Foundry import into a subtable, keeps other links as text and warns', async () => {
    const res = await t.http
      .post(`${base()}/import`)
      .set(c.auth)
      .send({ content: sample('hills-foundry-v12-linked.json'), scale: 'overland' })
      .expect(201);
    expect(res.body.name).toBe('Hill country encounters');
    expect(res.body.tables.map((x: { name: string }) => x.name)).toEqual([
      'Hill country encounters',
      'Hill beasts',
    ]);
    const beasts = res.body.tables[1];
    expect(
      res.body.entries.map((e: { text: string; subtableId: string | null }) => [e.text, e.subtableId]),
    ).toEqual([
      ['Shepherds driving goats to the high pasture', null],
      ['Hill beasts', beasts.id],
      ['Old Tamsin the hermit', null],
      ['Sudden hill weather', null],
    ]);
    expect(res.body.warnings).toEqual([
      expect.stringContaining('Actor.Hermit00000000001'),
      expect.stringContaining('world.hill-weather.Weather0000000001'),
    ]);
    // Both are stored, and a draw goes through the link.
    const stored = await t.http.get(`${base()}/${beasts.id}`).set(c.auth).expect(200);
    expect(stored.body.entries[1].text).toBe('A boar, wounded and furious');
    let through = null;
    for (let i = 0; i < 40 && !through; i++) {
      const draw = await t.http
        .post(`${base()}/${res.body.id}/draws`)
        .set(c.auth)
        .send({ seed: `hills-${i}` })
        .expect(201);
      if (draw.body.entryIndex === 1) through = draw.body;
    }
    expect(through).toMatchObject({ subdraws: [{ tableId: beasts.id, depth: 2 }] });
    expect(through.odds.chain).toBeCloseTo((2 / 6) * through.subdraws[0].odds.entry, 15);

    const answer = await gql(
      t.server,
      `mutation ($c: ID!, $input: ImportTableInput!) { refereeTableImport(campaignId: $c, input: $input) { id warnings tables { id name } entries { subtableId } } }`,
      { c: c.id, input: { format: 'foundry', content: sample('hills-foundry-v12-linked.json') } },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    const imported = answer.data!.refereeTableImport;
    expect(imported.tables).toHaveLength(2);
    expect(imported.entries[1].subtableId).toBe(imported.tables[1].id);
    expect(imported.warnings).toHaveLength(2);
  });

  it('refuses tables of one import that link each other in a loop, naming content, storing nothing', async () => {
    const before = await tableCount();
    const loop = [
      {
        _id: 'LoopA00000000001',
        name: 'Left',
        formula: '1d2',
        results: [
          { type: 'text', text: 'a', range: [1, 1] },
          {
            type: 'document',
            documentCollection: 'RollTable',
            documentId: 'LoopB00000000001',
            text: 'Right',
            range: [2, 2],
          },
        ],
      },
      {
        _id: 'LoopB00000000001',
        name: 'Right',
        formula: '1d2',
        results: [
          { type: 'text', text: 'b', range: [1, 1] },
          {
            type: 'document',
            documentCollection: 'RollTable',
            documentId: 'LoopA00000000001',
            text: 'Left',
            range: [2, 2],
          },
        ],
      },
    ];
    const res = await t.http
      .post(`${base()}/import`)
      .set(c.auth)
      .send({ content: JSON.stringify(loop) });
    expectProblem(res, 422, 'UNPROCESSABLE', 'content');
    expect(res.body.detail).toContain('"Left" → "Right" → "Left"');
    expect(await tableCount()).toBe(before);
  });

  it('lists every gap at once, and stores a table that lets gaps mean nothing happens', async () => {
    const before = await tableCount();
    const refused = await t.http
      .post(`${base()}/import`)
      .set(c.auth)
      .send({ content: sample('fogbank-foundry-v10-gaps.json') });
    expectProblem(refused, 422, 'UNPROCESSABLE');
    expect(refused.body.errors).toEqual([
      { field: 'entries[1]', message: expect.stringContaining('No entry covers 4–6') },
      { field: 'entries[1]', message: expect.stringContaining('No entry covers 9–10') },
    ]);
    const created = await t.http
      .post(base())
      .set(c.auth)
      .send({
        name: 'Bad',
        formula: '1d8',
        entries: [
          { range: [1, 2], text: 'a' },
          { range: [2, 3], text: 'b' },
          { range: [6, 6], text: 'c' },
        ],
      });
    expectProblem(created, 422, 'UNPROCESSABLE');
    expect(created.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'entries[1]',
      'entries[2]',
      'entries[2]',
    ]);
    const viaGraphql = await gql(
      t.server,
      `mutation ($c: ID!, $input: ImportTableInput!) { refereeTableImport(campaignId: $c, input: $input) { id } }`,
      { c: c.id, input: { content: sample('fogbank-foundry-v10-gaps.json') } },
      c.auth,
    );
    expect(codes(viaGraphql)).toEqual(['UNPROCESSABLE']);
    expect(viaGraphql.errors![0].extensions!.errors).toEqual(refused.body.errors);
    expect(await tableCount()).toBe(before);

    const fog = await t.http
      .post(`${base()}/import`)
      .set(c.auth)
      .send({ content: sample('fogbank-foundry-v10-gaps.json'), allowGaps: true })
      .expect(201);
    expect(fog.body).toMatchObject({ allowGaps: true, nothingHappens: 0.5 });
    expect(fog.body.entries.map((e: { probability: number }) => e.probability)).toEqual([0.3, 0.2]);
    const exported = await t.http
      .get(`${base()}/${fog.body.id}/export?format=foundry`)
      .set(c.auth)
      .expect(200);
    expect(exported.body.flags.arbiter.allowGaps).toBe(true);
    const back = await t.http
      .post(`${base()}/import`)
      .set(c.auth)
      .send({ format: 'foundry', content: JSON.stringify(exported.body) })
      .expect(201);
    expect(back.body.allowGaps).toBe(true);

    // PUT turns it off again (left out: false), which the gaps then refuse.
    const off = await t.http
      .put(`${base()}/${fog.body.id}`)
      .set(c.auth)
      .send({
        name: 'Fog',
        formula: '1d10',
        entries: [
          { range: [1, 3], text: 'bell' },
          { range: [7, 8], text: 'oars' },
        ],
      });
    expectProblem(off, 422, 'UNPROCESSABLE');
    expect(off.body.errors).toHaveLength(2);
  });

  it('draws into a gap: nothing happens, with its exact odds, logged and replayable (REST and GraphQL)', async () => {
    const fog = await t.http
      .post(base())
      .set(c.auth)
      .send({
        name: 'Still water',
        formula: '1d10',
        allowGaps: true,
        entries: [
          { range: [1, 2], text: 'A heron' },
          { range: [10, 10], text: 'A drowned bell rings' },
        ],
      })
      .expect(201);
    expect(fog.body).toMatchObject({ allowGaps: true, nothingHappens: 0.7 });
    const seen = { gap: 0, entry: 0 };
    for (let i = 0; i < 12; i++) {
      const draw = await t.http
        .post(`${base()}/${fog.body.id}/draws`)
        .set(c.auth)
        .send({ seed: `still-${i}` })
        .expect(201);
      if (draw.body.roll >= 3 && draw.body.roll <= 9) {
        seen.gap++;
        expect(draw.body).toMatchObject({
          nothingHappens: true,
          entryIndex: null,
          entry: { range: [3, 9], text: 'Nothing happens.', probability: 0.7 },
          odds: { entry: 0.7, chain: 0.7 },
        });
        const replay = await t.http
          .get(`/v1/campaigns/${c.id}/rolls/${draw.body.rollId}/replay`)
          .set(c.auth)
          .expect(200);
        expect(replay.body.matches).toBe(true);
      } else {
        seen.entry++;
        expect(draw.body).toMatchObject({ nothingHappens: false, entryIndex: draw.body.roll <= 2 ? 0 : 1 });
      }
    }
    expect(seen.gap).toBeGreaterThan(0);
    expect(seen.entry).toBeGreaterThan(0);

    const created = await gql(
      t.server,
      `mutation ($c: ID!, $input: CreateTableInput!) { refereeTableCreate(campaignId: $c, input: $input) { id allowGaps nothingHappens } }`,
      {
        c: c.id,
        input: {
          name: 'Empty road',
          formula: '1d4',
          allowGaps: true,
          entries: [{ range: [4, 4], text: 'A cart' }],
        },
      },
      c.auth,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.refereeTableCreate).toMatchObject({ allowGaps: true, nothingHappens: 0.75 });
    const id = created.data!.refereeTableCreate.id;
    const draws = [];
    for (let i = 0; i < 6; i++) {
      const answer = await gql(
        t.server,
        `mutation ($c: ID!, $t: ID!, $s: String) { refereeTableDraw(campaignId: $c, tableId: $t, input: { seed: $s }) { roll entryIndex nothingHappens entry { range text } odds { entry chain } subdraws { entryIndex nothingHappens } } }`,
        { c: c.id, t: id, s: `road-${i}` },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      draws.push(answer.data!.refereeTableDraw);
    }
    for (const d of draws) {
      if (d.roll === 4)
        expect(d).toMatchObject({ entryIndex: 0, nothingHappens: false, odds: { entry: 0.25 } });
      else
        expect(d).toMatchObject({
          entryIndex: null,
          nothingHappens: true,
          entry: { range: [1, 3], text: 'Nothing happens.' },
          odds: { entry: 0.75, chain: 0.75 },
        });
    }
    expect(draws.some((d) => d.nothingHappens)).toBe(true);
  });

  it('makes a campaign encounter check that draws into a gap say nothing happens, and replays it', async () => {
    const table = await t.http
      .post(base())
      .set(c.auth)
      .send({
        name: 'Quiet moor',
        formula: '1d10',
        allowGaps: true,
        entries: [{ range: [1, 1], text: 'Peat cutters', kind: 'people' }],
      })
      .expect(201);
    let quiet = null;
    for (let i = 0; i < 40 && !quiet; i++) {
      const check = await t.http
        .post(`/v1/campaigns/${c.id}/encounter-checks`)
        .set(c.auth)
        .send({ tableId: table.body.id, scale: 'overland', seed: `moor-${i}` })
        .expect(201);
      if (check.body.entry && check.body.entry.entryIndex === null) quiet = check.body;
    }
    expect(quiet).toMatchObject({ checked: true, result: 'none', entry: { text: 'Nothing happens.' } });
    expect(quiet.odds.encounter).toBeCloseTo((2 / 6) * (1 / 10), 15);
    expect(quiet.odds.entry).toBeCloseTo(0.9, 15);
    const replay = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${quiet.rollId}/replay`)
      .set(c.auth)
      .expect(200);
    expect(replay.body.matches).toBe(true);
  });

  it('takes a 1,000-result Foundry export under IMPORT_MAX_BODY_BYTES, and answers 413 naming the setting over it', async () => {
    const content = bigFoundryExport();
    expect(Buffer.byteLength(JSON.stringify({ content }))).toBeGreaterThan(t.config.MAX_BODY_BYTES * 4);
    const res = await t.http.post(`${base()}/import`).set(c.auth).send({ content }).expect(201);
    expect(res.body.entries).toHaveLength(1000);
    expect(res.body.entries[0].text).toBe(
      'Oddity 1: a brass trinket that hums & glows when carried past 1d6 doors.',
    );
    await t.http.delete(`${base()}/${res.body.id}`).set(c.auth).expect(200);

    const answer = await gql(
      t.server,
      `mutation ($c: ID!, $input: ImportTableInput!) { refereeTableImport(campaignId: $c, input: $input) { id entries { range } } }`,
      { c: c.id, input: { content } },
      c.auth,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.refereeTableImport.entries).toHaveLength(1000);
    await t.http.delete(`${base()}/${answer.data!.refereeTableImport.id}`).set(c.auth).expect(200);

    const before = await tableCount();
    const huge = bigFoundryExport(1000, 50_000);
    expect(Buffer.byteLength(huge)).toBeGreaterThan(t.config.IMPORT_MAX_BODY_BYTES);
    const over = await t.http.post(`${base()}/import`).set(c.auth).send({ content: huge });
    expectProblem(over, 413, 'PAYLOAD_TOO_LARGE');
    expect(over.body.detail).toContain(`${t.config.IMPORT_MAX_BODY_BYTES} bytes`);
    expect(over.body.detail).toContain('IMPORT_MAX_BODY_BYTES');
    const overGql = await t.http
      .post('/graphql')
      .set(c.auth)
      .send({
        query:
          'mutation ($c: ID!, $input: ImportTableInput!) { refereeTableImport(campaignId: $c, input: $input) { id } }',
        variables: { c: c.id, input: { content: huge } },
      });
    // A GraphQL response, as every answer of /graphql is (issue 40).
    expectGraphqlRefusal(overGql, 413, 'PAYLOAD_TOO_LARGE');
    expect(overGql.body.errors[0].message).toContain(`larger than ${t.config.IMPORT_MAX_BODY_BYTES} bytes`);
    expect(overGql.body.errors[0].message).toContain('the IMPORT_MAX_BODY_BYTES setting');
    expect(await tableCount()).toBe(before);
  });

  it('keeps MAX_BODY_BYTES on every other route and GraphQL operation, and its 413 names that setting', async () => {
    const padding = 'x'.repeat(t.config.MAX_BODY_BYTES);
    const rest = await t.http
      .post(base())
      .set(c.auth)
      .send({ name: padding, entries: [{ range: [1, 1], text: 'a' }] });
    expectProblem(rest, 413, 'PAYLOAD_TOO_LARGE');
    expect(rest.body.detail).toContain(`${t.config.MAX_BODY_BYTES} bytes`);
    expect(rest.body.detail).toContain('MAX_BODY_BYTES');
    const graphql = await t.http
      .post('/graphql')
      .set(c.auth)
      .send({ query: 'query ($s: String) { __typename }', variables: { s: padding } });
    expectGraphqlRefusal(graphql, 413, 'PAYLOAD_TOO_LARGE');
    expect(graphql.body.errors[0].message).toContain(
      `larger than ${t.config.MAX_BODY_BYTES} bytes, the limit the MAX_BODY_BYTES setting`,
    );
    // A body that declares no length (chunked) is counted as it arrives.
    const chunked = await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: base(),
        headers: { ...c.auth, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        payload: Readable.from([Buffer.from(JSON.stringify({ name: padding, entries: [] }))]),
      });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json().detail).toContain('MAX_BODY_BYTES');
  });
});
