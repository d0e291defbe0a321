import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Stored answers can hold secrets (a new campaign's referee key, a new player key), so they are
 * sealed with AES-256-GCM under a key derived from the client's own Idempotency-Key and scope. The
 * database keeps only a different hash of those, so a copy of the database alone cannot open them;
 * the client's retry, which carries the key, can.
 */

export function sealingKey(scope: string, target: string, idempotencyKey: string): Buffer {
  return createHash('sha256')
    .update(`arbiter:idempotency:seal\n${scope}\n${target}\n${idempotencyKey}`)
    .digest();
}

export function seal(text: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function unseal(sealed: string, key: Buffer): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
