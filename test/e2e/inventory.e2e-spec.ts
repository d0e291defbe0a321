import { createCampaign, createCharacter, createKey, type CampaignFixture } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { DATABASE_KIND, startApp, TestApp } from './harness';

describe(`inventory (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let campaign: CampaignFixture;
  let hero: string;
  let friend: string;
  let player: { auth: { Authorization: string } };
  let viewer: { auth: { Authorization: string } };

  const inv = (characterId: string) => `/v1/campaigns/${campaign.id}/characters/${characterId}/inventory`;
  const add = (characterId: string, body: Record<string, unknown>) =>
    t.http.post(inv(characterId)).set(campaign.auth).send(body);

  beforeAll(async () => {
    t = await startApp();
    campaign = await createCampaign(t.server);
    hero = (await createCharacter(t.server, campaign, { name: 'Hero' })).id;
    friend = (await createCharacter(t.server, campaign, { name: 'Friend' })).id;
    player = await createKey(t.server, campaign, { role: 'player', characterIds: [hero] });
    viewer = await createKey(t.server, campaign, { role: 'viewer' });
  });
  afterAll(() => t.close());

  it('starts empty with the campaign’s 12 slots, over REST, GraphQL and the Character field', async () => {
    const res = await t.http.get(inv(hero)).set(viewer.auth).expect(200);
    expect(res.body).toEqual({
      characterId: hero,
      capacity: 12,
      used: 0,
      free: 12,
      baseSlots: 12,
      carriers: [],
      items: [],
    });
    const q = await gql(
      t.server,
      `query($c: ID!, $h: ID!) { inventory(campaignId: $c, characterId: $h) { characterId capacity used free baseSlots carriers { id } items { id } }
        character(campaignId: $c, characterId: $h) { inventory { capacity } } }`,
      { c: campaign.id, h: hero },
      viewer.auth,
    );
    expect(q.errors).toBeUndefined();
    expect(q.data?.inventory).toEqual(res.body);
    expect(q.data?.character.inventory.capacity).toBe(12);
  });

  it('adds items with default slots: 1 for gear and treasure, ceil(cash / 3) for a commodity', async () => {
    const torches = await add(hero, { name: 'Torches', kind: 'gear', depletion: 15 }).expect(201);
    expect(torches.body).toMatchObject({
      name: 'Torches',
      kind: 'gear',
      slots: 1,
      depletion: 15,
      lastUse: false,
    });
    const silks = await add(hero, { name: 'Silks', kind: 'commodity', cash: 7 }).expect(201);
    expect(silks.body).toMatchObject({ slots: 3, cash: 7 });
    const statuette = await add(hero, { name: 'Gemstone statuette', kind: 'treasure', cash: 4 }).expect(201);
    expect(statuette.body.slots).toBe(1);
    const view = await t.http.get(inv(hero)).set(campaign.auth).expect(200);
    expect(view.body).toMatchObject({ used: 5, free: 7 });
    expect(view.body.items.map((i: { name: string }) => i.name)).toEqual([
      'Torches',
      'Silks',
      'Gemstone statuette',
    ]);
  });

  it('refuses treasure without cash, materials without dice, dice on gear', async () => {
    expectProblem(await add(hero, { name: 'Ring', kind: 'treasure' }), 400, 'VALIDATION_FAILED', 'cash');
    expectProblem(await add(hero, { name: 'Ore', kind: 'material' }), 400, 'VALIDATION_FAILED', 'dice');
    expectProblem(await add(hero, { name: 'Rope', kind: 'gear', dice: 2 }), 400, 'VALIDATION_FAILED', 'dice');
    expectProblem(await add(hero, { name: 'Rope', kind: 'boat' }), 400, 'VALIDATION_FAILED', 'kind');
  });

  it('answers 409 INVENTORY_FULL with the slots needed and free, and changes nothing', async () => {
    const before = await t.http.get(inv(hero)).set(campaign.auth).expect(200);
    const res = await add(hero, { name: 'Anvil', kind: 'gear', slots: 8 });
    expectProblem(res, 409, 'INVENTORY_FULL', 'slots');
    expect(res.body.detail).toMatch(/8 slots.*7/);
    const after = await t.http.get(inv(hero)).set(campaign.auth).expect(200);
    expect(after.body).toEqual(before.body);
    const q = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!) { inventoryItemAdd(campaignId: $c, characterId: $h, input: { name: "Anvil", kind: gear, slots: 8 }) { id } }`,
      { c: campaign.id, h: hero },
      campaign.auth,
    );
    expect(codes(q)).toEqual(['INVENTORY_FULL']);
  });

  it('carriers add slots (T4: two porters and a pack animal: 24); letting one go must leave room', async () => {
    const base = `${inv(friend)}/carriers`;
    await t.http.post(base).set(campaign.auth).send({ kind: 'porter' }).expect(201);
    await t.http.post(base).set(campaign.auth).send({ kind: 'porter', name: 'Gil' }).expect(201);
    const mule = await t.http
      .post(base)
      .set(campaign.auth)
      .send({ kind: 'pack-animal', name: 'Bess' })
      .expect(201);
    expect(mule.body.capacity).toBe(24);
    const bess = mule.body.carriers.find((c: { name: string }) => c.name === 'Bess');
    expect(bess.slots).toBe(6);
    await add(friend, { name: 'Crates', kind: 'gear', slots: 20 }).expect(201);
    const refused = await t.http.delete(`${base}/${bess.id}`).set(campaign.auth);
    expectProblem(refused, 409, 'INVENTORY_FULL', 'carrierId');
    const q = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!) { inventoryCarrierAdd(campaignId: $c, characterId: $h, input: { kind: small_cart }) { capacity carriers { kind slots } } }`,
      { c: campaign.id, h: friend },
      campaign.auth,
    );
    expect(q.data?.inventoryCarrierAdd.capacity).toBe(27);
    const cart = (await t.http.get(inv(friend)).set(campaign.auth)).body.carriers.find(
      (c: { kind: string }) => c.kind === 'small-cart',
    );
    const removed = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!, $id: ID!) { inventoryCarrierRemove(campaignId: $c, characterId: $h, carrierId: $id) { capacity } }`,
      { c: campaign.id, h: friend, id: cart.id },
      campaign.auth,
    );
    expect(removed.data?.inventoryCarrierRemove.capacity).toBe(24);
  });

  it('updates and removes items; more slots must fit', async () => {
    const item = (await add(hero, { name: 'Rope', kind: 'gear' }).expect(201)).body;
    const renamed = await t.http
      .patch(`${inv(hero)}/${item.id}`)
      .set(player.auth)
      .send({ name: 'Silk rope', notes: '50 ft' })
      .expect(200);
    expect(renamed.body).toMatchObject({ name: 'Silk rope', notes: '50 ft', slots: 1 });
    const big = await t.http
      .patch(`${inv(hero)}/${item.id}`)
      .set(player.auth)
      .send({ slots: 9 });
    expectProblem(big, 409, 'INVENTORY_FULL', 'slots');
    const q = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!, $i: ID!) { inventoryItemUpdate(campaignId: $c, characterId: $h, itemId: $i, input: { slots: 2 }) { slots } }`,
      { c: campaign.id, h: hero, i: item.id },
      player.auth,
    );
    expect(q.data?.inventoryItemUpdate.slots).toBe(2);
    const gone = await t.http
      .delete(`${inv(hero)}/${item.id}`)
      .set(player.auth)
      .expect(200);
    expect(gone.body.items.some((i: { id: string }) => i.id === item.id)).toBe(false);
    expectProblem(await t.http.delete(`${inv(hero)}/${item.id}`).set(player.auth), 404, 'NOT_FOUND');
  });

  it('moves an item to another character only when it fits there', async () => {
    const lamp = (await add(hero, { name: 'Lamp', kind: 'gear' }).expect(201)).body;
    const moved = await t.http
      .post(`${inv(hero)}/${lamp.id}/moves`)
      .set(player.auth)
      .send({ characterId: friend })
      .expect(200);
    expect(moved.body.characterId).toBe(friend);
    const back = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!, $i: ID!, $to: ID!) { inventoryItemMove(campaignId: $c, characterId: $h, itemId: $i, input: { characterId: $to }) { characterId } }`,
      { c: campaign.id, h: friend, i: lamp.id, to: hero },
      campaign.auth,
    );
    expect(back.data?.inventoryItemMove.characterId).toBe(hero);
    const crate = (await add(hero, { name: 'Chest', kind: 'gear', slots: 5 }).expect(201)).body;
    const full = await t.http
      .post(`${inv(hero)}/${crate.id}/moves`)
      .set(campaign.auth)
      .send({ characterId: friend });
    expectProblem(full, 409, 'INVENTORY_FULL', 'characterId');
    expect(
      (await t.http.get(inv(hero)).set(campaign.auth)).body.items.some(
        (i: { id: string }) => i.id === crate.id,
      ),
    ).toBe(true);
    await t.http
      .delete(`${inv(hero)}/${crate.id}`)
      .set(campaign.auth)
      .expect(200);
  });

  it('T5: depletion checks roll a d20 against the score, are logged and replay; the last use spends the item', async () => {
    const torches = (await t.http.get(inv(hero)).set(campaign.auth)).body.items.find(
      (i: { name: string }) => i.name === 'Torches',
    );
    let last: Record<string, any> | null = null; // eslint-disable-line @typescript-eslint/no-explicit-any
    for (let i = 0; i < 40 && !last; i++) {
      const res = await t.http
        .post(`${inv(hero)}/${torches.id}/depletion-checks`)
        .set(player.auth)
        .send({ seed: `scene-${i}` })
        .expect(201);
      expect(res.body.odds).toEqual({ lastUse: 0.3 });
      expect(res.body.lastUse).toBe(res.body.roll >= 15);
      if (res.body.lastUse) last = res.body;
    }
    expect(last?.item).toMatchObject({ lastUse: true });
    const roll = await t.http
      .get(`/v1/campaigns/${campaign.id}/rolls/${last?.rollId}`)
      .set(viewer.auth)
      .expect(200);
    expect(roll.body).toMatchObject({ procedure: 'inventory.depletion', faces: [last?.roll] });
    const replay = await t.http
      .get(`/v1/campaigns/${campaign.id}/rolls/${last?.rollId}/replay`)
      .set(viewer.auth);
    expect(replay.body.matches).toBe(true);
    const spent = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!, $i: ID!) { inventoryDepletionCheck(campaignId: $c, characterId: $h, itemId: $i) { item { id } roll spent lastUse rollId } }`,
      { c: campaign.id, h: hero, i: torches.id },
      player.auth,
    );
    expect(spent.data?.inventoryDepletionCheck).toMatchObject({ item: null, roll: null, spent: true });
    expectProblem(
      await t.http
        .post(`${inv(hero)}/${torches.id}/depletion-checks`)
        .set(campaign.auth)
        .send({}),
      404,
      'NOT_FOUND',
    );
    const flask = (await add(hero, { name: 'Lantern oil', kind: 'gear', depletion: 5 }).expect(201)).body;
    expectProblem(
      await t.http
        .post(`${inv(hero)}/${flask.id}/depletion-checks`)
        .set(player.auth)
        .send({ secret: true }),
      403,
      'FORBIDDEN',
    );
    const hidden = await t.http
      .post(`${inv(hero)}/${flask.id}/depletion-checks`)
      .set(campaign.auth)
      .send({ secret: true })
      .expect(201);
    const stub = await t.http
      .get(`/v1/campaigns/${campaign.id}/rolls/${hidden.body.rollId}`)
      .set(player.auth);
    expect(stub.body).toMatchObject({ sealed: true, procedure: 'inventory.depletion' });
    await t.http
      .delete(`${inv(hero)}/${flask.id}`)
      .set(campaign.auth)
      .expect(200);
    const statuette = (await t.http.get(inv(hero)).set(campaign.auth)).body.items.find(
      (i: { name: string }) => i.name === 'Gemstone statuette',
    );
    const none = await t.http
      .post(`${inv(hero)}/${statuette.id}/depletion-checks`)
      .set(campaign.auth)
      .send({});
    expectProblem(none, 422, 'UNPROCESSABLE', 'itemId');
  });

  it('spends materials a few dice at a time and removes them at zero', async () => {
    const ore = (await add(hero, { name: 'Refined Cybalt Ore', kind: 'material', dice: 4 }).expect(201)).body;
    const spent = await t.http
      .post(`${inv(hero)}/${ore.id}/spend`)
      .set(player.auth)
      .send({ dice: 3 })
      .expect(200);
    expect(spent.body).toMatchObject({ spent: 3, remaining: 1, item: { dice: 1 } });
    expectProblem(
      await t.http
        .post(`${inv(hero)}/${ore.id}/spend`)
        .set(player.auth)
        .send({ dice: 2 }),
      422,
      'UNPROCESSABLE',
      'dice',
    );
    const q = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!, $i: ID!) { inventoryMaterialSpend(campaignId: $c, characterId: $h, itemId: $i, input: { dice: 1 }) { spent remaining item { id } } }`,
      { c: campaign.id, h: hero, i: ore.id },
      player.auth,
    );
    expect(q.data?.inventoryMaterialSpend).toEqual({ spent: 1, remaining: 0, item: null });
    const silks = (await t.http.get(inv(hero)).set(campaign.auth)).body.items.find(
      (i: { name: string }) => i.name === 'Silks',
    );
    expectProblem(
      await t.http
        .post(`${inv(hero)}/${silks.id}/spend`)
        .set(campaign.auth)
        .send({ dice: 1 }),
      422,
      'UNPROCESSABLE',
      'dice',
    );
  });

  it('roles: players act for their own characters only; viewers only read', async () => {
    expectProblem(await add(friend, { name: 'x', kind: 'gear' }).set(player.auth), 403, 'FORBIDDEN');
    expectProblem(
      await t.http.post(inv(hero)).set(viewer.auth).send({ name: 'x', kind: 'gear' }),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await t.http.post(inv(friend)).set(player.auth).send({ name: 'x', kind: 'gear' }),
      403,
      'FORBIDDEN',
    );
    await t.http.get(inv(friend)).set(player.auth).expect(200);
    expectProblem(await t.http.get(inv('nobody')).set(campaign.auth), 404, 'NOT_FOUND');
    const q = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!) { inventoryItemAdd(campaignId: $c, characterId: $h, input: { name: "x", kind: gear }) { id } }`,
      { c: campaign.id, h: friend },
      player.auth,
    );
    expect(codes(q)).toEqual(['FORBIDDEN']);
  });

  it('an Idempotency-Key retry adds the item once and answers the same', async () => {
    const body = { name: 'Flask of oil', kind: 'gear', depletion: 10 };
    const a = await t.http
      .post(inv(hero))
      .set(campaign.auth)
      .set('Idempotency-Key', 'oil-1')
      .send(body)
      .expect(201);
    const b = await t.http
      .post(inv(hero))
      .set(campaign.auth)
      .set('Idempotency-Key', 'oil-1')
      .send(body)
      .expect(201);
    expect(b.body).toEqual(a.body);
    const items = (await t.http.get(inv(hero)).set(campaign.auth)).body.items;
    expect(items.filter((i: { name: string }) => i.name === 'Flask of oil')).toHaveLength(1);
  });

  it('the referee sets the base slots; other keys read them', async () => {
    const path = `/v1/campaigns/${campaign.id}/inventory-settings`;
    expect((await t.http.get(path).set(viewer.auth).expect(200)).body).toEqual({ inventorySlots: 12 });
    expectProblem(await t.http.patch(path).set(player.auth).send({ inventorySlots: 20 }), 403, 'FORBIDDEN');
    expectProblem(
      await t.http.patch(path).set(campaign.auth).send({ inventorySlots: 0 }),
      400,
      'VALIDATION_FAILED',
      'inventorySlots',
    );
    await t.http.patch(path).set(campaign.auth).send({ inventorySlots: 14 }).expect(200);
    expect((await t.http.get(inv(hero)).set(campaign.auth)).body).toMatchObject({
      baseSlots: 14,
      capacity: 14,
    });
    const q = await gql(
      t.server,
      `mutation($c: ID!) { updateInventorySettings(campaignId: $c, input: { inventorySlots: 12 }) { inventorySlots } }`,
      { c: campaign.id },
      campaign.auth,
    );
    expect(q.data?.updateInventorySettings.inventorySlots).toBe(12);
    const read = await gql(
      t.server,
      `query($c: ID!) { inventorySettings(campaignId: $c) { inventorySlots } }`,
      { c: campaign.id },
      viewer.auth,
    );
    expect(read.data?.inventorySettings.inventorySlots).toBe(12);
  });

  it('two concurrent additions cannot both take the last free slots', async () => {
    const solo = (await createCharacter(t.server, campaign, { name: 'Solo' })).id;
    await add(solo, { name: 'Pack', kind: 'gear', slots: 10 }).expect(201);
    const results = await Promise.all([
      add(solo, { name: 'A', kind: 'gear', slots: 2 }),
      add(solo, { name: 'B', kind: 'gear', slots: 2 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await t.http.get(inv(solo)).set(campaign.auth)).body.used).toBe(12);
  });
});
