import { createPrivateKey } from 'node:crypto';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, validateSync } from 'class-validator';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;

/**
 * Everything Arbiter reads from the environment, validated once at start. The README's
 * configuration table lists the same names and defaults.
 */
export class AppConfig {
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '127.0.0.1';

  /** The embedded SQLite file; ignored when DATABASE_URL is set. */
  @IsString()
  DATABASE_PATH = './data/arbiter.sqlite';

  /** A PostgreSQL connection string (postgres://user:pass@host:port/db). */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// connection string' })
  DATABASE_URL?: string;

  /** PostgreSQL schema to use (tests give every run its own); defaults to the server's search_path. */
  @IsOptional()
  @Matches(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'DATABASE_SCHEMA must be a plain lower-case identifier' })
  DATABASE_SCHEMA?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Requests a minute per key (or per client address on public routes); 0 turns limiting off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  RATE_LIMIT_PER_MINUTE = 600;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  MAX_DICE_PER_ROLL = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  MAX_DICE_PER_REQUEST = 10000;

  /** Largest accepted request body, in bytes. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(10485760)
  MAX_BODY_BYTES = 102400;

  /**
   * Largest body of a table import (POST …/tables/import, the refereeTableImport mutation), in bytes:
   * a 1,000-result Foundry export with its HTML and metadata fits the default.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(67108864)
  IMPORT_MAX_BODY_BYTES = 2097152;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  GRAPHQL_MAX_DEPTH = 8;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  GRAPHQL_MAX_COST = 2000;

  /** How long a stored Idempotency-Key response is replayed, in hours. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(720)
  IDEMPOTENCY_TTL_HOURS = 24;

  /** Redis (redis://host:port/db) shared by every API instance: live feed, rate limits, key revocations. */
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /**
   * What rate limiting does while Redis is unreachable: `local` counts per instance (each instance
   * allows the whole budget, so N instances allow up to N times it), `closed` refuses rate-limited
   * requests with 503 UNAVAILABLE until Redis is back. Without REDIS_URL limits are always local.
   */
  @IsIn(['local', 'closed'])
  RATE_LIMIT_WITHOUT_REDIS: 'local' | 'closed' = 'local';

  /** Prefix of every Redis key and channel: deployments (or test runs) sharing one Redis stay apart. */
  @Matches(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'REDIS_PREFIX must be 1 to 64 letters, digits, _ . or -' })
  REDIS_PREFIX = 'arbiter';

  /** The Ed25519 private key (PKCS#8 PEM) that signs roll receipts; generated and stored when unset. */
  @IsOptional()
  @Matches(/-----BEGIN PRIVATE KEY-----/, { message: 'RECEIPT_SIGNING_KEY must be a PKCS#8 PEM private key' })
  RECEIPT_SIGNING_KEY?: string;

  /** Live feed subscribers (SSE streams and GraphQL subscriptions) one process serves at most. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  FEED_MAX_SUBSCRIBERS = 5000;

  /** Live feed subscribers one campaign key may hold open at once. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  FEED_MAX_SUBSCRIBERS_PER_KEY = 20;

  /** Events a subscriber may have waiting before it is disconnected as too slow. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  FEED_QUEUE_LIMIT = 256;

  /** Milliseconds between heartbeat comments on an idle SSE stream. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(3600000)
  FEED_HEARTBEAT_MS = 15000;

  /**
   * Milliseconds between reads of the roll log that catch the live feed up while Redis is away (and
   * for a few seconds after it is back, or after a read failed).
   */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60000)
  FEED_CATCH_UP_MS = 1000;

  /** Rolls replayed at most after a reconnect with Last-Event-ID. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  FEED_REPLAY_LIMIT = 1000;
}

/** Reads and validates the environment; throws one error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const picked: Record<string, string> = {};
  for (const name of [...known, 'DATABASE_URL', 'DATABASE_SCHEMA', 'REDIS_URL', 'RECEIPT_SIGNING_KEY']) {
    const value = env[name];
    if (value !== undefined && value !== '') picked[name] = value;
  }
  const config = plainToInstance(AppConfig, picked);
  const errors = validateSync(config, { forbidUnknownValues: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  if (config.RECEIPT_SIGNING_KEY && !isEd25519PrivateKey(config.RECEIPT_SIGNING_KEY)) {
    throw new Error(
      'Invalid configuration:\n  RECEIPT_SIGNING_KEY: must be an Ed25519 private key (PKCS#8 PEM)',
    );
  }
  return config;
}

function isEd25519PrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}
