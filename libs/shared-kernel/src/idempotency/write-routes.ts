import { NestInterceptor, RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';

/** Routes that may write: the unit of work decides by the request's method for a route that answers every method. */
const WRITE_ROUTE_METHODS = new Set<RequestMethod>([RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE, RequestMethod.ALL]);

/**
 * Puts `interceptor` first on every write route of every controller, as `@UseInterceptors` on each handler would
 * (issue 7): a global interceptor would run on every read as well, and any interceptor at all puts a route on Nest's
 * rxjs pipeline, about a tenth of the CPU of a `GET`. Must run before Nest registers its routes (a module's
 * `configure`). An instance is attached, not a class, so no module has to provide it; applying it again (another app
 * in the same process) replaces the earlier instance.
 */
export function interceptWriteRoutes(modules: ModulesContainer, interceptor: NestInterceptor): void {
  const kind = interceptor.constructor;
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      for (const handler of handlersOf(wrapper.metatype?.prototype)) {
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined || !WRITE_ROUTE_METHODS.has(method)) continue;
        const others = ((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? []).filter((each) => !(each instanceof kind));
        Reflect.defineMetadata(INTERCEPTORS_METADATA, [interceptor, ...others], handler);
      }
    }
  }
}

function handlersOf(prototype: object | undefined): Set<(...args: unknown[]) => unknown> {
  const handlers = new Set<(...args: unknown[]) => unknown>();
  for (let current = prototype; current && current !== Object.prototype; current = Object.getPrototypeOf(current)) {
    for (const name of Object.getOwnPropertyNames(current)) {
      if (name === 'constructor') continue;
      const descriptor = Object.getOwnPropertyDescriptor(current, name);
      if (typeof descriptor?.value === 'function') handlers.add(descriptor.value);
    }
  }
  return handlers;
}
