import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ArbiterProblem } from './problem';
import { resilientFetch, retryAfterMs, type RetryOptions } from './retry';
import type { paths } from './schema';

export type { paths, components, operations } from './schema';

/** The typed client: openapi-fetch over Arbiter's OpenAPI document (`client.GET`, `client.POST`, …). */
export type ArbiterClient = Client<paths>;

export interface ArbiterClientOptions {
  /** Where Arbiter runs, without the `/v1` (e.g. `https://arbiter.example` or `http://127.0.0.1:3000`). */
  baseUrl: string;
  /** A campaign key (`arb_…`), sent as `Authorization: Bearer`; public routes need none. */
  key?: string;
  /** Retry policy (bounded); `false` sends every call once. See `RetryOptions`. */
  retry?: RetryOptions | false;
  /** Give every changing call an `Idempotency-Key` of its own (default true). */
  idempotencyKeys?: boolean;
  /** How long one attempt may take, in ms, before it is abandoned and retried (default 30000). */
  timeoutMs?: number;
  /** The fetch to use (default the global one), e.g. to add a proxy or a timeout. */
  fetch?: (request: Request) => Promise<Response>;
  /** Extra headers sent with every call (e.g. a `User-Agent` naming your tool). */
  headers?: Record<string, string>;
}

/**
 * A typed Arbiter client. Calls return openapi-fetch's `{ data, response }`; a refused call is
 * raised as an `ArbiterProblem` (so `data` is there whenever the promise resolves: `unwrap` says so
 * to the type checker), and a server that stays unreachable as an `ArbiterNetworkError`.
 *
 * ```ts
 * const arbiter = createArbiterClient({ baseUrl, key });
 * const bought = await unwrap(arbiter.POST('/v1/campaigns/{campaignId}/characters/{characterId}/purchases', {
 *   params: { path: { campaignId, characterId } },
 *   body: { cost: 6, wager: 4 },
 * }));
 * ```
 */
export function createArbiterClient(options: ArbiterClientOptions): ArbiterClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: resilientFetch({
      retry: options.retry,
      idempotencyKeys: options.idempotencyKeys,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
    }),
    headers: {
      ...options.headers,
      ...(options.key ? { Authorization: `Bearer ${options.key}` } : {}),
    },
  });
  client.use(problems);
  return client;
}

/** Turns every answer of status 400 or more into a thrown `ArbiterProblem`. */
const problems: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined;
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    throw new ArbiterProblem(response.status, body, retryAfterMs(response.headers.get('retry-after')));
  },
};

/**
 * The data of a call made with `createArbiterClient`, typed as present: such a client raises every
 * refusal, so a resolved call always has its data. Throws if it somehow has none.
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw new ArbiterProblem(response.status, error ?? null);
  return data as T;
}
