import { Args, Context, ID, Resolver, Subscription } from '@nestjs/graphql';
import { SkipThrottle } from '@nestjs/throttler';
import { GraphQLError } from 'graphql';
import { CurrentPrincipal, Principal } from '../auth/principal';
import { bearerToken, hashSecret } from '../auth/keys';
import type { GraphQLContext } from '../common/request-context';
import { AppConfig } from '../config/app-config';
import { Roll } from '../rolls/roll.model';
import { encodeCursor } from '../common/pagination';
import { Problem } from '../common/problem';
import {
  FeedCloseReason,
  FeedEvent,
  FeedKind,
  FeedSink,
  FeedSubscriber,
  RollFeed,
} from './roll-feed.service';
import { cursorSeq } from './sse.service';

type Item = { roll: Roll } | { end: FeedCloseReason };

/**
 * A subscription's events as an async iterator with a bounded queue. graphql-ws pulls the next event
 * once the previous one is on the socket; a consumer that lets FEED_QUEUE_LIMIT events pile up is
 * ended with an error saying so.
 */
export class SubscriptionStream implements FeedSink, AsyncIterableIterator<Item> {
  private readonly queue: Item[] = [];
  private waiting: ((result: IteratorResult<Item>) => void) | null = null;
  private done = false;
  /** Live events wait here while the rolls after the client's last event id are replayed. */
  private backlog: FeedEvent[] | null = null;
  private readonly sent = new Set<string>();
  unsubscribe: () => void = () => undefined;

  constructor(
    private readonly principal: Principal,
    private readonly limit: number,
  ) {}

  isClosed(): boolean {
    return this.done;
  }

  /** Holds live events back until `goLive` (while the log is replayed). */
  holdLive(): void {
    this.backlog ??= [];
  }

  /** A roll of the log replayed after the client's last event id. */
  replayed(event: FeedEvent): void {
    if (this.done) return;
    this.sent.add(event.roll.id);
    this.push({ roll: event.view(this.principal).roll });
  }

  /** The replay is over: the live events that arrived meanwhile follow, each once. */
  goLive(): void {
    const backlog = this.backlog ?? [];
    this.backlog = null;
    for (const event of backlog) {
      if (event.kind === 'rollLogged' && this.sent.has(event.roll.id)) continue;
      if (!this.deliver(event)) return;
    }
    this.sent.clear();
  }

  deliver(event: FeedEvent): boolean {
    if (this.done) return true;
    if (this.backlog) {
      if (this.backlog.length >= this.limit) return false;
      this.backlog.push(event);
      return true;
    }
    const item = { roll: event.view(this.principal).roll };
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value: item, done: false });
      return true;
    }
    if (this.queue.length >= this.limit) return false;
    this.queue.push(item);
    return true;
  }

  close(reason: FeedCloseReason): void {
    if (this.done) return;
    this.queue.length = 0;
    this.push({ end: reason });
  }

  next(): Promise<IteratorResult<Item>> {
    const item = this.queue.shift();
    if (item) return Promise.resolve({ value: item, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  return(): Promise<IteratorResult<Item>> {
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<Item>> {
    this.finish();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<Item> {
    return this;
  }

  private push(item: Item): void {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value: item, done: false });
    } else this.queue.push(item);
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.unsubscribe();
    this.queue.length = 0;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value: undefined, done: true });
    }
  }
}

/** The end of a stream becomes a GraphQL error with its code; then the subscription completes. */
export function resolveItem(item: Item): Roll {
  if ('end' in item) {
    throw new GraphQLError(item.end.message, { extensions: { code: item.end.code } });
  }
  return item.roll;
}

/**
 * Live roll subscriptions over graphql-ws on /graphql (key in connection_init, see FeedSockets).
 * Rate limiting does not apply to them; they count against the feed's subscriber limits instead.
 */
@SkipThrottle()
@Resolver()
export class FeedResolver {
  constructor(
    private readonly feed: RollFeed,
    private readonly config: AppConfig,
  ) {}

  @Subscription(() => Roll, {
    description:
      'Every roll logged in the campaign from now on (or after lastEventId), as this key may see it (a secret ' +
      'roll arrives sealed for keys other than the referee’s). To resume after a disconnect, subscribe ' +
      'again with the id of the last roll received.',
    resolve: resolveItem,
  })
  rollLogged(
    @Args('campaignId', { type: () => ID }) _campaignId: string,
    @CurrentPrincipal() principal: Principal,
    @Context() ctx: GraphQLContext,
    @Args('lastEventId', {
      type: () => ID,
      nullable: true,
      description:
        'The id of the last roll this client received (or an SSE event id): the rolls logged after it are ' +
        'sent first, read from the log (at most FEED_REPLAY_LIMIT), then the live ones; each once.',
    })
    lastEventId?: string | null,
  ): Promise<AsyncIterableIterator<Item>> {
    return this.open(principal, ctx, 'rollLogged', lastEventId);
  }

  @Subscription(() => Roll, {
    description: 'Every secret roll of the campaign the referee reveals from now on, whole.',
    resolve: resolveItem,
  })
  rollRevealed(
    @Args('campaignId', { type: () => ID }) _campaignId: string,
    @CurrentPrincipal() principal: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<AsyncIterableIterator<Item>> {
    return this.open(principal, ctx, 'rollRevealed');
  }

  private async open(
    principal: Principal,
    ctx: GraphQLContext,
    kind: FeedKind,
    lastEventId?: string | null,
  ): Promise<AsyncIterableIterator<Item>> {
    const stream = new SubscriptionStream(principal, this.config.FEED_QUEUE_LIMIT);
    const secretHash = hashSecret(bearerToken(ctx.req.headers.authorization) ?? '');
    if (kind === 'rollRevealed') {
      stream.unsubscribe = this.feed.subscribe({
        principal,
        secretHash,
        kinds: new Set([kind]),
        sink: stream,
      });
      return stream;
    }
    const after = lastEventId ? await this.seqOf(principal, lastEventId) : null;
    const start = after ?? (await this.feed.head(principal.campaignId));
    const subscriber: FeedSubscriber = {
      principal,
      secretHash,
      kinds: new Set([kind]),
      sink: stream,
      after: start,
    };
    stream.unsubscribe = this.feed.subscribe(subscriber);
    if (after === null) return stream;
    // Registered before the replay, so that nothing committed meanwhile is missed (as SSE does).
    stream.holdLive();
    const { last, limited } = await this.feed
      .replay(
        principal,
        after,
        (event) => stream.replayed(event),
        () => stream.isClosed(),
      )
      .catch((error: unknown) => {
        void stream.return();
        throw error;
      });
    subscriber.after = Math.max(after, last);
    if (limited) {
      stream.close({
        code: 'REPLAY_LIMIT',
        message:
          `More than FEED_REPLAY_LIMIT (${this.config.FEED_REPLAY_LIMIT}) rolls followed that event: read the ` +
          `rest with the query rolls(after: "${encodeCursor([last])}") and subscribe again with the last one's id.`,
      });
      return stream;
    }
    stream.goLive();
    return stream;
  }

  /** The log position of a client's last event: a roll id of this campaign, or an SSE event id. */
  private async seqOf(principal: Principal, lastEventId: string): Promise<number> {
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(lastEventId)) {
      const seq = await this.feed.seqOf(principal.campaignId, lastEventId);
      if (seq !== null) return seq;
    } else {
      const seq = cursorSeq(lastEventId);
      if (seq !== null) return seq;
    }
    throw Problem.field(
      'VALIDATION_FAILED',
      'lastEventId',
      'lastEventId must be the id of a roll of this campaign that this subscription sent (or an SSE event id).',
    );
  }
}
