import type { EntityManager } from '@mikro-orm/postgresql';
import type { DocumentReferrer } from '@estate/documents/ports';

/**
 * The faxes of a case that name a document in `document_ids` (a JSON array, so the documents' declared-reference
 * lookup cannot see it): registered with the documents' `DocumentReferences`, so deleting such a document is
 * `409 document_in_use` naming each fax.
 */
export async function faxesNamingDocument(em: EntityManager, caseId: string, documentId: string): Promise<DocumentReferrer[]> {
  const rows: Array<{ id: string }> = await em.execute('select id from faxes where case_id = ? and document_ids @> ?::jsonb order by id', [caseId, JSON.stringify([documentId])]);
  return rows.map((row) => ({ type: 'fax', id: row.id }));
}
