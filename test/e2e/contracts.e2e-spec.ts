import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import type { OperationObject, ResponseObject } from '@nestjs/swagger';
import { generateContracts, OPENAPI_FILE, SCHEMA_FILE } from '../../scripts/contracts';
import { openApiDocument } from '../../src/app.factory';
import { startApp, TestApp } from './harness';
import { compileOpenApiSchema, contractStats, ResponseContract, strictAjv } from './response-contract';

/** Pairs each REST operationId with its GraphQL root field. */
const OPERATIONS_FILE = 'openapi/operations.json';

const committed = (file: string) => readFileSync(join(__dirname, '..', '..', file), 'utf8');

describe('published contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('openapi/openapi.json is what the code generates (run `npm run contracts`)', () => {
    expect(committed(OPENAPI_FILE)).toBe(generateContracts(t.app).openapi);
  });

  it('openapi/schema.graphql is what the code generates (run `npm run contracts`)', () => {
    expect(committed(SCHEMA_FILE)).toBe(generateContracts(t.app).schema);
  });

  it('serves the OpenAPI document at /openapi.json and Swagger UI at /docs', async () => {
    const doc = await t.http.get('/openapi.json').expect(200);
    expect(JSON.parse(committed(OPENAPI_FILE))).toEqual(doc.body);
    const ui = await t.http.get('/docs').expect(200);
    expect(ui.text).toContain('swagger');
  });

  it('serves an offline GraphQL playground whose page loads only local assets', async () => {
    const page = await t.http.get('/graphql').set('accept', 'text/html').expect(200);
    expect(page.text).toContain('<base href="/playground/">');
    // The example in the editor says where the campaign key goes (test/browser reads it on screen).
    expect(page.text).toContain('Authorization: Bearer');
    const external = [...page.text.matchAll(/(?:src|href)="(https?:)?\/\/[^"]+"/g)].map((m) => m[0]);
    expect(external).toEqual([]);
    expect(page.text).not.toMatch(/https?:\/\//);
    const scripts = [...page.text.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(expect.arrayContaining(['main.js']));
    for (const script of scripts) await t.http.get(`/playground/${script}`).expect(200);
  });

  describe('every REST operation has its GraphQL twin (openapi/operations.json)', () => {
    interface Operations {
      twins: Record<string, string>;
      restOnly: Record<string, string>;
      graphqlOnly: Record<string, string>;
    }
    const list = JSON.parse(committed(OPERATIONS_FILE)) as Operations;
    let operationIds: string[];
    let rootFields: string[];
    beforeAll(() => {
      const doc = openApiDocument(t.app);
      operationIds = Object.values(doc.paths).flatMap((item) =>
        Object.values(item as Record<string, { operationId?: string }>)
          .map((operation) => operation?.operationId)
          .filter((id): id is string => typeof id === 'string'),
      );
      const schema = t.app.get(GraphQLSchemaHost).schema;
      rootFields = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap(
        (type) => (type ? Object.keys(type.getFields()).map((field) => `${type.name}.${field}`) : []),
      );
    });

    it('lists every REST operation, as a twin or as REST-only', () => {
      const listed = new Set([...Object.keys(list.twins), ...Object.keys(list.restOnly)]);
      expect(operationIds.filter((id) => !listed.has(id))).toEqual([]);
    });

    it('lists every GraphQL root field, as a twin or as GraphQL-only', () => {
      const listed = new Set([...Object.values(list.twins), ...Object.keys(list.graphqlOnly)]);
      expect(rootFields.filter((field) => !listed.has(field))).toEqual([]);
    });

    it('names only operations and root fields that exist', () => {
      const ids = new Set(operationIds);
      const fields = new Set(rootFields);
      expect(
        [...Object.keys(list.twins), ...Object.keys(list.restOnly)].filter((id) => !ids.has(id)),
      ).toEqual([]);
      expect(
        [...Object.values(list.twins), ...Object.keys(list.graphqlOnly)].filter((f) => !fields.has(f)),
      ).toEqual([]);
    });
  });

  describe('the document is a contract', () => {
    it('passes swagger-parser validation (CI also runs redocly lint: npm run contracts:lint)', async () => {
      const served = await t.http.get('/openapi.json').expect(200);
      await expect(SwaggerParser.validate(served.body as never)).resolves.toBeDefined();
      const text = JSON.stringify(served.body);
      expect(text).not.toContain('"#/components/schemas/"');
    });

    it('declares every path parameter and a problem+json answer for each error status', async () => {
      const doc = openApiDocument(t.app);
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const operation of Object.values(item as Record<string, OperationObject>)) {
          const names = (operation.parameters ?? []).map((p) => ('name' in p ? `${p.in}:${p.name}` : ''));
          for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) expect(names).toContain(`path:${name}`);
          for (const [status, response] of Object.entries(operation.responses)) {
            if (!status.startsWith('4') || !response) continue;
            const resolved = (
              '$ref' in response
                ? doc.components?.responses?.[response.$ref.split('/').pop() ?? '']
                : response
            ) as ResponseObject;
            expect(resolved.content?.['application/problem+json']?.schema).toEqual({
              $ref: '#/components/schemas/Problem',
            });
          }
        }
      }
      expect(doc.servers?.length).toBeGreaterThan(0);
    });

    it('checks every answer the suite receives against it (the harness cannot be silently off)', async () => {
      const before = contractStats().checked;
      await t.http.post('/v1/checks/pool').send({ pool: 'many' }).expect(400);
      expect(contractStats().checked).toBe(before + 1);

      const served = await t.http.get('/openapi.json').expect(200);
      const contract = await ResponseContract.of(JSON.stringify(served.body));
      const answer = { method: 'POST', route: '/v1/checks/pool', contentType: 'application/json' };
      expect(contract.check({ ...answer, status: 200, body: '{"successes":2}' })).toMatch(
        /required property/,
      );
      expect(contract.check({ ...answer, status: 500, body: '{}' })).toMatch(/status 500 is not documented/);
      expect(contract.check({ ...answer, status: 422, body: '{}' })).toMatch(/content type/);
      const problem = { type: 'x', title: 'x', status: 422, detail: 'x', code: 'X' };
      const asProblem = { ...answer, status: 422, contentType: 'application/problem+json' };
      expect(contract.check({ ...asProblem, body: JSON.stringify(problem) })).toBeNull();
      expect(contract.check({ ...asProblem, body: JSON.stringify({ ...problem, extra: 1 }) })).toMatch(
        /additional properties/,
      );
      expect(contract.check({ ...answer, route: '/graphql', status: 200, body: '{}' })).toBeUndefined();
    });

    describe('nullable members validate under strict JSON Schema (Ajv strict, OpenAPI 3.0.3 nullable)', () => {
      it('answers null where a nullable reference or enum allows it, and the harness accepts it', async () => {
        const before = contractStats().mismatches.length;
        const wager = await t.http
          .get('/v1/odds/stronghold-wager')
          .query({ targetRank: 3, wealth: 2, probability: 0.5 })
          .expect(200);
        expect(wager.body.forWager).toBeNull();
        const costs = await t.http.get('/v1/wealth/costs?limit=100').expect(200);
        expect(costs.body.items.some((c: { hireling: unknown }) => c.hireling === null)).toBe(true);
        const catalog = await t.http.get('/v1/wealth/catalog?limit=100').expect(200);
        expect(
          catalog.body.items.some((i: { improvisedWeapon: unknown }) => i.improvisedWeapon === null),
        ).toBe(true);
        const save = await t.http.post('/v1/checks/save').send({ attribute: 10, seed: 's' }).expect(200);
        expect(save.body.automatic).toBeNull();
        expect(contractStats().mismatches.slice(before)).toEqual([]);
      });

      it('every schema of the served document that says nullable accepts null', async () => {
        const served = await t.http.get('/openapi.json').expect(200);
        const api = (await SwaggerParser.dereference(structuredClone(served.body) as never)) as object;
        const ajv = strictAjv();
        const refused: string[] = [];
        const walk = (value: unknown, path: string, seen: Set<object>) => {
          if (typeof value !== 'object' || value === null || seen.has(value)) return;
          seen.add(value);
          const schema = value as Record<string, unknown>;
          if (schema.nullable === true) {
            const validate = compileOpenApiSchema(ajv, schema as never);
            if (!validate(null)) refused.push(path);
          }
          for (const [key, child] of Object.entries(schema)) walk(child, `${path}/${key}`, seen);
        };
        walk(api, '#', new Set());
        expect(refused).toEqual([]);
      });

      it('the harness refuses null where OpenAPI 3.0 does not allow it (a nullable $ref, a nullable enum)', async () => {
        const doc = {
          openapi: '3.0.3',
          info: { title: 't', version: '1' },
          paths: {
            '/x': {
              get: {
                responses: {
                  '200': {
                    description: 'ok',
                    content: {
                      'application/json': {
                        schema: {
                          type: 'object',
                          properties: {
                            siblings: { $ref: '#/components/schemas/Thing', nullable: true },
                            allOf: {
                              type: 'object',
                              nullable: true,
                              allOf: [{ $ref: '#/components/schemas/Thing' }],
                            },
                            anyOf: {
                              anyOf: [
                                { $ref: '#/components/schemas/Thing' },
                                { type: 'object', nullable: true, enum: [null] },
                              ],
                            },
                            enum: { type: 'string', nullable: true, enum: ['a'] },
                            enumWithNull: { type: 'string', nullable: true, enum: ['a', null] },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          components: {
            schemas: { Thing: { type: 'object', properties: { n: { type: 'integer' } } } },
          },
        };
        const contract = await ResponseContract.of(JSON.stringify(doc));
        const answer = (member: string) =>
          contract.check({
            method: 'GET',
            route: '/x',
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ [member]: null }),
          });
        expect(answer('siblings')).toMatch(/must be object/);
        expect(answer('allOf')).toMatch(/must be object/);
        expect(answer('enum')).toMatch(/allowed values/);
        expect(answer('anyOf')).toBeNull();
        expect(answer('enumWithNull')).toBeNull();
      });
    });
  });
});
