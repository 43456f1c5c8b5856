import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Tier } from '../config/app-config';

/** Who is calling: set by the AuthGuard from the bearer token. */
export interface Principal {
  userId: string;
  organizationId: string;
  tier: Tier;
}

export interface AuthenticatedRequest {
  principal?: Principal;
}

export const PUBLIC_ROUTE = 'estate:public-route';

/** Marks a route that needs no token (health check). */
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE, true);

export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a public route');
  return principal;
});
