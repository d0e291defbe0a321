import {
  createCampaign,
  createCharacter,
  createKey,
  startSession,
  type CampaignFixture,
} from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { DATABASE_KIND, startApp, TestApp } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe(`hordes in a campaign (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let campaign: CampaignFixture;
  let ids: Record<'a' | 'b' | 'c' | 'hireling' | 'absent', string>;
  const base = () => `/v1/campaigns/${campaign.id}`;
  const cashOf = async (id: string): Promise<number> =>
    (await t.http.get(`${base()}/characters/${id}`).set(campaign.auth).expect(200)).body.cash;
  const treasury = async (): Promise<number> =>
    (await t.http.get(`${base()}/treasury`).set(campaign.auth).expect(200)).body.cash;
  const placeHorde = async (body: Json): Promise<Json> =>
    (
      await t.http
        .post(`${base()}/hordes`)
        .set(campaign.auth)
        .send({ site: 'Ruined keep', ...body })
        .expect(201)
    ).body;
  const found = async (body: Json): Promise<Json> => {
    const horde = await placeHorde(body);
    await t.http.post(`${base()}/hordes/${horde.id}/discovery`).set(campaign.auth).expect(200);
    return horde;
  };
  const divide = (hordeId: string, body: Json) =>
    t.http.post(`${base()}/hordes/${hordeId}/division`).set(campaign.auth).send(body);

  beforeAll(async () => {
    t = await startApp();
    campaign = await createCampaign(t.server);
    const make = async (name: string) => (await createCharacter(t.server, campaign, { name })).id;
    ids = {
      a: await make('Ana'),
      b: await make('Bo'),
      c: await make('Cy'),
      hireling: await make('Hob'),
      absent: await make('Dee'),
    };
    await startSession(t.server, campaign);
    await t.http
      .put(`${base()}/sessions/current/roster`)
      .set(campaign.auth)
      .send({ characterIds: [ids.a, ids.b, ids.c] })
      .expect(200);
  });
  afterAll(() => t.close());

  it('7 Cash among the 3 on the roster: 3, 2, 2, the extra die drawn by a logged lot that replays', async () => {
    const horde = await found({ cash: 7 });
    const before = await Promise.all([ids.a, ids.b, ids.c].map(cashOf));
    const res = await divide(horde.id, { seed: 'lot-7' }).expect(201);
    expect(res.body).toMatchObject({ mode: 'even', cash: 7, leftover: 1, horde: { divided: true } });
    expect(res.body.shares.map((s: Json) => s.cash).sort()).toEqual([2, 2, 3]);
    expect(res.body.lotWinners).toHaveLength(1);
    const winner = res.body.shares.find((s: Json) => s.wonLot);
    expect(winner.characterId).toBe(res.body.lotWinners[0]);
    for (const share of res.body.shares) expect(share.fair).toBeCloseTo(7 / 3, 12);
    const after = await Promise.all([ids.a, ids.b, ids.c].map(cashOf));
    expect(after.map((cash, i) => cash - before[i]).sort()).toEqual([2, 2, 3]);
    expect(res.body.ledgerEntries.map((e: Json) => e.reason)).toEqual([
      'horde-share',
      'horde-share',
      'horde-share',
    ]);
    for (const e of res.body.ledgerEntries) expect(e.rollId).toBe(res.body.rollId);
    const replay = await t.http
      .get(`${base()}/rolls/${res.body.rollId}/replay`)
      .set(campaign.auth)
      .expect(200);
    expect(replay.body.matches).toBe(true);
    expect(replay.body.roll.procedure).toBe('treasure.division');
    expect(replay.body.outcome.lotWinners).toEqual(res.body.lotWinners);
  });

  it('a half share for a hireling: 10 Cash to 1, 1 and 0.5 is 4, 4 and 2', async () => {
    const horde = await found({ cash: 10 });
    const res = await divide(horde.id, {
      mode: 'shares',
      characterIds: [ids.a, ids.b],
      shares: [{ characterId: ids.hireling, share: 0.5 }],
    }).expect(201);
    expect(res.body.shares.map((s: Json) => [s.characterId, s.weight, s.cash])).toEqual([
      [ids.a, 1, 4],
      [ids.b, 1, 4],
      [ids.hireling, 0.5, 2],
    ]);
    expect(res.body.leftover).toBe(0);
    const odd = await found({ cash: 5 });
    const third = await divide(odd.id, {
      mode: 'shares',
      characterIds: [ids.a],
      shares: [{ characterId: ids.b, share: 0.333 }],
    });
    expectProblem(third, 422, 'INVALID_INPUT', 'shares');
    const twice = await divide(odd.id, {
      mode: 'explicit',
      allocations: [
        { characterId: ids.a, cash: 2 },
        { characterId: ids.a, cash: 3 },
      ],
    });
    expectProblem(twice, 422, 'INVALID_INPUT', 'allocations');
  });

  it('a share set aside for an absent regular goes into the company treasury, marked for the character', async () => {
    const horde = await found({ cash: 9 });
    const [treasuryBefore, absentBefore] = [await treasury(), await cashOf(ids.absent)];
    const res = await divide(horde.id, { characterIds: [ids.a, ids.b], setAside: [ids.absent] }).expect(201);
    expect(res.body.shares.map((s: Json) => [s.cash, s.setAside])).toEqual([
      [3, false],
      [3, false],
      [3, true],
    ]);
    expect(res.body.treasuryEntries).toEqual([
      expect.objectContaining({ cashDelta: 3, reason: 'horde-share-set-aside', characterId: ids.absent }),
    ]);
    expect(await treasury()).toBe(treasuryBefore + 3);
    expect(await cashOf(ids.absent)).toBe(absentBefore);
    const overlap = await divide((await found({ cash: 3 })).id, { characterIds: [ids.a], setAside: [ids.a] });
    expectProblem(overlap, 400, 'VALIDATION_FAILED', 'setAside');
  });

  it('an explicit split must add up to the horde; it rolls nothing', async () => {
    const horde = await found({ cash: 12 });
    const wrong = await divide(horde.id, {
      mode: 'explicit',
      allocations: [
        { characterId: ids.a, cash: 10 },
        { characterId: ids.b, cash: 1 },
      ],
    });
    expectProblem(wrong, 422, 'INVALID_INPUT', 'allocations');
    const still = await t.http.get(`${base()}/hordes/${horde.id}`).set(campaign.auth).expect(200);
    expect(still.body.divided).toBe(false);
    const ok = await divide(horde.id, {
      mode: 'explicit',
      allocations: [
        { characterId: ids.a, cash: 10 },
        { characterId: ids.b, cash: 2 },
      ],
    }).expect(201);
    expect(ok.body.shares.map((s: Json) => s.cash)).toEqual([10, 2]);
    expect(ok.body).toMatchObject({ rollId: null, seed: null, leftover: 0 });
    expectProblem(
      await divide((await found({ cash: 1 })).id, {
        mode: 'even',
        allocations: [{ characterId: ids.a, cash: 1 }],
      }),
      400,
      'VALIDATION_FAILED',
      'allocations',
    );
  });

  it('items go into the named inventories; one that does not fit refuses the whole division', async () => {
    const horde = await found({
      cash: 6,
      items: [
        { name: 'Gemstone statuette', kind: 'treasure', cash: 5 },
        { name: 'Silks', kind: 'commodity', cash: 7 },
        { name: 'Plasmid vial', kind: 'artifact' },
      ],
    });
    expect(horde.items.map((i: Json) => [i.kind, i.cash, i.slots])).toEqual([
      ['treasure', 5, 1],
      ['commodity', 7, 3],
      ['artifact', null, 1],
    ]);
    await t.http
      .post(`/v1/campaigns/${campaign.id}/characters/${ids.b}/inventory`)
      .set(campaign.auth)
      .send({ name: 'Heavy pack', kind: 'gear', slots: 11 })
      .expect(201);
    const snapshot = async () => ({
      cash: await Promise.all([ids.a, ids.b, ids.c].map(cashOf)),
      inventories: await Promise.all(
        [ids.a, ids.b].map(
          async (id) => (await t.http.get(`${base()}/characters/${id}/inventory`).set(campaign.auth)).body,
        ),
      ),
      horde: (await t.http.get(`${base()}/hordes/${horde.id}`).set(campaign.auth)).body,
    });
    const before = await snapshot();
    const [statuette, silks, vial] = horde.items;
    const refused = await divide(horde.id, {
      items: [
        { itemId: statuette.id, characterId: ids.a },
        { itemId: silks.id, characterId: ids.b },
        { itemId: vial.id, characterId: ids.a },
      ],
    });
    expectProblem(refused, 409, 'INVENTORY_FULL', 'items[1].characterId');
    expect(refused.body.detail).toMatch(/3 slots.*1/);
    expect(await snapshot()).toEqual(before);
    const missing = await divide(horde.id, { items: [{ itemId: statuette.id, characterId: ids.a }] });
    expectProblem(missing, 400, 'VALIDATION_FAILED', 'items');
    const ok = await divide(horde.id, {
      items: [
        { itemId: statuette.id, characterId: ids.a },
        { itemId: silks.id, characterId: ids.a },
        { itemId: vial.id, characterId: ids.c },
      ],
    }).expect(201);
    expect(ok.body.items.map((i: Json) => [i.name, i.characterId, i.slots])).toEqual([
      ['Gemstone statuette', ids.a, 1],
      ['Silks', ids.a, 3],
      ['Plasmid vial', ids.c, 1],
    ]);
  });

  it('refuses an undiscovered horde (409 NOT_DISCOVERED) and a second division (409 ALREADY_DIVIDED)', async () => {
    const hidden = await placeHorde({ cash: 5 });
    expectProblem(await divide(hidden.id, {}), 409, 'NOT_DISCOVERED');
    await t.http.post(`${base()}/hordes/${hidden.id}/discovery`).set(campaign.auth).expect(200);
    await divide(hidden.id, {}).expect(201);
    expectProblem(await divide(hidden.id, {}), 409, 'ALREADY_DIVIDED');
    expectProblem(await divide('no-such-horde', {}), 404, 'NOT_FOUND');
  });

  it('two concurrent divisions of one horde: exactly one succeeds, the Cash is paid once', async () => {
    const horde = await found({ cash: 30 });
    const before = await Promise.all([ids.a, ids.b, ids.c].map(cashOf));
    const results = await Promise.all([divide(horde.id, { seed: 'one' }), divide(horde.id, { seed: 'two' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.code).toBe('ALREADY_DIVIDED');
    const after = await Promise.all([ids.a, ids.b, ids.c].map(cashOf));
    expect(after.reduce((s, x) => s + x, 0) - before.reduce((s, x) => s + x, 0)).toBe(30);
  });

  it('concurrent divisions of different hordes among the same characters both succeed (no deadlock)', async () => {
    const [one, two] = [await found({ cash: 11 }), await found({ cash: 13 })];
    const before = await Promise.all([ids.a, ids.b, ids.c].map(cashOf));
    const results = await Promise.all([
      divide(one.id, { characterIds: [ids.c, ids.b, ids.a] }),
      divide(two.id, { characterIds: [ids.a, ids.b, ids.c], setAside: [ids.absent] }),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    const after = await Promise.all([ids.a, ids.b, ids.c].map(cashOf));
    const paid = results[1].body.shares
      .filter((s: Json) => !s.setAside)
      .reduce((n: number, s: Json) => n + s.cash, 0);
    expect(after.reduce((s, x) => s + x, 0) - before.reduce((s, x) => s + x, 0)).toBe(11 + paid);
  });

  it('an Idempotency-Key retry answers the same and divides once', async () => {
    const horde = await found({ cash: 8 });
    const send = () =>
      t.http
        .post(`${base()}/hordes/${horde.id}/division`)
        .set(campaign.auth)
        .set('Idempotency-Key', `divide-${horde.id}`)
        .send({ seed: 's' });
    const before = await cashOf(ids.a);
    const first = await send().expect(201);
    const second = await send().expect(201);
    expect(second.body).toEqual(first.body);
    const mine = first.body.shares.find((s: Json) => s.characterId === ids.a).cash;
    expect(await cashOf(ids.a)).toBe(before + mine);
  });

  it('generate rolls a cache of the difficulty as a secret roll the referee can read', async () => {
    const horde = await placeHorde({ difficulty: 'major', generate: true, seed: 'hoard' });
    expect(horde.cash).toBeGreaterThanOrEqual(35);
    expect(horde.cash).toBeLessThanOrEqual(45);
    expect(horde.rollIds).toHaveLength(1);
    const roll = await t.http.get(`${base()}/rolls/${horde.rollIds[0]}`).set(campaign.auth).expect(200);
    expect(roll.body).toMatchObject({
      procedure: 'treasure.cache',
      secret: true,
      outcome: { cash: horde.cash },
    });
    expectProblem(
      await t.http.post(`${base()}/hordes`).set(campaign.auth).send({ site: 'x', generate: true }),
      400,
      'VALIDATION_FAILED',
      'difficulty',
    );
    expectProblem(
      await t.http
        .post(`${base()}/hordes`)
        .set(campaign.auth)
        .send({ site: 'x', difficulty: 'minor', generate: true, cash: 3 }),
      400,
      'VALIDATION_FAILED',
      'cash',
    );
    expectProblem(
      await t.http
        .post(`${base()}/hordes`)
        .set(campaign.auth)
        .send({ site: 'x', items: [{ name: 'Crown', kind: 'artifact', cash: 9 }] }),
      400,
      'VALIDATION_FAILED',
      'items[0].cash',
    );
  });

  it('places a site’s hordes by the roster size; the count roll is revealed with the last horde found', async () => {
    const placed = await t.http
      .post(`${base()}/sites/hordes`)
      .set(campaign.auth)
      .send({ site: 'Barrow', difficulty: 'minor', seed: 'barrow' })
      .expect(201);
    expect(placed.body.averagePlayers).toBe(3);
    expect(placed.body.odds).toEqual({ hordeCount: { '1': 0.5, '2': 0.5 } });
    expect(placed.body.hordes).toHaveLength(placed.body.hordeCount);
    expect(placed.body.rollIds).toHaveLength(placed.body.hordeCount + 1);
    const player = await createKey(t.server, campaign, { role: 'player', characterIds: [ids.a] });
    const countRoll = () =>
      t.http.get(`${base()}/rolls/${placed.body.rollIds[0]}`).set(player.auth).expect(200);
    for (const [i, horde] of placed.body.hordes.entries()) {
      expect((await countRoll()).body.sealed).toBe(true);
      await t.http.post(`${base()}/hordes/${horde.id}/discovery`).set(campaign.auth).expect(200);
      const own = await t.http.get(`${base()}/rolls/${horde.rollIds[0]}`).set(player.auth).expect(200);
      expect(own.body).toMatchObject({ sealed: false, outcome: { cash: horde.cash } });
      if (i < placed.body.hordes.length - 1) expect((await countRoll()).body.sealed).toBe(true);
    }
    expect((await countRoll()).body).toMatchObject({
      sealed: false,
      outcome: { hordeCount: placed.body.hordeCount },
    });
    const again = await t.http
      .post(`${base()}/sites/hordes`)
      .set(campaign.auth)
      .send({ site: 'Barrow', difficulty: 'minor', seed: 'barrow' })
      .expect(201);
    expect(again.body.hordes.map((h: Json) => h.cash)).toEqual(placed.body.hordes.map((h: Json) => h.cash));
  });

  it('converts carried treasure and commodities at face value, only in a haven', async () => {
    const inv = `${base()}/characters/${ids.c}/inventory`;
    await t.http
      .post(inv)
      .set(campaign.auth)
      .send({ name: 'Inlaid comb', kind: 'treasure', cash: 2 })
      .expect(201);
    await t.http
      .post(inv)
      .set(campaign.auth)
      .send({ name: 'Spices', kind: 'commodity', cash: 4 })
      .expect(201);
    await t.http.post(inv).set(campaign.auth).send({ name: 'Rope', kind: 'gear' }).expect(201);
    await t.http.patch(`${base()}/clock`).set(campaign.auth).send({ scale: 'exploration' }).expect(200);
    const path = `${base()}/characters/${ids.c}/treasure-conversions`;
    expectProblem(await t.http.post(path).set(campaign.auth), 409, 'NOT_IN_HAVEN');
    // A camp is a haven but not civilization: a town is needed (SPEC 6.4), and nothing changes.
    await t.http
      .patch(`${base()}/clock`)
      .set(campaign.auth)
      .send({ scale: 'haven', havenKind: 'camp' })
      .expect(200);
    expectProblem(await t.http.post(path).set(campaign.auth), 409, 'NOT_IN_TOWN');
    const camped = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!) { treasureConversion(campaignId: $c, characterId: $h) { cashGained } }`,
      { c: campaign.id, h: ids.c },
      campaign.auth,
    );
    expect(camped.errors?.[0]?.extensions?.code).toBe('NOT_IN_TOWN');
    const gqlTown = await gql(
      t.server,
      `mutation($c: ID!) { updateClock(campaignId: $c, input: { havenKind: town }) { havenKind scale } }`,
      { c: campaign.id },
      campaign.auth,
    );
    expect(gqlTown.errors).toBeUndefined();
    expect(gqlTown.data?.updateClock).toEqual({ havenKind: 'town', scale: 'haven' });
    const before = await cashOf(ids.c);
    const res = await t.http.post(path).set(campaign.auth).expect(201);
    expect(res.body.converted.map((i: Json) => i.name)).toEqual(['Inlaid comb', 'Spices']);
    expect(res.body.cashGained).toBe(6);
    expect(res.body.ledgerEntry).toMatchObject({ cashDelta: 6, reason: 'treasure-conversion' });
    expect(await cashOf(ids.c)).toBe(before + 6);
    const left = (await t.http.get(inv).set(campaign.auth)).body.items.map((i: Json) => i.name);
    expect(left).toEqual(['Plasmid vial', 'Rope']);
    const q = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!) { treasureConversion(campaignId: $c, characterId: $h) { cashGained converted { id } ledgerEntry { id } character { cash } } }`,
      { c: campaign.id, h: ids.c },
      campaign.auth,
    );
    expect(q.data?.treasureConversion).toMatchObject({ cashGained: 0, converted: [], ledgerEntry: null });
  });

  it('the GraphQL twins place, discover, list and divide', async () => {
    const vars = { c: campaign.id };
    const created = await gql(
      t.server,
      `mutation($c: ID!) { hordeCreate(campaignId: $c, input: { site: "Tower", cash: 4, items: [{ name: "Idol", kind: treasure, cash: 2 }] }) { id cash discovered items { id slots } } }`,
      vars,
      campaign.auth,
    );
    const horde = created.data?.hordeCreate;
    expect(horde).toMatchObject({ cash: 4, discovered: false });
    const found = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!) { hordeDiscover(campaignId: $c, hordeId: $h) { discovered } }`,
      { ...vars, h: horde.id },
      campaign.auth,
    );
    expect(found.data?.hordeDiscover.discovered).toBe(true);
    const list = await gql(
      t.server,
      `query($c: ID!) { hordes(campaignId: $c, limit: 100) { items { id } next } }`,
      vars,
      campaign.auth,
    );
    expect(list.data?.hordes.items.map((h: Json) => h.id)).toContain(horde.id);
    const one = await gql(
      t.server,
      `query($c: ID!, $h: ID!) { horde(campaignId: $c, hordeId: $h) { site } }`,
      { ...vars, h: horde.id },
      campaign.auth,
    );
    expect(one.data?.horde.site).toBe('Tower');
    const divided = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!, $i: ID!, $a: ID!) { hordeDivide(campaignId: $c, hordeId: $h, input: { characterIds: [$a], items: [{ itemId: $i, characterId: $a }] }) { cash shares { characterId cash } items { name } rollId } }`,
      { ...vars, h: horde.id, i: horde.items[0].id, a: ids.a },
      campaign.auth,
    );
    expect(divided.data?.hordeDivide).toMatchObject({
      cash: 4,
      shares: [{ characterId: ids.a, cash: 4 }],
      items: [{ name: 'Idol' }],
    });
    const again = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!) { hordeDivide(campaignId: $c, hordeId: $h) { cash } }`,
      { ...vars, h: horde.id },
      campaign.auth,
    );
    expect(codes(again)).toEqual(['ALREADY_DIVIDED']);
    const site = await gql(
      t.server,
      `mutation($c: ID!) { siteHordesPlace(campaignId: $c, input: { site: "Mound", difficulty: severe, averagePlayers: 2 }) { hordeCount hordes { cash discovered } } }`,
      vars,
      campaign.auth,
    );
    expect(site.data?.siteHordesPlace.hordeCount).toBe(1);
    expect(site.data?.siteHordesPlace.hordes[0].discovered).toBe(false);
  });

  it('loot experience by the campaign’s rule: divided among the roster by default, `each` when set', async () => {
    const path = `${base()}/loot-experience`;
    const divided = await t.http.post(path).set(campaign.auth).send({ silver: 15000 }).expect(200);
    expect(divided.body).toMatchObject({
      members: 3,
      rule: 'divided',
      totalExperience: 300,
      each: 100,
      remainder: 0,
    });
    const player = await createKey(t.server, campaign, { role: 'player', characterIds: [ids.a] });
    const settings = `${base()}/treasure-settings`;
    expect((await t.http.get(settings).set(player.auth).expect(200)).body).toEqual({
      lootExperienceRule: 'divided',
    });
    expectProblem(
      await t.http.patch(settings).set(player.auth).send({ lootExperienceRule: 'each' }),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await t.http.patch(settings).set(campaign.auth).send({ lootExperienceRule: 'most' }),
      400,
      'VALIDATION_FAILED',
      'lootExperienceRule',
    );
    await t.http.patch(settings).set(campaign.auth).send({ lootExperienceRule: 'each' }).expect(200);
    const each = await t.http
      .post(path)
      .set(player.auth)
      .send({ silver: 15000, members: 2, currentExperience: [0, 800] })
      .expect(200);
    expect(each.body).toMatchObject({
      rule: 'each',
      each: 300,
      perMember: [{ levelAfter: 1 }, { levelAfter: 2 }],
    });
    const q = await gql(
      t.server,
      `query($c: ID!) { treasureSettings(campaignId: $c) { lootExperienceRule } campaignLootExperience(campaignId: $c, input: { silver: 100 }) { each rule } }`,
      { c: campaign.id },
      player.auth,
    );
    expect(q.data).toEqual({
      treasureSettings: { lootExperienceRule: 'each' },
      campaignLootExperience: { each: 2, rule: 'each' },
    });
    const back = await gql(
      t.server,
      `mutation($c: ID!) { updateTreasureSettings(campaignId: $c, input: { lootExperienceRule: divided }) { lootExperienceRule } }`,
      { c: campaign.id },
      campaign.auth,
    );
    expect(back.data?.updateTreasureSettings.lootExperienceRule).toBe('divided');
  });

  it('answers malformed input with a 4xx, never a 5xx, and changes nothing', async () => {
    const horde = await found({ cash: 3, items: [{ name: 'Cup', kind: 'treasure', cash: 1 }] });
    const bodies: Array<[string, unknown]> = [
      [`${base()}/hordes`, { site: 'x', items: 'many' }],
      [`${base()}/hordes`, { site: 'x', items: [{ name: 'y', kind: 'gear', cash: 1 }] }],
      [`${base()}/hordes`, { site: '', cash: -1 }],
      [`${base()}/hordes`, [1, 2]],
      [`${base()}/sites/hordes`, { site: 'x', difficulty: 'minor', averagePlayers: 'five' }],
      [`${base()}/hordes/${horde.id}/division`, { mode: 'fair' }],
      [`${base()}/hordes/${horde.id}/division`, { items: [{ itemId: horde.items[0].id }] }],
      [`${base()}/hordes/${horde.id}/division`, { items: [{ itemId: 'nope', characterId: ids.a }] }],
      [`${base()}/hordes/${horde.id}/division`, { characterIds: ['ghost'] }],
      [`${base()}/hordes/${horde.id}/division`, { shares: [{ characterId: ids.a, share: 2 }] }],
      [
        `${base()}/hordes/${horde.id}/division`,
        { mode: 'shares', shares: [{ characterId: ids.a, share: -1 }] },
      ],
      [`${base()}/hordes/${horde.id}/division`, { seed: '' }],
    ];
    for (const [path, body] of bodies) {
      const res = await t.http
        .post(path)
        .set(campaign.auth)
        .send(body as object);
      expect({ path, body, status: res.status }).toEqual({ path, body, status: expect.any(Number) });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await t.http.get(`${base()}/hordes/${horde.id}`).set(campaign.auth)).body.divided).toBe(false);
  });

  it('only the referee places, discovers and divides', async () => {
    const player = await createKey(t.server, campaign, { role: 'player', characterIds: [ids.a] });
    const horde = await found({ cash: 2 });
    expectProblem(
      await t.http.post(`${base()}/hordes`).set(player.auth).send({ site: 'x', cash: 1 }),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await t.http.post(`${base()}/hordes/${horde.id}/division`).set(player.auth).send({}),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await t.http.post(`${base()}/hordes/${horde.id}/discovery`).set(player.auth),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await t.http.post(`${base()}/characters/${ids.b}/treasure-conversions`).set(player.auth),
      403,
      'FORBIDDEN',
    );
  });
});
