import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { canonicalJson } from './canonical-json';

/** What `canonicalize` writes for a value, reading non-finite numbers as storage does (null). */
function reference(value: unknown): string | undefined {
  try {
    return canonicalize(value);
  } catch {
    return canonicalize(JSON.parse(JSON.stringify(value)) as unknown);
  }
}

describe('canonical JSON (RFC 8785), checked against the canonicalize package', () => {
  it('sorts members by UTF-16 code units (RFC 8785 section 3.2.3)', () => {
    const value = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    const text = canonicalJson(value)!;
    const order = ['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33'];
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['1', ...order.filter((k) => k !== '1')]);
    // Member names as written, in code-unit order (JSON.parse moves "1", an array index, first).
    const written = [...text.matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(written).toEqual(order);
    expect(text).toBe(canonicalize(value));
  });

  it('writes numbers as ECMAScript does (RFC 8785 section 3.2.2.3)', () => {
    // RFC 8785's 333333333.33333329 is the same double as 333333333.3333333.
    const value = [
      Number('333333333.33333329'),
      1e30,
      4.5,
      2e-3,
      0.000000000000000000000000001,
      -0,
      1e21,
      2 ** 53,
    ];
    expect(canonicalJson(value)).toBe('[333333333.3333333,1e+30,4.5,0.002,1e-27,0,1e+21,9007199254740992]');
    expect(canonicalJson(value)).toBe(canonicalize(value));
  });

  it('escapes strings as JSON.stringify does, lone surrogates included', () => {
    const value = {
      a: '\u0000\u001f"\\/\u007f\u2028',
      b: '\ud800',
      c: 'x\udc00y',
      d: '\ud83d\ude00',
      e: 'é',
    };
    expect(canonicalJson(value)).toBe(canonicalize(value));
    expect(canonicalJson('\ud800')).toBe('"\\ud800"');
  });

  it('leaves out undefined members and writes undefined in arrays and non-finite numbers as null', () => {
    expect(canonicalJson({ b: undefined, a: [undefined, NaN, Infinity, -Infinity], c: 1 })).toBe(
      '{"a":[null,null,null,null],"c":1}',
    );
    expect(canonicalJson(undefined)).toBeUndefined();
    expect(canonicalize(undefined)).toBeUndefined();
  });

  it('reads toJSON and enumerable getters as JSON.stringify does', () => {
    const when = new Date(Date.UTC(2026, 10, 24, 12));
    const withGetter = Object.defineProperty({ z: 1 }, 'a', {
      enumerable: true,
      get: () => ({ y: 2, x: 1 }),
    });
    expect(canonicalJson({ when, withGetter })).toBe(canonicalize({ when, withGetter }));
  });

  it('refuses a cycle', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
  });

  it('writes what canonicalize writes for any JSON value, with any code units in its strings', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }), (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
      }),
      { numRuns: 500 },
    );
  });

  it('writes what canonicalize writes for the stored form of anything without functions', () => {
    fc.assert(
      fc.property(fc.anything({ stringUnit: 'binary', withBoxedValues: false }), (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
  });
});
