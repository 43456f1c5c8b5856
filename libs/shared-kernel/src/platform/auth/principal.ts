import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Tier } from '../config/app-config';
import { ForbiddenError } from '../errors/domain-error';
import type { OrgRole } from './org-role';
import type { CollaboratorRole } from './collaborator-role';

export type { CollaboratorRole };

/** Who is calling: set by the AuthGuard from the bearer token. */
export interface Principal {
  userId: string;
  /** Null for a guest (contract-extensions §13.1): a collaborator without an organization, who reaches only its shared cases. */
  organizationId: string | null;
  /** Null for a guest, who is limited in a window of its own of the `pro` size. */
  tier: Tier | null;
  /** The user's role in `organizationId` (contract-extensions §13.2); null for a guest. */
  orgRole: OrgRole | null;
  /**
   * The cases shared with the user as an accepted collaborator, by case id, with its role there (contract-extensions
   * §13.1, §13.3). Loaded with the principal in its one query and cached with it; any collaborator change drops the
   * cached principals on every process (the `principals` notification), so a removed collaborator is refused at once.
   */
  collaborations: Readonly<Record<string, CollaboratorRole>>;
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

/**
 * The caller's organization, for a route of the organization's own (its members, webhooks, events, a new case): a
 * guest (contract-extensions §13.1), who has none, is refused `403 forbidden`.
 */
export function memberOrganizationOf(principal: Principal): string {
  if (principal.organizationId === null) throw new ForbiddenError('A guest reaches only the cases shared with it.');
  return principal.organizationId;
}
