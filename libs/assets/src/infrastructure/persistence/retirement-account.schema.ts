import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, EncryptedStringType, moneyColumn as money, nullableText, timestampProperties } from '@estate/shared-kernel';
import { RetirementAccount } from '../../domain/retirement-account';

export const RetirementAccountSchema = new EntitySchema<RetirementAccount>({
  class: RetirementAccount,
  tableName: 'retirement_accounts',
  properties: {
    ...caseRecordProperties({ showCaseId: true }), // the specification's table carries `case_id`
    accountType: { type: 'string', length: 30 },
    custodianName: { type: 'string', length: 200 },
    accountNumber: { type: EncryptedStringType, nullable: true },
    employerName: nullableText(),
    status: nullableText(),
    balance: money(),
    beneficiaries: { type: 'json', default: [] },
    distributionOptions: { type: 'json', default: [] },
    rmdRequired: { type: 'boolean', default: false },
    rmdAmount: money(),
    taxTreatment: nullableText(),
    distributionStatus: nullableText(30),
    institutionContactId: nullableText(26),
    notes: nullableText(10_000),
    ...timestampProperties(),
  },
});
