import { Injectable } from '@nestjs/common';
import { CaseResource, CaseResourceReader, Clock, CreateUseCase, InjectResource, JsonObject, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import type { ClosureStep } from '../domain/closure-step';
import type { ClosureStepDocument } from '../domain/closure-step';
import { loadClosurePlan, ClosurePlanEvents } from './closure-plans';
import { SubTaskContacts } from './ports/sub-task-contacts.port';

/** `POST …/closure/steps`: a step with its sub-tasks, added to the case's closure plan. */
@Injectable()
export class AddClosureStep implements CreateUseCase {
  constructor(
    @InjectResource('closure step') private readonly closureSteps: CaseResource<ClosureStep>,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
    private readonly planEvents: ClosurePlanEvents,
    private readonly contacts: SubTaskContacts,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const document = body as unknown as ClosureStepDocument;
        await this.contacts.assertOfCase(scope.caseId, document.sub_tasks ?? [], 'sub_tasks');
        const plan = await loadClosurePlan(em, scope.caseId);
        const before = this.planEvents.snapshot(plan);
        const step = plan.add(scope.caseId, document, this.clock.now(), this.clock.today());
        em.persist(step);
        await em.flush();
        await this.planEvents.tell(em, scope, plan, before);
        return this.reader.present(this.closureSteps, step);
      },
      { caseId: scope.caseId },
    );
  }
}
