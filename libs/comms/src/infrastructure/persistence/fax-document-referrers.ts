import { Injectable } from '@nestjs/common';
import { DocumentReferrer, DocumentReferrers } from '@estate/documents';
import { PlainQuery } from '@estate/shared-kernel';

const FAXES_NAMING_DOCUMENT = 'select id from faxes where case_id = $1 and document_ids @> $2::jsonb order by id';

/**
 * The faxes of a case that name a document in `document_ids` (a JSON array, so the documents' declared-reference
 * lookup cannot see it): registered with the documents' `DocumentReferences`, so deleting such a document is
 * `409 document_in_use` naming each fax. Read in the deletion's transaction.
 */
@Injectable()
export class FaxDocumentReferrers extends DocumentReferrers {
  constructor(private readonly sql: PlainQuery) {
    super();
  }

  async namingDocument(caseId: string, documentId: string): Promise<DocumentReferrer[]> {
    const rows = await this.sql.rows<{ id: string }>(FAXES_NAMING_DOCUMENT, [caseId, JSON.stringify([documentId])]);
    return rows.map((row) => ({ type: 'fax', id: row.id }));
  }
}
