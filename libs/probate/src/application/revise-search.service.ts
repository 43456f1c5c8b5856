import { Injectable } from '@nestjs/common';
import { assertIfMatch, CaseResourceReader, Clock, JsonObject, PatchUseCase, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import type { Search } from '../domain/search';
import { searchResource } from '../resources/search.resource';

/** `#10`: the results summary and a forward status move. */
@Injectable()
export class ReviseSearch implements PatchUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const search = await this.reader.load(searchResource, scope, id);
        assertIfMatch(ifMatch, this.reader.etag(searchResource, search));
        search.revise(patch as Parameters<Search['revise']>[0], this.clock.now());
        await em.flush();
        return this.reader.present(searchResource, search);
      },
      { caseId: scope.caseId },
    );
  }
}
