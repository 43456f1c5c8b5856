import type { EntityManager } from '@mikro-orm/postgresql';
import type { DocumentReferrer } from '@estate/documents/ports';

/**
 * The unclaimed property of a case that names a document in `document_ids` (a JSON array, which the documents'
 * declared-reference lookup cannot see): registered with the documents' `DocumentReferences`, so deleting such a
 * document is `409 document_in_use` naming each record.
 */
export async function unclaimedPropertyNamingDocument(em: EntityManager, caseId: string, documentId: string): Promise<DocumentReferrer[]> {
  const rows: Array<{ id: string }> = await em.execute('select id from unclaimed_properties where case_id = ? and document_ids @> ?::jsonb order by id', [caseId, JSON.stringify([documentId])]);
  return rows.map((row) => ({ type: 'unclaimed_property', id: row.id }));
}
