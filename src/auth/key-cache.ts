import { Injectable } from '@nestjs/common';
import type { ApiKeyEntity } from '../database/entities';

const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/**
 * Keys looked up by their hash, kept for a few seconds so that a busy bot does not cost a database
 * read per request. A revocation clears its entry in this process at once; other API instances (on
 * a shared PostgreSQL) stop accepting a revoked key within TTL_MS, or at once when they share a Redis
 * (REDIS_URL: the live feed broadcasts revocations). Unknown keys are never cached.
 */
@Injectable()
export class KeyCache {
  private readonly entries = new Map<string, { key: ApiKeyEntity; expires: number }>();
  private readonly listeners: ((secretHash: string) => void)[] = [];

  get(secretHash: string): ApiKeyEntity | undefined {
    const entry = this.entries.get(secretHash);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.key;
    this.entries.delete(secretHash);
    return undefined;
  }

  set(key: ApiKeyEntity): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key.secretHash, { key, expires: Date.now() + TTL_MS });
  }

  /** A revocation: drops the key here and tells the listeners (the feed broadcasts it over Redis). */
  forget(secretHash: string): void {
    this.entries.delete(secretHash);
    for (const listener of this.listeners) listener(secretHash);
  }

  /** A revocation made by another instance: drops the key here only. */
  forgetLocally(secretHash: string): void {
    this.entries.delete(secretHash);
  }

  onForget(listener: (secretHash: string) => void): void {
    this.listeners.push(listener);
  }
}
