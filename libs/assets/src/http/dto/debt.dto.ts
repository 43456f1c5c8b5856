import { IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { BooleanField, DateField, EnumField, MoneyField, NumberField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { ApiProperty } from '@nestjs/swagger';
import { DEBT_CONDITIONS, DEBT_TYPES, NOTIFICATION_STATUSES, RESPONSIBILITY_CODES } from '../../domain/debt-vocabulary';

export class CreateDebtBody {
  @EnumField(DEBT_TYPES, { required: true, description: 'Debt type code (credit bureau account type).', example: 'CHG' })
  debt_type: string;

  @StringField({ required: true, description: 'Who is owed.', example: 'Lakeside Card Services' })
  creditor_name: string;

  @StringField({ max: 40, description: 'Account number; accepted in full, stored encrypted, returned masked.', example: '4111222233334444' })
  account_number?: string | null;

  @EnumField(DEBT_CONDITIONS, { description: 'Condition of the account as reported.', example: 'OPEN' })
  condition?: string | null;

  @EnumField(RESPONSIBILITY_CODES, { description: 'Who is responsible for the debt (credit bureau ECOA code).', example: 'I' })
  responsibility?: string | null;

  @MoneyField({ description: 'Balance owed.', example: 2310.55 })
  balance?: number | null;

  @MoneyField({ description: 'Credit limit.', example: 5000 })
  credit_limit?: number | null;

  @MoneyField({ description: 'Minimum payment due.', example: 75 })
  minimum_payment?: number | null;

  @NumberField({ min: 0, max: 100, maxDecimals: 4, description: 'Annual interest rate in percent.', example: 22.99 })
  interest_rate?: number | null;

  @BooleanField({ description: 'Whether the account is held jointly; false when unset.', example: false })
  is_joint_account?: boolean | null;

  @StringField({ description: 'The joint holder.', example: 'Samuel Okafor' })
  joint_holder_name?: string | null;

  @StringField({ description: 'Collection agency holding the debt.', example: 'Midstate Recovery' })
  collection_agency?: string | null;

  @StringField({ description: 'Original creditor, for a debt sold or placed.', example: 'Harbor Bank' })
  original_creditor?: string | null;

  @StringField({ description: 'Credit bureau the debt was found through.', example: 'experian' })
  credit_bureau_source?: string | null;

  @DateField({ description: 'Date of the last payment.', example: '2026-07-15' })
  last_payment_date?: string | null;

  @EnumField(NOTIFICATION_STATUSES, { description: 'Where the creditor stands on notice of the death.', example: 'not_notified' })
  notification_status?: string | null;

  @DateField({ description: 'When the creditor was notified.', example: '2026-09-03' })
  notification_date?: string | null;

  @StringField({ max: 26, description: 'An institution contact of the same case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0CD' })
  institution_contact_id?: string | null;

  @TextField({ description: 'Free notes.', example: 'Statement requested.' })
  notes?: string | null;
}

/** `#3` debt body: exactly the specification's writable fields, each optional. */
export class PatchDebtBody extends PartialType(
  PickType(CreateDebtBody, [
    'creditor_name',
    'account_number',
    'balance',
    'credit_limit',
    'interest_rate',
    'is_joint_account',
    'joint_holder_name',
    'collection_agency',
    'original_creditor',
    'institution_contact_id',
    'notes',
  ] as const),
  { skipNullProperties: false },
) {}

export class DebtView extends IntersectionType(RecordView, CreateDebtBody) {
  @ApiProperty({ description: 'The case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AA' })
  case_id: string;
}
