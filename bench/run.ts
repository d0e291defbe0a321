/**
 * Arbiter benchmark: loads a bare Fastify baseline and the real application (REST, GraphQL and a
 * stateful campaign check) with autocannon, on 127.0.0.1 only, and reports each case's throughput
 * as a ratio to its baseline. See docs/benchmarks.md.
 *
 *   npm run bench                                  # build, then run every case
 *   BENCH_SECONDS=5 node dist/bench/run.js         # shorter runs
 *
 * Environment: BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (10),
 * BENCH_ROUNDS (1; with more, the cases run interleaved that many times and the median counts),
 * BENCH_MAX_REQUESTS (cap on the requests of each run; 100,000 a second of it by default), BENCH_CASES (comma-separated case names;
 * their baselines are added), BENCH_PAIRED (1; 0 measures each domain's baseline only in its own
 * turn: see `addRatios`).
 * Exit code 1 when a server fails to start or dies, a setup or preflight fails, or a case
 * receives non-2xx answers; 0 otherwise (a ratio below its target is reported, not fatal).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { BenchCase, BenchRequest, CASES, CaseState, ServerName } from './cases';
import { RunningServer, ServerDefinition, ServerPool } from './servers';
import { measureSqliteFloor, SqliteFloor } from './sqlite-floor';

interface Settings {
  seconds: number;
  warmupSeconds: number;
  rounds: number;
  connections: number;
  /** Cap on the requests of one run; unset: `MAX_REQUESTS_PER_SECOND` × the run's seconds. */
  maxRequests?: number;
  only?: string[];
  /** Each stateful case's baseline is measured again just before it, every round (BENCH_PAIRED, on). */
  paired: boolean;
}

interface CaseResult {
  name: string;
  description: string;
  server: ServerName;
  request: { method: string; path: string };
  baseline: string | null;
  target: number | null;
  requestsPerSecond: number;
  requestsPerSecondStddev: number;
  /**
   * The server's CPU time (user + system) per request in the measured run (median round): unlike
   * requests/s it does not depend on how much of the shared cores the load generator takes.
   */
  serverCpuMicrosPerRequest: number;
  /** The baseline's CPU per request ÷ this case's: the cost ratio behind `ratio`. */
  cpuRatio: number | null;
  /** Requests/s of each round, in the order run. */
  roundsRequestsPerSecond: number[];
  totalRequests: number;
  durationSeconds: number;
  latencyMs: { mean: number; p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  ratio: number | null;
  /**
   * Paired cases: the baseline's requests/s measured just before this case, each round (the ratio
   * is the median round's ratio of the two); null when the baseline was only measured in its turn.
   */
  pairedBaselineRequestsPerSecond: number[] | null;
  /** The ratio as the baseline's own turn gives it (the median runs of both, measured apart). */
  unpairedRatio: number | null;
  meetsTarget: boolean | null;
}

const RESULTS_FILE = resolve(__dirname, '..', '..', 'bench', 'results', 'latest.json');

/**
 * Unless BENCH_MAX_REQUESTS says otherwise, a run sends at most this many requests a second of its
 * duration: far above what one Node process serves, so the cap bounds the count without ever
 * shortening a run here.
 */
const MAX_REQUESTS_PER_SECOND = 100_000;

function runCap(settings: Settings, seconds: number): number {
  return settings.maxRequests ?? MAX_REQUESTS_PER_SECOND * seconds;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}`);
  return value;
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const only = env.BENCH_CASES?.split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const maxRequests = positiveInt(env, 'BENCH_MAX_REQUESTS', 0, 0);
  return {
    seconds: positiveInt(env, 'BENCH_SECONDS', 10),
    warmupSeconds: positiveInt(env, 'BENCH_WARMUP_SECONDS', 2, 0),
    rounds: positiveInt(env, 'BENCH_ROUNDS', 1),
    connections: positiveInt(env, 'BENCH_CONNECTIONS', 10),
    maxRequests: maxRequests > 0 ? maxRequests : undefined,
    only: only && only.length > 0 ? only : undefined,
    paired: env.BENCH_PAIRED !== '0',
  };
}

/** The selected cases, plus the baselines they are compared with, in the order of `CASES`. */
function selectCases(only: string[] | undefined): BenchCase[] {
  if (!only) return CASES;
  const unknown = only.filter((name) => !CASES.some((c) => c.name === name));
  if (unknown.length > 0) throw new Error(`Unknown case(s): ${unknown.join(', ')}`);
  const wanted = new Set(only);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of CASES) {
      if (wanted.has(c.name) && c.baseline && !wanted.has(c.baseline)) {
        wanted.add(c.baseline);
        grew = true;
      }
    }
  }
  return CASES.filter((c) => wanted.has(c.name));
}

const PURCHASE_CASE = 'character-purchase-idempotent';

/**
 * When the purchase case ran: the SQLite floor of one purchase (see sqlite-floor.ts), and the best
 * ratio to the stateless REST check a purchase could reach: `ceilingRatio` if serving it cost
 * nothing but the floor, `boundRatio` if it cost the floor plus one stateless request
 * (1 / (1 + floor × REST requests/s)), which is still less than a real purchase costs.
 */
async function sqliteFloor(results: CaseResult[], directory: string): Promise<SqliteFloorResult | null> {
  const purchase = results.find((r) => r.name === PURCHASE_CASE);
  if (!purchase) return null;
  const floor = await measureSqliteFloor(directory);
  const rest = results.find((r) => r.name === purchase.baseline);
  const ceilingRatio = rest ? floor.purchasesPerSecondCeiling / rest.requestsPerSecond : null;
  const boundRatio = rest ? 1 / (1 + (floor.microsPerPurchase / 1e6) * rest.requestsPerSecond) : null;
  console.log(
    `bench: SQLite floor of a purchase (its statements, raw and prepared, no HTTP, no ORM): ` +
      `${floor.microsPerPurchase.toFixed(0)} µs, of which the final commit ${floor.microsInCommit.toFixed(0)} µs; ` +
      `at most ${floor.purchasesPerSecondCeiling.toFixed(0)} purchases/s on one core`,
  );
  if (ceilingRatio !== null && boundRatio !== null) {
    console.log(
      `bench: so ${PURCHASE_CASE} cannot pass ${ceilingRatio.toFixed(2)}× ${purchase.baseline} even if serving ` +
        `it cost nothing else, nor ${boundRatio.toFixed(2)}× if it cost the floor plus one stateless request`,
    );
  }
  return { ...floor, ceilingRatio, boundRatio };
}

type SqliteFloorResult = SqliteFloor & { ceilingRatio: number | null; boundRatio: number | null };

function serverDefinitions(databaseDir: string): Record<ServerName, ServerDefinition> {
  const common = { NODE_ENV: 'production' };
  return {
    bare: { name: 'bare Fastify', script: 'bare-server.js', env: common },
    'bare-apollo': { name: 'bare Apollo', script: 'bare-apollo-server.js', env: common },
    app: {
      name: 'Arbiter app',
      script: 'app-server.js',
      env: {
        ...common,
        DATABASE_PATH: join(databaseDir, 'arbiter.sqlite'),
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '0',
      },
    },
  };
}

/** One request with fetch, to prove the case answers 2xx with the expected shape before loading it. */
async function preflight(server: RunningServer, c: BenchCase, request: BenchRequest): Promise<void> {
  const response = await fetch(`${server.baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await response.text();
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${c.name}: preflight answered ${response.status}: ${text.slice(0, 500)}`);
  }
  if (c.verify) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${c.name}: preflight answer is not JSON: ${text.slice(0, 200)}`);
    }
    const complaint = c.verify(body);
    if (complaint) throw new Error(`${c.name}: preflight answer is wrong: ${complaint}`);
  }
}

function loadOptions(
  server: RunningServer,
  c: BenchCase,
  state: CaseState,
  nextSeq: () => number,
  seconds: number,
  settings: Settings,
  title: string,
): autocannon.Options {
  const base: autocannon.Options = {
    url: server.baseUrl,
    title,
    connections: settings.connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    // Every run is bounded in count as well as in time.
    maxOverallRequests: runCap(settings, seconds),
  };
  if (c.perRequest) {
    const setupRequest = (request: autocannon.Request): autocannon.Request => ({
      ...request,
      ...c.request(state, nextSeq()),
    });
    return { ...base, requests: [{ setupRequest }] };
  }
  return { ...base, requests: [{ ...c.request(state, nextSeq()) }] };
}

interface PreparedCase {
  case: BenchCase;
  server: RunningServer;
  state: CaseState;
  nextSeq: () => number;
  /** The preflight request: what the table and the JSON report as this case's method and path. */
  first: BenchRequest;
}

/** Setup step (once per case), then one preflight request that must answer 2xx with the right shape. */
async function prepareCase(server: RunningServer, c: BenchCase): Promise<PreparedCase> {
  const state: CaseState = c.setup ? await c.setup(server.baseUrl) : {};
  let seq = 0;
  const nextSeq = () => seq++;
  const first = c.request(state, nextSeq());
  await preflight(server, c, first);
  return { case: c, server, state, nextSeq, first };
}

/**
 * Requests per second over the whole run (all requests ÷ its duration), which stays right when a
 * run stops early at the request cap; autocannon's own mean averages whole-second samples.
 */
function rate(result: autocannon.Result): number {
  return result.requests.total / Math.max(elapsedSeconds(result), 1e-3);
}

/** The run's length from its start and finish times (autocannon's `duration` is whole seconds). */
function elapsedSeconds(result: autocannon.Result): number {
  return (new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000;
}

interface Run {
  result: autocannon.Result;
  cpuMicrosPerRequest: number;
}

/** Warm-up (discarded), then the measured run, with the server's CPU time over it. */
async function measure(prepared: PreparedCase, settings: Settings): Promise<Run> {
  const { case: c, server, state, nextSeq } = prepared;
  if (settings.warmupSeconds > 0) {
    await autocannon(
      loadOptions(server, c, state, nextSeq, settings.warmupSeconds, settings, `${c.name} warm-up`),
    );
  }
  const options = loadOptions(server, c, state, nextSeq, settings.seconds, settings, c.name);
  const before = await server.cpuMicros();
  const result = await autocannon(options);
  const after = await server.cpuMicros();
  return { result, cpuMicrosPerRequest: (after - before) / Math.max(result.requests.total, 1) };
}

/**
 * One case's figures. With several rounds, the run with the median requests/s stands for the case
 * (its latency included); non-2xx answers, errors and timeouts are summed over every round.
 */
function summarise(prepared: PreparedCase, measured: Run[]): CaseResult {
  const { case: c, first } = prepared;
  const runs = measured.map((m) => m.result);
  const sorted = [...runs].sort((x, y) => rate(x) - rate(y));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const cpus = measured.map((m) => m.cpuMicrosPerRequest).sort((x, y) => x - y);
  const sum = (pick: (r: autocannon.Result) => number) => runs.reduce((total, r) => total + pick(r), 0);
  return {
    name: c.name,
    description: c.description,
    server: c.server,
    request: { method: first.method, path: first.path },
    baseline: c.baseline ?? null,
    target: c.target ?? null,
    requestsPerSecond: rate(median),
    requestsPerSecondStddev: median.requests.stddev,
    serverCpuMicrosPerRequest: cpus[Math.floor((cpus.length - 1) / 2)],
    cpuRatio: null,
    roundsRequestsPerSecond: runs.map(rate),
    totalRequests: sum((r) => r.requests.total),
    durationSeconds: sum(elapsedSeconds),
    latencyMs: {
      mean: median.latency.mean,
      p50: median.latency.p50,
      p99: median.latency.p99,
      max: median.latency.max,
    },
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    ratio: null,
    pairedBaselineRequestsPerSecond: null,
    unpairedRatio: null,
    meetsTarget: null,
  };
}

function statusCodes(runs: autocannon.Result[]): string {
  const counts = new Map<string, number>();
  for (const run of runs) {
    for (const [code, stat] of Object.entries(run.statusCodeStats ?? {})) {
      counts.set(code, (counts.get(code) ?? 0) + (stat.count ?? 0));
    }
  }
  return [...counts].map(([code, count]) => `${code}×${count}`).join(', ');
}

/** The lower median, as `summarise` picks its round. */
function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Ratios to the baselines, each the median round's ratio (with the round's own runs: the load
 * generator and the machine drift over a run by more than the ratios differ). A paired case (a
 * domain's mutation) is compared with its baseline measured just before it in that round; otherwise
 * the baseline's own turn of the round counts (the stateless checks follow their bare servers). The
 * ratio of the two cases' median runs is kept as `unpairedRatio`.
 */
function addRatios(
  results: CaseResult[],
  roundRuns: Map<string, Run[]>,
  pairs: Map<string, { cases: Run[]; baselines: Run[] }>,
): void {
  for (const r of results) {
    const baseline = results.find((b) => b.name === r.baseline);
    if (!baseline || baseline.requestsPerSecond <= 0) continue;
    r.unpairedRatio = r.requestsPerSecond / baseline.requestsPerSecond;
    const pair = pairs.get(r.name);
    const own = roundRuns.get(r.name) ?? [];
    const theirs = roundRuns.get(baseline.name) ?? [];
    const [cases, baselines] =
      pair && pair.baselines.length === pair.cases.length && pair.cases.length > 0
        ? [pair.cases, pair.baselines]
        : own.length === theirs.length && own.length > 0
          ? [own, theirs]
          : [[], []];
    if (pair && cases === pair.cases)
      r.pairedBaselineRequestsPerSecond = pair.baselines.map((b) => rate(b.result));
    if (cases.length > 0) {
      r.ratio = median(cases.map((c, i) => rate(c.result) / rate(baselines[i].result)));
      r.cpuRatio = median(cases.map((c, i) => baselines[i].cpuMicrosPerRequest / c.cpuMicrosPerRequest));
    } else {
      r.ratio = r.unpairedRatio;
      r.cpuRatio = baseline.serverCpuMicrosPerRequest / r.serverCpuMicrosPerRequest;
    }
    r.meetsTarget = r.target === null ? null : r.ratio >= r.target;
  }
}

function printTable(results: CaseResult[]): void {
  const rows = results.map((r) => [
    r.name,
    r.requestsPerSecond.toFixed(0),
    r.latencyMs.p99.toFixed(1),
    r.serverCpuMicrosPerRequest.toFixed(0),
    String(r.non2xx),
    String(r.errors),
    r.ratio === null ? '—' : `${r.ratio.toFixed(2)}× ${r.baseline}`,
    r.cpuRatio === null ? '—' : `${r.cpuRatio.toFixed(2)}×`,
    r.target === null
      ? r.baseline
        ? 'informative'
        : '—'
      : `≥ ${r.target.toFixed(2)} ${r.meetsTarget ? 'ok' : 'BELOW'}`,
  ]);
  const header = [
    'case',
    'req/s (mean)',
    'p99 (ms)',
    'CPU µs/req',
    'non-2xx',
    'errors',
    'ratio vs baseline',
    'CPU ratio',
    'target',
  ];
  const numeric = [false, true, true, true, true, true, false, true, false];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (numeric[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
  console.log('');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
}

async function writeResults(
  settings: Settings,
  results: CaseResult[],
  floor: SqliteFloorResult | null,
  failures: string[],
): Promise<void> {
  mkdirSync(resolve(RESULTS_FILE, '..'), { recursive: true });
  const cpu = cpus()[0];
  const document = {
    generatedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
    environment: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: availableParallelism(),
      cpuModel: cpu?.model ?? null,
      note: 'load generator and servers share these cores',
    },
    settings: {
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
      rounds: settings.rounds,
      connections: settings.connections,
      pipelining: 1,
      maxRequests: settings.maxRequests ?? `${MAX_REQUESTS_PER_SECOND} × seconds`,
    },
    cases: results,
    sqliteFloor: floor,
    failures,
  };
  writeFileSync(RESULTS_FILE, await formatJson(document));
}

/** JSON as the repository's Prettier settings would write it, so `npm run format:check` stays green. */
async function formatJson(value: unknown): Promise<string> {
  const raw = `${JSON.stringify(value, null, 2)}\n`;
  try {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(RESULTS_FILE)) ?? {};
    return await prettier.format(raw, { ...options, filepath: RESULTS_FILE });
  } catch {
    return raw; // Prettier is a dev dependency; the plain JSON is just as valid
  }
}

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const cases = selectCases(settings.only);
  const databaseDir = mkdtempSync(join(tmpdir(), 'arbiter-bench-'));
  const pool = new ServerPool();
  const cleanUp = () => {
    pool.killAllNow();
    rmSync(databaseDir, { recursive: true, force: true });
  };
  process.once('exit', cleanUp);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal}, stopping the servers`);
      cleanUp();
      process.exit(130);
    });
  }

  const failures: string[] = [];
  const results: CaseResult[] = [];
  try {
    const definitions = serverDefinitions(databaseDir);
    const servers = new Map<ServerName, RunningServer>();
    for (const name of new Set(cases.map((c) => c.server))) {
      try {
        const server = await pool.start(definitions[name]);
        servers.set(name, server);
        console.log(`bench: ${server.name} listening on ${server.baseUrl} (pid ${server.pid})`);
      } catch (error) {
        console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      }
    }
    console.log(
      `bench: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ` +
        `${settings.seconds} s per case, ${settings.rounds} round(s), ` +
        `${availableParallelism()} CPU(s) shared with the load generator`,
    );

    const prepared: PreparedCase[] = [];
    for (const c of cases) {
      const server = servers.get(c.server);
      if (!server || server.exited) {
        failures.push(
          `${c.name}: ${server?.name ?? c.server} is not running (${server?.exited ?? 'not started'})`,
        );
        continue;
      }
      try {
        prepared.push(await prepareCase(server, c));
      } catch (error) {
        failures.push(`${c.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }

    const runs = new Map<PreparedCase, Run[]>(prepared.map((p) => [p, []]));
    // A domain's mutation, whose baseline is a stateful case of the same server (the purchase, itself
    // compared with the same server's stateless check), has that baseline measured again just before
    // it, every round.
    const pairedWith = (p: PreparedCase): PreparedCase | undefined => {
      if (!settings.paired) return undefined;
      const b = prepared.find((q) => q.case.name === p.case.baseline);
      const beyond = CASES.find((c) => c.name === b?.case.baseline);
      return b && b.server === p.server && beyond?.server === b.case.server ? b : undefined;
    };
    const pairs = new Map<string, { cases: Run[]; baselines: Run[] }>();
    for (let round = 1; round <= settings.rounds; round++) {
      for (const p of prepared) {
        const label =
          settings.rounds > 1 ? `${p.case.name} (round ${round}/${settings.rounds})` : p.case.name;
        if (!runs.has(p)) continue;
        if (p.server.exited) {
          failures.push(`${label}: ${p.server.name} ${p.server.exited}`);
          runs.delete(p);
          continue;
        }
        const partner = pairedWith(p);
        let pairedRun: Run | undefined;
        if (partner) {
          process.stdout.write(`bench: ${partner.case.name} before ${label} … `);
          try {
            pairedRun = await measure(partner, settings);
            console.log(`${rate(pairedRun.result).toFixed(0)} req/s`);
          } catch (error) {
            console.log('failed');
            failures.push(
              `${partner.case.name} before ${label}: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
        process.stdout.write(`bench: ${label} … `);
        try {
          const run = await measure(p, settings);
          runs.get(p)?.push(run);
          if (pairedRun) {
            const pair = pairs.get(p.case.name) ?? { cases: [], baselines: [] };
            pair.cases.push(run);
            pair.baselines.push(pairedRun);
            pairs.set(p.case.name, pair);
          }
          console.log(
            `${rate(run.result).toFixed(0)} req/s, ${run.cpuMicrosPerRequest.toFixed(0)} µs server CPU a request`,
          );
          if (p.server.exited) failures.push(`${label}: ${p.server.name} ${p.server.exited} during the run`);
          const cap = runCap(settings, settings.seconds);
          if (run.result.requests.total >= cap) {
            // autocannon then idles until its next one-second tick, so the rate would be wrong.
            failures.push(
              `${label}: stopped at the cap of ${cap} requests before its ${settings.seconds} s; ` +
                'raise BENCH_MAX_REQUESTS or shorten BENCH_SECONDS',
            );
          }
        } catch (error) {
          console.log('failed');
          failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
          runs.delete(p);
        }
      }
    }
    for (const [p, caseRuns] of runs) {
      if (caseRuns.length === 0) continue;
      const summary = summarise(p, caseRuns);
      results.push(summary);
      if (summary.non2xx > 0) {
        failures.push(
          `${p.case.name}: ${summary.non2xx} non-2xx answers (${statusCodes(caseRuns.map((r) => r.result))})`,
        );
      }
    }

    addRatios(results, new Map([...runs].map(([p, caseRuns]) => [p.case.name, caseRuns])), pairs);
    printTable(results);
    const floor = await sqliteFloor(results, databaseDir);
    await writeResults(settings, results, floor, failures);
    console.log(`bench: results written to ${RESULTS_FILE}`);
    for (const r of results) {
      if (r.meetsTarget === false) {
        console.warn(
          `bench: ${r.name} is ${r.ratio?.toFixed(2)}× ${r.baseline}, below its ${r.target} target`,
        );
      }
    }
    for (const failure of failures) console.error(`bench: FAILED ${failure}`);
    return failures.length > 0 ? 1 : 0;
  } finally {
    await pool.stopAll();
    rmSync(databaseDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
