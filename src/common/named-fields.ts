import type { Type as ClassType } from '@nestjs/common';

/**
 * Issue 42: the input fields that take the name of a campaign's character, NPC, referee table, or of
 * a combatant (a character or an NPC), in place of its id. `In.id`/`In.idList` record them here
 * (`names` option), `In.nested`/`In.nestedList` record the way down; the campaign guard walks a body
 * along these records (src/campaigns/name-addressing.ts).
 */
export type NameKind = 'character' | 'npc' | 'table' | 'combatant';

export type NamedField =
  /** `keep`: words the field takes as they are, never looked up as names (a transfer's `treasury`). */
  | { prop: string; kind: NameKind; list: boolean; keep?: readonly string[] }
  | { prop: string; nested: () => ClassType<unknown>; list: boolean };

const OWN = new WeakMap<object, NamedField[]>();

/** Records a field of the class `target` belongs to (a property decorator's target is its prototype). */
export function recordNamedField(target: object, field: NamedField): void {
  const cls = (target as { constructor: object }).constructor;
  const own = OWN.get(cls) ?? [];
  own.push(field);
  OWN.set(cls, own);
}

/** A class's recorded fields, its parents' included. */
export function namedFieldsOf(cls: unknown): NamedField[] {
  const out: NamedField[] = [];
  for (
    let c = cls as object | null;
    c && c !== Function.prototype;
    c = Object.getPrototypeOf(c) as object | null
  ) {
    const own = OWN.get(c);
    if (own) out.push(...own);
  }
  return out;
}

/** The sentence added to a field's description (OpenAPI and GraphQL) when it takes a name. */
export function namesSentence(kind: NameKind, list: boolean): string {
  const what = { character: 'character', npc: 'NPC', table: 'table', combatant: 'character or NPC' }[kind];
  return list
    ? ` Each entry may be the ${what}'s name instead of its id (exact, ignoring case).`
    : ` The ${what}'s name is accepted instead of its id (exact, ignoring case).`;
}

/**
 * The names the OpenAPI examples use where a name may stand for an id: those of the character, NPC
 * and table the creating operations' own examples make, so that Swagger UI's "Try it out" in that
 * order finds them (test/e2e/openapi-examples.e2e-spec.ts sends them so).
 */
export const EXAMPLE_NAMES: Readonly<Record<NameKind, string>> = {
  character: 'Toromeen',
  npc: 'Grey Ogre',
  table: 'Night Roads',
  combatant: 'Grey Ogre',
};
