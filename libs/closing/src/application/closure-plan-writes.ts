import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { assertIfMatch, CaseResource, CaseResourceReader, Clock, InjectResource, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import type { ClosurePlan, ClosureStep } from '../domain/closure-step';
import { ClosurePlanEvents, loadClosurePlan, stepOf } from './closure-plans';
import { ClosureRequestProgress } from './closure-request-progress';

/** What a change of the closure plan is handed: the plan, its transaction and the moment of the change. */
export interface PlanChange {
  plan: ClosurePlan;
  em: EntityManager;
  now: Date;
  today: string;
  /** A step of the plan, its `If-Match` checked (`404` when the plan has no such step). */
  step(id: string, ifMatch: string | undefined): ClosureStep;
}

/**
 * The one shape of every write of a case's closure plan: under the case lock, load the plan, change it, flush, and
 * tell the events of every step whose view moved (one write can move several steps through their prerequisites);
 * then the case's open closure requests follow their steps (contract-extensions §15.1).
 */
@Injectable()
export class ClosurePlanWrites {
  constructor(
    @InjectResource('closure step') private readonly closureSteps: CaseResource<ClosureStep>,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
    private readonly planEvents: ClosurePlanEvents,
    private readonly requests: ClosureRequestProgress,
  ) {}

  change<T>(scope: { caseId: string }, work: (change: PlanChange) => Promise<T> | T): Promise<T> {
    return this.uow.run(
      async (em) => {
        const plan = await loadClosurePlan(em, scope.caseId);
        const before = this.planEvents.snapshot(plan);
        const step = (id: string, ifMatch: string | undefined) => {
          const found = stepOf(plan, id);
          assertIfMatch(ifMatch, this.reader.etag(this.closureSteps, found));
          return found;
        };
        const now = this.clock.now();
        const today = this.clock.today();
        const result = await work({ plan, em, now, today, step });
        await em.flush();
        await this.planEvents.tell(em, scope, plan, before);
        await this.requests.follow(em, scope.caseId, plan, now, today);
        return result;
      },
      { caseId: scope.caseId },
    );
  }

  present(step: ClosureStep): SingleResource {
    return this.reader.present(this.closureSteps, step);
  }
}
