import { EntitySchema } from '@mikro-orm/core';
import {
  CalendarDateType,
  caseRecordProperties,
  EncryptedStringType,
  moneyColumn as money,
  MoneyType,
  nullableText,
  timestampProperties,
} from '@estate/shared-kernel';
import { BankAccount } from '../../domain/bank-account';

const date = (fieldName: string) => ({ type: CalendarDateType, fieldName, nullable: true }) as const;

export const BankAccountSchema = new EntitySchema<BankAccount>({
  class: BankAccount,
  tableName: 'bank_accounts',
  properties: {
    ...caseRecordProperties(),
    institutionName: { type: 'string', length: 200, fieldName: 'institution_name' },
    institutionRoutingNumber: { ...nullableText(), fieldName: 'institution_routing_number' },
    accountType: { type: 'string', length: 20, fieldName: 'account_type' },
    accountNumber: { type: EncryptedStringType, fieldName: 'account_number' },
    accountTitle: { ...nullableText(), fieldName: 'account_title' },
    ownershipType: { type: 'string', length: 30, fieldName: 'ownership_type' },
    status: { type: 'string', length: 20, default: 'open' },
    currentBalance: { ...money(), fieldName: 'current_balance' },
    availableBalance: { ...money(), fieldName: 'available_balance' },
    currency: { type: 'string', length: 3, default: 'USD' },
    interestRate: { type: 'double', runtimeType: 'number', columnType: 'numeric(7,4)', fieldName: 'interest_rate', nullable: true },
    maturityDate: date('maturity_date'),
    openedDate: date('opened_date'),
    closedDate: date('closed_date'),
    branchName: { ...nullableText(), fieldName: 'branch_name' },
    branchAddress: { type: 'json', fieldName: 'branch_address', nullable: true },
    branchPhone: { ...nullableText(), fieldName: 'branch_phone' },
    onlineAccess: { type: 'boolean', fieldName: 'online_access', default: false },
    hasOverdraftProtection: { type: 'boolean', fieldName: 'has_overdraft_protection', default: false },
    isEstateAccount: { type: 'boolean', fieldName: 'is_estate_account', default: false },
    closureMethod: { ...nullableText(), fieldName: 'closure_method' },
    // The `instant_transfer` summary: hidden here, presented as one object by the resource's `present`.
    instantTransferEligibility: { type: 'string', length: 20, fieldName: 'instant_transfer_eligibility', hidden: true },
    instantTransferMaxAmount: { type: MoneyType, fieldName: 'instant_transfer_max_amount', hidden: true },
    instantTransferActiveTransferId: { ...nullableText(26), fieldName: 'instant_transfer_active_transfer_id', hidden: true },
    instantTransferTransferredAmount: { type: MoneyType, fieldName: 'instant_transfer_transferred_amount', hidden: true, default: 0 },
    instantTransferEvaluatedAt: { type: 'Date', columnType: 'timestamptz(3)', fieldName: 'instant_transfer_evaluated_at', hidden: true },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
