import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { AddressDto, DateField, EinField, EnumField, IntegerField, NestedField, StringField, TextField } from '@estate/shared-kernel';
import { EIN_APPLIED_VIA, EIN_REASONS, EIN_STATUSES } from '../../domain/estate-ein';

/**
 * `PUT /v1/cases/{case_id}/ein` (contract-extensions §10.6): the Form SS-4 application and the assigned number.
 * `mailing_address` is required unless `ein` is sent; the computed fields cannot be sent.
 */
export class EstateEinBody {
  @StringField({ description: 'Line 1 of SS-4: the estate\'s legal name; defaults to "Estate of {deceased full name}".', example: 'Estate of Harold James Whitaker' })
  legal_name?: string | null;

  @StringField({ description: 'The care-of line (the executor); defaults to "{executor name}, Executor".', example: 'Grace Okafor, Executor' })
  care_of_name?: string | null;

  @NestedField(() => AddressDto, { description: 'Where the IRS writes; required unless `ein` is sent.' })
  mailing_address?: AddressDto | null;

  @StringField({ max: 100, description: 'County of the principal business (the probate county).', example: 'Sangamon' })
  principal_county?: string | null;

  @StringField({ max: 2, pattern: /^[A-Z]{2}$/, patternMessage: '$property must be an upper-case USPS code', description: 'State of the principal business.', example: 'IL' })
  principal_state?: string | null;

  @StringField({ description: 'The responsible party; defaults to the executor.', example: 'Grace Okafor' })
  responsible_party_name?: string | null;

  @EnumField(EIN_REASONS, { description: 'Why the EIN is applied for; banking_purpose when unset.', example: 'banking_purpose' })
  reason_for_applying?: string | null;

  @StringField({ max: 500, description: 'The reason, when `other`.', example: 'Sale of real property' })
  reason_detail?: string | null;

  @DateField({ description: 'Date the estate started; defaults to the date of death.', example: '2026-08-14' })
  date_started?: string | null;

  @IntegerField({ min: 1, max: 12, description: 'Closing month of the accounting year, 1–12; 12 when unset.', example: 12 })
  closing_month?: number | null;

  @EnumField(EIN_APPLIED_VIA, { description: 'How the application was sent.', example: 'online' })
  applied_via?: string | null;

  @DateField({ description: 'Day the application was sent.', example: '2026-09-02' })
  requested_date?: string | null;

  @EinField({
    description: 'The number the IRS assigned, NN-NNNNNNN with a prefix the IRS issues; stored encrypted, returned masked.',
    example: '91-1234567',
  })
  ein?: string | null;

  @DateField({ description: 'Day the EIN was assigned; not after today; today (UTC) when `ein` is set without it.', example: '2026-09-02' })
  assigned_date?: string | null;

  @StringField({ max: 26, description: 'The IRS CP 575 letter: a document of this case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0DC' })
  confirmation_document_id?: string | null;

  @TextField({ description: 'Free notes.', example: 'Applied online the day letters issued.' })
  notes?: string | null;
}

/** A merge patch of the same fields. */
export class PatchEstateEinBody extends PartialType(EstateEinBody, { skipNullProperties: false }) {}

export class EstateEinView extends OmitType(EstateEinBody, ['ein'] as const) {
  @ApiProperty({ type: String, nullable: true, example: '******4567', description: 'The EIN, masked: all but the last four characters read `*`.' })
  ein: string | null;

  @ApiProperty({ type: String, nullable: true, example: '4321', description: "Computed: the last four digits of the executor's SSN." })
  responsible_party_ssn_last4: string | null;

  @ApiProperty({ type: String, nullable: true, example: '6789', description: "Computed: the last four digits of the deceased's SSN." })
  decedent_ssn_last4: string | null;

  @ApiProperty({ enum: ['estate'], description: 'The SS-4 entity type: always estate.', example: 'estate' })
  entity_type: string;

  @ApiProperty({ enum: [...EIN_STATUSES], description: 'Computed: requested while ein is null, assigned once it is set.', example: 'assigned' })
  status: string;

  @ApiProperty({ format: 'date-time', description: 'When the record was created (UTC).', example: '2026-09-01T12:00:00.000Z' })
  created_at: string;

  @ApiProperty({ format: 'date-time', description: 'When the record last changed (UTC).', example: '2026-09-02T08:30:00.000Z' })
  updated_at: string;
}
