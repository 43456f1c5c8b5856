import { IntersectionType, PartialType } from '@nestjs/swagger';
import { DateField, EnumField, MoneyField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { RECURRING_PAYMENT_STATUSES, RECURRING_PAYMENT_TYPES } from '../../domain/bank-account-vocabulary';

export class CreateRecurringPaymentBody {
  @StringField({ required: true, description: 'Who pays or is paid.', example: 'Social Security Administration' })
  payee_name: string;

  @EnumField(RECURRING_PAYMENT_TYPES, { required: true, description: 'Kind of recurring payment.', example: 'social_security' })
  type: string;

  @MoneyField({ required: true, description: 'Amount of each payment.', example: 1845 })
  amount: number;

  @StringField({ required: true, description: 'How often, as stated.', example: 'monthly' })
  frequency: string;

  @DateField({ description: 'Next payment date.', example: '2026-10-03' })
  next_payment_date?: string | null;

  @DateField({ description: 'Last payment date.', example: '2026-09-03' })
  last_payment_date?: string | null;

  @EnumField(RECURRING_PAYMENT_STATUSES, { description: 'Status; `active` when unset.', example: 'active' })
  status?: string | null;

  @DateField({ description: 'When it was cancelled.', example: '2026-09-10' })
  cancellation_date?: string | null;

  @StringField({ description: 'Who cancelled it.', example: 'executor' })
  cancelled_by?: string | null;

  @TextField({ description: 'Free notes.', example: 'Payment after death must be returned.' })
  notes?: string | null;
}

export class PatchRecurringPaymentBody extends PartialType(CreateRecurringPaymentBody, { skipNullProperties: false }) {}

export class RecurringPaymentView extends IntersectionType(RecordView, CreateRecurringPaymentBody) {}
