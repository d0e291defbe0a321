import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, getNamedType, GraphQLObjectType, isObjectType } from 'graphql';

/*
 * GraphQL selections of the typed sheets (issue 42) and the way back to REST's shape, for the e2e
 * tests. Each system's sheet is its own GraphQL type (CoeacSheet, CairnSheet, ArchsoulSheet, GmSheet;
 * `SystemSheet` is their union); maps of free names are lists of `{ name, … }` entries there. The
 * selections list every member, read from the committed schema (openapi/schema.graphql, which a
 * contracts test keeps equal to what the code generates).
 */

const ROOT = join(__dirname, '..', '..');
const schema = buildSchema(readFileSync(join(ROOT, 'openapi', 'schema.graphql'), 'utf8'));
const openapi = JSON.parse(readFileSync(join(ROOT, 'openapi', 'openapi.json'), 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};

type Schema = {
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  enum?: unknown[];
};

export const SHEET_TYPES = {
  coeac: 'CoeacSheet',
  cairn: 'CairnSheet',
  archsoul: 'ArchsoulSheet',
  gm: 'GmSheet',
} as const;
export type SheetSystemName = keyof typeof SHEET_TYPES;

function selection(type: GraphQLObjectType): string {
  const parts = Object.values(type.getFields()).map((field) => {
    const named = getNamedType(field.type);
    return isObjectType(named) ? `${field.name} ${selection(named)}` : field.name;
  });
  return `{ ${parts.join(' ')} }`;
}

/** Every member of one system's sheet type, as a selection set. */
export function sheetSelection(system: SheetSystemName): string {
  return selection(schema.getType(SHEET_TYPES[system]) as GraphQLObjectType);
}

/**
 * The selection of a `SystemSheet` field (`sheet` of a SheetAnswer) known to be of `system`. (Members
 * of the same name and different types in two sheet types, such as COEAC `armor` and Cairn `armor`,
 * cannot be selected side by side without aliases: GraphQL's rule for fragments on a union.)
 */
export function sheetOn(system: SheetSystemName): string {
  return `{ __typename ... on ${SHEET_TYPES[system]} ${sheetSelection(system)} }`;
}

/** The selection of a `CharacterSheets` field (`sheets` of a character or an NPC). */
export const CHARACTER_SHEETS = `{ ${Object.keys(SHEET_TYPES)
  .map((s) => `${s} ${sheetSelection(s as SheetSystemName)}`)
  .join(' ')} }`;

function component(schemaOf: Schema | undefined): Schema | undefined {
  let at = schemaOf;
  for (let hops = 0; at && hops < 8; hops++) {
    if (at.$ref) at = openapi.components.schemas[at.$ref.replace('#/components/schemas/', '')];
    else if (at.allOf?.length === 1) at = at.allOf[0];
    else if (at.anyOf) at = at.anyOf.find((s) => s.$ref) ?? at.anyOf[0];
    else return at;
  }
  return at;
}

function reshape(value: unknown, schemaOf: Schema | undefined): unknown {
  const s = component(schemaOf);
  if (value === null || value === undefined || !s) return value;
  // GraphQL names a kebab-case id with underscores (`gm_unconscious` for `gm-unconscious`).
  if (typeof value === 'string' && s.enum && !s.enum.includes(value)) {
    const id = value.replace(/_/g, '-');
    return s.enum.includes(id) ? id : value;
  }
  if (Array.isArray(value)) {
    if (s.type === 'object' && typeof s.additionalProperties === 'object') {
      // A GraphQL list of entries back to REST's map of names.
      const entrySchema = component(s.additionalProperties);
      return Object.fromEntries(
        (value as Array<Record<string, unknown>>).map(({ name, ...rest }) => [
          name as string,
          entrySchema?.type === 'object' ? reshape(rest, entrySchema) : rest.value,
        ]),
      );
    }
    return value.map((item) => reshape(item, s.items));
  }
  if (typeof value !== 'object' || !s.properties) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (key === '__typename') continue;
    // REST leaves an optional member out where GraphQL answers null.
    if (member === null && !(s.required ?? []).includes(key)) continue;
    out[key] = reshape(member, s.properties[key]);
  }
  return out;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read as the tests read REST bodies
type RestSheet = Record<string, any>;

/** A sheet as GraphQL answered it, in the shape REST answers (maps, members left out rather than null). */
export function restSheet(system: SheetSystemName, sheet: unknown): RestSheet {
  return reshape(sheet, { $ref: `#/components/schemas/${SHEET_TYPES[system]}` }) as RestSheet;
}

/** The system a `SystemSheet` answer is, by its `__typename`. */
export function systemOfSheet(sheet: { __typename?: string }): SheetSystemName {
  const found = Object.entries(SHEET_TYPES).find(([, type]) => type === sheet.__typename);
  if (!found) throw new Error(`not a sheet type: ${String(sheet.__typename)}`);
  return found[0] as SheetSystemName;
}

/** A SystemSheet answer (with __typename) in REST's shape. */
export function restAnySheet(sheet: { __typename?: string }): RestSheet {
  return restSheet(systemOfSheet(sheet), sheet);
}

/** CharacterSheets as GraphQL answered them, in REST's shape (systems it has not left out). */
export function restSheets(sheets: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!sheets) return sheets;
  const out: Record<string, unknown> = {};
  for (const [system, sheet] of Object.entries(sheets))
    if (sheet !== null) out[system] = restSheet(system as SheetSystemName, sheet);
  return out;
}
