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
}

/** Reads and validates the environment; throws one error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const picked: Record<string, string> = {};
  for (const name of [...known, 'DATABASE_URL', 'DATABASE_SCHEMA']) {
    const value = env[name];
    if (value !== undefined && value !== '') picked[name] = value;
  }
  const config = plainToInstance(AppConfig, picked);
  const errors = validateSync(config, { forbidUnknownValues: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return config;
}
