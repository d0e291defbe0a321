import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorResult,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import { Problem } from '../common/problem';
import { RedisBus } from '../feed/redis-bus.service';

/** One check of terminus's answer. */
const CHECKS = {
  type: 'object' as const,
  additionalProperties: {
    type: 'object' as const,
    required: ['status'],
    properties: {
      status: { type: 'string' as const, enum: ['up', 'degraded', 'down'] },
      responseTime: {
        type: 'number' as const,
        description: 'Time the health indicator took to respond, in ms',
      },
    },
    additionalProperties: true,
  },
};

/** The 200 of /ready: terminus's result, `degraded` while Redis is away. */
const READY = {
  type: 'object' as const,
  properties: {
    status: { type: 'string' as const, enum: ['ok', 'degraded'], example: 'ok' },
    info: { ...{}, ...CHECKS, example: { database: { status: 'up', responseTime: 12 } }, nullable: true },
    error: { ...{}, ...CHECKS, example: {}, nullable: true },
    details: { ...{}, ...CHECKS, example: { database: { status: 'up', responseTime: 12 } } },
  },
};

/** The 503 of /ready: a problem (the members of the Problem schema) with every check. */
const NOT_READY = {
  type: 'object' as const,
  required: ['type', 'title', 'status', 'detail', 'code', 'checks'],
  properties: {
    type: { type: 'string' as const, example: 'https://arbiter.dev/problems/database-unavailable' },
    title: { type: 'string' as const },
    status: { type: 'integer' as const, example: 503 },
    detail: { type: 'string' as const },
    code: { type: 'string' as const, enum: ['DATABASE_UNAVAILABLE', 'UNAVAILABLE'] },
    requestId: { type: 'string' as const },
    instance: { type: 'string' as const },
    checks: {
      ...{},
      ...CHECKS,
      description: 'Each dependency (database, redis) with its status (up, degraded, down).',
    },
  },
};

@ApiTags('health')
@SkipThrottle()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly bus: RedisBus,
  ) {}

  @Get('health')
  @HealthCheck()
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  // Documented here rather than by terminus: its 503 is answered as a problem (see notReady).
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOkResponse({ description: 'The Health Check is successful', schema: READY })
  @ApiServiceUnavailableResponse({
    description:
      'Not ready: a problem naming the dependency that failed (code DATABASE_UNAVAILABLE when the ' +
      'database does not answer), with every check in `checks`. Retry-After says when to ask again.',
    headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
    content: {
      'application/problem+json': {
        schema: NOT_READY,
      },
    },
  })
  @ApiOperation({ summary: 'Readiness: the database answers (and, with REDIS_URL, whether Redis does)' })
  async ready(): Promise<HealthCheckResult> {
    try {
      return await this.health.check([
        () => this.database.pingCheck('database', { timeout: 2000 }),
        // Redis down does not make the instance unready: it answers requests alone, degraded.
        ...(this.bus.enabled ? [() => this.redis()] : []),
      ]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      throw notReady(error.getResponse() as Partial<HealthCheckResult>);
    }
  }

  private redis(): HealthIndicatorResult {
    const { state, since, dropped } = this.bus.status();
    const up = state === 'up';
    return {
      redis: {
        // Terminus answers 200 with an overall status "degraded" for this one.
        status: up ? ('up' as const) : ('degraded' as const),
        since,
        droppedMessages: dropped,
        ...(up
          ? {}
          : {
              message:
                'Redis is unreachable: live feed across instances and shared rate limits are degraded.',
            }),
      },
    };
  }
}

/** Terminus's 503 as a problem that names what failed (the database; shutting down). */
export function notReady(result: Partial<HealthCheckResult>): Problem {
  const checks = (result.details ?? {}) as Record<string, { status: string; message?: string }>;
  const failed = Object.entries(checks).filter(([, check]) => check.status === 'down');
  const names = failed.map(([name, check]) => (check.message ? `${name} (${check.message})` : name));
  const problem =
    result.status === 'shutting_down'
      ? new Problem('UNAVAILABLE', 'Not ready: this instance is shutting down.')
      : failed.some(([name]) => name === 'database')
        ? new Problem('DATABASE_UNAVAILABLE', `Not ready: the database does not answer: ${names.join('; ')}.`)
        : new Problem('UNAVAILABLE', `Not ready: ${names.join('; ') || 'a dependency failed'}.`);
  problem.members = { checks };
  return problem;
}
