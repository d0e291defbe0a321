/**
 * The failure tier: two built servers (`node dist/src/main.js`) on a PostgreSQL cluster and a Redis
 * server of this test's own (initdb in a temporary directory and redis-server, each on a free
 * loopback port; the shared servers are never touched), under a bounded load of money-moving
 * requests and checks with Idempotency-Keys, while SSE and GraphQL subscribers on both instances
 * follow the roll log. In turn: Redis SIGKILLed and restarted, PostgreSQL stopped (immediate, as a
 * crash) and restarted, one instance SIGKILLed and restarted. Then: no 500 and no INTERNAL during the
 * outages (a 503 DATABASE_UNAVAILABLE is what the database away answers), /ready named what was down,
 * every subscriber (reconnecting with Last-Event-ID or lastEventId, as a client would) has every roll
 * of the log exactly once, Cash = opening + ledger, every answered change once, every key replays.
 *
 * Bounded: a load phase of about 30 s with at most WORKERS requests in flight, a deadline for the
 * retries and one for the subscribers; only the processes started here are stopped.
 * `npm run test:failure` (builds first); CI runs it after the PostgreSQL crash tier.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { SseClient, wsClient } from '../e2e/feed-clients';

const MAIN = process.env.FAILURE_SERVER ?? join(__dirname, '..', '..', 'dist', 'src', 'main.js');
const WORKERS = 6;
const CHARACTERS = 4;
const SUBSCRIBERS_PER_KIND = 4;
/** Every request must be answered by then (outages, restarts and retries included). */
const LOAD_DEADLINE_MS = 120_000;
/** Subscribers must have caught up with the log within this after the load. */
const SETTLE_MS = 30_000;

jest.setTimeout(240_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** util-linux's runuser: in /usr/sbin or /sbin, which a minimal PATH may leave out. */
const RUNUSER =
  ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((path) => existsSync(path)) ?? 'runuser';

function run(command: string, args: string[], asPostgres: boolean): void {
  const root = process.getuid?.() === 0;
  const [cmd, argv] =
    root && asPostgres ? [RUNUSER, ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error}`);
  }
}

/** A PostgreSQL cluster of this test's own, in a temporary directory, on a free port. */
class OwnPostgres {
  readonly dir = mkdtempSync(join(tmpdir(), 'arbiter-failure-pg-'));
  private readonly bin: string;
  port = 0;

  constructor() {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
    this.bin = join('/usr/lib/postgresql', versions[versions.length - 1], 'bin');
    chmodSync(this.dir, 0o777);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get data(): string {
    return join(this.dir, 'data');
  }

  async init(): Promise<void> {
    this.port = await freePort();
    run(join(this.bin, 'initdb'), ['-D', this.data, '-A', 'trust', '-U', 'postgres', '--no-sync'], true);
    this.start();
  }

  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    run(
      join(this.bin, 'pg_ctl'),
      ['-D', this.data, '-l', join(this.dir, 'log'), '-w', '-o', options, 'start'],
      true,
    );
  }

  /** Immediate shutdown: no checkpoint, every connection cut, as a crash. */
  kill(): void {
    run(join(this.bin, 'pg_ctl'), ['-D', this.data, '-m', 'immediate', '-w', 'stop'], true);
  }

  destroy(): void {
    try {
      this.kill();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A redis-server of this test's own on a free port, not persisted. */
class OwnRedis {
  child?: ChildProcess;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.port ||= await freePort();
    const child = spawn(
      'redis-server',
      ['--bind', '127.0.0.1', '--port', String(this.port), '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error('redis-server exited at start');
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(this.port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (open) return;
      await sleep(50);
    }
    throw new Error('redis-server did not listen in 10 s');
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** One server process on a fixed loopback port, which this test alone starts and kills. */
class Instance {
  child?: ChildProcess;
  up = false;
  stderr = '';

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-4000);
    });
    this.child = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited at start: ${this.stderr}`);
      try {
        const res = await fetch(`${this.base}/ready`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) {
          this.up = true;
          return;
        }
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`${this.name} did not become ready in 60 s: ${this.stderr}`);
  }

  async kill(): Promise<void> {
    const child = this.child;
    this.up = false;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

interface Json {
  [key: string]: unknown;
}

interface Operation {
  index: number;
  kind: 'purchase' | 'sale' | 'transfer' | 'adjustment' | 'check';
  path: string;
  body: Record<string, unknown>;
  key: string;
  answer?: { status: number; text: string; replayed: boolean };
  attempts: number;
}

/** A feed subscriber that reconnects as a client would: SSE with Last-Event-ID, GraphQL with lastEventId. */
interface Follower {
  name: string;
  ids: string[];
  reconnects: number;
  open: boolean;
  stop(): Promise<void>;
}

describe('failure tier: Redis, PostgreSQL and an instance killed under load', () => {
  const postgres = new OwnPostgres();
  const redis = new OwnRedis();
  const instances: Instance[] = [];
  const operations: Operation[] = [];
  const followers: Follower[] = [];
  /** Every 5xx but 503, and every GraphQL INTERNAL, seen during the load. */
  const failures: string[] = [];
  let unavailable = 0;
  const ready: { redisDown?: Json; databaseDown?: { status: number; body: Json } } = {};
  let auth: Record<string, string> = {};
  let campaignId = '';
  const characterIds: string[] = [];
  let setupEntries = new Set<string>();
  let before = new Set<string>();
  let loadSeconds = 0;
  let loadError: Error | undefined;
  let stopping = false;

  const live = () => instances.filter((i) => i.up);
  const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

  async function send(
    method: string,
    path: string,
    body?: unknown,
    key?: string,
  ): Promise<{ status: number; text: string; replayed: boolean } | null> {
    const up = live();
    if (up.length === 0) return null;
    const instance = pick(up);
    try {
      const res = await fetch(`${instance.base}${path}`, {
        method,
        headers: {
          ...auth,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      if (res.status === 503) unavailable++;
      if (res.status >= 500 && res.status !== 503)
        failures.push(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
      if (res.status >= 500) return null;
      return { status: res.status, text, replayed: res.headers.get('idempotent-replayed') === 'true' };
    } catch {
      return null; // the instance was killed mid-request, or is not listening
    }
  }

  async function call(method: string, path: string, body?: unknown): Promise<Json> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const res = await send(method, path, body);
      if (res && res.status < 300) return JSON.parse(res.text) as Json;
      if (res) throw new Error(`${method} ${path} → ${res.status} ${res.text}`);
      await sleep(250);
    }
    throw new Error(`${method} ${path}: no answer`);
  }

  async function pages(path: string): Promise<Json[]> {
    const items: Json[] = [];
    let after: string | null = null;
    do {
      const page = await call(
        'GET',
        `${path}${path.includes('?') ? '&' : '?'}limit=100${after ? `&after=${after}` : ''}`,
      );
      items.push(...(page.items as Json[]));
      after = page.next as string | null;
    } while (after);
    return items;
  }

  /** A GraphQL read during the load: never INTERNAL, whatever is down. */
  async function graphqlRead(): Promise<void> {
    const up = live();
    if (up.length === 0) return;
    try {
      const res = await fetch(`${pick(up).base}/graphql`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'query($c: ID!) { rolls(campaignId: $c, limit: 1) { items { id } } }',
          variables: { c: campaignId },
        }),
        signal: AbortSignal.timeout(20_000),
      });
      const body = (await res.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
      for (const error of body.errors ?? []) {
        if (error.extensions?.code === 'DATABASE_UNAVAILABLE') unavailable++;
        else failures.push(`GraphQL rolls → ${res.status} ${JSON.stringify(error).slice(0, 200)}`);
      }
    } catch {
      // killed mid-request
    }
  }

  let counter = 0;
  function nextOperation(): Operation {
    const index = counter++;
    const c = (id: string) => `/v1/campaigns/${campaignId}/characters/${id}`;
    const t = `/v1/campaigns/${campaignId}/treasury`;
    const who = pick(characterIds);
    const roll = Math.random();
    const seed = `failure-${index}`;
    let op: Pick<Operation, 'kind' | 'path' | 'body'>;
    if (roll < 0.35) {
      op = {
        kind: 'check',
        path: `/v1/campaigns/${campaignId}/checks/pool`,
        body: { pool: 3, objective: 1, seed },
      };
    } else if (roll < 0.55) {
      op = {
        kind: 'purchase',
        path: `${c(who)}/purchases`,
        body: { cost: 4, wager: 1, item: `thing ${index}`, seed },
      };
    } else if (roll < 0.65) {
      op = { kind: 'sale', path: `${c(who)}/sales`, body: { cost: 5, item: `loot ${index}`, seed } };
    } else if (roll < 0.9) {
      const [from, to] = pick([
        ['treasury', who],
        [who, 'treasury'],
      ]);
      op = { kind: 'transfer', path: `${t}/transfers`, body: { from, to, amount: 2, reason: `op ${index}` } };
    } else {
      op = { kind: 'adjustment', path: `${t}/adjustments`, body: { delta: 3, reason: `op ${index}` } };
    }
    const operation = { ...op, index, key: `failure-${randomBytes(12).toString('hex')}`, attempts: 0 };
    operations.push(operation);
    return operation;
  }

  async function runOperation(op: Operation, deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      op.attempts++;
      const res = await send('POST', op.path, op.body, op.key);
      const inProgress =
        res?.status === 409 && (JSON.parse(res.text) as Json).code === 'IDEMPOTENCY_IN_PROGRESS';
      if (res && !inProgress) {
        op.answer = res;
        return;
      }
      await sleep(100 + Math.random() * 200);
    }
  }

  function home(index: number): Instance {
    const preferred = instances[index % instances.length];
    return preferred.up ? preferred : (live()[0] ?? preferred);
  }

  function sseFollower(index: number): Follower {
    const follower: Follower = {
      name: `sse-${index}`,
      ids: [],
      reconnects: 0,
      open: false,
      stop: async () => undefined,
    };
    let lastId: string | null = null;
    let client: SseClient | null = null;
    let done = false;
    const loop = (async () => {
      while (!done) {
        const target = home(index);
        const headers: Record<string, string> = { ...auth };
        if (lastId) headers['last-event-id'] = lastId;
        const current = new SseClient(`${target.base}/v1/campaigns/${campaignId}/rolls/stream`, headers);
        client = current;
        try {
          await current.opened();
        } catch {
          await sleep(300);
          continue;
        }
        if (current.status === 200) follower.open = true;
        let seen = 0;
        const take = () => {
          for (; seen < current.events.length; seen++) {
            const event = current.events[seen];
            if (event.event === 'rollLogged') {
              follower.ids.push((JSON.parse(event.data) as { id: string }).id);
              lastId = event.id ?? lastId;
            }
          }
        };
        while (!done && !current.ended) {
          take();
          await sleep(50);
        }
        take();
        if (!done) {
          follower.reconnects++;
          await sleep(300);
        }
      }
    })();
    follower.stop = async () => {
      done = true;
      client?.close();
      await loop;
    };
    return follower;
  }

  function graphqlFollower(index: number): Follower {
    const follower: Follower = {
      name: `graphql-${index}`,
      ids: [],
      reconnects: 0,
      open: false,
      stop: async () => undefined,
    };
    let lastId: string | null = null;
    let client: Client | null = null;
    let done = false;
    const loop = (async () => {
      while (!done) {
        const target = home(index);
        client = wsClient(target.base, auth.authorization);
        await new Promise<void>((resolve) => {
          client!.subscribe<{ rollLogged: { id: string } }>(
            {
              query:
                'subscription($c: ID!, $last: ID) { rollLogged(campaignId: $c, lastEventId: $last) { id } }',
              variables: { c: campaignId, last: lastId },
            },
            {
              next: (value) => {
                if (value.errors) return;
                const id = value.data?.rollLogged.id;
                if (id) {
                  follower.ids.push(id);
                  lastId = id;
                }
              },
              error: () => resolve(),
              complete: () => resolve(),
            },
          );
          client!.on('connected', () => {
            follower.open = true;
          });
        });
        await client.dispose();
        if (!done) {
          follower.reconnects++;
          await sleep(300);
        }
      }
    })();
    follower.stop = async () => {
      done = true;
      await client?.dispose();
      await loop;
    };
    return follower;
  }

  async function readyOf(instance: Instance): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${instance.base}/ready`, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, body: (await res.json()) as Json };
  }

  beforeAll(async () => {
    if (!existsSync(MAIN))
      throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm run test:failure does)`);
    await postgres.init();
    await redis.start();
    const env: Record<string, string> = {
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '0',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `failure-${randomBytes(4).toString('hex')}`,
      FEED_CATCH_UP_MS: '300',
      FEED_HEARTBEAT_MS: '1000',
    };
    for (const name of ['A', 'B']) instances.push(new Instance(name, await freePort(), env));
    // The first instance migrates; the other starts once it has.
    for (const instance of instances) await instance.start();

    const campaign = await call('POST', '/v1/campaigns', { name: 'Failure tier' });
    campaignId = campaign.id as string;
    auth = { authorization: `Bearer ${campaign.refereeKey as string}` };
    for (let i = 0; i < CHARACTERS; i++) {
      const character = await call('POST', `/v1/campaigns/${campaignId}/characters`, {
        name: `Survivor ${i}`,
        wealth: 3,
        cash: 30,
      });
      characterIds.push(character.id as string);
    }
    await call('POST', `/v1/campaigns/${campaignId}/sessions`);
    const funded = await call('POST', `/v1/campaigns/${campaignId}/treasury/adjustments`, {
      delta: 200,
      reason: 'opening',
    });
    setupEntries = new Set([(funded.ledgerEntry as Json).id as string]);
    before = new Set((await pages(`/v1/campaigns/${campaignId}/rolls`)).map((r) => r.id as string));

    for (let i = 0; i < SUBSCRIBERS_PER_KIND; i++) followers.push(sseFollower(i), graphqlFollower(i));
    const opened = Date.now() + 15_000;
    while (followers.some((f) => !f.open) && Date.now() < opened) await sleep(50);
    await sleep(300);

    const began = Date.now();
    const deadline = began + LOAD_DEADLINE_MS;
    const senders = Array.from({ length: WORKERS }, async (_, worker) => {
      let n = 0;
      while (!stopping && Date.now() < deadline) {
        await runOperation(nextOperation(), deadline);
        if (++n % 4 === worker % 4) await graphqlRead();
        await sleep(40);
      }
    });
    const outages = (async () => {
      await sleep(2_000);
      await redis.kill();
      await sleep(3_000);
      ready.redisDown = (await readyOf(instances[0])).body;
      await sleep(2_000);
      await redis.start();
      await sleep(4_000);
      postgres.kill();
      await sleep(1_500);
      ready.databaseDown = await readyOf(instances[0]);
      await sleep(2_500);
      postgres.start();
      await sleep(4_000);
      await instances[1].kill();
      await sleep(1_000);
      await instances[1].start();
      await sleep(3_000);
      stopping = true;
    })();
    try {
      await Promise.all([...senders, outages]);
    } catch (error) {
      loadError = error as Error;
      stopping = true;
    }
    for (const instance of instances) if (!instance.up) await instance.start();
    loadSeconds = (Date.now() - began) / 1000;
  });

  afterAll(async () => {
    stopping = true;
    await Promise.all(followers.map((f) => f.stop()));
    const answered = operations.filter((op) => op.answer).length;
    process.stdout.write(
      `failure tier: ${operations.length} requests (${answered} answered, ${operations.filter((o) => o.attempts > 1).length} retried), ` +
        `${unavailable} answers 503 / DATABASE_UNAVAILABLE, ${followers.length} feed subscribers ` +
        `(${followers.reduce((n, f) => n + f.reconnects, 0)} reconnects); the load took ${loadSeconds.toFixed(1)} s\n`,
    );
    for (const instance of instances) await instance.kill();
    await redis.kill();
    postgres.destroy();
  });

  it('went through every outage, answering every request without a 500 or INTERNAL', () => {
    expect(loadError).toBeUndefined();
    expect(failures).toEqual([]);
    // The database outage was felt, as 503s that said so.
    expect(unavailable).toBeGreaterThan(0);
    const unanswered = operations.filter((op) => !op.answer).map((op) => `${op.kind} #${op.index}`);
    expect(unanswered).toEqual([]);
    for (const op of operations) expect(op.answer?.status).toBeLessThan(500);
    expect(operations.filter((op) => op.answer && op.answer.status < 300).length).toBeGreaterThan(
      operations.length / 3,
    );
  });

  it('/ready said Redis was degraded (200) and named the database when it was down (503)', () => {
    expect(ready.redisDown).toMatchObject({ status: 'degraded', info: { redis: { status: 'degraded' } } });
    expect(ready.databaseDown?.status).toBe(503);
    expect(ready.databaseDown?.body).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      detail: expect.stringMatching(/database/),
      checks: { database: { status: 'down' } },
    });
  });

  it('gave every SSE and GraphQL subscriber every roll of the log exactly once', async () => {
    const expected = async () =>
      (await pages(`/v1/campaigns/${campaignId}/rolls`))
        .map((r) => r.id as string)
        .filter((id) => !before.has(id));
    let log = await expected();
    const settle = Date.now() + SETTLE_MS;
    while (Date.now() < settle && followers.some((f) => new Set(f.ids).size < log.length)) {
      await sleep(250);
      log = await expected();
    }
    expect(log.length).toBeGreaterThan(50);
    const report = followers.map((f) => {
      const got = new Set(f.ids);
      return {
        name: f.name,
        duplicates: f.ids.length - got.size,
        missing: log.filter((id) => !got.has(id)).length,
        extra: [...got].filter((id) => !log.includes(id)).length,
      };
    });
    expect(report).toEqual(followers.map((f) => ({ name: f.name, duplicates: 0, missing: 0, extra: 0 })));
  });

  it('lost and doubled no money: Cash = opening + ledger, every answered change once', async () => {
    for (const id of characterIds) {
      const character = await call('GET', `/v1/campaigns/${campaignId}/characters/${id}`);
      const ledger = await pages(`/v1/campaigns/${campaignId}/characters/${id}/ledger`);
      const sum = ledger.reduce((n, e) => n + (e.cashDelta as number), 0);
      expect({ id, cash: character.cash }).toEqual({ id, cash: sum });
    }
    const treasury = await call('GET', `/v1/campaigns/${campaignId}/treasury`);
    const entries = await pages(`/v1/campaigns/${campaignId}/treasury/ledger`);
    expect(treasury.cash).toBe(entries.reduce((n, e) => n + (e.cashDelta as number), 0));

    const answered: string[] = [];
    for (const op of operations) {
      if (!op.answer || op.answer.status >= 300 || op.kind === 'check') continue;
      const body = JSON.parse(op.answer.text) as Json;
      if (op.kind === 'transfer') {
        for (const e of [...(body.ledgerEntries as Json[]), ...(body.treasuryEntries as Json[])])
          answered.push(e.id as string);
      } else {
        const entry = body.ledgerEntry as Json | null | undefined;
        if (entry) answered.push(entry.id as string);
      }
    }
    const inLedgers: string[] = [];
    for (const id of characterIds) {
      const ledger = await pages(`/v1/campaigns/${campaignId}/characters/${id}/ledger`);
      inLedgers.push(...ledger.filter((e) => e.reason !== 'opening').map((e) => e.id as string));
    }
    inLedgers.push(...entries.map((e) => e.id as string).filter((id) => !setupEntries.has(id)));
    expect(new Set(answered).size).toBe(answered.length);
    expect([...inLedgers].sort()).toEqual([...answered].sort());
  });

  it('replays every successful request with its key: the same status and body', async () => {
    const mismatched: string[] = [];
    for (const op of operations) {
      if (!op.answer || op.answer.status >= 300) continue;
      const again = await send('POST', op.path, op.body, op.key);
      if (!again || again.status !== op.answer.status || again.text !== op.answer.text || !again.replayed) {
        mismatched.push(`${op.kind} #${op.index}: ${op.answer.status} → ${again?.status ?? 'no answer'}`);
      }
    }
    expect(mismatched).toEqual([]);
  });
});
