import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { gql } from '../factories/graphql';

type Line = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A pino destination that keeps every JSON line written to it. */
function capture(): { lines: Line[]; stream: Writable } {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { lines, stream };
}

/** The request log lines of one request id, once its last one (`request completed`) is written. */
async function requestLines(lines: Line[], id: string): Promise<Line[]> {
  for (let i = 0; i < 50; i++) {
    const found = lines.filter((l) => l.reqId === id);
    if (found.some((l) => l.msg === 'request completed')) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return lines.filter((l) => l.reqId === id);
}

describe(`logging through nestjs-pino (${DATABASE_KIND})`, () => {
  describe('at LOG_LEVEL=info', () => {
    let t: TestApp;
    const log = capture();
    beforeAll(async () => {
      t = await startApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    });
    afterAll(() => t.close());

    it("logs a REST request as JSON lines under the caller's x-request-id, without secrets", async () => {
      const res = await t.http
        .post('/v1/checks/pool')
        .set('x-request-id', 'log-rest-1')
        .set('authorization', 'Bearer not-for-logs')
        .set('idempotency-key', 'key-not-for-logs')
        .send({ pool: 3, objective: 2, seed: 'log' })
        .expect(200);
      expect(res.headers['x-request-id']).toBe('log-rest-1');
      const lines = await requestLines(log.lines, 'log-rest-1');
      expect(lines).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'incoming request',
          req: expect.objectContaining({ method: 'POST', url: '/v1/checks/pool' }),
        }),
        expect.objectContaining({
          level: 30,
          msg: 'request completed',
          res: { statusCode: 200 },
          responseTime: expect.any(Number),
        }),
      ]);
      const text = JSON.stringify(lines);
      expect(text).not.toContain('not-for-logs');
    });

    it('gives a request without a usable id a UUID, the same in the answer and the log', async () => {
      const answer = await t.http.get('/health').set('x-request-id', 'spaces are refused').expect(200);
      const id = answer.headers['x-request-id'] as string;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const lines = await requestLines(log.lines, id);
      expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(lines[0].req).toMatchObject({ method: 'GET', url: '/health' });
    });

    it('logs GraphQL requests the same way', async () => {
      const answer = await gql(t.server, '{ poolOdds(dice: 2, objective: 1) { probability } }', undefined, {
        'x-request-id': 'log-graphql-1',
      });
      expect(answer.errors).toBeUndefined();
      const lines = await requestLines(log.lines, 'log-graphql-1');
      expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(lines[0].req).toMatchObject({ method: 'POST', url: '/graphql' });
      expect(lines[1].res).toEqual({ statusCode: 200 });
    });

    it("writes Nest's Logger calls to the same logger as JSON lines with their context, merging a first object", () => {
      const before = log.lines.length;
      new Logger('Probe').log('probe says hello');
      new Logger('Errors').error({ err: new Error('boom'), requestId: 'r-1' }, 'unhandled error');
      const mine = log.lines.slice(before);
      expect(mine).toEqual([
        expect.objectContaining({ level: 30, context: 'Probe', msg: 'probe says hello' }),
        expect.objectContaining({
          level: 50,
          context: 'Errors',
          requestId: 'r-1',
          msg: 'unhandled error',
          err: expect.objectContaining({ message: 'boom', type: 'Error' }),
        }),
      ]);
    });
  });
});
