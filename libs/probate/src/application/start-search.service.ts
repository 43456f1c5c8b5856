import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { AggregateWrites, CreateUseCase, JsonObject, SingleResource } from '@estate/shared-kernel';
import { Search } from '../domain/search';
import { PendingSearchesProjection } from './pending-searches-projection';
import { ProbateResources } from './probate-resources';

/** `POST …/searches`: a search of the case, `pending` unless the body says how far it already is; the case is told. */
@Injectable()
export class StartSearch implements CreateUseCase {
  constructor(
    private readonly resources: ProbateResources,
    private readonly writes: AggregateWrites,
    private readonly pending: PendingSearchesProjection,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.pending.keptAfter(scope.caseId, () =>
      this.writes.add(this.resources.searches, scope, (clock) => Search.start(ulid(), scope.caseId, body as Parameters<typeof Search.start>[2], clock.now())),
    );
  }
}
