import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, EncryptedStringType, moneyColumn as money, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Debt } from '../../domain/debt';

export const DebtSchema = new EntitySchema<Debt>({
  class: Debt,
  tableName: 'debts',
  properties: {
    ...caseRecordProperties({ showCaseId: true }), // the specification's Debt carries `case_id`
    debtType: { type: 'string', length: 10 },
    creditorName: { type: 'string', length: 200 },
    accountNumber: { type: EncryptedStringType, nullable: true },
    condition: { ...nullableText(20) },
    responsibility: { ...nullableText(1) },
    balance: money(),
    creditLimit: { ...money() },
    minimumPayment: { ...money() },
    interestRate: { type: 'double', runtimeType: 'number', columnType: 'numeric(7,4)', nullable: true },
    isJointAccount: { type: 'boolean', default: false },
    jointHolderName: { ...nullableText() },
    collectionAgency: { ...nullableText() },
    originalCreditor: { ...nullableText() },
    creditBureauSource: { ...nullableText() },
    lastPaymentDate: { type: CalendarDateType, nullable: true },
    notificationStatus: { ...nullableText(20) },
    notificationDate: { type: CalendarDateType, nullable: true },
    institutionContactId: { ...nullableText(26) },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
