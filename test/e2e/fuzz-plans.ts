import fc from 'fast-check';

/*
 * Request plans for the fuzz tier (fuzz.e2e-spec.ts), built from JSON Schema (the served OpenAPI
 * document, dereferenced) with fast-check. A plan is a valid sample of an input, or that sample with
 * one thing changed; each change says which answers it allows (see `Expect`).
 */

export type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Known ids by parameter or field name (`characterId` → ids of characters in the campaign). */
export type IdPools = Map<string, string[]>;

/**
 * What a mutated request must answer, besides "never a 5xx, never INTERNAL, every 4xx a problem":
 * - `refused`: a 400 (413/414/415 where noted) whose errors[] names `field` or a path above it
 *   (`stats` for a bad `stats[2]`, `body` for the whole body);
 * - `named-if-refused`: any answer; a 400 or 422 must name `field` or a path above or below it;
 * - `any`: any answer (a 4xx still a problem document).
 */
export interface Expect {
  kind: 'refused' | 'named-if-refused' | 'any';
  field?: string;
  statuses?: number[];
  /** With `field`: the refusal must name it only when its status is one of these (e.g. a 413 names the body). */
  namedOn?: number[];
}

export interface Mutation {
  label: string;
  expect: Expect;
}

/** The one schema of an `allOf: [one]` (how @nestjs/swagger writes a described reference). */
export function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  while (Array.isArray(s.allOf) && s.allOf.length === 1) s = { ...s.allOf[0], ...omit(s, 'allOf') };
  return s;
}

function omit(s: Schema, key: string): Schema {
  const copy = { ...s };
  delete copy[key];
  return copy;
}

/** `shares` + 0 → `shares[0]`; `first` + `pool` → `first.pool`. */
export function join(prefix: string, key: string | number): string {
  if (typeof key === 'number') return `${prefix}[${key}]`;
  return prefix ? `${prefix}.${key}` : key;
}

function idPool(name: string, pools: IdPools): string[] | undefined {
  const singular = name.endsWith('Ids') ? name.slice(0, -1) : name;
  return pools.get(singular);
}

/** Small, mostly valid values for a schema; ids come from the pools by field name. */
export function valid(
  schemaIn: Schema | undefined,
  pools: IdPools,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schemaIn);
  if (s.oneOf || s.anyOf) {
    const options = (s.oneOf ?? s.anyOf) as Schema[];
    return fc.oneof(...options.map((o) => valid(o, pools, name, depth)));
  }
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  switch (s.type) {
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : 0;
      const max = typeof s.maximum === 'number' ? s.maximum : min + 1000;
      return fc.oneof(
        { arbitrary: fc.integer({ min, max: Math.min(max, min + 6) }), weight: 4 },
        fc.integer({ min, max }),
      );
    }
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : 0;
      const max = typeof s.maximum === 'number' ? s.maximum : min + 100;
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.double({ min, max, noNaN: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const ids = idPool(name, pools);
      if (ids && ids.length > 0) return fc.constantFrom(...ids);
      const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
      const maxLength = Math.min(typeof s.maxLength === 'number' ? s.maxLength : 24, 24);
      const examples = typeof s.example === 'string' ? [s.example] : [];
      if (s.pattern) {
        const pattern = new RegExp(s.pattern as string);
        return fc.oneof(
          ...examples.map((e) => fc.constant(e)),
          fc.stringMatching(pattern).filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? 1e9)),
        );
      }
      const text = fc.string({
        minLength: Math.max(minLength, 1),
        maxLength: Math.max(maxLength, minLength, 1),
      });
      return examples.length > 0 ? fc.oneof(fc.constant(examples[0]), text) : text;
    }
    case 'array': {
      const ids = idPool(name, pools);
      const item =
        ids && ids.length > 0 && resolve(s.items).type === 'string'
          ? fc.constantFrom(...ids)
          : valid(s.items, pools, '', depth + 1);
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, minLength + 3);
      if (depth > 4) return fc.constant([]);
      return fc.array(item, { minLength, maxLength });
    }
    default: {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      if (Object.keys(properties).length === 0) return fc.constant({});
      if (depth > 4) return fc.constant({});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      // A deprecated member is the old name of another (docs/api-style.md): a valid request sends
      // one of the two, so samples use the new one only (sending both is refused, by design).
      for (const [key, member] of Object.entries(properties))
        if (!(member as { deprecated?: boolean }).deprecated)
          record[key] = valid(member, pools, key, depth + 1);
      const required = ((s.required ?? []) as string[]).filter((k) => k in properties);
      return fc.record(record, { requiredKeys: required });
    }
  }
}

/** Every place in a sample that can be changed: its path, its schema and whether it is required. */
export interface Slot {
  path: Array<string | number>;
  field: string;
  schema: Schema;
  required: boolean;
  /** Fields whose errors[] is named as one (list items are named by their list: `stats`). */
  named: string;
}

export function slots(
  schemaIn: Schema | undefined,
  value: unknown,
  prefix = '',
  path: Array<string | number> = [],
  named = '',
): Slot[] {
  const s = resolve(schemaIn);
  const out: Slot[] = [];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    const required = new Set((s.required ?? []) as string[]);
    for (const [key, member] of Object.entries(properties)) {
      const field = join(prefix, key);
      const here = [...path, key];
      out.push({ path: here, field, schema: resolve(member), required: required.has(key), named: field });
      const inner = (value as Record<string, unknown>)[key];
      if (inner !== undefined) out.push(...slots(member, inner, field, here, field));
    }
  } else if (Array.isArray(value)) {
    const items = resolve(s.items);
    value.forEach((item, i) => {
      const field = join(prefix, i);
      const here = [...path, i];
      // A list of scalars is checked as a whole (`every item of stats …`), so `stats` is named.
      const scalar = items.type !== 'object' && !items.properties;
      out.push({ path: here, field, schema: items, required: true, named: scalar ? named : field });
      out.push(...slots(items, item, field, here, scalar ? named : field));
    });
  }
  return out;
}

export function setAt(root: unknown, path: Array<string | number>, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy as Record<string | number, unknown>;
  // An optional object the sample left out is created, so a member can be set inside it.
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

export const ODD_STRINGS = [
  '\u0000',
  '\uD800',
  '\u202Eevil',
  'e\u0301'.repeat(40),
  '\uFEFF',
  '🧙‍♀️'.repeat(20),
  '<script>alert(1)</script>',
  "'; DROP TABLE characters; --",
  '../../etc/passwd',
  '%00',
  ' ',
  '\n\t',
  '٣',
  'ｆｕｌｌ',
];

/** Nesting well past the limit (and cheap to build). */
export function deeplyNested(levels: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** The JSON type of a schema, for "a value of another type". */
function jsonType(s: Schema): string {
  if (Array.isArray(s.enum)) return typeof s.enum[0];
  if (s.type === 'integer') return 'number';
  if (s.type) return s.type as string;
  return s.properties ? 'object' : 'any';
}

/** A value whose JSON type the schema does not allow. */
export function wrongTypeValues(s: Schema): unknown[] {
  const type = jsonType(s);
  const all: Record<string, unknown> = {
    number: 7,
    string: 'seven',
    boolean: true,
    object: { a: 1 },
    array: [1],
  };
  return Object.entries(all)
    .filter(([t]) => t !== type && type !== 'any')
    .map(([, v]) => v);
}

/** The value mutations of one slot, with what each may answer. */
export function valueMutations(
  slot: Slot,
): Array<{ value?: unknown; remove?: boolean; label: string; expect: Expect }> {
  const s = slot.schema;
  const named = slot.named;
  const out: Array<{ value?: unknown; remove?: boolean; label: string; expect: Expect }> = [];
  for (const value of wrongTypeValues(s)) {
    out.push({
      value,
      label: `wrong type ${JSON.stringify(value)}`,
      expect: { kind: 'refused', field: named },
    });
  }
  out.push({
    value: null,
    label: 'null',
    expect: slot.required ? { kind: 'refused', field: named } : { kind: 'any' },
  });
  if (slot.required && typeof slot.path[slot.path.length - 1] === 'string') {
    out.push({ remove: true, label: 'left out', expect: { kind: 'refused', field: named } });
  }
  out.push({ value: deeplyNested(60), label: 'deep nesting', expect: { kind: 'refused', field: 'body' } });
  const type = jsonType(s);
  if (type === 'number') {
    for (const value of [2 ** 53, 1e15, 2147483648, -1, -2147483649, -1e9, 1e308]) {
      out.push({ value, label: `number ${value}`, expect: { kind: 'named-if-refused', field: named } });
    }
    if (s.type === 'integer')
      out.push({ value: 2.5, label: 'fraction', expect: { kind: 'refused', field: named } });
    if (typeof s.maximum === 'number') {
      out.push({ value: s.maximum + 1, label: 'above maximum', expect: { kind: 'refused', field: named } });
    }
    if (typeof s.minimum === 'number') {
      out.push({ value: s.minimum - 1, label: 'below minimum', expect: { kind: 'refused', field: named } });
    }
  }
  if (type === 'string' && !Array.isArray(s.enum)) {
    const long = 'ẞ'.repeat(Math.max(5000, (s.maxLength ?? 0) + 1));
    const over = typeof s.maxLength === 'number';
    out.push({
      value: long,
      label: 'long string',
      // A string past the route's body limit (100 kB; 2 MB for imports) is refused whole, 413 naming
      // the body; under a larger limit it reaches validation, whose 400 must name the field.
      expect:
        Buffer.byteLength(long) > 100_000
          ? { kind: 'refused', statuses: [400, 413], field: named, namedOn: [400] }
          : over
            ? { kind: 'refused', field: named }
            : { kind: 'named-if-refused', field: named },
    });
    for (const value of ODD_STRINGS) {
      out.push({
        value,
        label: `odd string ${JSON.stringify(value)}`,
        expect: { kind: 'named-if-refused', field: named },
      });
    }
  }
  if (Array.isArray(s.enum)) {
    out.push({ value: 'not-one-of-them', label: 'not in enum', expect: { kind: 'refused', field: named } });
  }
  if (type === 'object' && s.properties) {
    out.push({
      value: undefined,
      label: 'unknown member',
      expect: { kind: 'refused', field: join(slot.field, 'zzUnknown') },
    });
  }
  if (type === 'array' && typeof s.maxItems === 'number' && s.maxItems < 5000) {
    const item = fc.sample(valid(s.items, new Map()), { numRuns: 1, seed: 1 })[0];
    out.push({
      value: Array.from({ length: s.maxItems + 1 }, () => item),
      label: 'too many items',
      expect: { kind: 'refused', field: named },
    });
  }
  return SHEET_MEMBER.test(slot.field) ? out.map(serviceChecked) : out;
}

/**
 * Members inside a sheet (`sheet.hp`, `sheets.coeac.armor.kind`): the document types them (issue 42),
 * but the system's normaliser checks them in the service, after the body's names are looked up, so
 * a sample whose `boundTo` names nobody is a 404 first. Such a change is checked as `named-if-refused`
 * (a 400 must still name it); test/e2e/typed-sheets.e2e-spec.ts and characters.e2e-spec.ts check
 * that bad sheets are refused naming the field.
 */
const SHEET_MEMBER = /^(sheet|sheets\.(coeac|cairn|archsoul|gm))[.[]/;

function serviceChecked<T extends { expect: Expect }>(mutation: T): T {
  const { expect } = mutation;
  if (expect.kind !== 'refused' || expect.field === 'body' || expect.statuses) return mutation;
  return { ...mutation, expect: { kind: 'named-if-refused', field: expect.field } };
}

/** Whether `named` is `field` or a path above or below it (`stats` for `stats[2]`, `body`). */
export function names(named: string, field: string, below = false): boolean {
  // '' is a whole GraphQL input argument: any field inside it is named from inside.
  if (named === field || named === 'body' || field === '') return true;
  const above = (a: string, b: string) => b.startsWith(`${a}.`) || b.startsWith(`${a}[`);
  return above(named, field) || (below && above(field, named));
}
