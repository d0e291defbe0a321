import { Args, Context, ID, Resolver, Subscription } from '@nestjs/graphql';
import { SkipThrottle } from '@nestjs/throttler';
import { GraphQLError } from 'graphql';
import { CurrentPrincipal, Principal } from '../auth/principal';
import { bearerToken, hashSecret } from '../auth/keys';
import type { GraphQLContext } from '../common/request-context';
import { AppConfig } from '../config/app-config';
import { Roll } from '../rolls/roll.model';
import { FeedCloseReason, FeedEvent, FeedKind, FeedSink, RollFeed } from './roll-feed.service';

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
  unsubscribe: () => void = () => undefined;

  constructor(
    private readonly principal: Principal,
    private readonly limit: number,
  ) {}

  deliver(event: FeedEvent): boolean {
    if (this.done) return true;
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
      'Every roll logged in the campaign from now on, as this key may see it (a secret roll arrives sealed ' +
      'for keys other than the referee’s).',
    resolve: resolveItem,
  })
  rollLogged(
    @Args('campaignId', { type: () => ID }) _campaignId: string,
    @CurrentPrincipal() principal: Principal,
    @Context() ctx: GraphQLContext,
  ): AsyncIterableIterator<Item> {
    return this.open(principal, ctx, 'rollLogged');
  }

  @Subscription(() => Roll, {
    description: 'Every secret roll of the campaign the referee reveals from now on, whole.',
    resolve: resolveItem,
  })
  rollRevealed(
    @Args('campaignId', { type: () => ID }) _campaignId: string,
    @CurrentPrincipal() principal: Principal,
    @Context() ctx: GraphQLContext,
  ): AsyncIterableIterator<Item> {
    return this.open(principal, ctx, 'rollRevealed');
  }

  private open(principal: Principal, ctx: GraphQLContext, kind: FeedKind): AsyncIterableIterator<Item> {
    const stream = new SubscriptionStream(principal, this.config.FEED_QUEUE_LIMIT);
    const secretHash = hashSecret(bearerToken(ctx.req.headers.authorization) ?? '');
    stream.unsubscribe = this.feed.subscribe({ principal, secretHash, kinds: new Set([kind]), sink: stream });
    return stream;
  }
}
