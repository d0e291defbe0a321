import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * docs/api-style.md, checked on the committed OpenAPI document (contracts.e2e-spec.ts keeps that file
 * what the code generates). Each rule lists the places that do not follow it yet, with the reason; a
 * new one fails the rule, and a listed one that has been fixed fails it too (take it off the list).
 */

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: boolean | Schema;
}
interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

const document = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const schemas = document.components.schemas;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({ method, path, operation: item[method] })),
);
const named = (o: { method: string; path: string }) => `${o.method.toUpperCase()} ${o.path}`;

const resolve = (s: Schema): Schema => (s.$ref ? resolve(schemas[s.$ref.split('/').pop()!]) : s);

/** Every property of a schema, nested ones included, as `Schema.property`. */
function propertiesOf(schema: Schema, seen = new Set<string>()): string[] {
  const out: string[] = [];
  const visit = (s: Schema, owner: string) => {
    if (s.$ref) {
      const name = s.$ref.split('/').pop()!;
      if (seen.has(name)) return;
      seen.add(name);
      visit(schemas[name], name);
      return;
    }
    for (const [key, member] of Object.entries(s.properties ?? {})) {
      out.push(`${owner}.${key}`);
      visit(member, owner);
    }
    if (s.items) visit(s.items, owner);
    if (typeof s.additionalProperties === 'object') visit(s.additionalProperties, owner);
    for (const part of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(part, owner);
  };
  visit(schema, '(inline)');
  return out;
}

/** Asserts the violations are exactly the known exceptions (so the list can only shrink). */
function expectOnly(found: string[], known: Record<string, string>) {
  const unique = [...new Set(found)].sort();
  expect(unique.filter((f) => !(f in known))).toEqual([]);
  expect(Object.keys(known).filter((k) => !unique.includes(k))).toEqual([]);
}

describe('API style (docs/api-style.md) on openapi/openapi.json', () => {
  it('names every field, query and path parameter in camelCase', () => {
    const fields = Object.entries(schemas).flatMap(([name, s]) =>
      Object.keys(s.properties ?? {}).map((key) => `${name}.${key}`),
    );
    const parameters = operations.flatMap((o) =>
      (o.operation.parameters ?? []).filter((p) => p.in !== 'header').map((p) => `${named(o)} ${p.name}`),
    );
    const bad = [...fields, ...parameters].filter((f) => !/^[a-z][a-zA-Z0-9]*$/.test(f.split(/[ .]/).pop()!));
    expect(bad).toEqual([]);
  });

  it('calls an ability score an attribute (old names only deprecated beside the new one; exceptions listed)', () => {
    const KNOWN: Record<string, string> = {};
    const OLD = /(^|[ .])abilit|Abilit/;
    type Property = Schema & { deprecated?: boolean };
    const fields = Object.entries(schemas).flatMap(([name, s]) =>
      Object.entries((s.properties ?? {}) as Record<string, Property>).map(([key, p]) => ({
        name: `${name}.${key}`,
        key,
        deprecated: p.deprecated === true,
        siblings: Object.keys(s.properties ?? {}),
      })),
    );
    const parameters = operations.flatMap((o) =>
      (o.operation.parameters ?? []).map((p) => ({ name: `${named(o)} ${p.name}`, key: p.name })),
    );
    const old = (key: string) => OLD.test(` ${key}`);
    // An old name may stay only as a deprecated alias, beside the field of the new name.
    const renamed = (key: string) =>
      key
        .replace(/abilit(y|ies)/, (_, end: string) => `attribute${end === 'ies' ? 's' : ''}`)
        .replace(/Abilit(y|ies)/, (_, end: string) => `Attribute${end === 'ies' ? 's' : ''}`);
    for (const f of fields.filter((x) => old(x.key) && x.deprecated))
      expect({ field: f.name, renamedTo: f.siblings.includes(renamed(f.key)) }).toEqual({
        field: f.name,
        renamedTo: true,
      });
    const found = [
      ...fields.filter((f) => old(f.key) && !f.deprecated).map((f) => f.name),
      ...parameters.filter((p) => old(p.key)).map((p) => p.name),
    ];
    expectOnly(found, KNOWN);
    // The GraphQL schema too: a member of an object or input type named with the old word is
    // deprecated there (operations are named after their rules, `abilityCheck`: not fields).
    const sdl = readFileSync(join(__dirname, '..', '..', 'openapi', 'schema.graphql'), 'utf8');
    let block = '';
    const undeprecated: string[] = [];
    let inDescription = false;
    for (const line of sdl.split('\n')) {
      const quotes = line.split('"""').length - 1;
      if (quotes > 0 || inDescription) {
        if (quotes % 2 === 1) inDescription = !inDescription;
        continue;
      }
      const opening = /^(type|input|enum|interface) (\w+)/.exec(line);
      if (opening) block = ['Query', 'Mutation', 'Subscription'].includes(opening[2]) ? '' : opening[2];
      else if (block && /^\s+(abilit|\w*Abilit)\w*\s*[(:]/.test(line) && !line.includes('@deprecated'))
        undeprecated.push(`${block}.${line.trim().split(/[(:]/)[0]}`);
    }
    // The G&M sheet answers and takes `attributes`, its stored `abilities` only deprecated beside it.
    expect(undeprecated).toEqual([]);
  });

  it('gives named values as lower-case (kebab-case) ids', () => {
    const KNOWN: Record<string, string> = {
      'CoeacSpellInfo.skill': 'COEAC skill names as the sheets store them (Produce, Reveal, …)',
      'CoeacSpellInfo.reverseSkill': 'as above',
      'GET /v1/magic/coeac/spells skill': 'as above',
    };
    const values = (s: Schema): unknown[] => [
      ...(s.enum ?? []),
      ...(s.items ? values(s.items) : []),
      ...(s.anyOf ?? []).flatMap(values),
    ];
    const bad = (s: Schema) =>
      values(s).some((v) => typeof v === 'string' && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(v));
    const found = [
      ...Object.entries(schemas).flatMap(([name, s]) =>
        Object.entries(s.properties ?? {})
          .filter(([, member]) => bad(member))
          .map(([key]) => `${name}.${key}`),
      ),
      ...operations.flatMap((o) =>
        (o.operation.parameters ?? [])
          .filter((p) => p.schema && bad(p.schema))
          .map((p) => `${named(o)} ${p.name}`),
      ),
    ];
    expectOnly(found, KNOWN);
  });

  it('pages every list with limit, after and next', () => {
    const NOT_LISTS: Record<string, string> = {
      'GET /v1/campaigns/{campaignId}/characters/{characterId}/inventory':
        'a state: slots, carriers and items',
      'GET /v1/campaigns/{campaignId}/characters/{characterId}/attunements':
        'a state: items and the penalty dice',
      'GET /v1/campaigns/{campaignId}/characters/{characterId}/magic/cairn':
        'a state: items, Fatigue, free slots',
      'GET /v1/harm/coeac/down-and-out': 'one rule table with its odds (harm, the lead’s redesign)',
      'GET /v1/campaigns/{campaignId}/hordes/{hordeId}': 'one horde; its items are its contents',
    };
    const found = operations
      .filter(({ method, operation }) => {
        if (method !== 'get') return false;
        const ok = operation.responses['200']?.content?.['application/json']?.schema;
        const answer = ok ? resolve(ok) : undefined;
        const items = answer?.properties?.items;
        if (!items || resolve(items).type !== 'array') return false;
        const query = new Set(
          (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        );
        return !(
          query.has('limit') &&
          query.has('after') &&
          answer.properties &&
          'next' in answer.properties
        );
      })
      .map(named);
    expectOnly(found, NOT_LISTS);
    // A bare array is not a page either: every list is an object with items and next.
    const bare = operations
      .filter(({ method, operation }) => {
        const ok = operation.responses['200']?.content?.['application/json']?.schema;
        return method === 'get' && ok !== undefined && resolve(ok).type === 'array';
      })
      .map(named);
    expect(bare).toEqual([]);
  });

  it('pages every GraphQL list as its REST twin: limit and after on each query answering items and next', () => {
    const sdl = readFileSync(join(__dirname, '..', '..', 'openapi', 'schema.graphql'), 'utf8').replace(
      /"""[\s\S]*?"""/g,
      '',
    );
    const blocks = [...sdl.matchAll(/^type (\w+)[^{]*\{([\s\S]*?)^\}/gm)];
    const paged = new Set(
      blocks
        .filter(([, , body]) => /^\s+items[(:]/m.test(body) && /^\s+next[(:]/m.test(body))
        .map(([, name]) => name),
    );
    const query = blocks.find(([, name]) => name === 'Query')![2];
    const fields = [...query.matchAll(/^\s+(\w+)(\(([^)]*)\))?:\s*([\w[\]!]+)/gm)].map((m) => ({
      name: m[1],
      args: m[3] ?? '',
      answer: m[4].replace(/!/g, ''),
    }));
    expect(paged.size).toBeGreaterThan(30);
    const unpaged = fields
      .filter((f) => paged.has(f.answer) && !(/\blimit:/.test(f.args) && /\bafter:/.test(f.args)))
      .map((f) => f.name);
    expect(unpaged).toEqual([]);
    // A bare list is not a page: none is left.
    expect(fields.filter((f) => f.answer.startsWith('[')).map((f) => f.name)).toEqual([]);
  });

  it('lists no campaign-only field on a stateless operation', () => {
    const CAMPAIGN_ONLY = ['secret', 'taskTags'];
    const found = operations
      .filter(({ path }) => !path.includes('{campaignId}'))
      .flatMap((o) => {
        const body = o.operation.requestBody?.content['application/json']?.schema;
        const fields = body ? propertiesOf(body) : [];
        return fields
          .filter((f) => CAMPAIGN_ONLY.includes(f.split('.').pop()!))
          .map((f) => `${named(o)} ${f}`);
      });
    expect(found).toEqual([]);
  });

  it('says, on every deprecated operation, which one replaces it', () => {
    const deprecated = operations.filter((o) => o.operation.deprecated);
    expect(deprecated.map(named)).toEqual(['POST /v1/campaigns/{campaignId}/combats/{combatId}/attacks']);
    for (const o of deprecated)
      expect(`${o.operation.summary} ${o.operation.description}`).toMatch(/alias of/i);
  });
});
