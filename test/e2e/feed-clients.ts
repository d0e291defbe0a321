import { request as httpRequest, IncomingMessage } from 'node:http';
import { Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

/** One Server-Sent Event (or comment) as the stream delivered it. */
export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
  comment: string | null;
}

/** A minimal SSE client on node:http that keeps every event, for assertions. */
export class SseClient {
  readonly events: SseEvent[] = [];
  status = 0;
  body = '';
  ended = false;
  private response: IncomingMessage | null = null;
  private buffer = '';
  private waiters: (() => void)[] = [];
  private readonly done: Promise<void>;

  constructor(url: string, headers: Record<string, string>) {
    this.done = new Promise((resolve, reject) => {
      const req = httpRequest(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        this.response = res;
        this.status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (this.status !== 200) {
            this.body += chunk;
            return;
          }
          this.buffer += chunk;
          this.parse();
        });
        res.on('end', () => {
          this.ended = true;
          this.wake();
        });
        res.on('close', () => {
          this.ended = true;
          this.wake();
        });
        resolve();
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** Resolves once the response head has arrived. */
  async opened(): Promise<this> {
    await this.done;
    return this;
  }

  /** The parsed JSON of every event of this type. */
  data<T = Record<string, unknown>>(event: string): T[] {
    return this.events.filter((e) => e.event === event).map((e) => JSON.parse(e.data) as T);
  }

  /** Waits until `predicate` holds over the events so far. */
  async until(predicate: (events: SseEvent[]) => boolean, timeoutMs = 3000): Promise<SseEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.events)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`SSE: timed out; events so far: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events;
  }

  close(): void {
    this.response?.destroy();
  }

  private parse(): void {
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event: SseEvent = { event: 'message', id: null, data: '', comment: null };
      const data: string[] = [];
      let seen = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          event.comment = line.slice(1).trim();
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event.event = value;
        else if (field === 'id') event.id = value;
        else if (field === 'data') data.push(value);
        else continue;
        seen = true;
      }
      event.data = data.join('\n');
      if (!seen && event.comment !== null) event.event = 'comment';
      this.events.push(event);
    }
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

export function openSse(
  base: string,
  campaignId: string,
  headers: Record<string, string>,
): Promise<SseClient> {
  return new SseClient(`${base}/v1/campaigns/${campaignId}/rolls/stream`, headers).opened();
}

/** A graphql-ws subscription that keeps every payload. */
export interface LiveSubscription<T> {
  values: T[];
  errors: unknown[];
  completed: boolean;
  until(count: number, timeoutMs?: number): Promise<T[]>;
  untilError(timeoutMs?: number): Promise<unknown[]>;
  dispose(): void;
}

export function wsClient(base: string, authorization: string | null): Client {
  return createClient({
    url: `${base.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: authorization ? { authorization } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

export function subscribe<T>(
  client: Client,
  query: string,
  variables: Record<string, unknown>,
): LiveSubscription<T> {
  const live: LiveSubscription<T> = {
    values: [],
    errors: [],
    completed: false,
    async until(count, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (live.values.length < count) {
        if (live.errors.length > 0) throw new Error(`subscription failed: ${JSON.stringify(live.errors)}`);
        if (Date.now() > deadline) throw new Error(`subscription: ${live.values.length} of ${count} values`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return live.values;
    },
    async untilError(timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (live.errors.length === 0) {
        if (Date.now() > deadline) throw new Error('subscription: no error');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return live.errors;
    },
    dispose: () => undefined,
  };
  live.dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        if (value.errors) live.errors.push(...value.errors);
        else if (value.data) live.values.push(value.data as T);
      },
      error: (error) => live.errors.push(error),
      complete: () => {
        live.completed = true;
      },
    },
  );
  return live;
}

/** A raw graphql-transport-ws connection: the close code and reason the server gives. */
export function rawConnect(
  base: string,
  payload: Record<string, unknown> | undefined,
): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'connection_init', ...(payload ? { payload } : {}) })),
    );
    socket.on('message', (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === 'connection_ack') {
        socket.close(1000, 'done');
        resolve({ code: 0, reason: 'acknowledged' });
      }
    });
    socket.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() }));
    socket.on('error', reject);
  });
}

export const ROLL_FIELDS =
  'id procedure sealed commitment outcome seed faces revealedAt receipt { keyId signature }';
