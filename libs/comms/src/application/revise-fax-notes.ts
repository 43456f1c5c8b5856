import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, PatchUseCase, SingleResource } from '@estate/shared-kernel';
import type { Fax } from '../domain/fax';

/**
 * `PATCH …/faxes/{fax_id}`: `notes` is the only writable field (contract-extensions §11.5: only the processor moves a
 * fax); every other field is read-only or create-only in the declaration, so its patch body refuses it with `422`.
 */
@Injectable()
export class ReviseFaxNotes implements PatchUseCase {
  constructor(
    @InjectResource('fax') private readonly resource: CaseResource<Fax>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.resource, scope, id, ifMatch, (fax, clock) => {
      if ('notes' in patch) fax.reviseNotes((patch.notes as string | null) ?? null, clock.now());
    });
  }
}
