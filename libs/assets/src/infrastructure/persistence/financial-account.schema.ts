import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, EncryptedStringType, moneyColumn as money, nullableText, timestampProperties } from '@estate/shared-kernel';
import { FinancialAccount } from '../../domain/financial-account';

export const FinancialAccountSchema = new EntitySchema<FinancialAccount>({
  class: FinancialAccount,
  tableName: 'financial_accounts',
  properties: {
    ...caseRecordProperties(),
    accountKind: { type: 'string', length: 30 },
    institutionName: { type: 'string', length: 200 },
    accountNumber: { type: EncryptedStringType, nullable: true },
    accountTitle: nullableText(),
    ownershipType: nullableText(30),
    status: { type: 'string', length: 20, default: 'open' },
    balance: money(),
    balanceAsOf: { type: CalendarDateType, nullable: true },
    dateOfDeathValue: money(),
    institutionContactId: nullableText(26),
    notes: nullableText(10_000),
    ...timestampProperties(),
  },
});
