import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, PatchUseCase, SingleResource } from '@estate/shared-kernel';
import type { Notarization } from '../domain/notarization';

/** `PATCH …/notarizations/{id}`: `title` and `notes` only (the patch DTO refuses every other field with `422`). */
@Injectable()
export class ReviseNotarization implements PatchUseCase {
  constructor(
    @InjectResource('notarization') private readonly notarizations: CaseResource<Notarization>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.notarizations, scope, id, ifMatch, (notarization, clock) =>
      notarization.revise(patch as { title?: string; notes?: string | null }, clock.now()),
    );
  }
}
