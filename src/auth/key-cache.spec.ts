import { ApiKeyEntity } from '../database/entities';
import { KeyCache } from './key-cache';

const key = (secretHash: string): ApiKeyEntity =>
  Object.assign(new ApiKeyEntity(), {
    id: secretHash,
    secretHash,
    campaignId: 'c',
    role: 'player',
    characterIds: [],
  });

describe(KeyCache.name, () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers a cached key until its few seconds are up', () => {
    const cache = new KeyCache();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(1_000);
    cache.set(key('a'));
    expect(cache.get('a')?.id).toBe('a');
    clock.mockReturnValue(1_000 + 9_999);
    expect(cache.get('a')?.id).toBe('a');
    clock.mockReturnValue(1_000 + 10_000);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets a revoked key at once', () => {
    const cache = new KeyCache();
    cache.set(key('a'));
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays bounded, dropping the oldest entry first', () => {
    const cache = new KeyCache();
    for (let i = 0; i <= 10_000; i++) cache.set(key(`k${i}`));
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k1')?.id).toBe('k1');
    expect(cache.get('k10000')?.id).toBe('k10000');
  });
});
