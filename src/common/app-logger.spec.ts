import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import pino from 'pino';
import { AppLogger } from './app-logger';

function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: new AppLogger(pino({ level }, stream)) };
}

describe('AppLogger', () => {
  afterEach(() => Logger.overrideLogger(false));

  it('writes Nest Logger calls as pino lines with their context, merging a first object', async () => {
    const { lines, logger } = capture();
    Logger.overrideLogger(logger);
    const errors = new Logger('Errors');
    errors.error({ err: new Error('boom'), requestId: 'r-1' }, 'unhandled error');
    new Logger('Start').log('listening');
    errors.error('plain', 'the stack');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatchObject({
      level: 50,
      context: 'Errors',
      requestId: 'r-1',
      msg: 'unhandled error',
      err: { message: 'boom', type: 'Error' },
    });
    expect(lines[1]).toMatchObject({ level: 30, context: 'Start', msg: 'listening' });
    expect(lines[2]).toMatchObject({ level: 50, context: 'Errors', msg: 'plain', stack: 'the stack' });
  });

  it('writes nothing below its level', () => {
    const { lines, logger } = capture('silent');
    logger.error('never');
    expect(lines).toEqual([]);
  });
});
