import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, createKey } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

const sample = (name: string) =>
  readFileSync(join(__dirname, '../fixtures/encounters/imports', name), 'utf8');

const marsh = {
  name: 'Marsh',
  formula: '1d6',
  area: 'Blackwater marsh',
  scale: 'overland',
  entries: [
    { range: [1, 2], text: 'Eel-herders', kind: 'people', numberAppearing: '1d4+players' },
    { range: [3, 3], text: 'Giant leech', kind: 'beasts', numberAppearing: '1', grade: 'moderate' },
    { range: [4, 4], text: 'Will-o’-wisps', kind: 'omen' },
    { range: [5, 6], text: 'Sinking mud', kind: 'hazard' },
  ],
};

describe(`referee tables (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  let player: { auth: { Authorization: string } };
  let viewer: { auth: { Authorization: string } };
  beforeAll(async () => {
    t = await startApp();
    c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    viewer = await createKey(t.server, c, { role: 'viewer' });
  });
  afterAll(() => t.close());

  const base = () => `/v1/campaigns/${c.id}/tables`;

  it('creates a table with each entry’s exact probability; referee-only by default', async () => {
    const res = await t.http.post(base()).set(c.auth).send(marsh).expect(201);
    expect(res.body).toMatchObject({ name: 'Marsh', formula: '1d6', min: 1, max: 6, visibility: 'referee' });
    expect(res.body.entries.map((e: { probability: number }) => e.probability)).toEqual([
      2 / 6,
      1 / 6,
      1 / 6,
      2 / 6,
    ]);
    const weighted = await t.http
      .post(base())
      .set(c.auth)
      .send({
        name: 'W',
        entries: [
          { weight: 3, text: 'a' },
          { weight: 1, text: 'b' },
        ],
      })
      .expect(201);
    expect(weighted.body).toMatchObject({
      formula: '1d4',
      entries: [{ range: [1, 3], weight: 3 }, { range: [4, 4] }],
    });
  });

  it('refuses gaps, overlaps and bad fields naming the faulty entry, and stores nothing', async () => {
    const before = (await t.http.get(base()).set(c.auth).expect(200)).body.items.length;
    const gap = await t.http
      .post(base())
      .set(c.auth)
      .send({ ...marsh, entries: [marsh.entries[0], marsh.entries[1], marsh.entries[3]] });
    expectProblem(gap, 422, 'UNPROCESSABLE', 'entries[2]');
    expect(gap.body.detail).toContain('4');
    const overlap = await t.http
      .post(base())
      .set(c.auth)
      .send({ ...marsh, entries: [...marsh.entries, { range: [6, 6], text: 'again' }] });
    expectProblem(overlap, 422, 'UNPROCESSABLE', 'entries[4]');
    expectProblem(
      await t.http
        .post(base())
        .set(c.auth)
        .send({
          ...marsh,
          entries: [{ ...marsh.entries[0], numberAppearing: 'players +' }, ...marsh.entries.slice(1)],
        }),
      400,
      'VALIDATION_FAILED',
      'entries[0].numberAppearing',
    );
    expectProblem(
      await t.http
        .post(base())
        .set(c.auth)
        .send({ ...marsh, formula: '1d6*2' }),
      400,
      'VALIDATION_FAILED',
      'formula',
    );
    expectProblem(
      await t.http
        .post(base())
        .set(c.auth)
        .send({
          ...marsh,
          entries: [{ ...marsh.entries[0], subtableId: 'nope' }, ...marsh.entries.slice(1)],
        }),
      404, // not an id: read as a table's name (issue 42), and none is named so
      'NOT_FOUND',
      'entries[0].subtableId',
    );
    expectProblem(await t.http.post(base()).set(player.auth).send(marsh), 403, 'FORBIDDEN');
    expect((await t.http.get(base()).set(c.auth).expect(200)).body.items).toHaveLength(before);
  });

  it('imports the three formats and round-trips the Foundry export', async () => {
    const files: [string, string, string, number][] = [
      ['foundry', 'marsh-foundry-v11.json', '1d6', 5],
      ['foundry', 'rumours-foundry-v13.json', '1d8', 4],
      ['json', 'ruins-simple.json', '2d6', 6],
      ['json', 'weather-plain.json', '1d12', 6],
      ['csv', 'backpack-contents.csv', '1d100', 6],
      ['csv', 'forest-multiline.csv', '1d6', 5],
    ];
    for (const [format, file, formula, count] of files) {
      const imported = await t.http
        .post(`${base()}/import`)
        .set(c.auth)
        .send({ format, content: sample(file), ...(format === 'csv' ? { name: file } : {}) })
        .expect(201);
      expect(imported.body).toMatchObject({ formula, visibility: 'referee' });
      expect(imported.body.entries).toHaveLength(count);
      const total = imported.body.entries.reduce(
        (s: number, e: { probability: number }) => s + e.probability,
        0,
      );
      expect(total).toBeCloseTo(1, 12);
      const exported = await t.http
        .get(`${base()}/${imported.body.id}/export?format=foundry`)
        .set(c.auth)
        .expect(200);
      expect(exported.body).toMatchObject({ name: imported.body.name, formula, results: expect.any(Array) });
      const again = await t.http
        .post(`${base()}/import`)
        .set(c.auth)
        .send({ format: 'foundry', content: JSON.stringify(exported.body) })
        .expect(201);
      const strip = (entries: Record<string, unknown>[]) => entries.map(({ weight: _w, ...e }) => e);
      expect(strip(again.body.entries)).toEqual(strip(imported.body.entries));
      expect(again.body.name).toBe(imported.body.name);
    }
    const multiline = await t.http
      .post(`${base()}/import`)
      .set(c.auth)
      .send({ format: 'csv', content: sample('forest-multiline.csv'), name: 'Forest' })
      .expect(201);
    expect(multiline.body.entries[0].text).toBe(
      'Charcoal burners\nThey offer shelter for a story.\nTheir dog growls at strangers.',
    );
    expectProblem(
      await t.http.post(`${base()}/import`).set(c.auth).send({ format: 'foundry', content: '{oops' }),
      400,
      'VALIDATION_FAILED',
      'content',
    );
    expectProblem(
      await t.http.post(`${base()}/import`).set(c.auth).send({ format: 'csv', content: '1-3|a\n5-6|b' }),
      422,
      'UNPROCESSABLE',
      'entries[1]',
    );
    expectProblem(
      await t.http.post(`${base()}/import`).set(c.auth).send({ format: 'xml', content: '<a/>' }),
      400,
      'VALIDATION_FAILED',
      'format',
    );
  });

  it('keeps referee tables, their draws and exports from other keys', async () => {
    const secret = (await t.http.post(base()).set(c.auth).send(marsh).expect(201)).body;
    const shared = (
      await t.http
        .post(base())
        .set(c.auth)
        .send({
          ...marsh,
          name: 'Rumours',
          visibility: 'players',
          entries: marsh.entries.map((e, i) => ({ ...e, text: `Rumour ${i}` })),
        })
        .expect(201)
    ).body;
    for (const other of [player, viewer]) {
      const listed = await t.http.get(base()).set(other.auth).expect(200);
      const ids = listed.body.items.map((x: { id: string }) => x.id);
      expect(ids).toContain(shared.id);
      expect(ids).not.toContain(secret.id);
      listed.body.items.forEach((x: { visibility: string }) => expect(x.visibility).toBe('players'));
      expectProblem(await t.http.get(`${base()}/${secret.id}`).set(other.auth), 404, 'NOT_FOUND');
      expectProblem(await t.http.get(`${base()}/${secret.id}/export`).set(other.auth), 404, 'NOT_FOUND');
      await t.http.get(`${base()}/${shared.id}`).set(other.auth).expect(200);
      await t.http.get(`${base()}/${shared.id}/export?format=foundry`).set(other.auth).expect(200);
      expectProblem(await t.http.put(`${base()}/${secret.id}`).set(other.auth).send(marsh), 403, 'FORBIDDEN');
      expectProblem(await t.http.delete(`${base()}/${secret.id}`).set(other.auth), 403, 'FORBIDDEN');
      expectProblem(
        await t.http.post(`${base()}/import`).set(other.auth).send({ format: 'csv', content: '1-2|a' }),
        403,
        'FORBIDDEN',
      );
    }
    expectProblem(
      await t.http.post(`${base()}/${secret.id}/draws`).set(player.auth).send({}),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await t.http.post(`${base()}/${shared.id}/draws`).set(viewer.auth).send({}),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await t.http.post(`${base()}/${shared.id}/draws`).set(player.auth).send({ secret: true }),
      403,
      'FORBIDDEN',
    );
    // The referee's draw on a referee table is sealed for everyone else.
    const drawn = await t.http
      .post(`${base()}/${secret.id}/draws`)
      .set(c.auth)
      .send({ seed: 'd1' })
      .expect(201);
    expect(drawn.body).toMatchObject({ secret: true, tableId: secret.id, rollId: expect.any(String) });
    expect(drawn.body.odds.entry).toBe(drawn.body.entry.probability);
    const sealed = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${drawn.body.rollId}`)
      .set(player.auth)
      .expect(200);
    expect(sealed.body).toMatchObject({ procedure: 'encounters.table-draw', sealed: true });
    expect(sealed.body.outcome).toBeUndefined();
    expect(JSON.stringify(sealed.body)).not.toContain('Eel-herders');
    const replay = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${drawn.body.rollId}/replay`)
      .set(c.auth)
      .expect(200);
    expect(replay.body.matches).toBe(true);
    // A player's draw on a shared table is open.
    const open = await t.http
      .post(`${base()}/${shared.id}/draws`)
      .set(player.auth)
      .send({ seed: 'p' })
      .expect(201);
    expect(open.body.secret).toBe(false);
    const shown = await t.http
      .get(`/v1/campaigns/${c.id}/rolls/${open.body.rollId}`)
      .set(viewer.auth)
      .expect(200);
    expect(shown.body.sealed).toBe(false);
    // A table players can see may not nest a referee table, nor can it become referee-only while shared.
    expectProblem(
      await t.http
        .put(`${base()}/${shared.id}`)
        .set(c.auth)
        .send({
          ...marsh,
          name: 'Rumours',
          visibility: 'players',
          entries: [{ ...marsh.entries[0], subtableId: secret.id }, ...marsh.entries.slice(1)],
        }),
      422,
      'UNPROCESSABLE',
      'entries[0].subtableId',
    );

    // GraphQL twins answer the same way.
    const q = `query($c: ID!, $s: ID!) {
      refereeTables(campaignId: $c) { items { id } }
      refereeTable(campaignId: $c, tableId: $s) { id }
    }`;
    const hidden = await gql(t.server, q, { c: c.id, s: secret.id }, player.auth);
    expect(codes(hidden)).toEqual(['NOT_FOUND']);
    const listOnly = await gql(
      t.server,
      'query($c: ID!) { refereeTables(campaignId: $c) { items { id } } }',
      { c: c.id },
      viewer.auth,
    );
    expect(listOnly.data?.refereeTables.items.map((x: { id: string }) => x.id)).not.toContain(secret.id);
    const gqlExport = await gql(
      t.server,
      'query($c: ID!, $s: ID!) { refereeTableExport(campaignId: $c, tableId: $s) { format } }',
      { c: c.id, s: secret.id },
      player.auth,
    );
    expect(codes(gqlExport)).toEqual(['NOT_FOUND']);
    const gqlDraw = await gql(
      t.server,
      'mutation($c: ID!, $s: ID!) { refereeTableDraw(campaignId: $c, tableId: $s) { rollId } }',
      { c: c.id, s: secret.id },
      player.auth,
    );
    expect(codes(gqlDraw)).toEqual(['NOT_FOUND']);
    for (const mutation of [
      'refereeTableDelete(campaignId: $c, tableId: $s) { id }',
      'refereeTableUpdate(campaignId: $c, tableId: $s, input: { name: "x", formula: "1d2", entries: [{ range: [1, 2], text: "x" }] }) { id }',
    ]) {
      const answer = await gql(
        t.server,
        `mutation($c: ID!, $s: ID!) { ${mutation} }`,
        { c: c.id, s: secret.id },
        player.auth,
      );
      expect(codes(answer)).toEqual(['FORBIDDEN']);
    }
    for (const query of [
      'encounterSettings(campaignId: $c) { recurringChance }',
      'recurringCast(campaignId: $c) { items { id } }',
    ]) {
      expect(codes(await gql(t.server, `query($c: ID!) { ${query} }`, { c: c.id }, player.auth))).toEqual([
        'FORBIDDEN',
      ]);
    }
    for (const other of [player, viewer]) {
      for (const mutation of [
        'refereeTableCreate(campaignId: $c, input: { name: "x", formula: "1d2", entries: [{ range: [1, 2], text: "x" }] }) { id }',
        'refereeTableImport(campaignId: $c, input: { format: csv, content: "1-2|x" }) { id }',
        'recurringAdd(campaignId: $c, input: { name: "x" }) { id }',
        'recurringRemove(campaignId: $c, memberId: "x") { id }',
        'encounterSettingsSet(campaignId: $c, input: { recurringChance: 1 }) { recurringChance }',
        'campaignEncounterCheck(campaignId: $c, input: { secret: false }) { rollId }',
      ]) {
        const answer = await gql(t.server, `mutation($c: ID!) { ${mutation} }`, { c: c.id }, other.auth);
        expect(codes(answer)).toEqual(['FORBIDDEN']);
      }
      const campaign = `/v1/campaigns/${c.id}`;
      expectProblem(await t.http.get(`${campaign}/recurring`).set(other.auth), 403, 'FORBIDDEN');
      expectProblem(
        await t.http.post(`${campaign}/recurring`).set(other.auth).send({ name: 'x' }),
        403,
        'FORBIDDEN',
      );
      expectProblem(await t.http.delete(`${campaign}/recurring/x`).set(other.auth), 403, 'FORBIDDEN');
      expectProblem(await t.http.get(`${campaign}/encounter-settings`).set(other.auth), 403, 'FORBIDDEN');
      expectProblem(
        await t.http.put(`${campaign}/encounter-settings`).set(other.auth).send({ overland: secret.id }),
        403,
        'FORBIDDEN',
      );
      expectProblem(
        await t.http.post(`${campaign}/encounter-checks`).set(other.auth).send({}),
        403,
        'FORBIDDEN',
      );
    }
    // Nothing of the referee table shows in the roll log for other keys.
    const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(viewer.auth).expect(200);
    expect(JSON.stringify(log.body)).not.toContain('Eel-herders');
  });

  it('draws through nested subtables and refuses nesting past five levels or in a loop', async () => {
    const make = async (name: string, subtableId?: string) =>
      (
        await t.http
          .post(base())
          .set(c.auth)
          .send({
            name,
            formula: '1d2',
            entries: [{ range: [1, 2], text: name, ...(subtableId ? { subtableId } : {}) }],
          })
          .expect(201)
      ).body.id as string;
    const five = await make('five');
    const four = await make('four', five);
    const three = await make('three', four);
    const two = await make('two', three);
    const one = await make('one', two);
    const draw = await t.http.post(`${base()}/${one}/draws`).set(c.auth).send({ seed: 'deep' }).expect(201);
    expect(draw.body.subdraws.map((s: { tableId: string; depth: number }) => [s.tableId, s.depth])).toEqual([
      [two, 2],
      [three, 3],
      [four, 4],
      [five, 5],
    ]);
    expect(draw.body.odds).toEqual({ entry: 1, chain: 1 });
    const tooDeep = await t.http
      .post(base())
      .set(c.auth)
      .send({ name: 'zero', formula: '1d2', entries: [{ range: [1, 2], text: 'zero', subtableId: one }] });
    expectProblem(tooDeep, 422, 'UNPROCESSABLE', 'entries[0].subtableId');
    const loop = await t.http
      .put(`${base()}/${five}`)
      .set(c.auth)
      .send({ name: 'five', formula: '1d2', entries: [{ range: [1, 2], text: 'five', subtableId: four }] });
    expectProblem(loop, 422, 'UNPROCESSABLE', 'entries[0].subtableId');
    expectProblem(await t.http.delete(`${base()}/${four}`).set(c.auth), 409, 'CONFLICT');
    await t.http.delete(`${base()}/${one}`).set(c.auth).expect(200);
    expectProblem(await t.http.get(`${base()}/${one}`).set(c.auth), 404, 'NOT_FOUND');
  });

  it('updates, pages and retries idempotently, over REST and GraphQL', async () => {
    const created = await t.http
      .post(base())
      .set(c.auth)
      .set('Idempotency-Key', `create-${c.id}`)
      .send({ ...marsh, name: 'Once' })
      .expect(201);
    const retry = await t.http
      .post(base())
      .set(c.auth)
      .set('Idempotency-Key', `create-${c.id}`)
      .send({ ...marsh, name: 'Once' })
      .expect(201);
    expect(retry.body.id).toBe(created.body.id);
    const updated = await t.http
      .put(`${base()}/${created.body.id}`)
      .set(c.auth)
      .send({
        name: 'Twice',
        formula: 'd66',
        entries: [1, 2, 3, 4, 5, 6].map((x) => ({ range: [x * 10 + 1, x * 10 + 6], text: `${x}` })),
      })
      .expect(200);
    expect(updated.body).toMatchObject({ name: 'Twice', formula: 'd66', min: 11, max: 66 });
    const page = await t.http.get(`${base()}?limit=2`).set(c.auth).expect(200);
    expect(page.body.items).toHaveLength(2);
    const next = await t.http.get(`${base()}?limit=2&after=${page.body.next}`).set(c.auth).expect(200);
    expect(next.body.items[0].id).not.toBe(page.body.items[1].id);
    const viaGql = await gql(
      t.server,
      `mutation($c: ID!) {
        refereeTableCreate(campaignId: $c, input: { name: "G", formula: "2d6", entries: [{ range: [2, 6], text: "low" }, { range: [7, 12], text: "high", kind: "omen" }] }) {
          id formula entries { probability }
        }
      }`,
      { c: c.id },
      c.auth,
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data?.refereeTableCreate.entries).toEqual([
      { probability: 15 / 36 },
      { probability: 21 / 36 },
    ]);
    const gid = viaGql.data?.refereeTableCreate.id;
    const gqlImport = await gql(
      t.server,
      'mutation($c: ID!, $content: String!) { refereeTableImport(campaignId: $c, input: { format: csv, content: $content, name: "B" }) { formula } }',
      { c: c.id, content: sample('backpack-contents.csv') },
      c.auth,
    );
    expect(gqlImport.data?.refereeTableImport.formula).toBe('1d100');
    const gqlRead = await gql(
      t.server,
      `query($c: ID!, $t: ID!) {
        refereeTable(campaignId: $c, tableId: $t) { name }
        refereeTableExport(campaignId: $c, tableId: $t, format: foundry) { format document }
      }`,
      { c: c.id, t: gid },
      c.auth,
    );
    expect(gqlRead.data?.refereeTableExport.document.results).toHaveLength(2);
    const gqlDraw = await gql(
      t.server,
      'mutation($c: ID!, $t: ID!) { refereeTableDraw(campaignId: $c, tableId: $t, input: { seed: "g" }) { roll secret odds { entry chain } } }',
      { c: c.id, t: gid },
      c.auth,
    );
    expect(gqlDraw.data?.refereeTableDraw.secret).toBe(true);
    const rest = await t.http.post(`${base()}/${gid}/draws`).set(c.auth).send({ seed: 'g' }).expect(201);
    expect(rest.body.roll).toBe(gqlDraw.data?.refereeTableDraw.roll);
    const gqlUpdate = await gql(
      t.server,
      'mutation($c: ID!, $t: ID!) { refereeTableUpdate(campaignId: $c, tableId: $t, input: { name: "G2", entries: [{ weight: 1, text: "a" }, { weight: 1, text: "b" }] }) { name formula } }',
      { c: c.id, t: gid },
      c.auth,
    );
    expect(gqlUpdate.data?.refereeTableUpdate).toEqual({ name: 'G2', formula: '1d2' });
    const gqlDelete = await gql(
      t.server,
      'mutation($c: ID!, $t: ID!) { refereeTableDelete(campaignId: $c, tableId: $t) { id } }',
      { c: c.id, t: gid },
      c.auth,
    );
    expect(gqlDelete.data?.refereeTableDelete.id).toBe(gid);
  });
});
