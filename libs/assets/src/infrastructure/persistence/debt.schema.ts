import { EntitySchema } from '@mikro-orm/core';
import {
  CalendarDateType,
  caseRecordProperties,
  EncryptedStringType,
  moneyColumn as money,
  nullableText,
  timestampProperties,
} from '@estate/shared-kernel';
import { Debt } from '../../domain/debt';

export const DebtSchema = new EntitySchema<Debt>({
  class: Debt,
  tableName: 'debts',
  properties: {
    ...caseRecordProperties(),
    // The specification's Debt carries `case_id`.
    caseId: { ...caseRecordProperties().caseId, hidden: false },
    debtType: { type: 'string', length: 10, fieldName: 'debt_type' },
    creditorName: { type: 'string', length: 200, fieldName: 'creditor_name' },
    accountNumber: { type: EncryptedStringType, fieldName: 'account_number', nullable: true },
    condition: { ...nullableText(20) },
    responsibility: { ...nullableText(1) },
    balance: money(),
    creditLimit: { ...money(), fieldName: 'credit_limit' },
    minimumPayment: { ...money(), fieldName: 'minimum_payment' },
    interestRate: { type: 'double', runtimeType: 'number', columnType: 'numeric(7,4)', fieldName: 'interest_rate', nullable: true },
    isJointAccount: { type: 'boolean', fieldName: 'is_joint_account', default: false },
    jointHolderName: { ...nullableText(), fieldName: 'joint_holder_name' },
    collectionAgency: { ...nullableText(), fieldName: 'collection_agency' },
    originalCreditor: { ...nullableText(), fieldName: 'original_creditor' },
    creditBureauSource: { ...nullableText(), fieldName: 'credit_bureau_source' },
    lastPaymentDate: { type: CalendarDateType, fieldName: 'last_payment_date', nullable: true },
    notificationStatus: { ...nullableText(20), fieldName: 'notification_status' },
    notificationDate: { type: CalendarDateType, fieldName: 'notification_date', nullable: true },
    institutionContactId: { ...nullableText(26), fieldName: 'institution_contact_id' },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
