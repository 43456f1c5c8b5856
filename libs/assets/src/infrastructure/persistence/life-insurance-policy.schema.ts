import { EntitySchema } from '@mikro-orm/core';
import {
  CalendarDateType,
  caseRecordProperties,
  EncryptedStringType,
  moneyColumn as money,
  textColumn as text,
  timestampProperties,
} from '@estate/shared-kernel';
import { LifeInsurancePolicy } from '../../domain/life-insurance-policy';

const date = (fieldName: string) => ({ type: CalendarDateType, nullable: true, fieldName }) as const;

export const LifeInsurancePolicySchema = new EntitySchema<LifeInsurancePolicy>({
  class: LifeInsurancePolicy,
  tableName: 'life_insurance_policies',
  properties: {
    ...caseRecordProperties(),
    // The specification's table carries `case_id`.
    caseId: { ...caseRecordProperties().caseId, hidden: false },
    policyType: text('policy_type'),
    carrierName: { type: 'string', length: 200, fieldName: 'carrier_name' },
    policyNumber: { type: EncryptedStringType, fieldName: 'policy_number' },
    status: text('status'),
    deathBenefit: money('death_benefit'),
    cashValue: money('cash_value'),
    beneficiaries: { type: 'json', default: [] },
    premiumStatus: text('premium_status'),
    employerName: text('employer_name'),
    claimStatus: text('claim_status'),
    claimFiledDate: date('claim_filed_date'),
    claimPaidDate: date('claim_paid_date'),
    claimPaidAmount: money('claim_paid_amount'),
    institutionContactId: text('institution_contact_id', 26),
    notes: text('notes', 10_000),
    ...timestampProperties(),
  },
});
