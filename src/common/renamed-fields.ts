import { Type as ClassType } from '@nestjs/common';
import { Field, Int } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';
import { namedFieldsOf } from './named-fields';
import { FieldError, validationProblem } from './problem';

/**
 * Input fields renamed under /v1 (docs/api-style.md: an ability score is an `attribute`). The input
 * class holds the field under its new name; the old name stays accepted, marked deprecated in both
 * contracts, until /v2. The validation pipe (validation.ts) moves an old name to the new one before
 * anything else reads the input, so services, validation and error paths know only the new name:
 * a client sending `abilities` gets `attributes.strength` named in a refusal, as one sending
 * `attributes` does. Sending both is a 400 naming the old one. Top-level fields only.
 */
interface Renamed {
  from: string;
  to: string;
  /** The new name must be there (after the move): refused as missing otherwise. */
  required: boolean;
}

const RENAMED = new WeakMap<object, Renamed[]>();

function renamesOf(cls: unknown): Renamed[] {
  const out: Renamed[] = [];
  for (
    let c = cls as object | null;
    c && c !== Function.prototype;
    c = Object.getPrototypeOf(c) as object | null
  ) {
    out.push(...(RENAMED.get(c) ?? []));
  }
  return out;
}

/** The new names an input class requires (after the pipe has moved old names to them). */
export function requiredRenamedFields(cls: unknown): string[] {
  return renamesOf(cls)
    .filter((r) => r.required)
    .map((r) => r.to);
}

/**
 * Marks the decorated field as the new name of `from`, and declares `from` on the class: the same
 * GraphQL type and OpenAPI schema as `type`/`openapi` give, optional, deprecated. The decorated field
 * itself must be declared optional in the contracts (a client may send the old name instead);
 * `required` makes the pipe refuse an input with neither as missing (`x is required`).
 */
export function renamedFrom(
  from: string,
  o: { required: boolean; graphqlType: () => unknown; openapi: Record<string, unknown>; description: string },
): PropertyDecorator {
  return (target: object, prop: string | symbol) => {
    const cls = (target as { constructor: object }).constructor;
    const to = String(prop);
    RENAMED.set(cls, [...(RENAMED.get(cls) ?? []), { from, to, required: o.required }]);
    const reason = `Renamed \`${to}\` (docs/api-style.md); accepted until /v2.`;
    const description = `Deprecated: the old name of \`${to}\`. ${o.description}`;
    Field(o.graphqlType as never, { description, nullable: true, deprecationReason: reason })(target, from);
    ApiProperty({ ...{}, ...o.openapi, description, required: false, deprecated: true })(target, from);
  };
}

/**
 * The input with each old name moved to its new one (a copy where anything moved; the input itself
 * is left as it was), nested inputs included (walked along `In.nested`/`In.nestedList`). Refuses an
 * input that sends both names, and one that sends neither where the field is required.
 */
export function applyRenames<T>(cls: unknown, value: T): T {
  const { value: out, errors } = renameFields(cls, value);
  if (errors.length > 0) throw validationProblem(errors);
  return out;
}

/**
 * As `applyRenames`, but answering its refusals instead of throwing them: the validation pipe
 * validates the rest as well and refuses all the fields together (a wrong field beside a missing
 * `attributes` is named too).
 */
export function renameFields<T>(cls: unknown, value: T): { value: T; errors: FieldError[] } {
  if (!needsRenames(cls, 0)) return { value, errors: [] };
  const errors: FieldError[] = [];
  const out = renamed(cls, value, '', errors, 0);
  return { value: out as T, errors };
}

/** Deeper than any input nests; a guard against a cycle of input types. */
const MAX_DEPTH = 6;

/** Per input class: whether it or an input nested in it has a renamed field (read once). */
const NEEDS = new WeakMap<object, boolean>();

function needsRenames(cls: unknown, depth: number): boolean {
  if (typeof cls !== 'function' || depth > MAX_DEPTH) return false;
  const known = NEEDS.get(cls);
  if (known !== undefined) return known;
  const needs =
    renamesOf(cls).length > 0 ||
    namedFieldsOf(cls).some((f) => 'nested' in f && needsRenames(f.nested(), depth + 1));
  NEEDS.set(cls, needs);
  return needs;
}

function renamed(cls: unknown, value: unknown, prefix: string, errors: FieldError[], depth: number): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value) || depth > MAX_DEPTH) return value;
  const at = (p: string) => (prefix ? `${prefix}.${p}` : p);
  const body = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  const has = (v: unknown) => v !== undefined && v !== null;
  for (const r of renamesOf(cls)) {
    if (body[r.from] === null) {
      out ??= { ...body };
      delete out[r.from];
    }
    const old = body[r.from];
    if (has(old) && has(body[r.to])) {
      errors.push({
        field: at(r.from),
        message: `${at(r.from)} is the deprecated name of ${r.to}: send one of them`,
        reason: 'invalid',
      });
    } else if (has(old)) {
      out ??= { ...body };
      out[r.to] = old;
      delete out[r.from];
    } else if (r.required && !has(body[r.to])) {
      errors.push({ field: at(r.to), message: `${at(r.to)} is required`, reason: 'missing' });
    }
  }
  const current = out ?? body;
  for (const f of namedFieldsOf(cls)) {
    if (!('nested' in f)) continue;
    const member = current[f.prop];
    const walk = (v: unknown, path: string) => renamed(f.nested(), v, path, errors, depth + 1);
    const next = Array.isArray(member)
      ? f.list
        ? member.map((v, i) => walk(v, `${at(f.prop)}[${i}]`))
        : member
      : f.list
        ? member
        : walk(member, at(f.prop));
    if (next !== member && (!Array.isArray(next) || next.some((v, i) => v !== (member as unknown[])[i]))) {
      out ??= { ...body };
      out[f.prop] = next;
    }
  }
  return out ?? value;
}

/** `renamedFrom`'s types for a nested input (swagger calls a thunk only when it is named `type`). */
export function nestedRename(thunk: () => ClassType<unknown>) {
  const type = () => thunk();
  return { graphqlType: thunk, openapi: { type } };
}

/** `renamedFrom`'s types for a whole number within bounds. */
export function intRename(min: number, max: number) {
  return { graphqlType: () => Int, openapi: { type: 'integer', minimum: min, maximum: max } };
}

/** `renamedFrom`'s types for one of a fixed list of values. */
export function oneOfRename(values: readonly string[], enumRef: object) {
  return { graphqlType: () => enumRef, openapi: { type: 'string', enum: [...values] } };
}

/**
 * The G&M rules core still calls attribute scores `abilities` (its words, and the words logged
 * procedures replay with): an input handed to it gets those names back.
 */
export const GM_CORE_NAMES: Readonly<Record<string, string>> = {
  attributes: 'abilities',
  attributeAdjustments: 'abilityAdjustments',
};

/** A copy of `input` with its top-level keys renamed by `names` (new name → the core's). */
export function withCoreNames<T extends object>(
  input: T,
  names: Readonly<Record<string, string>> = GM_CORE_NAMES,
) {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [names[k] ?? k, v])) as Record<
    string,
    unknown
  >;
}
