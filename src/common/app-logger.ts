import type { LoggerService } from '@nestjs/common';
import pino, { Logger as Pino } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Nest's application logger (start-up, errors) as pino JSON lines, one object a line. Request logs
 * come from Fastify's own pino logger (see createApp). Nest's `Logger` calls these methods with its
 * context (the class name) as the last argument; a first argument that is an object is merged into
 * the line (`logger.error({ err, requestId }, 'unhandled error')`), an Error becomes `err`.
 */
export class AppLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  static create(level: string): AppLogger {
    return new AppLogger(pino({ level }));
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const params = [...rest];
    const last = params[params.length - 1];
    const fields: Record<string, unknown> = {};
    if (params.length > 0 && typeof last === 'string') fields.context = params.pop();
    if (message instanceof Error) {
      this.pino[level]({ ...{}, ...fields, err: message }, message.message);
    } else if (message !== null && typeof message === 'object') {
      const text = typeof params[0] === 'string' ? (params.shift() as string) : undefined;
      this.pino[level]({ ...{}, ...fields, ...(message as Record<string, unknown>) }, text);
    } else {
      // Nest's own `error(message, stack, context)`.
      if (level === 'error' && typeof params[0] === 'string') fields.stack = params.shift();
      this.pino[level](fields, String(message));
    }
  }
}
