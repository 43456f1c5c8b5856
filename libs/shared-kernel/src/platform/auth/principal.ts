import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Tier } from '../config/app-config';
import type { OrgRole } from './identity.entities';

/** Who is calling: set by the AuthGuard from the bearer token. */
export interface Principal {
  userId: string;
  organizationId: string;
  tier: Tier;
  /**
   * The user's role in `organizationId` (contract-extensions §13.2). Typed nullable for the guests of §13.1 (a
   * collaborator without an organization), whom nothing creates yet: today every principal is an active member.
   */
  orgRole: OrgRole | null;
}

/** Whether the caller is an owner or an admin of its organization (organization-level management, §13.2, §14.4). */
export function managesOrganization(principal: Principal): boolean {
  return principal.orgRole === 'owner' || principal.orgRole === 'admin';
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
