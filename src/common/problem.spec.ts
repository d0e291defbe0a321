import { RuleError } from '../core/errors';
import { asBadRequest, Problem } from './problem';

const refused = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
};

describe(asBadRequest.name, () => {
  it('answers what the procedure answers', () => {
    expect(asBadRequest(() => 7)).toBe(7);
  });

  it('turns an input refusal naming a field into a 400 naming it', () => {
    const error = refused(() =>
      asBadRequest(() => {
        throw new RuleError('INVALID_INPUT', 'pool is too big', 'pool');
      }),
    ) as Problem;
    expect(error).toBeInstanceOf(Problem);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors).toEqual([{ field: 'pool', message: 'pool is too big' }]);
  });

  it('names the field as the client sent it when told how', () => {
    const error = refused(() =>
      asBadRequest(
        () => {
          throw new RuleError('INVALID_INPUT', 'bad', 'cover');
        },
        { fieldOf: (field) => `gm.${field}` },
      ),
    ) as Problem;
    expect(error.errors?.[0]?.field).toBe('gm.cover');
  });

  it('lets other refusals through, unless every refusal naming a field is asked for', () => {
    const other = new RuleError('UNKNOWN_RNG', 'no such generator', 'rng');
    expect(
      refused(() =>
        asBadRequest(() => {
          throw other;
        }),
      ),
    ).toBe(other);
    const unnamed = new RuleError('INVALID_INPUT', 'no field');
    expect(
      refused(() =>
        asBadRequest(() => {
          throw unnamed;
        }),
      ),
    ).toBe(unnamed);
    const any = refused(() =>
      asBadRequest(
        () => {
          throw other;
        },
        { anyCode: true },
      ),
    ) as Problem;
    expect(any).toBeInstanceOf(Problem);
    expect(any.errors?.[0]?.field).toBe('rng');
    const plain = new Error('boom');
    expect(
      refused(() =>
        asBadRequest(
          () => {
            throw plain;
          },
          { anyCode: true },
        ),
      ),
    ).toBe(plain);
  });
});
