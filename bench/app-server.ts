/**
 * The real application, built by `createApp` exactly as `src/main.ts` does, on 127.0.0.1 and an
 * ephemeral port. `run.ts` passes DATABASE_PATH (a temporary SQLite file), LOG_LEVEL=silent and
 * RATE_LIMIT_PER_MINUTE=0 in the environment.
 */
// First: V8 flags must be set before the code they concern is loaded (src/v8-flags.ts).
import '../src/v8-flags';
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { runServerChild } from './ipc';

export async function startAppServer(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig({ ...env, HOST: '127.0.0.1', PORT: '0' });
  const app = await createApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address() as AddressInfo | string | null;
  if (address === null || typeof address === 'string') throw new Error('The application has no TCP port.');
  return { port: address.port, close: () => app.close() };
}

if (require.main === module) runServerChild(() => startAppServer());
