import { createHash, randomBytes } from 'node:crypto';

/** A new secret: a recognisable prefix and 256 random bits. Shown once, stored only as a hash. */
export function newSecret(): string {
  return `arb_${randomBytes(32).toString('base64url')}`;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The bearer token of an Authorization header, or null when there is none or it is malformed. */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{10,200})\s*$/i.exec(header);
  return match ? match[1] : null;
}
