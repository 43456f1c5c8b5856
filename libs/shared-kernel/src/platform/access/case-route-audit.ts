import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';
import { misnamedCaseRoutes } from './case-access';

/** A layer of Express's router: a route's has the path it was registered with. */
interface RouterLayer {
  route?: { path?: unknown };
}

/**
 * Refuses to start when a route below `cases/` names its case other than `:case_id`: the access guard and the case
 * lock key on that parameter, so such a route would silently skip both. Every e2e test starts the app, so the suite
 * fails on such a route too. Reads the paths Nest registered with Express (by bootstrap they are all there), not
 * Nest's own metadata.
 */
@Injectable()
export class CaseRouteAudit implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const express = this.adapterHost.httpAdapter?.getInstance<Express>();
    const layers = (express?.router?.stack ?? []) as RouterLayer[];
    const paths = layers.flatMap((layer) => ([] as unknown[]).concat(layer.route?.path ?? [])).filter((path): path is string => typeof path === 'string');
    const misnamed = misnamedCaseRoutes(paths);
    if (misnamed.length > 0) {
      throw new Error(`routes below cases/ must name the case :case_id (access check and case lock): ${misnamed.join(', ')}`);
    }
  }
}
