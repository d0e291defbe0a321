import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import { RedisBus } from '../feed/redis-bus.service';

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
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: the database answers (and, with REDIS_URL, whether Redis does)' })
  ready() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 2000 }),
      // Redis down does not make the instance unready: it answers requests alone, degraded.
      ...(this.bus.enabled ? [() => this.redis()] : []),
    ]);
  }

  private redis() {
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
