import { Injectable } from '@nestjs/common';
import { assertIfMatch, CaseResource, CaseResourceReader, Clock, InjectResource, JsonObject, NotFoundError, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import type { ClosureStep } from '../domain/closure-step';
import type { SubTask } from '../domain/closure-step';
import { loadClosurePlan, stepOf, ClosurePlanEvents } from './closure-plans';
import { SubTaskContacts } from './ports/sub-task-contacts.port';

/** `#15`: a merge patch of one sub-task; answers the whole step, whose status as read follows its sub-tasks. */
@Injectable()
export class ReviseSubTask {
  constructor(
    @InjectResource('closure step') private readonly closureSteps: CaseResource<ClosureStep>,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
    private readonly planEvents: ClosurePlanEvents,
    private readonly contacts: SubTaskContacts,
  ) {}

  execute(scope: { caseId: string }, stepId: string, subTaskId: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const plan = await loadClosurePlan(em, scope.caseId);
        const before = this.planEvents.snapshot(plan);
        const step = stepOf(plan, stepId);
        // The step's ETag guards the sub-task too: #15 answers the step.
        assertIfMatch(ifMatch, this.reader.etag(this.closureSteps, step));
        const changes = patch as Partial<Omit<SubTask, 'id'>>;
        if (changes.institution_contact_id) await this.contacts.assertOfCase(scope.caseId, [changes], '');
        if (!plan.reviseSubTask(step, subTaskId, changes, this.clock.now(), this.clock.today())) throw new NotFoundError('sub-task');
        await em.flush();
        await this.planEvents.tell(em, scope, plan, before);
        return this.reader.present(this.closureSteps, step);
      },
      { caseId: scope.caseId },
    );
  }
}
