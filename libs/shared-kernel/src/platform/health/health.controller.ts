import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { PublicRoute } from '../auth/principal';
import { SharedCounterStorage } from '../throttling/shared-counter.storage';

interface Health {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  redis?: 'up' | 'down';
}

/**
 * Liveness and dependencies for load balancers (contract §9); no auth, outside /v1. Without PostgreSQL nothing can be
 * served: 503. Without Redis the API serves on (rate limits counted per process): 200, `degraded`, so an operator
 * sees it while a load balancer keeps the instance in rotation. `redis` appears only when REDIS_URL is set.
 */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    private readonly counters: SharedCounterStorage,
  ) {}

  @PublicRoute()
  @Get('healthz')
  async health(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const [database, redis] = await Promise.all([this.database(), this.counters.checkRedis()]);
    if (database === 'down') res.status(503);
    const status = database === 'up' && redis !== 'down' ? 'ok' : 'degraded';
    return redis === undefined ? { status, database } : { status, database, redis };
  }

  private async database(): Promise<'up' | 'down'> {
    try {
      await this.em.getConnection().execute('select 1');
      return 'up';
    } catch {
      return 'down';
    }
  }
}
