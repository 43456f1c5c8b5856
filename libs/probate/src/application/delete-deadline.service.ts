import { Injectable } from '@nestjs/common';
import { assertIfMatch, CaseResourceReader, RemoveUseCase, UnitOfWork } from '@estate/shared-kernel';
import { ProbateResources } from './probate-resources';

@Injectable()
export class DeleteDeadline implements RemoveUseCase {
  constructor(
    private readonly resources: ProbateResources,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<void> {
    return this.uow.run(
      async (em) => {
        const deadline = await this.reader.load(this.resources.deadlines, scope, id);
        assertIfMatch(ifMatch, this.reader.etag(this.resources.deadlines, deadline));
        em.remove(deadline);
        await em.flush();
      },
      { caseId: scope.caseId },
    );
  }
}
