import { RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA, PIPES_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { UnitOfWorkInterceptor } from '../libs/shared-kernel/src/platform/idempotency/unit-of-work.interceptor';
import { BodyValidationPipe } from '../libs/shared-kernel/src/resources/validation/body-validation.pipe';
import { UploadInterceptor } from '../libs/documents/src/http/upload.interceptor';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 7: the unit of work and body validation are attached per route, not globally, so a read runs neither. Every
 * write route must still get the unit of work (first), every route reading a body its validation, and no read either.
 * Issue 17: they are ordinary Nest decorators (`@WriteRoute()`, `@ValidBody()`), nothing rewrites the metadata at
 * start-up; this test reads what those decorators wrote (Nest's keys, for observation only) on every registered route.
 */
describe('kernel: what each route runs besides its handler (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function routes() {
    const found: Array<{ route: string; method: RequestMethod; interceptors: unknown[]; pipes: unknown[]; readsBody: boolean; bodyPipes: unknown[] }> = [];
    for (const module of t.app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as { prototype: object; name: string };
        const names = new Set<string>();
        for (let proto = controller.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
          for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') names.add(name);
        }
        for (const name of names) {
          const handler = (controller.prototype as Record<string, unknown>)[name];
          if (typeof handler !== 'function') continue;
          const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
          if (method === undefined) continue;
          const parameters = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) as Record<string, { pipes?: unknown[] }> | undefined) ?? {};
          const body = Object.entries(parameters).filter(([key]) => key.split(':')[0] === String(RouteParamtypes.BODY));
          found.push({
            route: `${controller.name}.${name}`,
            method,
            interceptors: Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? [],
            pipes: Reflect.getMetadata(PIPES_METADATA, handler) ?? [],
            readsBody: body.length > 0,
            bodyPipes: body.flatMap(([, parameter]) => parameter.pipes ?? []),
          });
        }
      }
    }
    return found;
  }

  it('puts the unit of work first on every write route and on no read', () => {
    const all = routes();
    const writes = all.filter((route) => [RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE].includes(route.method));
    const reads = all.filter((route) => route.method === RequestMethod.GET);
    expect(writes.length).toBeGreaterThan(40);
    expect(reads.length).toBeGreaterThan(40);
    // An upload is read (streamed to disk) before its unit of work opens, so a slow client never holds the case row.
    const reader = (interceptor: unknown) => typeof interceptor === 'function' && (interceptor === UploadInterceptor || interceptor.prototype instanceof UploadInterceptor);
    const uploads = writes.filter((route) => reader(route.interceptors[0]));
    expect(uploads.map((route) => route.route).sort()).toEqual(['DocumentsController.create', 'StatementsController.create']);
    const afterReading = (route: (typeof writes)[number]) => (uploads.includes(route) ? route.interceptors.slice(1) : route.interceptors);
    expect(writes.filter((route) => afterReading(route)[0] !== UnitOfWorkInterceptor).map((route) => route.route)).toEqual([]);
    expect(reads.filter((route) => route.interceptors.length > 0).map((route) => route.route)).toEqual([]);
  });

  it('validates the body on every route that reads one, and runs no pipe on the others', () => {
    const all = routes();
    expect(all.filter((route) => route.readsBody).length).toBeGreaterThan(20);
    expect(all.filter((route) => route.readsBody && route.bodyPipes[0] !== BodyValidationPipe).map((route) => route.route)).toEqual([]);
    // No pipe on a whole route: it would run for every parameter (`@Req`, `@Query`), reads included.
    expect(all.filter((route) => route.pipes.length > 0).map((route) => route.route)).toEqual([]);
  });

  it('still answers 422 for an invalid body and 201 for a valid one (the pipe runs)', async () => {
    const owner = await t.invite();
    const bad = await t.http().post('/v1/cases').set(owner.auth).send({ estate_value: 'priceless' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('validation_error');
    expect(bad.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'estate_value' })]));
    expect((await t.http().post('/v1/cases').set(owner.auth).send({ estate_value: 'under_25k' })).status).toBe(201);
  });
});
