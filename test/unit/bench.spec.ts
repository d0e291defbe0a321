import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startBareApolloServer } from '../../bench/bare-apollo-server';
import { startBareServer } from '../../bench/bare-server';
import { CASES } from '../../bench/cases';
import { measureSqliteFloor } from '../../bench/sqlite-floor';

/** The bench's reference servers must do the same work as the app, or their ratios mean nothing. */
describe('benchmark reference servers and floor', () => {
  it('the bare Fastify and bare Apollo servers roll the same dice as each other for a seed', async () => {
    const rest = await startBareServer(0);
    const apollo = await startBareApolloServer(0);
    try {
      const input = { pool: 9, objective: 4, bonusDice: 1, seed: 'bench-parity' };
      const viaRest = (await (
        await fetch(`http://127.0.0.1:${rest.port}/v1/checks/pool`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input),
        })
      ).json()) as Record<string, unknown>;
      const graphql = CASES.find((c) => c.name === 'bare-apollo-pool')!;
      const request = graphql.request({}, 0);
      const body = JSON.parse(request.body!) as { query: string };
      const viaApollo = (await (
        await fetch(`http://127.0.0.1:${apollo.port}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: body.query, variables: { i: input } }),
        })
      ).json()) as { data: { poolCheck: Record<string, unknown> } };
      expect(graphql.verify?.(viaApollo)).toBeUndefined();
      expect(viaApollo.data.poolCheck).toEqual(viaRest);
    } finally {
      await rest.close();
      await apollo.close();
    }
  });

  it('the SQLite floor runs the purchase statements against the migrated schema', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'arbiter-floor-'));
    try {
      const floor = await measureSqliteFloor(directory, 25);
      expect(floor.purchases).toBe(25);
      expect(floor.microsInCommit).toBeGreaterThan(0);
      expect(floor.microsPerPurchase).toBeGreaterThan(floor.microsInCommit);
      expect(floor.purchasesPerSecondCeiling).toBeCloseTo(1e6 / floor.microsPerPurchase, 6);
      const db = new Database(join(directory, 'floor.sqlite'), { readonly: true });
      try {
        const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
        expect(count('SELECT count(*) AS n FROM rolls')).toBe(25);
        expect(count('SELECT count(*) AS n FROM cash_ledger')).toBe(25);
        expect(count("SELECT count(*) AS n FROM idempotency_records WHERE state = 'done'")).toBe(25);
        expect(count('SELECT cash AS n FROM characters')).toBe(1_000_000 - 25);
      } finally {
        db.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
