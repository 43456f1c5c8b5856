import { Injectable } from '@nestjs/common';
import { assertIfMatch, CaseResourceReader, Clock, JsonObject, PatchUseCase, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import type { Search } from '../domain/search';
import { ProbateResources } from './probate-resources';

/** `#10`: the results summary and a forward status move. */
@Injectable()
export class ReviseSearch implements PatchUseCase {
  constructor(
    private readonly resources: ProbateResources,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const search = await this.reader.load(this.resources.searches, scope, id);
        assertIfMatch(ifMatch, this.reader.etag(this.resources.searches, search));
        search.revise(patch as Parameters<Search['revise']>[0], this.clock.now());
        await em.flush();
        return this.reader.present(this.resources.searches, search);
      },
      { caseId: scope.caseId },
    );
  }
}
