import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import { EnumField, RecordView, StringArrayField, TextField } from '@estate/shared-kernel';
import { MAX_DOCUMENT_IDS } from '../../domain/identity-verification';
import { CHECK_STATUSES, FAILURE_CODES, VERIFICATION_CHECKS, VERIFICATION_METHODS, VERIFICATION_STATUSES, VERIFICATION_SUBJECTS } from '../../domain/verification-vocabulary';

/** `POST …/identity-verifications` (contract-extensions §11.7): whom to verify, and how. */
export class CreateIdentityVerificationBody {
  @EnumField(VERIFICATION_SUBJECTS, { required: true, description: 'Who is verified: the deceased (the death is real, the person is the one the case names) or the executor.', example: 'executor' })
  subject: string;

  @EnumField(VERIFICATION_METHODS, {
    required: true,
    description:
      'How: death_record_match or death_certificate_review for the deceased; kba, document_check or id_number for the executor. ' +
      'death_record_match needs the deceased’s ssn and date_of_death; death_certificate_review a document of type death_certificate; kba the executor’s ssn and address; id_number their date_of_birth and ssn.',
    example: 'document_check',
  })
  method: string;

  @StringArrayField({ maxItems: MAX_DOCUMENT_IDS, description: 'Documents of the case the verification rests on (at most 20, no duplicates).', example: [] })
  document_ids?: string[] | null;

  @TextField({ description: 'Free-text notes.', example: 'Requested by the probate clerk before issuing letters.' })
  notes?: string | null;
}

/** `PATCH`: `notes`, and `document_ids` with every item it had (documents are added, never removed). */
export class PatchIdentityVerificationBody extends PickType(CreateIdentityVerificationBody, ['document_ids', 'notes'] as const) {}

/** `POST …/{id}/cancel`: an optional note on why. */
export class CancelIdentityVerificationBody {
  @TextField({ description: 'Why it is cancelled; replaces the verification’s notes when sent.', example: 'Started for the wrong person.' })
  notes?: string | null;
}

export class VerificationCheckView {
  @ApiProperty({ enum: VERIFICATION_CHECKS, description: 'What was checked.', example: 'ssn_match' }) check: string;
  @ApiProperty({ enum: CHECK_STATUSES, description: 'How it went; not_checked when the provider stopped before it.', example: 'passed' }) status: string;
}

export class VerificationResultView {
  @ApiProperty({ enum: ['pass', 'fail'], description: 'pass for verified, fail for failed.', example: 'pass' }) outcome: string;
  @ApiProperty({ type: [VerificationCheckView], description: 'Every check the method runs, in the order it runs them.' }) checks: VerificationCheckView[];
  @ApiProperty({ enum: FAILURE_CODES, nullable: true, type: String, description: 'Why it failed; null when verified.', example: null })
  failure_code: string | null;
}

export class IdentityVerificationView extends IntersectionType(RecordView, CreateIdentityVerificationBody) {
  @ApiProperty({ enum: VERIFICATION_STATUSES, description: 'pending on create; the provider moves it to processing, then verified or failed.', example: 'pending' })
  status: string;

  @ApiProperty({ type: String, nullable: true, description: 'Where the subject acts (kba, document_check), once the provider has opened the session.', example: null })
  session_url: string | null;

  @ApiProperty({ type: VerificationResultView, nullable: true, description: 'The outcome and its checks, once decided; no identity data.' })
  result: VerificationResultView | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the provider decided.' })
  checked_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'checked_at plus one year, for verified only.' })
  expires_at: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The user who started it.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0US' })
  initiated_by: string | null;
}
