import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';

export type BusState = 'disabled' | 'up' | 'down';

type Handler = (message: Record<string, unknown>) => void;

/** How long start-up waits for Redis before it goes on without it (and keeps retrying). */
const CONNECT_WAIT_MS = 2_000;

/**
 * Publish/subscribe between API instances over Redis (REDIS_URL), plus the connection the shared rate
 * limits use. Without REDIS_URL it is disabled and everything stays in this process. When Redis goes
 * away, requests go on: messages to other instances are dropped (and counted), the state turns to
 * `down` (logged once per change, reported by /ready), and ioredis reconnects in the background.
 */
@Injectable()
export class RedisBus implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RedisBus.name);
  /** Messages from this process carry its id, so that it ignores its own echoes. */
  readonly instanceId = randomUUID();
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, Handler>();
  private readonly listeners: Array<(state: BusState) => void> = [];
  private current: BusState;
  private changedAt = new Date().toISOString();
  private announced = false;
  /** Messages not sent to other instances because Redis was unreachable. */
  dropped = 0;

  constructor(private readonly config: AppConfig) {
    this.current = config.REDIS_URL ? 'down' : 'disabled';
  }

  get enabled(): boolean {
    return !!this.config.REDIS_URL;
  }

  get state(): BusState {
    return this.current;
  }

  /** State, since when, and how many messages were dropped (for /ready). */
  status(): { state: BusState; since: string; dropped: number } {
    return { state: this.current, since: this.changedAt, dropped: this.dropped };
  }

  /** Prefix of the keys this deployment keeps in Redis (REDIS_PREFIX). */
  key(name: string): string {
    return `${this.config.REDIS_PREFIX}:${name}`;
  }

  /** The command connection when Redis answers; null when disabled or down. */
  client(): Redis | null {
    return this.publisher && this.publisher.status === 'ready' ? this.publisher : null;
  }

  /** Called on every change of state (`down` when either connection is lost, `up` when both are back). */
  onStateChange(listener: (state: BusState) => void): void {
    this.listeners.push(listener);
  }

  /** Handles messages of other instances on `channel` (one handler a channel). */
  on(channel: string, handler: Handler): void {
    this.handlers.set(channel, handler);
    if (this.subscriber) void this.subscriber.subscribe(this.channel(channel)).catch(() => undefined);
  }

  /** Sends to every other instance; returns false (and counts a drop) when Redis is unreachable. */
  publish(channel: string, message: Record<string, unknown>): boolean {
    const client = this.client();
    if (!client) {
      if (this.enabled) this.dropped++;
      return false;
    }
    client
      .publish(this.channel(channel), JSON.stringify({ ...{}, ...message, origin: this.instanceId }))
      .catch(() => {
        this.dropped++;
      });
    return true;
  }

  async onModuleInit(): Promise<void> {
    const url = this.config.REDIS_URL;
    if (!url) return;
    const options = {
      connectTimeout: CONNECT_WAIT_MS,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
    };
    // Commands fail at once while Redis is away (no queue growing without end); subscriptions are
    // queued by ioredis and made again on every reconnect.
    this.publisher = new Redis(url, { ...{}, ...options, enableOfflineQueue: false, lazyConnect: true });
    this.subscriber = new Redis(url, { ...{}, ...options, lazyConnect: true });
    // Up only when both connections are: a lost subscription loses news as surely as a lost publisher.
    const ready = () => {
      if (this.publisher?.status === 'ready' && this.subscriber?.status === 'ready') this.setState('up');
    };
    this.publisher.on('ready', ready);
    this.subscriber.on('ready', ready);
    this.subscriber.on('close', () => this.setState('down', 'subscription connection closed'));
    this.publisher.on('error', (error: Error) => this.setState('down', error.message));
    this.publisher.on('end', () => this.setState('down', 'connection closed'));
    this.publisher.on('close', () => this.setState('down', 'connection closed'));
    this.subscriber.on('error', () => undefined); // reported once through the publisher
    this.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    for (const channel of this.handlers.keys())
      void this.subscriber.subscribe(this.channel(channel)).catch(() => undefined);
    const connected = Promise.all([this.publisher.connect(), this.subscriber.connect()]).then(
      () => true,
      () => false,
    );
    const timeout = new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(false), CONNECT_WAIT_MS).unref(),
    );
    if (!(await Promise.race([connected, timeout]))) {
      this.setState('down', `no answer from ${redacted(url)} yet; retrying in the background`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const clients = [this.publisher, this.subscriber].filter((c): c is Redis => c !== null);
    this.publisher = null;
    this.subscriber = null;
    await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
  }

  private channel(name: string): string {
    return `${this.config.REDIS_PREFIX}:${name}`;
  }

  private receive(channel: string, text: string): void {
    const handler = this.handlers.get(channel.slice(this.config.REDIS_PREFIX.length + 1));
    if (!handler) return;
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    if (message.origin === this.instanceId) return;
    try {
      handler(message);
    } catch (error) {
      this.logger.warn(`A message on ${channel} could not be handled: ${(error as Error).message}`);
    }
  }

  private setState(state: BusState, reason?: string): void {
    if ((state === this.current && this.announced) || !this.publisher) return;
    this.announced = true;
    this.current = state;
    this.changedAt = new Date().toISOString();
    for (const listener of this.listeners) {
      try {
        listener(state);
      } catch (error) {
        this.logger.warn(`A listener of the Redis state failed: ${(error as Error).message}`);
      }
    }
    if (state === 'up')
      this.logger.log('Redis is reachable: live feed and rate limits are shared across instances.');
    else
      this.logger.warn(
        `Redis is unreachable (${reason ?? 'unknown'}): this instance goes on alone; ` +
          'its feed subscribers catch up from the roll log every FEED_CATCH_UP_MS, and rate limits ' +
          (this.config.RATE_LIMIT_WITHOUT_REDIS === 'closed'
            ? 'refuse requests (RATE_LIMIT_WITHOUT_REDIS=closed) until it is back.'
            : 'count per instance (RATE_LIMIT_WITHOUT_REDIS=local) until it is back.'),
      );
  }
}

function redacted(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
