import { EntitySchema } from '@mikro-orm/core';
import {
  caseRecordProperties,
  EncryptedStringType,
  moneyColumn as money,
  textColumn as text,
  timestampProperties,
} from '@estate/shared-kernel';
import { RetirementAccount } from '../../domain/retirement-account';

export const RetirementAccountSchema = new EntitySchema<RetirementAccount>({
  class: RetirementAccount,
  tableName: 'retirement_accounts',
  properties: {
    ...caseRecordProperties(),
    // The specification's table carries `case_id`.
    caseId: { ...caseRecordProperties().caseId, hidden: false },
    accountType: { type: 'string', length: 30, fieldName: 'account_type' },
    custodianName: { type: 'string', length: 200, fieldName: 'custodian_name' },
    accountNumber: { type: EncryptedStringType, nullable: true, fieldName: 'account_number' },
    employerName: text('employer_name'),
    status: text('status'),
    balance: money('balance'),
    beneficiaries: { type: 'json', default: [] },
    distributionOptions: { type: 'json', fieldName: 'distribution_options', default: [] },
    rmdRequired: { type: 'boolean', fieldName: 'rmd_required', default: false },
    rmdAmount: money('rmd_amount'),
    taxTreatment: text('tax_treatment'),
    distributionStatus: text('distribution_status', 30),
    institutionContactId: text('institution_contact_id', 26),
    notes: text('notes', 10_000),
    ...timestampProperties(),
  },
});
