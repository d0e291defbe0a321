import { Problem } from '../common/problem';
import { loadConfig } from '../config/app-config';
import type { RedisBus } from './redis-bus.service';
import { SharedThrottlerStorage } from './shared-throttler.storage';

/** A bus whose Redis is unreachable (client() is null while it is away). */
const away = { client: () => null, key: (name: string) => `t:${name}` } as unknown as RedisBus;

describe('rate limits while Redis is unreachable (RATE_LIMIT_WITHOUT_REDIS)', () => {
  it('local (the default): each instance counts its own budget', async () => {
    const storage = new SharedThrottlerStorage(away);
    const hits: number[] = [];
    for (let i = 0; i < 3; i++) hits.push((await storage.increment('k', 60_000, 2, 0, 'default')).totalHits);
    expect(hits).toEqual([1, 2, 3]);
    const last = await storage.increment('k', 60_000, 2, 0, 'default');
    expect(last.isBlocked).toBe(true);
    storage.onApplicationShutdown();
  });

  it('closed: refuses with 503 UNAVAILABLE naming Redis and the setting', async () => {
    const storage = new SharedThrottlerStorage(away, 'closed');
    const refusal = storage.increment('k', 60_000, 2, 0, 'default');
    await expect(refusal).rejects.toBeInstanceOf(Problem);
    await expect(refusal).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    await expect(refusal).rejects.toThrow(/Redis.*RATE_LIMIT_WITHOUT_REDIS=closed/);
    storage.onApplicationShutdown();
  });

  it('is a setting: local or closed, anything else refused at start', () => {
    expect(loadConfig({}).RATE_LIMIT_WITHOUT_REDIS).toBe('local');
    expect(loadConfig({ RATE_LIMIT_WITHOUT_REDIS: 'closed' }).RATE_LIMIT_WITHOUT_REDIS).toBe('closed');
    expect(() => loadConfig({ RATE_LIMIT_WITHOUT_REDIS: 'open' })).toThrow(/RATE_LIMIT_WITHOUT_REDIS/);
  });
});
