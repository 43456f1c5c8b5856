import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { misnamedCaseRoutes } from './case-access';

/**
 * Refuses to start when a route below `cases/` names its case other than `:case_id`: the access guard and the case
 * lock key on that parameter, so such a route would silently skip both. Every e2e test starts the app, so the suite
 * fails on such a route too.
 */
@Injectable()
export class CaseRouteAudit implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onApplicationBootstrap(): void {
    const paths: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const type = wrapper.metatype as (new () => object) | null;
      if (!type || !wrapper.instance) continue;
      const base = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      const prototype = Object.getPrototypeOf(wrapper.instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[method] as object;
        const routes = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (routes === undefined) continue;
        for (const prefix of base) for (const route of ([] as string[]).concat(routes)) paths.push(`${prefix}/${route}`.replace(/\/+/g, '/'));
      }
    }
    const misnamed = misnamedCaseRoutes(paths);
    if (misnamed.length > 0) {
      throw new Error(`routes below cases/ must name the case :case_id (access check and case lock): ${misnamed.join(', ')}`);
    }
  }
}
