import fc from 'fast-check';
import { ArbiterProblem, commitmentOf, retryAfterMs, verifyCommitment } from '../src';

// The server's own function, loaded at run time only (the client's type check stays out of src/).
const { commitmentOf: serverCommitmentOf } = jest.requireActual<{
  commitmentOf: (salt: string, roll: unknown) => string;
}>('../../../src/rolls/rolls.service');

describe('client helpers without a server', () => {
  it('reads Retry-After as seconds or as an HTTP date, and ignores anything else', () => {
    const now = Date.parse('2026-11-23T08:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Mon, 23 Nov 2026 08:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Mon, 23 Nov 2026 07:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('makes an ArbiterProblem of a body that is not problem+json', () => {
    const problem = new ArbiterProblem(502, '<html>Bad gateway</html>');
    expect(problem).toMatchObject({ status: 502, code: 'HTTP_502', errors: [], fields: [], requestId: null });
    expect(problem.body).toBe('<html>Bad gateway</html>');
    expect(ArbiterProblem.is(problem)).toBe(true);
    expect(ArbiterProblem.is(new Error('x'))).toBe(false);
  });

  it('computes commitments exactly as the server does', () => {
    const json = fc.jsonValue();
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }), // salts are random hex, never empty
        fc.record({
          procedure: fc.string(),
          inputs: json,
          seed: fc.option(fc.string(), { nil: null }),
          rng: fc.option(fc.string(), { nil: null }),
          faces: fc.array(fc.integer({ min: 1, max: 20 })),
          outcome: json,
        }),
        (salt, roll) => {
          const commitment = serverCommitmentOf(salt, roll);
          expect(commitmentOf(salt, roll)).toBe(commitment);
          expect(verifyCommitment({ ...roll, salt, commitment })).toBe(true);
          expect(verifyCommitment({ ...roll, salt, commitment, sealed: true })).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
