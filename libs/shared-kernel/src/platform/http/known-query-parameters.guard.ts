import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiQuery, ApiQueryOptions } from '@nestjs/swagger';
import type { Request } from 'express';
import { BadRequestError, ErrorDetail } from '../errors/domain-error';
import { closestName } from './closest-name';

export const ACCEPTS_ANY_QUERY = 'estate:accepts-any-query';
const QUERY_PARAMETERS = 'estate:query-parameters';

/**
 * Declares a query parameter of a route: in its reference (`@ApiQuery`) and for KnownQueryParametersGuard, which
 * answers 400 to any other. @nestjs/swagger keeps what `@ApiQuery` records under a key of its own, not exported from
 * its root, so the kernel records the name itself; routes declare their query parameters with this, never `@ApiQuery`
 * (`npm run arch` checks).
 */
export function QueryParameter(options: ApiQueryOptions & { name: string }): MethodDecorator {
  const documented = ApiQuery(options);
  return (target, key, descriptor) => {
    documented(target, key, descriptor);
    const names = (Reflect.getMetadata(QUERY_PARAMETERS, descriptor.value as object) ?? []) as string[];
    Reflect.defineMetadata(QUERY_PARAMETERS, [...names, options.name], descriptor.value as object);
  };
}

/**
 * Marks a route that takes query parameters it does not declare: a private calendar address, which calendar
 * applications call with parameters of their own.
 */
export const AcceptsAnyQuery = () => SetMetadata(ACCEPTS_ANY_QUERY, true);

/** `undefined` for a route that accepts any parameter. */
type Known = ReadonlySet<string> | undefined;

/**
 * An unknown query parameter on a `/v1` route is `400 bad_request`, one `details` item per unknown name with the
 * nearest known one when there is one: a mistyped filter (`stauts=closed`) must not answer an unfiltered list. What a
 * route knows is what it declares for its reference (`@QueryParameter`, and `ApiList` for every list: page, sort, cursor
 * and the declaration's filters), so the check and the document cannot disagree and a new resource gets both at once.
 * Runs after the request guard: who calls, how often and whether the case is theirs are answered first.
 */
@Injectable()
export class KnownQueryParametersGuard implements CanActivate {
  /** A handler's declared parameters never change after start-up: gathered once per handler. */
  private readonly knownOf = new WeakMap<object, { known: Known }>();

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const names = Object.keys(req.query ?? {});
    if (names.length === 0 || !req.path.startsWith('/v1/')) return true;
    const { known } = this.declared(context);
    if (known === undefined) return true;
    const unknown = names.filter((name) => !known.has(name));
    if (unknown.length === 0) return true;
    throw new BadRequestError(unknown.length === 1 ? 'Unknown query parameter.' : 'Unknown query parameters.', unknown.map((name) => unknownDetail(name, known)));
  }

  private declared(context: ExecutionContext): { known: Known } {
    const handler = context.getHandler();
    let entry = this.knownOf.get(handler);
    if (!entry) {
      const acceptsAny = this.reflector.getAllAndOverride<boolean>(ACCEPTS_ANY_QUERY, [handler, context.getClass()]) === true;
      const known = new Set(this.reflector.get<string[] | undefined>(QUERY_PARAMETERS, handler) ?? []);
      entry = { known: acceptsAny ? undefined : known };
      this.knownOf.set(handler, entry);
    }
    return entry;
  }
}

function unknownDetail(name: string, known: ReadonlySet<string>): ErrorDetail {
  if (known.size === 0) return { field: name, message: `${name} is not a query parameter of this route, which takes none`, reason: 'unknown_parameter' };
  const near = closestName(name, known);
  if (near) return { field: name, message: `${name} is not a query parameter of this route; did you mean \`${near}\`?`, reason: 'unknown_parameter' };
  return { field: name, message: `${name} is not a query parameter of this route; it takes ${[...known].map((each) => `\`${each}\``).join(', ')}`, reason: 'unknown_parameter' };
}
