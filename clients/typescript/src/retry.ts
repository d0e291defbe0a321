import { ArbiterNetworkError } from './problem';

/** When and how often a call is tried again. Every delay is bounded; so is the number of attempts. */
export interface RetryOptions {
  /** Attempts in all, the first included (default 4; 1 turns retrying off). */
  attempts?: number;
  /** First back-off delay in ms, doubled on each retry, with jitter (default 200). */
  baseDelayMs?: number;
  /** Longest back-off delay in ms (default 5000). */
  maxDelayMs?: number;
  /**
   * Longest `Retry-After` the client waits for, in ms (default 30000). A server asking for longer
   * gets no retry: the answer is raised as an `ArbiterProblem` carrying `retryAfterMs`.
   */
  maxRetryAfterMs?: number;
  /** Called before each retry (logging, metrics). */
  onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
  /** The attempt that just failed (1 for the first). */
  attempt: number;
  /** How long the client waits before the next attempt, in ms. */
  delayMs: number;
  /** The status that caused the retry, or null after a network error. */
  status: number | null;
  /** The network error, when there was one. */
  error: unknown;
  method: string;
  url: string;
  idempotencyKey: string | null;
}

export interface ResilientFetchOptions {
  retry?: RetryOptions | false;
  /**
   * Give every POST, PUT, PATCH and DELETE without an `Idempotency-Key` header one of its own, reused
   * by all its retries (default true). Without a key, a changing request is retried only after a 429.
   */
  idempotencyKeys?: boolean;
  /**
   * How long one attempt may take before it is abandoned (and retried like a network error), in ms
   * (default 30000; 0 waits for ever).
   */
  timeoutMs?: number;
  /** The fetch to call (default the global one). */
  fetch?: (request: Request) => Promise<Response>;
  /** Makes a fresh key; defaults to `crypto.randomUUID()`. */
  newKey?: () => string;
  /** Waits; tests replace it. */
  sleep?: (ms: number) => Promise<void>;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Statuses worth another try: rate limited, and the server or a proxy failing. */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

export const DEFAULT_RETRY: Required<Omit<RetryOptions, 'onRetry'>> = {
  attempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 5000,
  maxRetryAfterMs: 30000,
};

/**
 * A `fetch` for openapi-fetch that makes calls safe to repeat and repeats them: one
 * `Idempotency-Key` per logical call (kept across its retries, so the server runs a purchase once
 * however often the request is sent), and bounded retries after network errors, 5xx answers,
 * 429 (waiting what `Retry-After` says) and 409 IDEMPOTENCY_IN_PROGRESS (a twin still running).
 */
export function resilientFetch(options: ResilientFetchOptions = {}): (request: Request) => Promise<Response> {
  const retry =
    options.retry === false ? { ...DEFAULT_RETRY, attempts: 1 } : { ...DEFAULT_RETRY, ...options.retry };
  const onRetry = options.retry === false ? undefined : options.retry?.onRetry;
  const attempts = Math.max(1, Math.floor(retry.attempts));
  const doFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const newKey = options.newKey ?? (() => globalThis.crypto.randomUUID());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const addKeys = options.idempotencyKeys !== false;
  const timeoutMs = options.timeoutMs ?? 30000;

  return async (original: Request): Promise<Response> => {
    const method = original.method.toUpperCase();
    const headers = new Headers(original.headers);
    if (addKeys && MUTATING.has(method) && !headers.has('idempotency-key')) {
      headers.set('Idempotency-Key', newKey());
    }
    const key = headers.get('idempotency-key');
    // GET and friends are safe to repeat; a change is safe to repeat only under its key.
    const safe = !MUTATING.has(method) || key !== null;
    // A body can be read once: buffer it so that every attempt sends the same bytes.
    const body = original.body === null ? null : await original.arrayBuffer();
    const { url, signal } = original;

    for (let attempt = 1; ; attempt++) {
      const attemptSignal =
        timeoutMs > 0 ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : signal;
      const request = new Request(url, {
        method,
        headers,
        body,
        signal: attemptSignal,
        redirect: original.redirect,
      });
      let response: Response;
      try {
        response = await doFetch(request);
      } catch (error) {
        if (signal.aborted) throw error;
        if (!safe || attempt >= attempts) {
          throw new ArbiterNetworkError(
            `${method} ${url} failed after ${attempt} attempt${attempt === 1 ? '' : 's'}: ${describe(error)}`,
            attempt,
            { cause: error },
          );
        }
        const delayMs = backoff(retry, attempt);
        onRetry?.({ attempt, delayMs, status: null, error, method, url, idempotencyKey: key });
        await sleep(delayMs);
        continue;
      }

      const wanted = await wantsRetry(response, safe);
      if (!wanted || attempt >= attempts) return response;
      const retryAfter = retryAfterMs(response.headers.get('retry-after'));
      if (retryAfter !== null && retryAfter > retry.maxRetryAfterMs) return response;
      const delayMs = retryAfter ?? backoff(retry, attempt);
      await response.body?.cancel().catch(() => undefined);
      onRetry?.({ attempt, delayMs, status: response.status, error: null, method, url, idempotencyKey: key });
      await sleep(delayMs);
    }
  };
}

async function wantsRetry(response: Response, safe: boolean): Promise<boolean> {
  // Arbiter's rate limit refuses before anything runs, so a 429 is safe to repeat even without a key.
  if (response.status === 429) return true;
  if (!safe) return false;
  if (RETRY_STATUSES.has(response.status)) return true;
  if (response.status === 409) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: unknown } | null;
    return body?.code === 'IDEMPOTENCY_IN_PROGRESS';
  }
  return false;
}

/** Exponential back-off with jitter: between half and all of base × 2^(attempt − 1), capped. */
function backoff(retry: { baseDelayMs: number; maxDelayMs: number }, attempt: number): number {
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** `Retry-After` in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
