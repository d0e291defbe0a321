import { DATABASE_KIND, startApp, TestApp } from './harness';
import { sheetOn } from './sheet-graphql';
import { CampaignFixture, createCampaign, createCharacter } from '../factories/campaign';
import { expectProblem, fieldsOf } from '../factories/problem';
import { gql } from '../factories/graphql';

/*
 * Issue 42, "inventory items and sheet equipment are one thing": COEAC and G&M weapons and armour and
 * shields name their inventory item (`itemId`; COEAC's shield `armor.shieldItemId`), checked on the
 * PUT as a Cairn weapon's is: the character's own item (409 naming the field otherwise), none on an
 * NPC (422), an id the sheet held before kept when its item is gone.
 */

describe(`item ids on COEAC and G&M equipment (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  beforeAll(async () => {
    t = await startApp();
    c = await createCampaign(t.server);
  });
  afterAll(() => t.close());

  const addItem = async (characterId: string, name: string) =>
    (
      await t.http
        .post(`/v1/campaigns/${c.id}/characters/${characterId}/inventory`)
        .set(c.auth)
        .send({ name, kind: 'gear', slots: 1 })
        .expect(201)
    ).body as { id: string };
  const put = (id: string, system: string, sheet: object) =>
    t.http.put(`/v1/campaigns/${c.id}/characters/${id}/sheets/${system}`).set(c.auth).send({ sheet });
  const read = async (id: string, system: string) =>
    (await t.http.get(`/v1/campaigns/${c.id}/characters/${id}/sheets/${system}`).set(c.auth).expect(200)).body
      .sheet;

  it('COEAC weapons: the character’s own item is kept, another’s or none is 409 and changes nothing', async () => {
    const hero = await createCharacter(t.server, c, { name: 'Edda' });
    const other = await createCharacter(t.server, c, { name: 'Brann' });
    const sword = await addItem(hero.id, 'Sword');
    const bow = await addItem(other.id, 'Bow');
    const ok = await put(hero.id, 'coeac', { weapons: [{ name: 'Sword', itemId: sword.id }] });
    expect([ok.status, ok.body.detail]).toEqual([200, undefined]);
    expect(ok.body.sheet.weapons).toEqual([{ name: 'Sword', skill: 'Fighting', itemId: sword.id }]);
    expectProblem(
      await put(hero.id, 'coeac', {
        weapons: [
          { name: 'Sword', itemId: sword.id },
          { name: 'Bow', ranged: true, itemId: bow.id },
        ],
      }),
      409,
      'CONFLICT',
      'sheet.weapons[1].itemId',
    );
    expect((await read(hero.id, 'coeac')).weapons).toEqual([
      { name: 'Sword', skill: 'Fighting', itemId: sword.id },
    ]);
    // Over GraphQL, typed: the same refusal, named where the client put it.
    const typed = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!, $i: PutSheetInput!) {
         putCharacterSheet(campaignId: $c, characterId: $h, system: coeac, input: $i) { system sheet ${sheetOn('coeac')} } }`,
      { c: c.id, h: hero.id, i: { systemSheet: { coeac: { weapons: [{ name: 'Bow', itemId: bow.id }] } } } },
      c.auth,
    );
    expect(typed.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(fieldsOf(typed.errors?.[0].extensions?.errors)).toEqual(['systemSheet.coeac.weapons[0].itemId']);
    const good = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!, $i: PutSheetInput!) {
         putCharacterSheet(campaignId: $c, characterId: $h, system: coeac, input: $i) { system sheet ${sheetOn('coeac')} } }`,
      {
        c: c.id,
        h: hero.id,
        i: { systemSheet: { coeac: { weapons: [{ name: 'Blade', itemId: sword.id }] } } },
      },
      c.auth,
    );
    expect(good.errors).toBeUndefined();
    expect(good.data!.putCharacterSheet.sheet.weapons).toEqual([
      expect.objectContaining({ name: 'Blade', itemId: sword.id }),
    ]);
  });

  it('COEAC armour and shield: checked as the weapons are, on REST and typed GraphQL', async () => {
    const hero = await createCharacter(t.server, c, { name: 'Sigrun' });
    const other = await createCharacter(t.server, c, { name: 'Hakon' });
    const mail = await addItem(hero.id, 'Mail shirt');
    const buckler = await addItem(hero.id, 'Buckler');
    const borrowed = await addItem(other.id, 'Borrowed mail');
    const sheet = { maxHp: 8, armor: { kind: 'light', shield: true } };
    const first = await put(hero.id, 'coeac', sheet);
    expect([first.status, first.body.detail]).toEqual([200, undefined]);
    const before = await read(hero.id, 'coeac');
    expect(before.armor).not.toHaveProperty('itemId');
    // Another's item, or none at all: 409 naming the member, and the sheet stays as it was.
    for (const [armor, field] of [
      [{ kind: 'light', shield: true, itemId: borrowed.id }, 'sheet.armor.itemId'],
      [{ kind: 'light', shield: true, itemId: 'nothing' }, 'sheet.armor.itemId'],
      [{ kind: 'light', shield: true, itemId: mail.id, shieldItemId: 'nothing' }, 'sheet.armor.shieldItemId'],
    ] as const) {
      const refused = await put(hero.id, 'coeac', { ...sheet, armor });
      expectProblem(refused, 409, 'CONFLICT', field);
      expect(fieldsOf(refused.body.errors)).toEqual([field]);
    }
    expect(await read(hero.id, 'coeac')).toEqual(before);
    // Over GraphQL, typed: the same code, named where the client put it, and nothing written.
    const putTyped = (armor: object) =>
      gql(
        t.server,
        `mutation($c: ID!, $h: ID!, $i: PutSheetInput!) {
           putCharacterSheet(campaignId: $c, characterId: $h, system: coeac, input: $i) { system sheet ${sheetOn('coeac')} } }`,
        { c: c.id, h: hero.id, i: { systemSheet: { coeac: { maxHp: 8, armor } } } },
        c.auth,
      );
    for (const [armor, field] of [
      [{ kind: 'light', shield: true, itemId: borrowed.id }, 'systemSheet.coeac.armor.itemId'],
      [{ kind: 'light', shield: true, shieldItemId: borrowed.id }, 'systemSheet.coeac.armor.shieldItemId'],
    ] as const) {
      const typed = await putTyped(armor);
      expect(typed.data?.putCharacterSheet ?? null).toBeNull();
      expect(typed.errors?.[0].extensions?.code).toBe('CONFLICT');
      expect(fieldsOf(typed.errors?.[0].extensions?.errors)).toEqual([field]);
    }
    expect(await read(hero.id, 'coeac')).toEqual(before);
    // Carried: kept, over REST and GraphQL alike.
    const ok = await put(hero.id, 'coeac', {
      ...sheet,
      armor: { kind: 'light', shield: true, itemId: mail.id },
    });
    expect([ok.status, ok.body.detail]).toEqual([200, undefined]);
    expect(ok.body.sheet.armor).toMatchObject({ kind: 'light', shield: true, itemId: mail.id });
    const good = await putTyped({ kind: 'light', shield: true, itemId: mail.id, shieldItemId: buckler.id });
    expect(good.errors).toBeUndefined();
    expect(good.data!.putCharacterSheet.sheet.armor).toMatchObject({
      kind: 'light',
      itemId: mail.id,
      shieldItemId: buckler.id,
    });
    expect((await read(hero.id, 'coeac')).armor).toMatchObject({ itemId: mail.id, shieldItemId: buckler.id });
  });

  it('G&M weapons, armour and shield: checked alike; a dropped item keeps its id on later PUTs', async () => {
    const hero = await createCharacter(t.server, c, { name: 'Orm' });
    const axe = await addItem(hero.id, 'Axe');
    const mail = await addItem(hero.id, 'Chain mail');
    const shield = await addItem(hero.id, 'Shield');
    const sheet = {
      weapons: [{ name: 'Axe', dice: 'd8', itemId: axe.id }],
      armor: { kind: 'Chain Mail', itemId: mail.id },
      shield: { kind: 'Shield', itemId: shield.id },
    };
    const ok = await put(hero.id, 'gm', sheet);
    expect([ok.status, ok.body.detail]).toEqual([200, undefined]);
    expect(ok.body.sheet).toMatchObject({
      weapons: [{ name: 'Axe', itemId: axe.id }],
      armor: { kind: 'Chain Mail', itemId: mail.id },
      shield: { kind: 'Shield', itemId: shield.id },
    });
    for (const [bad, field] of [
      [{ ...sheet, armor: { kind: 'Chain Mail', itemId: 'nothing' } }, 'sheet.armor.itemId'],
      [{ ...sheet, shield: { kind: 'Shield', itemId: 'nothing' } }, 'sheet.shield.itemId'],
      [{ ...sheet, weapons: [{ name: 'Axe', dice: 'd8', itemId: 'nothing' }] }, 'sheet.weapons[0].itemId'],
    ] as const) {
      expectProblem(await put(hero.id, 'gm', bad), 409, 'CONFLICT', field);
    }
    expect(await read(hero.id, 'gm')).toMatchObject({
      armor: { itemId: mail.id },
      shield: { itemId: shield.id },
    });
    // The mail dropped: the sheet keeps the id it held, and an unrelated PUT still passes.
    await t.http
      .delete(`/v1/campaigns/${c.id}/characters/${hero.id}/inventory/${mail.id}`)
      .set(c.auth)
      .expect(200);
    const again = await put(hero.id, 'gm', { ...sheet, movement: 12 });
    expect([again.status, again.body.detail]).toEqual([200, undefined]);
    expect(again.body.sheet.armor).toMatchObject({ itemId: mail.id });
  });

  it('an NPC names no item', async () => {
    const npc = (
      await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({ name: 'Bandit', kind: 'monster' })
        .expect(201)
    ).body as { id: string };
    expectProblem(
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${npc.id}/sheets/gm`)
        .set(c.auth)
        .send({ sheet: { shield: { kind: 'Shield', itemId: 'any' } } }),
      422,
      'UNPROCESSABLE',
      'sheet.shield.itemId',
    );
    expectProblem(
      await t.http
        .put(`/v1/campaigns/${c.id}/npcs/${npc.id}/sheets/coeac`)
        .set(c.auth)
        .send({ sheet: { armor: { kind: 'heavy', itemId: 'any' } } }),
      422,
      'UNPROCESSABLE',
      'sheet.armor.itemId',
    );
  });
});
