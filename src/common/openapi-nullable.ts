import type { OpenAPIObject } from '@nestjs/swagger';

/*
 * OpenAPI 3.0 `nullable: true` only adds `null` to the `type` written in the same schema object
 * (OAS 3.0.3, and Ajv's `nullable` keyword); every other keyword of that object still applies to a
 * null value. So what @nestjs/swagger writes for a nullable nested object or enum refuses the null it
 * documents under a strict validator (Ajv, Prism):
 *
 * - `{ type: object, nullable: true, allOf: [{ $ref: X }] }`: null passes `type` but not X, an object;
 * - `{ $ref: X, nullable: true }`: siblings of `$ref` are ignored altogether;
 * - `{ type: string, nullable: true, enum: [a, b] }`: null passes `type` but not `enum`.
 *
 * `strictNullables()` rewrites every such schema of the document in place, wherever it is (components,
 * parameters, request and response bodies), so a field declared nullable accepts null everywhere:
 *
 * - a nullable reference becomes `anyOf: [{ $ref: X }, NULL]`, where NULL is the OpenAPI 3.0 way to
 *   say "only null" (`{ type: object, nullable: true, enum: [null] }`: valid 3.0, `type` next to
 *   `nullable` as redocly wants, and only null passes);
 * - a nullable enum lists `null` among its values.
 */

type Schema = Record<string, unknown>;

/** The schema that accepts null and nothing else, in OpenAPI 3.0 terms. */
export function nullOnly(): Schema {
  return { type: 'object', nullable: true, enum: [null] };
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `$ref` a nullable schema stands for: `{ $ref }` itself, or `allOf` of that one reference. */
function referenceOf(schema: Schema): string | undefined {
  if (typeof schema.$ref === 'string') return schema.$ref;
  const allOf = schema.allOf;
  if (Array.isArray(allOf) && allOf.length === 1 && isObject(allOf[0]) && typeof allOf[0].$ref === 'string') {
    const others = Object.keys(schema).filter(
      (k) => !['allOf', 'type', 'nullable', 'description', 'example', 'title'].includes(k),
    );
    if (others.length === 0) return allOf[0].$ref;
  }
  return undefined;
}

function rewrite(schema: Schema): void {
  if (schema.nullable !== true) return;
  const ref = referenceOf(schema);
  if (ref !== undefined) {
    const { description, title } = schema;
    for (const key of Object.keys(schema)) delete schema[key];
    if (title !== undefined) schema.title = title;
    if (description !== undefined) schema.description = description;
    schema.anyOf = [{ $ref: ref }, nullOnly()];
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
}

/** Rewrites every nullable reference and nullable enum of the document (in place) and returns it. */
export function strictNullables(document: OpenAPIObject): OpenAPIObject {
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isObject(value) || seen.has(value)) return;
    seen.add(value);
    rewrite(value);
    for (const child of Object.values(value)) visit(child);
  };
  visit(document);
  return document;
}
