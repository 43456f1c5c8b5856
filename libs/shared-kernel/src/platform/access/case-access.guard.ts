import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { AuthenticatedRequest } from '../auth/principal';
import { ForbiddenError, NotFoundError } from '../errors/domain-error';
import {
  CASE_ID_PARAM,
  CaseOwnership,
  COLLABORATOR_WRITES,
  collaboratorMay,
  CollaboratorWriteRule,
  FOREIGN_CASE_ANSWER,
  ForeignCaseAnswer,
  GUEST_READS,
  markCaseAccessChecked,
} from './case-access';

/**
 * Refuses every route with a `case_id` parameter unless the case belongs to the caller's organization or is shared
 * with the caller as an accepted collaborator whose role allows the route (contract-extensions §13.1).
 */
@Injectable()
export class CaseAccessGuard implements CanActivate {
  private ownership?: CaseOwnership;

  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Answers at once for a case whose owner this process already knows (issue 7); else asks the port. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const caseId = req.params?.[CASE_ID_PARAM] as string | undefined;
    if (!req.principal) return true;
    if (caseId === undefined) return this.outsideCases(context, req);
    this.ownership ??= this.moduleRef.get(CaseOwnership, { strict: false });
    const known = this.ownership.knownOrganizationOf(caseId);
    if (known !== undefined) return this.decide(context, req, caseId, known);
    return this.ownership.organizationOf(caseId).then((owner) => this.decide(context, req, caseId, owner));
  }

  /**
   * A guest (contract-extensions §13.1: a collaborator without an organization) reaches its shared cases and, outside
   * them, only the reads their contexts declare `GuestReads` (itself, the list of its cases, their events, the shipped
   * probate reference data and forms): creating a case, and every route of an organization, is `403`.
   */
  private outsideCases(context: ExecutionContext, req: Request & AuthenticatedRequest): true {
    if (req.principal!.organizationId !== null) return true;
    if ((req.method === 'GET' || req.method === 'HEAD') && this.reflector.getAllAndOverride<boolean>(GUEST_READS, [context.getHandler(), context.getClass()]) === true) return true;
    throw new ForbiddenError('A guest reaches only the cases shared with it.');
  }

  private decide(context: ExecutionContext, req: Request & AuthenticatedRequest, caseId: string, owner: string | undefined): true {
    const principal = req.principal!;
    if (owner !== undefined && owner === principal.organizationId) {
      markCaseAccessChecked(req, caseId, owner);
      return true;
    }
    // The one place a collaborator's role is decided (contract-extensions §13.1): the route's method and declared rule.
    const role = owner === undefined ? undefined : principal.collaborations[caseId];
    if (role !== undefined) {
      const rule = this.reflector.getAllAndOverride<CollaboratorWriteRule | undefined>(COLLABORATOR_WRITES, [context.getHandler(), context.getClass()]);
      if (!collaboratorMay(role, req.method, rule)) throw new ForbiddenError(`A collaborator with the role ${role} may not do this on the case.`);
      markCaseAccessChecked(req, caseId, owner);
      return true;
    }
    const answer = this.reflector.getAllAndOverride<ForeignCaseAnswer>(FOREIGN_CASE_ANSWER, [context.getHandler(), context.getClass()]);
    if (owner !== undefined && answer === 'forbidden') throw new ForbiddenError('This case belongs to another organization.');
    throw new NotFoundError('case');
  }
}
