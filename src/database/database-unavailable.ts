/**
 * Whether an error means the database could not be reached (refused, lost, shut down, closed) rather
 * than that a statement failed. Such errors are answered 503 DATABASE_UNAVAILABLE with Retry-After,
 * never 500: the request changed nothing and the same request later may well succeed.
 */

/** Socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not taking connections: class 08
 * (connection exception), 57P01–57P03 (admin/crash shutdown, cannot connect now), 53300 (too many
 * connections).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** SQLite result codes of a database file that cannot be used at all. */
const SQLITE_CODES = /^SQLITE_(CANTOPEN|IOERR|NOTADB|CORRUPT)/;

/** Messages of node-postgres, its pool, TypeORM and better-sqlite3 for a connection that is gone. */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /Client was closed and is not queryable/i,
  /The database connection is not open/i,
  /Driver not Connected/i,
  /Connection with .* is not established/i,
  /connection .* (is closed|has been closed)/i,
  /server closed the connection unexpectedly/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // TypeORM wraps the driver's error (driverError); Node and others chain with `cause`.
  while (current && typeof current === 'object' && !seen.has(current) && seen.size < 5) {
    seen.add(current);
    const { code, message, name } = current as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string') {
      if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
      if (SQLITE_CODES.test(code)) return true;
    }
    if (name === 'ConnectionIsNotSetError' || name === 'CannotExecuteNotConnectedError') return true;
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
    const next = current as { driverError?: unknown; cause?: unknown };
    current = next.driverError ?? next.cause;
  }
  return false;
}

/** Seconds a client is told to wait (Retry-After) before it retries when the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
