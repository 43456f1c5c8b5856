import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, EncryptedStringType, moneyColumn as money, nullableText, timestampProperties } from '@estate/shared-kernel';
import { LifeInsurancePolicy } from '../../domain/life-insurance-policy';

const date = () => ({ type: CalendarDateType, nullable: true }) as const;

export const LifeInsurancePolicySchema = new EntitySchema<LifeInsurancePolicy>({
  class: LifeInsurancePolicy,
  tableName: 'life_insurance_policies',
  properties: {
    ...caseRecordProperties({ showCaseId: true }), // the specification's table carries `case_id`
    policyType: nullableText(),
    carrierName: { type: 'string', length: 200 },
    policyNumber: { type: EncryptedStringType },
    status: nullableText(),
    deathBenefit: money(),
    cashValue: money(),
    beneficiaries: { type: 'json', default: [] },
    premiumStatus: nullableText(),
    employerName: nullableText(),
    claimStatus: nullableText(),
    claimFiledDate: date(),
    claimPaidDate: date(),
    claimPaidAmount: money(),
    institutionContactId: nullableText(26),
    notes: nullableText(10_000),
    ...timestampProperties(),
  },
});
