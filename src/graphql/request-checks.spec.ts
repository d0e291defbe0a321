import { HeaderMap } from '@apollo/server';
import { requestChecks } from './graphql.options';

type Listener = {
  willSendResponse(context: unknown): Promise<void>;
};

async function send(singleResult: Record<string, unknown>, status: number, req: object = {}) {
  const plugin = requestChecks(1000) as { requestDidStart(): Promise<Listener> };
  const listener = await plugin.requestDidStart();
  const response = { body: { kind: 'single', singleResult }, http: { status, headers: new HeaderMap() } };
  await listener.willSendResponse({ contextValue: { req }, response });
  return response;
}

describe('requestChecks: the listener every GraphQL request has', () => {
  it('makes an answer with data a 200 even when an error set another status (as @nestjs/apollo did)', async () => {
    const answered = await send({ data: null, errors: [{ message: 'no' }] }, 400);
    expect(answered.http.status).toBe(200);
  });

  it('keeps the status of an answer without data (a parse or validation failure)', async () => {
    const refused = await send({ errors: [{ message: 'bad document' }] }, 400);
    expect(refused.http.status).toBe(400);
  });

  it('marks a replayed mutation with the header and the extensions naming its fields', async () => {
    const replayed = await send({ data: { a: 1 } }, 200, { idempotentReplays: ['a'] });
    expect(replayed.http.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.singleResult.extensions).toEqual({
      idempotentReplayed: true,
      idempotentReplayedFields: ['a'],
    });
    const fresh = await send({ data: { a: 1 } }, 200);
    expect(fresh.http.headers.get('idempotent-replayed')).toBeUndefined();
  });

  it('is one listener, made once', async () => {
    const plugin = requestChecks(1000) as { requestDidStart(): Promise<Listener> };
    expect(await plugin.requestDidStart()).toBe(await plugin.requestDidStart());
  });
});
