import { Injectable } from '@nestjs/common';
import { CaseResource, InjectResource, JsonObject, mergedPatch, PatchUseCase, SingleResource } from '@estate/shared-kernel';
import type { ClosureStep, ClosureStepFields, SubTaskInput } from '../domain/closure-step';
import { ClosurePlanWrites } from './closure-plan-writes';
import { SubTaskContacts } from './ports/sub-task-contacts.port';

/** `PATCH …/closure/steps/{step_id}`: a merge patch of the step (`sub_tasks`, an array, is replaced whole). */
@Injectable()
export class ReviseClosureStep implements PatchUseCase {
  constructor(
    @InjectResource('closure step') private readonly closureSteps: CaseResource<ClosureStep>,
    private readonly plans: ClosurePlanWrites,
    private readonly contacts: SubTaskContacts,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.plans.change(scope, async ({ plan, now, today, step: stepFor }) => {
      const step = stepFor(id, ifMatch);
      // The status a merge patch applies to is the one written, not the one read (`blocked`, say).
      const { document, fields } = await mergedPatch<ClosureStepFields>(this.closureSteps, step, patch, { stored: { status: step.setStatus } });
      if ('sub_tasks' in patch) await this.contacts.assertOfCase(scope.caseId, (document.sub_tasks as SubTaskInput[] | undefined) ?? [], 'sub_tasks');
      plan.revise(step, fields, 'status' in patch, now, today);
      return step;
    }).then((step) => this.plans.present(step));
  }
}
