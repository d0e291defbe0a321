import { generateKeyPairSync, sign } from 'node:crypto';
import canonicalize from 'canonicalize';
import {
  createArbiterClient,
  createReceiptVerifier,
  rollDocument,
  unwrap,
  verifyReceipt,
  type LoggedRoll,
  type Receipt,
  type ReceiptJwk,
} from '../src';
import { START_TIMEOUT_MS, startArbiter, type RunningArbiter } from './arbiter-server';

jest.setTimeout(30_000);

/** A key pair of our own, published as Arbiter publishes its keys. */
function keyPair(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const x = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
  const jwk: ReceiptJwk = { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' };
  const signOver = (document: Record<string, unknown>): Receipt => ({
    alg: 'Ed25519',
    keyId: kid,
    signature: sign(null, Buffer.from(canonicalize(document) ?? '', 'utf8'), privateKey).toString(
      'base64url',
    ),
  });
  return { jwk, signOver };
}

describe('verifyReceipt offline, without a server', () => {
  const one = keyPair('one');
  const two = keyPair('two');
  const document = {
    procedure: 'check.pool',
    inputs: { pool: 3, objective: 1 },
    seed: 's',
    faces: [4, 1, 6],
  };

  it('verifies a signature over the canonical document, whatever the member order', () => {
    const receipt = one.signOver(document);
    const reordered = {
      faces: [4, 1, 6],
      seed: 's',
      inputs: { objective: 1, pool: 3 },
      procedure: 'check.pool',
    };
    expect(verifyReceipt(receipt, { keys: [two.jwk, one.jwk] }, reordered)).toEqual({
      valid: true,
      keyId: 'one',
      reason: null,
    });
    // The document may travel inside the receipt, as check answers carry it.
    expect(verifyReceipt({ ...receipt, document }, [one.jwk]).valid).toBe(true);
  });

  it('refuses a changed document, another key, an unknown key, a bad signature or algorithm', () => {
    const receipt = one.signOver(document);
    expect(verifyReceipt(receipt, [one.jwk], { ...document, faces: [6, 6, 6] })).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/does not match/),
    });
    expect(verifyReceipt({ ...receipt, keyId: 'two' }, [one.jwk, two.jwk], document).valid).toBe(false);
    expect(verifyReceipt(receipt, [two.jwk], document)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/No published key/),
    });
    expect(verifyReceipt({ ...receipt, signature: 'AA' }, [one.jwk], document).valid).toBe(false);
    expect(verifyReceipt({ ...receipt, alg: 'RS256' }, [one.jwk], document).valid).toBe(false);
    expect(verifyReceipt(receipt, [one.jwk])).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/document/),
    });
    expect(verifyReceipt(receipt, [{ ...one.jwk, x: 'not-a-key' }], document).valid).toBe(false);
  });
});

describe('createReceiptVerifier against a running Arbiter', () => {
  let arbiter: RunningArbiter;
  let fetches = 0;
  const counting = (input: string) => {
    if (input.endsWith('/.well-known/arbiter-keys.json')) fetches++;
    return fetch(input);
  };

  beforeAll(async () => {
    arbiter = await startArbiter();
  }, START_TIMEOUT_MS);
  afterAll(() => arbiter?.stop());

  it('fetches the key set once and verifies stateless, campaign and logged receipts offline', async () => {
    const client = createArbiterClient({ baseUrl: arbiter.baseUrl });
    const receipts = createReceiptVerifier({ baseUrl: arbiter.baseUrl, fetch: counting });
    fetches = 0;

    // A stateless answer is signed only when asked for.
    const plain = await unwrap(
      client.POST('/v1/checks/pool', { body: { pool: 4, objective: 2, seed: 'c' } }),
    );
    expect(plain.receipt).toBeUndefined();
    const signed = await unwrap(
      client.POST('/v1/checks/pool', {
        params: { query: { receipt: true } },
        body: { pool: 4, objective: 2, seed: 'c' },
      }),
    );
    const receipt = signed.receipt as Receipt;
    expect(await receipts.verify(receipt)).toEqual({ valid: true, keyId: receipt.keyId, reason: null });
    const document = receipt.document as Record<string, unknown>;
    const forged = { ...receipt, document: { ...document, seed: 'another' } };
    expect((await receipts.verify(forged)).valid).toBe(false);

    // A campaign check answers with its logged roll's receipt; the log's copy verifies from the roll.
    const campaign = await unwrap(client.POST('/v1/campaigns', { body: { name: 'Receipts client' } }));
    const referee = createArbiterClient({ baseUrl: arbiter.baseUrl, key: campaign.refereeKey });
    const made = await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/checks/pool', {
        params: { path: { campaignId: campaign.id } },
        body: { pool: 3, objective: 1, seed: 'logged', secret: true },
      }),
    );
    expect((await receipts.verify(made.receipt as Receipt)).valid).toBe(true);
    const logged = await unwrap(
      referee.GET('/v1/campaigns/{campaignId}/rolls/{rollId}', {
        params: { path: { campaignId: campaign.id, rollId: made.rollId as string } },
      }),
    );
    expect(rollDocument(campaign.id, logged as LoggedRoll)).toEqual(made.receipt?.document);
    expect((await receipts.verifyRoll(campaign.id, logged as LoggedRoll)).valid).toBe(true);
    expect((await receipts.verifyRoll('another-campaign', logged as LoggedRoll)).valid).toBe(false);

    // A player sees the sealed stub; its receipt signs the commitment.
    const player = await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/keys', {
        params: { path: { campaignId: campaign.id } },
        body: { role: 'viewer' },
      }),
    );
    const asViewer = createArbiterClient({ baseUrl: arbiter.baseUrl, key: player.key });
    const stub = await unwrap(
      asViewer.GET('/v1/campaigns/{campaignId}/rolls/{rollId}', {
        params: { path: { campaignId: campaign.id, rollId: made.rollId as string } },
      }),
    );
    expect(stub.sealed).toBe(true);
    expect((await receipts.verifyRoll(campaign.id, stub as LoggedRoll)).valid).toBe(true);

    expect(fetches).toBe(1);
  });

  it('fetches the set again for a key it does not know, at most once per interval', async () => {
    fetches = 0;
    const receipts = createReceiptVerifier({
      baseUrl: arbiter.baseUrl,
      fetch: counting,
      refreshIntervalMs: 0,
    });
    const stranger = keyPair('rotated-away').signOver({ a: 1 });
    expect((await receipts.verify(stranger, { a: 1 })).reason).toMatch(/No published key/);
    expect(fetches).toBe(2);
    const patient = createReceiptVerifier({ baseUrl: arbiter.baseUrl, fetch: counting });
    fetches = 0;
    await patient.verify(stranger, { a: 1 });
    await patient.verify(stranger, { a: 1 });
    expect(fetches).toBe(1);
  });

  it('raises a key set it cannot fetch, and fetches again on the next call', async () => {
    let fail = true;
    const flaky = (input: string) =>
      fail ? Promise.resolve(new Response('down', { status: 503 })) : fetch(input);
    const receipts = createReceiptVerifier({ baseUrl: arbiter.baseUrl, fetch: flaky });
    await expect(receipts.keySet()).rejects.toThrow(/503/);
    fail = false;
    expect((await receipts.keySet()).keys.length).toBeGreaterThan(0);
  });
});
