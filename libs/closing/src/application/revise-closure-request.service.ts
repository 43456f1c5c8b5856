import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, PatchUseCase, SingleResource } from '@estate/shared-kernel';
import type { ClosureRequest } from '../domain/closure-request';

/** `PATCH …/closure/requests/{request_id}`: `notes` is the only writable field (contract-extensions §15.1). */
@Injectable()
export class ReviseClosureRequest implements PatchUseCase {
  constructor(
    @InjectResource('closure request') private readonly resource: CaseResource<ClosureRequest>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.resource, scope, id, ifMatch, (request, clock) => {
      if ('notes' in patch) request.reviseNotes((patch.notes as string | null) ?? null, clock.now());
    });
  }
}
