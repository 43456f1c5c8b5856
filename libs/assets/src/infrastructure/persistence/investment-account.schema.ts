import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, EncryptedStringType, moneyColumn as money, nullableText, timestampProperties } from '@estate/shared-kernel';
import { InvestmentAccount } from '../../domain/investment-account';

export const InvestmentAccountSchema = new EntitySchema<InvestmentAccount>({
  class: InvestmentAccount,
  tableName: 'investment_accounts',
  properties: {
    ...caseRecordProperties({ showCaseId: true }), // the specification's table carries `case_id`
    accountType: { type: 'string', length: 30 },
    custodianName: { type: 'string', length: 200 },
    accountNumber: { type: EncryptedStringType, nullable: true },
    status: nullableText(),
    balance: money(),
    holdings: { type: 'json', default: [] },
    beneficiaries: { type: 'json', default: [] },
    dateOfDeathValue: money(),
    transferStatus: nullableText(30),
    institutionContactId: nullableText(26),
    notes: nullableText(10_000),
    ...timestampProperties(),
  },
});
