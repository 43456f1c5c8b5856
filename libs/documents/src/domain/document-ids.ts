import type { ErrorDetail } from '@estate/shared-kernel/domain';

/**
 * Contract-extensions §10.0 for a record's `document_ids`: each item a document of the case (`document_ids[i]`,
 * reason `rule`), none named twice (reason `conflict`). One detail per item at fault; `found` holds those of the ids
 * that name documents of the case (`CaseDocuments.describe`). The count (at most 20) is the DTO's.
 */
export function documentIdsProblems(ids: readonly string[], found: ReadonlySet<string>): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  ids.forEach((id, index) => {
    const field = `document_ids[${index}]`;
    const first = ids.indexOf(id);
    if (first !== index) problems.push({ field, message: `${field} names the same document as document_ids[${first}]`, reason: 'conflict' });
    else if (!found.has(id)) problems.push({ field, message: `${field} must name a document of this case`, reason: 'rule' });
  });
  return problems;
}
