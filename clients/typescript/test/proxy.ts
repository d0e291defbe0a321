import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with one request. */
export type Action =
  | 'forward'
  /** Forward, let the server answer in full, then cut the client's connection without a byte of it. */
  | 'drop'
  /** Never answer (until the proxy closes). */
  | 'hang'
  /** Answer this instead of forwarding. */
  | { status: number; headers?: Record<string, string>; body?: unknown };

export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  action: Action;
}

export interface Proxy {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

/**
 * A tiny HTTP proxy in front of a running Arbiter that misbehaves on demand: `decide` sees each
 * request (and how many came before it) and says whether to forward it, drop the connection after
 * the server answered, or answer something else itself.
 */
export async function startProxy(
  target: string,
  decide: (request: { method: string; url: string; index: number }) => Action = () => 'forward',
): Promise<Proxy> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = req.url ?? '/';
      const action = decide({ method, url, index: seen.length });
      seen.push({ method, url, headers: req.headers, action });
      if (action === 'hang') return;
      if (typeof action === 'object') {
        const body = action.body === undefined ? '' : JSON.stringify(action.body);
        res.writeHead(action.status, {
          'content-type': 'application/problem+json',
          'content-length': Buffer.byteLength(body),
          ...action.headers,
        });
        res.end(body);
        return;
      }
      const upstream = httpRequest(`${target}${url}`, { method, headers: req.headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          if (action === 'drop') {
            req.socket.destroy();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(body));
        });
      });
      upstream.on('error', () => req.socket.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
