import { Injectable } from '@nestjs/common';
import { RemoveUseCase } from '@estate/shared-kernel';
import { ClosurePlanWrites } from './closure-plan-writes';
import { ClosureRequestProgress } from './closure-request-progress';

/**
 * `DELETE …/closure/steps/{step_id}`: the step leaves the plan and the prerequisites of the other steps (and the
 * `step_ids` of a closure request that ended; one of an open request stays, `409 invalid_state`).
 */
@Injectable()
export class RemoveClosureStep implements RemoveUseCase {
  constructor(
    private readonly plans: ClosurePlanWrites,
    private readonly requests: ClosureRequestProgress,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<void> {
    return this.plans.change(scope, async ({ plan, em, now, today, step: stepFor }) => {
      const step = stepFor(id, ifMatch);
      await this.requests.stepLeaving(em, scope.caseId, step.id, now);
      plan.remove(step, now, today);
      em.remove(step);
    });
  }
}
