import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv, { ValidateFunction } from 'ajv';

/*
 * Every answer the e2e suite receives is checked against the OpenAPI document the app serves: the
 * schema of its operation, status and content type (problem+json error bodies included). A mismatch
 * is recorded here, and the afterEach of test/e2e/contract-setup.ts fails the test that made the call.
 *
 * Exempt (not in the document): GraphQL (/graphql), the document and Swagger UI themselves (/docs,
 * /openapi.json, /openapi.yaml), the playground's assets, and requests no route matched. Everything
 * in the document is checked, /health and /ready included.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export interface ContractStats {
  checked: number;
  exempt: number;
  mismatches: string[];
}

const STATE = Symbol.for('arbiter.e2e.responseContract');

/** Shared through globalThis so the setup file and the test file see one record whatever loads it. */
export function contractStats(): ContractStats {
  const holder = globalThis as unknown as Record<symbol, ContractStats | undefined>;
  return (holder[STATE] ??= { checked: 0, exempt: 0, mismatches: [] });
}

/**
 * OpenAPI 3.0 schema → JSON Schema as a strict validator reads it (Ajv in strict mode, Prism):
 * - `nullable: true` is left to Ajv's own `nullable` keyword, which reads it as OpenAPI 3.0.3 does:
 *   it adds null to the `type` of the same schema object and to nothing else. A null must still pass
 *   every other keyword there (`enum` must list null; an `allOf` of an object refuses it), and
 *   `nullable` without `type` is refused when the schema is compiled;
 * - an object schema that lists its properties gets `additionalProperties: false` unless it says
 *   otherwise, so that a member the document does not describe is a mismatch too.
 * (Siblings of a `$ref` are dropped before the document is dereferenced: OpenAPI 3.0 ignores them.)
 */
function toJsonSchema(schema: Json, seen = new Map<object, Schema>()): Json {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, seen));
  if (schema === null || typeof schema !== 'object') return schema;
  const known = seen.get(schema);
  if (known) return known;
  const out: Schema = {};
  seen.set(schema, out);
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'example') continue;
    // Ajv reads `discriminator` (the option below) but not its `mapping`, which only names the
    // members that `oneOf` already lists.
    if (key === 'discriminator' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.discriminator = { propertyName: (value as Schema).propertyName };
      continue;
    }
    // Under `properties` the keys are member names, not keywords: convert each member's schema.
    if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, member]) => [name, toJsonSchema(member, seen)]),
      );
      continue;
    }
    out[key] = toJsonSchema(value, seen);
  }
  if (out.properties && out.additionalProperties === undefined && out.type === 'object') {
    out.additionalProperties = false;
  }
  return out;
}

/** OpenAPI 3.0 ignores the siblings of a `$ref`; swagger-parser would merge them in. Drop them. */
function withoutRefSiblings(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutRefSiblings);
  if (value === null || typeof value !== 'object') return value;
  if (typeof value.$ref === 'string') return { $ref: value.$ref };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutRefSiblings(v)]));
}

/** The strict validator the e2e suite checks answers with (also used by its own unit test). */
export function strictAjv(): Ajv {
  return new Ajv({
    strict: true,
    allowUnionTypes: true,
    allErrors: true,
    validateFormats: false,
    discriminator: true,
  });
}

/** Compiles the JSON Schema of one OpenAPI 3.0 schema (already dereferenced) with a strict Ajv. */
export function compileOpenApiSchema(ajv: Ajv, schema: Json): ValidateFunction {
  return ajv.compile(toJsonSchema(schema) as object);
}

/** `/v1/campaigns/{campaignId}` → `/v1/campaigns/:campaignId`, as Fastify names the route. */
function routeOf(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

export class ResponseContract {
  private readonly ajv = strictAjv();
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly routes = new Map<string, Record<string, Operation>>();

  private constructor(document: { paths: Record<string, Record<string, Operation>> }) {
    for (const [path, item] of Object.entries(document.paths)) this.routes.set(routeOf(path), item);
  }

  /** From the served document, dereferenced (each schema inlined) by swagger-parser. */
  static async of(documentText: string): Promise<ResponseContract> {
    const api = await SwaggerParser.dereference(
      withoutRefSiblings(JSON.parse(documentText) as Json) as never,
    );
    return new ResponseContract(api as never);
  }

  /**
   * Checks one answer; null when it matches, `undefined` when the route is not in the document
   * (exempt), else what is wrong.
   */
  check(answer: {
    method: string;
    route: string | undefined;
    status: number;
    contentType: string | undefined;
    body: string;
  }): string | null | undefined {
    const method = answer.method.toLowerCase();
    const item = answer.route === undefined ? undefined : this.routes.get(answer.route);
    const operation = item?.[method];
    if (!operation) return undefined;
    const status = String(answer.status);
    const response =
      operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!response) {
      return `status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`;
    }
    if (!response.content) {
      return answer.body.length === 0 ? null : `status ${status} documents no body, but one was sent`;
    }
    const mediaType = (answer.contentType ?? '').split(';')[0].trim().toLowerCase();
    const media = response.content[mediaType];
    if (!media) {
      return (
        `content type "${mediaType}" is not documented for status ${status} ` +
        `(documented: ${Object.keys(response.content).join(', ')})`
      );
    }
    if (!media.schema) return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `the body is not JSON: ${answer.body.slice(0, 200)}`;
    }
    const key = `${method} ${answer.route} ${status} ${mediaType}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      try {
        validate = compileOpenApiSchema(this.ajv, media.schema);
      } catch (error) {
        return `the documented schema does not compile under strict JSON Schema: ${(error as Error).message}`;
      }
      this.compiled.set(key, validate);
    }
    if (validate(body)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 6)
      .map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    return `the body does not match the documented schema: ${errors.join('; ')}; body: ${JSON.stringify(body).slice(0, 400)}`;
  }
}

/** Records the result of one check (called by the Fastify hook the harness installs). */
export function record(where: string, outcome: string | null | undefined): void {
  const stats = contractStats();
  if (outcome === undefined) {
    stats.exempt += 1;
    return;
  }
  stats.checked += 1;
  if (outcome === null) return;
  const test = (globalThis as { expect?: { getState(): { currentTestName?: string } } }).expect?.getState()
    .currentTestName;
  stats.mismatches.push(`${where}: ${outcome}${test ? '' : ' (outside a test: in a beforeAll/afterAll)'}`);
}
