import { IntersectionType, PartialType, PickType, ApiProperty } from '@nestjs/swagger';
import { ACCOUNTING_CATEGORIES, CATEGORY_RULES, CLIENT_RELATED_TYPES, type CategorySign, TRANSACTION_RELATED_TYPES } from '@estate/accounting/rules';
import { BooleanField, DateField, EnumField, MoneyField, RecordView, StringField, TextField } from '@estate/shared-kernel';

/** The categories whose amount must have `sign`, read from the classification table itself. */
const categoriesSigned = (sign: CategorySign) => ACCOUNTING_CATEGORIES.filter((category) => CATEGORY_RULES[category].sign === sign).join(', ');
/** Which categories take which related records from a client, read from the same table. */
const clientRelatedTypes = Object.entries(CLIENT_RELATED_TYPES)
  .map(([category, types]) => `with ${category}, one of ${types.join(', ')}`)
  .join('; ');

const ACCOUNTING_CATEGORY_DESCRIPTION =
  `What the transaction is in the court accounting. An amount ≥ 0 for ${categoriesSigned('non_negative')}; ≤ 0 for ` +
  `${categoriesSigned('non_positive')}; either sign for ${categoriesSigned('any')}. When none is sent: other_receipt for ` +
  'an amount ≥ 0, else other_disbursement; the legs of an instant transfer read transfer and a distribution’s payment ' +
  'reads distribution, and on those rows (written by the service) the category and related record cannot be changed.';

export class CreateTransactionBody {
  @DateField({ required: true, description: 'Transaction date.', example: '2026-08-28' })
  date: string;

  @DateField({ description: 'Date the bank posted it.', example: '2026-08-29' })
  posted_date?: string | null;

  @DateField({ description: 'Effective date.', example: '2026-08-29' })
  effective_date?: string | null;

  @StringField({ description: 'Kind of transaction, as the bank reports it.', example: 'debit' })
  type?: string | null;

  @MoneyField({ required: true, description: 'Amount; a debit is negative.', example: -54.12 })
  amount: number;

  @TextField({ required: true, description: 'Description as on the statement.', example: 'CITY WATER DEPT AUTOPAY' })
  description: string;

  @StringField({ description: 'Merchant.', example: 'City Water Dept' })
  merchant_name?: string | null;

  @StringField({ description: 'Bank reference.', example: 'TRX-88120' })
  reference_number?: string | null;

  @StringField({ description: 'Check number, for a check.', example: '1043' })
  check_number?: string | null;

  @StringField({ description: 'Category.', example: 'utilities' })
  category?: string | null;

  @BooleanField({ description: 'Whether it belongs to a recurring payment; false when unset.', example: true })
  is_recurring?: boolean | null;

  @BooleanField({ description: 'Whether someone flagged it for review; false when unset.', example: false })
  is_flagged?: boolean | null;

  @StringField({ description: 'Why it was flagged.', example: 'after date of death' })
  flag_reason?: string | null;

  @TextField({ description: 'Free notes.', example: 'Ask the bank to reverse.' })
  notes?: string | null;

  @EnumField(ACCOUNTING_CATEGORIES, { description: ACCOUNTING_CATEGORY_DESCRIPTION, example: 'creditor_claims' })
  accounting_category?: string | null;

  @EnumField(TRANSACTION_RELATED_TYPES, {
    description:
      `The kind of record the transaction names, sent together with related_id (both or neither). A client may name, ${clientRelatedTypes}; ` +
      'no other category takes one, and asset_proceeds must name the asset sold. transfer and distribution are set by the service on the rows it writes.',
    example: 'claim',
  })
  related_type?: string | null;

  @StringField({ max: 26, description: 'The id of the record related_type names, a record of this case; sent together with related_type.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' })
  related_id?: string | null;
}

/**
 * `#17` transaction body: flagging, notes and the classification of the court accounting (audit rule 1: a transaction
 * is otherwise never changed; its amount never is, whatever its category).
 */
export class PatchTransactionBody extends PartialType(
  PickType(CreateTransactionBody, ['is_flagged', 'notes', 'accounting_category', 'related_type', 'related_id'] as const),
  { skipNullProperties: false },
) {}

export class TransactionView extends IntersectionType(RecordView, CreateTransactionBody) {
  @ApiProperty({ enum: [...ACCOUNTING_CATEGORIES], required: true, nullable: false, description: `${ACCOUNTING_CATEGORY_DESCRIPTION} Always set.`, example: 'creditor_claims' })
  override accounting_category: string;

  @ApiProperty({ description: 'Sum of this and every earlier amount of the account, by date then creation, from zero.', example: 1520.33 })
  running_balance: number;
}
