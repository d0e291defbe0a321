import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateContracts, OPENAPI_FILE, SCHEMA_FILE } from '../../scripts/contracts';
import { startApp, TestApp } from './harness';

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
    const external = [...page.text.matchAll(/(?:src|href)="(https?:)?\/\/[^"]+"/g)].map((m) => m[0]);
    expect(external).toEqual([]);
    expect(page.text).not.toMatch(/https?:\/\//);
    const scripts = [...page.text.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(expect.arrayContaining(['main.js']));
    for (const script of scripts) await t.http.get(`/playground/${script}`).expect(200);
  });

  it('has a GraphQL twin for every REST operation', () => {
    const doc = JSON.parse(committed(OPENAPI_FILE)) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    const schema = committed(SCHEMA_FILE);
    const fields = (type: string) => {
      const body = new RegExp(`type ${type} \\{([\\s\\S]*?)\\n\\}`).exec(schema)?.[1] ?? '';
      return body.split('\n').filter((line) => /^ {2}\w+/.test(line)).length;
    };
    // Each check mutation serves both the stateless and the campaign REST route; health and readiness
    // are HTTP-only probes.
    const checkMutations = (schema.match(/\n {2}\w+(Check|Roll)\(/g) ?? []).length;
    expect(fields('Query') + fields('Mutation') + checkMutations + 2).toBeGreaterThanOrEqual(operations);
  });
});
