/**
 * The crash tier: the built server (`node dist/src/main.js`) as child processes on 127.0.0.1, money-
 * moving requests with Idempotency-Keys sent concurrently, the server killed with SIGKILL several
 * times mid-load and restarted, every unanswered request retried with its key. Then: Cash = opening
 * + ledger for every character and the treasury, every answered change in the ledgers exactly once,
 * every replay identical to the first answer, no key stuck, every logged roll replays.
 *
 * SQLite: one instance on a fresh file. PostgreSQL (TEST_DATABASE_URL): two instances on a fresh
 * schema, each killed in turn, so a request cut off on one is retried on the other as well.
 * Bounded: OPERATIONS requests, KILLS kills, and a deadline; only the processes started here are
 * stopped. `npm run test:crash` (builds first); CI runs it on both databases.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

const POSTGRES = process.env.TEST_DATABASE_URL;
const DATABASE = POSTGRES ? 'postgres' : 'sqlite';
const INSTANCES = POSTGRES ? 2 : 1;
const OPERATIONS = Number(process.env.CRASH_OPERATIONS ?? 400);
const KILLS = Number(process.env.CRASH_KILLS ?? 5);
const WORKERS = 8;
const CHARACTERS = 6;
const SEED = Number(process.env.CRASH_SEED ?? 17);
/** The load phase must be over by then (startups included); it fails the tier otherwise. */
const LOAD_DEADLINE_MS = 150_000;
const MAIN = process.env.CRASH_SERVER ?? join(__dirname, '..', '..', 'dist', 'src', 'main.js');

jest.setTimeout(300_000);

/** mulberry32: the plan (kinds, amounts, kill times) follows from CRASH_SEED. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

/** One server process on a fixed loopback port, which this test alone starts and kills. */
class Instance {
  child?: ChildProcess;
  up = false;
  starts = 0;
  /** Requests sent to this instance and not answered yet. */
  inFlight = 0;
  stderr = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.starts++;
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
      if (child.exitCode !== null) throw new Error(`the server exited at start: ${this.stderr}`);
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
    throw new Error(`the server did not become ready in 60 s: ${this.stderr}`);
  }

  /** SIGKILL: no shutdown hook, no flush, open transactions cut off. */
  async kill(): Promise<void> {
    const child = this.child;
    this.up = false;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** What the test sends: one money-moving request, always with the same key and body. */
interface Operation {
  index: number;
  kind: 'purchase' | 'sale' | 'income' | 'transfer' | 'adjustment';
  path: string;
  body: Record<string, unknown>;
  key: string;
  /** The first answer received (status and raw body), and whether it said it was a replay. */
  answer?: { status: number; text: string; replayed: boolean };
  attempts: number;
  /** Attempts answered 409 IDEMPOTENCY_IN_PROGRESS. */
  inProgress: number;
}

interface Json {
  [key: string]: unknown;
}

describe(`crash tier (${DATABASE}): SIGKILL mid-load, retries with Idempotency-Keys`, () => {
  const instances: Instance[] = [];
  const operations: Operation[] = [];
  let cleanup: () => Promise<void> = async () => undefined;
  let auth: Record<string, string> = {};
  let campaignId = '';
  const characterIds: string[] = [];
  let setupEntries = new Set<string>();
  let kills = 0;
  /** Requests cut off by a kill (no answer), and kills that found requests in flight. */
  let cutOff = 0;
  let killsMidRequest = 0;
  let loadSeconds = 0;
  let loadError: Error | undefined;
  const random = generator(SEED);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: T[]): T => items[int(0, items.length - 1)];

  const live = () => instances.filter((i) => i.up);

  /** A request to a live instance; null when the connection failed or the server answered 5xx. */
  async function send(
    method: string,
    path: string,
    body?: unknown,
    key?: string,
  ): Promise<{ status: number; text: string; replayed: boolean } | null> {
    const up = live();
    if (up.length === 0) return null;
    const instance = pick(up);
    instance.inFlight++;
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
      if (res.status >= 500) return null;
      return { status: res.status, text, replayed: res.headers.get('idempotent-replayed') === 'true' };
    } catch {
      cutOff++;
      return null; // killed mid-request, or not listening
    } finally {
      instance.inFlight--;
    }
  }

  /** For the set-up and the checks, with every instance up: must answer 2xx. */
  async function call(method: string, path: string, body?: unknown): Promise<Json> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await send(method, path, body);
      if (res && res.status < 300) return JSON.parse(res.text) as Json;
      if (res) throw new Error(`${method} ${path} → ${res.status} ${res.text}`);
      await sleep(200);
    }
    throw new Error(`${method} ${path}: no answer`);
  }

  async function pages(path: string): Promise<Json[]> {
    const items: Json[] = [];
    let after: string | null = null;
    do {
      const page = await call('GET', `${path}?limit=100${after ? `&after=${after}` : ''}`);
      items.push(...(page.items as Json[]));
      after = page.next as string | null;
    } while (after);
    return items;
  }

  function plan(): void {
    const c = (id: string) => `/v1/campaigns/${campaignId}/characters/${id}`;
    const t = `/v1/campaigns/${campaignId}/treasury`;
    const incomeLeft = [...characterIds];
    for (let index = 0; index < OPERATIONS; index++) {
      const seed = `crash-${SEED}-${index}`;
      const roll = int(0, 99);
      const who = pick(characterIds);
      let op: Pick<Operation, 'kind' | 'path' | 'body'>;
      if (roll < 30) {
        op = {
          kind: 'purchase',
          path: `${c(who)}/purchases`,
          body: { cost: int(3, 9), wager: int(1, 3), item: `thing ${index}`, seed },
        };
      } else if (roll < 45) {
        op = {
          kind: 'sale',
          path: `${c(who)}/sales`,
          body: { cost: int(4, 8), item: `loot ${index}`, seed },
        };
      } else if (roll < 85) {
        const [from, to] = pick([
          ['treasury', who],
          [who, 'treasury'],
          [who, pick(characterIds.filter((x) => x !== who))],
        ]);
        op = {
          kind: 'transfer',
          path: `${t}/transfers`,
          body: { from, to, amount: int(1, 6), reason: `op ${index}` },
        };
      } else if (roll < 95 || incomeLeft.length === 0) {
        op = {
          kind: 'adjustment',
          path: `${t}/adjustments`,
          body: { delta: int(-4, 6) || 1, reason: `op ${index}` },
        };
      } else {
        op = { kind: 'income', path: `${c(incomeLeft.pop() as string)}/income`, body: { seed } };
      }
      operations.push({
        ...op,
        index,
        key: `crash-${randomBytes(12).toString('hex')}`,
        attempts: 0,
        inProgress: 0,
      });
    }
  }

  /** Sends one operation until it is answered (not 5xx, not cut off, not a twin in progress). */
  async function run(op: Operation, deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      op.attempts++;
      const res = await send('POST', op.path, op.body, op.key);
      if (res && res.status === 409 && JSON.parse(res.text).code === 'IDEMPOTENCY_IN_PROGRESS') {
        op.inProgress++;
      } else if (res) {
        op.answer = res;
        return;
      }
      await sleep(50 + int(0, 150));
    }
  }

  beforeAll(async () => {
    if (!existsSync(MAIN))
      throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm run test:crash does)`);
    const env: Record<string, string> = { LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '0' };
    if (POSTGRES) {
      const schema = `crash_${randomBytes(6).toString('hex')}`;
      const admin = new Client({ connectionString: POSTGRES });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      Object.assign(env, { DATABASE_URL: POSTGRES, DATABASE_SCHEMA: schema });
      cleanup = async () => {
        const dropper = new Client({ connectionString: POSTGRES });
        await dropper.connect();
        await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
        await dropper.end();
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'arbiter-crash-'));
      env.DATABASE_PATH = join(dir, 'arbiter.sqlite');
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    for (let i = 0; i < INSTANCES; i++) instances.push(new Instance(await freePort(), env));
    // The first instance migrates; the others start once it has.
    for (const instance of instances) await instance.start();

    const campaign = await call('POST', '/v1/campaigns', { name: 'Crash tier' });
    campaignId = campaign.id as string;
    auth = { authorization: `Bearer ${campaign.refereeKey as string}` };
    for (let i = 0; i < CHARACTERS; i++) {
      const character = await call('POST', `/v1/campaigns/${campaignId}/characters`, {
        name: `Crasher ${i}`,
        wealth: 3,
        cash: 30,
      });
      characterIds.push(character.id as string);
    }
    await call('POST', `/v1/campaigns/${campaignId}/sessions`);
    const funded = await call('POST', `/v1/campaigns/${campaignId}/treasury/adjustments`, {
      delta: 100,
      reason: 'opening',
    });
    setupEntries = new Set([(funded.ledgerEntry as Json).id as string]);
    plan();

    // The load: WORKERS senders over the queue, while the killer SIGKILLs an instance whenever
    // requests are in flight, KILLS times, and restarts it.
    const began = Date.now();
    const deadline = began + LOAD_DEADLINE_MS;
    // Kill i falls once (i + 1) / (KILLS + 1) of the requests were sent: the senders may run a little
    // past that mark (so requests are in flight at the kill) but no further until the killed instance
    // is back, so every kill lands mid-load however fast another instance drains the queue.
    const queue = [...operations];
    const mark = (i: number) => Math.floor((OPERATIONS * (i + 1)) / (KILLS + 1));
    let gate = KILLS > 0 ? mark(0) + 4 * WORKERS : Infinity;
    const taken = () => OPERATIONS - queue.length;
    const senders = Array.from({ length: WORKERS }, async () => {
      while (queue.length > 0 && Date.now() < deadline) {
        if (taken() >= gate) {
          await sleep(5);
          continue;
        }
        await run(queue.shift() as Operation, deadline);
      }
    });
    const killer = (async () => {
      for (let i = 0; i < KILLS && Date.now() < deadline; i++) {
        while (taken() < mark(i) && Date.now() < deadline) await sleep(2);
        // The victim: an instance with requests in flight (they are cut off), if one has any yet.
        const busy = instances.filter((x) => x.up && x.inFlight > 0);
        const victim = pick(busy.length > 0 ? busy : instances);
        if (victim.inFlight > 0) killsMidRequest++;
        await victim.kill();
        kills++;
        await sleep(int(0, 300));
        await victim.start();
        gate = i + 1 < KILLS ? mark(i + 1) + 4 * WORKERS : Infinity;
      }
    })();
    try {
      await Promise.all([...senders, killer]);
    } catch (error) {
      loadError = error as Error;
    }
    for (const instance of instances) if (!instance.up) await instance.start();
    loadSeconds = (Date.now() - began) / 1000;
  });

  afterAll(async () => {
    const retried = operations.filter((op) => op.attempts > 1).length;
    const succeeded = operations.filter((op) => op.answer && op.answer.status < 300).length;
    process.stdout.write(
      `crash tier (${DATABASE}): ${operations.length} requests (${succeeded} succeeded, the rest refused by ` +
        `the rules), ${kills} kills (${killsMidRequest} with requests in flight), ${cutOff} attempts cut off, ` +
        `${retried} requests retried with their key; the load took ${loadSeconds.toFixed(1)} s\n`,
    );
    for (const instance of instances) await instance.kill();
    await cleanup();
  });

  it(`killed the server ${KILLS} times mid-load and restarted it`, () => {
    expect(loadError).toBeUndefined();
    expect(kills).toBe(KILLS);
    expect(instances.reduce((n, i) => n + i.starts, 0)).toBe(INSTANCES + KILLS);
    // The kills cut requests off: some were retried.
    expect(killsMidRequest).toBe(KILLS);
    expect(cutOff).toBeGreaterThan(0);
    expect(operations.filter((op) => op.attempts > 1).length).toBeGreaterThan(0);
  });

  it('answered every request, none stuck 409 IDEMPOTENCY_IN_PROGRESS after a restart', () => {
    const unanswered = operations.filter((op) => !op.answer).map((op) => `${op.kind} #${op.index}`);
    expect(unanswered).toEqual([]);
    const stuck = operations.filter((op) => op.inProgress > 0).map((op) => `#${op.index} ×${op.inProgress}`);
    expect(stuck).toEqual([]);
    // Refusals are the rules' (not enough Cash, and so on), never a 5xx.
    for (const op of operations) expect(op.answer?.status).toBeLessThan(500);
    expect(operations.filter((op) => op.answer && op.answer.status < 300).length).toBeGreaterThan(
      OPERATIONS / 3,
    );
  });

  it('replays every successful request with its key: the same status and body, marked as a replay', async () => {
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

  it('Cash = opening + ledger for every character and the treasury', async () => {
    for (const id of characterIds) {
      const character = await call('GET', `/v1/campaigns/${campaignId}/characters/${id}`);
      const ledger = await pages(`/v1/campaigns/${campaignId}/characters/${id}/ledger`);
      expect(ledger[0]).toMatchObject({ reason: 'opening', cashDelta: 30 });
      const sum = ledger.reduce((n, e) => n + (e.cashDelta as number), 0);
      expect({ id, cash: character.cash }).toEqual({ id, cash: sum });
      expect(character.cash).toBeGreaterThanOrEqual(0);
    }
    const treasury = await call('GET', `/v1/campaigns/${campaignId}/treasury`);
    const entries = await pages(`/v1/campaigns/${campaignId}/treasury/ledger`);
    expect(treasury.cash).toBe(entries.reduce((n, e) => n + (e.cashDelta as number), 0));
    expect(treasury.cash).toBeGreaterThanOrEqual(0);
  });

  it('has every answered change in the ledgers exactly once: no write lost, none doubled', async () => {
    const answered: string[] = [];
    for (const op of operations) {
      if (!op.answer || op.answer.status >= 300) continue;
      const body = JSON.parse(op.answer.text) as Json;
      if (op.kind === 'transfer') {
        for (const e of [...(body.ledgerEntries as Json[]), ...(body.treasuryEntries as Json[])]) {
          answered.push(e.id as string);
        }
      } else {
        // A roll that gains nothing may write no entry; every entry written must be answered.
        const entry = body.ledgerEntry as Json | null | undefined;
        if (entry) answered.push(entry.id as string);
      }
    }
    const inLedgers: string[] = [];
    for (const id of characterIds) {
      const ledger = await pages(`/v1/campaigns/${campaignId}/characters/${id}/ledger`);
      inLedgers.push(...ledger.filter((e) => e.reason !== 'opening').map((e) => e.id as string));
    }
    const treasury = await pages(`/v1/campaigns/${campaignId}/treasury/ledger`);
    inLedgers.push(...treasury.map((e) => e.id as string).filter((id) => !setupEntries.has(id)));
    expect(new Set(answered).size).toBe(answered.length);
    expect([...inLedgers].sort()).toEqual([...answered].sort());
  });

  it('logs each answered roll once, and every logged roll replays', async () => {
    const answeredRolls = operations
      .filter((op) => op.answer && op.answer.status < 300)
      .map((op) => (JSON.parse(op.answer!.text) as Json).rollId)
      .filter((id): id is string => typeof id === 'string');
    const rolls = await pages(`/v1/campaigns/${campaignId}/rolls`);
    expect(rolls.map((r) => r.id as string).sort()).toEqual([...answeredRolls].sort());
    const mismatched: string[] = [];
    for (const roll of rolls) {
      const replay = await call('GET', `/v1/campaigns/${campaignId}/rolls/${roll.id as string}/replay`);
      if (replay.matches !== true) mismatched.push(roll.id as string);
    }
    expect(mismatched).toEqual([]);
  });
});
