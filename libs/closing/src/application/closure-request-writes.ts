import { Injectable } from '@nestjs/common';
import { assertIfMatch, CaseResource, CaseResourceReader, InjectResource, ResourceEvents, SingleResource, subjectOf, UnitOfWork } from '@estate/shared-kernel';
import type { ClosureRequest } from '../domain/closure-request';
import { ClosurePlanWrites, PlanChange } from './closure-plan-writes';

/**
 * The one shape of a closure request's own writes (contract-extensions §15.1): one transaction holding the case row,
 * the request made or moved inside a change of the case's closure plan (its steps change with it, and are told first),
 * then the request presented and told as `closure_request.created` or its change.
 */
@Injectable()
export class ClosureRequestWrites {
  constructor(
    @InjectResource('closure request') private readonly resource: CaseResource<ClosureRequest>,
    private readonly plans: ClosurePlanWrites,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
  ) {}

  /** A new request, made (and persisted) by `make` with its steps. */
  add(scope: { caseId: string }, make: (change: PlanChange) => Promise<ClosureRequest>): Promise<SingleResource> {
    return this.write(scope, async (change) => ({ request: await make(change), before: null }));
  }

  /** One move of an existing request of the case, conditional on `If-Match` (404 for another case's). */
  change(scope: { caseId: string }, id: string, ifMatch: string | undefined, move: (request: ClosureRequest, change: PlanChange) => Promise<void>): Promise<SingleResource> {
    return this.write(scope, async (change) => {
      const request = await this.reader.load(this.resource, { caseId: scope.caseId }, id);
      assertIfMatch(ifMatch, this.reader.etag(this.resource, request));
      const before = this.reader.view(this.resource, request);
      await move(request, change);
      return { request, before };
    });
  }

  private write(scope: { caseId: string }, work: (change: PlanChange) => Promise<{ request: ClosureRequest; before: Record<string, unknown> | null }>): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const { request, before } = await this.plans.change(scope, work);
        await em.flush();
        const presented = this.reader.present(this.resource, request);
        const subject = subjectOf(this.resource, scope);
        const view = presented.data as Record<string, unknown>;
        await (before === null ? this.events.created(em, subject, view) : this.events.changed(em, subject, before, view));
        return presented;
      },
      { caseId: scope.caseId },
    );
  }
}
