import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, MoneyType, nullableText, timestampProperties } from '@estate/shared-kernel';
import { RecurringPayment } from '../../domain/recurring-payment';

export const RecurringPaymentSchema = new EntitySchema<RecurringPayment>({
  class: RecurringPayment,
  tableName: 'recurring_payments',
  properties: {
    ...caseRecordProperties(),
    bankAccountId: { type: 'string', length: 26, hidden: true },
    payeeName: { type: 'string', length: 200 },
    type: { type: 'string', length: 30 },
    amount: { type: MoneyType },
    frequency: { type: 'string', length: 200 },
    nextPaymentDate: { type: CalendarDateType, nullable: true },
    lastPaymentDate: { type: CalendarDateType, nullable: true },
    status: { type: 'string', length: 20, default: 'active' },
    cancellationDate: { type: CalendarDateType, nullable: true },
    cancelledBy: { ...nullableText() },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
