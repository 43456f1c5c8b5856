import { caseResource, field, ResourceRecord } from '@estate/shared-kernel';
import { pastFactDateProblems } from '@estate/shared-kernel/domain';
import { PolicyBeneficiaryBody } from '../http/dto/beneficiary.dto';
import { beneficiarySharesRule } from './beneficiary-shares.rule';
import { institutionContactResource } from './institution-contact.resource';

/**
 * Life insurance policies (`#24`): `policy_number` encrypted and masked; the beneficiary shares rule (contract §3.2),
 * and the claim's dates, past facts, not after today (contract-extensions §10.0's `claim_*_date`). The `#24` body is
 * exactly the specification's writable fields: the others are sent on create only.
 * The specification names no list filters for policies, so the list has none; every route answers 404 for a foreign
 * case (no 403 in its error lists).
 */
export const lifeInsurancePolicyResource = caseResource({
  name: 'life insurance policy',
  path: 'life-insurance',
  idParam: 'policy_id',
  table: 'life_insurance_policies',
  caseIdShown: true,
  fields: {
    policyType: field.string({ createOnly: true, description: 'Kind of policy (free text: no fixed set of values).', example: 'term' }),
    carrierName: field.string({ required: true, description: 'The insurance carrier.', example: 'MetLife' }),
    policyNumber: field.string({ required: true, max: 64, encrypted: true, description: 'Policy number; accepted in full, always returned masked.', example: 'LP-00998877' }),
    status: field.string({ createOnly: true, description: 'Policy status (free text: no fixed set of values).', example: 'in_force' }),
    deathBenefit: field.money({ description: 'Death benefit.', example: 250000 }),
    cashValue: field.money({ description: 'Cash value.', example: 0 }),
    beneficiaries: field.objectArray(() => PolicyBeneficiaryBody, { description: 'Named beneficiaries; per designation the shares add up to at most 100.' }),
    premiumStatus: field.string({ createOnly: true, description: 'Premium status (free text: no fixed set of values).', example: 'paid_up' }),
    employerName: field.string({ description: 'Employer, for a group policy.', example: 'Springfield Public Schools' }),
    claimStatus: field.string({ createOnly: true, description: 'Claim status (free text: no fixed set of values).', example: 'not_filed' }),
    claimFiledDate: field.date({ description: 'When the claim was filed; not after today.', example: '2026-09-10' }),
    claimPaidDate: field.date({ createOnly: true, description: 'When the claim was paid; not after today.', example: '2026-10-02' }),
    claimPaidAmount: field.money({ createOnly: true, description: 'Amount the claim paid.', example: 250000 }),
    institutionContactId: field.reference(() => institutionContactResource, { description: 'An institution contact of this case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' }),
    notes: field.text({ description: 'Free notes.', example: 'Certified death certificate sent with the claim.' }),
  },
  sorts: ['created_at'],
  specRoutes: { patch: 24 },
  tagDescription: 'Life insurance policies and their beneficiaries.',
  rules: (document, { clock }) => [...beneficiarySharesRule(document), ...pastFactDateProblems(document, ['claim_filed_date', 'claim_paid_date'], clock.today())],
});

export type LifeInsurancePolicy = ResourceRecord<typeof lifeInsurancePolicyResource>;
