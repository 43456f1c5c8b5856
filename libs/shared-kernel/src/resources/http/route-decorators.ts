import { applyDecorators, Body, UseInterceptors } from '@nestjs/common';
import { UnitOfWorkInterceptor } from '../../platform/idempotency/unit-of-work.interceptor';
import { BodyValidationPipe } from '../validation/body-validation.pipe';

/**
 * Marks a route that writes: its handler runs in the unit of work (one transaction, the case row held first,
 * `Idempotency-Key` on POST). Put on every `@Post`/`@Put`/`@Patch`/`@Delete` route and on no read (issue 7): any
 * interceptor puts a route on Nest's rxjs pipeline, about a tenth of the CPU of a `GET`.
 * `test/route-attachments.e2e-spec.ts` fails on a write route without it.
 */
export function WriteRoute(): MethodDecorator {
  return applyDecorators(UseInterceptors(UnitOfWorkInterceptor));
}

/**
 * The request body, validated against the parameter's DTO class (422 with the fields at fault). Used instead of
 * `@Body()`: the pipe sits on this one parameter, so the route's other parameters (`@Req`, `@Query`) run no pipe.
 * `type` states the class where the parameter's type cannot name it: a body the kernel builds from a declaration's
 * fields (`@ValidBody(distributionResource.create)`).
 */
export function ValidBody(type?: new () => object): ParameterDecorator {
  const body = Body(BodyValidationPipe);
  if (!type) return body;
  return (target, key, index) => {
    const types = [...((Reflect.getMetadata('design:paramtypes', target, key as string | symbol) as unknown[] | undefined) ?? [])];
    types[index] = type;
    Reflect.defineMetadata('design:paramtypes', types, target, key as string | symbol);
    body(target, key, index);
  };
}
