import { createCipheriv, randomBytes } from 'node:crypto';
import { seal, sealBytes, sealingKey, unseal, unsealBytes } from './sealed-body';

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

  it('stores a repetitive JSON answer in less room than the answer itself', () => {
    const roll = { procedure: 'pool-check', inputs: { pool: 6, objective: 3 }, faces: [1, 5, 6, 2, 3, 6] };
    const body = JSON.stringify({ ...roll, receipt: { signature: 'A'.repeat(86), document: roll } });
    const sealed = seal(body, key);
    expect(sealed.length).toBeLessThan(body.length);
    expect(unseal(sealed, key)).toBe(body);
  });

  it('still opens a body sealed uncompressed by an older release', () => {
    const body = '{"refereeKey":"arb_old"}';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const text = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
    const old = Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64');
    expect(unseal(old, key)).toBe(body);
  });

  it('keeps the sealed answer as bytes a quarter smaller than its text form, opened only with its key', () => {
    const body = JSON.stringify({ refereeKey: 'arb_secret_value', faces: [1, 5, 6, 2, 3, 6] });
    const bytes = sealBytes(body, key);
    expect(bytes.toString('latin1')).not.toContain('arb_secret_value');
    expect(unsealBytes(bytes, key)).toBe(body);
    expect(bytes.length).toBeLessThanOrEqual(Math.ceil((seal(body, key).length - 1) * 0.75));
    expect(() => unsealBytes(bytes, sealingKey('key:abc', 'rest', 'retry-2'))).toThrow();
  });
});
