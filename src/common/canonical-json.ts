import { configure } from 'safe-stable-stringify';

/*
 * RFC 8785 (JCS) canonical JSON of the plain data we store and sign: a secret roll's commitment, a
 * receipt's signed document, a referee table's version hash. JCS is JSON.stringify's own text for
 * strings and numbers, object members sorted by their names' UTF-16 code units, no whitespace.
 * safe-stable-stringify in its deterministic mode writes exactly that for JSON data, about twice as
 * fast as the `canonicalize` package, which stays the reference the tests compare with on generated
 * values (src/common/canonical-json.spec.ts) and the one docs/campaign-state.md shows clients.
 *
 * As storage and `JSON.stringify` do, an `undefined` member is left out, `undefined` in an array and
 * a number that is not finite are written `null` (`canonicalize` throws on NaN; commitments then
 * hashed the stored form, which is the same text). A cycle throws.
 */
const stable = configure({ deterministic: true, circularValue: TypeError, bigint: false });

/** The canonical JSON text of `value`; undefined for `undefined` (as `canonicalize` answers). */
export function canonicalJson(value: unknown): string | undefined {
  return stable(value);
}
