import { seal, sealingKey, unseal } from './sealed-body';

describe('sealed idempotency bodies', () => {
  const key = sealingKey('key:abc', 'rest', 'retry-1');

  it('opens what it sealed, and the stored text does not show the secret', () => {
    const body = JSON.stringify({ refereeKey: 'arb_secret_value' });
    const sealed = seal(body, key);
    expect(sealed).not.toContain('arb_secret_value');
    expect(unseal(sealed, key)).toBe(body);
  });

  it('cannot be opened with another Idempotency-Key', () => {
    const sealed = seal('{"a":1}', key);
    expect(() => unseal(sealed, sealingKey('key:abc', 'rest', 'retry-2'))).toThrow();
  });
});
