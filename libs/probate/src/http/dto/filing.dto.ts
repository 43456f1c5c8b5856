import { IntersectionType, PartialType } from '@nestjs/swagger';
import { DateField, EnumField, MoneyField, RecordView, StringArrayField, StringField, TextField } from '@estate/shared-kernel';
import { FILING_STATUSES, FILING_TYPES } from '../../domain/probate-court-vocabulary';

/** At most this many documents per filing (contract-extensions §10.0). */
export const MAX_FILING_DOCUMENTS = 20;

/** `POST /v1/cases/{case_id}/probate/filings` (contract-extensions §10.2): `filing_type` and `title` are required. */
export class CreateFilingBody {
  @EnumField(FILING_TYPES, { required: true, description: 'What is filed.', example: 'petition' })
  filing_type: string;

  @StringField({ required: true, description: 'Short title.', example: 'Petition for Probate' })
  title: string;

  @TextField({ description: 'What the filing asks or tells the court.', example: 'Petition to admit the will and appoint the executor.' })
  description?: string | null;

  @StringField({
    max: 60,
    description: "The form filed (an id of `GET /v1/probate/forms`): a form of the probate case's state or a federal (`US-…`) form.",
    example: 'CA-DE-111',
  })
  form_id?: string | null;

  @EnumField(FILING_STATUSES, {
    description:
      'draft (the default) → filed (needs filed_date and a document) → accepted or rejected (need response_date; rejected also rejection_reason); ' +
      'rejected → filed re-files (a new filed_date; the response fields are cleared); draft or filed → withdrawn. accepted and withdrawn are final.',
    example: 'filed',
  })
  status?: string | null;

  @DateField({ description: 'Day it was filed; not after today.', example: '2026-10-05' })
  filed_date?: string | null;

  @DateField({ description: "Day of the court's response; not before filed_date, not after today.", example: '2026-10-19' })
  response_date?: string | null;

  @TextField({ description: 'Why the court rejected it; needed for rejected.', example: 'Missing signature on page 3.' })
  rejection_reason?: string | null;

  @StringField({ description: 'The e-filing envelope or docket entry.', example: 'ENV-2026-1005-4471' })
  court_reference?: string | null;

  @StringField({ description: 'Who filed it.', example: 'Dana Reyes' })
  filed_by?: string | null;

  @MoneyField({ min: 0, description: 'Court fees paid.', example: 435 })
  fees_paid?: number | null;

  @StringArrayField({
    maxItems: MAX_FILING_DOCUMENTS,
    description: 'Documents of the case filed, at most 20, no duplicates; filing needs at least one. A document named here cannot be deleted.',
    example: ['01JBX8Q9W4M8Z7T3K2N5R6P0DC'],
  })
  document_ids?: string[] | null;

  @DateField({ description: 'Day of the hearing set on it.', example: '2026-11-16' })
  hearing_date?: string | null;

  @TextField({ description: 'Free-text notes.', example: 'Filed through the Los Angeles e-filing portal.' })
  notes?: string | null;
}

/** A merge patch of the same fields; a status moved here follows the move list (else 422 on `status`). */
export class PatchFilingBody extends PartialType(CreateFilingBody, { skipNullProperties: false }) {}

export class FilingView extends IntersectionType(RecordView, CreateFilingBody) {}
