import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * Offline verification of Arbiter's signed receipts: an Ed25519 signature (RFC 8032) over the RFC 8785
 * canonical JSON of what the server vouches for, checked against the key set the server publishes at
 * `/.well-known/arbiter-keys.json`. No call to `POST /v1/receipts/verifications` is needed: the key set
 * is fetched once and every receipt is then checked locally with `node:crypto`.
 */

/** A receipt as an answer or a roll of the log carries it. */
export interface Receipt {
  alg: string;
  keyId: string;
  signature: string;
  /** On check answers: the signed object. A roll of the log is its own document (see `rollDocument`). */
  document?: Record<string, unknown> | null;
}

/** One public key of the set (an RFC 8037 OKP JWK, plus Arbiter's `createdAt`/`retiredAt`). */
export interface ReceiptJwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  createdAt?: string;
  retiredAt?: string | null;
  [member: string]: unknown;
}

/** `GET /.well-known/arbiter-keys.json`. */
export interface ReceiptKeySet {
  keys: ReceiptJwk[];
}

/** The answer of a verification, shaped like the server's `POST /v1/receipts/verifications`. */
export interface ReceiptVerification {
  valid: boolean;
  keyId: string | null;
  reason: string | null;
}

/** A roll of the log, whole or as its sealed stub, as `GET …/rolls` and the live feed give it. */
export interface LoggedRoll {
  id: string;
  procedure: string;
  createdAt: string;
  sealed: boolean;
  commitment?: string | null;
  inputs?: unknown;
  seed?: string | null;
  rng?: string | null;
  faces?: unknown;
  outcome?: unknown;
  receipt?: Receipt | null;
}

/**
 * The object a logged roll's receipt signs, rebuilt from the roll as this key sees it and the id of
 * its campaign: `{ campaignId, rollId, procedure, inputs, seed, rng, faces, outcome, createdAt }`, or
 * for a sealed stub `{ campaignId, rollId, procedure, commitment, createdAt }` (docs/feed.md).
 */
export function rollDocument(campaignId: string, roll: LoggedRoll): Record<string, unknown> {
  if (roll.sealed) {
    return {
      campaignId,
      rollId: roll.id,
      procedure: roll.procedure,
      commitment: roll.commitment ?? null,
      createdAt: roll.createdAt,
    };
  }
  return {
    campaignId,
    rollId: roll.id,
    procedure: roll.procedure,
    inputs: roll.inputs,
    seed: roll.seed,
    rng: roll.rng,
    faces: roll.faces,
    outcome: roll.outcome,
    createdAt: roll.createdAt,
  };
}

const publicKeys = new WeakMap<ReceiptJwk, KeyObject | null>();

function publicKeyOf(jwk: ReceiptJwk): KeyObject | null {
  if (publicKeys.has(jwk)) return publicKeys.get(jwk) ?? null;
  let key: KeyObject | null = null;
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.x === 'string') {
    try {
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
    } catch {
      key = null;
    }
  }
  publicKeys.set(jwk, key);
  return key;
}

/**
 * Checks a receipt offline against a key set already in hand. `document` is the signed object; leave
 * it out when the receipt carries it (check answers do). Never throws for a bad receipt: the answer
 * says why it does not verify.
 */
export function verifyReceipt(
  receipt: Receipt,
  keySet: ReceiptKeySet | ReceiptJwk[],
  document?: Record<string, unknown>,
): ReceiptVerification {
  const keyId = typeof receipt?.keyId === 'string' ? receipt.keyId : null;
  const refuse = (reason: string): ReceiptVerification => ({ valid: false, keyId, reason });
  if (!receipt || typeof receipt !== 'object') return refuse('No receipt.');
  if (receipt.alg !== 'Ed25519')
    return refuse(`Receipts are signed with Ed25519, not ${String(receipt.alg)}.`);
  const signed = document ?? receipt.document ?? undefined;
  if (!signed || typeof signed !== 'object') {
    return refuse('No signed document: pass it, or a receipt that carries it as `document`.');
  }
  const keys = Array.isArray(keySet) ? keySet : keySet.keys;
  const jwk = keys.find((k) => k.kid === keyId);
  if (!jwk) return refuse(`No published key has the id ${String(keyId)}.`);
  const key = publicKeyOf(jwk);
  if (!key) return refuse(`Key ${jwk.kid} is not an Ed25519 public key.`);
  if (typeof receipt.signature !== 'string' || !/^[A-Za-z0-9_-]{86}$/.test(receipt.signature)) {
    return refuse('An Ed25519 signature is 64 bytes (86 base64url characters).');
  }
  const valid = verify(
    null,
    Buffer.from(canonicalize(signed) ?? '', 'utf8'),
    key,
    Buffer.from(receipt.signature, 'base64url'),
  );
  return valid
    ? { valid, keyId, reason: null }
    : refuse('The signature does not match this document: it was changed, or signed over other fields.');
}

export interface ReceiptVerifierOptions {
  /** Where Arbiter runs, without the `/v1` (e.g. `http://127.0.0.1:3000`). */
  baseUrl: string;
  /** The fetch to use (default the global one). */
  fetch?: (input: string) => Promise<Response>;
  /**
   * After a receipt names a key the set does not hold (the server rotated its key), the set is fetched
   * again, at most this often (default 60 000 ms).
   */
  refreshIntervalMs?: number;
}

export interface ReceiptVerifier {
  /** Checks a receipt (with its `document`, or the document given) against the published keys. */
  verify(receipt: Receipt, document?: Record<string, unknown>): Promise<ReceiptVerification>;
  /** Checks a roll of the log or the live feed by the receipt it carries. */
  verifyRoll(campaignId: string, roll: LoggedRoll): Promise<ReceiptVerification>;
  /** The key set as last fetched (fetching it the first time). */
  keySet(): Promise<ReceiptKeySet>;
}

/**
 * A verifier that fetches the published key set once and then checks receipts offline. A receipt
 * signed by a key the set does not hold yet (a rotation since) makes it fetch the set again, no more
 * than once per `refreshIntervalMs`; a failed fetch is raised and retried on the next call.
 *
 * ```ts
 * const receipts = createReceiptVerifier({ baseUrl });
 * const answer = await unwrap(arbiter.POST('/v1/checks/pool', { params: { query: { receipt: true } }, body }));
 * const { valid } = await receipts.verify(answer.receipt!);
 * ```
 */
export function createReceiptVerifier(options: ReceiptVerifierOptions): ReceiptVerifier {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/.well-known/arbiter-keys.json`;
  const fetchKeys = options.fetch ?? ((input: string) => fetch(input));
  const interval = options.refreshIntervalMs ?? 60_000;
  let current: Promise<ReceiptKeySet> | null = null;
  let fetchedAt = 0;

  const load = (): Promise<ReceiptKeySet> => {
    fetchedAt = Date.now();
    const loading = (async () => {
      const response = await fetchKeys(url);
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}.`);
      const body = (await response.json()) as ReceiptKeySet;
      if (!body || !Array.isArray(body.keys)) throw new Error(`GET ${url} did not answer a JWK set.`);
      return body;
    })();
    current = loading;
    loading.catch(() => {
      if (current === loading) current = null;
    });
    return loading;
  };
  const keySet = () => current ?? load();

  const verifier: ReceiptVerifier = {
    keySet,
    async verify(receipt, document) {
      let keys = await keySet();
      const known = keys.keys.some((k) => k.kid === receipt?.keyId);
      if (!known && Date.now() - fetchedAt >= interval) keys = await load();
      return verifyReceipt(receipt, keys, document);
    },
    verifyRoll(campaignId, roll) {
      if (!roll.receipt) {
        return Promise.resolve({ valid: false, keyId: null, reason: 'The roll carries no receipt.' });
      }
      return verifier.verify(roll.receipt, rollDocument(campaignId, roll));
    },
  };
  return verifier;
}
