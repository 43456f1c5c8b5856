import { EntitySchema } from '@mikro-orm/core';
import {
  CalendarDateType,
  caseRecordProperties,
  MoneyType,
  nullableText,
  timestampProperties,
} from '@estate/shared-kernel';
import { RecurringPayment } from '../../domain/recurring-payment';

export const RecurringPaymentSchema = new EntitySchema<RecurringPayment>({
  class: RecurringPayment,
  tableName: 'recurring_payments',
  properties: {
    ...caseRecordProperties(),
    bankAccountId: { type: 'string', length: 26, fieldName: 'bank_account_id', hidden: true },
    payeeName: { type: 'string', length: 200, fieldName: 'payee_name' },
    type: { type: 'string', length: 30 },
    amount: { type: MoneyType },
    frequency: { type: 'string', length: 200 },
    nextPaymentDate: { type: CalendarDateType, fieldName: 'next_payment_date', nullable: true },
    lastPaymentDate: { type: CalendarDateType, fieldName: 'last_payment_date', nullable: true },
    status: { type: 'string', length: 20, default: 'active' },
    cancellationDate: { type: CalendarDateType, fieldName: 'cancellation_date', nullable: true },
    cancelledBy: { ...nullableText(), fieldName: 'cancelled_by' },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
