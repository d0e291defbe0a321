import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { ParentMessage, ServerMessage } from './ipc';

/** A server the benchmark can load: a compiled script next to this file, forked as a child process. */
export interface ServerDefinition {
  name: string;
  /** File name of the compiled child script, in the same folder as this module (dist/bench). */
  script: string;
  /** Extra environment for the child. */
  env?: Record<string, string>;
}

export interface RunningServer {
  name: string;
  pid: number;
  baseUrl: string;
  /** Set when the child exited before `stopAll` asked it to. */
  exited?: string;
  /** CPU time (user + system, µs) the child has used since it started. */
  cpuMicros: () => Promise<number>;
}

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * Starts server children and guarantees that none outlives the benchmark: `stopAll` ends them
 * politely, `killAllNow` (safe to call from an `exit` handler) ends whatever is left.
 */
export class ServerPool {
  private readonly children = new Map<ChildProcess, RunningServer>();
  private stopping = false;

  async start(definition: ServerDefinition): Promise<RunningServer> {
    const child = fork(join(__dirname, definition.script), [], {
      env: { ...process.env, ...definition.env },
      // BENCH_SERVER_NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`) profiles the servers.
      execArgv: process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const server: RunningServer = {
      name: definition.name,
      pid: child.pid ?? -1,
      baseUrl: '',
      cpuMicros: () =>
        new Promise<number>((resolve, reject) => {
          const onMessage = (message: ServerMessage) => {
            if (message.type !== 'cpu') return;
            child.off('message', onMessage);
            resolve(message.micros);
          };
          child.on('message', onMessage);
          const request: ParentMessage = { type: 'cpu' };
          if (!child.send(request)) {
            child.off('message', onMessage);
            reject(new Error(`${definition.name} cannot be asked for its CPU time`));
          }
        }),
    };
    this.children.set(child, server);
    child.on('exit', (code, signal) => {
      if (!this.stopping) server.exited = `exited with ${signal ?? `code ${code}`}`;
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${definition.name} did not start within ${START_TIMEOUT_MS / 1000} s`)),
          START_TIMEOUT_MS,
        );
        const settle = (action: () => void) => {
          clearTimeout(timer);
          child.removeAllListeners('message');
          action();
        };
        child.on('message', (message: ServerMessage) => {
          if (message.type === 'ready') settle(() => resolve(message.port));
          else if (message.type === 'failed')
            settle(() => reject(new Error(`${definition.name} failed to start:\n${message.message}`)));
        });
        child.once('error', (error) => settle(() => reject(error)));
        child.once('exit', (code, signal) =>
          settle(() =>
            reject(new Error(`${definition.name} exited before listening (${signal ?? `code ${code}`})`)),
          ),
        );
      });
      server.baseUrl = `http://127.0.0.1:${port}`;
      return server;
    } catch (error) {
      this.kill(child);
      throw error;
    }
  }

  /** SIGTERM to every child, then SIGKILL to any still running after a few seconds. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [...this.children.keys()].map(async (child) => {
        if (!isRunning(child)) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, STOP_TIMEOUT_MS);
        });
        await Promise.race([exited, timedOut]);
        clearTimeout(timer);
        this.kill(child);
      }),
    );
    this.children.clear();
  }

  /** Synchronous last resort: SIGKILL to every child still running. */
  killAllNow(): void {
    this.stopping = true;
    for (const child of this.children.keys()) this.kill(child);
  }

  private kill(child: ChildProcess): void {
    if (isRunning(child)) child.kill('SIGKILL');
  }
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}
