import type { ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../auth/principal';
import { bearerToken, hashSecret } from '../auth/keys';
import { decodeCursor, encodeCursor } from '../common/pagination';
import { Problem } from '../common/problem';
import type { ArbiterRequest } from '../common/request-context';
import { AppConfig } from '../config/app-config';
import { FeedCloseReason, FeedEvent, FeedSink, FeedSubscriber, RollFeed } from './roll-feed.service';

const KINDS = new Set(['rollLogged', 'rollRevealed'] as const);

/**
 * Server-Sent Events of a campaign's roll log. Each logged roll is an event `rollLogged` whose `id:`
 * is the roll's cursor in the log (the `next`/`after` cursor of GET /rolls), so a client that
 * reconnects with Last-Event-ID first gets, from the log, every roll logged after it. Reveals are
 * events `rollRevealed` without an id (they do not move the client's place in the log).
 */
@Injectable()
export class SseService {
  constructor(
    private readonly feed: RollFeed,
    private readonly config: AppConfig,
  ) {}

  async open(principal: Principal, req: ArbiterRequest, reply: FastifyReply): Promise<void> {
    const after = lastEventId(req.headers['last-event-id']);
    const secretHash = hashSecret(bearerToken(req.headers.authorization) ?? '');
    // Without Last-Event-ID the stream starts at the end of the log as it is now.
    const start = after ?? (await this.feed.head(principal.campaignId));
    const stream = new SseStream(reply.raw, this.config.FEED_QUEUE_LIMIT, principal);
    // Registered before the replay, so that nothing committed meanwhile is missed; live events wait
    // in the stream's bounded backlog until the replay is written.
    const subscriber: FeedSubscriber = { principal, secretHash, kinds: KINDS, sink: stream, after: start };
    const unsubscribe = this.feed.subscribe(subscriber);
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // The socket goes with the stream: nothing waits on an idle connection once the server ends it.
      connection: 'close',
      'x-accel-buffering': 'no',
      'x-request-id': String(req.id),
    });
    reply.raw.write(`retry: 2000\n: live roll feed of campaign ${principal.campaignId}\n\n`);
    const heartbeat = setInterval(() => stream.comment('heartbeat'), this.config.FEED_HEARTBEAT_MS);
    heartbeat.unref();
    const finish = () => {
      clearInterval(heartbeat);
      unsubscribe();
      stream.closed = true;
    };
    reply.raw.on('close', finish);
    reply.raw.on('error', finish);
    if (after !== null) {
      try {
        const { last, limited } = await this.feed.replay(
          principal,
          after,
          (event) => stream.replayed(event),
          () => stream.closed,
        );
        if (limited) {
          // More rolls wait in the log than a reconnect replays: the client pages GET /rolls from here.
          stream.write(
            `event: replayLimit\ndata: ${JSON.stringify({ after: encodeCursor([last]), limit: this.config.FEED_REPLAY_LIMIT })}\n\n`,
          );
        }
        // What the replay sent is not sent again, however late it arrives live.
        subscriber.after = Math.max(after, last);
      } catch {
        stream.close({
          code: 'SHUTTING_DOWN',
          message: 'The roll log could not be read; reconnect to retry.',
        });
        finish();
        return;
      }
    }
    stream.goLive();
  }
}

/** The `seq` of an event id (a roll cursor), or null when it is not one. */
export function cursorSeq(value: string): number | null {
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(value)) return null;
    return decodeCursor<[number]>(value, ['number'])?.[0] ?? null;
  } catch {
    return null;
  }
}

function lastEventId(header: string | string[] | undefined): number | null {
  if (header === undefined || header === '') return null;
  const value = Array.isArray(header) ? header[0] : header;
  const seq = cursorSeq(value);
  if (seq === null) {
    throw Problem.field(
      'VALIDATION_FAILED',
      'Last-Event-ID',
      'Last-Event-ID must be the id of an event this stream sent (a roll cursor).',
    );
  }
  return seq;
}

/** One SSE response: writes events for its principal, with a bounded backlog. */
export class SseStream implements FeedSink {
  closed = false;
  private live = false;
  /** Live events that arrived during the replay. */
  private backlog: FeedEvent[] = [];
  /** Ids already sent by the replay (a roll committed meanwhile may arrive twice). */
  private readonly sent = new Set<string>();
  /** Events written while the socket's buffer was full, since it last drained. */
  private behind = 0;

  constructor(
    private readonly raw: ServerResponse,
    private readonly limit: number,
    private readonly principal: Principal,
  ) {
    raw.on('drain', () => {
      this.behind = 0;
    });
  }

  deliver(event: FeedEvent): boolean {
    if (this.closed) return true;
    if (!this.live) {
      if (this.backlog.length >= this.limit) return false;
      this.backlog.push(event);
      return true;
    }
    return this.send(event);
  }

  replayed(event: FeedEvent): void {
    this.sent.add(event.roll.id);
    this.write(format(event, this.principal));
  }

  goLive(): void {
    const backlog = this.backlog;
    this.backlog = [];
    this.live = true;
    for (const event of backlog) {
      if (event.kind === 'rollLogged' && this.sent.has(event.roll.id)) continue;
      this.send(event);
    }
    this.sent.clear();
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  write(text: string): boolean {
    if (this.closed || this.raw.writableEnded) return false;
    const ok = this.raw.write(text);
    if (!ok) this.behind++;
    return this.behind <= this.limit;
  }

  close(reason: FeedCloseReason): void {
    if (this.closed) return;
    this.write(`event: close\ndata: ${JSON.stringify(reason)}\n\n`);
    this.closed = true;
    this.raw.end();
  }

  private send(event: FeedEvent): boolean {
    return this.write(format(event, this.principal));
  }
}

/** The SSE frame of an event for a principal, made once per view of the event. */
function format(event: FeedEvent, principal: Principal): string {
  const view = event.view(principal);
  view.text ??=
    event.kind === 'rollLogged'
      ? `event: rollLogged\nid: ${event.cursor}\ndata: ${view.json}\n\n`
      : `event: rollRevealed\ndata: ${view.json}\n\n`;
  return view.text;
}
