import { ApiProperty, IntersectionType, PartialType } from '@nestjs/swagger';
import { BooleanField, DateField, EnumField, MoneyField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import {
  DISTRIBUTION_ASSET_TYPES,
  DISTRIBUTION_KINDS,
  DISTRIBUTION_METHODS,
  DISTRIBUTION_STAGES,
  DISTRIBUTION_STATUSES,
  DISTRIBUTION_TYPES,
} from '../../domain/distribution-vocabulary';

/**
 * `POST /v1/cases/{case_id}/probate/distributions` (contract-extensions §12.7): `person_id`, `distribution_type` and
 * `kind` are required; cash needs `amount` and `source_account_id`, in kind `asset_type`, `value` and (unless personal
 * property or other) `asset_id`.
 */
export class CreateDistributionBody {
  @StringField({ required: true, max: 26, description: 'The recipient: a person of the case with is_beneficiary true and is_deceased false.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0PA' })
  person_id: string;

  @EnumField(DISTRIBUTION_TYPES, {
    required: true,
    description: 'What the will or the law gives. family_allowance, homestead_allowance and exempt_property come before creditors (no claims reserve is held back for them).',
    example: 'residuary',
  })
  distribution_type: string;

  @EnumField(DISTRIBUTION_STAGES, { description: 'interim (the default) or final; a final distribution needs every creditor claim paid, rejected or withdrawn.', example: 'interim' })
  stage?: string | null;

  @EnumField(DISTRIBUTION_KINDS, { required: true, description: 'cash (from an estate account) or in_kind (an asset itself).', example: 'cash' })
  kind: string;

  @MoneyField({ min: 0.01, description: 'Cash: the amount paid (> 0).', example: 4500 })
  amount?: number | null;

  @StringField({ max: 26, description: 'Cash: the estate account it is paid from (is_estate_account true, status open).', example: '01JBX8Q9W4M8Z7T3K2N5R6P0BA' })
  source_account_id?: string | null;

  @EnumField(DISTRIBUTION_ASSET_TYPES, { description: 'In kind: what is given; asset_id names a record of that kind (none for personal_property and other).', example: null })
  asset_type?: string | null;

  @StringField({ max: 26, description: 'In kind: the record given (a property, vehicle, investment account, business or financial account of the case).', example: '01JBX8Q9W4M8Z7T3K2N5R6P0VH' })
  asset_id?: string | null;

  @TextField({ description: "In kind: what is given, in words; the asset's own description when not sent.", example: 'Grandfather clock' })
  asset_description?: string | null;

  @MoneyField({ min: 0.01, description: 'In kind: its value at distribution (> 0).', example: 1200 })
  value?: number | null;

  @EnumField(DISTRIBUTION_METHODS, { description: 'How it is delivered.', example: 'check' })
  method?: string | null;

  @BooleanField({ description: 'Whether the recipient signed a receipt.', example: false })
  receipt_signed?: boolean | null;

  @DateField({ description: 'Day the receipt was signed.', example: null })
  receipt_date?: string | null;

  @StringField({ max: 26, description: 'The signed receipt: a document of the case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0DC' })
  receipt_document_id?: string | null;

  @BooleanField({ description: 'Whether it was reported for tax (e.g. on the K-1).', example: false })
  tax_reported?: boolean | null;

  @TextField({ description: 'Free-text notes.', example: 'Per Article IV of the will.' })
  notes?: string | null;
}

/** A merge patch of the same fields: all while planned; notes and the receipt fields once approved or paid. */
export class PatchDistributionBody extends PartialType(CreateDistributionBody, { skipNullProperties: false }) {}

/** `POST …/{distribution_id}/pay`: the day it was paid (default today, not after today). */
export class PayDistributionBody {
  @DateField({ description: 'Day it was paid; today (UTC) when not sent; not after today.', example: '2026-11-27' })
  paid_date?: string | null;
}

/** `POST …/approve` and `…/cancel`: the optional body has no fields. */
export class DistributionActionBody {}

const nullableInstant = (description: string) => ApiProperty({ type: String, format: 'date-time', nullable: true, description, example: null });

export class DistributionView extends IntersectionType(RecordView, CreateDistributionBody) {
  @ApiProperty({ description: "The recipient's name, copied from the person when the distribution was planned.", example: 'Sam Doe' }) recipient_name: string;
  @ApiProperty({ enum: DISTRIBUTION_STATUSES, description: 'planned → approved (approve) → paid (pay); planned or approved → cancelled (cancel).', example: 'planned' }) status: string;
  @nullableInstant('When it was approved.') approved_at: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The user who approved it.', example: null }) approved_by: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'Day it was paid.', example: null }) paid_date: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Cash: the debit the payment wrote on the source account.', example: null }) transaction_id: string | null;
}
