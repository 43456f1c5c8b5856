import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { CaseResourceReader, Clock, CreateUseCase, JsonObject, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import { Search } from '../domain/search';
import { ProbateResources } from './probate-resources';

/** `POST …/searches`: a search of the case, `pending` unless the body says how far it already is. */
@Injectable()
export class StartSearch implements CreateUseCase {
  constructor(
    private readonly resources: ProbateResources,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const search = Search.start(ulid(), scope.caseId, body as Parameters<typeof Search.start>[2], this.clock.now());
        em.persist(search);
        await em.flush();
        return this.reader.present(this.resources.searches, search);
      },
      { caseId: scope.caseId },
    );
  }
}
