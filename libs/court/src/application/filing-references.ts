import { Injectable } from '@nestjs/common';
import { CaseDocuments, documentIdsProblems } from '@estate/documents';
import { ErrorDetail, ValidationFailedError } from '@estate/shared-kernel';
import { ProbateForms } from './ports/probate-forms.port';
import { CaseSettledAccountings } from './ports/settled-accountings.port';

/**
 * What a filing names outside itself (contract-extensions §10.0, §10.2): `form_id` a form of the probate case's state
 * or a federal one, `document_ids` distinct documents of the case. Every problem at once, as `422`.
 */
@Injectable()
export class FilingReferences {
  constructor(
    private readonly forms: ProbateForms,
    private readonly documents: CaseDocuments,
    private readonly accountings: CaseSettledAccountings,
  ) {}

  async check(caseId: string, state: string, document: { form_id?: unknown; document_ids?: unknown; accounting_id?: unknown }): Promise<void> {
    const problems: ErrorDetail[] = [];
    if (typeof document.form_id === 'string' && !(await this.forms.exists(document.form_id, state))) {
      problems.push({ field: 'form_id', message: `form_id must name a form of ${state} or a federal (US) form (GET /v1/probate/states/${state}/forms)`, reason: 'rule' });
    }
    const documentIds = (document.document_ids as string[] | null | undefined) ?? [];
    const found = new Set((await this.documents.describe(caseId, documentIds)).map((facts) => facts.id));
    problems.push(...documentIdsProblems(documentIds, found));
    // A settled accounting of this case only: a live one has no id, and another case's is as good as none (no leak).
    if (typeof document.accounting_id === 'string' && !(await this.accountings.exists(caseId, document.accounting_id))) {
      problems.push({ field: 'accounting_id', message: 'accounting_id must name a settled accounting of this case (GET /v1/cases/{case_id}/accountings)', reason: 'rule' });
    }
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }
}
