import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, PatchUseCase, SingleResource } from '@estate/shared-kernel';
import type { ProbateDeadline } from '../domain/probate-deadline';
import type { DeadlineChanges } from '../domain/probate-deadline';

/** `#14`: mark a deadline complete, reschedule it or edit it (a merge patch: only the sent fields change). */
@Injectable()
export class UpdateDeadline implements PatchUseCase {
  constructor(
    @InjectResource('probate deadline') private readonly deadlines: CaseResource<ProbateDeadline>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.deadlines, scope, id, ifMatch, (deadline, clock) =>
      deadline.update(patch as DeadlineChanges, clock.now(), clock.today()),
    );
  }
}
