import type { EntityManager } from '@mikro-orm/postgresql';
import type { DocumentReferrer } from '@estate/documents/ports';

/**
 * The filings of a case that name a document in `document_ids` (a JSON array, so the documents' declared-reference
 * lookup cannot see it): registered with the documents' `DocumentReferences`, so deleting such a document is
 * `409 document_in_use` naming each filing.
 */
export async function filingsNamingDocument(em: EntityManager, caseId: string, documentId: string): Promise<DocumentReferrer[]> {
  const rows: Array<{ id: string }> = await em.execute('select id from probate_filings where case_id = ? and document_ids @> ?::jsonb order by id', [caseId, JSON.stringify([documentId])]);
  return rows.map((row) => ({ type: 'filing', id: row.id }));
}
