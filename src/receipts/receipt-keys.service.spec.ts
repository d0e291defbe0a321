import { generateKeyPairSync } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../database/database.service';
import { ReceiptKeys, ReceiptValue } from './receipt-keys.service';

type Receipt = ReceiptValue & { document: Record<string, unknown> };

function keys(): ReceiptKeys {
  const receipts = new ReceiptKeys({} as Database, {} as AppConfig);
  const { privateKey } = generateKeyPairSync('ed25519');
  (receipts as unknown as { signing: { id: string; key: unknown } }).signing = {
    id: 'test-key',
    key: privateKey,
  };
  return receipts;
}

const rolled = {
  procedure: 'check.pool',
  inputs: { pool: 3, objective: 2 },
  seed: 'seed-1',
  rng: 'xoroshiro128plus.v1',
  faces: [1, 5, 6],
  outcome: { dice: 3, faces: [1, 5, 6], successes: 2, passed: true },
};

describe('ReceiptKeys.receiptOnRead (GraphQL stateless checks)', () => {
  it('is an object without own members: an answer built on it keeps its members, in order, and no own receipt', () => {
    const target = keys().receiptOnRead(rolled);
    expect(Reflect.ownKeys(target).filter((k) => typeof k === 'string')).toEqual([]);
    const answer = Object.assign(target, rolled.outcome, { seed: 'seed-1', rng: rolled.rng, rollId: null });
    expect(Object.keys(answer)).toEqual(['dice', 'faces', 'successes', 'passed', 'seed', 'rng', 'rollId']);
    expect(JSON.parse(JSON.stringify(answer))).toEqual({
      ...rolled.outcome,
      seed: 'seed-1',
      rng: rolled.rng,
      rollId: null,
    });
    expect(Object.prototype.hasOwnProperty.call(answer, 'receipt')).toBe(false);
  });

  it('signs only when receipt is read, once per answer, the same receipt withCheckReceipt gives', () => {
    const receipts = keys();
    const sign = jest.spyOn(receipts, 'sign');
    const answer = receipts.receiptOnRead(rolled) as { receipt: Receipt };
    expect(sign).not.toHaveBeenCalled();
    const first = answer.receipt;
    expect(answer.receipt).toBe(first);
    expect(sign).toHaveBeenCalledTimes(1);
    const eager = receipts.withCheckReceipt({ ...rolled.outcome }, rolled).receipt;
    expect(first).toEqual(eager);
    expect(first.document).toEqual({
      procedure: rolled.procedure,
      inputs: rolled.inputs,
      seed: rolled.seed,
      rng: rolled.rng,
      faces: rolled.faces,
      outcome: rolled.outcome,
    });
    expect(first.keyId).toBe('test-key');
  });

  it('keeps each answer’s receipt to itself', () => {
    const receipts = keys();
    const other = { ...rolled, seed: 'seed-2' };
    const a = receipts.receiptOnRead(rolled) as { receipt: Receipt };
    const b = receipts.receiptOnRead(other) as { receipt: Receipt };
    expect(a.receipt.document.seed).toBe('seed-1');
    expect(b.receipt.document.seed).toBe('seed-2');
    expect(a.receipt.signature).not.toBe(b.receipt.signature);
  });
});
