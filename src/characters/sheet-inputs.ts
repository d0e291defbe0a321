import { Type as ClassType } from '@nestjs/common';
import { CLASS_TYPE_METADATA, Field, InputType, ReturnTypeFunc, TypeMetadataStorage } from '@nestjs/graphql';
import { getFieldsAndDecoratorForType } from '@nestjs/graphql/dist/schema-builder/utils/get-fields-and-decorator.util.js';
import { Allow } from 'class-validator';
import { Problem, validationProblem, type FieldError } from '../common/problem';
import { mapEntries } from '../common/schema';
import { RuleError } from '../core/errors';
import { SHEET_SYSTEMS, type SheetSystem } from '../core/characters/sheets';
import { SHEET_SCHEMAS } from './sheet-schemas';

/*
 * GraphQL's typed sheet inputs (issue 42; docs/api-style.md, "Sheets as inputs"). GraphQL has no input
 * unions and no maps, so:
 *
 * - each sheet type of the answers (`CoeacSheet` … and every object type inside one) gets its input
 *   twin (`CoeacSheetInput` …), made here from the answer type's own fields: the same members, each
 *   optional (the normaliser fills in what is left out and names what it refuses), nested objects as
 *   their own twins, maps of free names as lists of `{ name, … }` entries as the answers give them.
 *   A member added to a sheet type in sheet-schemas.ts is in its twin with no more work;
 * - `SystemSheetInput` (GraphQL `@oneOf`) carries one sheet in one of them: `{ coeac: {…} }`;
 * - `SystemSheetsInput` carries one per system, any of them (an NPC's starting sheets).
 *
 * A typed input is turned back into the REST body's shape (`sheetFromInput`) before the service sees
 * it, so both contracts meet the same normaliser.
 */

interface TwinField {
  name: string;
  /** The answer's member is a map of free names, answered as a list of entries. */
  map: boolean;
  list: boolean;
  nested?: Twin;
}

interface Twin {
  cls: ClassType<unknown>;
  fields: Map<string, TwinField>;
}

const twins = new Map<unknown, Twin>();

function isObjectTypeClass(type: unknown): type is ClassType<unknown> {
  return typeof type === 'function' && Reflect.getMetadata(CLASS_TYPE_METADATA, type) === 'objectType';
}

interface FieldItem {
  name: string;
  typeFn: () => unknown;
  options: { isArray?: boolean; arrayDepth?: number };
  description?: string;
  deprecationReason?: string;
  middleware?: unknown[];
}

/** The input twin of an answer's object type (made once). */
function twinOf(objectType: ClassType<unknown>): Twin {
  const known = twins.get(objectType);
  if (known) return known;
  const name = `${objectType.name}Input`;
  const cls = class {} as ClassType<unknown>;
  Object.defineProperty(cls, 'name', { value: name });
  const twin: Twin = { cls, fields: new Map() };
  twins.set(objectType, twin);
  const { fields } = getFieldsAndDecoratorForType(objectType) as unknown as { fields: FieldItem[] };
  const description = TypeMetadataStorage.getObjectTypeMetadataByTarget(objectType)?.description;
  InputType(name, {
    description: `${description ?? name} As an input: every member optional (the server fills in what is left out; derived members are ignored).`,
  })(cls);
  for (const item of fields) {
    const type = item.typeFn();
    const list = Boolean(item.options.isArray);
    if ((item.options.arrayDepth ?? 1) > 1)
      throw new Error(`sheet-inputs: ${name}.${item.name} is a nested list`);
    const nested = isObjectTypeClass(type) ? twinOf(type) : undefined;
    const inputType = nested ? nested.cls : type;
    Field((() => (list ? [inputType] : inputType)) as ReturnTypeFunc, {
      nullable: true,
      description: item.description,
      deprecationReason: item.deprecationReason,
    })(cls.prototype as object, item.name);
    Allow()(cls.prototype as object, item.name);
    twin.fields.set(item.name, {
      name: item.name,
      map: Boolean(item.middleware?.includes(mapEntries)),
      list,
      nested,
    });
  }
  return twin;
}

/** The input twin of each system's sheet type (`CoeacSheetInput` …). */
export const SHEET_INPUTS = Object.fromEntries(
  SHEET_SYSTEMS.map((system) => [system, twinOf(SHEET_SCHEMAS[system] as ClassType<unknown>)]),
) as Record<SheetSystem, Twin>;

@InputType('SystemSheetInput', {
  isOneOf: true,
  description:
    'One sheet, in the member of its system (exactly one: coeac, cairn, archsoul or gm). GraphQL has no input unions; this is its `@oneOf` form.',
})
export class SystemSheetInput {
  coeac?: Record<string, unknown>;
  cairn?: Record<string, unknown>;
  archsoul?: Record<string, unknown>;
  gm?: Record<string, unknown>;
}

@InputType('SystemSheetsInput', { description: 'Sheets by system (any of them).' })
export class SystemSheetsInput {
  coeac?: Record<string, unknown>;
  cairn?: Record<string, unknown>;
  archsoul?: Record<string, unknown>;
  gm?: Record<string, unknown>;
}

const LABEL: Record<SheetSystem, string> = {
  coeac: 'COEAC',
  cairn: 'Cairn',
  archsoul: 'Archsoul',
  gm: 'G&M',
};

for (const system of SHEET_SYSTEMS) {
  for (const [target, description] of [
    [SystemSheetInput, `A ${LABEL[system]} sheet.`],
    [SystemSheetsInput, `The ${LABEL[system]} sheet.`],
  ] as const) {
    Field(() => SHEET_INPUTS[system].cls, { nullable: true, description })(target.prototype, system);
    Allow()(target.prototype, system);
  }
}

/** A typed input turned into the REST shape (maps of free names as objects), naming what it refuses. */
function fromTwin(twin: Twin, value: unknown, path: string, errors: FieldError[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    const field = twin.fields.get(key);
    const at = `${path}.${key}`;
    if (!field || member === null || member === undefined) {
      out[key] = member;
    } else if (field.map && Array.isArray(member)) {
      const map: Record<string, unknown> = {};
      member.forEach((entry: unknown, i) => {
        const converted = (
          field.nested ? fromTwin(field.nested, entry, `${at}[${i}]`, errors) : entry
        ) as Record<string, unknown>;
        const { name, ...rest } = converted ?? {};
        if (typeof name !== 'string') {
          errors.push({ field: `${at}[${i}].name`, message: `${at}[${i}].name is required` });
          return;
        }
        if (Object.prototype.hasOwnProperty.call(map, name)) {
          errors.push({ field: `${at}[${i}].name`, message: `${at}[${i}].name repeats ${name}` });
          return;
        }
        const keys = Object.keys(rest);
        map[name] = keys.length === 1 && keys[0] === 'value' ? rest.value : rest;
      });
      out[key] = map;
    } else if (field.nested) {
      const nested = field.nested;
      out[key] = Array.isArray(member)
        ? member.map((entry: unknown, i) => fromTwin(nested, entry, `${at}[${i}]`, errors))
        : fromTwin(nested, member, at, errors);
    } else {
      out[key] = member;
    }
  }
  return out;
}

/** One system's typed sheet input in the REST body's shape (`path` names its fields in refusals). */
export function sheetFromInput(system: SheetSystem, value: unknown, path: string): Record<string, unknown> {
  const errors: FieldError[] = [];
  const sheet = fromTwin(SHEET_INPUTS[system], value, path, errors) as Record<string, unknown>;
  if (errors.length > 0) throw validationProblem(errors);
  return sheet;
}

/** The systems set in a `SystemSheetInput`/`SystemSheetsInput` (members sent as null are not set). */
export function systemsSet(value: object | null | undefined): SheetSystem[] {
  if (!value) return [];
  return SHEET_SYSTEMS.filter((s) => (value as Record<string, unknown>)[s] != null);
}

/**
 * Runs `work`, naming a refused sheet field by where the typed input put it: the service names
 * `from.hp` (the REST member), the GraphQL client sent `to.hp`.
 */
export async function namedAs<T>(from: string, to: string, work: () => Promise<T>): Promise<T> {
  const rename = (field: string) =>
    field === from || field.startsWith(`${from}.`) ? to + field.slice(from.length) : field;
  const reword = (message: string) => message.split(`${from}.`).join(`${to}.`);
  try {
    return await work();
  } catch (error) {
    if (error instanceof RuleError && error.field) {
      const errors = error.errors?.map((e) => ({ ...{}, ...e, field: rename(e.field) }));
      throw new RuleError(error.code, reword(error.message), rename(error.field), errors);
    }
    if (error instanceof Problem && error.errors?.length) {
      const errors = error.errors.map((e) => ({
        ...{},
        ...e,
        field: rename(e.field),
        message: reword(e.message),
      }));
      if (error.code === 'VALIDATION_FAILED') throw validationProblem(errors);
      // A refusal of the PUT's own checks (an item the character does not carry: CONFLICT) too.
      const renamed = new Problem(error.code, reword(error.message), errors);
      renamed.members = error.members;
      throw renamed;
    }
    throw error;
  }
}
