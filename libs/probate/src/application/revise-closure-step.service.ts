import { Injectable } from '@nestjs/common';
import { applyMergePatch, asJsonObject, assertIfMatch, CaseResource, CaseResourceReader, Clock, InjectResource, JsonObject, PatchUseCase, SingleResource, UnitOfWork, validateAgainst } from '@estate/shared-kernel';
import type { ClosureStep } from '../domain/closure-step';
import type { ClosureStepDocument } from '../domain/closure-step';
import { loadClosurePlan, stepOf, ClosurePlanEvents } from './closure-plans';
import { SubTaskContacts } from './ports/sub-task-contacts.port';

/** `PATCH …/closure/steps/{step_id}`: a merge patch of the step (`sub_tasks`, an array, is replaced whole). */
@Injectable()
export class ReviseClosureStep implements PatchUseCase {
  constructor(
    @InjectResource('closure step') private readonly closureSteps: CaseResource<ClosureStep>,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
    private readonly planEvents: ClosurePlanEvents,
    private readonly contacts: SubTaskContacts,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const plan = await loadClosurePlan(em, scope.caseId);
        const before = this.planEvents.snapshot(plan);
        const step = stepOf(plan, id);
        assertIfMatch(ifMatch, this.reader.etag(this.closureSteps, step));
        const merged = applyMergePatch(asJsonObject(step.document()), patch);
        await validateAgainst(this.closureSteps.create, merged);
        const document = merged as unknown as ClosureStepDocument;
        if ('sub_tasks' in patch) await this.contacts.assertOfCase(scope.caseId, document.sub_tasks ?? [], 'sub_tasks');
        plan.revise(step, document, 'status' in patch, this.clock.now(), this.clock.today());
        await em.flush();
        await this.planEvents.tell(em, scope, plan, before);
        return this.reader.present(this.closureSteps, step);
      },
      { caseId: scope.caseId },
    );
  }
}
