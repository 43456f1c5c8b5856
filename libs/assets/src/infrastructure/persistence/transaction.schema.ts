import { EntitySchema } from '@mikro-orm/core';
import {
  CalendarDateType,
  caseRecordProperties,
  MoneyType,
  nullableText,
  timestampProperties,
} from '@estate/shared-kernel';
import { Transaction } from '../../domain/transaction';

export const TransactionSchema = new EntitySchema<Transaction>({
  class: Transaction,
  tableName: 'transactions',
  properties: {
    ...caseRecordProperties(),
    bankAccountId: { type: 'string', length: 26, fieldName: 'bank_account_id', hidden: true },
    date: { type: CalendarDateType },
    postedDate: { type: CalendarDateType, fieldName: 'posted_date', nullable: true },
    effectiveDate: { type: CalendarDateType, fieldName: 'effective_date', nullable: true },
    type: { ...nullableText() },
    amount: { type: MoneyType },
    runningBalance: { type: MoneyType, fieldName: 'running_balance' },
    description: { type: 'text' },
    merchantName: { ...nullableText(), fieldName: 'merchant_name' },
    referenceNumber: { ...nullableText(), fieldName: 'reference_number' },
    checkNumber: { ...nullableText(), fieldName: 'check_number' },
    category: { ...nullableText() },
    isRecurring: { type: 'boolean', fieldName: 'is_recurring', default: false },
    isFlagged: { type: 'boolean', fieldName: 'is_flagged', default: false },
    flagReason: { ...nullableText(), fieldName: 'flag_reason' },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
