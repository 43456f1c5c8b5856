import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseDocuments, documentIdsProblems } from '@estate/documents';
import { CaseResource, InjectResource, JsonObject, referenceProblems, ValidationFailedError } from '@estate/shared-kernel';
import type { UnclaimedProperty } from '../domain/unclaimed-property';

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
    const references = await referenceProblems(this.resource.references, document as never, em, caseId);
    const documentIds = (document.document_ids as string[] | null | undefined) ?? [];
    const found = new Set((await this.documents.describe(caseId, documentIds)).map((facts) => facts.id));
    const problems = [...references, ...documentIdsProblems(documentIds, found)];
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }
}
