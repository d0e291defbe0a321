import { illFormedString, MAX_INPUT_DEPTH, nestedDeeperThan } from './validation';

/** `levels` objects or arrays, each inside the one before. */
function nested(levels: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = kind === 'object' ? { a: value } : [value];
  return value;
}

describe('input nesting', () => {
  it(`allows ${MAX_INPUT_DEPTH} levels and refuses one more, in objects and arrays`, () => {
    for (const kind of ['object', 'array'] as const) {
      expect(nestedDeeperThan(nested(MAX_INPUT_DEPTH, kind))).toBe(false);
      expect(nestedDeeperThan(nested(MAX_INPUT_DEPTH + 1, kind))).toBe(true);
    }
  });

  it('refuses 15,000 levels without overflowing the stack, and finds a deep branch beside shallow ones', () => {
    expect(nestedDeeperThan(nested(15_000, 'object'))).toBe(true);
    expect(nestedDeeperThan({ a: 1, b: [1, 2], c: { d: nested(MAX_INPUT_DEPTH, 'array') } })).toBe(true);
    expect(nestedDeeperThan({ a: 1, b: [1, 2], c: null })).toBe(false);
    expect(nestedDeeperThan('text')).toBe(false);
  });
});

describe('unstorable strings', () => {
  it('answers null for clean input', () => {
    expect(illFormedString({ name: 'Éowyn 🗡', tags: ['a', { b: 'c' }], n: 1, x: null })).toBeNull();
  });

  it('names the path of a NUL or a lone surrogate, in a value or a key', () => {
    expect(illFormedString({ shares: [{ share: 1 }, { share: 'a\u0000b' }] })).toBe('shares[1].share');
    expect(illFormedString({ a: { b: ['ok', '\uD800'] } })).toBe('a.b[1]');
    expect(illFormedString({ a: { ['k\uDC00']: 1 } })).toBe('a');
    expect(illFormedString('\u0000')).toBe('body');
    expect(illFormedString({ v: '\uDC00' }, 'variables')).toBe('variables.v');
  });
});
