import { applyDecorators, Type as ClassType } from '@nestjs/common';
import { Field, FieldMiddleware, Float, ID, Int, registerEnumType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { GraphQLJSON } from 'graphql-scalars';
import { fastField, stringSchema } from './fast-validation';
import { EXAMPLE_NAMES, NameKind, namesSentence, recordNamedField } from './named-fields';

/*
 * One class per operation carries its GraphQL field, its OpenAPI property and its validation, so the
 * REST body and the GraphQL input can never drift apart. `In.*` decorate input fields, `Out.*`
 * output fields.
 */

interface Common {
  optional?: boolean;
}
interface IntOptions extends Common {
  min?: number;
  max?: number;
  example?: number;
}

function optionalValidation(optional?: boolean): PropertyDecorator[] {
  return optional ? [IsOptional()] : [];
}

function bounds(min?: number, max?: number): PropertyDecorator[] {
  return [...(min !== undefined ? [Min(min)] : []), ...(max !== undefined ? [Max(max)] : [])];
}

/** The same bounds as JSON Schema keywords. */
function schemaBounds(min?: number, max?: number): Record<string, number> {
  return {
    ...{},
    ...(min !== undefined ? { minimum: min } : {}),
    ...(max !== undefined ? { maximum: max } : {}),
  };
}

/**
 * The class-validator rules of one field, plus the JSON Schema of the same rules for the compiled
 * fast path (see fast-validation.ts); `schema: null` keeps the class on class-validator alone.
 */
function validated(
  optional: boolean | undefined,
  schema: Record<string, unknown> | null,
  rules: PropertyDecorator[],
  nested?: () => ClassType<unknown>,
  list?: { minItems: number; maxItems: number },
): PropertyDecorator[] {
  return [...rules, fastField({ schema, optional: !!optional, validators: rules.length, nested, list })];
}

/**
 * The class of a nested field as @nestjs/swagger must receive it. It tells a lazy type (a thunk it
 * calls) from a class by the function's name alone: only a function named `type` is called. The
 * thunks our callers pass are anonymous arrows, so handed over as they are, swagger took the thunk for
 * a class named "" and wrote `$ref: '#/components/schemas/'`. These wrappers carry the expected name.
 */
function lazy(thunk: () => ClassType<unknown>): () => ClassType<unknown> {
  const type = () => thunk();
  return type;
}

function lazyList(thunk: () => ClassType<unknown>): () => [ClassType<unknown>] {
  const type = (): [ClassType<unknown>] => [thunk()];
  return type;
}

/**
 * A GraphQL enum for kebab-case ids, registered under `name`: GraphQL names cannot hold dashes, so
 * each value is named with underscores and maps back to its id (`melee_attack` → `melee-attack`).
 * The returned object is the `enumRef` of `In.oneOf` / `Out.oneOf`.
 */
export function dashedEnumType(
  name: string,
  values: readonly string[],
  description: string,
): Record<string, string> {
  const enumRef = Object.fromEntries(values.map((v) => [v.replace(/-/g, '_'), v]));
  registerEnumType(enumRef, { name, description });
  return enumRef;
}

export const In = {
  int(description: string, o: IntOptions = {}): PropertyDecorator {
    return applyDecorators(
      Field(() => Int, { description, nullable: o.optional }),
      ApiProperty({
        type: 'integer',
        description,
        required: !o.optional,
        minimum: o.min,
        maximum: o.max,
        example: o.example,
      }),
      ...validated(o.optional, { type: 'integer', ...schemaBounds(o.min, o.max) }, [
        ...optionalValidation(o.optional),
        IsInt(),
        ...bounds(o.min, o.max),
      ]),
    );
  },
  number(description: string, o: IntOptions = {}): PropertyDecorator {
    return applyDecorators(
      Field(() => Float, { description, nullable: o.optional }),
      ApiProperty({ type: 'number', description, required: !o.optional, minimum: o.min, maximum: o.max }),
      ...validated(o.optional, { type: 'number', ...schemaBounds(o.min, o.max) }, [
        ...optionalValidation(o.optional),
        IsNumber({ allowNaN: false, allowInfinity: false }),
        ...bounds(o.min, o.max),
      ]),
    );
  },
  bool(description: string, o: Common = {}): PropertyDecorator {
    return applyDecorators(
      Field(() => Boolean, { description, nullable: o.optional }),
      ApiProperty({ type: 'boolean', description, required: !o.optional }),
      ...validated(o.optional, { type: 'boolean' }, [...optionalValidation(o.optional), IsBoolean()]),
    );
  },
  string(
    description: string,
    o: Common & { minLength?: number; maxLength: number; pattern?: RegExp; example?: string },
  ): PropertyDecorator {
    return applyDecorators(
      Field(() => String, { description, nullable: o.optional }),
      ApiProperty({
        type: 'string',
        description,
        required: !o.optional,
        minLength: o.minLength ?? 1,
        maxLength: o.maxLength,
        pattern: o.pattern?.source,
        example: o.example,
      }),
      ...validated(
        o.optional,
        stringSchema({ minLength: o.minLength ?? 1, maxLength: o.maxLength, pattern: o.pattern }),
        [
          ...optionalValidation(o.optional),
          IsString(),
          MinLength(o.minLength ?? 1),
          MaxLength(o.maxLength),
          ...(o.pattern ? [Matches(o.pattern)] : []),
        ],
      ),
    );
  },
  /** An id; `allowEmpty` also takes `""` (a field where the empty string clears a link). */
  id(description: string, o: Common & { allowEmpty?: boolean; names?: NameKind } = {}): PropertyDecorator {
    const minLength = o.allowEmpty ? 0 : 1;
    if (o.names) description += namesSentence(o.names, false);
    const kind = o.names;
    return applyDecorators(
      ...(kind
        ? [(t: object, p: string | symbol) => recordNamedField(t, { prop: String(p), kind, list: false })]
        : []),
      Field(() => ID, { description, nullable: o.optional }),
      ApiProperty({
        type: 'string',
        description,
        required: !o.optional,
        maxLength: 64,
        ...(o.allowEmpty ? { minLength: 0 } : {}),
        ...(kind ? { example: EXAMPLE_NAMES[kind] } : {}),
      }),
      ...validated(o.optional, stringSchema({ minLength, maxLength: 64 }), [
        ...optionalValidation(o.optional),
        IsString(),
        MinLength(minLength),
        MaxLength(64),
      ]),
    );
  },
  /** A string from a fixed list; `enumRef` is the GraphQL enum registered for it. */
  oneOf(description: string, values: readonly string[], enumRef: object, o: Common = {}): PropertyDecorator {
    return applyDecorators(
      Field(() => enumRef, { description, nullable: o.optional }),
      ApiProperty({ type: 'string', enum: [...values], description, required: !o.optional }),
      ...validated(o.optional, { enum: [...values] }, [...optionalValidation(o.optional), IsIn([...values])]),
    );
  },
  intList(description: string, o: IntOptions & { minItems?: number; maxItems: number }): PropertyDecorator {
    return applyDecorators(
      Field(() => [Int], { description, nullable: o.optional }),
      ApiProperty({
        type: 'array',
        items: { type: 'integer', minimum: o.min, maximum: o.max },
        description,
        required: !o.optional,
        minItems: o.minItems,
        maxItems: o.maxItems,
      }),
      ...validated(
        o.optional,
        {
          type: 'array',
          items: { type: 'integer', ...schemaBounds(o.min, o.max) },
          minItems: o.minItems ?? 0,
          maxItems: o.maxItems,
        },
        [
          ...optionalValidation(o.optional),
          IsArray(),
          ArrayMinSize(o.minItems ?? 0),
          ArrayMaxSize(o.maxItems),
          IsInt({ each: true }),
          ...(o.min !== undefined ? [Min(o.min, { each: true })] : []),
          ...(o.max !== undefined ? [Max(o.max, { each: true })] : []),
        ],
      ),
    );
  },
  /** A list of strings of 1 to `maxLength` characters (names, tags). */
  stringList(description: string, o: Common & { maxItems: number; maxLength: number }): PropertyDecorator {
    return applyDecorators(
      Field(() => [String], { description, nullable: o.optional }),
      ApiProperty({
        type: 'array',
        items: { type: 'string', minLength: 1, maxLength: o.maxLength },
        maxItems: o.maxItems,
        description,
        required: !o.optional,
      }),
      ...validated(
        o.optional,
        {
          type: 'array',
          items: stringSchema({ minLength: 1, maxLength: o.maxLength }),
          maxItems: o.maxItems,
        },
        [
          ...optionalValidation(o.optional),
          IsArray(),
          ArrayMaxSize(o.maxItems),
          IsString({ each: true }),
          MinLength(1, { each: true }),
          MaxLength(o.maxLength, { each: true }),
        ],
      ),
    );
  },
  /** A list of strings from a fixed list; `enumRef` is the GraphQL enum registered for them. */
  oneOfList(
    description: string,
    values: readonly string[],
    enumRef: object,
    o: Common & { maxItems: number },
  ): PropertyDecorator {
    return applyDecorators(
      Field(() => [enumRef], { description, nullable: o.optional }),
      ApiProperty({
        type: 'array',
        items: { type: 'string', enum: [...values] },
        maxItems: o.maxItems,
        description,
        required: !o.optional,
      }),
      ...validated(o.optional, { type: 'array', items: { enum: [...values] }, maxItems: o.maxItems }, [
        ...optionalValidation(o.optional),
        IsArray(),
        ArrayMaxSize(o.maxItems),
        IsIn([...values], { each: true }),
      ]),
    );
  },
  idList(description: string, o: Common & { maxItems: number; names?: NameKind }): PropertyDecorator {
    if (o.names) description += namesSentence(o.names, true);
    const kind = o.names;
    return applyDecorators(
      ...(kind
        ? [(t: object, p: string | symbol) => recordNamedField(t, { prop: String(p), kind, list: true })]
        : []),
      Field(() => [ID], { description, nullable: o.optional }),
      ApiProperty({
        type: 'array',
        items: { type: 'string' },
        description,
        required: !o.optional,
        ...(kind ? { example: [EXAMPLE_NAMES[kind]] } : {}),
      }),
      ...validated(
        o.optional,
        { type: 'array', items: stringSchema({ minLength: 0, maxLength: 64 }), maxItems: o.maxItems },
        [
          ...optionalValidation(o.optional),
          IsArray(),
          ArrayMaxSize(o.maxItems),
          IsString({ each: true }),
          MaxLength(64, { each: true }),
        ],
      ),
    );
  },
  nested(description: string, type: () => ClassType<unknown>, o: Common = {}): PropertyDecorator {
    return applyDecorators(
      (t: object, p: string | symbol) => recordNamedField(t, { prop: String(p), nested: type, list: false }),
      Field(type, { description, nullable: o.optional }),
      ApiProperty({ type: lazy(type), description, required: !o.optional }),
      ...validated(
        o.optional,
        null,
        [...(o.optional ? [IsOptional()] : [IsDefined()]), IsObject(), ValidateNested()],
        type,
      ),
      Type(type),
    );
  },
  nestedList(
    description: string,
    type: () => ClassType<unknown>,
    o: Common & { minItems?: number; maxItems: number },
  ): PropertyDecorator {
    return applyDecorators(
      (t: object, p: string | symbol) => recordNamedField(t, { prop: String(p), nested: type, list: true }),
      Field(() => [type()], { description, nullable: o.optional }),
      ApiProperty({ type: lazyList(type), description, required: !o.optional }),
      ...validated(
        o.optional,
        null,
        [
          ...(o.optional ? [IsOptional()] : [IsDefined()]),
          IsArray(),
          ArrayMinSize(o.minItems ?? 0),
          ArrayMaxSize(o.maxItems),
          ValidateNested({ each: true }),
        ],
        type,
        { minItems: o.minItems ?? 0, maxItems: o.maxItems },
      ),
      Type(type),
    );
  },
  /**
   * A JSON object whose shape the service checks (a sheet in its system's words). `schema` documents
   * its shape in OpenAPI when it has one (a sheet: its system's typed input schema).
   */
  object(description: string, o: Common & { schema?: Record<string, unknown> } = {}): PropertyDecorator {
    return applyDecorators(
      Field(() => GraphQLJSON, { description, nullable: o.optional }),
      ApiProperty({
        ...{},
        ...(o.schema ?? { type: 'object', additionalProperties: true }),
        description,
        required: !o.optional,
      } as never),
      ...validated(o.optional, { type: 'object' }, [...optionalValidation(o.optional), IsObject()]),
    );
  },
  /** The optional seed every random operation accepts. */
  seed(): PropertyDecorator {
    return In.string(
      'Any string up to 128 characters. The same inputs with the same seed give the same dice, forever. ' +
        'Leave it out and the server draws 128 random bits and returns them as hex.',
      { optional: true, maxLength: 128, example: 'table-7-night-3' },
    );
  },
};

interface OutOptions {
  nullable?: boolean;
  /**
   * REST may leave the member out (a sealed roll shows only its stub); GraphQL answers null for it,
   * so it is nullable there too.
   */
  optional?: boolean;
  /**
   * A member kept for clients of an older spelling (docs/api-style.md): its text says what replaced
   * it; marked deprecated in both contracts (OpenAPI `deprecated`, GraphQL `@deprecated`).
   */
  deprecated?: string;
}

/** The deprecation marks of an answer member, for GraphQL and OpenAPI. */
function deprecation(o: OutOptions) {
  return o.deprecated
    ? { graphql: { deprecationReason: o.deprecated }, openapi: { deprecated: true } }
    : { graphql: {}, openapi: {} };
}

function out(gqlType: () => unknown, openapi: Record<string, unknown>, description: string, o: OutOptions) {
  const d = deprecation(o);
  return applyDecorators(
    Field(gqlType as never, { ...{}, ...d.graphql, description, nullable: o.nullable || o.optional }),
    ApiProperty({
      ...{},
      ...d.openapi,
      ...openapi,
      description,
      nullable: o.nullable,
      required: !o.optional,
    }),
  );
}

/**
 * GraphQL has no maps: a map of free names (`{ "Stealth": 2 }`) is answered there as a list of
 * entries, each the value with its `name` (`[{ name: "Stealth", value: 2 }]`, or `{ name, …fields }`
 * when the value is an object). REST keeps the object (docs/api-style.md).
 */
export const mapEntries: FieldMiddleware = async (_ctx, next) => {
  const value: unknown = await next();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.entries(value as Record<string, unknown>).map(([name, v]) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...{}, ...v, name } : { name, value: v },
  );
};

export const Out = {
  int: (description: string, o: OutOptions = {}) => out(() => Int, { type: 'integer' }, description, o),
  number: (description: string, o: OutOptions = {}) => out(() => Float, { type: 'number' }, description, o),
  bool: (description: string, o: OutOptions = {}) => out(() => Boolean, { type: 'boolean' }, description, o),
  string: (description: string, o: OutOptions = {}) => out(() => String, { type: 'string' }, description, o),
  id: (description: string, o: OutOptions = {}) => out(() => ID, { type: 'string' }, description, o),
  intList: (description: string, o: OutOptions = {}) =>
    out(() => [Int], { type: 'array', items: { type: 'integer' } }, description, o),
  numberList: (description: string, o: OutOptions = {}) =>
    out(() => [Float], { type: 'array', items: { type: 'number' } }, description, o),
  stringList: (description: string, o: OutOptions = {}) =>
    out(() => [String], { type: 'array', items: { type: 'string' } }, description, o),
  oneOf: (description: string, values: readonly string[], enumRef: object, o: OutOptions = {}) =>
    out(() => enumRef, { type: 'string', enum: [...values] }, description, o),
  json: (description: string, o: OutOptions = {}) =>
    out(() => GraphQLJSON, { type: 'object', additionalProperties: true }, description, o),
  nested: (description: string, type: () => ClassType<unknown>, o: OutOptions = {}) =>
    applyDecorators(
      Field(type, { ...{}, ...deprecation(o).graphql, description, nullable: o.nullable || o.optional }),
      ApiProperty({
        ...{},
        ...deprecation(o).openapi,
        type: lazy(type),
        description,
        nullable: o.nullable,
        required: !o.optional,
      }),
    ),
  nestedList: (description: string, type: () => ClassType<unknown>, o: OutOptions = {}) =>
    applyDecorators(
      Field(() => [type()], {
        ...{},
        ...deprecation(o).graphql,
        description,
        nullable: o.nullable || o.optional,
      }),
      ApiProperty({
        ...{},
        ...deprecation(o).openapi,
        type: lazyList(type),
        description,
        nullable: o.nullable,
        required: !o.optional,
      }),
    ),
  /**
   * A map of free names: in OpenAPI an object whose `additionalProperties` is `value` (a JSON Schema);
   * in GraphQL a list of `entry` (see `mapEntries`).
   */
  map: (
    description: string,
    value: Record<string, unknown>,
    entry: () => ClassType<unknown>,
    o: OutOptions = {},
  ) =>
    applyDecorators(
      Field(() => [entry()], {
        description: `${description} (GraphQL: a list of entries, each with its name.)`,
        nullable: o.nullable || o.optional,
        middleware: [mapEntries],
      }),
      ApiProperty({
        type: 'object',
        additionalProperties: value,
        description,
        nullable: o.nullable,
        required: !o.optional,
      } as never),
    ),
};
