import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, PatchUseCase, SingleResource } from '@estate/shared-kernel';
import type { Search } from '../domain/search';

/** `#10`: the results summary and a forward status move. */
@Injectable()
export class ReviseSearch implements PatchUseCase {
  constructor(
    @InjectResource('search') private readonly searches: CaseResource<Search>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.searches, scope, id, ifMatch, (search, clock) =>
      search.revise(patch as Parameters<Search['revise']>[0], clock.now()),
    );
  }
}
