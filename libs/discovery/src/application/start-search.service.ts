import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { AggregateWrites, CaseResource, CreateUseCase, InjectResource, JsonObject, SingleResource } from '@estate/shared-kernel';
import { Search } from '../domain/search';
import { PendingSearchesProjection } from './pending-searches-projection';

/** `POST …/searches`: a search of the case, `pending` unless the body says how far it already is; the case is told. */
@Injectable()
export class StartSearch implements CreateUseCase {
  constructor(
    @InjectResource('search') private readonly searches: CaseResource<Search>,
    private readonly writes: AggregateWrites,
    private readonly pending: PendingSearchesProjection,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.pending.keptAfter(scope.caseId, () =>
      this.writes.add(this.searches, scope, (clock) => Search.start(ulid(), scope.caseId, body as Parameters<typeof Search.start>[2], clock.now())),
    );
  }
}
