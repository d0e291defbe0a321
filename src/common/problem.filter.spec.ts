import { ArgumentsHost, BadRequestException, Logger } from '@nestjs/common';
import { RuleError } from '../core/errors';
import { Problem } from './problem';
import { classify, ProblemFilter } from './problem.filter';

function httpHost() {
  const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
  const reply = {
    getHeader: (name: string) => sent.headers[name],
    header(name: string, value: string) {
      sent.headers[name] = value;
      return reply;
    },
    status(code: number) {
      sent.status = code;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => ({ id: 'req-1', url: '/v1/x?y=1' }) }),
  } as unknown as ArgumentsHost;
  return { host, sent };
}

describe(ProblemFilter.name, () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers an unknown error with a logged 500 carrying the request id, never a 404', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { host, sent } = httpHost();
    new ProblemFilter().catch(new TypeError('boom'), host);
    expect(sent.status).toBe(500);
    expect(sent.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(sent.body).toMatchObject({ status: 500, code: 'INTERNAL', requestId: 'req-1', instance: '/v1/x' });
    expect(JSON.stringify(sent.body)).not.toContain('boom');
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('maps known errors to their status and code', () => {
    expect(classify(new Problem('NO_SESSION_IN_PROGRESS', 'x'))).toMatchObject({ status: 409 });
    expect(classify(new RuleError('DICE_LIMIT_EXCEEDED', 'x', 'pool'))).toMatchObject({
      status: 422,
      errors: [{ field: 'pool', message: 'x' }],
    });
    expect(classify(new RuleError('SOMETHING_NEW', 'x'))).toMatchObject({ status: 422 });
    expect(classify(new BadRequestException('x'))).toMatchObject({ status: 400, code: 'MALFORMED_REQUEST' });
    expect(classify({ statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE', message: 'big' })).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });
});
