import { DataSource } from 'typeorm';
import { ReceiptKeys } from '../../src/receipts/receipt-keys.service';
import { bearer, CampaignFixture, createCharacter, createKey } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { DATABASE_KIND, startApp, TestApp } from './harness';

interface Receipt {
  alg: string;
  keyId: string;
  signature: string;
}

/*
 * A logged roll's receipts are signed once, when it is logged, and kept with it; reading the log
 * never signs (issue 41). Rolls logged before receipts were kept are signed the first time one is
 * asked for, and kept from then on; the signature is the one the roll always had.
 */
describe(`receipts kept with the roll (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let c: CampaignFixture;
  let player: { auth: { Authorization: string } };
  let signs: jest.SpyInstance;
  let source: DataSource;

  const mark = (i: number) => (DATABASE_KIND === 'postgres' ? `$${i}` : '?');
  const rolls = () => `/v1/campaigns/${c.id}/rolls`;
  const check = async (body: Record<string, unknown>) =>
    (await t.http.post(`/v1/campaigns/${c.id}/checks/pool`).set(c.auth).send(body).expect(201)).body as {
      rollId: string;
      receipt: Receipt;
    };
  const stored = async (rollId: string) => {
    const [row] = (await source.query(
      `SELECT receipt_key_id, receipt_signature, sealed_receipt_key_id, sealed_receipt_signature FROM rolls WHERE id = ${mark(1)}`,
      [rollId],
    )) as Record<string, string | null>[];
    return row;
  };
  const page = async (auth: { Authorization: string }) =>
    (await t.http.get(`${rolls()}?limit=100`).set(auth).expect(200)).body.items as Array<{
      id: string;
      receipt: Receipt;
    }>;

  beforeAll(async () => {
    t = await startApp();
    source = t.app.get(DataSource);
    const res = await t.http.post('/v1/campaigns').send({ name: 'Kept receipts' }).expect(201);
    c = { id: res.body.id, refereeKey: res.body.refereeKey, auth: bearer(res.body.refereeKey) };
    const hero = await createCharacter(t.server, c, { name: 'Hero' });
    player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
    signs = jest.spyOn(t.app.get(ReceiptKeys), 'sign');
  });
  afterAll(async () => {
    signs.mockRestore();
    await t.close();
  });

  it('stores the receipt signed when the roll is logged, and reads sign nothing', async () => {
    const answer = await check({ pool: 4, objective: 2, seed: 'kept-1' });
    const secret = await check({ pool: 3, objective: 1, seed: 'kept-secret', secret: true });
    const row = await stored(answer.rollId);
    expect(row.receipt_key_id).toBe(answer.receipt.keyId);
    expect(row.receipt_signature).toBe(answer.receipt.signature);
    expect(row.sealed_receipt_signature).toBeNull();
    // A secret roll keeps both views' receipts: whole for the referee, sealed for everyone else.
    const secretRow = await stored(secret.rollId);
    expect(secretRow.receipt_signature).toBe(secret.receipt.signature);
    expect(secretRow.sealed_receipt_signature).toMatch(/^[A-Za-z0-9_-]{86}$/);

    signs.mockClear();
    for (let i = 0; i < 3; i++) {
      const items = await page(c.auth);
      expect(items.find((r) => r.id === answer.rollId)?.receipt.signature).toBe(answer.receipt.signature);
      const sealed = (await page(player.auth)).find((r) => r.id === secret.rollId);
      expect(sealed?.receipt.signature).toBe(secretRow.sealed_receipt_signature);
      await t.http.get(`${rolls()}/${answer.rollId}`).set(c.auth).expect(200);
      const viaGraphql = await gql(
        t.server,
        `query($c: ID!, $r: ID!) { roll(campaignId: $c, rollId: $r) { id receipt { alg keyId signature } } }`,
        { c: c.id, r: answer.rollId },
        c.auth,
      );
      expect(viaGraphql.errors).toBeUndefined();
      expect(viaGraphql.data?.roll.receipt.signature).toBe(answer.receipt.signature);
    }
    expect(signs).not.toHaveBeenCalled();
  });

  it('signs a roll logged before receipts were kept once, the first time it is read, with the same signature', async () => {
    const answer = await check({ pool: 5, objective: 3, seed: 'kept-legacy' });
    // As a roll logged by an older release looks: no receipt kept.
    await source.query(
      `UPDATE rolls SET receipt_key_id = NULL, receipt_signature = NULL WHERE id = ${mark(1)}`,
      [answer.rollId],
    );
    signs.mockClear();
    const first = (await page(c.auth)).find((r) => r.id === answer.rollId);
    expect(first?.receipt.signature).toBe(answer.receipt.signature);
    expect(signs).toHaveBeenCalledTimes(1);
    expect((await stored(answer.rollId)).receipt_signature).toBe(answer.receipt.signature);

    signs.mockClear();
    const again = (await page(c.auth)).find((r) => r.id === answer.rollId);
    await t.http.get(`${rolls()}/${answer.rollId}`).set(c.auth).expect(200);
    expect(again?.receipt.signature).toBe(answer.receipt.signature);
    expect(signs).not.toHaveBeenCalled();
  });
});
