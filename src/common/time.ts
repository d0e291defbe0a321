import { v7 as uuidv7 } from 'uuid';

/** Timestamps are stored and sent as ISO-8601 UTC strings. */
export const now = (): string => new Date().toISOString();

/**
 * A new row id: a UUID version 7 (RFC 9562), whose leading bits are the millisecond it was made
 * and the rest random (monotonic within a millisecond). Rows made one after another sort together,
 * so each id index grows at its end: a transaction that writes several ledger entries or a roll
 * touches one index page, not a random page per row.
 */
export const newId = (): string => uuidv7();
