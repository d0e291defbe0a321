import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  EntityManager,
  EntitySubscriberInterface,
  In as AnyOf,
  MoreThan,
  MoreThanOrEqual,
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
  code: 'SLOW_CONSUMER' | 'KEY_REVOKED' | 'SHUTTING_DOWN' | 'REPLAY_LIMIT';
  message: string;
}

export interface FeedSubscriber {
  principal: Principal;
  /** The hash of the key's secret, so that a revocation can end the key's streams. */
  secretHash: string;
  kinds: ReadonlySet<FeedKind>;
  sink: FeedSink;
  /**
   * The `seq` this subscriber's logged rolls start after (its Last-Event-ID, or the end of the log
   * when it subscribed): logged rolls at or before it are not for it. Undefined: every roll.
   */
  after?: number;
}

/**
 * The feed of one campaign in this process: its subscribers, and what of the log they were offered.
 * Everything of the campaign's log up to `floor` was offered (or came before every subscriber);
 * `offered` holds the rolls offered past it (id → seq), so that a roll that arrives twice (from the
 * bus and from a catch-up read of the log) is delivered once.
 */
interface CampaignFeed {
  subscribers: Set<FeedSubscriber>;
  floor: number;
  offered: Map<string, number>;
  /** Reveals offered lately (roll ids), so that a catch-up does not deliver one twice. */
  revealed: Set<string>;
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
/** Rolls read per query while replaying after a client's last event id. */
const REPLAY_PAGE = 100;
/** Rolls read back per query after a commit. */
const READ_BATCH = 500;
/** Rolls a campaign may have offered past its floor before a catch-up moves the floor (one id query). */
const OFFERED_LIMIT = 2048;
/** Pages of READ_BATCH ids one catch-up reads of a campaign at most. */
const CATCH_UP_PAGES = 20;
/** Reveals remembered per campaign for the catch-up's de-duplication. */
const REVEALED_LIMIT = 1000;
/** How long after Redis is back (or a read failed) the log is still polled, for late peers. */
const CATCH_UP_GRACE_MS = 5_000;

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
  private readonly campaigns = new Map<string, CampaignFeed>();
  private readonly perKey = new Map<string, number>();
  private total = 0;
  private viewer: RollViewer | null = null;
  private publishing: Promise<void> = Promise.resolve();
  /** Polling the log while the bus is down (and a while after), or after a failed read. */
  private catchUpTimer: NodeJS.Timeout | null = null;
  private pollUntil = 0;
  /** Reveals at or after this time are looked for by catch-ups (from when the bus went away). */
  private revealsSince: string | null = null;
  private catchUpQueued = false;

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
    // Another instance's messages came back after it had dropped some: read what they missed.
    this.bus.on('feed-resync', () => this.catchUpSoon());
    this.bus.onStateChange?.((state) => this.busChanged(state));
  }

  /**
   * The bus dropped or came back. Redis only carries news of the roll log: while it is away (and for
   * a few seconds after it returns, for peers that reconnect later) every campaign with subscribers
   * here is caught up from the log each FEED_CATCH_UP_MS; on its return this instance asks the others
   * to catch up too, for the messages it could not send them.
   */
  private busChanged(state: 'disabled' | 'up' | 'down'): void {
    if (state === 'down') {
      this.revealsSince ??= new Date(Date.now() - 2 * this.config.FEED_CATCH_UP_MS).toISOString();
      this.pollUntil = Number.POSITIVE_INFINITY;
      this.catchUpSoon();
    } else if (state === 'up') {
      this.pollUntil = Date.now() + CATCH_UP_GRACE_MS;
      this.catchUpSoon();
      this.bus.publish('feed-resync', {});
    }
  }

  /** Schedules a catch-up of every campaign with subscribers (one at a time, after local publishes). */
  private catchUpSoon(): void {
    if (this.catchUpQueued) return;
    this.catchUpQueued = true;
    this.publishing = this.publishing
      .then(() => {
        this.catchUpQueued = false;
        return this.catchUpAll();
      })
      .catch((error: Error) => {
        this.logger.warn(`The live feed could not catch up from the roll log: ${error.message}`);
        this.pollUntil = Math.max(this.pollUntil, Date.now() + CATCH_UP_GRACE_MS);
      })
      .finally(() => this.schedulePoll());
  }

  private schedulePoll(): void {
    if (this.catchUpTimer || Date.now() >= this.pollUntil) {
      if (Date.now() >= this.pollUntil && this.bus.state !== 'down') this.revealsSince = null;
      return;
    }
    this.catchUpTimer = setTimeout(() => {
      this.catchUpTimer = null;
      this.catchUpSoon();
    }, this.config.FEED_CATCH_UP_MS);
    this.catchUpTimer.unref();
  }

  private async catchUpAll(): Promise<void> {
    for (const [campaignId, campaign] of [...this.campaigns]) {
      if (this.campaigns.get(campaignId) === campaign) await this.catchUp(campaignId, campaign);
    }
  }

  /**
   * Reads the campaign's log past its floor (ids first, whole rolls only for those not offered yet)
   * and delivers what its subscribers missed, in log order; then moves the floor. Within a campaign
   * the log's order is its commit order (see Database.mutation), so everything up to the last seq
   * read is in the log once that seq is.
   */
  private async catchUp(campaignId: string, campaign: CampaignFeed): Promise<void> {
    let floor = campaign.floor;
    for (let page = 0; page < CATCH_UP_PAGES; page++) {
      const ids = await this.db.manager.find(RollEntity, {
        select: { seq: true, id: true },
        where: { campaignId, seq: MoreThan(floor) },
        order: { seq: 'ASC' },
        take: READ_BATCH,
      });
      const missing = ids.filter((row) => !campaign.offered.has(row.id)).map((row) => row.id);
      if (missing.length > 0) {
        const rows = await this.db.manager.find(RollEntity, {
          where: { id: AnyOf(missing) },
          order: { seq: 'ASC' },
        });
        for (const row of rows) this.deliver('rollLogged', row);
      }
      if (ids.length === 0) break;
      floor = ids[ids.length - 1].seq;
      if (ids.length < READ_BATCH) break;
    }
    if (floor > campaign.floor) {
      campaign.floor = floor;
      for (const [id, seq] of campaign.offered) if (seq <= floor) campaign.offered.delete(id);
    }
    if (this.revealsSince) {
      const reveals = await this.db.manager.find(RollEntity, {
        where: { campaignId, revealedAt: MoreThanOrEqual(this.revealsSince) },
        order: { seq: 'ASC' },
        take: READ_BATCH,
      });
      for (const row of reveals) this.deliver('rollRevealed', row);
    }
  }

  /** The `seq` of the campaign's last logged roll (0 for none): where a new subscriber starts. */
  async head(campaignId: string): Promise<number> {
    const last = await this.db.manager.findOne(RollEntity, {
      select: { seq: true },
      where: { campaignId },
      order: { seq: 'DESC' },
    });
    return last?.seq ?? 0;
  }

  /** The `seq` of a roll of the campaign, or null when it has no such roll. */
  async seqOf(campaignId: string, rollId: string): Promise<number | null> {
    const roll = await this.db.manager.findOne(RollEntity, {
      select: { seq: true },
      where: { campaignId, id: rollId },
    });
    return roll?.seq ?? null;
  }

  /**
   * The rolls logged after `seq`, read from the log in order and handed to `each`, at most
   * FEED_REPLAY_LIMIT of them. Returns the seq of the last one, and whether the limit stopped it.
   */
  async replay(
    principal: Principal,
    seq: number,
    each: (event: FeedEvent) => void,
    closed: () => boolean,
  ): Promise<{ last: number; limited: boolean }> {
    const limit = this.config.FEED_REPLAY_LIMIT;
    let cursor = seq;
    let sent = 0;
    while (sent < limit && !closed()) {
      const rows = await this.db.manager.find(RollEntity, {
        where: { campaignId: principal.campaignId, seq: MoreThan(cursor) },
        order: { seq: 'ASC' },
        take: Math.min(REPLAY_PAGE, limit - sent),
      });
      for (const row of rows) each(this.event('rollLogged', row));
      sent += rows.length;
      if (rows.length === 0) break;
      cursor = rows[rows.length - 1].seq;
      if (rows.length < REPLAY_PAGE) break;
    }
    return { last: cursor, limited: sent >= limit };
  }

  onModuleDestroy(): void {
    this.endAll();
    const index = this.db.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.db.dataSource.subscribers.splice(index, 1);
  }

  /** Ends every stream of this process (shutting down). */
  private endAll(): void {
    if (this.catchUpTimer) clearTimeout(this.catchUpTimer);
    this.catchUpTimer = null;
    this.pollUntil = 0;
    for (const campaign of [...this.campaigns.values()]) {
      for (const subscriber of [...campaign.subscribers]) {
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
    let campaign = this.campaigns.get(campaignId);
    if (!campaign) {
      campaign = {
        subscribers: new Set(),
        floor: subscriber.after ?? 0,
        offered: new Map(),
        revealed: new Set(),
      };
      this.campaigns.set(campaignId, campaign);
    }
    campaign.subscribers.add(subscriber);
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
      .catch((error: Error) => {
        // The rolls are in the log: the subscribers here catch up from it once it answers again.
        this.logger.warn(`Rolls committed but not published live yet: ${error.message}`);
        this.pollUntil = Math.max(this.pollUntil, Date.now() + CATCH_UP_GRACE_MS);
        this.schedulePoll();
      });
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
    const campaign = this.campaigns.get(roll.campaignId);
    if (!campaign || !this.viewer) return;
    if (kind === 'rollLogged') {
      // Offered once per campaign, whether it came from a commit here, the bus or the log.
      if (roll.seq <= campaign.floor || campaign.offered.has(roll.id)) return;
      campaign.offered.set(roll.id, roll.seq);
      if (campaign.offered.size > OFFERED_LIMIT) this.catchUpSoon();
    } else {
      if (campaign.revealed.has(roll.id)) return;
      campaign.revealed.add(roll.id);
      if (campaign.revealed.size > REVEALED_LIMIT) {
        campaign.revealed.delete(campaign.revealed.values().next().value as string);
      }
    }
    const event = new FeedEvent(kind, roll, this.viewer);
    for (const subscriber of [...campaign.subscribers]) {
      if (!subscriber.kinds.has(kind)) continue;
      if (kind === 'rollLogged' && subscriber.after !== undefined && roll.seq <= subscriber.after) continue;
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
    for (const campaign of this.campaigns.values()) {
      for (const subscriber of [...campaign.subscribers]) {
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
    const campaign = this.campaigns.get(subscriber.principal.campaignId);
    if (!campaign || !campaign.subscribers.delete(subscriber)) return;
    if (campaign.subscribers.size === 0) this.campaigns.delete(subscriber.principal.campaignId);
    const keyId = subscriber.principal.keyId;
    const held = (this.perKey.get(keyId) ?? 1) - 1;
    if (held <= 0) this.perKey.delete(keyId);
    else this.perKey.set(keyId, held);
    this.total--;
  }
}
