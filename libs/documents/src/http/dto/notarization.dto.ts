import { ApiProperty } from '@nestjs/swagger';
import { EmailField, StringField } from '@estate/shared-kernel';
import { SIGNER_STATUSES } from '../../domain/notarization-vocabulary';

/** One signer of `POST …/notarizations` (the declaration's `signers`). */
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
