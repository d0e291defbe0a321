import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildSchema,
  getNamedType,
  GraphQLInputObjectType,
  GraphQLObjectType,
  GraphQLUnionType,
  isInputObjectType,
  isObjectType,
  isScalarType,
  isUnionType,
} from 'graphql';

/*
 * Issue 42: the sheet of each system is a typed schema in every contract. Walks the committed OpenAPI
 * document and GraphQL schema (both kept equal to what the code generates by the contracts tests) and
 * fails when a sheet, or anything inside one, is an untyped object or the JSON scalar.
 */

const ROOT = join(__dirname, '..', '..');

type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
};

const openapi = JSON.parse(readFileSync(join(ROOT, 'openapi', 'openapi.json'), 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};
const schemas = openapi.components.schemas;
const sdl = buildSchema(readFileSync(join(ROOT, 'openapi', 'schema.graphql'), 'utf8'));

const SYSTEMS = { coeac: 'CoeacSheet', cairn: 'CairnSheet', archsoul: 'ArchsoulSheet', gm: 'GmSheet' };
const ref = (name: string) => `#/components/schemas/${name}`;
const nameOf = (r: string) => r.replace('#/components/schemas/', '');

/** Every place under `schema` that is an object with no typed shape: `path` of each. */
function freeForm(schema: Schema, path: string, seen = new Set<string>()): string[] {
  if (schema.$ref) {
    const name = nameOf(schema.$ref);
    if (seen.has(name)) return [];
    seen.add(name);
    if (!schemas[name]) return [`${path}: $ref to a missing ${name}`];
    return freeForm(schemas[name], `${path}→${name}`, seen);
  }
  const found: string[] = [];
  const composed = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  for (const [i, member] of composed.entries()) found.push(...freeForm(member, `${path}[${i}]`, seen));
  if (schema.additionalProperties === true) found.push(`${path}: additionalProperties: true`);
  if (schema.type === 'object' && composed.length === 0 && !schema.enum) {
    const typedMap = typeof schema.additionalProperties === 'object';
    if (!schema.properties && !typedMap) found.push(`${path}: an object with no properties`);
    if (typedMap) found.push(...freeForm(schema.additionalProperties as Schema, `${path}{*}`, seen));
  }
  for (const [name, member] of Object.entries(schema.properties ?? {}))
    found.push(...freeForm(member, `${path}.${name}`, seen));
  if (schema.items) found.push(...freeForm(schema.items, `${path}[]`, seen));
  return found;
}

describe('typed sheets in the OpenAPI document', () => {
  it.each(Object.entries(SYSTEMS))(
    'the %s sheet (%s) and its request twin are typed all the way down',
    (_, name) => {
      expect(schemas[name]?.properties).toBeDefined();
      expect(freeForm({ $ref: ref(name) }, name)).toEqual([]);
      expect(freeForm({ $ref: ref(`${name}Input`) }, `${name}Input`)).toEqual([]);
    },
  );

  it('answers a single sheet as a oneOf discriminated by system, each member fixing system and typing sheet', () => {
    const answer = schemas.SheetAnswer;
    expect(answer.discriminator?.propertyName).toBe('system');
    expect(answer.oneOf).toHaveLength(4);
    for (const [system, sheet] of Object.entries(SYSTEMS)) {
      const member = answer.discriminator!.mapping![system];
      expect(answer.oneOf).toContainEqual({ $ref: member });
      const variant = schemas[nameOf(member)];
      expect(variant.required).toEqual(expect.arrayContaining(['system', 'sheet']));
      expect(variant.properties!.system.enum).toEqual([system]);
      expect(variant.properties!.sheet).toEqual({ $ref: ref(sheet) });
    }
  });

  it('types each member of CharacterSheets by its system', () => {
    for (const [system, sheet] of Object.entries(SYSTEMS)) {
      expect(schemas.CharacterSheets.properties![system].allOf).toEqual([{ $ref: ref(sheet) }]);
    }
  });

  it('has no free-form sheet member anywhere: every `sheet` or `sheets` member of every component is typed', () => {
    const found: string[] = [];
    let members = 0;
    for (const [component, schema] of Object.entries(schemas)) {
      for (const [name, member] of Object.entries(schema.properties ?? {})) {
        if (name !== 'sheet' && name !== 'sheets') continue;
        members += 1;
        found.push(...freeForm(member, `${component}.${name}`));
      }
    }
    expect(members).toBeGreaterThan(5);
    expect(found).toEqual([]);
  });

  it('notices a free-form object (the walk itself can fail)', () => {
    expect(freeForm({ type: 'object', additionalProperties: true }, 'x')).toEqual([
      'x: additionalProperties: true',
      'x: an object with no properties',
    ]);
    expect(freeForm({ type: 'object', properties: { a: { type: 'object' } } }, 'y')).toEqual([
      'y.a: an object with no properties',
    ]);
  });
});

describe('typed sheets in the GraphQL schema', () => {
  /** Every field reachable from `type` whose type is the JSON scalar (or another untyped scalar). */
  function untyped(type: GraphQLObjectType, path: string, seen = new Set<string>()): string[] {
    if (seen.has(type.name)) return [];
    seen.add(type.name);
    const found: string[] = [];
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (isScalarType(named) && !['String', 'Int', 'Float', 'Boolean', 'ID'].includes(named.name))
        found.push(`${path}.${field.name}: ${named.name}`);
      if (isObjectType(named)) found.push(...untyped(named, `${path}.${field.name}`, seen));
      if (isUnionType(named))
        for (const member of named.getTypes()) found.push(...untyped(member, `${path}.${field.name}`, seen));
    }
    return found;
  }

  it('has one object type per system, typed all the way down (no JSON scalar)', () => {
    for (const name of Object.values(SYSTEMS)) {
      const type = sdl.getType(name);
      expect(isObjectType(type)).toBe(true);
      expect(untyped(type as GraphQLObjectType, name)).toEqual([]);
    }
  });

  it('answers SheetAnswer.sheet as the SystemSheet union and CharacterSheets by system', () => {
    const answer = sdl.getType('SheetAnswer') as GraphQLObjectType;
    const union = getNamedType(answer.getFields().sheet.type) as GraphQLUnionType;
    expect(union.name).toBe('SystemSheet');
    expect(
      union
        .getTypes()
        .map((t) => t.name)
        .sort(),
    ).toEqual(Object.values(SYSTEMS).sort());
    const sheets = (sdl.getType('CharacterSheets') as GraphQLObjectType).getFields();
    for (const [system, name] of Object.entries(SYSTEMS))
      expect(getNamedType(sheets[system].type).name).toBe(name);
  });

  it('answers no `sheet` or `sheets` field of any object type with the JSON scalar', () => {
    const found: string[] = [];
    for (const type of Object.values(sdl.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        if (field.name !== 'sheet' && field.name !== 'sheets') continue;
        const named = getNamedType(field.type);
        if (isScalarType(named)) found.push(`${type.name}.${field.name}: ${named.name}`);
        else if (isObjectType(named)) found.push(...untyped(named, `${type.name}.${field.name}`));
      }
    }
    expect(found).toEqual([]);
  });

  it('answers maps of free names as lists of named entries', () => {
    const coeac = (sdl.getType('CoeacSheet') as GraphQLObjectType).getFields();
    expect(String(coeac.skills.type)).toBe('[SheetNamedInt!]!');
    expect(String(coeac.classResources.type)).toBe('[SheetNamedPool!]!');
    expect(String((sdl.getType('ArchsoulSheet') as GraphQLObjectType).getFields().stats.type)).toBe(
      '[SheetNamedInt!]!',
    );
  });
});

describe('typed sheet inputs in the GraphQL schema', () => {
  const BUILT_IN = ['String', 'Int', 'Float', 'Boolean', 'ID'];
  const isSheetMember = (name: string) => /^(system)?[sS]heets?$/.test(name);

  /** Every input field reachable from `type` that is the JSON scalar (or another untyped scalar). */
  function untypedInput(type: GraphQLInputObjectType, path: string, seen = new Set<string>()): string[] {
    if (seen.has(type.name)) return [];
    seen.add(type.name);
    const found: string[] = [];
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (isScalarType(named) && !BUILT_IN.includes(named.name))
        found.push(`${path}.${field.name}: ${named.name}`);
      if (isInputObjectType(named)) found.push(...untypedInput(named, `${path}.${field.name}`, seen));
    }
    return found;
  }

  /**
   * Every sheet member of every input type and every argument of a mutation (`sheet`, `sheets`,
   * `systemSheet`, `systemSheets`): free-form ones, split by whether they are deprecated.
   */
  function sheetInputs(): { current: string[]; deprecated: string[]; members: number } {
    const current: string[] = [];
    const deprecated: string[] = [];
    let members = 0;
    const check = (
      owner: string,
      name: string,
      type: Parameters<typeof getNamedType>[0],
      reason?: string | null,
    ) => {
      if (!isSheetMember(name)) return;
      members += 1;
      const named = getNamedType(type);
      const found = isScalarType(named)
        ? [`${owner}.${name}: ${named.name}`]
        : isInputObjectType(named)
          ? untypedInput(named, `${owner}.${name}`)
          : [];
      (reason ? deprecated : current).push(...found);
    };
    for (const type of Object.values(sdl.getTypeMap())) {
      if (!isInputObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields()))
        check(type.name, field.name, field.type, field.deprecationReason);
    }
    for (const mutation of Object.values(sdl.getMutationType()!.getFields()))
      for (const arg of mutation.args)
        check(`${mutation.name}(${arg.name})`, arg.name, arg.type, arg.deprecationReason);
    return { current, deprecated, members };
  }

  // The JSON forms taken before the typed ones, kept deprecated until /v2 (docs/api-style.md).
  const DEPRECATED_JSON = ['CreateNpcInput.sheets', 'PutSheetInput.sheet'];

  it('takes no sheet free-form: every sheet member of an input is typed, or deprecated and listed', () => {
    const { current, deprecated, members } = sheetInputs();
    expect(members).toBeGreaterThanOrEqual(4);
    expect(current).toEqual([]);
    // A listed JSON form must still be there (the list only shrinks), and no other may join it.
    const owners = [...new Set(deprecated.map((d) => d.split(':')[0].split('.').slice(0, 2).join('.')))];
    expect(owners.sort()).toEqual(DEPRECATED_JSON);
  });

  it('takes one sheet as the @oneOf SystemSheetInput and sheets by system as SystemSheetsInput', () => {
    const one = sdl.getType('SystemSheetInput') as GraphQLInputObjectType;
    expect(one.isOneOf).toBe(true);
    const many = sdl.getType('SystemSheetsInput') as GraphQLInputObjectType;
    expect(many.isOneOf).toBe(false);
    for (const type of [one, many]) {
      const fields = type.getFields();
      expect(Object.keys(fields).sort()).toEqual(Object.keys(SYSTEMS).sort());
      for (const [system, name] of Object.entries(SYSTEMS))
        expect(String(fields[system].type)).toBe(`${name}Input`);
    }
    expect(
      getNamedType((sdl.getType('PutSheetInput') as GraphQLInputObjectType).getFields().systemSheet.type)
        .name,
    ).toBe('SystemSheetInput');
    expect(
      getNamedType((sdl.getType('CreateNpcInput') as GraphQLInputObjectType).getFields().systemSheets.type)
        .name,
    ).toBe('SystemSheetsInput');
  });

  it('mirrors each answer type in its input twin: the same members, every one optional, maps as entries', () => {
    const mirror = (
      answer: GraphQLObjectType,
      input: GraphQLInputObjectType,
      seen = new Set<string>(),
    ): string[] => {
      if (seen.has(answer.name)) return [];
      seen.add(answer.name);
      const out: string[] = [];
      const inputs = input.getFields();
      expect(input.name).toBe(`${answer.name}Input`);
      for (const field of Object.values(answer.getFields())) {
        const twin = inputs[field.name];
        if (!twin) {
          out.push(`${input.name}.${field.name}: missing`);
          continue;
        }
        const expected = String(field.type)
          .replace(/!$/, '')
          .replace(/(\w+)(?=!?\]?$)/, (n: string) => (isObjectType(sdl.getType(n)) ? `${n}Input` : n));
        if (String(twin.type) !== expected)
          out.push(`${input.name}.${field.name}: ${String(twin.type)} ≠ ${expected}`);
        const named = getNamedType(field.type);
        if (isObjectType(named))
          out.push(...mirror(named, getNamedType(twin.type) as GraphQLInputObjectType, seen));
      }
      expect(Object.keys(inputs).sort()).toEqual(Object.keys(answer.getFields()).sort());
      return out;
    };
    for (const name of Object.values(SYSTEMS))
      expect(
        mirror(sdl.getType(name) as GraphQLObjectType, sdl.getType(`${name}Input`) as GraphQLInputObjectType),
      ).toEqual([]);
    const coeac = (sdl.getType('CoeacSheetInput') as GraphQLInputObjectType).getFields();
    expect(String(coeac.skills.type)).toBe('[SheetNamedIntInput!]');
    expect(String(coeac.classResources.type)).toBe('[SheetNamedPoolInput!]');
  });

  it('notices a free-form sheet input (the walk itself can fail)', () => {
    const built = buildSchema(`
      scalar JSON
      input Inner { hp: Int, extra: JSON }
      input Outer { sheet: Inner }
      type Query { x: Int }
      type Mutation { put(sheet: JSON): Int }
    `);
    expect(untypedInput(built.getType('Outer') as GraphQLInputObjectType, 'Outer')).toEqual([
      'Outer.sheet.extra: JSON',
    ]);
  });
});
