import Ajv, { ValidateFunction } from 'ajv';
import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import { requiredRenamedFields } from './renamed-fields';

/*
 * A compiled fast path in front of class-validator.
 *
 * class-validator and class-transformer walk their metadata on every call, which made validation the
 * largest cost of a stateless check. Each `In.*` decorator (see schema.ts) therefore also records the
 * JSON Schema of what it validates, built from the same options. For an input class described only
 * by such fields, ajv compiles one validator, once. A body that passes it is valid for class-validator
 * too (the schema is never looser), so the pipe skips the slow path and only builds the instance. A
 * body that fails it goes through class-validator as before, which stays the single source of the
 * error messages and of every decision ajv does not make with certainty.
 */

const FAST_FIELDS = Symbol('arbiter:fast-fields');

/** What one `In.*` decorator validates, as JSON Schema, and how many class-validator rules it added. */
export interface FastField {
  schema: Record<string, unknown> | null; // null: no fast path for this class (unless `nested`)
  optional: boolean;
  validators: number;
  /** A nested input object (`In.nested`): fast when its own class is, checked with its schema. */
  nested?: () => new () => unknown;
  /** With `nested`: a list of such objects (`In.nestedList`), each checked with the class's schema. */
  list?: { minItems: number; maxItems: number };
}

type FieldMap = Map<string, FastField>;

const inputClasses = new Set<new () => unknown>();

/** Every class with at least one `In.*` field (for tests that compare both paths). */
export function describedInputClasses(): (new () => unknown)[] {
  return [...inputClasses];
}

/** Records the fast description of one property (called by the `In.*` decorators). */
export function fastField(field: FastField): PropertyDecorator {
  return (target, property) => {
    if (typeof property !== 'string') return;
    const owner = target.constructor as new () => unknown;
    inputClasses.add(owner);
    let fields = Reflect.getOwnMetadata(FAST_FIELDS, owner) as FieldMap | undefined;
    if (!fields) {
      fields = new Map();
      Reflect.defineMetadata(FAST_FIELDS, fields, owner);
    }
    fields.set(property, field);
  };
}

/**
 * Regular expressions are checked with the very `RegExp` that class-validator uses (flags included),
 * through a keyword, rather than re-read by ajv in its own `u` mode.
 */
const patterns: RegExp[] = [];

/**
 * validator.js counts a character followed by a variation selector (U+FE0E, U+FE0F) as one; ajv
 * counts code points. Without either selector the two lengths agree, so strings that contain one
 * are left to class-validator.
 */
const NO_VARIATION_SELECTOR = '^[^\\uFE0E\\uFE0F]*$';

/** The JSON Schema of a string field, with its own pattern as an index into `patterns`. */
export function stringSchema(o: { minLength?: number; maxLength: number; pattern?: RegExp }) {
  const schema: Record<string, unknown> = {
    type: 'string',
    maxLength: o.maxLength,
    pattern: NO_VARIATION_SELECTOR,
  };
  if (o.minLength) schema.minLength = o.minLength;
  if (o.pattern) {
    patterns.push(new RegExp(o.pattern.source, o.pattern.flags.replace(/[gy]/g, '')));
    schema.classValidatorPattern = patterns.length - 1;
  }
  return schema;
}

const ajv = new Ajv({
  allErrors: false,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  strict: true,
});
ajv.addKeyword({
  keyword: 'classValidatorPattern',
  type: 'string',
  schemaType: 'number',
  validate: (index: number, data: string) => patterns[index].test(data),
  errors: false,
});

/** Each class's fields, merged once: decorators have all run by the time a class is first used. */
const fieldsByClass = new Map<unknown, FieldMap | null>();

function fieldsOf(metatype: new () => unknown): FieldMap | null {
  let fields = fieldsByClass.get(metatype);
  if (fields === undefined) {
    fields = mergedFieldsOf(metatype);
    fieldsByClass.set(metatype, fields);
  }
  return fields;
}

function mergedFieldsOf(metatype: new () => unknown): FieldMap | null {
  const merged: FieldMap = new Map();
  const chain: object[] = [];
  for (let c: object | null = metatype; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    chain.unshift(c);
  }
  for (const c of chain) {
    const own = Reflect.getOwnMetadata(FAST_FIELDS, c) as FieldMap | undefined;
    if (own) for (const [name, field] of own) merged.set(name, field);
  }
  return merged.size > 0 ? merged : null;
}

const TRANSFORMATIONS = [
  TransformationType.PLAIN_TO_CLASS,
  TransformationType.CLASS_TO_PLAIN,
  TransformationType.CLASS_TO_CLASS,
];

/**
 * The class qualifies only when every class-validator rule on it came from an `In.*` decorator
 * (same properties, same number of rules each) and class-transformer has nothing to do for it.
 */
function qualifies(metatype: new () => unknown, fields: FieldMap): boolean {
  const rules = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  const counts = new Map<string, number>();
  for (const rule of rules) counts.set(rule.propertyName, (counts.get(rule.propertyName) ?? 0) + 1);
  if (counts.size !== fields.size) return false;
  for (const [name, field] of fields) {
    if ((!field.schema && !field.nested) || counts.get(name) !== field.validators) return false;
    // A nested field's @Type names its class (class-transformer builds it); any other @Type is a transform.
    if (!field.nested && defaultMetadataStorage.findTypeMetadata(metatype, name)) return false;
    const transforms = TRANSFORMATIONS.some(
      (type) => defaultMetadataStorage.findTransformMetadatas(metatype, name, type).length > 0,
    );
    if (transforms) return false;
  }
  if (defaultMetadataStorage.getExposedMetadatas(metatype).length > 0) return false;
  if (defaultMetadataStorage.getExcludedMetadatas(metatype).length > 0) return false;
  return true;
}

/** The JSON Schema the fast path checks a class against, or null when the class does not qualify. */
export function fastSchemaOf(
  metatype: new () => unknown,
  within: ReadonlySet<unknown> = new Set(),
): Record<string, unknown> | null {
  if (within.has(metatype)) return null; // a class nested in itself stays on class-validator
  const fields = fieldsOf(metatype);
  if (!fields || !qualifies(metatype, fields)) return null;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  // A renamed field is optional in the contracts (its old name may come instead) but required once
  // the pipe has moved an old name to it (renamed-fields.ts): so it is here.
  const renamedRequired = requiredRenamedFields(metatype);
  for (const [name, field] of fields) {
    const own = field.nested ? fastSchemaOf(field.nested(), new Set([...within, metatype])) : field.schema;
    if (!own) return null;
    const schema = field.list ? { type: 'array', ...field.list, items: own } : own;
    properties[name] = schema;
    if (!field.optional || renamedRequired.includes(name)) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/**
 * The instance the pipe answers for a body the fast path accepted: the class, with each nested
 * input object built as its own class (as class-transformer would).
 */
export function fastInstance(metatype: new () => unknown, value: Record<string, unknown>): object {
  const instance = Object.assign(new metatype() as object, value) as Record<string, unknown>;
  const fields = fieldsOf(metatype);
  if (fields) {
    for (const [name, field] of fields) {
      const inner = instance[name];
      if (!field.nested || typeof inner !== 'object' || inner === null) continue;
      const nested = field.nested();
      instance[name] = Array.isArray(inner)
        ? inner.map((item) => fastInstance(nested, item as Record<string, unknown>))
        : fastInstance(nested, inner as Record<string, unknown>);
    }
  }
  return instance;
}

const compiled = new Map<unknown, ValidateFunction | null>();

/** The compiled check for a class (compiled on first use), or null when it has no fast path. */
export function fastValidator(metatype: new () => unknown): ValidateFunction | null {
  let check = compiled.get(metatype);
  if (check === undefined) {
    const schema = fastSchemaOf(metatype);
    check = schema ? ajv.compile(schema) : null;
    compiled.set(metatype, check);
  }
  return check;
}
