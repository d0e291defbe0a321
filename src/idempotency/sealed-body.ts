import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

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

/**
 * Marks a sealed body whose text was compressed (raw DEFLATE) before it was sealed. Base64 never
 * holds it, so bodies sealed by older releases (uncompressed, unmarked) still open.
 */
const COMPRESSED = '~';

/**
 * Seals an answer for storage: compressed (raw DEFLATE), then sealed; the bytes are the IV, the
 * GCM tag and the ciphertext. A stored answer is JSON that repeats its member names and, for a
 * campaign roll, the roll again inside its receipt's document; compressed it takes about half the
 * room (issue 41). Compressing before sealing reveals nothing to a reader of the database (the
 * length of a stored answer was visible before, and no attacker adds text to it). Records keep the
 * bytes as such (`response_sealed`), not as base64 text, which was a third larger.
 */
export function sealBytes(text: string, key: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(deflateRawSync(Buffer.from(text, 'utf8'))), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens what `sealBytes` sealed. */
export function unsealBytes(sealed: Buffer, key: Buffer): string {
  return inflateRawSync(open(sealed, key)).toString('utf8');
}

/** The text form older releases stored in `response_body`: base64, marked `~` when compressed. */
export function seal(text: string, key: Buffer): string {
  return COMPRESSED + sealBytes(text, key).toString('base64');
}

/** Opens a `response_body` text of an older release, compressed (`~`) or not. */
export function unseal(sealed: string, key: Buffer): string {
  const compressed = sealed.startsWith(COMPRESSED);
  const raw = Buffer.from(compressed ? sealed.slice(1) : sealed, 'base64');
  return compressed ? unsealBytes(raw, key) : open(raw, key).toString('utf8');
}

function open(raw: Buffer, key: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}
