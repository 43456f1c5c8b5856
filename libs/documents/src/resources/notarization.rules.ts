import { ErrorDetail, JsonObject, WriteContext } from '@estate/shared-kernel';
import { documentResource } from './document.resource';
import { namesRecordOfCase } from './document-relation.rule';

/**
 * What a notarization's create body names (contract-extensions §11.6, §10.0's reference rule): `document_id` a PDF
 * document of the case; `signers` at least one (the body allows at most 4); each signer's `person_id`, when set, a
 * person of the case. Every problem is reported at once.
 */
export async function notarizationProblems(body: JsonObject, { em, scope }: WriteContext): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  if (typeof body.document_id === 'string') {
    const document = await em.findOne(documentResource.schema, { caseId: scope.caseId, id: body.document_id }, { fields: ['contentType'] });
    if (!document) problems.push({ field: 'document_id', message: 'document_id must name a document of this case', reason: 'rule' });
    else if (document.contentType !== 'application/pdf') {
      problems.push({ field: 'document_id', message: `document_id must name a PDF document; this one is ${document.contentType}`, reason: 'rule' });
    }
  }
  const signers = Array.isArray(body.signers) ? (body.signers as JsonObject[]) : [];
  if (Array.isArray(body.signers) && signers.length === 0) problems.push({ field: 'signers', message: 'signers must have 1 to 4 items', reason: 'range' });
  for (const [index, signer] of signers.entries()) {
    const personId = signer?.person_id;
    if (typeof personId === 'string' && !(await namesRecordOfCase(em, scope.caseId, 'person', personId))) {
      problems.push({ field: `signers.${index}.person_id`, message: `signers.${index}.person_id must name a person of this case, or be null`, reason: 'rule' });
    }
  }
  return problems;
}
