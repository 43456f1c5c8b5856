import { IntersectionType, PartialType, PickType, ApiProperty } from '@nestjs/swagger';
import { BooleanField, DateField, MoneyField, RecordView, StringField, TextField } from '@estate/shared-kernel';

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
}

/** `#17` transaction body: only flagging and notes (audit rule 1: a transaction is otherwise never changed). */
export class PatchTransactionBody extends PartialType(PickType(CreateTransactionBody, ['is_flagged', 'notes'] as const), { skipNullProperties: false }) {}

export class TransactionView extends IntersectionType(RecordView, CreateTransactionBody) {
  @ApiProperty({ description: 'Sum of this and every earlier amount of the account, by date then creation, from zero.', example: 1520.33 })
  running_balance: number;
}
