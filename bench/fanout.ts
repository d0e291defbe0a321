/**
 * Live feed fan-out: 1,000 SSE subscribers of one campaign on loopback, rolls logged at 1 roll/s and
 * then at 50 rolls/s. Reports the p50/p99/max delivery latency (from sending the POST that logs the
 * roll to the event's arrival at each subscriber) and the server's resident memory per subscriber.
 * The server runs in a child process (SQLite in a temporary directory), the subscribers in this one.
 *
 *   npm run bench:fanout                     # build, then run (also the last part of npm run bench)
 *   FANOUT_SUBSCRIBERS=200 FANOUT_SECONDS=5 node dist/bench/fanout.js
 */
import 'reflect-metadata';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppServer } from './app-server';

const SUBSCRIBERS = Number(process.env.FANOUT_SUBSCRIBERS ?? 1000);
const SECONDS = Number(process.env.FANOUT_SECONDS ?? 10);
const RATES = [1, 50];

type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'rss'; bytes: number; cpuMicros: number }
  | { type: 'failed'; message: string };

/** The server child: the real application; answers `rss` with its resident memory after a GC. */
function serveChild(): void {
  startAppServer().then(
    (server) => {
      process.on('message', (message: { type: string }) => {
        if (message.type !== 'rss') return;
        (globalThis as { gc?: () => void }).gc?.();
        const { user, system } = process.cpuUsage();
        process.send?.({ type: 'rss', bytes: process.memoryUsage().rss, cpuMicros: user + system });
      });
      process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
      process.send?.({ type: 'ready', port: server.port });
    },
    (error: unknown) => {
      process.send?.({ type: 'failed', message: String(error) });
      process.exit(1);
    },
  );
}

function post(
  port: number,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: data ? (JSON.parse(data) as Record<string, string>) : {},
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-fanout-'));
  const child = fork(__filename, ['--server'], {
    execArgv: ['--expose-gc'],
    env: {
      ...process.env,
      DATABASE_PATH: join(dir, 'arbiter.sqlite'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      FEED_MAX_SUBSCRIBERS: String(SUBSCRIBERS + 10),
      FEED_MAX_SUBSCRIBERS_PER_KEY: String(SUBSCRIBERS + 10),
    },
  });
  const waiters: ((m: ChildMessage) => void)[] = [];
  child.on('message', (m: ChildMessage) => waiters.shift()?.(m));
  const next = () => new Promise<ChildMessage>((resolve) => waiters.push(resolve));
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`server failed: ${JSON.stringify(ready)}`);
  const port = ready.port;
  const probe = async () => {
    child.send({ type: 'rss' });
    const m = await next();
    return m.type === 'rss' ? m : { bytes: NaN, cpuMicros: NaN };
  };
  const rss = async () => (await probe()).bytes;

  try {
    const campaign = await post(port, '/v1/campaigns', { name: 'Fan-out' });
    const auth = { authorization: `Bearer ${campaign.body.refereeKey as string}` };
    const path = `/v1/campaigns/${campaign.body.id as string}/rolls/stream`;
    // Warm the check route, then measure memory before anyone subscribes.
    for (let i = 0; i < 20; i++)
      await post(port, `/v1/campaigns/${campaign.body.id}/checks/pool`, { pool: 3, objective: 2 }, auth);
    const before = await rss();

    const sent = new Map<string, bigint>();
    const latencies: number[] = [];
    let received = 0;
    const agent = new Agent({ keepAlive: true, maxSockets: SUBSCRIBERS + 10 });
    const seedPattern = /"seed":"(fan-\d+)"/g;
    await Promise.all(
      Array.from(
        { length: SUBSCRIBERS },
        () =>
          new Promise<void>((resolve, reject) => {
            const req = request({ host: '127.0.0.1', port, path, headers: auth, agent }, (res) => {
              if (res.statusCode !== 200) return reject(new Error(`subscriber refused: ${res.statusCode}`));
              res.setEncoding('utf8');
              let pending = '';
              res.on('data', (chunk: string) => {
                const now = process.hrtime.bigint();
                // Only whole events: one may be split across chunks.
                pending += chunk;
                const end = pending.lastIndexOf('\n\n');
                if (end < 0) return;
                const complete = pending.slice(0, end);
                pending = pending.slice(end + 2);
                for (const match of complete.matchAll(seedPattern)) {
                  const start = sent.get(match[1]);
                  if (start === undefined) continue;
                  latencies.push(Number(now - start) / 1e6);
                  received++;
                }
              });
              resolve();
            });
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const subscribed = await rss();

    const results: Record<string, unknown>[] = [];
    let n = 0;
    for (const rate of RATES) {
      latencies.length = 0;
      received = 0;
      const total = rate * SECONDS;
      const serverCpu = (await probe()).cpuMicros;
      const clientCpu = process.cpuUsage();
      const started = Date.now();
      const posts: Promise<unknown>[] = [];
      for (let i = 0; i < total; i++) {
        const due = started + (i * 1000) / rate;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const seed = `fan-${n++}`;
        sent.set(seed, process.hrtime.bigint());
        posts.push(
          post(port, `/v1/campaigns/${campaign.body.id}/checks/pool`, { pool: 4, objective: 2, seed }, auth),
        );
      }
      await Promise.all(posts);
      const expected = total * SUBSCRIBERS;
      const deadline = Date.now() + 10_000;
      while (received < expected && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const wall = (Date.now() - started) * 1000;
      const server = await probe();
      const client = process.cpuUsage(clientCpu);
      const sorted = [...latencies].sort((a, b) => a - b);
      results.push({
        rate: `${rate} roll/s`,
        rolls: total,
        deliveries: `${received}/${expected}`,
        p50ms: Number(percentile(sorted, 50).toFixed(1)),
        p99ms: Number(percentile(sorted, 99).toFixed(1)),
        maxMs: Number(sorted[sorted.length - 1]?.toFixed(1)),
        serverRssMiB: Number((server.bytes / 2 ** 20).toFixed(1)),
        serverCpu: `${Math.round(((server.cpuMicros - serverCpu) / wall) * 100)}%`,
        clientCpu: `${Math.round(((client.user + client.system) / wall) * 100)}%`,
      });
    }
    console.log(`Fan-out to ${SUBSCRIBERS} SSE subscribers on loopback, ${SECONDS} s per rate`);
    console.table(results);
    console.log(
      `Server resident memory: ${(before / 2 ** 20).toFixed(1)} MiB before, ${(subscribed / 2 ** 20).toFixed(1)} MiB ` +
        `with ${SUBSCRIBERS} idle subscribers: ${((subscribed - before) / SUBSCRIBERS / 1024).toFixed(1)} KiB per subscriber`,
    );
    agent.destroy();
  } finally {
    child.disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--server')) serveChild();
else
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
