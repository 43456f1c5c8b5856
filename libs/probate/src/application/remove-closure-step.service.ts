import { Injectable } from '@nestjs/common';
import { RemoveUseCase } from '@estate/shared-kernel';
import { ClosurePlanWrites } from './closure-plan-writes';

/** `DELETE …/closure/steps/{step_id}`: the step leaves the plan and the prerequisites of the other steps. */
@Injectable()
export class RemoveClosureStep implements RemoveUseCase {
  constructor(private readonly plans: ClosurePlanWrites) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<void> {
    return this.plans.change(scope, ({ plan, em, now, today, step: stepFor }) => {
      const step = stepFor(id, ifMatch);
      plan.remove(step, now, today);
      em.remove(step);
    });
  }
}
