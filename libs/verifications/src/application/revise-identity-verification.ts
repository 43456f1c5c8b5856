import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, PatchUseCase, SingleResource, ValidationFailedError } from '@estate/shared-kernel';
import type { IdentityVerification } from '../domain/identity-verification';
import { VerificationDocuments } from './ports/verification-documents.port';

/**
 * `PATCH …/identity-verifications/{id}` (contract-extensions §11.7): `notes`, and documents added to `document_ids`
 * (each a document of the case; none taken away, else 422). Only the processor sets the outcome, so nothing else is
 * writable; whatever the status, the record may be annotated.
 */
@Injectable()
export class ReviseIdentityVerification implements PatchUseCase {
  constructor(
    @InjectResource('identity verification') private readonly resource: CaseResource<IdentityVerification>,
    private readonly writes: AggregateWrites,
    private readonly documents: VerificationDocuments,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    const changes = patch as { notes?: string | null; document_ids?: string[] | null };
    return this.writes.change(this.resource, scope, id, ifMatch, async (verification, clock) => {
      const added = verification.additionsOf(changes.document_ids);
      const types = await this.documents.typesOf(scope.caseId, added);
      const unknown = added.filter((documentId) => !types.has(documentId));
      if (unknown.length > 0) {
        const index = (documentId: string) => (changes.document_ids as string[]).indexOf(documentId);
        throw new ValidationFailedError(
          unknown.map((documentId) => ({ field: `document_ids[${index(documentId)}]`, message: `document_ids[${index(documentId)}] must name a document of this case`, reason: 'rule' as const })),
        );
      }
      verification.revise(changes, clock.now());
    });
  }
}
