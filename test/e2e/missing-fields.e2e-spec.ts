import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter } from '../factories/campaign';
import { gql } from '../factories/graphql';

/*
 * A required field left out is refused as missing (docs/api-style.md, "400 or 422"): `reason:
 * missing`, `x is required`, and the detail says "Missing required field", never "invalid or
 * unknown". Checked over every REST operation with a body that has required members (an empty body
 * sent to each; the ones a campaign's state answers before the body is read are left aside), and on
 * a few GraphQL twins (their variables refused the same way).
 */

type Schema = { $ref?: string; required?: string[]; properties?: Record<string, unknown>; allOf?: Schema[] };
type Operation = { requestBody?: { content: Record<string, { schema: Schema }> }; deprecated?: boolean };

const document = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const resolve = (s: Schema): Schema =>
  s.$ref ? resolve(document.components.schemas[s.$ref.split('/').pop()!]) : s;

type Refusal = { field: string; reason: string; message: string };

describe(`a missing required field is refused as missing (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  let hero: { id: string };
  beforeAll(async () => {
    t = await startApp();
    c = await createCampaign(t.server);
    hero = await createCharacter(t.server, c, { name: 'Mira' });
  }, 60000);
  afterAll(() => t.close());

  it('over REST: every operation with required body members, sent an empty body', async () => {
    const wrong: string[] = [];
    let checked = 0;
    let asserted = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of ['post', 'put', 'patch'] as const) {
        const schema = item[method]?.requestBody?.content['application/json']?.schema;
        if (!schema) continue;
        const required = resolve(schema).required ?? [];
        if (required.length === 0) continue;
        const url = path
          .replace('{campaignId}', c.id)
          .replace('{characterId}', hero.id)
          .replace('{system}', 'coeac')
          .replace(/\{\w+\}/g, 'no-such-id');
        const res = await t.http[method](url).set(c.auth).send({});
        if (res.status !== 400) continue; // answered before the body (a 404 for an id, a 409 for a state)
        checked += 1;
        const errors = (res.body.errors ?? []) as Refusal[];
        for (const name of required) {
          const refusal = errors.find((e) => e.field === name);
          if (!refusal) continue; // a rename's pair, or refused with another first
          asserted += 1;
          if (refusal.reason !== 'missing' || refusal.message !== `${name} is required`)
            wrong.push(`${method.toUpperCase()} ${path} ${name}: ${refusal.reason} (${refusal.message})`);
        }
        if (errors.some((e) => e.reason === 'missing') && !/Missing required field/.test(res.body.detail))
          wrong.push(`${method.toUpperCase()} ${path}: detail "${res.body.detail}"`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(asserted).toBeGreaterThan(checked);
    expect(wrong).toEqual([]);
  });

  it.each([
    ['poolCheck', 'mutation($i: PoolCheckInput!) { poolCheck(input: $i) { successes } }', 'pool'],
    [
      'createCharacter',
      'mutation($c: ID!, $i: CreateCharacterInput!) { createCharacter(campaignId: $c, input: $i) { id } }',
      'name',
    ],
    [
      'createNpc',
      'mutation($c: ID!, $i: CreateNpcInput!) { createNpc(campaignId: $c, input: $i) { id } }',
      'name',
    ],
  ])('over GraphQL: %s', async (_name, query, field) => {
    const answer = await gql(t.server, query, { c: c.id, i: {} }, c.auth);
    expect(answer.errors?.length).toBeGreaterThan(0);
    for (const error of answer.errors!) {
      expect(error.extensions?.code).toBe('VALIDATION_FAILED');
      expect(error.message).toMatch(/Missing required field/);
    }
    const errors = answer.errors!.flatMap((e) => e.extensions!.errors as Refusal[]);
    expect(errors).toContainEqual({ field, reason: 'missing', message: `${field} is required` });
    expect(errors.every((e) => e.reason === 'missing')).toBe(true);
  });
});
