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
    // Never null in the table: `null` in a patch restores the default, which the declaration's `derive` fills in
    // before the flush (the ORM must accept the `null` it assigns first).
    accountingCategory: { type: 'string', length: 30, nullable: true },
    relatedType: { type: 'string', length: 30, nullable: true },
    relatedId: { type: 'string', length: 26, nullable: true },
    // Not in the representation: a service-written row shows itself by its related_type (transfer, distribution).
    writtenBy: { type: 'string', length: 20, nullable: true, hidden: true },
    ...timestampProperties(),
  },
});
