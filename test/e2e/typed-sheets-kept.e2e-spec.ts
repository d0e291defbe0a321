import { DATABASE_KIND, startApp, TestApp } from './harness';
import { restSheet, SheetSystemName, sheetOn } from './sheet-graphql';
import { CampaignFixture, createCampaign, createCharacter, createKey } from '../factories/campaign';
import { fieldsOf, expectProblem } from '../factories/problem';
import { gql } from '../factories/graphql';

/*
 * Issue 42: what the referee keeps on a sheet of any system, `notes` and `portraitUrl`. Put and read
 * back over REST and GraphQL; a portrait that is not an absolute https URL is refused naming
 * sheet.portraitUrl and changes nothing; the bound player may set both; a viewer reads them.
 */

const SYSTEMS: SheetSystemName[] = ['coeac', 'cairn', 'archsoul', 'gm'];
/** What a sheet of each system needs besides (Cairn's attributes have no default maximum). */
const BASE: Record<SheetSystemName, object> = {
  coeac: {},
  cairn: { str: { max: 10 }, dex: { max: 10 }, wil: { max: 10 } },
  archsoul: {},
  gm: {},
};
const PUT = (system: SheetSystemName) =>
  `mutation($c: ID!, $h: ID!, $i: PutSheetInput!) {
     putCharacterSheet(campaignId: $c, characterId: $h, system: ${system}, input: $i) { system sheet ${sheetOn(system)} } }`;
const READ = (system: SheetSystemName) =>
  `query($c: ID!, $h: ID!, $s: SheetSystem!) {
     characterSheet(campaignId: $c, characterId: $h, system: $s) { system sheet ${sheetOn(system)} } }`;

describe(`notes and portraitUrl on every system's sheet (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  beforeAll(async () => {
    t = await startApp();
    c = await createCampaign(t.server);
  });
  afterAll(() => t.close());

  const url = (id: string, system: SheetSystemName) =>
    `/v1/campaigns/${c.id}/characters/${id}/sheets/${system}`;
  const read = async (id: string, system: SheetSystemName, auth = c.auth) =>
    (await t.http.get(url(id, system)).set(auth).expect(200)).body.sheet;

  it.each(SYSTEMS)(
    '%s: REST puts and reads them back; a bad portrait is refused and changes nothing',
    async (system) => {
      const hero = await createCharacter(t.server, c, { name: `Rest ${system}` });
      const notes = `Owes the miller ${system === 'gm' ? 'three' : 'two'} silver.\nFears deep water.`;
      const portraitUrl = `https://img.example.org/portraits/${system}.png?size=256`;
      const put = await t.http
        .put(url(hero.id, system))
        .set(c.auth)
        .send({ sheet: { ...BASE[system], notes, portraitUrl } });
      expect([put.status, put.body.detail]).toEqual([200, undefined]);
      expect(put.body.sheet).toMatchObject({ notes, portraitUrl });
      expect(await read(hero.id, system)).toMatchObject({ notes, portraitUrl });

      for (const bad of [
        'http://img.example.org/a.png',
        'javascript:alert(1)',
        '/portraits/a.png',
        'https://',
        `https://img.example.org/${'a'.repeat(2048)}`,
        42,
      ]) {
        const refused = await t.http
          .put(url(hero.id, system))
          .set(c.auth)
          .send({ sheet: { ...BASE[system], notes: 'changed', portraitUrl: bad } });
        expectProblem(refused, 400, 'VALIDATION_FAILED', 'sheet.portraitUrl');
      }
      expectProblem(
        await t.http
          .put(url(hero.id, system))
          .set(c.auth)
          .send({ sheet: { ...BASE[system], notes: 'n'.repeat(4001) } }),
        400,
        'VALIDATION_FAILED',
        'sheet.notes',
      );
      expect(await read(hero.id, system)).toMatchObject({ notes, portraitUrl });
    },
  );

  it.each(SYSTEMS)(
    '%s: GraphQL puts and reads them back; a bad portrait is refused naming it',
    async (system) => {
      const hero = await createCharacter(t.server, c, { name: `Typed ${system}` });
      const notes = 'Carries a letter for the abbess.';
      const portraitUrl = 'https://img.example.org/p/typed.webp';
      const put = await gql(
        t.server,
        PUT(system),
        { c: c.id, h: hero.id, i: { systemSheet: { [system]: { ...BASE[system], notes, portraitUrl } } } },
        c.auth,
      );
      expect(put.errors).toBeUndefined();
      expect(put.data!.putCharacterSheet.sheet).toMatchObject({ notes, portraitUrl });
      const back = await gql(t.server, READ(system), { c: c.id, h: hero.id, s: system }, c.auth);
      expect(back.errors).toBeUndefined();
      expect(back.data!.characterSheet.sheet).toMatchObject({ notes, portraitUrl });
      expect(restSheet(system, back.data!.characterSheet.sheet)).toEqual(await read(hero.id, system));

      const refused = await gql(
        t.server,
        PUT(system),
        {
          c: c.id,
          h: hero.id,
          i: {
            systemSheet: { [system]: { ...BASE[system], notes: 'changed', portraitUrl: 'ftp://x.org/a' } },
          },
        },
        c.auth,
      );
      expect(refused.data).toBeNull();
      expect(refused.errors?.[0].extensions?.code).toBe('VALIDATION_FAILED');
      // Named where the client put it (the typed input's path to the member).
      expect(fieldsOf(refused.errors?.[0].extensions?.errors)).toEqual([`systemSheet.${system}.portraitUrl`]);
      expect(await read(hero.id, system)).toMatchObject({ notes, portraitUrl });
    },
  );

  it('the bound player sets them; a viewer reads them; clearing them leaves them out', async () => {
    const hero = await createCharacter(t.server, c, { name: 'Bound' });
    await t.http
      .put(url(hero.id, 'cairn'))
      .set(c.auth)
      .send({ sheet: { ...BASE.cairn, maxHp: 4, scars: ['A torn ear'] } })
      .expect(200);
    const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    const viewer = await createKey(t.server, c, { role: 'viewer' });
    const mine = { notes: 'My own words.', portraitUrl: 'https://img.example.org/me.jpg' };
    const put = await t.http.put(url(hero.id, 'cairn')).set(player.auth).send({ sheet: mine });
    expect([put.status, put.body.detail]).toEqual([200, undefined]);
    // What the player left out is kept.
    expect(put.body.sheet).toMatchObject({ ...mine, scars: ['A torn ear'], maxHp: 4 });
    expect(await read(hero.id, 'cairn', viewer.auth)).toMatchObject(mine);
    expectProblem(
      await t.http
        .put(url(hero.id, 'cairn'))
        .set(player.auth)
        .send({ sheet: { portraitUrl: 'http://x.org/a' } }),
      400,
      'VALIDATION_FAILED',
      'sheet.portraitUrl',
    );
    const cleared = await t.http
      .put(url(hero.id, 'cairn'))
      .set(player.auth)
      .send({ sheet: { notes: null, portraitUrl: null } })
      .expect(200);
    expect(cleared.body.sheet).not.toHaveProperty('notes');
    expect(cleared.body.sheet).not.toHaveProperty('portraitUrl');
    expect(cleared.body.sheet.scars).toEqual(['A torn ear']);
  });
});
