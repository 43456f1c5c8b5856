import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { PublicRoute } from '../auth/principal';

/** Liveness and database reachability for load balancers (contract §9); no auth, outside /v1. */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly em: EntityManager) {}

  @PublicRoute()
  @Get('healthz')
  async health(@Res({ passthrough: true }) res: Response): Promise<{ status: string; database: string }> {
    try {
      await this.em.getConnection().execute('select 1');
      return { status: 'ok', database: 'up' };
    } catch {
      res.status(503);
      return { status: 'degraded', database: 'down' };
    }
  }
}
