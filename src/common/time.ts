import { randomUUID } from 'node:crypto';

/** Timestamps are stored and sent as ISO-8601 UTC strings. */
export const now = (): string => new Date().toISOString();
export const newId = (): string => randomUUID();
