import { createCampaign } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';
import { DATABASE_KIND, startApp, TestApp } from './harness';

/*
 * docs/api-style.md: an ability score is an `attribute`, everywhere. The G&M fields named otherwise
 * were renamed under /v1 (abilities → attributes, abilityAdjustments → attributeAdjustments,
 * archetypalAbility → archetypalAttribute, ability → attribute, abilityAfter → attributeAfter):
 * the old input names stay accepted and the old answer names stay answered, deprecated in both
 * contracts, until /v2. Refusals name the new field, whichever name was sent.
 */
const SCORES = { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 };

describe(`renamed G&M fields: attribute, with the old ability names deprecated (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('a derivation takes attributes (or the deprecated abilities) and answers both, over REST and GraphQL', async () => {
    const derive = (body: object) => t.http.post('/v1/characters/gm/derivations').send(body);
    const fresh = await derive({
      attributes: SCORES,
      attributeAdjustments: { strength: -1 },
      archetype: 'warrior',
    }).expect(200);
    expect(fresh.body.attributes).toEqual({ ...SCORES, strength: 17 });
    expect(fresh.body.abilities).toEqual(fresh.body.attributes);
    expect(fresh.body.archetype).toMatchObject({
      archetypalAttribute: 'strength',
      archetypalAbility: 'strength',
    });
    const old = await derive({
      abilities: SCORES,
      abilityAdjustments: { strength: -1 },
      archetype: 'warrior',
    }).expect(200);
    expect(old.body).toEqual(fresh.body);

    const query = (field: string) =>
      gql(
        t.server,
        `query($s: GmAbilitiesInput!) { gmDerivation(input: { ${field}: $s, archetype: warrior }) {
          attributes { strength } abilities { strength } archetype { archetypalAttribute } } }`,
        { s: SCORES },
      );
    for (const field of ['attributes', 'abilities']) {
      const answer = await query(field);
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.gmDerivation).toEqual({
        attributes: { strength: 18 },
        abilities: { strength: 18 },
        archetype: { archetypalAttribute: 'strength' },
      });
    }
  });

  it('refuses both names at once (naming the old) and neither (the new is missing), over REST and GraphQL', async () => {
    const both = await t.http
      .post('/v1/characters/gm/derivations')
      .send({ attributes: SCORES, abilities: SCORES, archetype: 'warrior' });
    expectProblem(both, 400, 'VALIDATION_FAILED', 'abilities');
    const none = await t.http.post('/v1/characters/gm/body-rolls').send({ species: 'dwarf' });
    expectProblem(none, 400, 'VALIDATION_FAILED', 'attributes');
    expect(none.body.errors).toEqual([
      { field: 'attributes', message: 'attributes is required', reason: 'missing' },
    ]);
    // The rename's refusal joins the other fields' refusals: each is named.
    const several = await t.http.post('/v1/wealth/starting-money').send({ mojoTraded: 'seven' });
    expect(several.body.errors).toEqual([
      { field: 'archetypalAttribute', message: 'archetypalAttribute is required', reason: 'missing' },
      { field: 'mojoTraded', message: expect.stringContaining('mojoTraded'), reason: 'invalid' },
    ]);
    const viaGql = await gql(t.server, 'mutation { gmBodyRoll(input: { species: dwarf }) { age } }');
    expect(viaGql.errors?.[0].extensions?.code).toBe('VALIDATION_FAILED');
    expect(viaGql.errors?.[0].extensions?.errors).toEqual(none.body.errors);
    // A body roll and a level-up read the same scores by either name.
    const a = await t.http
      .post('/v1/characters/gm/body-rolls')
      .send({ attributes: SCORES, species: 'dwarf', seed: 's' })
      .expect(200);
    const b = await t.http
      .post('/v1/characters/gm/body-rolls')
      .send({ abilities: SCORES, species: 'dwarf', seed: 's' })
      .expect(200);
    expect(b.body).toEqual(a.body);
    const up = (body: object) =>
      t.http
        .post('/v1/advancement/gm/level-ups')
        .send({ archetype: 'warrior', level: 2, seed: 'u', ...body });
    expect((await up({ abilities: SCORES }).expect(200)).body).toEqual(
      (await up({ attributes: SCORES }).expect(200)).body,
    );
  });

  it('a nested input is renamed too: a campaign species’ attributeAdjustments (or abilityAdjustments)', async () => {
    const c = await createCampaign(t.server);
    const put = (species: object[]) =>
      t.http.put(`/v1/campaigns/${c.id}/gm-settings`).set(c.auth).send({ species });
    const settings = await put([
      { id: 'elf', name: 'Elf', attributeAdjustments: { agility: 1 } },
      { id: 'orc', name: 'Orc', abilityAdjustments: { strength: 2 } },
    ]).expect(200);
    const row = (id: string) => settings.body.species.find((s: { id: string }) => s.id === id);
    expect(row('elf')).toMatchObject({
      attributeAdjustments: { agility: 1 },
      abilityAdjustments: { agility: 1 },
    });
    expect(row('orc')).toMatchObject({ attributeAdjustments: { strength: 2 } });
    expectProblem(
      await put([
        { id: 'elf', name: 'Elf', attributeAdjustments: { agility: 1 }, abilityAdjustments: { agility: 1 } },
      ]),
      400,
      'VALIDATION_FAILED',
      'species[0].abilityAdjustments',
    );
    const derived = await t.http
      .post(`/v1/campaigns/${c.id}/gm-derivations`)
      .set(c.auth)
      .send({ attributes: SCORES, archetype: 'warrior', species: 'orc' })
      .expect(200);
    expect(derived.body.attributes.strength).toBe(20);
  });

  it('marks each old name deprecated in both contracts, beside its new name', async () => {
    const document = (await t.http.get('/openapi.json').expect(200)).body as {
      components: { schemas: Record<string, { properties: Record<string, { deprecated?: boolean }> }> };
    };
    const pairs: Array<[string, string, string]> = [
      ['GmDerivationInput', 'abilities', 'attributes'],
      ['GmDerivationInput', 'abilityAdjustments', 'attributeAdjustments'],
      ['GmBodyRollInput', 'abilities', 'attributes'],
      ['GmLevelUpInput', 'abilities', 'attributes'],
      ['CampaignGmDerivationInput', 'abilities', 'attributes'],
      ['GmSpeciesSettingInput', 'abilityAdjustments', 'attributeAdjustments'],
      ['StartingMoneyInput', 'archetypalAbility', 'archetypalAttribute'],
      ['MojoSpendInput', 'ability', 'attribute'],
      ['GmDerivationResult', 'abilities', 'attributes'],
      ['GmArchetypeRow', 'archetypalAbility', 'archetypalAttribute'],
      ['GmSpeciesRow', 'abilityAdjustments', 'attributeAdjustments'],
      ['GmCampaignSpecies', 'abilityAdjustments', 'attributeAdjustments'],
      ['StartingMoney', 'archetypalAbility', 'archetypalAttribute'],
      ['MojoSpendResult', 'abilityAfter', 'attributeAfter'],
    ];
    for (const [schema, old, now] of pairs) {
      const properties = document.components.schemas[schema].properties;
      expect({ schema, old: properties[old]?.deprecated }).toEqual({ schema, old: true });
      expect({ schema, now: properties[now]?.deprecated }).toEqual({ schema, now: undefined });
    }
    const introspection = await gql(
      t.server,
      `{ input: __type(name: "GmDerivationInput") { inputFields(includeDeprecated: true) { name isDeprecated } }
         output: __type(name: "MojoSpendResult") { fields(includeDeprecated: true) { name isDeprecated } } }`,
    );
    expect(introspection.errors).toBeUndefined();
    const flags = (list: Array<{ name: string; isDeprecated: boolean }>) =>
      Object.fromEntries(list.map((f) => [f.name, f.isDeprecated]));
    expect(flags(introspection.data?.input.inputFields)).toMatchObject({
      abilities: true,
      attributes: false,
    });
    expect(flags(introspection.data?.output.fields)).toMatchObject({
      abilityAfter: true,
      attributeAfter: false,
    });
  });
});
