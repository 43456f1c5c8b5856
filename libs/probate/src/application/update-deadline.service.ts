import { Injectable } from '@nestjs/common';
import { assertIfMatch, CaseResourceReader, Clock, JsonObject, PatchUseCase, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import type { DeadlineChanges } from '../domain/probate-deadline';
import { ProbateResources } from './probate-resources';

/** `#14`: mark a deadline complete, reschedule it or edit it (a merge patch: only the sent fields change). */
@Injectable()
export class UpdateDeadline implements PatchUseCase {
  constructor(
    private readonly resources: ProbateResources,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const deadline = await this.reader.load(this.resources.deadlines, scope, id);
        assertIfMatch(ifMatch, this.reader.etag(this.resources.deadlines, deadline));
        deadline.update(patch as DeadlineChanges, this.clock.now(), this.clock.today());
        await em.flush();
        return this.reader.present(this.resources.deadlines, deadline);
      },
      { caseId: scope.caseId },
    );
  }
}
