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
  /**
   * The cases shared with the user as an accepted collaborator, by case id, with its role there (contract-extensions
   * §13.1, §13.3). Loaded with the principal in its one query and cached with it; any collaborator change drops the
   * cached principals on every process (the `principals` notification), so a removed collaborator is refused at once.
   */
  collaborations: Readonly<Record<string, CollaboratorRole>>;
}

/** A collaborator's role on the one case it was invited onto (contract-extensions §13.3). */
export const COLLABORATOR_ROLES = ['owner', 'editor', 'viewer'] as const;
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number];

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
