import { Injectable } from '@nestjs/common';
import { JsonObject, NotFoundError, SingleResource } from '@estate/shared-kernel';
import type { SubTask } from '../domain/closure-step';
import { ClosurePlanWrites } from './closure-plan-writes';
import { SubTaskContacts } from './ports/sub-task-contacts.port';

/** `#15`: a merge patch of one sub-task; answers the whole step, whose status as read follows its sub-tasks. */
@Injectable()
export class ReviseSubTask {
  constructor(
    private readonly plans: ClosurePlanWrites,
    private readonly contacts: SubTaskContacts,
  ) {}

  execute(scope: { caseId: string }, stepId: string, subTaskId: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.plans.change(scope, async ({ plan, now, today, step: stepFor }) => {
      // The step's ETag guards the sub-task too: #15 answers the step.
      const step = stepFor(stepId, ifMatch);
      const changes = patch as Partial<Omit<SubTask, 'id'>>;
      if (changes.institution_contact_id) await this.contacts.assertOfCase(scope.caseId, [changes], '');
      if (!plan.reviseSubTask(step, subTaskId, changes, now, today)) throw new NotFoundError('sub-task');
      return step;
    }).then((step) => this.plans.present(step));
  }
}
