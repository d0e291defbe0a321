import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { SHEET_SYSTEMS, type SheetSystem } from '../core/characters/sheets';
import { SHEET_SCHEMAS } from './sheet-schemas';

/*
 * The typed sheets in the OpenAPI document (issue 42), written after @nestjs/swagger generated it:
 *
 * - `SheetAnswer` (one sheet with its `system` beside it) becomes a `oneOf` of one answer per system,
 *   `CoeacSheetAnswer` … `GmSheetAnswer`, each with `system` fixed to its value and `sheet` of its
 *   system's schema, under `discriminator: { propertyName: system }`: a client that tests `system`
 *   knows the sheet's exact type (openapi-typescript makes a discriminated union of it).
 * - Each sheet schema (`CoeacSheet` …) gets its input twin (`CoeacSheetInput` …) for the bodies that
 *   accept a sheet: the same members, every one optional (the normaliser fills in what is left out
 *   and names what it refuses; members the server derives are accepted and dropped), nested pieces
 *   turned into their own input twins.
 */

const REF = '#/components/schemas/';
const PREFIX: Record<SheetSystem, string> = {
  coeac: 'Coeac',
  cairn: 'Cairn',
  archsoul: 'Archsoul',
  gm: 'Gm',
};

/** The component name of a system's sheet schema (`CoeacSheet`) and of its input twin. */
export function sheetSchemaName(system: SheetSystem, input = false): string {
  return `${SHEET_SCHEMAS[system].name}${input ? 'Input' : ''}`;
}

/** The OpenAPI schema of a body member that takes the sheet of any system. */
export function anySheetInputSchema(): Record<string, unknown> {
  return { anyOf: SHEET_SYSTEMS.map((s) => ({ $ref: `${REF}${sheetSchemaName(s, true)}` })) };
}

/** The OpenAPI schema of a body member that takes one system's sheet. */
export function sheetInputSchema(system: SheetSystem): Record<string, unknown> {
  return { allOf: [{ $ref: `${REF}${sheetSchemaName(system, true)}` }] };
}

type Schemas = Record<string, SchemaObject>;

/** Writes the input twin of component `name` (and of every component it refers to); returns its name. */
function inputTwin(schemas: Schemas, name: string, made: Set<string>): string {
  const twin = `${name}Input`;
  if (made.has(twin)) return twin;
  if (schemas[twin]) throw new Error(`sheet-openapi: ${twin} is already a component of another kind`);
  made.add(twin);
  if (!schemas[name]) throw new Error(`sheet-openapi: no component ${name}`);
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (key === 'required') continue;
      if (key === '$ref' && typeof member === 'string' && member.startsWith(REF)) {
        out.$ref = `${REF}${inputTwin(schemas, member.slice(REF.length), made)}`;
        continue;
      }
      out[key] = key === 'properties' ? mapValues(member as Record<string, unknown>, copy) : copy(member);
    }
    return out;
  };
  schemas[twin] = copy(schemas[name]) as SchemaObject;
  const description = schemas[twin].description ?? '';
  schemas[twin].description =
    `${description} As a request body member: every member optional (the server fills in what is left out; derived members are ignored).`.trim();
  return twin;
}

function mapValues(value: Record<string, unknown>, f: (v: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, f(v)]));
}

/** Rewrites the document's sheet schemas in place (see above). */
export function typedSheetContract(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Schemas;
  const answer = schemas.SheetAnswer;
  if (answer?.properties && !answer.oneOf) {
    const mapping: Record<string, string> = {};
    for (const system of SHEET_SYSTEMS) {
      const name = `${PREFIX[system]}SheetAnswer`;
      const properties: NonNullable<SchemaObject['properties']> = { ...{}, ...answer.properties };
      properties.system = {
        type: 'string',
        enum: [system],
        description: `The system: ${system}.`,
      };
      properties.sheet = { $ref: `${REF}${sheetSchemaName(system)}` };
      schemas[name] = {
        ...{},
        ...answer,
        description: `One ${system} sheet of a character or NPC.`,
        properties,
      };
      mapping[system] = `${REF}${name}`;
    }
    schemas.SheetAnswer = {
      description: `${answer.description ?? 'One sheet.'} Its \`system\` tells which sheet it holds.`,
      type: 'object',
      oneOf: SHEET_SYSTEMS.map((system) => ({ $ref: mapping[system] })),
      discriminator: { propertyName: 'system', mapping },
    };
  }
  // The document may be completed twice (it is generated again from the same components): once done, done.
  if (schemas[sheetSchemaName('coeac', true)]) return document;
  const made = new Set<string>();
  for (const system of SHEET_SYSTEMS)
    if (schemas[sheetSchemaName(system)]) inputTwin(schemas, sheetSchemaName(system), made);
  return document;
}
