import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { Problem } from '../common/problem';
import { RedisBus } from './redis-bus.service';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * One fixed window per caller, counted in Redis so every instance spends the same budget: INCR, with
 * the window's expiry set by the first hit, and a block key once the budget is spent. Atomic (one
 * script), so concurrent requests on two instances cannot both take the last slot.
 */
const SCRIPT = `
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then
  local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
  return {hits, redis.call('PTTL', KEYS[1]), blocked}
end
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  return {hits, ttl, tonumber(ARGV[3])}
end
return {hits, ttl, 0}
`;

/**
 * Rate-limit counters shared across instances through Redis. While Redis is unreachable, what
 * RATE_LIMIT_WITHOUT_REDIS says: `local` (the default), each instance counts on its own (the in-memory
 * storage), so limiting degrades to a budget per instance instead of failing; `closed`, rate-limited
 * requests are refused with 503 UNAVAILABLE until Redis answers again.
 */
export class SharedThrottlerStorage implements ThrottlerStorage {
  private readonly local = new ThrottlerStorageService();
  private readonly defined = new WeakSet<object>();

  constructor(
    private readonly bus: RedisBus,
    private readonly withoutRedis: 'local' | 'closed' = 'local',
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const redis = this.bus.client();
    if (redis) {
      try {
        const block = blockDuration > 0 ? blockDuration : ttl;
        if (!this.defined.has(redis)) {
          // EVALSHA with the script's hash (ioredis loads it again after a Redis restart).
          redis.defineCommand('arbiterThrottle', { numberOfKeys: 2, lua: SCRIPT });
          this.defined.add(redis);
        }
        const run = (redis as unknown as { arbiterThrottle: (...args: string[]) => Promise<unknown> })
          .arbiterThrottle;
        const [hits, expires, blocked] = (await run.call(
          redis,
          this.bus.key(`throttle:${key}`),
          this.bus.key(`throttle:${key}:blocked`),
          String(ttl),
          String(limit),
          String(block),
        )) as [number, number, number];
        return {
          totalHits: hits,
          timeToExpire: Math.max(Math.ceil(expires / 1000), 0),
          isBlocked: blocked > 0,
          timeToBlockExpire: Math.max(Math.ceil(blocked / 1000), 0),
        };
      } catch {
        // Redis went away mid-request: as if it were away.
      }
    }
    if (this.withoutRedis === 'closed') {
      throw new Problem(
        'UNAVAILABLE',
        'Rate limits are counted in Redis, which is unreachable; this deployment refuses requests until ' +
          'it is back (RATE_LIMIT_WITHOUT_REDIS=closed). Retry after Retry-After.',
      );
    }
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  onApplicationShutdown(): void {
    this.local.onApplicationShutdown();
  }
}
