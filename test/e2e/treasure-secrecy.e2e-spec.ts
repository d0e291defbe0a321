import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import canonicalize from 'canonicalize';
import type { Response } from 'supertest';
import { createCampaign, createCharacter, createKey, type CampaignFixture } from '../factories/campaign';
import { gql, type GraphQLAnswer } from '../factories/graphql';
import { openSse, ROLL_FIELDS, subscribe, wsClient } from './feed-clients';
import { DATABASE_KIND, startApp, TestApp } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SITE = 'Sunken vault of Qwxz';
const ITEM = 'Orrery of Plimbo';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * Secrecy of hordes: before discovery a player or viewer key cannot learn that a horde exists, nor its
 * Cash or items, through any REST route or GraphQL field of the treasure and inventory modules, nor
 * through the roll log. Every route that takes a horde id answers a real undiscovered horde exactly as
 * it answers an id that does not exist; every other answer is searched for the horde's marks.
 */
describe(`horde secrecy (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let campaign: CampaignFixture;
  let hero: string;
  let keys: Record<'player' | 'viewer', { auth: { Authorization: string } }>;
  let horde: Json;
  let site: Json;
  const base = () => `/v1/campaigns/${campaign.id}`;

  /** Everything that tells one id from another, made the same: the request id and the id itself. */
  const normalise = (value: unknown, id: string): unknown =>
    JSON.parse(
      JSON.stringify(value ?? null)
        .split(id)
        .join('<id>')
        .replace(/"requestId":"[^"]*",?/g, ''),
    );

  // Roll ids are not marks: the sealed stubs show them by design (a roll happened; see the log test).
  const marks = () => [SITE, ITEM, horde.id, ...site.hordes.map((h: Json) => h.id)];
  const expectNoMarks = (what: string, body: unknown) => {
    const text = JSON.stringify(body);
    for (const mark of marks()) {
      if (text.includes(mark)) throw new Error(`${what} reveals "${mark}": ${text.slice(0, 300)}`);
    }
  };

  beforeAll(async () => {
    t = await startApp();
    campaign = await createCampaign(t.server);
    hero = (await createCharacter(t.server, campaign, { name: 'Hero' })).id;
    keys = {
      player: await createKey(t.server, campaign, { role: 'player', characterIds: [hero] }),
      viewer: await createKey(t.server, campaign, { role: 'viewer' }),
    };
    horde = (
      await t.http
        .post(`${base()}/hordes`)
        .set(campaign.auth)
        .send({
          site: SITE,
          difficulty: 'severe',
          generate: true,
          items: [{ name: ITEM, kind: 'artifact' }],
        })
        .expect(201)
    ).body;
    site = (
      await t.http
        .post(`${base()}/sites/hordes`)
        .set(campaign.auth)
        .send({ site: SITE, difficulty: 'legendary', averagePlayers: 4 })
        .expect(201)
    ).body;
  });
  afterAll(() => t.close());

  /** Every REST route of the treasure and inventory modules that names a horde, with the id to fill in. */
  const hordeRoutes = (id: string): Array<[string, string, Json | undefined]> => [
    ['GET', `${base()}/hordes/${id}`, undefined],
    ['POST', `${base()}/hordes/${id}/discovery`, undefined],
    ['POST', `${base()}/hordes/${id}/division`, {}],
    [
      'POST',
      `${base()}/hordes/${id}/division`,
      { items: [{ itemId: horde.items[0].id, characterId: hero }] },
    ],
  ];

  const call = (method: string, path: string, body: Json | undefined, auth: Json): Promise<Response> => {
    const req =
      method === 'GET'
        ? t.http.get(path)
        : method === 'PATCH'
          ? t.http.patch(path)
          : method === 'DELETE'
            ? t.http.delete(path)
            : t.http.post(path);
    return body === undefined ? req.set(auth) : req.set(auth).send(body);
  };

  for (const role of ['player', 'viewer'] as const) {
    describe(`a ${role} key before discovery`, () => {
      it('gets the same answer for an undiscovered horde as for an id that does not exist (REST)', async () => {
        for (const [method, path] of hordeRoutes(horde.id).map(([m, p]) => [m, p] as const)) {
          const body = hordeRoutes(horde.id).find(([m, p]) => m === method && p === path)?.[2];
          const real = await call(method, path, body, keys[role].auth);
          const fake = await call(method, path.replace(horde.id, UNKNOWN), body, keys[role].auth);
          expect({ route: `${method} ${path}`, status: real.status }).toEqual({
            route: `${method} ${path}`,
            status: fake.status,
          });
          expect(real.status).toBeGreaterThanOrEqual(400);
          expect(normalise(real.body, horde.id)).toEqual(normalise(fake.body, UNKNOWN));
        }
        for (const other of site.hordes) {
          const real = await t.http.get(`${base()}/hordes/${other.id}`).set(keys[role].auth);
          const fake = await t.http.get(`${base()}/hordes/${UNKNOWN}`).set(keys[role].auth);
          expect(real.status).toBe(404);
          expect(normalise(real.body, other.id)).toEqual(normalise(fake.body, UNKNOWN));
        }
      });

      it('sees no trace of it in lists, inventories, settings, the treasury or the other routes (REST)', async () => {
        const list = await t.http.get(`${base()}/hordes?limit=100`).set(keys[role].auth).expect(200);
        expect(list.body).toEqual({ items: [], next: null });
        const inv = `${base()}/characters/${hero}/inventory`;
        const reads: Array<[string, string, Json | undefined]> = [
          ['GET', inv, undefined],
          ['GET', `${base()}/inventory-settings`, undefined],
          ['GET', `${base()}/treasury`, undefined],
          ['GET', `${base()}/treasury/ledger`, undefined],
          ['GET', `${base()}/characters/${hero}/ledger`, undefined],
          ['POST', `${base()}/hordes`, { site: 'x', cash: 1 }],
          ['POST', `${base()}/sites/hordes`, { site: 'x', difficulty: 'minor' }],
          ['POST', `${base()}/characters/${hero}/treasure-conversions`, undefined],
          ['POST', inv, { name: 'Torch', kind: 'gear', depletion: 15 }],
          ['POST', `${inv}/carriers`, { kind: 'porter' }],
          ['PATCH', `${base()}/inventory-settings`, { inventorySlots: 12 }],
          ['GET', `${base()}/treasure-settings`, undefined],
          ['PATCH', `${base()}/treasure-settings`, { lootExperienceRule: 'divided' }],
          ['POST', `${base()}/loot-experience`, { silver: 100 }],
        ];
        for (const [method, path, body] of reads) {
          const res = await call(method, path, body, keys[role].auth);
          expect(res.status).toBeLessThan(500);
          expectNoMarks(`${role} ${method} ${path}`, res.body);
        }
        const items = (await t.http.get(inv).set(keys[role].auth).expect(200)).body.items;
        for (const item of items) {
          for (const [method, path, body] of [
            ['PATCH', `${inv}/${item.id}`, { notes: 'n' }],
            ['POST', `${inv}/${item.id}/moves`, { characterId: hero }],
            ['POST', `${inv}/${item.id}/depletion-checks`, {}],
            ['POST', `${inv}/${item.id}/spend`, { dice: 1 }],
            ['DELETE', `${inv}/${item.id}`, undefined],
          ] as Array<[string, string, Json | undefined]>) {
            expectNoMarks(
              `${role} ${method} ${path}`,
              (await call(method, path, body, keys[role].auth)).body,
            );
          }
        }
        const carriers = (await t.http.get(inv).set(keys[role].auth).expect(200)).body.carriers;
        for (const carrier of carriers) {
          expectNoMarks(
            'carrier removal',
            (await call('DELETE', `${inv}/carriers/${carrier.id}`, undefined, keys[role].auth)).body,
          );
        }
      });

      it('finds its rolls sealed in the roll log: a stub with a commitment, no replay', async () => {
        const log = await t.http.get(`${base()}/rolls?limit=100`).set(keys[role].auth).expect(200);
        const secret = [...horde.rollIds, ...site.rollIds];
        const stubs = log.body.items.filter((r: Json) => secret.includes(r.id));
        expect(stubs).toHaveLength(secret.length);
        for (const stub of stubs) {
          expect(
            Object.keys(stub)
              .filter((k) => k !== 'receipt')
              .sort(),
          ).toEqual(['commitment', 'createdAt', 'id', 'procedure', 'sealed'].sort());
          expect(stub.sealed).toBe(true);
          const one = await t.http.get(`${base()}/rolls/${stub.id}`).set(keys[role].auth).expect(200);
          expect(one.body.sealed).toBe(true);
          expect(one.body.outcome).toBeUndefined();
          const replay = await t.http.get(`${base()}/rolls/${stub.id}/replay`).set(keys[role].auth);
          expect(replay.status).toBe(403);
        }
        const stripped = log.body.items.map((r: Json) => ({ ...r, id: '', commitment: '', receipt: null }));
        for (const mark of [SITE, ITEM, horde.id]) expect(JSON.stringify(stripped)).not.toContain(mark);
      });

      it('learns nothing through GraphQL: queries, the Character field, mutations and the roll log', async () => {
        const auth = keys[role].auth;
        const vars = { c: campaign.id, h: horde.id, u: UNKNOWN, hero };
        const lists = await gql(
          t.server,
          `query($c: ID!, $hero: ID!) {
            hordes(campaignId: $c, limit: 100) { items { id site cash } next }
            inventory(campaignId: $c, characterId: $hero) { items { name } }
            inventorySettings(campaignId: $c) { inventorySlots }
            treasureSettings(campaignId: $c) { lootExperienceRule }
            campaignLootExperience(campaignId: $c, input: { silver: 100 }) { each }
            character(campaignId: $c, characterId: $hero) { inventory { items { name } } }
            rolls(campaignId: $c, limit: 100) { items { id procedure sealed inputs outcome effects seed faces } }
          }`,
          vars,
          auth,
        );
        expect(lists.errors).toBeUndefined();
        expect(lists.data?.hordes).toEqual({ items: [], next: null });
        for (const roll of lists.data?.rolls.items ?? []) {
          if ([...horde.rollIds, ...site.rollIds].includes(roll.id)) {
            expect(roll).toMatchObject({
              sealed: true,
              inputs: null,
              outcome: null,
              effects: null,
              seed: null,
              faces: null,
            });
          }
        }
        expectNoMarks('GraphQL reads', { ...lists.data, rolls: null });

        const same = (real: GraphQLAnswer, fake: GraphQLAnswer) => {
          expect(real.data).toEqual(fake.data);
          expect(normalise(real.errors, horde.id)).toEqual(normalise(fake.errors, UNKNOWN));
        };
        const byId: string[] = [
          `query($c: ID!, $h: ID!) { horde(campaignId: $c, hordeId: $h) { id site cash items { name } } }`,
          `mutation($c: ID!, $h: ID!) { hordeDiscover(campaignId: $c, hordeId: $h) { id } }`,
          `mutation($c: ID!, $h: ID!) { hordeDivide(campaignId: $c, hordeId: $h) { cash } }`,
        ];
        for (const query of byId) {
          const real = await gql(t.server, query, { c: campaign.id, h: horde.id }, auth);
          const fake = await gql(t.server, query, { c: campaign.id, h: UNKNOWN }, auth);
          expect(real.errors?.length).toBeGreaterThan(0);
          same(real, fake);
        }
        const others = [
          `mutation($c: ID!) { hordeCreate(campaignId: $c, input: { site: "x", cash: 1 }) { id } }`,
          `mutation($c: ID!) { siteHordesPlace(campaignId: $c, input: { site: "x", difficulty: minor }) { hordeCount } }`,
          `mutation($c: ID!, $hero: ID!) { treasureConversion(campaignId: $c, characterId: $hero) { cashGained } }`,
          `mutation($c: ID!) { updateTreasureSettings(campaignId: $c, input: { lootExperienceRule: each }) { lootExperienceRule } }`,
          `mutation($c: ID!) { updateInventorySettings(campaignId: $c, input: { inventorySlots: 12 }) { inventorySlots } }`,
          `mutation($c: ID!, $hero: ID!) { inventoryItemAdd(campaignId: $c, characterId: $hero, input: { name: "Rope", kind: gear }) { id name } }`,
          `mutation($c: ID!, $hero: ID!) { inventoryCarrierAdd(campaignId: $c, characterId: $hero, input: { kind: porter }) { capacity } }`,
          `query($c: ID!) { roll(campaignId: $c, rollId: "${horde.rollIds[0]}") { sealed outcome inputs } }`,
          `query($c: ID!) { replayRoll(campaignId: $c, rollId: "${horde.rollIds[0]}") { matches } }`,
        ];
        for (const query of others) {
          const answer = await gql(t.server, query, vars, auth);
          expectNoMarks(`GraphQL ${query.slice(0, 40)}`, { data: answer.data, errors: answer.errors });
        }
        // The inventory mutations that name an item or a carrier, on whatever the hero carries.
        const carried = (await t.http.get(`${base()}/characters/${hero}/inventory`).set(auth).expect(200))
          .body;
        for (const item of carried.items) {
          for (const query of [
            `mutation($c: ID!, $hero: ID!, $i: ID!) { inventoryItemUpdate(campaignId: $c, characterId: $hero, itemId: $i, input: { notes: "n" }) { id name } }`,
            `mutation($c: ID!, $hero: ID!, $i: ID!) { inventoryItemMove(campaignId: $c, characterId: $hero, itemId: $i, input: { characterId: $hero }) { id } }`,
            `mutation($c: ID!, $hero: ID!, $i: ID!) { inventoryDepletionCheck(campaignId: $c, characterId: $hero, itemId: $i) { rollId item { name } } }`,
            `mutation($c: ID!, $hero: ID!, $i: ID!) { inventoryMaterialSpend(campaignId: $c, characterId: $hero, itemId: $i, input: { dice: 1 }) { remaining } }`,
            `mutation($c: ID!, $hero: ID!, $i: ID!) { inventoryItemRemove(campaignId: $c, characterId: $hero, itemId: $i) { items { name } } }`,
          ]) {
            const answer = await gql(t.server, query, { ...vars, i: item.id }, auth);
            expectNoMarks(`GraphQL ${query.slice(0, 50)}`, { data: answer.data, errors: answer.errors });
          }
        }
        for (const carrier of carried.carriers) {
          const answer = await gql(
            t.server,
            `mutation($c: ID!, $hero: ID!, $k: ID!) { inventoryCarrierRemove(campaignId: $c, characterId: $hero, carrierId: $k) { capacity } }`,
            { ...vars, k: carrier.id },
            auth,
          );
          expectNoMarks('GraphQL inventoryCarrierRemove', { data: answer.data, errors: answer.errors });
        }
        // The stateless fields too: they take no key and know nothing of the campaign.
        const stateless = await gql(
          t.server,
          `query { treasureCaches { items { difficulty } } artifactTypes { die } monsterMenu { roll } cairnSpells { items { name } } gmLevels { items { level } } lootExperience(input: { silver: 100, members: 1 }) { each } }`,
          {},
          auth,
        );
        expect(stateless.errors).toBeUndefined();
        expectNoMarks('GraphQL stateless queries', stateless.data);
        const rolled = await gql(
          t.server,
          `mutation { cacheRoll(input: { difficulty: severe }) { cash } siteHordesRoll(input: { difficulty: minor, averagePlayers: 2 }) { hordeCount } artifactRoll { type } harvest(input: { grade: minor }) { offset } spellbookRoll { spell } }`,
          {},
          auth,
        );
        expect(rolled.errors).toBeUndefined();
        expectNoMarks('GraphQL stateless rolls', rolled.data);
      });
    });
  }

  it('after discovery every key sees the horde and its revealed roll, whose commitment checks out', async () => {
    await t.http.post(`${base()}/hordes/${horde.id}/discovery`).set(campaign.auth).expect(200);
    const seen = await t.http.get(`${base()}/hordes/${horde.id}`).set(keys.viewer.auth).expect(200);
    expect(seen.body).toMatchObject({ id: horde.id, site: SITE, cash: horde.cash, discovered: true });
    expect(seen.body.items[0].name).toBe(ITEM);
    const list = await t.http.get(`${base()}/hordes`).set(keys.player.auth).expect(200);
    expect(list.body.items.map((h: Json) => h.id)).toEqual([horde.id]);
    const roll = await t.http.get(`${base()}/rolls/${horde.rollIds[0]}`).set(keys.player.auth).expect(200);
    expect(roll.body).toMatchObject({
      sealed: false,
      secret: true,
      procedure: 'treasure.cache',
      outcome: { cash: horde.cash },
    });
    const record = canonicalize({
      procedure: roll.body.procedure,
      inputs: roll.body.inputs,
      seed: roll.body.seed,
      rng: roll.body.rng,
      faces: roll.body.faces,
      outcome: roll.body.outcome,
    });
    expect(createHash('sha256').update(`${roll.body.salt}.${record}`).digest('hex')).toBe(
      roll.body.commitment,
    );
    const replay = await t.http
      .get(`${base()}/rolls/${horde.rollIds[0]}/replay`)
      .set(keys.viewer.auth)
      .expect(200);
    expect(replay.body.matches).toBe(true);
    const q = await gql(
      t.server,
      `query($c: ID!, $h: ID!) { horde(campaignId: $c, hordeId: $h) { cash } }`,
      { c: campaign.id, h: horde.id },
      keys.viewer.auth,
    );
    expect(q.data?.horde.cash).toBe(horde.cash);
    // The site's hordes stay hidden: discovering one horde reveals nothing of the others.
    for (const other of site.hordes) {
      await t.http.get(`${base()}/hordes/${other.id}`).set(keys.viewer.auth).expect(404);
    }
    const stubs = (await t.http.get(`${base()}/rolls?limit=100`).set(keys.viewer.auth)).body.items.filter(
      (r: Json) => site.rollIds.includes(r.id),
    );
    expect(stubs.every((r: Json) => r.sealed)).toBe(true);
  });
});

describe(`horde secrecy on the live feed (${DATABASE_KIND})`, () => {
  it('a player’s and a viewer’s SSE stream and GraphQL subscription get only sealed stubs of horde rolls', async () => {
    const t = await startApp();
    const clients: Array<{ close(): void }> = [];
    const sockets: Array<{ dispose(): Promise<void> | void }> = [];
    try {
      await t.app.listen(0, '127.0.0.1');
      const { port } = t.app.getHttpServer().address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const campaign = await createCampaign(t.server);
      const hero = (await createCharacter(t.server, campaign, { name: 'Hero' })).id;
      const player = await createKey(t.server, campaign, { role: 'player', characterIds: [hero] });
      const viewer = await createKey(t.server, campaign, { role: 'viewer' });
      const streams = [
        await openSse(base, campaign.id, player.auth),
        await openSse(base, campaign.id, viewer.auth),
      ];
      clients.push(...streams);
      const ws = wsClient(base, viewer.auth.Authorization);
      sockets.push(ws);
      const live = subscribe<Json>(
        ws,
        `subscription($c: ID!) { rollLogged(campaignId: $c) { ${ROLL_FIELDS} } }`,
        {
          c: campaign.id,
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));

      const horde = (
        await t.http
          .post(`/v1/campaigns/${campaign.id}/hordes`)
          .set(campaign.auth)
          .send({
            site: SITE,
            difficulty: 'major',
            generate: true,
            items: [{ name: ITEM, kind: 'artifact' }],
          })
          .expect(201)
      ).body;
      const site = (
        await t.http
          .post(`/v1/campaigns/${campaign.id}/sites/hordes`)
          .set(campaign.auth)
          .send({ site: SITE, difficulty: 'minor', averagePlayers: 4 })
          .expect(201)
      ).body;
      const expected = 1 + site.rollIds.length;
      for (const stream of streams) {
        await stream.until((events) => events.filter((e) => e.event === 'rollLogged').length >= expected);
        for (const roll of stream.data<Json>('rollLogged')) {
          expect(roll.sealed).toBe(true);
          expect(roll.outcome).toBeUndefined();
        }
        const text = JSON.stringify(stream.events);
        for (const mark of [SITE, ITEM, horde.id, ...site.hordes.map((h: Json) => h.id)]) {
          expect(text).not.toContain(mark);
        }
      }
      const values = await live.until(expected);
      for (const value of values) {
        expect(value.rollLogged).toMatchObject({ sealed: true, outcome: null, seed: null, faces: null });
      }
      expect(JSON.stringify(values)).not.toContain(SITE);
    } finally {
      for (const client of clients) client.close();
      for (const socket of sockets) await socket.dispose();
      await t.close();
    }
  });
});
