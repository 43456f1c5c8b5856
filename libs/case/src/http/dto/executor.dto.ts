import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { AddressDto, BooleanField, DateField, EmailField, EnumField, MoneyField, NestedField, StringField, TextField } from '@estate/shared-kernel';
import { BOND_STATUSES, EXECUTOR_ROLES, IDENTITY_STATUSES, LETTERS_TYPES, RELATIONSHIPS_TO_DECEASED } from '../../domain/case-vocabulary';

/**
 * `PUT /v1/cases/{case_id}/executor` (contract-extensions §10.5) creates or replaces the record whole; `first_name`,
 * `last_name` and `role` are required. `ssn` is accepted in full and never returned so; `identity_status` is computed
 * and not writable (sending it is 422).
 */
export class ExecutorBody {
  @StringField({ required: true, description: 'Given name.', example: 'Grace' })
  first_name: string;

  @StringField({ description: 'Middle name.', example: 'Adaeze' })
  middle_name?: string | null;

  @StringField({ required: true, description: 'Family name.', example: 'Okafor' })
  last_name: string;

  @StringField({ max: 20, description: 'Name suffix.', example: 'Jr.' })
  suffix?: string | null;

  @EmailField({ description: 'E-mail address.', example: 'grace.okafor@example.com' })
  email?: string | null;

  @StringField({ max: 40, description: 'Phone number, as given.', example: '+1 217 555 0134' })
  phone?: string | null;

  @DateField({ description: 'Date of birth.', example: '1968-05-02' })
  date_of_birth?: string | null;

  @StringField({
    max: 11,
    pattern: /^\d{3}-?\d{2}-?\d{4}$/,
    patternMessage: '$property must be 9 digits, optionally as 123-45-6789',
    description: 'Social Security number, 9 digits with or without dashes; accepted in full, stored encrypted, returned masked.',
    example: '987-65-4321',
  })
  ssn?: string | null;

  @NestedField(() => AddressDto, { description: 'Mailing address.' })
  address?: AddressDto | null;

  @EnumField(RELATIONSHIPS_TO_DECEASED, { description: 'How the executor is related to the deceased.', example: 'child' })
  relationship_to_deceased?: string | null;

  @StringField({ max: 26, description: 'The Person of this case the executor is, if recorded there.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0PE' })
  person_id?: string | null;

  @EnumField(EXECUTOR_ROLES, { required: true, description: 'The capacity in which the court appointed them.', example: 'executor' })
  role: string;

  @BooleanField({ description: 'Whether a professional fiduciary acts (a bank, a lawyer); false when unset.', example: false })
  is_professional?: boolean | null;

  @StringField({ description: "The professional's firm.", example: 'Okafor & Reyes LLP' })
  firm_name?: string | null;

  @DateField({ description: 'Day the court appointed them; not after today, nor before the date of death.', example: '2026-09-15' })
  appointment_date?: string | null;

  @EnumField(LETTERS_TYPES, { description: 'The letters issued; defaults from `role` (executor → letters_testamentary, …).', example: 'letters_testamentary' })
  letters_type?: string | null;

  @DateField({ description: 'Day the letters were issued; not after today, nor before appointment_date.', example: '2026-09-22' })
  letters_issued_date?: string | null;

  @StringField({ max: 26, description: 'The document of this case holding the letters.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0DC' })
  letters_document_id?: string | null;

  @EnumField(BOND_STATUSES, { description: 'Whether a probate bond is needed; not_required when unset.', example: 'posted' })
  bond_status?: string | null;

  @MoneyField({ min: 0, description: 'Amount of the bond; > 0 when posted, null when not_required or waived.', example: 250000 })
  bond_amount?: number | null;

  @StringField({ description: 'The surety company; needed when the bond is posted.', example: 'Prairie Surety Co.' })
  surety_name?: string | null;

  @StringField({ max: 100, description: "The bond's number.", example: 'PS-2026-00417' })
  bond_number?: string | null;

  @DateField({ description: 'Day IRS Form 56 (notice of the fiduciary relationship) was filed; not after today.', example: '2026-09-30' })
  irs_form_56_filed_date?: string | null;

  @DateField({ description: 'Day Form 56 was filed again to end the relationship; needs the filing date, not before it.', example: '2026-11-20' })
  irs_form_56_terminated_date?: string | null;

  @TextField({ description: 'Free-text notes.', example: 'Eldest daughter; lives in Springfield.' })
  notes?: string | null;
}

/** A merge patch of the same fields (`null` on a required one is 422). */
export class PatchExecutorBody extends PartialType(ExecutorBody, { skipNullProperties: false }) {}

export class ExecutorView extends OmitType(ExecutorBody, ['ssn'] as const) {
  @ApiProperty({ type: String, nullable: true, example: '*******4321', description: 'Social Security number, masked: all but the last four characters read `*`.' })
  ssn: string | null;

  @ApiProperty({
    enum: [...IDENTITY_STATUSES],
    example: 'verified',
    description:
      'Computed: the newest identity verification of the executor — unverified (none yet), pending (pending or processing), verified or failed. Cancelled verifications do not count.',
  })
  identity_status: string;

  @ApiProperty({ format: 'date-time', description: 'When the record was created (UTC).', example: '2026-09-01T12:00:00.000Z' })
  created_at: string;

  @ApiProperty({ format: 'date-time', description: 'When the record last changed (UTC).', example: '2026-09-02T08:30:00.000Z' })
  updated_at: string;
}
