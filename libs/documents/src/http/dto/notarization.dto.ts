import { ApiProperty, PartialType, PickType } from '@nestjs/swagger';
import { EmailField, EnumField, NestedArrayField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { MAX_SIGNERS, NOTARIAL_ACT_TYPES, NOTARIZATION_FAILURE_REASONS, NOTARIZATION_STATUSES, SIGNER_STATUSES } from '../../domain/notarization-vocabulary';

const ULID_EXAMPLE = '01JBX8Q9W4M8Z7T3K2N5R6P0DC';

export class NotarizationSignerBody {
  @StringField({ required: true, description: 'Full name, as on the signer’s identity document.', example: 'Grace Okafor' })
  name: string;

  @EmailField({ required: true, description: 'Where the provider sends the invitation.', example: 'grace.okafor@example.com' })
  email: string;

  @StringField({ max: 40, description: 'Phone number, as given.', example: '+1 217 555 0134' })
  phone?: string | null;

  @StringField({ max: 26, description: 'The person of the case who signs, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0PE' })
  person_id?: string | null;
}

export class CreateNotarizationBody {
  @StringField({ required: true, max: 26, description: 'The PDF document of the case to notarize.', example: ULID_EXAMPLE })
  document_id: string;

  @StringField({ required: true, description: 'What is notarized.', example: 'Affidavit of heirship' })
  title: string;

  @NestedArrayField(() => NotarizationSignerBody, { required: true, maxItems: MAX_SIGNERS, description: 'The 1 to 4 people who sign; the first one’s address drives the simulator.' })
  signers: NotarizationSignerBody[];

  @EnumField(NOTARIAL_ACT_TYPES, { description: 'The notarial act; `acknowledgment` when unset.', example: 'acknowledgment' })
  act_type?: string | null;

  @TextField({ description: 'Free notes.', example: 'The heirs sign together.' })
  notes?: string | null;
}

/** `PATCH`: `title` and `notes` only; every other field is `422`. */
export class PatchNotarizationBody extends PartialType(PickType(CreateNotarizationBody, ['title', 'notes'] as const), { skipNullProperties: false }) {}

/** `POST …/notarizations/{id}/cancel`: no fields; a field sent is `422 unknown_field` (the body may be left out). */
export class CancelNotarizationBody {}

export class NotarizationSignerView extends NotarizationSignerBody {
  @ApiProperty({ enum: SIGNER_STATUSES, description: 'Where the signer stands; `invited` on create.', example: 'invited' })
  status: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the signer signed.', example: null })
  signed_at: string | null;
}

export class NotaryView {
  @ApiProperty({ description: 'The notary’s name.', example: 'Simulated Notary' }) name: string;
  @ApiProperty({ description: 'The state that commissioned the notary (USPS code).', example: 'UT' }) commission_state: string;
  @ApiProperty({ description: 'The commission number.', example: 'SIM-0001' }) commission_number: string;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'When the commission ends.', example: '2030-12-31' }) commission_expires_on: string | null;
}

export class NotarizationJournalView {
  @ApiProperty({ format: 'date-time', description: 'When the act was performed.', example: '2026-09-01T15:04:05.000Z' }) performed_at: string;
  @ApiProperty({ description: 'How the signers’ identities were proven.', example: 'kba_and_credential_analysis' }) identity_method: string;
  @ApiProperty({ format: 'date-time', description: 'Until when the provider keeps the session’s recording (10 years).', example: '2036-09-01T15:04:05.000Z' })
  recording_retained_until: string;
}

export class NotarizationView extends RecordView {
  @ApiProperty({ description: 'The PDF document notarized.', example: ULID_EXAMPLE }) document_id: string;
  @ApiProperty({ description: 'What is notarized.', example: 'Affidavit of heirship' }) title: string;
  @ApiProperty({ enum: NOTARIAL_ACT_TYPES, description: 'The notarial act.', example: 'acknowledgment' }) act_type: string;
  @ApiProperty({ enum: NOTARIZATION_STATUSES, description: '`pending_signers` on create; moved by the provider, the expiry and cancel.', example: 'pending_signers' })
  status: string;
  @ApiProperty({ type: String, nullable: true, description: 'Where the signers join the session; set by the provider once it invited them.', example: null })
  session_url: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The notarized PDF, a new document of the case; set on `completed`.', example: null })
  notarized_document_id: string | null;
  @ApiProperty({ type: () => NotarizationSignerView, isArray: true, description: 'The signers and where each stands.' }) signers: NotarizationSignerView[];
  @ApiProperty({ type: () => NotaryView, nullable: true, description: 'The notary, set when one joins.' }) notary: NotaryView | null;
  @ApiProperty({ type: () => NotarizationJournalView, nullable: true, description: 'The RON journal facts, set on `completed`.' }) journal: NotarizationJournalView | null;
  @ApiProperty({ format: 'date-time', description: 'Seven days after creation; still open then, it expires.' }) expires_at: string;
  @ApiProperty({ enum: NOTARIZATION_FAILURE_REASONS, nullable: true, description: 'Why it failed.', example: null }) failure_reason: string | null;
  @ApiProperty({ description: 'The user who initiated it.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0US' }) initiated_by: string;
  @ApiProperty({ type: String, nullable: true, description: 'Free notes.', example: null }) notes: string | null;
}
