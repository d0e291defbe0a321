import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter } from '../factories/campaign';
import { gql } from '../factories/graphql';

/*
 * Issue 39 (the coverage notes' stabilising by hand, T8): after a referee's PUT of a whole sheet,
 * COEAC's and Cairn's own `state` and `harm.state` agree. The field the PUT changed wins; when it
 * changed neither (or both), the harm state does.
 */

type Via = 'rest' | 'graphql';
const VIAS: Via[] = ['rest', 'graphql'];

describe(`a sheet's two states agree after a referee's PUT (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const path = (c: CampaignFixture, id: string, system: string) =>
    `/v1/campaigns/${c.id}/characters/${id}/sheets/${system}`;
  const read = async (c: CampaignFixture, id: string, system: string) =>
    (
      await t.http
        .get(path(c, id, system))
        .set(c.auth)
        .expect(200)
    ).body.sheet;
  const put = async (via: Via, c: CampaignFixture, id: string, system: string, sheet: object) => {
    if (via === 'rest') {
      await t.http
        .put(path(c, id, system))
        .set(c.auth)
        .send({ sheet })
        .expect(200);
      return;
    }
    const res = await gql(
      t.server,
      `mutation($c: ID!, $h: ID!, $s: JSON!) { putCharacterSheet(campaignId: $c, characterId: $h, system: ${system}, input: { sheet: $s }) { system } }`,
      { c: c.id, h: id, s: sheet },
      c.auth,
    );
    expect(res.errors).toBeUndefined();
  };

  const CAIRN = { str: { max: 10 }, dex: { max: 10 }, wil: { max: 10 }, maxHp: 4, hp: 0 };
  const COEAC = { maxHp: 6, hp: 0, saves: { Vigor: 2 }, skills: { Fighting: 2 } };

  it.each(VIAS)(
    'Cairn: stabilising by a PUT of harm.state up takes `state` out of "out" (%s)',
    async (via) => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Bryn' });
      await put('rest', c, hero.id, 'cairn', {
        ...CAIRN,
        state: 'out',
        harm: { state: 'critical', conditions: [], pending: [] },
      });
      const critical = await read(c, hero.id, 'cairn');
      expect([critical.state, critical.harm.state]).toEqual(['out', 'critical']);
      await put(via, c, hero.id, 'cairn', {
        ...CAIRN,
        state: 'out',
        harm: { state: 'up', conditions: [], pending: [] },
      });
      const after = await read(c, hero.id, 'cairn');
      expect([after.state, after.harm.state]).toEqual(['up', 'up']);
    },
  );

  it.each(VIAS)('Cairn: a PUT that changes only `state` carries the harm state with it (%s)', async (via) => {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Bryn' });
    await put('rest', c, hero.id, 'cairn', { ...CAIRN, hp: 3 });
    await put(via, c, hero.id, 'cairn', { ...CAIRN, hp: 3, state: 'dead' });
    const after = await read(c, hero.id, 'cairn');
    expect([after.state, after.harm.state]).toEqual(['dead', 'dead']);
  });

  it.each(VIAS)('COEAC: a harm state set by hand gives the matching `state` (%s)', async (via) => {
    const c = await createCampaign(t.server);
    const hero = await createCharacter(t.server, c, { name: 'Osk' });
    await put('rest', c, hero.id, 'coeac', COEAC);
    await put(via, c, hero.id, 'coeac', {
      ...COEAC,
      state: 'up',
      harm: { state: 'down-and-out', conditions: [], pending: [] },
    });
    const down = await read(c, hero.id, 'coeac');
    expect([down.state, down.harm.state]).toEqual(['down-and-out', 'down-and-out']);
    await put(via, c, hero.id, 'coeac', {
      ...COEAC,
      hp: 2,
      state: 'down-and-out',
      harm: { state: 'up', conditions: [], pending: [] },
    });
    const up = await read(c, hero.id, 'coeac');
    expect([up.state, up.harm.state]).toEqual(['up', 'up']);
  });
});
