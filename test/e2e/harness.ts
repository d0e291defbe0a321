import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { record, ResponseContract } from './response-contract';

/** Which database this run uses: SQLite unless TEST_DATABASE_URL names a PostgreSQL server. */
export const DATABASE_KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  http: ReturnType<typeof request>;
  server: Parameters<typeof request>[0];
  close(): Promise<void>;
}

/**
 * The whole application on a database of its own: a fresh SQLite file, or a fresh PostgreSQL schema
 * (so test files can run in parallel against one server). Logging is off (test/e2e/logging.e2e-spec.ts
 * turns it on into `logStream`); rate limiting is off unless a test turns it on.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: { logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const settings: Record<string, string> = { LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' };
  let cleanup = async () => undefined as void;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    Object.assign(settings, { DATABASE_URL: url, DATABASE_SCHEMA: schema });
    cleanup = async () => {
      const dropper = new Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
      await dropper.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-e2e-'));
    settings.DATABASE_PATH = join(dir, 'arbiter.sqlite');
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const config = loadConfig({ ...settings, ...env });
  const app = await createApp(config, { logStream: options.logStream });
  const fastify = app.getHttpAdapter().getInstance();
  // Every answer is checked against the served OpenAPI document (see response-contract.ts).
  const checker: { contract?: ResponseContract } = {};
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const contract = checker.contract;
    if (contract && request.method !== 'HEAD' && (typeof payload === 'string' || payload == null)) {
      const route = request.routeOptions.url;
      const where = `${request.method} ${request.url} → ${reply.statusCode}`;
      try {
        record(
          where,
          contract.check({
            method: request.method,
            route,
            status: reply.statusCode,
            contentType: reply.getHeader('content-type') as string | undefined,
            body: payload ?? '',
          }),
        );
      } catch (error) {
        record(where, `the check itself failed: ${(error as Error).message}`);
      }
    } else if (contract) {
      record('', undefined);
    }
    done(null, payload);
  });
  await fastify.ready();
  const served = await fastify.inject({ method: 'GET', url: '/openapi.json' });
  checker.contract = await ResponseContract.of(served.body);
  const server = app.getHttpServer();
  return {
    app,
    config,
    server,
    http: request(server),
    async close() {
      await app.close();
      await cleanup();
    },
  };
}
