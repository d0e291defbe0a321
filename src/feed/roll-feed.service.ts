import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  EntityManager,
  EntitySubscriberInterface,
  In as AnyOf,
  QueryRunner,
  TransactionCommitEvent,
} from 'typeorm';
import type { Principal } from '../auth/principal';
import { KeyCache } from '../auth/key-cache';
import { encodeCursor } from '../common/pagination';
import { Problem } from '../common/problem';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database.service';
import { RollEntity } from '../database/entities';
import type { Roll } from '../rolls/roll.model';
import { RedisBus } from './redis-bus.service';

export type FeedKind = 'rollLogged' | 'rollRevealed';

/** How a roll looks to a principal (RollsService's view, with its receipt). */
export type RollViewer = (roll: RollEntity, principal: Principal) => Roll;

/**
 * One event as every subscriber of its campaign receives it. A roll has two views at most (sealed or
 * whole), each made and serialised once however many subscribers there are.
 */
export class FeedEvent {
  readonly cursor: string;
  private readonly views = new Map<boolean, FeedView>();

  constructor(
    readonly kind: FeedKind,
    readonly roll: RollEntity,
    private readonly viewer: RollViewer,
  ) {
    this.cursor = encodeCursor([roll.seq]);
  }

  get campaignId(): string {
    return this.roll.campaignId;
  }

  /** The roll as `principal` may see it (see `isSealedFor` in rolls.service.ts). */
  view(principal: Principal): FeedView {
    const sealed = this.roll.secret && !this.roll.revealedAt && principal.role !== 'referee';
    let view = this.views.get(sealed);
    if (!view) {
      const roll = this.viewer(this.roll, principal);
      view = { roll, json: JSON.stringify(roll) };
      this.views.set(sealed, view);
    }
    return view;
  }
}

/** One view of an event's roll; `text` is for the transport that wants it (the SSE frame), made once. */
export interface FeedView {
  roll: Roll;
  json: string;
  text?: string;
}

/** Where a subscriber's events go: an SSE stream or a GraphQL subscription. */
export interface FeedSink {
  /** Takes one event; false when the consumer is too far behind (it is then closed as too slow). */
  deliver(event: FeedEvent): boolean;
  /** Ends the stream, telling the consumer why. */
  close(reason: FeedCloseReason): void;
}

export interface FeedCloseReason {
  code: 'SLOW_CONSUMER' | 'KEY_REVOKED' | 'SHUTTING_DOWN';
  message: string;
}

export interface FeedSubscriber {
  principal: Principal;
  /** The hash of the key's secret, so that a revocation can end the key's streams. */
  secretHash: string;
  kinds: ReadonlySet<FeedKind>;
  sink: FeedSink;
}

interface Pending {
  depth: number;
  kind: FeedKind;
  id: string;
}

const PENDING = 'arbiter:feed:pending';

/** The nesting level of the runner's transaction (1 plain, more inside savepoints); not in TypeORM's types. */
function depthOf(runner: QueryRunner): number {
  return (runner as unknown as { transactionDepth: number }).transactionDepth;
}

/** Rolls one transaction may queue for publication; more are logged and not published live. */
const MAX_PENDING = 10_000;
/** Rolls read back per query after a commit. */
const READ_BATCH = 500;

/**
 * The live roll feed of this process: subscribers by campaign, bounded per key and per process, fed
 * after each commit that logged or revealed rolls, and (with REDIS_URL) by every other instance.
 *
 * Rolls are queued on the transaction's query runner by `RollsService.record`/`reveal` and published
 * only once that transaction commits (a TypeORM transaction subscriber); a rollback drops them. A roll
 * is read back from the database after the commit, so subscribers get exactly what the log holds.
 */
@Injectable()
export class RollFeed implements OnModuleInit, OnModuleDestroy, EntitySubscriberInterface {
  private readonly logger = new Logger(RollFeed.name);
  private readonly campaigns = new Map<string, Set<FeedSubscriber>>();
  private readonly perKey = new Map<string, number>();
  private total = 0;
  private viewer: RollViewer | null = null;
  private publishing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly bus: RedisBus,
    private readonly keyCache: KeyCache,
    private readonly http: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    this.db.dataSource.subscribers.push(this);
    // Nest's first shutdown step: end the streams before Apollo drains the HTTP server, which would
    // otherwise wait (10 s) for every open SSE response.
    const adapter = this.http?.httpAdapter as { beforeClose?: () => unknown } | undefined;
    if (adapter) {
      const before = adapter.beforeClose?.bind(adapter);
      adapter.beforeClose = () => {
        this.endAll();
        return before?.();
      };
    }
    this.bus.on('rolls', (message) => this.receive(message));
    this.bus.on('key-revoked', (message) => {
      if (typeof message.secretHash === 'string') {
        this.keyCache.forgetLocally(message.secretHash);
        this.endKey(message.secretHash);
      }
    });
    this.keyCache.onForget((secretHash) => {
      this.endKey(secretHash);
      this.bus.publish('key-revoked', { secretHash });
    });
  }

  onModuleDestroy(): void {
    this.endAll();
    const index = this.db.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.db.dataSource.subscribers.splice(index, 1);
  }

  /** Ends every stream of this process (shutting down). */
  private endAll(): void {
    for (const set of [...this.campaigns.values()]) {
      for (const subscriber of [...set]) {
        this.remove(subscriber);
        subscriber.sink.close({
          code: 'SHUTTING_DOWN',
          message: 'This instance is shutting down; reconnect.',
        });
      }
    }
  }

  /** Set once by RollsService: how a stored roll looks to a principal. */
  useViewer(viewer: RollViewer): void {
    this.viewer = viewer;
  }

  /** An event of a stored roll (for a replay from the log). */
  event(kind: FeedKind, roll: RollEntity): FeedEvent {
    if (!this.viewer) throw new Error('The roll viewer is not set yet.');
    return new FeedEvent(kind, roll, this.viewer);
  }

  /** Live subscribers in this process. */
  get size(): number {
    return this.total;
  }

  /**
   * Adds a subscriber, or refuses with 429 (this key holds its maximum) or 503 (this process serves
   * its maximum). Returns the function that removes it.
   */
  subscribe(subscriber: FeedSubscriber): () => void {
    const keyId = subscriber.principal.keyId;
    const held = this.perKey.get(keyId) ?? 0;
    if (held >= this.config.FEED_MAX_SUBSCRIBERS_PER_KEY) {
      throw new Problem(
        'RATE_LIMITED',
        `This key already holds ${held} live feeds, the most one key may (FEED_MAX_SUBSCRIBERS_PER_KEY); close one first.`,
      );
    }
    if (this.total >= this.config.FEED_MAX_SUBSCRIBERS) {
      throw new Problem(
        'UNAVAILABLE',
        `This instance serves its maximum of ${this.total} live feeds (FEED_MAX_SUBSCRIBERS); try again later.`,
      );
    }
    const campaignId = subscriber.principal.campaignId;
    let set = this.campaigns.get(campaignId);
    if (!set) {
      set = new Set();
      this.campaigns.set(campaignId, set);
    }
    set.add(subscriber);
    this.perKey.set(keyId, held + 1);
    this.total++;
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.remove(subscriber);
    };
  }

  /** Queues a logged roll for publication once `manager`'s transaction commits (at once without one). */
  logged(manager: EntityManager, roll: RollEntity): void {
    this.queue(manager, 'rollLogged', [roll.id]);
  }

  /** Queues revealed rolls for publication once `manager`'s transaction commits. */
  revealed(manager: EntityManager, rollIds: string[]): void {
    if (rollIds.length > 0) this.queue(manager, 'rollRevealed', rollIds);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const runner = event.queryRunner;
    const pending = runner.data[PENDING] as Pending[] | undefined;
    if (!pending || pending.length === 0) return;
    if (runner.isTransactionActive) {
      // A savepoint was released: its rolls now belong to the enclosing level.
      for (const item of pending) item.depth = Math.min(item.depth, depthOf(runner));
      return;
    }
    runner.data[PENDING] = [];
    this.dispatch(pending);
  }

  afterTransactionRollback(event: { queryRunner: QueryRunner }): void {
    const runner = event.queryRunner;
    const pending = runner.data[PENDING] as Pending[] | undefined;
    if (!pending || pending.length === 0) return;
    // Rolled back to a savepoint: drop what was queued inside it; the whole transaction: drop all.
    runner.data[PENDING] = runner.isTransactionActive
      ? pending.filter((item) => item.depth <= depthOf(runner))
      : [];
  }

  private queue(manager: EntityManager, kind: FeedKind, ids: string[]): void {
    const runner = manager.queryRunner;
    if (!runner || !runner.isTransactionActive) {
      this.dispatch(ids.map((id) => ({ depth: 0, kind, id })));
      return;
    }
    const pending = (runner.data[PENDING] ??= []) as Pending[];
    for (const id of ids) {
      if (pending.length >= MAX_PENDING) {
        this.logger.warn(
          `A transaction logged more than ${MAX_PENDING} rolls; the rest are not published live.`,
        );
        return;
      }
      pending.push({ depth: depthOf(runner), kind, id });
    }
  }

  /** After a commit: reads the rolls back and publishes them here and to the other instances. */
  private dispatch(items: Pending[]): void {
    if (this.total === 0 && !this.bus.enabled) return; // nobody anywhere listens
    // One after the other, so that subscribers get this process's rolls in commit order.
    this.publishing = this.publishing
      .then(() => this.publish(items))
      .catch((error: Error) => this.logger.warn(`Rolls committed but not published live: ${error.message}`));
  }

  private async publish(items: Pending[]): Promise<void> {
    for (let start = 0; start < items.length; start += READ_BATCH) {
      const batch = items.slice(start, start + READ_BATCH);
      const rows = await this.db.manager.find(RollEntity, { where: { id: AnyOf(batch.map((i) => i.id)) } });
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const item of batch) {
        const roll = byId.get(item.id);
        if (!roll) continue;
        this.deliver(item.kind, roll);
        this.bus.publish('rolls', { kind: item.kind, roll });
      }
    }
  }

  /** A roll published by another instance. */
  private receive(message: Record<string, unknown>): void {
    const kind = message.kind;
    const roll = message.roll as RollEntity | undefined;
    if ((kind !== 'rollLogged' && kind !== 'rollRevealed') || !roll || typeof roll.campaignId !== 'string')
      return;
    this.deliver(kind, roll);
  }

  private deliver(kind: FeedKind, roll: RollEntity): void {
    const subscribers = this.campaigns.get(roll.campaignId);
    if (!subscribers || !this.viewer) return;
    const event = new FeedEvent(kind, roll, this.viewer);
    for (const subscriber of [...subscribers]) {
      if (!subscriber.kinds.has(kind)) continue;
      let kept = false;
      try {
        kept = subscriber.sink.deliver(event);
      } catch (error) {
        this.logger.warn(`A live feed subscriber failed: ${(error as Error).message}`);
      }
      if (!kept) {
        this.remove(subscriber);
        subscriber.sink.close({
          code: 'SLOW_CONSUMER',
          message: `This consumer fell more than ${this.config.FEED_QUEUE_LIMIT} events behind and was disconnected; reconnect (with Last-Event-ID on SSE) to catch up from the log.`,
        });
      }
    }
  }

  /** Ends every stream of a revoked key in this process. */
  private endKey(secretHash: string): void {
    for (const set of this.campaigns.values()) {
      for (const subscriber of [...set]) {
        if (subscriber.secretHash !== secretHash) continue;
        this.remove(subscriber);
        subscriber.sink.close({
          code: 'KEY_REVOKED',
          message: 'The key of this live feed has been revoked.',
        });
      }
    }
  }

  private remove(subscriber: FeedSubscriber): void {
    const set = this.campaigns.get(subscriber.principal.campaignId);
    if (!set || !set.delete(subscriber)) return;
    if (set.size === 0) this.campaigns.delete(subscriber.principal.campaignId);
    const keyId = subscriber.principal.keyId;
    const held = (this.perKey.get(keyId) ?? 1) - 1;
    if (held <= 0) this.perKey.delete(keyId);
    else this.perKey.set(keyId, held);
    this.total--;
  }
}
