import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { AuthenticatedRequest } from '../auth/principal';
import { ForbiddenError, NotFoundError } from '../errors/domain-error';
import { CASE_ID_PARAM, CaseOwnership, FOREIGN_CASE_ANSWER, ForeignCaseAnswer, markCaseAccessChecked } from './case-access';

/** Refuses every route with a `case_id` parameter unless the case belongs to the caller's organization. */
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
    if (caseId === undefined || !req.principal) return true;
    this.ownership ??= this.moduleRef.get(CaseOwnership, { strict: false });
    const known = this.ownership.knownOrganizationOf(caseId);
    if (known !== undefined) return this.decide(context, req, caseId, known);
    return this.ownership.organizationOf(caseId).then((owner) => this.decide(context, req, caseId, owner));
  }

  private decide(context: ExecutionContext, req: AuthenticatedRequest, caseId: string, owner: string | undefined): true {
    if (owner === req.principal!.organizationId) {
      markCaseAccessChecked(req, caseId);
      return true;
    }
    const answer = this.reflector.getAllAndOverride<ForeignCaseAnswer>(FOREIGN_CASE_ANSWER, [context.getHandler(), context.getClass()]);
    if (owner !== undefined && answer === 'forbidden') throw new ForbiddenError('This case belongs to another organization.');
    throw new NotFoundError('case');
  }
}
