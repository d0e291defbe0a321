import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CHARACTER_SHEETS, restSheets, sheetOn } from './sheet-graphql';
import { CampaignFixture, createCampaign, createCharacter } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

/*
 * Issue 42, one vocabulary (docs/api-style.md): the G&M sheet speaks `attributes`. Stored sheets keep
 * the member `abilities` (mapped at the sheet's read and write, docs/decisions.md): a sheet takes
 * `attributes` or the deprecated `abilities` (both only when equal, else a 400 naming the old one),
 * and answers both with the same scores.
 */
const SCORES = { strength: 18, agility: 12, endurance: 13, intelligence: 10, wisdom: 11, charisma: 9 };
const OTHER = { ...SCORES, strength: 7 };
const THIRD = { ...SCORES, strength: 12 };
const BASE = { archetypes: [{ archetype: 'warrior', level: 2 }], movement: 10 };
const PUT = `mutation($c: ID!, $h: ID!, $i: PutSheetInput!) {
  putCharacterSheet(campaignId: $c, characterId: $h, system: gm, input: $i) { sheet ${sheetOn('gm')} } }`;

describe(`the G&M sheet's attributes, abilities deprecated (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  beforeAll(async () => {
    t = await startApp();
    c = await createCampaign(t.server);
  });
  afterAll(() => t.close());

  const url = (id: string) => `/v1/campaigns/${c.id}/characters/${id}/sheets/gm`;
  const put = (id: string, sheet: object) => t.http.put(url(id)).set(c.auth).send({ sheet });
  const read = async (id: string) => (await t.http.get(url(id)).set(c.auth).expect(200)).body.sheet;
  const gqlPut = (id: string, input: object) => gql(t.server, PUT, { c: c.id, h: id, i: input }, c.auth);

  it('REST: a sheet PUT with attributes or with abilities answers and stores both, the same scores', async () => {
    const fresh = await createCharacter(t.server, c, { name: 'Attributes' });
    const old = await createCharacter(t.server, c, { name: 'Abilities' });
    const a = (await put(fresh.id, { ...BASE, attributes: SCORES }).expect(200)).body.sheet;
    const b = (await put(old.id, { ...BASE, abilities: SCORES }).expect(200)).body.sheet;
    expect(a.attributes).toEqual(SCORES);
    expect(a.abilities).toEqual(SCORES);
    expect(b).toEqual(a);
    expect(await read(fresh.id)).toEqual(a);
    // The derived numbers read the scores sent under the new name (strength 18: a close bonus).
    const weak = await createCharacter(t.server, c, { name: 'Weak' });
    const w = (await put(weak.id, { ...BASE, attributes: OTHER }).expect(200)).body.sheet;
    expect(a.derived.attack.close).toBeGreaterThan(w.derived.attack.close);
    // A sheet read and sent back (both names, equal) is accepted unchanged; an edit of attributes too.
    expect((await put(fresh.id, a).expect(200)).body.sheet).toEqual(a);
    const edited = (await put(fresh.id, { ...a, abilities: undefined, attributes: OTHER }).expect(200)).body
      .sheet;
    expect(edited.attributes).toEqual(OTHER);
    expect(edited.abilities).toEqual(OTHER);
  });

  it('REST: both names edited apart is a 400 naming abilities, and changes nothing; a bad score names the name sent', async () => {
    const hero = await createCharacter(t.server, c, { name: 'Both' });
    await put(hero.id, { ...BASE, attributes: SCORES }).expect(200);
    const both = await put(hero.id, { ...BASE, attributes: OTHER, abilities: THIRD });
    expectProblem(both, 400, 'VALIDATION_FAILED', 'sheet.abilities');
    expect(both.body.errors).toEqual([
      {
        field: 'sheet.abilities',
        message: expect.stringContaining('deprecated name of attributes'),
        reason: 'invalid',
      },
    ]);
    expect((await read(hero.id)).attributes).toEqual(SCORES);
    // On a new sheet (nothing stored to tell which was edited), differing names are refused too.
    const fresh = await createCharacter(t.server, c, { name: 'Both new' });
    expectProblem(
      await put(fresh.id, { ...BASE, attributes: OTHER, abilities: THIRD }),
      400,
      'VALIDATION_FAILED',
      'sheet.abilities',
    );
    expectProblem(
      await put(hero.id, { ...BASE, attributes: { ...SCORES, strength: 0 } }),
      400,
      'VALIDATION_FAILED',
      'sheet.attributes.strength',
    );
    expectProblem(
      await put(hero.id, { ...BASE, abilities: { ...SCORES, strength: 0 } }),
      400,
      'VALIDATION_FAILED',
      'sheet.abilities.strength',
    );
  });

  it('REST: a sheet read and sent back with one name edited takes the edit (a client that knows one name)', async () => {
    const hero = await createCharacter(t.server, c, { name: 'Editor' });
    const answered = (await put(hero.id, { ...BASE, attributes: SCORES }).expect(200)).body.sheet;
    // An older client edits `abilities` and sends `attributes` back as it was answered.
    const old = (await put(hero.id, { ...answered, abilities: OTHER }).expect(200)).body.sheet;
    expect(old.attributes).toEqual(OTHER);
    expect(old.abilities).toEqual(OTHER);
    // A newer one edits `attributes` and sends `abilities` back as answered.
    const fresh = (await put(hero.id, { ...old, attributes: THIRD }).expect(200)).body.sheet;
    expect(fresh.attributes).toEqual(THIRD);
    expect(fresh.abilities).toEqual(THIRD);
    expect(await read(hero.id)).toEqual(fresh);
  });

  it('GraphQL: the typed GmSheetInput and the deprecated JSON sheet take either name; answers carry both', async () => {
    const typed = await createCharacter(t.server, c, { name: 'Typed' });
    const typedOld = await createCharacter(t.server, c, { name: 'Typed old' });
    const json = await createCharacter(t.server, c, { name: 'Json' });
    const first = await gqlPut(typed.id, { systemSheet: { gm: { ...BASE, attributes: SCORES } } });
    expect(first.errors).toBeUndefined();
    const answered = first.data!.putCharacterSheet.sheet;
    expect(answered.attributes).toEqual(SCORES);
    expect(answered.abilities).toEqual(SCORES);
    const second = await gqlPut(typedOld.id, { systemSheet: { gm: { ...BASE, abilities: SCORES } } });
    expect(second.errors).toBeUndefined();
    const third = await gqlPut(json.id, { sheet: { ...BASE, attributes: SCORES } });
    expect(third.errors).toBeUndefined();
    const expected = await read(typed.id);
    expect(await read(typedOld.id)).toEqual(expected);
    expect(await read(json.id)).toEqual(expected);
    // Both edited apart: refused naming the old name where the client put it.
    const refused = await gqlPut(typed.id, {
      systemSheet: { gm: { ...BASE, attributes: OTHER, abilities: THIRD } },
    });
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0].extensions?.code).toBe('VALIDATION_FAILED');
    expect((refused.errors?.[0].extensions?.errors as Array<{ field: string }>).map((e) => e.field)).toEqual([
      'systemSheet.gm.abilities',
    ]);
    expect(await read(typed.id)).toEqual(expected);
    const character = await gql(
      t.server,
      `query($c: ID!, $h: ID!) { character(campaignId: $c, characterId: $h) { sheets ${CHARACTER_SHEETS} } }`,
      { c: c.id, h: typed.id },
      c.auth,
    );
    expect(character.errors).toBeUndefined();
    expect(restSheets(character.data!.character.sheets)!.gm).toEqual(expected);
  });

  it('an NPC created with a G&M sheet takes attributes, over REST and GraphQL', async () => {
    const rest = await t.http
      .post(`/v1/campaigns/${c.id}/npcs`)
      .set(c.auth)
      .send({ name: 'Ogre', kind: 'monster', sheets: { gm: { ...BASE, attributes: SCORES } } })
      .expect(201);
    const sheet = (
      await t.http.get(`/v1/campaigns/${c.id}/npcs/${rest.body.id}/sheets/gm`).set(c.auth).expect(200)
    ).body.sheet;
    expect(sheet.attributes).toEqual(SCORES);
    expect(sheet.abilities).toEqual(SCORES);
    expectProblem(
      await t.http
        .post(`/v1/campaigns/${c.id}/npcs`)
        .set(c.auth)
        .send({
          name: 'Ogre 2',
          kind: 'monster',
          sheets: { gm: { ...BASE, attributes: OTHER, abilities: THIRD } },
        }),
      400,
      'VALIDATION_FAILED',
      'sheets.gm.abilities',
    );
    const made = await gql(
      t.server,
      `mutation($c: ID!, $i: CreateNpcInput!) { createNpc(campaignId: $c, input: $i) { sheets ${CHARACTER_SHEETS} } }`,
      {
        c: c.id,
        i: { name: 'Typed ogre', kind: 'monster', systemSheets: { gm: { ...BASE, attributes: SCORES } } },
      },
      c.auth,
    );
    expect(made.errors).toBeUndefined();
    const gm = restSheets(made.data!.createNpc.sheets)!.gm as { attributes: unknown; abilities: unknown };
    expect(gm.attributes).toEqual(SCORES);
    expect(gm.abilities).toEqual(SCORES);
  });

  it('a sheet check and a stored attack read the scores sent as attributes', async () => {
    const hero = await createCharacter(t.server, c, { name: 'Checker' });
    await put(hero.id, { ...BASE, attributes: SCORES }).expect(200);
    const check = (
      await t.http
        .post(`/v1/campaigns/${c.id}/characters/${hero.id}/checks`)
        .set(c.auth)
        .send({ system: 'gm', attribute: 'strength', seed: 'attr-check' })
        .expect(201)
    ).body;
    expect(check.rating).toEqual({ kind: 'ability', name: 'strength', value: 18 });
    const foe = await createCharacter(t.server, c, { name: 'Foe' });
    await put(foe.id, { ...BASE, attributes: OTHER }).expect(200);
    const combat = (
      await t.http
        .post(`/v1/campaigns/${c.id}/combats`)
        .set(c.auth)
        .send({
          system: 'gm',
          combatants: [
            { characterId: hero.id, side: 'party' },
            { characterId: foe.id, side: 'foes' },
          ],
        })
        .expect(201)
    ).body as { id: string };
    const attack = (
      await t.http
        .post(`/v1/campaigns/${c.id}/combats/${combat.id}/actions`)
        .set(c.auth)
        .send({
          actor: hero.id,
          kind: 'attack',
          targets: [foe.id],
          gm: { weapon: 'd8' },
          seed: 'attr-attack',
        })
        .expect(201)
    ).body;
    const sheet = await read(hero.id);
    expect(attack.gm.read.attacker.close).toBe(sheet.derived.attack.close);
    expect(attack.gm.read.attacker.close).toBeGreaterThan(0);
  });
});
