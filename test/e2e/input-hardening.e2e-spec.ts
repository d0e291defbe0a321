import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter } from '../factories/campaign';
import { codes, gql } from '../factories/graphql';
import { expectGraphqlRefusal, expectProblem, fieldsOf } from '../factories/problem';

/*
 * Bad input is never a 5xx, and every refusal has one shape (issue 17, sections 1 and 7): nesting is
 * bounded, `null` has one meaning, GraphQL fragment cycles and overlong path parameters are refused
 * as problems, unknown fields are refused on every input, and REST and GraphQL word a refusal alike.
 */
describe(`input hardening (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  let hero: { id: string };

  beforeAll(async () => {
    t = await startApp();
    c = await createCampaign(t.server);
    hero = await createCharacter(t.server, c, { name: 'Mira', wealth: 3, cash: 5 });
  }, 60000);
  afterAll(() => t.close());

  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  describe('nesting', () => {
    it('refuses a body nested 15,000 levels deep with a 400 naming the body', async () => {
      const res = await t.http
        .post('/v1/checks/pool')
        .set('content-type', 'application/json')
        .send(`{"pool":3,"objective":1,"seed":${deep(15000)}}`);
      expectProblem(res, 400, 'VALIDATION_FAILED', 'body');
    });

    it('refuses it on a campaign operation too, and changes nothing', async () => {
      const res = await t.http
        .patch(`/v1/campaigns/${c.id}/characters/${hero.id}`)
        .set(c.auth)
        .set('content-type', 'application/json')
        .send(`{"name":${deep(15000)}}`);
      expectProblem(res, 400, 'VALIDATION_FAILED', 'body');
      const after = await t.http.get(`/v1/campaigns/${c.id}/characters/${hero.id}`).set(c.auth).expect(200);
      expect(after.body.name).toBe('Mira');
    });

    it('refuses deeply nested GraphQL variables the same way', async () => {
      const res = await t.http
        .post('/graphql')
        .set('content-type', 'application/json')
        .send(
          `{"query":"mutation($i: PoolCheckInput!) { poolCheck(input: $i) { seed } }","variables":{"i":${deep(15000)}}}`,
        );
      expectGraphqlRefusal(res, 400, 'VALIDATION_FAILED', 'body');
    });

    it('accepts ordinary nesting', async () => {
      await t.http
        .post('/v1/checks/versus')
        .send({ first: { pool: 3 }, second: { pool: 2 }, seed: 'n' })
        .expect(200);
    });
  });

  describe('null', () => {
    it('means absent on an optional field: the clock and the character keep their values', async () => {
      await t.http.patch(`/v1/campaigns/${c.id}/clock`).set(c.auth).send({ scale: 'overland' }).expect(200);
      for (const body of [{ scale: null }, { nightWatch: null }, { scale: null, nightWatch: null }]) {
        const res = await t.http.patch(`/v1/campaigns/${c.id}/clock`).set(c.auth).send(body).expect(200);
        expect(res.body).toMatchObject({ scale: 'overland', nightWatch: false });
      }
      const named = await t.http
        .patch(`/v1/campaigns/${c.id}/characters/${hero.id}`)
        .set(c.auth)
        .send({ name: null })
        .expect(200);
      expect(named.body.name).toBe('Mira');
      const settings = await t.http
        .patch(`/v1/campaigns/${c.id}/wealth-settings`)
        .set(c.auth)
        .send({ lifestyles: null })
        .expect(200);
      expect(settings.body.lifestyles).toHaveLength(5);
    });

    it('is a 400 naming a required field, in REST and in GraphQL', async () => {
      const res = await t.http.post('/v1/checks/pool').send({ pool: null, objective: 1 });
      expectProblem(res, 400, 'VALIDATION_FAILED', 'pool');
      expect(res.body.errors).toEqual([
        { field: 'pool', message: 'pool may not be null', reason: 'invalid' },
      ]);
      const answer = await gql(t.server, 'mutation($i: PoolCheckInput!) { poolCheck(input: $i) { seed } }', {
        i: { pool: null, objective: 1 },
      });
      expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
      expect(answer.errors?.[0].extensions?.errors).toEqual([
        { field: 'pool', message: 'pool may not be null', reason: 'invalid' },
      ]);
    });

    it('means absent in the GraphQL twins as well (no INTERNAL)', async () => {
      const answer = await gql(
        t.server,
        'mutation($c: ID!, $i: ClockUpdateInput!) { updateClock(campaignId: $c, input: $i) { scale nightWatch } }',
        { c: c.id, i: { scale: null, nightWatch: null } },
        c.auth,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toEqual({ updateClock: { scale: 'overland', nightWatch: false } });
    });
  });

  describe('GraphQL documents', () => {
    it('refuses a fragment cycle as a validation error, with no key', async () => {
      const answer = await gql(t.server, 'query { ...A } fragment A on Query { __typename ...A }');
      expect(answer.status).toBe(400);
      expect(codes(answer)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      expect(answer.errors?.[0].message).toMatch(/within itself/);
    });
  });

  describe('paths, bodies and content types', () => {
    it('answers a path parameter over 100 characters with a 414 problem', async () => {
      const res = await t.http.get(`/v1/campaigns/${'x'.repeat(150)}`).set(c.auth);
      expectProblem(res, 414, 'URI_TOO_LONG', 'path');
    });

    it('names the body when it is not JSON, and the content type when it is not JSON', async () => {
      const bad = await t.http
        .post('/v1/checks/pool')
        .set('content-type', 'application/json')
        .send('{"pool":');
      expectProblem(bad, 400, 'MALFORMED_REQUEST', 'body');
      const text = await t.http.post('/v1/checks/pool').set('content-type', 'text/plain').send('pool=3');
      expectProblem(text, 415, 'UNSUPPORTED_MEDIA_TYPE', 'content-type');
      const list = await t.http.post('/v1/checks/pool').send([3, 1]);
      expectProblem(list, 400, 'VALIDATION_FAILED', 'body');
    });
  });

  describe('answers of /graphql refused before execution (issue 40)', () => {
    const poolCheck = 'mutation($i: PoolCheckInput!) { poolCheck(input: $i) { seed } }';

    it('answers a NUL or lone surrogate in an ID as GraphQL, naming the variable', async () => {
      for (const bad of ['a\u0000b', '\udc00']) {
        const res = await t.http
          .post('/graphql')
          .set(c.auth)
          .send({
            query: 'query($c: ID!, $id: ID!) { character(campaignId: $c, characterId: $id) { id } }',
            variables: { c: c.id, id: bad },
          });
        expectGraphqlRefusal(res, 400, 'VALIDATION_FAILED', 'id');
      }
    });

    it('answers a body that is not JSON, of another content type or not an object as GraphQL', async () => {
      const broken = await t.http.post('/graphql').set('content-type', 'application/json').send('{"query":');
      expectGraphqlRefusal(broken, 400, 'MALFORMED_REQUEST', 'body');
      const text = await t.http.post('/graphql').set('content-type', 'text/plain').send('{ __typename }');
      expectGraphqlRefusal(text, 415, 'UNSUPPORTED_MEDIA_TYPE', 'content-type');
    });

    it('uses application/graphql-response+json when the client prefers it, as Apollo does, with the same 400', async () => {
      const variables = { i: { pool: 3, objective: 1, seed: '\ud800' } };
      const preferred = await t.http
        .post('/graphql')
        .set('accept', 'application/graphql-response+json, application/json;q=0.9')
        .send({ query: poolCheck, variables });
      expectGraphqlRefusal(preferred, 400, 'VALIDATION_FAILED', 'seed', 'application/graphql-response+json');
      const json = await t.http
        .post('/graphql')
        .set('accept', 'application/json, application/graphql-response+json;q=0.5')
        .send({ query: poolCheck, variables });
      expectGraphqlRefusal(json, 400, 'VALIDATION_FAILED', 'seed');
      // Apollo's own refusal of variables (a type graphql-js coerces) answers alike: 400, same media type.
      const apollo = await t.http
        .post('/graphql')
        .set('accept', 'application/graphql-response+json')
        .send({ query: poolCheck, variables: { i: { pool: 'three', objective: 1 } } });
      expectGraphqlRefusal(apollo, 400, 'VALIDATION_FAILED', 'pool', 'application/graphql-response+json');
    });
  });

  describe('text no column can store', () => {
    it('refuses a lone surrogate with a 400 naming the field, over REST and GraphQL, and logs nothing', async () => {
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/checks/pool`)
        .set(c.auth)
        .set('content-type', 'application/json')
        .send('{"pool":3,"objective":1,"seed":"\\ud800"}');
      expectProblem(res, 400, 'VALIDATION_FAILED', 'seed');
      // Over GraphQL it is refused before the operation runs, as deep nesting is: a GraphQL response.
      const viaGraphQL = await t.http
        .post('/graphql')
        .set(c.auth)
        .send({
          query: 'mutation($c: ID, $i: PoolCheckInput!) { poolCheck(campaignId: $c, input: $i) { seed } }',
          variables: { c: c.id, i: { pool: 3, objective: 1, seed: '\ud800' } },
        });
      expectGraphqlRefusal(viaGraphQL, 400, 'VALIDATION_FAILED', 'seed');
      // NUL is valid Unicode but no PostgreSQL text column holds it (a 500 there): refused everywhere.
      const nul = await t.http
        .patch(`/v1/campaigns/${c.id}/characters/${hero.id}`)
        .set(c.auth)
        .send({ notes: 'a\u0000b' });
      expectProblem(nul, 400, 'VALIDATION_FAILED', 'notes');
      const log = await t.http.get(`/v1/campaigns/${c.id}/rolls`).set(c.auth).expect(200);
      expect(log.body.items).toEqual([]);
    });
  });

  describe('unknown fields', () => {
    it('are refused on an operation that reads no body, and nothing starts', async () => {
      const res = await t.http
        .post(`/v1/campaigns/${c.id}/sessions`)
        .set(c.auth)
        .send({ title: 'Night one' });
      expectProblem(res, 400, 'VALIDATION_FAILED', 'title');
      expectProblem(
        await t.http.get(`/v1/campaigns/${c.id}/sessions/current`).set(c.auth),
        409,
        'NO_SESSION_IN_PROGRESS',
      );
    });

    it('are refused in a query string, read through a class or not', async () => {
      expectProblem(
        await t.http.get(`/v1/campaigns/${c.id}?verbose=1`).set(c.auth),
        400,
        'VALIDATION_FAILED',
        'verbose',
      );
      expectProblem(
        await t.http.get(`/v1/campaigns/${c.id}/characters?sort=name`).set(c.auth),
        400,
        'VALIDATION_FAILED',
        'sort',
      );
    });

    it('are refused in bodies and in GraphQL inputs, at any depth, with the same words', async () => {
      const res = await t.http
        .post('/v1/checks/versus')
        .send({ first: { pool: 3 }, second: { pool: 2, edge: 1 } });
      expectProblem(res, 400, 'VALIDATION_FAILED', 'second.edge');
      const answer = await gql(
        t.server,
        'mutation($i: VersusCheckInput!) { versusCheck(input: $i) { seed } }',
        {
          i: { first: { pool: 3 }, second: { pool: 2, edge: 1 } },
        },
      );
      expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
      expect(answer.errors?.[0].extensions?.errors).toEqual(res.body.errors);
    });
  });

  describe('wording and paths', () => {
    it('names list items as shares[0].share and words the refusal in our own words', async () => {
      const res = await t.http.post('/v1/checks/table').send({ dice: '2d6', entries: [{ min: 2, max: 6 }] });
      expectProblem(res, 400, 'VALIDATION_FAILED', 'entries[0].result');
      expect(res.body.errors).toEqual([
        { field: 'entries[0].result', message: 'entries[0].result is required', reason: 'missing' },
      ]);
      // A missing field is called missing, not "invalid or unknown" (issue 42).
      expect(res.body.detail).toBe('Missing required field: entries[0].result.');
    });

    it('says which fields are missing, unknown or invalid, over REST and GraphQL', async () => {
      const res = await t.http.post('/v1/checks/pool').send({ pool: 'six', colour: 'red' });
      expectProblem(res, 400, 'VALIDATION_FAILED', 'objective');
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'objective', message: 'objective is required', reason: 'missing' },
          { field: 'colour', message: 'colour is not a known field', reason: 'unknown' },
          { field: 'pool', message: 'pool must be a whole number', reason: 'invalid' },
        ]),
      );
      expect(res.body.detail).toBe(
        'Missing required field: objective. Unknown field: colour. Invalid field: pool.',
      );
      const answer = await gql(t.server, 'mutation($i: PoolCheckInput!) { poolCheck(input: $i) { seed } }', {
        i: { pool: 6 },
      });
      expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
      expect(answer.errors?.[0].message).toBe('Missing required field: objective.');
      expect(answer.errors?.[0].extensions?.errors).toEqual([
        { field: 'objective', message: 'objective is required', reason: 'missing' },
      ]);
    });

    it('words a wrong type the same over REST and GraphQL, never in the libraries’ sentences', async () => {
      const res = await t.http.post('/v1/checks/versus').send({ first: { pool: 'x' }, second: { pool: 2 } });
      expect(res.body.errors).toEqual([
        { field: 'first.pool', message: 'first.pool must be a whole number', reason: 'invalid' },
      ]);
      const answer = await gql(
        t.server,
        'mutation($i: VersusCheckInput!) { versusCheck(input: $i) { seed } }',
        {
          i: { first: { pool: 'x' }, second: { pool: 2 } },
        },
      );
      expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
      expect(answer.errors?.[0].extensions?.errors).toEqual(res.body.errors);
      const range = await t.http.post('/v1/checks/save').send({ attribute: 31 });
      expect(range.body.errors).toEqual([
        { field: 'attribute', message: 'attribute must be at most 30', reason: 'invalid' },
      ]);
      const ranged = await gql(t.server, 'mutation($i: SaveCheckInput!) { saveCheck(input: $i) { roll } }', {
        i: { attribute: 31 },
      });
      expect(ranged.errors?.[0].extensions?.errors).toEqual(range.body.errors);
      for (const text of [JSON.stringify(res.body), JSON.stringify(answer), JSON.stringify(range.body)]) {
        expect(text).not.toMatch(/must be an integer number|cannot represent|conform to|Variable "\$/);
      }
    });

    it('names a missing GraphQL field as REST does', async () => {
      const res = await t.http.post('/v1/checks/pool').send({ objective: 1 });
      const answer = await gql(t.server, 'mutation($i: PoolCheckInput!) { poolCheck(input: $i) { seed } }', {
        i: { objective: 1 },
      });
      expect(fieldsOf(answer.errors?.[0].extensions?.errors)).toEqual(['pool']);
      expect(answer.errors?.[0].extensions?.errors).toEqual(res.body.errors);
    });
  });
  describe('optional GraphQL inputs', () => {
    // `input` may be left out of these operations; when it is given, every bound of its class holds,
    // exactly as on the REST body (before, such inputs reached the service unchecked).
    const longSeed = 's'.repeat(129);
    const cases: Array<[string, () => string, Record<string, unknown>, string]> = [
      [
        'artifactRoll',
        () => 'mutation($i: ArtifactRollInput) { artifactRoll(input: $i) { __typename } }',
        { seed: longSeed },
        'seed',
      ],
      [
        'spellbookRoll',
        () => 'mutation($i: SpellbookInput) { spellbookRoll(input: $i) { __typename } }',
        { seed: longSeed },
        'seed',
      ],
      [
        'gmAbilityRolls',
        () => 'mutation($i: GmAbilityRollsInput) { gmAbilityRolls(input: $i) { __typename } }',
        { seed: longSeed },
        'seed',
      ],
      [
        'dieOfFate',
        () => 'mutation($i: SeedOnlyInput) { dieOfFate(input: $i) { __typename } }',
        { seed: longSeed },
        'seed',
      ],
      [
        'cairnHireling',
        () => 'mutation($i: CairnHirelingInput) { cairnHireling(input: $i) { __typename } }',
        { armor: -1 },
        'armor',
      ],
      [
        'downAndOut',
        () => 'mutation($i: DownAndOutInput) { downAndOut(input: $i) { __typename } }',
        { medicine: { pool: 1001 } },
        'medicine.pool',
      ],
      [
        'companyIncome',
        () =>
          `mutation($i: CompanyIncomeInput) { companyIncome(campaignId: "${c.id}", input: $i) { __typename } }`,
        { seed: longSeed },
        'seed',
      ],
      [
        'characterIncome',
        () =>
          `mutation($i: CharacterIncomeInput) { characterIncome(campaignId: "${c.id}", characterId: "${hero.id}", input: $i) { __typename } }`,
        { seed: longSeed },
        'seed',
      ],
      [
        'campaignEncounterCheck',
        () =>
          `mutation($i: CampaignEncounterCheckInput) { campaignEncounterCheck(campaignId: "${c.id}", input: $i) { __typename } }`,
        { players: -5 },
        'players',
      ],
    ];

    it.each(cases)(
      '%s refuses an out-of-bounds field with the REST problem',
      async (_name, doc, input, field) => {
        const answer = await gql(t.server, doc(), { i: input }, c.auth);
        expect(codes(answer)).toEqual(['VALIDATION_FAILED']);
        expect(fieldsOf(answer.errors?.[0].extensions?.errors)).toEqual([field]);
      },
    );

    it('still takes the input left out, or null', async () => {
      for (const i of [undefined, null]) {
        const answer = await gql(
          t.server,
          'mutation($i: GmAbilityRollsInput) { gmAbilityRolls(input: $i) { __typename } }',
          i === undefined ? {} : { i },
        );
        expect(answer.errors).toBeUndefined();
        expect(answer.data?.gmAbilityRolls).toEqual({ __typename: 'GmAbilityRollsResult' });
      }
    });
  });
});
