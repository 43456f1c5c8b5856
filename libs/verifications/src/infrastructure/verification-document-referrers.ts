import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DocumentReferrer, DocumentReferrers } from '@estate/documents';
import { identityVerificationResource } from '../resources/identity-verification.resource';

/**
 * The identity verifications of a case that name a document in `document_ids` (§11.1: such a document is in use,
 * `409 document_in_use` names the verification), read in the deletion's transaction.
 */
@Injectable()
export class VerificationDocumentReferrers extends DocumentReferrers {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async namingDocument(caseId: string, documentId: string): Promise<DocumentReferrer[]> {
    const named = await this.em.find(identityVerificationResource.schema, { caseId, documentIds: { $contains: [documentId] } }, { fields: ['id'] });
    return named.map((verification) => ({ type: identityVerificationResource.eventKey, id: verification.id }));
  }
}
