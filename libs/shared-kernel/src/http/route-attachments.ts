import { ModulesContainer } from '@nestjs/core';

type Handler = (...args: unknown[]) => unknown;

/** A route handler as Nest will register it: the function, its controller class and its method name. */
export interface RouteHandler {
  handler: Handler;
  controller: new (...args: never[]) => unknown;
  name: string;
}

/**
 * Puts `instance` first in the `metadataKey` list (`__interceptors__`, `__pipes__`) of every handler `applies` to, as
 * `@UseInterceptors` / `@UsePipes` on that handler would (issue 7): a global interceptor or pipe runs on every route,
 * and costs every request its promises even where it has nothing to do. Must run before Nest registers its routes
 * (a module's `configure`). An instance is attached, not a class, so no module has to provide it; attaching again
 * (another app in the same process) replaces the earlier instance of the same class.
 */
export function attachToRoutes(modules: ModulesContainer, metadataKey: string, instance: object, applies: (route: RouteHandler) => boolean): void {
  const kind = instance.constructor;
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as RouteHandler['controller'] | undefined;
      if (typeof controller !== 'function') continue;
      for (const [name, handler] of handlersOf(controller.prototype)) {
        if (!applies({ handler, controller, name })) continue;
        const others = ((Reflect.getMetadata(metadataKey, handler) as unknown[] | undefined) ?? []).filter((each) => !(each instanceof kind));
        Reflect.defineMetadata(metadataKey, [instance, ...others], handler);
      }
    }
  }
}

function handlersOf(prototype: object | undefined): Map<string, Handler> {
  const handlers = new Map<string, Handler>();
  for (let current = prototype; current && current !== Object.prototype; current = Object.getPrototypeOf(current)) {
    for (const name of Object.getOwnPropertyNames(current)) {
      if (name === 'constructor' || handlers.has(name)) continue;
      const descriptor = Object.getOwnPropertyDescriptor(current, name);
      if (typeof descriptor?.value === 'function') handlers.set(name, descriptor.value);
    }
  }
  return handlers;
}
