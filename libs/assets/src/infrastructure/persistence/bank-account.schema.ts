import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, EncryptedStringType, moneyColumn as money, MoneyType, nullableText, timestampProperties } from '@estate/shared-kernel';
import { BankAccount } from '../../domain/bank-account';

const date = () => ({ type: CalendarDateType, nullable: true }) as const;

export const BankAccountSchema = new EntitySchema<BankAccount>({
  class: BankAccount,
  tableName: 'bank_accounts',
  properties: {
    ...caseRecordProperties(),
    institutionName: { type: 'string', length: 200 },
    institutionRoutingNumber: { ...nullableText() },
    accountType: { type: 'string', length: 20 },
    accountNumber: { type: EncryptedStringType },
    accountTitle: { ...nullableText() },
    ownershipType: { type: 'string', length: 30 },
    status: { type: 'string', length: 20, default: 'open' },
    currentBalance: { ...money() },
    availableBalance: { ...money() },
    currency: { type: 'string', length: 3, default: 'USD' },
    interestRate: { type: 'double', runtimeType: 'number', columnType: 'numeric(7,4)', nullable: true },
    maturityDate: date(),
    openedDate: date(),
    closedDate: date(),
    branchName: { ...nullableText() },
    branchAddress: { type: 'json', nullable: true },
    branchPhone: { ...nullableText() },
    onlineAccess: { type: 'boolean', default: false },
    hasOverdraftProtection: { type: 'boolean', default: false },
    isEstateAccount: { type: 'boolean', default: false },
    closureMethod: { ...nullableText() },
    // The `instant_transfer` summary: hidden here, presented as one object by the resource's `present`.
    instantTransferEligibility: { type: 'string', length: 20, hidden: true },
    instantTransferMaxAmount: { type: MoneyType, hidden: true },
    instantTransferActiveTransferId: { ...nullableText(26), hidden: true },
    instantTransferTransferredAmount: { type: MoneyType, hidden: true, default: 0 },
    instantTransferEvaluatedAt: { type: 'Date', columnType: 'timestamptz(3)', hidden: true },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
