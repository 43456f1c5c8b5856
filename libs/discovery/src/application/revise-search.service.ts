import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, PatchUseCase, SingleResource } from '@estate/shared-kernel';
import type { Search } from '../domain/search';
import { PendingSearchesProjection } from './pending-searches-projection';

/** `#10`: the results summary and a forward status move; the case is told (its `pending_searches`, its ETag). */
@Injectable()
export class ReviseSearch implements PatchUseCase {
  constructor(
    @InjectResource('search') private readonly searches: CaseResource<Search>,
    private readonly writes: AggregateWrites,
    private readonly pending: PendingSearchesProjection,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.pending.keptAfter(scope.caseId, () =>
      this.writes.change(this.searches, scope, id, ifMatch, (search, clock) => search.revise(patch as Parameters<Search['revise']>[0], clock.now())),
    );
  }
}
