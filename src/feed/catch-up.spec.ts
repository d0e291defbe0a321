import { FindOperator } from 'typeorm';
import type { Principal } from '../auth/principal';
import { KeyCache } from '../auth/key-cache';
import { AppConfig } from '../config/app-config';
import type { Database } from '../database/database.service';
import type { RollEntity } from '../database/entities';
import type { Roll } from '../rolls/roll.model';
import type { BusState, RedisBus } from './redis-bus.service';
import { FeedCloseReason, FeedEvent, FeedSink, RollFeed } from './roll-feed.service';

/*
 * The live feed catches up from the roll log when the Redis bus drops or comes back: rolls another
 * instance committed while its messages could not arrive are delivered from the log, each once,
 * whether the bus message or the log read comes first.
 */

const referee: Principal = { keyId: 'k-ref', campaignId: 'c1', role: 'referee', characterIds: [] };

function roll(seq: number, extra: Partial<RollEntity> = {}): RollEntity {
  return {
    seq,
    id: `r${seq}`,
    campaignId: 'c1',
    secret: false,
    revealedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  } as RollEntity;
}

type Where = Record<string, unknown>;

/** Enough of TypeORM's find over an in-memory log for the feed's queries. */
function matches(row: RollEntity, where: Where): boolean {
  return Object.entries(where).every(([column, expected]) => {
    const value = (row as unknown as Record<string, unknown>)[column];
    if (!(expected instanceof FindOperator)) return value === expected;
    const operand = expected.value as unknown;
    if (expected.type === 'moreThan') return value !== null && (value as number) > (operand as number);
    if (expected.type === 'moreThanOrEqual')
      return value !== null && (value as number) >= (operand as number);
    if (expected.type === 'in') return (operand as unknown[]).includes(value);
    throw new Error(`operator ${expected.type} not faked`);
  });
}

class Sink implements FeedSink {
  events: FeedEvent[] = [];
  closed: FeedCloseReason | null = null;
  deliver(event: FeedEvent): boolean {
    this.events.push(event);
    return true;
  }
  close(reason: FeedCloseReason): void {
    this.closed = reason;
  }
  logged(): string[] {
    return this.events.filter((e) => e.kind === 'rollLogged').map((e) => e.roll.id);
  }
}

function setup() {
  const log: RollEntity[] = [];
  const find = async (_: unknown, options: { where: Where; order?: { seq: string }; take?: number }) => {
    let rows = log.filter((row) => matches(row, options.where));
    rows = rows.sort((a, b) => (options.order?.seq === 'DESC' ? b.seq - a.seq : a.seq - b.seq));
    return options.take ? rows.slice(0, options.take) : rows;
  };
  const db = {
    dataSource: { subscribers: [] as unknown[] },
    manager: { find, findOne: async (e: unknown, o: never) => (await find(e, o))[0] ?? null },
  } as unknown as Database;
  const handlers = new Map<string, (message: Record<string, unknown>) => void>();
  const listeners: Array<(state: BusState) => void> = [];
  const published: string[] = [];
  const bus = {
    enabled: true,
    state: 'up' as BusState,
    on: (channel: string, handler: (message: Record<string, unknown>) => void) =>
      handlers.set(channel, handler),
    onStateChange: (listener: (state: BusState) => void) => listeners.push(listener),
    publish: (channel: string) => {
      published.push(channel);
      return bus.state === 'up';
    },
  };
  const config = Object.assign(new AppConfig(), { FEED_CATCH_UP_MS: 50 });
  const feed = new RollFeed(db, config, bus as unknown as RedisBus, new KeyCache(), {
    httpAdapter: undefined,
  } as never);
  feed.onModuleInit();
  feed.useViewer((entity) => ({ id: entity.id, sealed: false }) as Roll);
  const setState = (state: BusState) => {
    bus.state = state;
    for (const listener of listeners) listener(state);
  };
  const fromPeer = (entity: RollEntity, kind = 'rollLogged') =>
    handlers.get('rolls')?.({ kind, roll: entity });
  return { feed, log, setState, fromPeer, published, handlers };
}

const settle = (ms = 200) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RollFeed catch-up from the roll log', () => {
  it('delivers what a peer committed while Redis was away, from the log, each roll once', async () => {
    const { feed, log, setState, fromPeer } = setup();
    log.push(roll(1));
    const sink = new Sink();
    const unsubscribe = feed.subscribe({
      principal: referee,
      secretHash: 'h',
      kinds: new Set(['rollLogged']),
      sink,
      after: await feed.head('c1'),
    });
    // Before the outage a peer's roll arrives over the bus.
    log.push(roll(2));
    fromPeer(roll(2));
    setState('down');
    // During it, the peer's rolls reach the log but not the bus: caught up by polling.
    log.push(roll(3), roll(4));
    await settle();
    expect(sink.logged()).toEqual(['r2', 'r3', 'r4']);
    // A late message of a roll already read from the log is not delivered again.
    fromPeer(roll(3));
    log.push(roll(5));
    setState('up');
    await settle();
    fromPeer(roll(5));
    expect(sink.logged()).toEqual(['r2', 'r3', 'r4', 'r5']);
    // Rolls of other campaigns and rolls from before the subscription never show up.
    log.push(roll(6, { campaignId: 'c2' }));
    await settle();
    expect(sink.logged()).toEqual(['r2', 'r3', 'r4', 'r5']);
    unsubscribe();
  });

  it('asks the other instances to catch up when Redis is back, and does on their request', async () => {
    const { feed, log, setState, published, handlers } = setup();
    const sink = new Sink();
    feed.subscribe({ principal: referee, secretHash: 'h', kinds: new Set(['rollLogged']), sink, after: 0 });
    setState('down');
    setState('up');
    expect(published).toContain('feed-resync');
    await settle();
    log.push(roll(7));
    handlers.get('feed-resync')?.({});
    await settle(100);
    expect(sink.logged()).toEqual(['r7']);
  });

  it('delivers reveals made while Redis was away, once', async () => {
    const { feed, log, setState, fromPeer } = setup();
    const sink = new Sink();
    feed.subscribe({ principal: referee, secretHash: 'h', kinds: new Set(['rollRevealed']), sink, after: 0 });
    setState('down');
    const revealed = roll(8, { secret: true, revealedAt: new Date().toISOString() });
    log.push(revealed);
    await settle();
    fromPeer(revealed, 'rollRevealed');
    setState('up');
    await settle();
    expect(sink.events.map((e) => `${e.kind}:${e.roll.id}`)).toEqual(['rollRevealed:r8']);
  });
});
