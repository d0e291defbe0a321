import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root (this file is clients/typescript/test/). */
export const ROOT = resolve(__dirname, '..', '..', '..');
const MAIN = join(ROOT, 'dist', 'src', 'main.js');

export interface RunningArbiter {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  port: number;
  /** What the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** True when dist/src/main.js is missing or older than a source of the server. */
function stale(): boolean {
  const sources = Math.max(newestSource(join(ROOT, 'src')), newestSource(join(ROOT, 'migrations')));
  return !existsSync(MAIN) || statSync(MAIN).mtimeMs < sources;
}

/**
 * Builds the server (`tsc -p tsconfig.build.json`, as `npm run build`) when dist/ is missing or older
 * than the sources, so that these tests never run against stale code. Suites run in parallel: a lock
 * directory lets one of them build while the others wait for it.
 */
export function ensureBuilt(): void {
  if (!stale()) return;
  const lock = join(
    tmpdir(),
    `arbiter-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`,
  );
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // another suite is building; a lock older than five minutes was left by a killed run
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 300_000) rmSync(lock, { force: true, recursive: true });
      Atomics.wait(pause, 0, 0, 200);
    }
  }
  try {
    if (!stale()) return;
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (!existsSync(MAIN)) {
      throw new Error(`could not build the server (npm run build):\n${built.stdout}\n${built.stderr}`);
    }
  } finally {
    rmSync(lock, { force: true, recursive: true });
  }
}

/** How long a suite may spend starting the server (building it first when dist/ is stale). */
export const START_TIMEOUT_MS = 180_000;

export async function startArbiter(env: Record<string, string> = {}): Promise<RunningArbiter> {
  ensureBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'arbiter-client-test-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: join(dataDir, 'arbiter.sqlite'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never let the server outlive the test process, even when a timed-out setup forgot it.
  const reap = () => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', reap);
  child.once('exit', () => process.removeListener('exit', reap));
  child.unref();
  (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited with ${code ?? signal}`));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`Arbiter ${exited} before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Arbiter was not ready on ${baseUrl} within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, port, output: () => output, stop };
}
