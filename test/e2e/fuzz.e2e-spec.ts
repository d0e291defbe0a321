import SwaggerParser from '@apidevtools/swagger-parser';
import fc from 'fast-check';
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  GraphQLField,
  GraphQLInputType,
  GraphQLNamedType,
  GraphQLOutputType,
  GraphQLSchema,
  IntrospectionQuery,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
} from 'graphql';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { createCampaign, createCharacter, createKey, startSession } from '../factories/campaign';
import {
  deeplyNested,
  Expect,
  IdPools,
  join,
  names,
  ODD_STRINGS,
  resolve,
  Schema,
  setAt,
  slots,
  valid,
  valueMutations,
} from './fuzz-plans';

/*
 * The fuzz tier (issue 17): seeded requests built at run time from what the app serves, the OpenAPI
 * document for REST and introspection for GraphQL, so that every operation is covered, new ones
 * included, with no list kept here. Valid samples of every input, and the same samples with one
 * thing changed: a field of the wrong type, null, left out, huge, negative, a fraction, past its
 * bounds, a long or odd unicode string, deep nesting, an unknown member; the body not JSON, not an
 * object, empty or of another content type; a path id that does not exist or is too long; no key, a
 * bad key, another campaign's key, a viewer's or a player's key.
 *
 * It fails on any 5xx, any INTERNAL code, any 4xx that is not a problem document (REST), any answer
 * of /graphql that is not a GraphQL response in the media type asked for (issue 40), and any
 * refusal that does not name what was changed (see Expect in fuzz-plans.ts and docs/decisions.md).
 * FUZZ_SEED picks another seed (the default is fixed so CI is reproducible); FUZZ_REST and FUZZ_GRAPHQL
 * the number of requests.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REST_REQUESTS = Number(process.env.FUZZ_REST ?? 10_000);
const GRAPHQL_REQUESTS = Number(process.env.FUZZ_GRAPHQL ?? 2_000);
const ANSWER_TIMEOUT_MS = 15_000;

interface Answer {
  status: number;
  contentType: string;
  body: unknown;
  text: string;
}

interface Operation {
  method: string;
  path: string;
  id: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  body?: Schema;
  secured: boolean;
  streams: boolean;
}

interface Plan {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  label: string;
  expect: Expect;
  /** The unchanged sample, sent first when the change is only checked if refused (see checkNaming). */
  base?: Plan;
}

type Keys = Record<'referee' | 'player' | 'viewer' | 'other', string>;

describe(`fuzz tier: REST from the OpenAPI document, GraphQL from introspection (${DATABASE_KIND})`, () => {
  let t: TestApp;
  const pools: IdPools = new Map();
  let keys: Keys;
  let protectedIds: Set<string>;
  let failures: string[] = [];
  beforeEach(() => {
    failures = [];
  });

  async function send(plan: Pick<Plan, 'method' | 'url' | 'headers' | 'payload'>): Promise<Answer> {
    const fastify = t.app.getHttpAdapter().getInstance();
    const answer = fastify.inject({
      method: plan.method as 'GET',
      url: plan.url,
      headers: plan.headers,
      ...(plan.payload !== undefined ? { payload: plan.payload } : {}),
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      const what = `${plan.method} ${plan.url} ${plan.payload?.slice(0, 200) ?? ''}`;
      timer = setTimeout(() => reject(new Error(`no answer in time: ${what}`)), ANSWER_TIMEOUT_MS);
    });
    try {
      const res = await Promise.race([answer, timeout]);
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        body = undefined;
      }
      return {
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        body,
        text: res.body,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  function fail(where: string, why: string, answer: Answer): void {
    if (failures.length < 60)
      failures.push(`${where}: ${why} → ${answer.status} ${answer.text.slice(0, 300)}`);
    else failures.push('');
  }

  /** REST: never a 5xx or INTERNAL; a 4xx is a problem document; a refusal names what was changed. */
  function checkRest(plan: Plan, answer: Answer, baseFields: string[] = []): void {
    const where = `${plan.method} ${plan.url.slice(0, 160)} [${plan.label}]`;
    if (answer.status >= 500) return fail(where, 'a 5xx', answer);
    if (answer.text.includes('"INTERNAL"')) return fail(where, 'an INTERNAL code', answer);
    const problem = answer.body as {
      type?: unknown;
      title?: unknown;
      status?: unknown;
      detail?: unknown;
      code?: unknown;
      errors?: Array<{ field: string; message: string }>;
    };
    if (answer.status >= 400) {
      const isProblem =
        answer.contentType.startsWith('application/problem+json') &&
        problem &&
        typeof problem.type === 'string' &&
        typeof problem.title === 'string' &&
        problem.status === answer.status &&
        typeof problem.detail === 'string' &&
        typeof problem.code === 'string';
      if (!isProblem) return fail(where, 'a 4xx that is not a problem document', answer);
      for (const error of problem.errors ?? []) {
        if (typeof error.field !== 'string' || !error.field || typeof error.message !== 'string') {
          return fail(where, 'an errors[] entry not in the shape { field, message }', answer);
        }
      }
    }
    checkNaming(where, plan.expect, answer.status, problem?.errors ?? [], answer, baseFields);
  }

  function checkNaming(
    where: string,
    expect: Expect,
    status: number,
    errors: Array<{ field: string }>,
    answer: Answer,
    baseFields: string[] = [],
  ): void {
    const fields = errors.map((e) => e.field);
    if (expect.kind === 'refused') {
      const statuses = expect.statuses ?? [400];
      if (!statuses.includes(status))
        return fail(where, `expected ${statuses.join('/')} naming ${expect.field}`, answer);
      const mustName = expect.field && (!expect.namedOn || expect.namedOn.includes(status));
      if (mustName && !fields.some((f) => names(f, expect.field!, true))) {
        return fail(where, `the refusal does not name ${expect.field}`, answer);
      }
    }
    // A value of the right type may still be refused for what it means: a 400 must then name the
    // field, unless the unchanged sample was refused for the same fields already. A 422 or 409
    // (a rule, Cash, the campaign's state) may name another field: it weighs several.
    if (expect.kind === 'named-if-refused' && status === 400 && expect.field) {
      const known = fields.length > 0 && fields.every((f) => baseFields.includes(f));
      if (!known && !fields.some((f) => names(f, expect.field!, true))) {
        return fail(where, `the refusal does not name ${expect.field}`, answer);
      }
    }
  }

  beforeAll(async () => {
    t = await startApp({ GRAPHQL_MAX_COST: '100000' });
    const campaign = await createCampaign(t.server, 'Fuzz');
    const other = await createCampaign(t.server, 'Elsewhere');
    const hero = await createCharacter(t.server, campaign, { name: 'Mira', wealth: 4, cash: 20 });
    await createCharacter(t.server, campaign, { name: 'Toromeen', wealth: 2, cash: 5 });
    const player = await createKey(t.server, campaign, { role: 'player', characterIds: [hero.id] });
    const viewer = await createKey(t.server, campaign, { role: 'viewer' });
    await startSession(t.server, campaign);
    await t.http
      .post(`/v1/campaigns/${campaign.id}/checks/pool`)
      .set(campaign.auth)
      .send({ pool: 3, objective: 1 });
    keys = { referee: campaign.refereeKey, player: player.key, viewer: viewer.key, other: other.refereeKey };
    pools.set('campaignId', [campaign.id]);
    const me = await t.http.get(`/v1/campaigns/${campaign.id}/keys`).set(campaign.auth);
    // The fuzz never revokes the referee key it uses (the only id kept out of the pools).
    protectedIds = new Set(
      (me.body.items as Array<{ id: string; role: string }>)
        .filter((k) => k.role === 'referee')
        .map((k) => k.id),
    );
  }, 120_000);
  afterAll(() => t?.close());

  async function restOperations(): Promise<Operation[]> {
    const served = await send({ method: 'GET', url: '/openapi.json', headers: {} });
    const api = (await SwaggerParser.dereference(JSON.parse(served.text) as never)) as unknown as {
      paths: Record<string, Record<string, Schema>>;
    };
    const operations: Operation[] = [];
    for (const [path, item] of Object.entries(api.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const responses = Object.values((op.responses ?? {}) as Record<string, Schema>);
        operations.push({
          method: method.toUpperCase(),
          path,
          id: String(op.operationId ?? `${method} ${path}`),
          parameters: (op.parameters ?? []) as Operation['parameters'],
          body: op.requestBody?.content?.['application/json']?.schema as Schema | undefined,
          secured: ((op.security ?? []) as Schema[]).some((s) => 'bearer' in s),
          streams: responses.some((r) => r.content && 'text/event-stream' in r.content),
        });
      }
    }
    return operations.sort((a, b) => a.id.localeCompare(b.id));
  }

  function fill(path: string, values: Record<string, string>): string | null {
    let missing = false;
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) missing = true;
      return encodeURIComponent(value ?? '');
    });
    return missing ? null : url;
  }

  /** Ids of everything the campaign holds, read from its lists (`…/characters` → characterId). */
  async function harvest(operations: Operation[]): Promise<void> {
    for (let round = 0; round < 3; round++) {
      for (const op of operations) {
        if (op.method !== 'GET' || op.streams) continue;
        for (const target of operations) {
          const rest = target.path.startsWith(`${op.path}/`) ? target.path.slice(op.path.length + 1) : '';
          const match = /^\{(\w+)\}$/.exec(rest);
          if (!match) continue;
          const values = Object.fromEntries([...pools].map(([k, v]) => [k, v[0]]));
          const url = fill(op.path, values);
          if (!url) continue;
          const answer = await send({
            method: 'GET',
            url,
            headers: { authorization: `Bearer ${keys.referee}` },
          });
          const items =
            (answer.body as { items?: unknown[] } | undefined)?.items ??
            (Array.isArray(answer.body) ? answer.body : []);
          const ids = (items as Array<Record<string, unknown>>)
            .map((i) => (typeof i.id === 'string' ? i.id : typeof i.name === 'string' ? i.name : undefined))
            .filter((id): id is string => !!id && !protectedIds.has(id));
          if (ids.length > 0)
            pools.set(match[1], [...new Set([...(pools.get(match[1]) ?? []), ...ids])].slice(0, 6));
          break;
        }
      }
    }
  }

  /** The plans of one operation: valid samples and one mutation each, `count` in all. */
  function restPlans(op: Operation, count: number, seed: number): Plan[] {
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const pathValues: Record<string, fc.Arbitrary<string>> = {};
    for (const p of pathParams) {
      const ids = pools.get(p.name);
      pathValues[p.name] = ids && ids.length > 0 ? fc.constantFrom(...ids) : fc.uuid();
    }
    const queryRecord: Record<string, fc.Arbitrary<unknown>> = {};
    for (const p of queryParams) queryRecord[p.name] = valid(p.schema, pools, p.name);
    const requiredQuery = queryParams.filter((p) => p.required).map((p) => p.name);
    const sample = fc.record({
      path: fc.record(pathValues),
      query: fc.record(queryRecord, { requiredKeys: requiredQuery }),
      body: op.body ? valid(op.body, pools) : fc.constant(undefined),
      pick: fc.nat(),
      variant: fc.nat(),
      key: fc.constantFrom<keyof Keys>('referee', 'referee', 'referee', 'player', 'viewer'),
    });
    return fc.sample(sample, { numRuns: count, seed }).map((s, i) => {
      const base = {
        path: s.path as Record<string, string>,
        query: s.query as Record<string, unknown>,
        body: s.body,
        key: op.streams ? 'other' : s.key,
      };
      const choice = op.streams ? 2 + (i % 4) : i % 6;
      return buildPlan(op, base, choice, s.pick, s.variant);
    });
  }

  function buildPlan(
    op: Operation,
    baseIn: { path: Record<string, string>; query: Record<string, unknown>; body: unknown; key: string },
    choice: number,
    pick: number,
    variant: number,
  ): Plan {
    let { path, query, body } = baseIn;
    let base: Plan | undefined;
    let key: string | null = keys[baseIn.key as keyof Keys] ?? keys.referee;
    let label = 'valid sample';
    let expect: Expect = { kind: 'any' };
    let contentType = 'application/json';
    let payload: string | undefined;
    let rawPayload = false;
    const bodySlots = op.body ? slots(op.body, body) : [];
    const querySlots = op.parameters.filter((p) => p.in === 'query');
    if (choice === 0) {
      // A valid sample, with the referee key (most reach the services).
      key = keys.referee;
    } else if (choice === 1 && bodySlots.length > 0) {
      key = keys.referee;
      const slot = bodySlots[pick % bodySlots.length];
      const options = valueMutations(slot);
      const m = options[variant % options.length];
      label = `${slot.field}: ${m.label}`;
      expect = m.expect;
      if (m.expect.kind === 'named-if-refused')
        base = buildPlan(op, { ...baseIn, key: 'referee' }, 0, pick, variant);
      if (m.label === 'unknown member') body = setAt(body, [...slot.path, 'zzUnknown'], 1);
      else body = setAt(body, slot.path, m.value, m.remove);
    } else if (choice === 2 && querySlots.length > 0) {
      key = keys.referee;
      const p = querySlots[pick % querySlots.length];
      const s = resolve(p.schema);
      const numeric =
        s.type === 'integer' || s.type === 'number' || s.type === 'boolean' || Array.isArray(s.enum);
      const options: Array<[unknown, string, Expect]> = [
        ['zz', 'unknown query parameter', { kind: 'refused', field: 'zzUnknown' }],
        ...(numeric
          ? [
              ['abc', 'not a number or choice', { kind: 'refused', field: p.name }] as [
                unknown,
                string,
                Expect,
              ],
            ]
          : []),
        ['-1', 'negative', { kind: 'named-if-refused', field: p.name }],
        ['99999999999999999999', 'huge', { kind: 'named-if-refused', field: p.name }],
        ['ẞ'.repeat(3000), 'long', { kind: 'named-if-refused', field: p.name }],
        [ODD_STRINGS[variant % ODD_STRINGS.length], 'odd', { kind: 'named-if-refused', field: p.name }],
      ];
      const [value, what, e] = options[variant % options.length];
      if (what === 'unknown query parameter') query = { ...query, zzUnknown: value };
      else query = { ...query, [p.name]: value };
      label = `?${p.name}: ${what}`;
      expect = e;
    } else if (choice === 3 && op.method !== 'GET') {
      key = keys.referee;
      const whole: Array<[string, string | undefined, string, Expect]> = op.body
        ? [
            ['{"a":', 'application/json', 'not JSON', { kind: 'refused', field: 'body' }],
            [
              'pool=3',
              'text/plain',
              'text/plain',
              { kind: 'refused', field: 'content-type', statuses: [415] },
            ],
            ['<a/>', 'application/xml', 'xml', { kind: 'refused', field: 'content-type', statuses: [415] }],
            [
              'a=1',
              'application/x-www-form-urlencoded',
              'form',
              { kind: 'refused', field: 'content-type', statuses: [415] },
            ],
            ['[1,2]', 'application/json', 'a list', { kind: 'refused', field: 'body' }],
            ['"x"', 'application/json', 'a string', { kind: 'refused', field: 'body' }],
            ['', 'application/json', 'empty', { kind: 'refused', field: 'body' }],
            [
              `{"a":${'['.repeat(20000)}${']'.repeat(20000)}}`,
              'application/json',
              'deep',
              { kind: 'refused', field: 'body' },
            ],
            [
              JSON.stringify({ ...(body as object), zzUnknown: 1 }),
              'application/json',
              'unknown member',
              { kind: 'refused', field: 'zzUnknown' },
            ],
          ]
        : [
            [
              '{"zzUnknown":1}',
              'application/json',
              'a body where none is read',
              { kind: 'refused', field: 'zzUnknown' },
            ],
            ['{"a":', 'application/json', 'not JSON', { kind: 'refused', field: 'body' }],
          ];
      const [text, type, what, e] = whole[variant % whole.length];
      payload = text;
      rawPayload = true;
      contentType = type ?? contentType;
      label = `body: ${what}`;
      expect = e;
    } else if (choice === 4 && Object.keys(path).length > 0) {
      key = keys.referee;
      const names = Object.keys(path);
      const name = names[pick % names.length];
      const bad = [
        '00000000-0000-4000-8000-000000000000',
        'x'.repeat(150),
        '%E2%80%AE',
        '-1',
        'null',
        "'",
        'é',
      ];
      const value = bad[variant % bad.length];
      path = { ...path, [name]: value };
      label = `{${name}}: ${JSON.stringify(value)}`;
      expect =
        value.length > 100
          ? { kind: 'refused', field: 'path', statuses: [414] }
          : { kind: 'named-if-refused', field: name };
    } else if (choice === 5 || op.streams) {
      const which = variant % 4;
      key = [null, 'arb_not-a-key', keys.other, 'x'.repeat(5000)][which];
      label = `key: ${['none', 'garbage', "another campaign's", 'huge'][which]}`;
      expect = op.secured ? { kind: 'refused', statuses: [401, 404] } : { kind: 'any' };
    }
    const rawPath = path;
    const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = rawPath[name] ?? '';
      return /%[0-9A-F]{2}/.test(value) ? value : encodeURIComponent(value);
    });
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null) continue;
      search.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    }
    const qs = search.toString();
    const headers: Record<string, string> = {};
    if (key) headers.authorization = `Bearer ${key}`;
    if (!rawPayload && body !== undefined && op.method !== 'GET') payload = JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = contentType;
    if (expect.kind === 'named-if-refused' && !base && choice !== 0 && !op.streams) {
      base = buildPlan(op, { ...baseIn, key: 'referee' }, 0, pick, variant);
    }
    return { method: op.method, url: qs ? `${url}?${qs}` : url, headers, payload, label, expect, base };
  }

  it(`answers ${REST_REQUESTS} generated REST requests without a 5xx, each refusal a problem naming the field`, async () => {
    const operations = await restOperations();
    expect(operations.length).toBeGreaterThan(50);
    // Valid samples of every creating operation first, so that the lists have something to page.
    for (const op of operations.filter((o) => o.method === 'POST' && !o.streams)) {
      for (const plan of restPlans(op, 3, SEED).map((p, i) => (i === 0 ? p : p))) {
        if (plan.label !== 'valid sample') continue;
        checkRest(plan, await send(plan));
      }
    }
    await harvest(operations);
    const perOperation = Math.ceil(REST_REQUESTS / operations.length);
    let sent = 0;
    for (const [index, op] of operations.entries()) {
      for (const plan of restPlans(op, perOperation, SEED + index)) {
        let baseFields: string[] = [];
        if (plan.base) {
          const answer = await send(plan.base);
          checkRest(plan.base, answer);
          baseFields = ((answer.body as { errors?: Array<{ field: string }> })?.errors ?? []).map(
            (e) => e.field,
          );
          sent += 1;
        }
        checkRest(plan, await send(plan), baseFields);
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThanOrEqual(REST_REQUESTS);
    expect({ failures: failures.length, first: failures.filter(Boolean) }).toEqual({
      failures: 0,
      first: [],
    });
  }, 600_000);

  // GraphQL

  function typeArb(type: GraphQLInputType, name: string, depth: number): fc.Arbitrary<unknown> {
    if (isNonNullType(type)) return typeArb(type.ofType, name, depth);
    if (isListType(type)) {
      return depth > 4
        ? fc.constant([])
        : fc.array(typeArb(type.ofType, name.replace(/s$/, ''), depth + 1), { maxLength: 3 });
    }
    if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => v.name));
    if (isInputObjectType(type)) {
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const field of Object.values(type.getFields())) {
        record[field.name] = typeArb(field.type, field.name, depth + 1);
        if (isNonNullType(field.type)) required.push(field.name);
      }
      return depth > 4 ? fc.constant({}) : fc.record(record, { requiredKeys: required });
    }
    const named = (type as GraphQLNamedType).name;
    const ids = pools.get(name) ?? pools.get(name.replace(/Ids$/, 'Id'));
    switch (named) {
      case 'Int':
        return fc.oneof(
          { arbitrary: fc.integer({ min: 0, max: 6 }), weight: 4 },
          fc.integer({ min: -5, max: 1000 }),
        );
      case 'Float':
        return fc.double({ min: 0, max: 1, noNaN: true });
      case 'Boolean':
        return fc.boolean();
      case 'ID':
      case 'String':
        return ids && ids.length > 0 ? fc.constantFrom(...ids) : fc.string({ minLength: 1, maxLength: 12 });
      default:
        return fc.constant({});
    }
  }

  function selection(type: GraphQLOutputType, depth: number): string {
    const named = getNamedType(type);
    if (isLeafType(named)) return '';
    if (isUnionType(named)) return '{ __typename }';
    if (!isObjectType(named) && !isInterfaceType(named)) return '';
    const fields = Object.values(named.getFields()).filter((f) =>
      f.args.every((a) => !isNonNullType(a.type)),
    );
    const leaves = fields.filter((f) => isLeafType(getNamedType(f.type))).map((f) => f.name);
    const nested =
      depth < 1
        ? fields
            .filter((f) => !isLeafType(getNamedType(f.type)))
            .slice(0, 2)
            .map((f) => `${f.name} ${selection(f.type, depth + 1)}`)
        : [];
    return `{ __typename ${[...leaves, ...nested].join(' ')} }`;
  }

  type GraphQLErrors = Array<{ extensions?: { code?: string; errors?: Array<{ field: string }> } }>;

  function graphqlErrors(answer: Answer): GraphQLErrors {
    return (answer.body as { errors?: GraphQLErrors } | undefined)?.errors ?? [];
  }

  interface GraphQLPlan {
    query: string;
    variables: Record<string, unknown>;
    base?: Record<string, unknown>;
    key: string | null;
    label: string;
    expect: Expect;
    raw?: string;
  }

  function graphqlPlans(
    schema: GraphQLSchema,
    kind: 'query' | 'mutation',
    field: GraphQLField<unknown, unknown>,
    count: number,
    seed: number,
  ): GraphQLPlan[] {
    const declared = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
    const passed = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const query = `${kind}${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selection(field.type, 0)} }`;
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    const required = field.args.filter((a) => isNonNullType(a.type)).map((a) => a.name);
    // A valid sample sends no `after`: a cursor is only what a list answered, so a random one would
    // be a second wrong field (issue 42: a character named by an odd string the REST tier created
    // resolves, and the refusal then names `after` instead).
    for (const a of field.args)
      record[a.name] = a.name === 'after' ? fc.constant(undefined) : typeArb(a.type, a.name, 0);
    const sample = fc.record({
      variables: fc.record(record, { requiredKeys: required }),
      pick: fc.nat(),
      variant: fc.nat(),
    });
    return fc.sample(sample, { numRuns: count, seed }).map((s, i) => {
      const variables = s.variables as Record<string, unknown>;
      const plan: GraphQLPlan = {
        query,
        variables,
        base: variables,
        key: keys.referee,
        label: 'valid sample',
        expect: { kind: 'any' },
      };
      const choice = i % 4;
      const slotsOf = field.args.flatMap((a) =>
        inputSlots(
          a.type,
          variables[a.name],
          a.name,
          [a.name],
          isInputObjectType(getNamedType(a.type)) ? '' : a.name,
        ),
      );
      if (choice === 1 || choice === 2) {
        if (slotsOf.length === 0) return plan;
        const slot = slotsOf[s.pick % slotsOf.length];
        const options: Array<[unknown, string, boolean?]> = [
          [null, 'null'],
          [deeplyNested(60), 'deep nesting'],
          [2 ** 53, 'huge'],
          [-1, 'negative'],
          ['ẞ'.repeat(3000), 'long string'],
          [ODD_STRINGS[s.variant % ODD_STRINGS.length], 'odd string'],
          [{ zz: 1 }, 'object'],
          [undefined, 'unknown member', true],
        ];
        const [value, what, unknown] = options[s.variant % options.length];
        const expectation = graphqlExpect(what, slot);
        const current = slot.path.reduce<unknown>(
          (v, k) => (v as Record<string, unknown> | undefined)?.[k],
          variables,
        );
        if (unknown && (slot.leaf !== 'input' || !current || typeof current !== 'object')) return plan;
        plan.variables = unknown
          ? (setAt(variables, [...slot.path, 'zzUnknown'], 1) as Record<string, unknown>)
          : (setAt(variables, slot.path, value) as Record<string, unknown>);
        if (what === 'deep nesting') plan.raw = JSON.stringify({ query, variables: plan.variables });
        plan.label = `${slot.named || slot.path.join('.')}: ${what}`;
        plan.expect = expectation;
      } else if (choice === 3) {
        const which = s.variant % 3;
        plan.key = [null, 'arb_not-a-key', keys.other][which];
        plan.label = `key: ${['none', 'garbage', "another campaign's"][which]}`;
      }
      return plan;
    });
  }

  /**
   * What a changed variable must answer. graphql-js coerces a single value into a list and takes
   * numbers for ID, so a value is only "wrong" where no coercion applies; elsewhere a refusal (400
   * or 422) must still name the field or a field inside it.
   */
  function graphqlExpect(what: string, slot: InputSlot): Expect {
    const leaf = slot.leaf ?? '';
    const refused: Expect = { kind: 'refused', field: slot.named };
    const named: Expect = { kind: 'named-if-refused', field: slot.named };
    switch (what) {
      case 'null':
        return slot.required ? refused : { kind: 'any' };
      case 'deep nesting':
        return { kind: 'refused', field: 'body' };
      case 'huge':
        return ['Int', 'String', 'Boolean', 'enum', 'input'].includes(leaf) ? refused : named;
      case 'negative':
        return ['String', 'Boolean', 'enum', 'input'].includes(leaf) ? refused : named;
      case 'long string':
      case 'odd string':
        return ['Int', 'Float', 'Boolean', 'enum', 'input'].includes(leaf) ? refused : named;
      case 'object':
        return ['Int', 'Float', 'String', 'ID', 'Boolean', 'enum'].includes(leaf)
          ? refused
          : leaf === 'JSON'
            ? { kind: 'any' }
            : named;
      case 'unknown member':
        return { kind: 'refused', field: join(slot.named, 'zzUnknown') };
      default:
        return { kind: 'any' };
    }
  }

  interface InputSlot {
    path: Array<string | number>;
    named: string;
    required: boolean;
    leaf?: string;
  }

  /** Every variable and field inside one, named as the answers name them (inside the input object). */
  function inputSlots(
    type: GraphQLInputType,
    value: unknown,
    named: string,
    path: Array<string | number>,
    inside: string,
  ): InputSlot[] {
    const required = isNonNullType(type);
    const inner = isNonNullType(type) ? type.ofType : type;
    const leaf = isListType(inner)
      ? 'list'
      : isInputObjectType(inner)
        ? 'input'
        : isEnumType(inner)
          ? 'enum'
          : (inner as GraphQLNamedType).name;
    // An input object argument is named from inside (`pool`, not `input.pool`): its own slot is ''.
    const own = isInputObjectType(inner) && path.length === 1 ? '' : inside || named;
    const out: InputSlot[] = [{ path, named: own, required, leaf: leaf === 'JSONObject' ? 'JSON' : leaf }];
    if (isInputObjectType(inner) && value && typeof value === 'object') {
      for (const f of Object.values(inner.getFields())) {
        const child = inside ? `${inside}.${f.name}` : f.name;
        const v = (value as Record<string, unknown>)[f.name];
        if (v === undefined)
          out.push({
            path: [...path, f.name],
            named: child,
            required: isNonNullType(f.type),
            leaf: 'absent',
          });
        else out.push(...inputSlots(f.type, v, child, [...path, f.name], child));
      }
    }
    return out.filter((s) => s.leaf !== 'absent' || true);
  }

  /**
   * A GraphQL response (GraphQL over HTTP): JSON of the media type asked for, `data` with a 200, or
   * no `data` and a non-empty `errors[]` with a 4xx (a request refused before execution).
   */
  function isGraphqlResponse(answer: Answer, mediaType: string): boolean {
    if (answer.contentType !== `${mediaType}; charset=utf-8`) return false;
    const body = answer.body as { data?: unknown; errors?: unknown } | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
    if (body.errors !== undefined && (!Array.isArray(body.errors) || body.errors.length === 0)) return false;
    if ('data' in body) return answer.status === 200;
    return Array.isArray(body.errors) && answer.status >= 400 && answer.status < 500;
  }

  it(`answers ${GRAPHQL_REQUESTS} generated GraphQL operations, each a GraphQL response without INTERNAL, each refusal naming the field`, async () => {
    const introspection = await send({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: getIntrospectionQuery() }),
    });
    const schema = buildClientSchema((introspection.body as { data: IntrospectionQuery }).data);
    const roots: Array<['query' | 'mutation', GraphQLField<unknown, unknown>]> = [
      ...Object.values(schema.getQueryType()?.getFields() ?? {}).map(
        (f) => ['query', f] as ['query', GraphQLField<unknown, unknown>],
      ),
      ...Object.values(schema.getMutationType()?.getFields() ?? {}).map(
        (f) => ['mutation', f] as ['mutation', GraphQLField<unknown, unknown>],
      ),
    ];
    expect(roots.length).toBeGreaterThan(50);
    const perField = Math.ceil(GRAPHQL_REQUESTS / roots.length);
    let sent = 0;
    for (const [index, [kind, field]] of roots.entries()) {
      const plans = graphqlPlans(schema, kind, field, perField, SEED + 7919 * (index + 1));
      for (const [planIndex, plan] of plans.entries()) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (plan.key) headers.authorization = `Bearer ${plan.key}`;
        // Every other request prefers the GraphQL-over-HTTP media type: the answer must use it.
        const mediaType = planIndex % 2 === 1 ? 'application/graphql-response+json' : 'application/json';
        if (mediaType !== 'application/json') headers.accept = `${mediaType}, application/json;q=0.5`;
        let baseFields: string[] = [];
        if (plan.expect.kind === 'named-if-refused') {
          // The unchanged sample first: a refusal it already gets says nothing about the change.
          const unchanged = JSON.stringify({ query: plan.query, variables: plan.base });
          const before = await send({ method: 'POST', url: '/graphql', headers, payload: unchanged });
          baseFields = graphqlErrors(before)
            .flatMap((e) => e.extensions?.errors ?? [])
            .map((e) => e.field);
          sent += 1;
        }
        const payload = plan.raw ?? JSON.stringify({ query: plan.query, variables: plan.variables });
        const answer = await send({ method: 'POST', url: '/graphql', headers, payload });
        sent += 1;
        const where = `${field.name} [${plan.label}] ${JSON.stringify(plan.variables).slice(0, 160)}`;
        if (answer.status >= 500) fail(where, 'a 5xx', answer);
        else if (/"INTERNAL(_SERVER_ERROR)?"/.test(answer.text)) fail(where, 'an INTERNAL code', answer);
        else if (!isGraphqlResponse(answer, mediaType)) {
          // Issue 40: every answer of /graphql, refusals before execution included, is a GraphQL one.
          fail(where, `not a GraphQL response in ${mediaType}`, answer);
        } else {
          const errors = graphqlErrors(answer);
          if (errors.some((e) => typeof e.extensions?.code !== 'string')) {
            fail(where, 'an error without a code', answer);
          }
          const refusals = errors.filter((e) => e.extensions?.code === 'VALIDATION_FAILED');
          const fieldErrors = refusals.flatMap((e) => e.extensions?.errors ?? []);
          const refused =
            refusals.length > 0 || errors.some((e) => e.extensions?.code === 'GRAPHQL_VALIDATION_FAILED');
          // A refusal over GraphQL may come with HTTP 200 (a resolver's) or 400 (the variables').
          const expectation =
            plan.expect.kind === 'refused' ? { ...plan.expect, statuses: [refused ? 400 : -1] } : plan.expect;
          checkNaming(where, expectation, refused ? 400 : answer.status, fieldErrors, answer, baseFields);
        }
      }
    }
    expect(sent).toBeGreaterThanOrEqual(GRAPHQL_REQUESTS);
    expect({ failures: failures.length, first: failures.filter(Boolean) }).toEqual({
      failures: 0,
      first: [],
    });
  }, 600_000);
});
