import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, MoneyType, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Transaction } from '../../domain/transaction';

export const TransactionSchema = new EntitySchema<Transaction>({
  class: Transaction,
  tableName: 'transactions',
  properties: {
    ...caseRecordProperties(),
    bankAccountId: { type: 'string', length: 26, hidden: true },
    date: { type: CalendarDateType },
    postedDate: { type: CalendarDateType, nullable: true },
    effectiveDate: { type: CalendarDateType, nullable: true },
    type: { ...nullableText() },
    amount: { type: MoneyType },
    runningBalance: { type: MoneyType },
    description: { type: 'text' },
    merchantName: { ...nullableText() },
    referenceNumber: { ...nullableText() },
    checkNumber: { ...nullableText() },
    category: { ...nullableText() },
    isRecurring: { type: 'boolean', default: false },
    isFlagged: { type: 'boolean', default: false },
    flagReason: { ...nullableText() },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
