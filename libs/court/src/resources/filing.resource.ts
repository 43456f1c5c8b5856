import { caseResource, field } from '@estate/shared-kernel';
import { Filing } from '../domain/filing';
import { FILING_STATUSES, FILING_TYPES } from '../domain/probate-court-vocabulary';
import { PrepareFiling } from '../application/prepare-filing.service';
import { RemoveFiling } from '../application/remove-filing.service';
import { ReviseFiling } from '../application/revise-filing.service';

/** At most this many documents per filing (contract-extensions §10.0). */
const MAX_FILING_DOCUMENTS = 20;

/**
 * Filings of the probate case (contract-extensions §10.2): an aggregate (status moves and what each needs, the form
 * of the probate case's state, documents of the case). `filing_type` and `title` are required; a merge patch writes
 * the same fields, a status moved there following the move list (else 422 on `status`). A document a filing names
 * cannot be deleted (`409 document_in_use`, through the documents' referrers port, registered by CourtModule).
 */
export const filingResource = caseResource({
  name: 'filing',
  path: 'probate/filings',
  idParam: 'filing_id',
  table: 'probate_filings',
  entity: Filing,
  kind: 'aggregate',
  useCases: { create: () => PrepareFiling, patch: () => ReviseFiling, delete: () => RemoveFiling },
  fields: {
    filingType: field.enum(FILING_TYPES, { required: true, column: { length: 20 }, description: 'What is filed.', example: 'petition' }),
    title: field.string({ required: true, description: 'Short title.', example: 'Petition for Probate' }),
    description: field.text({ column: { type: 'text' }, description: 'What the filing asks or tells the court.', example: 'Petition to admit the will and appoint the executor.' }),
    formId: field.string({
      max: 60,
      description: "The form filed (an id of `GET /v1/probate/forms`): a form of the probate case's state or a federal (`US-…`) form.",
      example: 'CA-DE-111',
    }),
    status: field.enum(FILING_STATUSES, {
      column: { length: 20, nullable: false },
      description:
        'draft (the default) → filed (needs filed_date and a document) → accepted or rejected (need response_date; rejected also rejection_reason); ' +
        'rejected → filed re-files (a new filed_date; the response fields are cleared); draft or filed → withdrawn. accepted and withdrawn are final.',
      example: 'filed',
    }),
    filedDate: field.date({ description: 'Day it was filed; not after today.', example: '2026-10-05' }),
    responseDate: field.date({ description: "Day of the court's response; not before filed_date, not after today.", example: '2026-10-19' }),
    rejectionReason: field.text({ column: { type: 'text' }, description: 'Why the court rejected it; needed for rejected.', example: 'Missing signature on page 3.' }),
    courtReference: field.string({ description: 'The e-filing envelope or docket entry.', example: 'ENV-2026-1005-4471' }),
    filedBy: field.string({ description: 'Who filed it.', example: 'Dana Reyes' }),
    feesPaid: field.money({ min: 0, description: 'Court fees paid.', example: 435 }),
    documentIds: field.stringArray({
      maxItems: MAX_FILING_DOCUMENTS,
      // Always set by the aggregate; the column has no default.
      column: { default: undefined, nullable: false },
      description: 'Documents of the case filed, at most 20, no duplicates; filing needs at least one. A document named here cannot be deleted.',
      example: ['01JBX8Q9W4M8Z7T3K2N5R6P0DC'],
    }),
    hearingDate: field.date({ description: 'Day of the hearing set on it.', example: '2026-11-16' }),
    accountingId: field.string({
      min: 26,
      max: 26,
      description:
        'Only on a filing of type accounting (else 422): the settled accounting it files, an `id` of `GET /v1/cases/{case_id}/accountings` of this case (else 422). ' +
        'A live accounting has no id: settle the account first, then file its PDF.',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB',
    }),
    notes: field.text({ column: { type: 'text' }, description: 'Free-text notes.', example: 'Filed through the Los Angeles e-filing portal.' }),
  },
  filters: { filing_type: FILING_TYPES, status: FILING_STATUSES },
  sorts: ['created_at', 'filed_date'],
  tag: 'probate',
  statusChanged: true,
  requestExamples: {
    create: {
      example: { summary: 'the required fields', value: { filing_type: 'petition', title: 'Petition for Probate' } },
      accounting: {
        summary: 'the first account, naming the settled accounting it files (GET …/accountings)',
        value: { filing_type: 'accounting', title: 'First Account and Report of Executor', accounting_id: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' },
      },
    },
  },
});
