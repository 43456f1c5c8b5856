import type { CaseDocuments } from '@estate/documents/ports';
import type { ErrorDetail } from '@estate/shared-kernel';

/**
 * Contract-extensions §10.0 for a record's `document_ids`: each item a document of the case (`document_ids[i]`,
 * reason `rule`), none named twice (reason `conflict`). One detail per item at fault. The count (at most 20) is the
 * DTO's.
 */
export async function caseDocumentIdsProblems(documents: CaseDocuments, caseId: string, ids: readonly string[]): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  const found = new Set((await documents.describe(caseId, ids)).map((facts) => facts.id));
  ids.forEach((id, index) => {
    const field = `document_ids[${index}]`;
    const first = ids.indexOf(id);
    if (first !== index) problems.push({ field, message: `${field} names the same document as document_ids[${first}]`, reason: 'conflict' });
    else if (!found.has(id)) problems.push({ field, message: `${field} must name a document of this case`, reason: 'rule' });
  });
  return problems;
}
