import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { CaseResourceReader, Clock, CreateUseCase, JsonObject, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import { DeadlineChanges, ProbateDeadline } from '../domain/probate-deadline';
import { ProbateResources } from './probate-resources';

/** `POST …/probate/deadlines`: a deadline entered by hand (its body already validated by the DTO). */
@Injectable()
export class CreateDeadline implements CreateUseCase {
  constructor(
    private readonly resources: ProbateResources,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const input = body as unknown as DeadlineChanges & { title: string; type: ProbateDeadline['type']; due_date: string };
        const deadline = ProbateDeadline.create(ulid(), scope.caseId, input, this.clock.now(), this.clock.today());
        em.persist(deadline);
        await em.flush();
        return this.reader.present(this.resources.deadlines, deadline);
      },
      { caseId: scope.caseId },
    );
  }
}
