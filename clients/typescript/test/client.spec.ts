import {
  ArbiterNetworkError,
  ArbiterProblem,
  createArbiterClient,
  unwrap,
  verifyCommitment,
  type RetryInfo,
} from '../src';
import { freePort, START_TIMEOUT_MS, startArbiter, type RunningArbiter } from './arbiter-server';
import { startProxy, type Proxy } from './proxy';

/** Fast retries for tests: the policy is the same, the waits are short. */
const quick = { baseDelayMs: 5, maxDelayMs: 20 };

jest.setTimeout(30_000);

describe('@arbiter/client against a running Arbiter', () => {
  let arbiter: RunningArbiter;
  let proxy: Proxy | undefined;
  let campaignId: string;
  let refereeKey: string;

  beforeAll(async () => {
    arbiter = await startArbiter();
    const created = await unwrap(
      createArbiterClient({ baseUrl: arbiter.baseUrl }).POST('/v1/campaigns', {
        body: { name: 'Client test' },
      }),
    );
    campaignId = created.id;
    refereeKey = created.refereeKey;
  }, START_TIMEOUT_MS);
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });
  afterAll(() => arbiter?.stop());

  const referee = (baseUrl = arbiter.baseUrl, extra = {}) =>
    createArbiterClient({ baseUrl, key: refereeKey, retry: quick, ...extra });

  async function newCharacter(cash: number, wealth = 2): Promise<string> {
    const character = await unwrap(
      referee().POST('/v1/campaigns/{campaignId}/characters', {
        params: { path: { campaignId } },
        body: { name: 'Toromeen', wealth, cash },
      }),
    );
    return character.id;
  }

  it('runs a purchase once when the connection drops after the server answered, and the retry gets that answer', async () => {
    const characterId = await newCharacter(10);
    let purchases = 0;
    proxy = await startProxy(arbiter.baseUrl, ({ method, url }) =>
      method === 'POST' && url.endsWith('/purchases') && purchases++ === 0 ? 'drop' : 'forward',
    );
    const retries: RetryInfo[] = [];
    const client = referee(proxy.url, {
      retry: { ...quick, onRetry: (info: RetryInfo) => retries.push(info) },
    });

    const { data, response } = await client.POST(
      '/v1/campaigns/{campaignId}/characters/{characterId}/purchases',
      {
        params: { path: { campaignId, characterId } },
        body: { cost: 6, wager: 4, item: 'Rope', seed: 'client-drop' },
      },
    );

    const sent = proxy.seen.filter((s) => s.url.endsWith('/purchases'));
    expect(sent.map((s) => s.action)).toEqual(['drop', 'forward']);
    const keys = sent.map((s) => s.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(retries).toEqual([expect.objectContaining({ attempt: 1, status: null, idempotencyKey: keys[0] })]);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(data?.cashSpent).toBe(4);
    expect(data?.character.cash).toBe(6);

    const character = await unwrap(
      referee().GET('/v1/campaigns/{campaignId}/characters/{characterId}', {
        params: { path: { campaignId, characterId } },
      }),
    );
    expect(character.cash).toBe(6);
    const ledger = await unwrap(
      referee().GET('/v1/campaigns/{campaignId}/characters/{characterId}/ledger', {
        params: { path: { campaignId, characterId } },
      }),
    );
    expect(ledger.items.map((e) => [e.reason, e.cashDelta, e.cashAfter])).toEqual([
      ['opening', 10, 10],
      ['purchase', -4, 6],
    ]);
  });

  it('gives each logical call its own key, and keeps a key the caller chose', async () => {
    proxy = await startProxy(arbiter.baseUrl);
    const client = referee(proxy.url);
    for (const name of ['A', 'B']) {
      await unwrap(
        client.POST('/v1/campaigns/{campaignId}/characters', {
          params: { path: { campaignId } },
          body: { name },
        }),
      );
    }
    await unwrap(
      client.POST('/v1/campaigns/{campaignId}/characters', {
        params: { path: { campaignId }, header: { 'Idempotency-Key': 'my-own-key-1' } },
        body: { name: 'C' },
      }),
    );
    await unwrap(client.GET('/v1/campaigns/{campaignId}', { params: { path: { campaignId } } }));
    const keys = proxy.seen.map((s) => s.headers['idempotency-key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('my-own-key-1');
    expect(keys[3]).toBeUndefined(); // reads carry none
  });

  it('raises problem+json answers as ArbiterProblem with code, status and the named fields, without retrying', async () => {
    const characterId = await newCharacter(2);
    proxy = await startProxy(arbiter.baseUrl);
    const client = referee(proxy.url);
    const path = '/v1/campaigns/{campaignId}/characters/{characterId}/purchases' as const;
    const params = { path: { campaignId, characterId } };

    const tooMuch = await client.POST(path, { params, body: { cost: 6, wager: 5 } }).catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(ArbiterProblem);
    expect(tooMuch).toMatchObject({ status: 422, code: 'INSUFFICIENT_CASH', fields: ['wager'] });
    expect((tooMuch as ArbiterProblem).field('wager')).toEqual(expect.any(String));
    expect(ArbiterProblem.is(tooMuch, 'INSUFFICIENT_CASH')).toBe(true);

    const invalid = await client
      .POST(path, { params, body: { cost: -1, wager: 1 } })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: ['cost'] });

    const stranger = createArbiterClient({ baseUrl: proxy.url, key: 'arb_not-a-key', retry: quick });
    const refused = await stranger
      .GET('/v1/campaigns/{campaignId}', { params: { path: { campaignId } } })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });

    expect(proxy.seen).toHaveLength(3); // a 4xx is an answer: never repeated
    const character = await unwrap(
      referee().GET('/v1/campaigns/{campaignId}/characters/{characterId}', { params }),
    );
    expect(character.cash).toBe(2);
  });

  it('waits what Retry-After says after a 429, then succeeds with the same key', async () => {
    proxy = await startProxy(arbiter.baseUrl, ({ index }) =>
      index === 0
        ? {
            status: 429,
            headers: { 'retry-after': '1' },
            body: { status: 429, code: 'RATE_LIMITED', detail: 'slow down' },
          }
        : 'forward',
    );
    const started = Date.now();
    const result = await unwrap(
      createArbiterClient({ baseUrl: proxy.url, retry: quick }).POST('/v1/checks/pool', {
        body: { pool: 5, objective: 2, seed: 'retry-after' },
      }),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.faces).toHaveLength(5);
    expect(proxy.seen).toHaveLength(2);
    expect(proxy.seen[1].headers['idempotency-key']).toBe(proxy.seen[0].headers['idempotency-key']);
  });

  it('retries 5xx answers a bounded number of times, then raises the last one', async () => {
    let failures = 1;
    proxy = await startProxy(arbiter.baseUrl, () =>
      failures-- > 0
        ? { status: 503, body: { status: 503, code: 'UNAVAILABLE', detail: 'busy' } }
        : 'forward',
    );
    const odds = await unwrap(
      createArbiterClient({ baseUrl: proxy.url, retry: quick }).GET('/v1/odds/pool', {
        params: { query: { dice: 4, objective: 2 } },
      }),
    );
    expect(odds).toEqual(expect.objectContaining({ dice: 4, objective: 2 }));
    expect(proxy.seen).toHaveLength(2);
    await proxy.close();

    proxy = await startProxy(arbiter.baseUrl, () => ({
      status: 502,
      body: { status: 502, code: 'BAD_GATEWAY' },
    }));
    const client = createArbiterClient({ baseUrl: proxy.url, retry: { ...quick, attempts: 3 } });
    const failed = await client
      .GET('/v1/odds/pool', { params: { query: { dice: 4, objective: 2 } } })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 502, code: 'BAD_GATEWAY' });
    expect(proxy.seen).toHaveLength(3);
  });

  it('does not wait longer than maxRetryAfterMs: the 429 is raised with retryAfterMs', async () => {
    proxy = await startProxy(arbiter.baseUrl, () => ({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { status: 429, code: 'RATE_LIMITED', detail: 'come back later' },
    }));
    const failed = await createArbiterClient({ baseUrl: proxy.url, retry: quick })
      .GET('/v1/odds/pool', { params: { query: { dice: 4, objective: 2 } } })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 120_000 });
    expect(proxy.seen).toHaveLength(1);
  });

  it('raises ArbiterNetworkError once the bounded attempts against an unreachable server are spent', async () => {
    const port = await freePort(); // nothing listens there
    const retries: RetryInfo[] = [];
    const failed = await createArbiterClient({
      baseUrl: `http://127.0.0.1:${port}`,
      retry: { ...quick, attempts: 3, onRetry: (info) => retries.push(info) },
    })
      .GET('/v1/odds/pool', { params: { query: { dice: 4, objective: 2 } } })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ArbiterNetworkError);
    expect((failed as ArbiterNetworkError).attempts).toBe(3);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
  });

  it('abandons an attempt that gets no answer within timeoutMs and tries again', async () => {
    proxy = await startProxy(arbiter.baseUrl, ({ index }) => (index === 0 ? 'hang' : 'forward'));
    const odds = await unwrap(
      createArbiterClient({ baseUrl: proxy.url, retry: quick, timeoutMs: 300 }).GET('/v1/odds/pool', {
        params: { query: { dice: 4, objective: 2 } },
      }),
    );
    expect(odds.probability).toBeGreaterThan(0);
    expect(proxy.seen.map((s) => s.action)).toEqual(['hang', 'forward']);
  });

  it('verifies a revealed secret roll against the commitment its sealed stub showed', async () => {
    const characterId = await newCharacter(0);
    const player = await unwrap(
      referee().POST('/v1/campaigns/{campaignId}/keys', {
        params: { path: { campaignId } },
        body: { role: 'player', characterIds: [characterId] },
      }),
    );
    const secret = await unwrap(
      referee().POST('/v1/campaigns/{campaignId}/checks/pool', {
        params: { path: { campaignId } },
        body: { pool: 6, objective: 3, seed: 'sealed-seed', secret: true },
      }),
    );
    const rollId = secret.rollId as string;
    const asPlayer = createArbiterClient({ baseUrl: arbiter.baseUrl, key: player.key, retry: quick });
    const read = () =>
      unwrap(
        asPlayer.GET('/v1/campaigns/{campaignId}/rolls/{rollId}', {
          params: { path: { campaignId, rollId } },
        }),
      );

    const stub = await read();
    expect(stub.sealed).toBe(true);
    expect(verifyCommitment(stub)).toBe(false);

    await unwrap(
      referee().POST('/v1/campaigns/{campaignId}/rolls/{rollId}/reveal', {
        params: { path: { campaignId, rollId } },
      }),
    );
    const revealed = await read();
    expect(revealed.sealed).toBe(false);
    expect(verifyCommitment(revealed, stub.commitment ?? undefined)).toBe(true);
    expect(verifyCommitment(revealed)).toBe(true);
    // Any change to what was committed, or another commitment, fails.
    expect(verifyCommitment({ ...revealed, faces: [...(revealed.faces ?? []), 6] })).toBe(false);
    expect(verifyCommitment({ ...revealed, outcome: { ...revealed.outcome, passed: 'forged' } })).toBe(false);
    expect(verifyCommitment({ ...revealed, salt: `${revealed.salt}x` })).toBe(false);
    expect(verifyCommitment(revealed, '0'.repeat(64))).toBe(false);
  });
});
