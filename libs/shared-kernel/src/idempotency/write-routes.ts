import { NestInterceptor, RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { attachToRoutes } from '../http/route-attachments';

/** Routes that may write: the unit of work decides by the request's method for a route that answers every method. */
const WRITE_ROUTE_METHODS = new Set<RequestMethod>([RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE, RequestMethod.ALL]);

/**
 * The unit of work on every write route and on no read (issue 7): any interceptor at all puts a route on Nest's rxjs
 * pipeline, about a tenth of the CPU of a `GET`.
 */
export function interceptWriteRoutes(modules: ModulesContainer, interceptor: NestInterceptor): void {
  attachToRoutes(modules, INTERCEPTORS_METADATA, interceptor, ({ handler }) => {
    const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
    return method !== undefined && WRITE_ROUTE_METHODS.has(method);
  });
}
