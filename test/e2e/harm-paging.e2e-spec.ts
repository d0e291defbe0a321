import { DATABASE_KIND, startApp, TestApp } from './harness';
import { createCampaign, createCharacter, putSheet } from '../factories/campaign';
import { gql } from '../factories/graphql';

/*
 * Every list pages (docs/api-style.md, "Lists"): the harm reference tables and a character's or an
 * NPC's harm timers take `limit` and `after` and answer `{ items, next }`, over REST and GraphQL alike;
 * the pages put together are the whole list, and a cursor the list did not give is a 400 naming `after`.
 */

type Page = { items: unknown[]; next: string | null };

describe(`harm lists page (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  /** Every page of a REST list, `limit` at a time. */
  async function restPages(url: string, auth: Record<string, string>, limit: number): Promise<Page[]> {
    const pages: Page[] = [];
    let after: string | null = null;
    do {
      const query: Record<string, unknown> = { limit, ...(after ? { after } : {}) };
      const page = (await t.http.get(url).set(auth).query(query).expect(200)).body as Page;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      pages.push(page);
      after = page.next;
    } while (after && pages.length < 50);
    return pages;
  }

  it.each([
    ['/v1/harm/cairn/scars', 'cairnScars', 'entry'],
    ['/v1/harm/coeac/armor', 'coeacArmor', 'kind'],
    ['/v1/harm/archsoul/statuses', 'archsoulStatuses', 'status'],
  ])('%s and GraphQL %s', async (url, query, member) => {
    const whole = (await t.http.get(url).expect(200)).body as Page;
    expect(whole.next).toBeNull();
    expect(whole.items.length).toBeGreaterThan(2);
    const pages = await restPages(url, {}, 2);
    expect(pages.length).toBe(Math.ceil(whole.items.length / 2));
    expect(pages.flatMap((p) => p.items)).toEqual(whole.items);
    expect(pages[pages.length - 1].next).toBeNull();

    const first = await gql(t.server, `query { ${query}(limit: 2) { items { ${member} } next } }`);
    expect(first.errors).toBeUndefined();
    expect(first.data![query].items).toEqual(
      (whole.items as Array<Record<string, unknown>>).slice(0, 2).map((i) => ({ [member]: i[member] })),
    );
    expect(first.data![query].next).toBe(pages[0].next);
    const second = await gql(
      t.server,
      `query($a: String) { ${query}(limit: 2, after: $a) { items { ${member} } } }`,
      {
        a: pages[0].next,
      },
    );
    expect(second.data![query].items).toEqual(
      (pages[1].items as Array<Record<string, unknown>>).map((i) => ({ [member]: i[member] })),
    );

    const bad = await t.http.get(url).query({ after: 'bm90LWEtY3Vyc29y' });
    expect([bad.status, bad.body.code, bad.body.errors?.[0]?.field]).toEqual([
      400,
      'VALIDATION_FAILED',
      'after',
    ]);
    const tooMany = await t.http.get(url).query({ limit: 101 });
    expect([tooMany.status, tooMany.body.errors?.[0]?.field]).toEqual([400, 'limit']);
  });

  it('a character’s harm timers and an NPC’s page over REST and GraphQL', async () => {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    const base = `/v1/campaigns/${c.id}/characters/${hero.id}`;
    // Two timers on two sheets: COEAC down and out awaiting aid, Cairn critical damage.
    await putSheet(t.server, c, hero.id, 'coeac', { maxHp: 4, saves: { Vigor: 1 }, skills: { Medicine: 1 } });
    await t.http
      .post(`${base}/damage`)
      .set(c.auth)
      .send({ system: 'coeac', amount: 6, medicine: { pool: 1 }, seed: 'unaided' })
      .expect(201);
    await putSheet(t.server, c, hero.id, 'cairn', {
      str: { max: 4 },
      dex: { max: 10 },
      wil: { max: 10 },
      maxHp: 2,
      hp: 0,
    });
    await t.http
      .post(`${base}/damage`)
      .set(c.auth)
      .send({ system: 'cairn', amount: 3, seed: 'crit' })
      .expect(201);

    const whole = (await t.http.get(`${base}/harm-timers`).set(c.auth).expect(200)).body as Page;
    expect((whole.items as Array<{ kind: string }>).map((x) => x.kind).sort()).toEqual([
      'cairn-critical',
      'coeac-aid',
    ]);
    expect(whole.next).toBeNull();
    const pages = await restPages(`${base}/harm-timers`, c.auth, 1);
    expect(pages.map((p) => p.items.length)).toEqual([1, 1]);
    expect(pages.flatMap((p) => p.items)).toEqual(whole.items);

    const first = await gql(
      t.server,
      `query($c: ID!, $h: ID!) { characterHarmTimers(campaignId: $c, characterId: $h, limit: 1) { items { kind system } next } }`,
      { c: c.id, h: hero.id },
      c.auth,
    );
    expect(first.errors).toBeUndefined();
    expect(first.data!.characterHarmTimers.items).toHaveLength(1);
    const rest = await gql(
      t.server,
      `query($c: ID!, $h: ID!, $a: String) { characterHarmTimers(campaignId: $c, characterId: $h, limit: 1, after: $a) { items { kind system } next } }`,
      { c: c.id, h: hero.id, a: first.data!.characterHarmTimers.next },
      c.auth,
    );
    expect(rest.data!.characterHarmTimers.next).toBeNull();
    expect([...first.data!.characterHarmTimers.items, ...rest.data!.characterHarmTimers.items]).toEqual(
      (whole.items as Array<{ kind: string; system: string }>).map(({ kind, system }) => ({ kind, system })),
    );

    // An NPC's list is a page too (none running here).
    const npc = (
      await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({ name: 'Ogre', kind: 'monster' })
        .expect(201)
    ).body as { id: string };
    expect(
      (
        await t.http
          .get(`/v1/campaigns/${c.id}/npcs/${npc.id}/harm-timers`)
          .set(c.auth)
          .query({ limit: 5 })
          .expect(200)
      ).body,
    ).toEqual({ items: [], next: null });
    const npcPage = await gql(
      t.server,
      `query($c: ID!, $n: ID!) { npcHarmTimers(campaignId: $c, npcId: $n, limit: 5) { items { kind } next } }`,
      { c: c.id, n: npc.id },
      c.auth,
    );
    expect(npcPage.data!.npcHarmTimers).toEqual({ items: [], next: null });
    const bad = await t.http.get(`${base}/harm-timers`).set(c.auth).query({ after: 'bm90LWEtY3Vyc29y' });
    expect([bad.status, bad.body.errors?.[0]?.field]).toEqual([400, 'after']);
  });
});
