import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import canonicalize from 'canonicalize';
import { loadConfig } from '../../src/config/app-config';
import { ReceiptKeys } from '../../src/receipts/receipt-keys.service';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { bearer, CampaignFixture, createCharacter, createKey } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

interface Jwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  retiredAt: string | null;
}
interface Receipt {
  alg: string;
  keyId: string;
  signature: string;
  document?: Record<string, unknown>;
}
type Roll = Record<string, unknown> & { id: string; receipt: Receipt };

/** The object a roll's receipt signs, rebuilt from the roll as a client sees it. */
function documentOf(campaignId: string, roll: Roll): Record<string, unknown> {
  if (roll.sealed) {
    const { id, procedure, commitment, createdAt } = roll;
    return { campaignId, rollId: id, procedure, commitment, createdAt };
  }
  const { id, procedure, inputs, seed, rng, faces, outcome, createdAt } = roll;
  return { campaignId, rollId: id, procedure, inputs, seed, rng, faces, outcome, createdAt };
}

/** Offline verification, as a client does it: Node's crypto, the JWK set, RFC 8785 canonical JSON. */
function verifyOffline(keys: Jwk[], document: Record<string, unknown>, receipt: Receipt): boolean {
  const jwk = keys.find((k) => k.kid === receipt.keyId);
  if (!jwk) return false;
  const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' });
  return verify(
    null,
    Buffer.from(canonicalize(document) ?? '', 'utf8'),
    key,
    Buffer.from(receipt.signature, 'base64url'),
  );
}

describe(`signed receipts (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  let player: { auth: { Authorization: string } };
  let keys: Jwk[];

  const jwks = async (): Promise<Jwk[]> => {
    const res = await t.http.get('/.well-known/arbiter-keys.json').expect(200);
    return res.body.keys as Jwk[];
  };
  const rolls = () => `/v1/campaigns/${c.id}/rolls`;
  const check = async (body: Record<string, unknown>) =>
    (await t.http.post(`/v1/campaigns/${c.id}/checks/pool`).set(c.auth).send(body).expect(201)).body as {
      rollId: string;
    };
  const rollAs = async (auth: { Authorization: string }, rollId: string) =>
    (await t.http.get(`${rolls()}/${rollId}`).set(auth).expect(200)).body as Roll;
  const verifyOnline = async (document: Record<string, unknown>, receipt: Receipt) =>
    (await t.http.post('/v1/receipts/verifications').send({ document, receipt }).expect(200)).body as {
      valid: boolean;
      keyId: string;
      reason: string | null;
    };

  beforeAll(async () => {
    t = await startApp();
    const res = await t.http.post('/v1/campaigns').send({ name: 'Receipts' }).expect(201);
    c = { id: res.body.id, refereeKey: res.body.refereeKey, auth: bearer(res.body.refereeKey) };
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    keys = await jwks();
  });
  afterAll(() => t.close());

  it('publishes one Ed25519 public key as a JWK set, outside /v1 and without a key', async () => {
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', retiredAt: null });
    expect(keys[0].x).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keys[0].kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs every roll of the log: verifies with the published key, offline and online', async () => {
    const answer = await check({ pool: 5, objective: 2, seed: 'receipt-1' });
    const roll = await rollAs(c.auth, answer.rollId);
    expect(roll.receipt).toMatchObject({ alg: 'Ed25519', keyId: keys[0].kid });
    const document = documentOf(c.id, roll);
    expect(verifyOffline(keys, document, roll.receipt)).toBe(true);
    expect(await verifyOnline(document, roll.receipt)).toEqual({
      valid: true,
      keyId: keys[0].kid,
      reason: null,
    });

    const page = await t.http.get(rolls()).set(player.auth).expect(200);
    const listed = (page.body.items as Roll[]).find((r) => r.id === roll.id) as Roll;
    expect(listed.receipt).toEqual(roll.receipt);
  });

  it('a changed outcome (or any other member) no longer verifies', async () => {
    const answer = await check({ pool: 4, objective: 3, seed: 'receipt-2' });
    const roll = await rollAs(c.auth, answer.rollId);
    const document = documentOf(c.id, roll);
    const outcome = document.outcome as Record<string, unknown>;
    const forged = { ...document, outcome: { ...outcome, passed: !outcome.passed } };
    expect(verifyOffline(keys, forged, roll.receipt)).toBe(false);
    const online = await verifyOnline(forged, roll.receipt);
    expect(online.valid).toBe(false);
    expect(online.reason).toMatch(/does not match/);
    expect((await verifyOnline({ ...document, seed: 'other' }, roll.receipt)).valid).toBe(false);
    expect((await verifyOnline({ ...document, campaignId: 'x' }, roll.receipt)).valid).toBe(false);
    // A receipt of another roll does not verify this one.
    const other = await rollAs(c.auth, (await check({ pool: 4, objective: 3, seed: 'receipt-3' })).rollId);
    expect((await verifyOnline(document, other.receipt)).valid).toBe(false);
  });

  it('seals the receipt of a secret roll over its commitment, and signs the whole roll once revealed', async () => {
    const answer = await check({ pool: 3, objective: 2, seed: 'receipt-secret', secret: true });
    const sealed = await rollAs(player.auth, answer.rollId);
    expect(sealed.sealed).toBe(true);
    expect(sealed.outcome).toBeUndefined();
    const sealedDocument = documentOf(c.id, sealed);
    expect(Object.keys(sealedDocument).sort()).toEqual([
      'campaignId',
      'commitment',
      'createdAt',
      'procedure',
      'rollId',
    ]);
    expect(verifyOffline(keys, sealedDocument, sealed.receipt)).toBe(true);
    expect(
      (await verifyOnline({ ...sealedDocument, commitment: '0'.repeat(64) }, sealed.receipt)).valid,
    ).toBe(false);

    const whole = await rollAs(c.auth, answer.rollId);
    expect(whole.sealed).toBe(false);
    expect(verifyOffline(keys, documentOf(c.id, whole), whole.receipt)).toBe(true);

    await t.http.post(`${rolls()}/${answer.rollId}/reveal`).set(c.auth).expect(200);
    const shown = await rollAs(player.auth, answer.rollId);
    expect(shown.sealed).toBe(false);
    expect(shown.receipt).toEqual(whole.receipt);
    expect(verifyOffline(keys, documentOf(c.id, shown), shown.receipt)).toBe(true);
  });

  it('a stateless REST answer is signed only when asked for (?receipt=true); a bad flag is a 400 naming it', async () => {
    const plain = await t.http
      .post('/v1/checks/pool')
      .send({ pool: 6, objective: 3, seed: 'unsigned' })
      .expect(200);
    expect(plain.body).not.toHaveProperty('receipt');
    const off = await t.http
      .post('/v1/checks/save?receipt=false')
      .send({ attribute: 10, seed: 'unsigned' })
      .expect(200);
    expect(off.body).not.toHaveProperty('receipt');
    const signed = await t.http
      .post('/v1/checks/save?receipt=true')
      .send({ attribute: 10, seed: 'unsigned' })
      .expect(200);
    expect(signed.body.receipt).toMatchObject({ alg: 'Ed25519', document: { procedure: 'check.save' } });
    // The rest of the answer is the same, signed or not.
    const { receipt: _r, ...rest } = signed.body;
    expect(rest).toEqual(off.body);
    for (const flag of ['yes', '1', '']) {
      const bad = await t.http
        .post(`/v1/checks/pool?receipt=${flag}`)
        .send({ pool: 1, objective: 1 })
        .expect(400);
      expectProblem(bad, 400, 'VALIDATION_FAILED');
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'receipt' })]);
    }
  });

  it('accepts a receipt exactly as an answer returned it (with its document), or the document and the receipt alone', async () => {
    const res = await t.http
      .post('/v1/checks/difficulty-pool?receipt=true')
      .send({ stats: [2, 2], difficulty: 4, objective: 2, seed: 'as-returned' })
      .expect(200);
    const receipt = res.body.receipt as Receipt;
    const asReturned = await t.http.post('/v1/receipts/verifications').send({ receipt }).expect(200);
    expect(asReturned.body).toEqual({ valid: true, keyId: receipt.keyId, reason: null });
    const both = await t.http
      .post('/v1/receipts/verifications')
      .send({ document: receipt.document, receipt })
      .expect(200);
    expect(both.body.valid).toBe(true);
    const { document, ...alone } = receipt;
    expect((await verifyOnline(document as Record<string, unknown>, alone)).valid).toBe(true);
    // A changed document inside the receipt fails like any other.
    const outcome = (document as { outcome: Record<string, unknown> }).outcome;
    const forged = { ...receipt, document: { ...document, outcome: { ...outcome, passed: 'forged' } } };
    const refused = await t.http.post('/v1/receipts/verifications').send({ receipt: forged }).expect(200);
    expect(refused.body.valid).toBe(false);
    // Two different documents, or none, are refused naming the field.
    const differ = await t.http
      .post('/v1/receipts/verifications')
      .send({ document: { ...document, seed: 'other' }, receipt })
      .expect(400);
    expect(differ.body.errors).toEqual([expect.objectContaining({ field: 'receipt.document' })]);
    const none = await t.http.post('/v1/receipts/verifications').send({ receipt: alone }).expect(400);
    expect(none.body.errors).toEqual([expect.objectContaining({ field: 'document' })]);
    // GraphQL: the same receipt as returned by a poolCheck that selected it.
    const query = `query($input: VerifyReceiptInput!) { verifyReceipt(input: $input) { valid keyId reason } }`;
    const ok = await gql(t.server, query, { input: { receipt } });
    expect(ok.data?.verifyReceipt).toEqual({ valid: true, keyId: receipt.keyId, reason: null });
    const noDoc = await gql(t.server, query, { input: { receipt: alone } });
    expect(noDoc.errors?.[0].extensions?.code).toBe('VALIDATION_FAILED');
  });

  it('a campaign check answers with the logged roll’s receipt, its document inside, whoever made it', async () => {
    const hero = await createCharacter(t.server, c, { name: 'Signed' });
    const answers = [
      (
        await t.http
          .post(`/v1/campaigns/${c.id}/checks/pool`)
          .set(c.auth)
          .send({ pool: 3, objective: 1, seed: 'c1' })
          .expect(201)
      ).body,
      (
        await t.http
          .post(`/v1/campaigns/${c.id}/checks/pool`)
          .set(c.auth)
          .send({ pool: 3, objective: 1, seed: 'c2', characterId: hero.id })
          .expect(201)
      ).body,
      (
        await t.http
          .post(`/v1/campaigns/${c.id}/checks/save`)
          .set(player.auth)
          .send({ attribute: 9, seed: 'c3' })
          .expect(201)
      ).body,
    ] as { rollId: string; receipt: Receipt }[];
    // GraphQL: the same receipt when a campaign check selects it.
    const viaGraphql = await gql(
      t.server,
      `mutation($c: ID!) { poolCheck(campaignId: $c, input: { pool: 2, objective: 1, seed: "c4" }) { rollId receipt { alg keyId signature document } } }`,
      { c: c.id },
      c.auth,
    );
    expect(viaGraphql.errors).toBeUndefined();
    answers.push(viaGraphql.data?.poolCheck as { rollId: string; receipt: Receipt });
    for (const answer of answers) {
      const roll = await rollAs(c.auth, answer.rollId);
      expect(answer.receipt.document).toEqual(documentOf(c.id, roll));
      const { document: _d, ...bare } = answer.receipt;
      expect(bare).toEqual(roll.receipt);
      const verified = await t.http
        .post('/v1/receipts/verifications')
        .send({ receipt: answer.receipt })
        .expect(200);
      expect(verified.body.valid).toBe(true);
    }
  });

  it('stateless checks carry a receipt without campaign, roll id or time', async () => {
    const res = await t.http
      .post('/v1/checks/pool?receipt=true')
      .send({ pool: 6, objective: 3, seed: 'stateless' })
      .expect(200);
    const receipt = res.body.receipt as Receipt;
    const document = receipt.document as Record<string, unknown>;
    expect(Object.keys(document).sort()).toEqual(['faces', 'inputs', 'outcome', 'procedure', 'rng', 'seed']);
    expect(document).toMatchObject({ procedure: 'check.pool', seed: 'stateless', rng: res.body.rng });
    expect((document.outcome as { successes: number }).successes).toBe(res.body.successes);
    const { document: _document, ...bare } = receipt;
    expect(verifyOffline(keys, document, bare)).toBe(true);
    expect((await verifyOnline(document, bare)).valid).toBe(true);
    const forged = { ...document, outcome: { ...(document.outcome as object), passed: !res.body.passed } };
    expect((await verifyOnline(forged, bare)).valid).toBe(false);
    // GraphQL: the same receipt when the mutation selects it.
    const over = await gql(
      t.server,
      `mutation { poolCheck(input: { pool: 6, objective: 3, seed: "stateless" }) { successes receipt { alg keyId signature document } } }`,
    );
    expect(over.errors).toBeUndefined();
    expect(over.data?.poolCheck.receipt).toEqual({ ...bare, document: JSON.parse(JSON.stringify(document)) });
    // The same request and seed give the same signature (Ed25519 is deterministic).
    const again = await t.http
      .post('/v1/checks/pool?receipt=true')
      .send({ pool: 6, objective: 3, seed: 'stateless' })
      .expect(200);
    expect(again.body.receipt.signature).toBe(receipt.signature);
  });

  it('GraphQL: rolls carry the receipt and verifyReceipt is the twin of POST /v1/receipts/verifications', async () => {
    const answer = await check({ pool: 2, objective: 1, seed: 'receipt-gql' });
    const read = await gql(
      t.server,
      `query($c: ID!, $r: ID!) { roll(campaignId: $c, rollId: $r) { id procedure inputs seed rng faces outcome createdAt sealed receipt { alg keyId signature } } }`,
      { c: c.id, r: answer.rollId },
      c.auth,
    );
    expect(read.errors).toBeUndefined();
    const roll = read.data?.roll as Roll;
    const rest = await rollAs(c.auth, answer.rollId);
    expect(roll.receipt).toEqual(rest.receipt);
    const query = `query($input: VerifyReceiptInput!) { verifyReceipt(input: $input) { valid keyId reason } }`;
    const document = documentOf(c.id, roll);
    const ok = await gql(t.server, query, { input: { document, receipt: roll.receipt } });
    expect(ok.data?.verifyReceipt).toEqual({ valid: true, keyId: roll.receipt.keyId, reason: null });
    const bad = await gql(t.server, query, {
      input: { document: { ...document, faces: [6, 6] }, receipt: roll.receipt },
    });
    expect(bad.data?.verifyReceipt.valid).toBe(false);
  });

  it('refuses a malformed verification request with a 400 naming the field, and answers unknown keys', async () => {
    const res = await t.http
      .post('/v1/receipts/verifications')
      .send({ document: { a: 1 }, receipt: { alg: 'Ed25519', keyId: 'k' } })
      .expect(400);
    expectProblem(res, 400, 'VALIDATION_FAILED');
    const unknown = await verifyOnline({ a: 1 }, { alg: 'Ed25519', keyId: 'nobody', signature: 'AA' });
    expect(unknown).toMatchObject({ valid: false, keyId: 'nobody' });
    expect(unknown.reason).toMatch(/No published key/);
    const wrongAlg = await verifyOnline({ a: 1 }, { alg: 'RS256', keyId: keys[0].kid, signature: 'AA' });
    expect(wrongAlg.valid).toBe(false);
  });

  it('after a rotation the new key signs, and receipts of the old key still verify', async () => {
    const before = await check({ pool: 3, objective: 1, seed: 'before-rotation' });
    const oldRoll = await rollAs(c.auth, before.rollId);
    const newKeyId = await t.app.get(ReceiptKeys).rotate();
    expect(newKeyId).not.toBe(keys[0].kid);

    const after = await jwks();
    expect(after.map((k) => k.kid).sort()).toEqual([keys[0].kid, newKeyId].sort());
    expect(after.find((k) => k.kid === keys[0].kid)?.retiredAt).toEqual(expect.any(String));
    expect(after.find((k) => k.kid === newKeyId)?.retiredAt).toBeNull();

    // The receipt a client kept from before still verifies, offline and online.
    expect(verifyOffline(after, documentOf(c.id, oldRoll), oldRoll.receipt)).toBe(true);
    expect((await verifyOnline(documentOf(c.id, oldRoll), oldRoll.receipt)).valid).toBe(true);
    // New reads are signed with the new key.
    const reread = await rollAs(c.auth, before.rollId);
    expect(reread.receipt.keyId).toBe(newKeyId);
    expect(verifyOffline(after, documentOf(c.id, reread), reread.receipt)).toBe(true);
  });
});

describe(`receipt key from RECEIPT_SIGNING_KEY (${DATABASE_KIND})`, () => {
  it('signs with the configured PKCS#8 key and publishes its public half', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const t = await startApp({ RECEIPT_SIGNING_KEY: pem });
    try {
      const res = await t.http.get('/.well-known/arbiter-keys.json').expect(200);
      const x = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
      expect(res.body.keys).toHaveLength(1);
      expect(res.body.keys[0].x).toBe(x);
      const answer = await t.http
        .post('/v1/checks/pool?receipt=true')
        .send({ pool: 3, objective: 1, seed: 'env' })
        .expect(200);
      const { document, ...receipt } = answer.body.receipt;
      expect(receipt.keyId).toBe(res.body.keys[0].kid);
      expect(verifyOffline(res.body.keys, document, receipt)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses a key that is not Ed25519 PKCS#8 at start', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    // Checked with the rest of the configuration, before anything starts.
    expect(() => loadConfig({ RECEIPT_SIGNING_KEY: pem })).toThrow(/RECEIPT_SIGNING_KEY: must be an Ed25519/);
    expect(() => loadConfig({ RECEIPT_SIGNING_KEY: 'nonsense' })).toThrow(/RECEIPT_SIGNING_KEY/);
    const broken = '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n';
    expect(() => loadConfig({ RECEIPT_SIGNING_KEY: broken })).toThrow(/RECEIPT_SIGNING_KEY/);
  });
});
