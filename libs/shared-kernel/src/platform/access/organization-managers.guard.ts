import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { AuthenticatedRequest } from '../auth/principal';
import { managesOrganization } from '../auth/principal';
import { ForbiddenError } from '../errors/domain-error';

/**
 * Organization-level management (contract-extensions §13.2, §14.4: webhook endpoints and their deliveries) is for the
 * organization's owners and admins: a member is `403 forbidden` before the handler runs, so nothing changes. Runs
 * after the request guard (the caller is known). Use with `@UseGuards(OrganizationManagersOnly)`.
 */
@Injectable()
export class OrganizationManagersOnly implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
    if (principal && !managesOrganization(principal)) throw new ForbiddenError('Only the organization\'s owners and admins may do this.');
    return true;
  }
}
