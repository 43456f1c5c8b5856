import { Injectable } from '@nestjs/common';
import { applyMergePatch, asJsonObject, assertIfMatch, CaseResourceReader, Clock, JsonObject, PatchUseCase, SingleResource, UnitOfWork, validateAgainst } from '@estate/shared-kernel';
import type { ClaimDocument } from '../domain/creditor-claim';
import { ProbateResources } from './probate-resources';

/** `#13`: accept, reject or mark a claim paid, or edit it — a merge patch whose result the claim's rules check. */
@Injectable()
export class ReviseCreditorClaim implements PatchUseCase {
  constructor(
    private readonly resources: ProbateResources,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const claim = await this.reader.load(this.resources.claims, scope, id);
        assertIfMatch(ifMatch, this.reader.etag(this.resources.claims, claim));
        const merged = applyMergePatch(asJsonObject(claim.document()), patch);
        // The patch alone was valid; the claim it produces must be too (a merged address keeps its city).
        await validateAgainst(this.resources.claims.create, merged);
        claim.revise(merged as unknown as ClaimDocument, this.clock.now());
        await em.flush();
        return this.reader.present(this.resources.claims, claim);
      },
      { caseId: scope.caseId },
    );
  }
}
