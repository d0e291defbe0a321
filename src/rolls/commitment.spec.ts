import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { commitmentOf } from './rolls.service';

const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** JSON-like values as core outcomes hold them, with undefined members that storage drops. */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string(),
    fc.boolean(),
    fc.constant(null),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(fc.oneof(tie('node'), fc.constant(undefined)), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(tie('node'), fc.constant(undefined)), { maxKeys: 4 }),
  ),
})).node;

describe('the commitment of a secret roll', () => {
  it('is the same over the roll as recorded and over its stored (plain JSON) form', () => {
    fc.assert(
      fc.property(value, value, fc.array(fc.integer({ min: 1, max: 20 })), (inputs, outcome, faces) => {
        const roll = {
          procedure: 'combat.gm-action',
          inputs: { body: inputs, skipped: undefined } as Record<string, unknown>,
          seed: 'c37bec347bee332c98159603a41c255a',
          rng: 'xoroshiro128plus@1',
          faces,
          outcome: { outcome, at: new Date(0), gone: undefined } as Record<string, unknown>,
        };
        expect(commitmentOf('salt', roll)).toBe(commitmentOf('salt', stored(roll)));
      }),
    );
  });

  it('hashes a value storage keeps as null (NaN) as the stored form', () => {
    const roll = { procedure: 'p', inputs: { x: Number.NaN }, seed: 's', rng: 'r', faces: [], outcome: {} };
    expect(commitmentOf('salt', roll)).toBe(commitmentOf('salt', { ...roll, inputs: { x: null } }));
  });

  it('is pinned for a known roll', () => {
    const roll = {
      procedure: 'p',
      inputs: { b: 1, a: [2, undefined] },
      seed: 's',
      rng: 'r',
      faces: [3],
      outcome: { z: 'é' },
    };
    // sha256('salt.{"faces":[3],"inputs":{"a":[2,null],"b":1},"outcome":{"z":"é"},"procedure":"p","rng":"r","seed":"s"}')
    expect(commitmentOf('salt', roll)).toBe(
      createHash('sha256')
        .update(
          'salt.{"faces":[3],"inputs":{"a":[2,null],"b":1},"outcome":{"z":"é"},"procedure":"p","rng":"r","seed":"s"}',
        )
        .digest('hex'),
    );
  });
});
