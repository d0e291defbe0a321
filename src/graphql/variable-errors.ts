import type { FieldError } from '../common/problem';

/*
 * graphql-js refuses variables that do not fit their types before any resolver (and so before the
 * validation pipe) runs, in its own sentences: `Variable "$input" got invalid value "x" at
 * "input.pool"; Int cannot represent non-integer value: "x"`. These become the same refusal REST
 * gives: VALIDATION_FAILED naming the field in our path style and in our words. A field is named by
 * its path inside the variable (`pool`, `shares[0].share`), as the pipe names the fields of an
 * argument; a variable that is itself the value (`$limit`) is named by its own name.
 */

// The value is printed inside the message and may hold `; ` or ` at "` itself: the path is the last
// ` at "…"; `, and without one the reason is the last `; ` followed by one of graphql-js's reasons.
const INVALID_AT = /^Variable "\$([^"]+)" got invalid value [\s\S]* at "([^"]+)"; ([\s\S]*)$/;
const INVALID_HERE =
  /^Variable "\$([^"]+)" got invalid value [\s\S]*; ((?:Field "|Expected |Value |Enum |Exactly one key |[A-Za-z]+ cannot represent)[\s\S]*)$/;
const MISSING = /^Variable "\$([^"]+)" of required type "[^"]+" was not provided\.$/;
const NULL = /^Variable "\$([^"]+)" of non-null type "[^"]+" must not be null\.$/;

const REASONS: Array<[RegExp, (m: RegExpMatchArray) => { child?: string; words: string }]> = [
  [/^Field "([^"]+)" is not defined by type/, (m) => ({ child: m[1], words: 'is not a known field' })],
  [
    /^Field "([^"]+)" of required type "[^"]+" was not provided/,
    (m) => ({ child: m[1], words: 'is required' }),
  ],
  [/^Expected non-nullable type "[^"]+" not to be null/, () => ({ words: 'may not be null' })],
  // A `@oneOf` input (a typed sheet: docs/api-style.md) with none or several of its members set.
  [/^Exactly one key must be specified for OneOf type/, () => ({ words: 'must set exactly one member' })],
  [/^Field "[^"]+" must be non-null\./, () => ({ words: 'may not be null' })],
  [
    /^Int cannot represent non 32-bit/,
    () => ({ words: 'must be a whole number from -2147483648 to 2147483647' }),
  ],
  [/^Int cannot represent/, () => ({ words: 'must be a whole number' })],
  [/^Float cannot represent/, () => ({ words: 'must be a finite number' })],
  [/^(String|ID) cannot represent/, () => ({ words: 'must be a string' })],
  [/^Boolean cannot represent/, () => ({ words: 'must be true or false' })],
  [/^Value [\s\S]* does not exist in "[^"]+" enum/, () => ({ words: 'is not one of the allowed values' })],
  [/^Enum "[^"]+" cannot represent/, () => ({ words: 'is not one of the allowed values' })],
  [/^Expected type "[^"]+" to be an object/, () => ({ words: 'must be an object' })],
  [/cannot represent non-object value|Object cannot represent/, () => ({ words: 'must be an object' })],
];

function join(path: string, child: string | undefined): string {
  return child === undefined ? path : path ? `${path}.${child}` : child;
}

/** The path of a field inside variable `name`: `input.first.pool` → `first.pool`; `limit` → `limit`. */
function insideVariable(name: string, at: string | undefined): string {
  if (!at || at === name) return '';
  return at.startsWith(`${name}.`) ? at.slice(name.length + 1) : at.slice(name.length);
}

/** The field error for one graphql-js variable refusal, or null when the message is not one. */
export function variableFieldError(message: string): FieldError | null {
  const missing = MISSING.exec(message);
  if (missing) return { field: missing[1], message: `${missing[1]} is required` };
  const isNull = NULL.exec(message);
  if (isNull) return { field: isNull[1], message: `${isNull[1]} may not be null` };
  const at = INVALID_AT.exec(message);
  const here = at ? null : INVALID_HERE.exec(message);
  if (!at && !here) return null;
  const [name, path, reason] = at ? [at[1], at[2], at[3]] : [here![1], undefined, here![2]];
  const inside = insideVariable(name, path);
  for (const [pattern, read] of REASONS) {
    const match = reason.match(pattern);
    if (!match) continue;
    const { child, words } = read(match);
    const field = join(inside, child) || name;
    return { field, message: `${field} ${words}` };
  }
  const field = inside || name;
  return { field, message: `${field} is not valid` };
}
