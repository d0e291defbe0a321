import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import type { Principal } from '../auth/principal';
import { KeyCache } from '../auth/key-cache';
import { Problem } from '../common/problem';
import { AppConfig } from '../config/app-config';
import type { Database } from '../database/database.service';
import type { RollEntity } from '../database/entities';
import type { Roll } from '../rolls/roll.model';
import { resolveItem, SubscriptionStream } from './feed.resolver';
import type { RedisBus } from './redis-bus.service';
import { FeedCloseReason, FeedEvent, FeedSink, RollFeed } from './roll-feed.service';
import { SseStream } from './sse.service';

const referee: Principal = { keyId: 'k-ref', campaignId: 'c1', role: 'referee', characterIds: [] };
const player: Principal = { keyId: 'k-player', campaignId: 'c1', role: 'player', characterIds: [] };

function roll(id: string, seq: number, extra: Partial<RollEntity> = {}): RollEntity {
  return {
    seq,
    id,
    campaignId: 'c1',
    sessionId: null,
    keyId: 'k-ref',
    role: 'referee',
    procedure: 'check.pool',
    inputs: {},
    seed: 's',
    rng: 'r',
    faces: [1],
    outcome: { ok: true },
    effects: null,
    secret: false,
    salt: null,
    commitment: null,
    revealedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  } as RollEntity;
}

const viewer = (entity: RollEntity, principal: Principal): Roll =>
  (entity.secret && principal.role !== 'referee'
    ? { id: entity.id, sealed: true }
    : { id: entity.id, sealed: false, seed: entity.seed }) as Roll;

class FakeRunner {
  data: Record<string, unknown> = {};
  isTransactionActive = true;
  transactionDepth = 1;
}

function setup(limits: Partial<AppConfig> = {}) {
  const stored = new Map<string, RollEntity>();
  const db = {
    dataSource: { subscribers: [] as unknown[] },
    manager: {
      find: async (_: unknown, options: { where: { id: { value: string[] } } }) =>
        options.where.id.value.map((id) => stored.get(id)).filter(Boolean),
    },
  } as unknown as Database;
  const bus = { enabled: false, on: () => undefined, publish: () => false } as unknown as RedisBus;
  const config = Object.assign(new AppConfig(), limits);
  const feed = new RollFeed(db, config, bus, new KeyCache(), { httpAdapter: undefined } as never);
  feed.onModuleInit();
  feed.useViewer(viewer);
  return { feed, stored, runner: new FakeRunner() };
}

class RecordingSink implements FeedSink {
  events: FeedEvent[] = [];
  closed: FeedCloseReason | null = null;
  constructor(private readonly accept = true) {}
  deliver(event: FeedEvent): boolean {
    this.events.push(event);
    return this.accept;
  }
  close(reason: FeedCloseReason): void {
    this.closed = reason;
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('RollFeed', () => {
  it('limits subscribers per key (429) and per process (503), and frees a place on unsubscribe', () => {
    const { feed } = setup({ FEED_MAX_SUBSCRIBERS_PER_KEY: 2, FEED_MAX_SUBSCRIBERS: 3 });
    const kinds = new Set(['rollLogged'] as const);
    const add = (principal: Principal) =>
      feed.subscribe({ principal, secretHash: principal.keyId, kinds, sink: new RecordingSink() });
    const first = add(referee);
    add(referee);
    expect(() => add(referee)).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }) as Problem);
    add(player);
    expect(() => add(player)).toThrow(expect.objectContaining({ code: 'UNAVAILABLE' }) as Problem);
    first();
    first(); // twice is harmless
    expect(feed.size).toBe(2);
    expect(() => add(player)).not.toThrow();
  });

  it('publishes queued rolls only after the commit, drops them on a rollback, and honours savepoints', async () => {
    const { feed, stored, runner } = setup();
    const sink = new RecordingSink();
    feed.subscribe({ principal: referee, secretHash: 'h', kinds: new Set(['rollLogged']), sink });
    const manager = { queryRunner: runner } as never;
    for (const [id, seq] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      stored.set(id, roll(id, seq));

    feed.logged(manager, roll('a', 1));
    runner.transactionDepth = 2; // a savepoint
    feed.logged(manager, roll('b', 2));
    runner.transactionDepth = 1;
    feed.afterTransactionRollback({ queryRunner: runner as never }); // back to the savepoint: b goes
    runner.transactionDepth = 2;
    feed.logged(manager, roll('c', 3));
    runner.transactionDepth = 1;
    feed.afterTransactionCommit({ queryRunner: runner } as never); // savepoint released: c stays
    await flush();
    expect(sink.events).toHaveLength(0); // nothing before the real commit

    runner.isTransactionActive = false;
    runner.transactionDepth = 0;
    feed.afterTransactionCommit({ queryRunner: runner } as never);
    await flush();
    expect(sink.events.map((e) => e.roll.id)).toEqual(['a', 'c']);

    runner.isTransactionActive = true;
    runner.transactionDepth = 1;
    feed.logged(manager, roll('a', 1));
    runner.isTransactionActive = false;
    runner.transactionDepth = 0;
    feed.afterTransactionRollback({ queryRunner: runner as never });
    feed.afterTransactionCommit({ queryRunner: runner } as never);
    await flush();
    expect(sink.events).toHaveLength(2);
  });

  it('disconnects a consumer that cannot keep up, with a reason, and keeps the others', async () => {
    const { feed, stored } = setup();
    const slow = new RecordingSink(false);
    const fast = new RecordingSink();
    const kinds = new Set(['rollLogged'] as const);
    feed.subscribe({ principal: player, secretHash: 'p', kinds, sink: slow });
    feed.subscribe({ principal: referee, secretHash: 'r', kinds, sink: fast });
    stored.set('x', roll('x', 7, { secret: true }));
    feed.logged({ queryRunner: undefined } as never, roll('x', 7));
    await flush();
    expect(slow.closed).toMatchObject({ code: 'SLOW_CONSUMER' });
    expect(fast.closed).toBeNull();
    expect(feed.size).toBe(1);
    // One view per visibility, made once: sealed for the player, whole for the referee.
    const event = fast.events[0];
    expect(event.view(player).roll).toEqual({ id: 'x', sealed: true });
    expect(event.view(referee).roll).toEqual({ id: 'x', sealed: false, seed: 's' });
    expect(event.view(referee)).toBe(event.view(referee));
  });

  it('ends every stream of a revoked key', () => {
    const { feed } = setup();
    const cache = (feed as unknown as { keyCache: KeyCache }).keyCache;
    const sink = new RecordingSink();
    feed.subscribe({ principal: player, secretHash: 'gone', kinds: new Set(['rollLogged']), sink });
    cache.forget('gone');
    expect(sink.closed).toMatchObject({ code: 'KEY_REVOKED' });
    expect(feed.size).toBe(0);
  });
});

describe('SubscriptionStream (GraphQL)', () => {
  const event = (id: string, seq: number) => new FeedEvent('rollLogged', roll(id, seq), viewer);

  it('hands events to a waiting consumer and buffers at most the limit', async () => {
    const stream = new SubscriptionStream(referee, 2);
    const waiting = stream.next();
    expect(stream.deliver(event('a', 1))).toBe(true);
    expect((await waiting).value).toEqual({ roll: { id: 'a', sealed: false, seed: 's' } });
    expect(stream.deliver(event('b', 2))).toBe(true);
    expect(stream.deliver(event('c', 3))).toBe(true);
    expect(stream.deliver(event('d', 4))).toBe(false); // too slow
  });

  it('ends with an error carrying the reason, then completes', async () => {
    const stream = new SubscriptionStream(player, 2);
    let unsubscribed = 0;
    stream.unsubscribe = () => unsubscribed++;
    stream.close({ code: 'SLOW_CONSUMER', message: 'too slow' });
    const item = (await stream.next()).value;
    expect(() => resolveItem(item)).toThrow(GraphQLError);
    expect(() => resolveItem(item)).toThrow('too slow');
    await stream.return();
    expect(unsubscribed).toBe(1);
    expect((await stream.next()).done).toBe(true);
  });
});

describe('SseStream', () => {
  class FakeResponse extends EventEmitter {
    chunks: string[] = [];
    writableEnded = false;
    full = false;
    write(text: string): boolean {
      this.chunks.push(text);
      return !this.full;
    }
    end(): void {
      this.writableEnded = true;
    }
  }

  it('writes rollLogged with the cursor as id, replays first, and skips live repeats of replayed rolls', () => {
    const raw = new FakeResponse();
    const stream = new SseStream(raw as unknown as ServerResponse, 10, referee);
    const live = new FeedEvent('rollLogged', roll('a', 1), viewer);
    expect(stream.deliver(live)).toBe(true); // arrives during the replay: waits
    stream.replayed(new FeedEvent('rollLogged', roll('a', 1), viewer));
    stream.goLive();
    stream.deliver(new FeedEvent('rollRevealed', roll('a', 1), viewer));
    expect(raw.chunks).toEqual([
      `event: rollLogged\nid: ${live.cursor}\ndata: {"id":"a","sealed":false,"seed":"s"}\n\n`,
      'event: rollRevealed\ndata: {"id":"a","sealed":false,"seed":"s"}\n\n',
    ]);
  });

  it('reports a consumer whose socket stays full past the limit, and resets when it drains', () => {
    const raw = new FakeResponse();
    const stream = new SseStream(raw as unknown as ServerResponse, 2, referee);
    stream.goLive();
    raw.full = true;
    const send = (seq: number) => stream.deliver(new FeedEvent('rollLogged', roll(`r${seq}`, seq), viewer));
    expect(send(1)).toBe(true);
    expect(send(2)).toBe(true);
    expect(send(3)).toBe(false);
    raw.emit('drain');
    raw.full = false;
    expect(send(4)).toBe(true);
    stream.close({ code: 'SLOW_CONSUMER', message: 'bye' });
    expect(raw.chunks[raw.chunks.length - 1]).toBe(
      'event: close\ndata: {"code":"SLOW_CONSUMER","message":"bye"}\n\n',
    );
    expect(raw.writableEnded).toBe(true);
  });
});
