import { Injectable } from '@nestjs/common';
import { DocumentReferrer, DocumentReferrers } from '@estate/documents';
import { PlainQuery } from '@estate/shared-kernel';

const UNCLAIMED_PROPERTY_NAMING_DOCUMENT = 'select id from unclaimed_properties where case_id = $1 and document_ids @> $2::jsonb order by id';

/**
 * The unclaimed property of a case that names a document in `document_ids` (a JSON array, which the documents'
 * declared-reference lookup cannot see): registered with the documents' `DocumentReferences`, so deleting such a
 * document is `409 document_in_use` naming each record. Read in the deletion's transaction.
 */
@Injectable()
export class UnclaimedPropertyDocumentReferrers extends DocumentReferrers {
  constructor(private readonly sql: PlainQuery) {
    super();
  }

  async namingDocument(caseId: string, documentId: string): Promise<DocumentReferrer[]> {
    const rows = await this.sql.rows<{ id: string }>(UNCLAIMED_PROPERTY_NAMING_DOCUMENT, [caseId, JSON.stringify([documentId])]);
    return rows.map((row) => ({ type: 'unclaimed_property', id: row.id }));
  }
}
