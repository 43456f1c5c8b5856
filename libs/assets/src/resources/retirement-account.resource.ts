import { caseResource, field, ResourceRecord } from '@estate/shared-kernel';
import { DISTRIBUTION_STATUSES, RETIREMENT_ACCOUNT_TYPES } from '../domain/retirement-vocabulary';
import { BeneficiaryBody } from '../http/dto/beneficiary.dto';
import { beneficiarySharesRule } from './beneficiary-shares.rule';
import { institutionContactResource } from './institution-contact.resource';

/**
 * Retirement accounts (`#22`, `#23`): `account_number` encrypted and masked; the beneficiary shares rule (contract §3.2).
 * The `#23` patch writes exactly the specification's writable fields: the others are sent on create only.
 */
export const retirementAccountResource = caseResource({
  name: 'retirement account',
  path: 'retirement-accounts',
  idParam: 'account_id',
  table: 'retirement_accounts',
  caseIdShown: true,
  fields: {
    accountType: field.enum(RETIREMENT_ACCOUNT_TYPES, { required: true, createOnly: true, description: 'Kind of account.', example: 'traditional_ira' }),
    custodianName: field.string({ required: true, description: 'The custodian or plan administrator.', example: 'Vanguard' }),
    accountNumber: field.string({ max: 64, encrypted: true, description: 'Account number; accepted in full, always returned masked.', example: '88001234567' }),
    employerName: field.string({ description: 'Employer sponsoring the plan.', example: 'Springfield Public Schools' }),
    status: field.string({ createOnly: true, description: 'Account status (free text: no fixed set of values).', example: 'open' }),
    balance: field.money({ description: 'Current balance.', example: 212000 }),
    beneficiaries: field.objectArray(() => BeneficiaryBody, { description: 'Named beneficiaries; per designation the shares add up to at most 100.' }),
    distributionOptions: field.stringArray({ description: 'Distribution options open to the beneficiaries (free text: no fixed set of values).', example: ['lump_sum', 'inherited_ira'] }),
    rmdRequired: field.boolean({ description: 'Whether a required minimum distribution is due; false when unset.', example: true }),
    rmdAmount: field.money({ createOnly: true, description: 'Required minimum distribution amount.', example: 8120 }),
    taxTreatment: field.string({ createOnly: true, description: 'Tax treatment (free text: no fixed set of values).', example: 'pre_tax' }),
    distributionStatus: field.enum(DISTRIBUTION_STATUSES, { createOnly: true, description: 'Where the distribution stands.', example: 'not_started' }),
    institutionContactId: field.reference(() => institutionContactResource, { description: 'An institution contact of this case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' }),
    notes: field.text({ description: 'Free notes.', example: 'Beneficiary claim form sent.' }),
  },
  filters: { account_type: RETIREMENT_ACCOUNT_TYPES, distribution_status: DISTRIBUTION_STATUSES },
  sorts: ['created_at'],
  forbiddenForForeignCase: ['list'],
  specRoutes: { list: 22, patch: 23 },
  tagDescription: 'Retirement accounts and their distribution.',
  rules: beneficiarySharesRule,
});

export type RetirementAccount = ResourceRecord<typeof retirementAccountResource>;
