import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger';
import { CURRENT_COMBAT } from '../campaigns/name-addressing';
import { EXAMPLE_NAMES } from './named-fields';
import { REQUEST_EXAMPLES } from './openapi-request-examples';

/*
 * Every operation's request example, written into the document so that Swagger UI's "Try it out"
 * sends a request the operation accepts. Without a media-type `example`, Swagger UI builds a body
 * from the schema with every property, optional ones included, filled with placeholders ("string",
 * 0) that the rules then refuse. Here each JSON body gets an `example`: the one written for its
 * operation in REQUEST_EXAMPLES when there is one, otherwise one built from the schema with only the
 * required members, each from its own `example`, `default`, first enum value or bounds. Required query
 * and path parameters get an `example` the same way (but `campaignId`; a name where a name will do). test/e2e/openapi-examples.e2e-spec.ts sends them all.
 */

type Schema = SchemaObject | ReferenceObject;

const isReference = (s: unknown): s is ReferenceObject => typeof s === 'object' && s !== null && '$ref' in s;

function resolve(document: OpenAPIObject, schema: Schema): SchemaObject {
  let current: Schema = schema;
  for (let hops = 0; isReference(current) && hops < 16; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = document.components?.schemas?.[name] ?? {};
  }
  return current as SchemaObject;
}

/** A value the schema accepts, from what the schema says; null when it says too little. */
export function sampleOf(document: OpenAPIObject, schema: Schema, depth = 0): unknown {
  const s = resolve(document, schema);
  if (depth > 8) return undefined;
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum && s.enum.length > 0) return s.enum.find((v) => v !== null);
  if (s.allOf && s.allOf.length === 1) return sampleOf(document, s.allOf[0], depth + 1);
  if (s.anyOf && s.anyOf.length > 0) return sampleOf(document, s.anyOf[0], depth + 1);
  if (s.oneOf && s.oneOf.length > 0) return sampleOf(document, s.oneOf[0], depth + 1);
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) {
        const member = s.properties?.[name];
        if (member) out[name] = sampleOf(document, member, depth + 1);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(s.minItems ?? 0, 0);
      return Array.from({ length: count }, () => sampleOf(document, s.items ?? {}, depth + 1));
    }
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum === undefined ? 0 : Number(s.exclusiveMinimum) + 1);
      const high = s.maximum ?? Number.MAX_SAFE_INTEGER;
      return Math.min(Math.max(low, Math.min(1, high)), high);
    }
    case 'boolean':
      return false;
    case 'string':
      return 'example'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? 64);
    default:
      return {};
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Path parameters that take a name (src/campaigns/name-addressing.ts): their example is the name the
 * creating operation's example gives (a combat's place takes `current`). `campaignId` has none: a
 * client takes it from the campaign it made, and so does the example test.
 */
const NAMED_PATH: Readonly<Record<string, string>> = {
  characterId: EXAMPLE_NAMES.character,
  npcId: EXAMPLE_NAMES.npc,
  tableId: EXAMPLE_NAMES.table,
  combatId: CURRENT_COMBAT,
};

/** Writes the request examples into the document (before its nullables are rewritten). */
export function addRequestExamples(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const written = operation.operationId ? REQUEST_EXAMPLES[operation.operationId] : undefined;
      const body = operation.requestBody;
      if (body && !isReference(body)) {
        const media = body.content['application/json'];
        if (media?.schema && media.example === undefined && media.examples === undefined) {
          if (written?.examples) media.examples = written.examples;
          else media.example = written?.body ?? sampleOf(document, media.schema);
        }
      }
      for (const parameter of (operation.parameters ?? []) as (ParameterObject | ReferenceObject)[]) {
        if (isReference(parameter) || (parameter.in !== 'query' && parameter.in !== 'path')) continue;
        // The campaign's id comes from the campaign a client made; the rest get an example.
        if (parameter.in === 'path' && parameter.name === 'campaignId') continue;
        const value =
          written?.parameters?.[parameter.name] ??
          (parameter.in === 'path' ? NAMED_PATH[parameter.name] : undefined);
        if (value !== undefined) parameter.example = value;
        else if (parameter.required && parameter.example === undefined && parameter.schema) {
          parameter.example = sampleOf(document, parameter.schema);
        }
      }
    }
  }
}
