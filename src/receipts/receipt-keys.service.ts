import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { Problem } from '../common/problem';
import { now } from '../common/time';
import { Database } from '../database/database.service';
import { rollDocument, sealedRollDocument } from './receipt-documents';
import { ReceiptKeyEntity } from './receipt-key.entity';
import type { RollEntity } from '../database/entities';
import { canonicalJson } from '../common/canonical-json';

export const RECEIPT_ALG = 'Ed25519';

/** Where `receiptOnRead` keeps the roll its receipt signs (a symbol: no client sees it). */
const ROLLED = Symbol('rolled');

type CheckRolled = {
  procedure: string;
  inputs: unknown;
  seed: string;
  rng: string;
  faces: number[];
  outcome: unknown;
};

/** `{ alg, keyId, signature }`: an Ed25519 signature (base64url) over RFC 8785 canonical JSON. */
export interface ReceiptValue {
  alg: string;
  keyId: string;
  signature: string;
}

/** One public key of the JWK set (RFC 8037 OKP key). */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
  /** Arbiter's own members: when the key was first used, and when another key took over. */
  createdAt: string;
  retiredAt: string | null;
}

export interface VerificationValue {
  valid: boolean;
  keyId: string | null;
  reason: string | null;
}

/** A logged roll with the receipts it keeps (RollEntity's columns). */
export type KeptReceipts = Parameters<typeof rollDocument>[0] &
  Pick<RollEntity, 'receiptKeyId' | 'receiptSignature' | 'sealedReceiptKeyId' | 'sealedReceiptSignature'>;

interface Signing {
  id: string;
  key: KeyObject;
}

/** A failed lookup of an unknown key id reloads the key set at most this often. */
const RELOAD_INTERVAL_MS = 5_000;

/** The raw public key (JWK `x`) of an Ed25519 key object. */
function publicX(key: KeyObject): string {
  const jwk = createPublicKey(key).export({ format: 'jwk' }) as { x: string };
  return jwk.x;
}

/** RFC 7638 thumbprint of an Ed25519 public key: SHA-256 of `{"crv","kty","x"}`, base64url. */
export function thumbprint(x: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }), 'utf8')
    .digest('base64url');
}

/**
 * The server's receipt signing keys. The key that signs is RECEIPT_SIGNING_KEY when set, otherwise a
 * key generated at first start and kept in `receipt_keys`. Every public key ever used stays in the
 * table and in the JWK set, so that receipts signed before a rotation keep verifying.
 */
@Injectable()
export class ReceiptKeys implements OnModuleInit {
  private readonly logger = new Logger(ReceiptKeys.name);
  private signing: Signing | null = null;
  private publicKeys = new Map<string, { key: KeyObject; row: ReceiptKeyEntity }>();
  private lastReload = 0;

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const configured = this.config.RECEIPT_SIGNING_KEY;
    if (configured) await this.useKey(createPrivateKey(configured), 'environment');
    else await this.useStoredOrNewKey();
  }

  /** The id of the key that signs now. */
  get keyId(): string {
    return this.current().id;
  }

  /** Signs the canonical JSON of `document`. */
  sign(document: Record<string, unknown>): ReceiptValue {
    const signing = this.current();
    const signature = sign(null, Buffer.from(canonicalJson(document) ?? '', 'utf8'), signing.key);
    return { alg: RECEIPT_ALG, keyId: signing.id, signature: signature.toString('base64url') };
  }

  /**
   * The receipt of a logged roll as one view shows it: whole, or sealed (over its commitment). The one
   * kept with the roll when the key that signs now made it; otherwise signed now and set on `roll`,
   * for the caller to keep (`RollsService.record` stores it with the roll, reads of rolls logged
   * before store what they had to sign). Ed25519 signatures are deterministic: signing the same roll
   * with the same key again gives the same receipt, so it never changes once kept (issue 41).
   */
  forRoll(roll: KeptReceipts, sealed: boolean): ReceiptValue {
    const signing = this.current();
    const keyId = sealed ? roll.sealedReceiptKeyId : roll.receiptKeyId;
    const signature = sealed ? roll.sealedReceiptSignature : roll.receiptSignature;
    if (keyId === signing.id && signature) return { alg: RECEIPT_ALG, keyId, signature };
    const receipt = this.sign(sealed ? sealedRollDocument(roll) : rollDocument(roll));
    if (sealed) {
      roll.sealedReceiptKeyId = receipt.keyId;
      roll.sealedReceiptSignature = receipt.signature;
    } else {
      roll.receiptKeyId = receipt.keyId;
      roll.receiptSignature = receipt.signature;
    }
    return receipt;
  }

  /** Whether `roll` keeps a receipt of the key that signs now for that view (reading it signs nothing). */
  keeps(roll: KeptReceipts, sealed: boolean): boolean {
    const keyId = sealed ? roll.sealedReceiptKeyId : roll.receiptKeyId;
    const signature = sealed ? roll.sealedReceiptSignature : roll.receiptSignature;
    return keyId === this.current().id && !!signature;
  }

  /**
   * Gives a stateless check's answer its `receipt`, signed over `{ procedure, inputs, seed, rng, faces,
   * outcome }` (no campaign, roll id or time) and carrying that object as `document`. The member is a
   * getter that signs on first read: a REST answer is serialised whole and signed, a GraphQL answer
   * is signed only when the query selects `receipt` (a signature costs about as much as the rest of
   * the check).
   */
  withCheckReceipt<T extends object>(
    answer: T,
    rolled: CheckRolled,
  ): T & { receipt: ReceiptValue & { document: Record<string, unknown> } } {
    let receipt: (ReceiptValue & { document: Record<string, unknown> }) | undefined;
    return Object.defineProperty(answer, 'receipt', {
      enumerable: true,
      get: () => {
        receipt ??= this.checkReceipt(rolled);
        return receipt;
      },
    }) as T & { receipt: ReceiptValue & { document: Record<string, unknown> } };
  }

  /** A stateless check's receipt: signed over `{ procedure, inputs, seed, rng, faces, outcome }`, which it carries as `document`. */
  private checkReceipt(rolled: CheckRolled): ReceiptValue & { document: Record<string, unknown> } {
    const { procedure, inputs, seed, rng, faces, outcome } = rolled;
    const document = { procedure, inputs, seed, rng, faces, outcome };
    return { ...{}, ...this.sign(document), document };
  }

  /**
   * An empty object to build a GraphQL stateless check's answer on: its `receipt` is a getter of a
   * prototype shared by all such objects, signing `rolled` on first read (only when the query
   * selects it), the same receipt `withCheckReceipt` gives, without defining a getter on every
   * answer (that took a few microseconds of every GraphQL check). Not for REST: the member is not
   * the answer's own, so `JSON.stringify` leaves it out.
   */
  receiptOnRead(rolled: CheckRolled): object {
    const target = Object.create(this.signingOnRead) as { [ROLLED]: CheckRolled };
    target[ROLLED] = rolled;
    return target;
  }

  /** The prototype of `receiptOnRead`'s objects. */
  private readonly signingOnRead: object = (() => {
    const keys = (): ReceiptKeys => this;
    const signed = new WeakMap<object, ReceiptValue & { document: Record<string, unknown> }>();
    return Object.create(Object.prototype, {
      receipt: {
        enumerable: false,
        get(this: { [ROLLED]: CheckRolled }) {
          let receipt = signed.get(this);
          if (!receipt) {
            receipt = keys().checkReceipt(this[ROLLED]);
            signed.set(this, receipt);
          }
          return receipt;
        },
      },
    }) as object;
  })();

  /**
   * Gives a campaign answer the receipt of the roll it logged, over the whole roll (the answer goes to
   * the key that made it, which sees the roll whole), with the signed object as `document` so that the
   * receipt verifies exactly as the answer returned it. A getter, as for stateless checks: GraphQL
   * signs only when the query selects `receipt`.
   */
  withRollReceipt<T extends object>(
    answer: T,
    roll: KeptReceipts,
  ): T & { receipt: ReceiptValue & { document: Record<string, unknown> } } {
    let receipt: (ReceiptValue & { document: Record<string, unknown> }) | undefined;
    return Object.defineProperty(answer, 'receipt', {
      enumerable: true,
      get: () => {
        receipt ??= { ...{}, ...this.forRoll(roll, false), document: rollDocument(roll) };
        return receipt;
      },
    }) as T & { receipt: ReceiptValue & { document: Record<string, unknown> } };
  }

  /**
   * `POST /v1/receipts/verifications` and `verifyReceipt`: the receipt exactly as an answer gave it
   * (its `document` inside), or a document and the receipt alone. Both documents sent must be the same
   * object (400 naming `receipt.document` otherwise); none is a 400 naming `document`.
   */
  verifyRequest(input: {
    document?: Record<string, unknown>;
    receipt: ReceiptValue & { document?: Record<string, unknown> };
  }): Promise<VerificationValue> {
    const { document: carried, ...receipt } = input.receipt;
    const document = input.document ?? carried;
    if (!document) {
      throw Problem.field(
        'VALIDATION_FAILED',
        'document',
        'Send the signed document: as document, or inside the receipt as receipt.document.',
      );
    }
    if (input.document && carried && canonicalJson(input.document) !== canonicalJson(carried)) {
      throw Problem.field(
        'VALIDATION_FAILED',
        'receipt.document',
        'receipt.document and document differ: send one of them, or the same object twice.',
      );
    }
    return this.verify(document, receipt);
  }

  /** Checks a receipt against `document` with the published key it names. */
  async verify(document: Record<string, unknown>, receipt: ReceiptValue): Promise<VerificationValue> {
    const keyId = receipt.keyId;
    if (receipt.alg !== RECEIPT_ALG) {
      return { valid: false, keyId, reason: `Receipts are signed with ${RECEIPT_ALG}, not ${receipt.alg}.` };
    }
    let known = this.publicKeys.get(keyId);
    if (!known && Date.now() - this.lastReload >= RELOAD_INTERVAL_MS) {
      await this.reload();
      known = this.publicKeys.get(keyId);
    }
    if (!known) return { valid: false, keyId, reason: `No published key has the id ${keyId}.` };
    const signature = Buffer.from(receipt.signature, 'base64url');
    if (signature.length !== 64) {
      return { valid: false, keyId, reason: 'An Ed25519 signature is 64 bytes (86 base64url characters).' };
    }
    const valid = verify(null, Buffer.from(canonicalJson(document) ?? '', 'utf8'), known.key, signature);
    return {
      valid,
      keyId,
      reason: valid
        ? null
        : 'The signature does not match this document: it was changed, or signed over other fields.',
    };
  }

  /** Every public key ever used, newest first, as a JWK set (RFC 7517). */
  async jwks(): Promise<{ keys: PublicJwk[] }> {
    await this.reload();
    const rows = [...this.publicKeys.values()]
      .map((k) => k.row)
      .sort((a, b) =>
        a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : b.createdAt.localeCompare(a.createdAt),
      );
    return {
      keys: rows.map((row) => ({
        kty: 'OKP',
        crv: 'Ed25519',
        x: row.publicKey,
        kid: row.id,
        alg: 'EdDSA',
        use: 'sig',
        createdAt: row.createdAt,
        retiredAt: row.retiredAt,
      })),
    };
  }

  /**
   * Generates a new signing key, stores it and retires the others (their public keys stay published).
   * Other instances sharing the database pick it up when they restart; with a key in
   * RECEIPT_SIGNING_KEY, rotate by changing that variable instead.
   */
  async rotate(): Promise<string> {
    const { privateKey } = generateKeyPairSync('ed25519');
    await this.useKey(privateKey, 'generated');
    return this.keyId;
  }

  private current(): Signing {
    if (!this.signing) throw new Error('Receipt keys are not loaded yet.');
    return this.signing;
  }

  /** Makes `key` the signing key: stores its public half and retires every other active key. */
  private async useKey(key: KeyObject, source: 'environment' | 'generated'): Promise<void> {
    if (key.asymmetricKeyType !== 'ed25519') {
      throw new Error('RECEIPT_SIGNING_KEY must be an Ed25519 key (PKCS#8 PEM).');
    }
    const x = publicX(key);
    const id = thumbprint(x);
    const stamp = now();
    await this.db.transaction(async (m) => {
      const existing = await m.findOne(ReceiptKeyEntity, { where: { id } });
      if (!existing) {
        await Database.insertRow(m, ReceiptKeyEntity, {
          id,
          publicKey: x,
          privateKey: source === 'generated' ? key.export({ format: 'pem', type: 'pkcs8' }).toString() : null,
          source,
          createdAt: stamp,
          retiredAt: null,
        });
      } else if (existing.retiredAt) {
        await Database.updateRow(m, ReceiptKeyEntity, id, { retiredAt: null });
      }
      const active = await m.find(ReceiptKeyEntity, { where: { retiredAt: IsNull() } });
      for (const row of active) {
        if (row.id !== id) await Database.updateRow(m, ReceiptKeyEntity, row.id, { retiredAt: stamp });
      }
    });
    this.signing = { id, key };
    await this.reload();
    this.logger.log(`Receipts are signed with key ${id} (${source}).`);
  }

  /**
   * Without RECEIPT_SIGNING_KEY: the oldest active generated key, or a new one. Two instances that
   * start at once on an empty database may both generate; both then settle on the oldest.
   */
  private async useStoredOrNewKey(): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const stored = await this.db.manager.find(ReceiptKeyEntity, {
        where: { retiredAt: IsNull() },
        order: { createdAt: 'ASC', id: 'ASC' },
      });
      const usable = stored.find((row) => row.privateKey !== null);
      if (usable) {
        this.signing = { id: usable.id, key: createPrivateKey(usable.privateKey as string) };
        await this.reload();
        return;
      }
      if (attempt === 0) await this.rotate();
    }
  }

  private async reload(): Promise<void> {
    this.lastReload = Date.now();
    const rows = await this.db.manager.find(ReceiptKeyEntity, {});
    const keys = new Map<string, { key: KeyObject; row: ReceiptKeyEntity }>();
    for (const row of rows) {
      const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: row.publicKey }, format: 'jwk' });
      keys.set(row.id, { key, row });
    }
    this.publicKeys = keys;
  }
}
