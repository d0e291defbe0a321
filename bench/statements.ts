/**
 * SQL statements per request of the stateful bench cases: the app is built in this process on a
 * temporary SQLite file (as `app-server.ts` builds it), every case named runs its setup, one
 * unmeasured request, then `STATEMENTS_REQUESTS` requests (default 3) whose statements TypeORM's
 * SQLite query runner executes are counted (BEGIN and COMMIT included) and, with
 * `STATEMENTS_PRINT=1`, printed, with the process's CPU time per request (the app and its client:
 * compare builds with the same client). No load: one request at a time. `STATEMENTS_PROFILE=/tmp/x` also writes a
 * CPU profile of the counted requests; `STATEMENTS_CONCURRENCY=N` keeps N of them in flight at once (`/tmp/x-<case>.cpuprofile`; the client's fetch is in it too).
 * `STATEMENTS_PAGES=1` also counts the WAL frames the counted requests wrote (each a page a commit
 * wrote, which its checkpoint copies back later: what makes one commit dearer than another), by the
 * table or index each page belongs to (SQLite's `dbstat`), overflow pages of long rows apart.
 *
 *   npm run build && node dist/bench/statements.js crafting-roll-idempotent horde-division-idempotent
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Session } from 'node:inspector/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { CASES } from './cases';

/** One case's counts: statements a request (BEGIN and COMMIT included), WAL frames a request when counted. */
export interface StatementCount {
  name: string;
  statementsPerRequest: number;
  /** The most statements one counted request ran. */
  mostInOneRequest: number;
  framesPerRequest?: number;
}

async function main(): Promise<void> {
  await countStatements(process.argv.slice(2), { print: true });
}

/**
 * Runs each named bench case in a fresh app on a temporary SQLite file (its setup, the warm-up,
 * then `STATEMENTS_REQUESTS` counted requests) and answers the statements each request ran;
 * `print` writes what the command line shows. `test/unit/statement-budgets.spec.ts` holds the
 * stateful cases to the counts they have.
 */
export async function countStatements(
  names: readonly string[],
  options: { print?: boolean } = {},
): Promise<StatementCount[]> {
  const print = options.print ? (line: string) => console.log(line) : () => undefined;
  const counts: StatementCount[] = [];
  // Few fixtures: the setups size their bulk (projects, hordes, characters) from these.
  process.env.BENCH_MAX_REQUESTS ??= '8';
  process.env.BENCH_SECONDS ??= '1';
  process.env.BENCH_WARMUP_SECONDS ??= '1';
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-statements-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_PATH: join(dir, 'arbiter.sqlite'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const app = await createApp(config);
  const source = app.get(DataSource);
  const walPath = `${join(dir, 'arbiter.sqlite')}-wal`;
  // Every query runner of the SQLite driver shares this prototype (transactions make their own).
  let counting = false;
  let log: string[] = [];
  const runner = app.get(DataSource).createQueryRunner();
  const prototype = Object.getPrototypeOf(runner) as {
    query: (query: string, ...rest: unknown[]) => Promise<unknown>;
  };
  await runner.release();
  const original = prototype.query;
  // STATEMENTS_TIMES=1 prints the mean time each statement took (sequential requests only).
  const times = new Map<string, { n: number; micros: number }>();
  prototype.query = function counted(this: unknown, query: string, ...rest: unknown[]) {
    if (!counting) return original.call(this, query, ...rest);
    const text = query.replace(/\s+/g, ' ').slice(0, 200);
    log.push(text);
    const started = process.hrtime.bigint();
    const result = original.call(this, query, ...rest);
    const done = () => {
      const entry = times.get(text) ?? { n: 0, micros: 0 };
      entry.n += 1;
      entry.micros += Number(process.hrtime.bigint() - started) / 1000;
      times.set(text, entry);
    };
    void result.then(done, done);
    return result;
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const requests = Number(process.env.STATEMENTS_REQUESTS ?? 3);
  try {
    for (const name of names) {
      const bench = CASES.find((c) => c.name === name);
      if (!bench) throw new Error(`No case ${name}`);
      const state = bench.setup ? await bench.setup(baseUrl) : {};
      const send = async (seq: number) => {
        const request = bench.request(state, seq);
        const response = await fetch(`${baseUrl}${request.path}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        });
        const text = await response.text();
        if (response.status >= 300) throw new Error(`${name}: ${response.status} ${text.slice(0, 300)}`);
      };
      // One unmeasured request, or STATEMENTS_WARMUP of them (the JIT warms up).
      const warmup = Math.max(1, Number(process.env.STATEMENTS_WARMUP ?? 1));
      for (let seq = 0; seq < warmup; seq++) await send(seq);
      const pages = process.env.STATEMENTS_PAGES === '1' ? await walFrames(source, walPath) : undefined;
      log = [];
      counting = true;
      const profile = process.env.STATEMENTS_PROFILE;
      const session = profile ? new Session() : undefined;
      if (session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      const cpu = process.cpuUsage();
      // STATEMENTS_CONCURRENCY=N keeps N requests in flight (as the bench's connections do).
      const concurrency = Math.max(1, Number(process.env.STATEMENTS_CONCURRENCY ?? 1));
      let next = warmup;
      let most = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < warmup + requests) {
            const before = log.length;
            await send(next++);
            // One request at a time (the default), the statements logged meanwhile are its own.
            most = Math.max(most, log.length - before);
          }
        }),
      );
      const used = process.cpuUsage(cpu);
      if (session) {
        const { profile: taken } = await session.post('Profiler.stop');
        writeFileSync(`${profile}-${name}.cpuprofile`, JSON.stringify(taken));
        session.disconnect();
      }
      counting = false;
      const micros = (used.user + used.system) / requests;
      const count: StatementCount = {
        name,
        statementsPerRequest: log.length / requests,
        mostInOneRequest: most,
      };
      counts.push(count);
      print(
        `${name}: ${(log.length / requests).toFixed(1)} statements a request, ` +
          `${micros.toFixed(0)} µs of CPU a request (server and client in this process, one at a time); ` +
          `at most ${most} in one request`,
      );
      if (pages) {
        const counted = await pages.stop();
        const total = [...counted.values()].reduce((sum, n) => sum + n, 0);
        count.framesPerRequest = total / requests;
        print(`  ${(total / requests).toFixed(1)} WAL frames a request (pages written by its commits)`);
        for (const [tree, n] of [...counted].sort((a, b) => b[1] - a[1]))
          print(`  ${(n / requests).toFixed(2).padStart(6)}  ${tree}`);
      }
      if (process.env.STATEMENTS_TIMES === '1') {
        for (const [text, { n, micros }] of [...times].sort((a, b) => b[1].micros - a[1].micros))
          print(`  ${(micros / n).toFixed(0).padStart(6)} µs × ${n}  ${text.slice(0, 110)}`);
        times.clear();
      }
      if (process.env.STATEMENTS_PRINT === '1') {
        for (const line of log.slice(0, Math.ceil(log.length / requests))) print(`  ${line}`);
      }
    }
  } finally {
    prototype.query = original;
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return counts;
}

/**
 * Starts counting WAL frames: checkpoints everything so far and stops automatic checkpoints, so every
 * frame in the WAL afterwards was written by the requests counted. `stop` reads the WAL's valid frames,
 * names each page's b-tree from `dbstat`, and restores automatic checkpoints.
 */
async function walFrames(source: DataSource, walPath: string) {
  const [{ wal_autocheckpoint: every }] = (await source.query('PRAGMA wal_autocheckpoint')) as {
    wal_autocheckpoint: number;
  }[];
  await source.query('PRAGMA wal_autocheckpoint = 0');
  await source.query('PRAGMA wal_checkpoint(TRUNCATE)');
  return {
    stop: async (): Promise<Map<string, number>> => {
      const wal = readFileSync(walPath);
      const owners = new Map<number, string>();
      const rows = (await source.query('SELECT name, pageno, pagetype FROM dbstat')) as {
        name: string;
        pageno: number;
        pagetype: string;
      }[];
      for (const row of rows) {
        owners.set(row.pageno, row.pagetype === 'overflow' ? `${row.name} (overflow)` : row.name);
      }
      const counted = new Map<string, number>();
      if (wal.length >= 32) {
        const pageSize = wal.readUInt32BE(8);
        const salts = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
        for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
          if (wal.readUInt32BE(at + 8) !== salts[0] || wal.readUInt32BE(at + 12) !== salts[1]) break;
          const page = wal.readUInt32BE(at);
          const owner = owners.get(page) ?? (page === 1 ? 'sqlite_schema' : 'free or new pages');
          counted.set(owner, (counted.get(owner) ?? 0) + 1);
        }
      }
      await source.query(`PRAGMA wal_autocheckpoint = ${Number(every)}`);
      return counted;
    },
  };
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
