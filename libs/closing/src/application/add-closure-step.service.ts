import { Injectable } from '@nestjs/common';
import { CaseResource, CreateUseCase, InjectResource, JsonObject, SingleResource, writableFieldsOf } from '@estate/shared-kernel';
import type { ClosureStep, ClosureStepFields, SubTaskInput } from '../domain/closure-step';
import { ClosurePlanWrites } from './closure-plan-writes';
import { SubTaskContacts } from './ports/sub-task-contacts.port';

/** `POST …/closure/steps`: a step with its sub-tasks, added to the case's closure plan. */
@Injectable()
export class AddClosureStep implements CreateUseCase {
  constructor(
    @InjectResource('closure step') private readonly closureSteps: CaseResource<ClosureStep>,
    private readonly plans: ClosurePlanWrites,
    private readonly contacts: SubTaskContacts,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    const fields = writableFieldsOf<ClosureStepFields>(this.closureSteps, body);
    return this.plans.change(scope, async ({ plan, em, now, today }) => {
      await this.contacts.assertOfCase(scope.caseId, (body.sub_tasks as SubTaskInput[] | undefined) ?? [], 'sub_tasks');
      const step = plan.add(scope.caseId, fields, now, today);
      em.persist(step);
      return step;
    }).then((step) => this.plans.present(step));
  }
}
