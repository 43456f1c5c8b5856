import { Injectable } from '@nestjs/common';
import { assertIfMatch, CaseResource, CaseResourceReader, Clock, InjectResource, RemoveUseCase, UnitOfWork } from '@estate/shared-kernel';
import type { ClosureStep } from '../domain/closure-step';
import { loadClosurePlan, stepOf, ClosurePlanEvents } from './closure-plans';

/** `DELETE …/closure/steps/{step_id}`: the step leaves the plan and the prerequisites of the other steps. */
@Injectable()
export class RemoveClosureStep implements RemoveUseCase {
  constructor(
    @InjectResource('closure step') private readonly closureSteps: CaseResource<ClosureStep>,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
    private readonly planEvents: ClosurePlanEvents,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<void> {
    return this.uow.run(
      async (em) => {
        const plan = await loadClosurePlan(em, scope.caseId);
        const before = this.planEvents.snapshot(plan);
        const step = stepOf(plan, id);
        assertIfMatch(ifMatch, this.reader.etag(this.closureSteps, step));
        plan.remove(step, this.clock.now(), this.clock.today());
        em.remove(step);
        await em.flush();
        await this.planEvents.tell(em, scope, plan, before);
      },
      { caseId: scope.caseId },
    );
  }
}
