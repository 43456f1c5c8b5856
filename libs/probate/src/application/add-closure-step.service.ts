import { Injectable } from '@nestjs/common';
import { CreateUseCase, JsonObject, SingleResource } from '@estate/shared-kernel';
import type { ClosureStepDocument } from '../domain/closure-step';
import { ClosurePlanWrites } from './closure-plan-writes';
import { SubTaskContacts } from './ports/sub-task-contacts.port';

/** `POST …/closure/steps`: a step with its sub-tasks, added to the case's closure plan. */
@Injectable()
export class AddClosureStep implements CreateUseCase {
  constructor(
    private readonly plans: ClosurePlanWrites,
    private readonly contacts: SubTaskContacts,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    const document = body as unknown as ClosureStepDocument;
    return this.plans.change(scope, async ({ plan, em, now, today }) => {
      await this.contacts.assertOfCase(scope.caseId, document.sub_tasks ?? [], 'sub_tasks');
      const step = plan.add(scope.caseId, document, now, today);
      em.persist(step);
      return step;
    }).then((step) => this.plans.present(step));
  }
}
