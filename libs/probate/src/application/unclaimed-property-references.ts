import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseDocuments } from '@estate/documents/ports';
import { CaseResource, InjectResource, JsonObject, referenceProblems, ValidationFailedError } from '@estate/shared-kernel';
import type { UnclaimedProperty } from '../domain/unclaimed-property';
import { caseDocumentIdsProblems } from './case-document-ids';

/**
 * What unclaimed property names outside itself (contract-extensions §10.0, §12.5): `search_id` a search of the case
 * (the declaration's reference), `document_ids` distinct documents of the case. Every problem at once, as `422`.
 */
@Injectable()
export class UnclaimedPropertyReferences {
  constructor(
    @InjectResource('unclaimed property') private readonly resource: CaseResource<UnclaimedProperty>,
    private readonly documents: CaseDocuments,
  ) {}

  async check(em: EntityManager, caseId: string, document: JsonObject): Promise<void> {
    const problems = [
      ...(await referenceProblems(this.resource.references, document as never, em, caseId)),
      ...(await caseDocumentIdsProblems(this.documents, caseId, (document.document_ids as string[] | null | undefined) ?? [])),
    ];
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }
}
