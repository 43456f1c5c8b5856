import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, mergedPatch, PatchUseCase, SingleResource } from '@estate/shared-kernel';
import type { ClaimFields, CreditorClaim } from '../domain/creditor-claim';

/** `#13`: accept, reject or mark a claim paid, or edit it — a merge patch whose result the claim's rules check. */
@Injectable()
export class ReviseCreditorClaim implements PatchUseCase {
  constructor(
    @InjectResource('creditor claim') private readonly claims: CaseResource<CreditorClaim>,
    private readonly writes: AggregateWrites,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.claims, scope, id, ifMatch, async (claim, clock) => {
      // The patch alone was valid; the claim it produces must be too (a merged address keeps its city).
      const { fields } = await mergedPatch<ClaimFields>(this.claims, claim, patch);
      claim.revise(fields, clock.now());
    });
  }
}
